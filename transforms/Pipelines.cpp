//===- Pipelines.cpp - Loom lowering pipelines ----------------------------===//

#include "transforms/Pipelines.h"
#include "transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/Dialect/Vector/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

namespace mlir::loom {

void buildNormalizePipeline(OpPassManager &pm) {
  // Elementwise arith/math ops on tensors become linalg.generic ops, which
  // bufferize; softmax and packs become ops that lower to loops.
  pm.addNestedPass<func::FuncOp>(createConvertElementwiseToLinalgPass());
  pm.addNestedPass<func::FuncOp>(createLoomDecomposePass());
  // Masked vector ops (masked vectorization) become ops with a mask operand:
  // vector.mask regions do not bufferize.
  pm.addNestedPass<func::FuncOp>(vector::createLowerVectorMaskPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

void buildBufferizePipeline(OpPassManager &pm) {
  buildNormalizePipeline(pm);
  pm.addPass(bufferization::createEmptyTensorEliminationPass());
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  bufferization::buildBufferDeallocationPipeline(pm);
  pm.addPass(createConvertBufferizationToMemRefPass());
}

void buildLowerBufferizedToLLVMPipeline(OpPassManager &pm,
                                        const LowerToLLVMOptions &options) {
  // A collapse and its inverse expand around an op bufferized in place
  // cancel (expand-strided-metadata crashes on dynamic ones).
  pm.addNestedPass<func::FuncOp>(createLoomFoldReshapePairsPass());
  // Ops the schedule sent to a library (library_call) become calls first.
  pm.addPass(createLoomLowerLibraryCallsPass());
  // Loops a schedule marked loom.pack_in_first or loom.prefetch_next,
  // while they are scf.for loops with their subviews.
  pm.addNestedPass<func::FuncOp>(createLoomPackInFirstTilePass());
  pm.addNestedPass<func::FuncOp>(createLoomPrefetchNextIterationPass());
  pm.addNestedPass<func::FuncOp>(createLoomPrefetchAheadPass());
  pm.addNestedPass<func::FuncOp>(createLoomUnrollLoopsPass());
  pm.addNestedPass<func::FuncOp>(createLoomStridedCopiesToLinalgPass());
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
  if (options.runtimeVerification)
    pm.addPass(createGenerateRuntimeVerificationPass());
  if (options.threads > 1) {
    // The schedule's choice of OpenMP schedule (loom.omp_schedule) rides on
    // the loop body's first op through the two conversions.
    pm.addPass(createLoomOpenMPSchedulePass());
    pm.addNestedPass<func::FuncOp>(createForallToParallelLoopPass());
    ConvertSCFToOpenMPPassOptions openmp;
    openmp.numThreads = options.threads;
    pm.addPass(createConvertSCFToOpenMPPass(openmp));
    pm.addPass(createLoomOpenMPSchedulePass());
  } else {
    pm.addNestedPass<func::FuncOp>(createForallToForLoopPass());
  }
  // Whole vectors of a peeled loop over a slice of dynamic size stay
  // within it: unmasked stores (streaming ones where marked).
  pm.addNestedPass<func::FuncOp>(createLoomTransferInBoundsPass());
  // What convert-vector-to-llvm does not lower by itself.
  pm.addNestedPass<func::FuncOp>(vector::createLowerVectorMaskPass());
  pm.addNestedPass<func::FuncOp>(vector::createLowerVectorMultiReductionPass());
  // Fully unrolled: otherwise convert-vector-to-scf puts temporary buffers
  // (memref.alloca) next to the transfers, inside loops, and the stack grows
  // on every iteration until it overflows.
  pm.addPass(createConvertVectorToSCFPass(
      VectorTransferToSCFOptions().enableFullUnroll()));
  pm.addNestedPass<func::FuncOp>(createLoomNontemporalStoresPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(arith::createArithExpandOpsPass());
  // Memrefs go to LLVM before scf-to-cf: the alloca scopes that the OpenMP
  // lowering creates need structured control flow around them.
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createSCFToControlFlowPass());
  // Math before vectors: math ops without an LLVM intrinsic (erf, tanh)
  // become libm calls on each element, which vector.extract/insert ops feed;
  // those must still meet the vector lowering.
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertMathToLibmPass());
  pm.addPass(createConvertVectorToLLVMPass());
  // A transfer that may run past its memref's end is lowered to a masked
  // load or store whose mask reads the memref's size (memref.dim): those
  // are the memref ops that the vector lowering leaves.
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createUBToLLVMConversionPass());
  if (options.threads > 1)
    pm.addPass(createConvertOpenMPToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

void buildLowerToLLVMPipeline(OpPassManager &pm,
                              const LowerToLLVMOptions &options) {
  buildBufferizePipeline(pm);
  buildLowerBufferizedToLLVMPipeline(pm, options);
}

namespace {
struct LowerToLLVMPipelineOptions
    : public PassPipelineOptions<LowerToLLVMPipelineOptions> {
  Option<unsigned> threads{
      *this, "threads",
      llvm::cl::desc("Threads for scf.forall/scf.parallel loops (OpenMP when "
                     "more than 1)"),
      llvm::cl::init(1)};

  LowerToLLVMOptions get() const { return {threads}; }
};
} // namespace

void registerLoomPipelines() {
  PassPipelineRegistration<>(
      "loom-bufferize",
      "Bufferize tensors at function boundaries with identity layouts, insert "
      "deallocations",
      buildBufferizePipeline);
  PassPipelineRegistration<LowerToLLVMPipelineOptions>(
      "loom-lower-bufferized-to-llvm",
      "Lower bufferized linalg, vector, scf, memref, math and arith IR to the "
      "LLVM dialect",
      [](OpPassManager &pm, const LowerToLLVMPipelineOptions &options) {
        buildLowerBufferizedToLLVMPipeline(pm, options.get());
      });
  PassPipelineRegistration<LowerToLLVMPipelineOptions>(
      "loom-lower-to-llvm",
      "Lower tensor IR (after any schedule) to the LLVM dialect: "
      "loom-bufferize, then loom-lower-bufferized-to-llvm",
      [](OpPassManager &pm, const LowerToLLVMPipelineOptions &options) {
        buildLowerToLLVMPipeline(pm, options.get());
      });
}

} // namespace mlir::loom
