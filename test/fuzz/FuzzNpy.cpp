//===- FuzzNpy.cpp - libFuzzer target: the .npy reader --------------------===//
//
// Any bytes: parseNpy accepts a well-formed array or returns an error; it
// never crashes, overflows or reads past the data (ASan, UBSan).
//
//===----------------------------------------------------------------------===//

#include "runner/kernel/Npy.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef bytes(reinterpret_cast<const char *>(data), size);
  auto array = mlir::loom::parseNpy(bytes, "fuzz.npy");
  if (!array) {
    llvm::consumeError(array.takeError());
    return 0;
  }
  // What it accepts, it can describe: the element count agrees with the data.
  (void)array->getNumElements();
  return 0;
}
