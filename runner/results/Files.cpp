//===- Files.cpp - Reading, writing and hashing files ---------------------===//

#include "runner/results/Files.h"
#include "runner/results/Status.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::loom {

llvm::Expected<std::string> readTextFile(llvm::StringRef path,
                                         llvm::StringRef what) {
  auto buffer = llvm::MemoryBuffer::getFileOrSTDIN(path, /*IsText=*/true);
  if (!buffer)
    return makeError(ExitCode::InvalidInput,
                     "cannot read " + what + " '" + path +
                         "': " + buffer.getError().message());
  return (*buffer)->getBuffer().str();
}

llvm::Error writeTextFile(llvm::StringRef text, llvm::StringRef path,
                          llvm::StringRef what) {
  if (path == "-") {
    llvm::outs() << text;
    llvm::outs().flush();
    return llvm::Error::success();
  }
  auto fail = [&](std::error_code ec) {
    return makeError(ExitCode::InvalidInput, "cannot write " + what + " to '" +
                                                 path + "': " + ec.message());
  };
  std::string temporary = (path + ".tmp").str();
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(temporary, ec, llvm::sys::fs::OF_Text);
    if (ec)
      return fail(ec);
    os << text;
    os.close();
    if (os.has_error()) {
      ec = os.error();
      os.clear_error();
      llvm::sys::fs::remove(temporary);
      return fail(ec);
    }
  }
  if (std::error_code ec = llvm::sys::fs::rename(temporary, path)) {
    llvm::sys::fs::remove(temporary);
    return fail(ec);
  }
  return llvm::Error::success();
}

std::string sha256Hex(llvm::StringRef bytes) {
  std::array<uint8_t, 32> hash =
      llvm::SHA256::hash(llvm::arrayRefFromStringRef(bytes));
  return llvm::toHex(hash, /*LowerCase=*/true);
}

} // namespace mlir::loom
