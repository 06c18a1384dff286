//===- Engine.h - JIT-compile and call one kernel ---------------*- C++ -*-===//
//
// Compiles an LLVM-dialect module for the host CPU and calls one of its
// functions with Buffers. Arguments are passed with MLIR's default calling
// convention (a memref is exploded into allocated pointer, aligned pointer,
// offset, sizes and strides) through the ExecutionEngine's packed wrapper.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_RUNNER_KERNEL_ENGINE_H
#define LOOM_RUNNER_KERNEL_ENGINE_H

#include "runner/kernel/Buffer.h"
#include "runner/kernel/Inputs.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>

namespace llvm {
class TargetMachine;
} // namespace llvm

namespace mlir {
class ExecutionEngine;
} // namespace mlir

namespace mlir::loom {

struct EngineOptions {
  /// Threads the kernel was lowered for; more than one loads libomp.
  unsigned threads = 1;
  /// Let LLVM fuse a*b+c into FMA anywhere (fast FP contraction).
  bool fpContractFast = true;
  /// When not empty, write the optimized LLVM IR / the object file here.
  std::string llvmIRPath, objectPath;
  /// When not empty, tell perf about the compiled code: LLVM's perf listener
  /// writes a jitdump under this directory (JITDUMPDIR). The listener is one
  /// per process: the first kernel compiled with a directory decides where.
  /// Without one, nothing is written.
  std::string jitdumpDir;
};

/// A compiled function, ready to call.
class Kernel {
public:
  /// Compiles `llvmModule` (LLVM dialect) and looks up `name`, whose payload
  /// signature was `arguments` -> `results`. Fails with CompileFailure.
  static llvm::Expected<std::unique_ptr<Kernel>>
  compile(ModuleOp llvmModule, llvm::StringRef name,
          ArrayRef<ValueSignature> arguments, ArrayRef<ValueSignature> results,
          const EngineOptions &options);
  ~Kernel();

  /// Binds the buffers passed on the following calls (one per argument; they
  /// must outlive the calls).
  /// (Kernels that call libLoomPeers also set the peers' thread count
  /// here: it is per process, and kernels of several thread counts may take
  /// turns, as in loom bench.)
  void bind(MutableArrayRef<Buffer> arguments);
  /// Calls the function once with the bound arguments.
  void call();
  /// Copies the results of the last call into Buffers and frees what the
  /// kernel allocated for them.
  SmallVector<Buffer> takeResults();
  /// Frees what the last call allocated for its results.
  void releaseResults();

private:
  Kernel() = default;

  std::unique_ptr<llvm::TargetMachine> optimizerTarget;
  std::unique_ptr<ExecutionEngine> engine;
  void (*packedFunction)(void **) = nullptr;
  SmallVector<ValueSignature> arguments, results;
  /// Byte offset of each result in `resultStorage`.
  SmallVector<int64_t> resultOffsets;
  SmallVector<int64_t> resultStorage;
  /// Descriptors of the bound arguments, and the packed pointers to each
  /// LLVM-level argument followed by the result pointer.
  SmallVector<SmallVector<int64_t>> descriptors;
  SmallVector<void *> packedArguments;
  /// Storage ranges of the bound arguments: a returned memref that points
  /// into one of them belongs to the caller and is not freed.
  SmallVector<std::pair<const char *, const char *>> argumentRanges;
  bool hasResults = false;
  /// libLoomPeers' loom_peers_set_threads, when the kernel calls the peers.
  void (*setPeerThreads)(int) = nullptr;
  int threads = 1;
};

/// The perf jitdump this process writes (a kernel compiled with
/// EngineOptions::jitdumpDir started it); empty when there is none.
std::string findJitdump();

} // namespace mlir::loom

#endif // LOOM_RUNNER_KERNEL_ENGINE_H
