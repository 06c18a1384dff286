//===- FuzzSuite.cpp - libFuzzer target: the suite reader -----------------===//
//
// Any text: as JSON, then as a suite (relative files are looked for next to
// a suite that does not exist, so every file reference is an error path).
//
//===----------------------------------------------------------------------===//

#include "runner/campaigns/Suite.h"
#include "runner/results/JsonReader.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef text(reinterpret_cast<const char *>(data), size);
  auto json = mlir::loom::parseJson(text, "fuzz.json");
  if (!json) {
    llvm::consumeError(json.takeError());
    return 0;
  }
  auto suite = mlir::loom::parseSuite(*json, "/nonexistent/suite.json", "");
  if (!suite)
    llvm::consumeError(suite.takeError());
  return 0;
}
