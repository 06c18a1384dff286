//===- Pipelines.h - Loom lowering pipelines --------------------*- C++ -*-===//
//
// The tensor-to-LLVM lowering, registered once and used by loom-opt, the
// runner and the tests alike:
//
//   loom-bufferize                   elementwise ops on tensors to linalg,
//                                    decompose softmax and packs, one-shot
//                                    bufferization, deallocation
//   loom-lower-bufferized-to-llvm{threads=N}
//                                    loops, vectors, memrefs, math, OpenMP
//   loom-lower-to-llvm{threads=N}    both of the above
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_TRANSFORMS_PIPELINES_H
#define LOOM_TRANSFORMS_PIPELINES_H

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace mlir::loom {

struct LowerToLLVMOptions {
  /// With more than one thread, scf.forall (and scf.parallel) loops become
  /// OpenMP parallel regions with this many threads; with one they become
  /// sequential scf.for loops.
  unsigned threads = 1;
  /// Insert upstream's runtime verification (generate-runtime-verification)
  /// after the loops are formed: out-of-bounds memref accesses, bad casts
  /// and subviews assert at run time with their location.
  bool runtimeVerification = false;
};

/// Adds what loom-bufferize does before bufferizing: elementwise ops on
/// tensors become linalg.generic, softmax and packs are decomposed, then
/// canonicalize and cse. The work model counts the payload after this too, so
/// it counts what the lowering sees.
void buildNormalizePipeline(OpPassManager &pm);

/// Adds the bufferization stage to a module pass manager.
void buildBufferizePipeline(OpPassManager &pm);

/// Adds the lowering of bufferized IR to the LLVM dialect.
void buildLowerBufferizedToLLVMPipeline(OpPassManager &pm,
                                        const LowerToLLVMOptions &options);

/// Adds both stages: tensors (after any schedule) to the LLVM dialect.
void buildLowerToLLVMPipeline(OpPassManager &pm,
                              const LowerToLLVMOptions &options);

/// Registers the three pipelines above for loom-opt.
void registerLoomPipelines();

} // namespace mlir::loom

#endif // LOOM_TRANSFORMS_PIPELINES_H
