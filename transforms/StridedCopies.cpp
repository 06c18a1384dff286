//===- StridedCopies.cpp - memref.copy of strided memrefs as linalg.copy --===//

#include "transforms/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::loom {
#define GEN_PASS_DEF_LOOMSTRIDEDCOPIESTOLINALGPASS
#include "transforms/Passes.h.inc"

namespace {

bool isContiguous(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  return memref && memref.areTrailingDimsContiguous(memref.getRank());
}

struct LoomStridedCopiesToLinalgPass
    : impl::LoomStridedCopiesToLinalgPassBase<LoomStridedCopiesToLinalgPass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    getOperation().walk([&](memref::CopyOp copy) {
      auto source = dyn_cast<MemRefType>(copy.getSource().getType());
      auto target = dyn_cast<MemRefType>(copy.getTarget().getType());
      // Unranked memrefs have no loops to write; contiguous ones are one
      // memcpy already.
      if (!source || !target || (isContiguous(source) && isContiguous(target)))
        return;
      rewriter.setInsertionPoint(copy);
      rewriter.replaceOpWithNewOp<linalg::CopyOp>(copy, copy.getSource(),
                                                  copy.getTarget());
    });
  }
};

} // namespace
} // namespace mlir::loom
