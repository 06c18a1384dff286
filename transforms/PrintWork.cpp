//===- PrintWork.cpp - Report the work model as remarks -------------------===//

#include "transforms/Passes.h"
#include "transforms/WorkModel.h"

#include "llvm/Support/FormatVariadic.h"

#define DEBUG_TYPE "loom-print-work"

namespace mlir::loom {
#define GEN_PASS_DEF_LOOMPRINTWORKPASS
#include "transforms/Passes.h.inc"

namespace {
struct LoomPrintWorkPass : impl::LoomPrintWorkPassBase<LoomPrintWorkPass> {
  void runOnOperation() override {
    getOperation()->walk([](FunctionOpInterface func) {
      if (func.isExternal())
        return;
      FunctionWork work = analyzeFunctionWork(func);
      for (const OpWork &op : work.ops)
        op.op->emitRemark(llvm::formatv(
            "{0}: {1:e3} FLOPs ({2} iterations x {3}), {4:e3} bytes, "
            "reduction {5}",
            op.op->getName(), op.flops, op.iterations, op.flopsPerIteration,
            op.bytes, op.reduction));
      for (Operation *op : work.uncounted)
        op->emitRemark(llvm::formatv(
            "{0}: not counted (dynamic shape or unknown op)", op->getName()));
      std::string reductions;
      llvm::raw_string_ostream os(reductions);
      llvm::interleaveComma(work.resultReduction, os);
      os << "], args [";
      llvm::interleaveComma(work.argReduction, os);
      func->emitRemark(llvm::formatv(
          "@{0}: {1:e3} FLOPs in {2} ops, {3:e3} interface bytes{4}, "
          "reductions: results [{5}]",
          func.getName(), work.flops, work.ops.size(), work.bytes,
          work.bytesComplete ? "" : " (partial)", reductions));
    });
  }
};
} // namespace
} // namespace mlir::loom
