//===- TestIR.h - Parse IR in unit tests ------------------------*- C++ -*-===//

#ifndef LOOM_TEST_UNIT_TESTIR_H
#define LOOM_TEST_UNIT_TESTIR_H

#include "runner/kernel/Driver.h"

#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

namespace mlir::loom::test {

/// A driver whose diagnostics are kept in `diagnostics`, and a helper that
/// parses IR or fails the test.
struct TestIR {
  std::string diagnostics;
  llvm::raw_string_ostream os{diagnostics};
  Driver driver{os};

  OwningOpRef<ModuleOp> parse(llvm::StringRef text) {
    auto loaded = driver.parse(text, "test.mlir", "payload");
    if (!loaded) {
      ADD_FAILURE() << llvm::toString(loaded.takeError()) << "\n"
                    << diagnostics;
      return nullptr;
    }
    return std::move(loaded->module);
  }
};

} // namespace mlir::loom::test

#endif // LOOM_TEST_UNIT_TESTIR_H
