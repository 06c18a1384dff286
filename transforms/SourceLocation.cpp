//===- SourceLocation.cpp - Locations as file:line:col --------------------===//

#include "transforms/SourceLocation.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Visitors.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::loom {

std::string formatFileLineCol(Location loc, bool fileNameOnly) {
  std::string text;
  loc->walk([&](Location nested) {
    auto file = dyn_cast<FileLineColLoc>(nested);
    if (!file)
      return WalkResult::advance();
    llvm::StringRef name = file.getFilename().getValue();
    if (fileNameOnly)
      name = llvm::sys::path::filename(name);
    text = (name + ":" + Twine(file.getLine()) + ":" + Twine(file.getColumn()))
               .str();
    return WalkResult::interrupt();
  });
  return text;
}

std::string describeLocation(Location loc, bool fileNameOnly) {
  std::string text = formatFileLineCol(loc, fileNameOnly);
  if (text.empty()) {
    llvm::raw_string_ostream os(text);
    loc.print(os);
  }
  return text;
}

} // namespace mlir::loom
