//===- Npy.h - NumPy .npy files in and out ----------------------*- C++ -*-===//
//
// Reads and writes NumPy's .npy format (versions 1.0, 2.0 and 3.0 on read,
// 1.0 on write), C order, little-endian. Element types map to dtypes as
// docs/loom-run.md documents; bf16 is stored as 2-byte raw values ('<V2',
// what NumPy writes for an ml_dtypes.bfloat16 array; '<u2' is accepted too).
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_RUNNER_KERNEL_NPY_H
#define LOOM_RUNNER_KERNEL_NPY_H

#include "runner/kernel/Buffer.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace mlir::loom {

/// The parsed contents of a .npy file.
struct NpyArray {
  /// The dtype as written ("<f4").
  std::string descr;
  std::vector<int64_t> shape;
  /// The data, row-major.
  std::string data;

  int64_t getNumElements() const;
};

/// Parses .npy bytes; `name` names the file in errors. Fails (InvalidInput)
/// on a bad magic, an unsupported version, a malformed header, Fortran order,
/// object or big-endian dtypes, or data shorter than the header promises.
llvm::Expected<NpyArray> parseNpy(llvm::StringRef bytes, llvm::StringRef name);

/// The dtype Loom writes for `kind` ("<f4"), and whether `descr` may be read
/// into `kind` ('<V2' and '<u2' for bf16; '|b1' and '|u1' for i1).
std::string getNpyDescr(ElementKind kind);
bool isNpyDescrFor(llvm::StringRef descr, ElementKind kind);

/// Copies `array` into a buffer of `kind` laid out as `layout` (shape,
/// strides) after checking that its dtype and shape match; `what` names the
/// destination in errors ("arg 1 (tensor<4x8xf32>)").
llvm::Error copyNpyInto(const NpyArray &array, Buffer &layout,
                        llvm::StringRef what, llvm::StringRef name);

/// The .npy bytes of `buffer` (C order, its shape; a scalar has shape ()).
std::string serializeNpy(const Buffer &buffer);

/// Reads `path` (parseNpy) and writes `buffer` to `path` (serializeNpy).
llvm::Expected<NpyArray> readNpyFile(llvm::StringRef path);
llvm::Error writeNpyFile(const Buffer &buffer, llvm::StringRef path);

} // namespace mlir::loom

#endif // LOOM_RUNNER_KERNEL_NPY_H
