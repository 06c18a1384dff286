//===- Inputs.h - Kernel argument shapes and input data ---------*- C++ -*-===//
//
// Resolves the concrete shape of every argument of the function to run
// (static dimensions from the type, dynamic ones from --dim) and creates
// deterministic input data for it.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_RUNNER_KERNEL_INPUTS_H
#define LOOM_RUNNER_KERNEL_INPUTS_H

#include "runner/kernel/Buffer.h"
#include "runner/results/RunOptions.h"

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/Support/Error.h"

#include <string>

namespace mlir::loom {

/// How one value crosses the function boundary: a memref descriptor (ranked
/// tensors and memrefs) or a scalar (integers, index, floats).
struct ValueSignature {
  Type type;
  ElementKind kind = ElementKind::F32;
  bool isScalar = false;
  int64_t rank = 0;
};

/// `type` as MLIR prints it.
std::string typeToString(Type type);

/// The signature of `type`, or an invalid-input error naming `what`.
llvm::Expected<ValueSignature> getValueSignature(Type type,
                                                 llvm::StringRef what);

/// A function argument with concrete sizes.
struct Argument {
  ValueSignature signature;
  /// Argument index and a display name ("arg 2").
  unsigned index = 0;
  std::string name;
  SmallVector<int64_t> shape, strides;
  int64_t offset = 0;
  /// The argument type with every dimension static (layout kept).
  Type concreteType;
  /// Bytes of its buffer (0 for scalars).
  int64_t bytes = 0;
};

/// Resolves every argument of `func`. Fails with a message that names the
/// argument and the missing or conflicting dimension, or the argument whose
/// size does not fit in 64 bits.
llvm::Expected<SmallVector<Argument>> resolveArguments(FunctionOpInterface func,
                                                       ArrayRef<DimSize> dims);

/// Creates the input for `argument`. Each argument gets its own random stream
/// derived from `seed` and its index, so inputs do not depend on each other.
Buffer createInput(const Argument &argument, InitKind init, uint64_t seed);

} // namespace mlir::loom

#endif // LOOM_RUNNER_KERNEL_INPUTS_H
