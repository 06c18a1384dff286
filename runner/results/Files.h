//===- Files.h - Reading, writing and hashing files -------------*- C++ -*-===//
//
// Every file Loom writes (records, results, databases, bundles) goes through
// writeTextFile, so that a reader never sees half a file.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_RUNNER_RESULTS_FILES_H
#define LOOM_RUNNER_RESULTS_FILES_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace mlir::loom {

/// Reads a text file ("-": stdin); fails with InvalidInput naming `what`.
llvm::Expected<std::string> readTextFile(llvm::StringRef path,
                                         llvm::StringRef what);

/// Writes `text` to `path` ("-": stdout) through a temporary file renamed
/// into place, so that a reader never sees half a file and a crash never
/// leaves one. `what` names the file in the error (InvalidInput).
llvm::Error writeTextFile(llvm::StringRef text, llvm::StringRef path,
                          llvm::StringRef what);

/// Hex SHA-256 of `bytes`.
std::string sha256Hex(llvm::StringRef bytes);

} // namespace mlir::loom

#endif // LOOM_RUNNER_RESULTS_FILES_H
