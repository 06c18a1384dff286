//===- SourceLocation.h - Locations as file:line:col ------------*- C++ -*-===//
//
// How every Loom message and record names a place in a payload or schedule.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_TRANSFORMS_SOURCELOCATION_H
#define LOOM_TRANSFORMS_SOURCELOCATION_H

#include "mlir/IR/Location.h"

#include <string>

namespace mlir::loom {

/// "file:line:col" of the first file location inside `loc` (fused and named
/// locations are searched), with the file's name only when `fileNameOnly`.
/// Empty when `loc` holds no file location.
std::string formatFileLineCol(Location loc, bool fileNameOnly = false);

/// formatFileLineCol, or the printed location when it holds no file location.
std::string describeLocation(Location loc, bool fileNameOnly = false);

} // namespace mlir::loom

#endif // LOOM_TRANSFORMS_SOURCELOCATION_H
