//===- LoomTransformOps.td - Loom transform dialect extension -*- tablegen -*-===//
//
// Loom's transform ops: `transform.loom.<snake_case>`. Upstream transform ops
// are used wherever they exist; ops live here only where upstream has a gap.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_DIALECT_LOOMTRANSFORMOPS_TD
#define LOOM_DIALECT_LOOMTRANSFORMOPS_TD

include "mlir/Dialect/Transform/IR/TransformDialect.td"
include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/OpBase.td"

// Base class of every op of the extension.
class Loom_TransformOp<string mnemonic, list<Trait> traits = []>
    : Op<Transform_Dialect, "loom." # mnemonic, traits>;

#endif // LOOM_DIALECT_LOOMTRANSFORMOPS_TD
