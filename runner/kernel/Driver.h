//===- Driver.h - Load, schedule and lower payloads -------------*- C++ -*-===//
//
// The compiler half of `loom run`: an MLIR context with everything
// registered, diagnostics printed as `file:line:col: error:` and kept for the
// record, and the steps parse -> apply schedule -> lower to LLVM.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_RUNNER_KERNEL_DRIVER_H
#define LOOM_RUNNER_KERNEL_DRIVER_H

#include "runner/kernel/Inputs.h"
#include "runner/results/Files.h"
#include "runner/results/Record.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/SourceMgr.h"

#include <memory>
#include <string>

namespace mlir {
class SourceMgrDiagnosticHandler;
} // namespace mlir

namespace mlir::loom {

struct LowerToLLVMOptions;

/// One test case of a file split like `mlir-opt --split-input-file`: the
/// text between lines that start with `// -----`.
struct SourceChunk {
  /// 1-based lines of the file it spans.
  unsigned firstLine = 1, lastLine = 1;
  std::string text;
};

/// The chunks of `text` (one when it has no `// -----` line).
std::vector<SourceChunk> splitSource(llvm::StringRef text);

/// A parsed file and the SHA-256 of its bytes.
struct LoadedModule {
  OwningOpRef<ModuleOp> module;
  FileInfo file;
};

class Driver {
public:
  /// `diagnostics` receives every diagnostic, formatted with source context
  /// (stderr in the tool; a string in tests).
  explicit Driver(llvm::raw_ostream &diagnostics);
  ~Driver();

  /// Error diagnostics printed since the last call (`file:line:col: error:
  /// message`), for the record.
  std::vector<std::string> takeErrors();

  /// Reads and parses (and verifies) an MLIR file, or only its `chunk`-th
  /// test case (1-based, see splitSource; diagnostics keep the file's line
  /// numbers). `role` names it in messages ("payload", "schedule"). Fails
  /// with InvalidInput.
  llvm::Expected<LoadedModule> load(llvm::StringRef path, llvm::StringRef role,
                                    std::optional<unsigned> chunk = {});
  /// Parses (and verifies) MLIR text; `name` is the file name locations use.
  llvm::Expected<LoadedModule> parse(llvm::StringRef text, llvm::StringRef name,
                                     llvm::StringRef role);

  /// Moves the transform named sequences embedded in `payload` (at top level
  /// or in a nested `transform.with_named_sequence` module) into a new
  /// schedule module, or returns null if there are none.
  OwningOpRef<ModuleOp> extractEmbeddedSchedule(ModuleOp payload);

  /// Merges the named sequences of `library` into `schedule`.
  llvm::Error addLibrary(ModuleOp schedule, LoadedModule library);

  /// Checks that `schedule` defines the named sequence `entryPoint` and every
  /// named sequence it declares (libraries merged). Fails with InvalidInput.
  llvm::Error checkSchedule(ModuleOp schedule, llvm::StringRef entryPoint);

  /// The function to run: `name`, or the only public function when empty.
  llvm::Expected<func::FuncOp> findFunction(ModuleOp payload,
                                            llvm::StringRef name);

  /// Counts the work of `function` (see transforms/WorkModel.h) on a copy of
  /// `payload` whose argument types are made static from `arguments`. Fails
  /// with InvalidInput when the sizes contradict the payload.
  llvm::Expected<WorkSummary> analyzeWork(ModuleOp payload,
                                          llvm::StringRef function,
                                          ArrayRef<Argument> arguments);

  /// Applies `entryPoint` of `schedule` to `payload` and verifies the result.
  /// Fails with CompileFailure. Records in `info`, also when the schedule
  /// fails: what each top-level op did (`trace`; the schedule is instrumented
  /// with transform.loom.trace ops first), the decisions of
  /// transform.loom.fuse_elementwise ops (`fusion`), and the remarks and
  /// warnings emitted (`remarks`).
  /// `trailingBindings` binds the entry point's arguments after the root
  /// (--bind-trailing-args: op names, ^NAME, #N;N, comma-separated); an
  /// entry point with such arguments and no bindings is an InvalidInput
  /// error that says how to give them. With `knobsRead`, the names of the
  /// knobs whose ops ran go there (instrumentKnobReads).
  llvm::Error applySchedule(ModuleOp payload, ModuleOp schedule,
                            llvm::StringRef entryPoint,
                            llvm::StringRef trailingBindings,
                            ScheduleInfo &info,
                            llvm::StringSet<> *knobsRead = nullptr);

  /// Runs loom-bufferize then loom-lower-bufferized-to-llvm on `module`. When
  /// `dumpDir` is set, writes the IR after each stage there
  /// (2-bufferized.mlir, 3-llvm-dialect.mlir). Fails with CompileFailure.
  llvm::Error lowerToLLVM(ModuleOp module, const LowerToLLVMOptions &options,
                          llvm::StringRef dumpDir = "");

  /// Lowers the unscheduled payload that serves as the reference: loops are
  /// interchanged for speed (loom-interchange-reductions, bit-identical
  /// results), then lowered single-threaded (with runtime verification when
  /// asked). Fails with CompileFailure.
  llvm::Error lowerReference(ModuleOp module, bool runtimeVerification);

private:
  MLIRContext context;
  llvm::SourceMgr sourceMgr;
  std::vector<std::string> errors;
  /// Where remarks and warnings go while a schedule is applied.
  std::vector<std::string> *remarks = nullptr;
  std::unique_ptr<SourceMgrDiagnosticHandler> handler;
};

/// Erases the functions of `module` that `function` does not call, directly
/// or through other functions: loom run runs one function, and lowering and
/// compiling the others would cost time and fail on their errors.
void eraseUnreachableFunctions(ModuleOp module, llvm::StringRef function);

/// Writes `op` to `path` (its directory created), with the locations of its
/// ops when `withLocations` (so that diagnostics on the written file still
/// point at the sources). Fails with InvalidInput if it cannot be written.
llvm::Error writeIR(Operation *op, llvm::StringRef path,
                    bool withLocations = false);

} // namespace mlir::loom

#endif // LOOM_RUNNER_KERNEL_DRIVER_H
