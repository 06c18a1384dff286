//===- RunOptions.h - What a run is asked to do, as plain data --*- C++ -*-===//
//
// RunOptions says what to compute (payload, schedule, inputs, check, timing,
// threads) and where the results go besides the record (RunOutputs). Both are
// plain data: every field has one description in results/Options.h, from
// which the command line, the suite keys, the record's "options" object and
// the arguments of a child `loom run` are derived. How a run cooperates with
// the process that starts it (progress, timing lock) is not here but in
// kernel/Run.h (RunHooks): it is never written down.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_RUNNER_RESULTS_RUNOPTIONS_H
#define LOOM_RUNNER_RESULTS_RUNOPTIONS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mlir::loom {

/// How input data is generated (--init).
enum class InitKind {
  /// Floats uniform in [-1, 1); integers uniform in [-8, 7]; i1 0 or 1.
  Random,
  Ones,
  Zeros,
  /// The row-major element index, converted to the element type (integers
  /// wrap, floats round).
  Arange,
};

std::optional<InitKind> parseInitKind(llvm::StringRef name);
llvm::StringRef getInitKindName(InitKind kind);

/// One `--dim SPEC=SIZE`: SPEC is the position of a dynamic dimension in the
/// signature (counting from 0 over all arguments, left to right) or a name
/// given to dimensions with a `loom.dims` argument attribute.
/// `--host-param NAME=VALUE`: a host parameter of knob defaults
/// (kernel/HostDefaults.h) replaced, to see what a schedule does on another
/// machine.
struct HostParam {
  std::string name;
  int64_t value = 0;
};

struct DimSize {
  std::string spec;
  int64_t size = 0;
};

/// NAME=VALUE of a tunable (kernel/Knobs.h). VALUE is written as in
/// `loom run --knob`: an option's MLIR attribute (`32`, `"outer"`, `[4, 8]`),
/// a string option without quotes, or the region index of an alternatives
/// op.
struct KnobSetting {
  std::string name;
  std::string value;
};

/// `--input ARG=FILE.npy`: ARG is an argument index or name.
struct InputFile {
  std::string spec, path;
};

struct TimingOptions {
  /// Untimed calls before measuring.
  int64_t warmup = 2;
  /// Exact number of samples (--iters); otherwise sample until both
  /// `minSamples` and `minTime` are reached.
  std::optional<int64_t> samples;
  int64_t minSamples = 10;
  double minTime = 0.5;
  /// A sample times a batch of calls lasting at least this long, so that the
  /// clock's resolution does not matter for very short kernels.
  double minBatchTime = 1e-3;
};

/// Where a run's results go besides the record it returns.
struct RunOutputs {
  /// The JSON record ("-": stdout).
  std::string jsonPath;
  /// The IR after each stage.
  std::string dumpIRDir;
  /// A perf jitdump of the scheduled kernel goes under this directory (as
  /// JITDUMPDIR: DIR/.debug/jit/llvm-IR-jit-DATE-XXXXXX/jit-PID.dump); none
  /// when empty.
  std::string jitdumpDir;
  /// A repro bundle of the run (campaigns/Bundle.h).
  std::string bundleDir;
  /// Every output of the scheduled kernel (and with `saveReference`, of the
  /// reference) as .npy.
  std::string saveOutputsDir;
  bool saveReference = false;
  /// The schedule as applied (libraries merged, knobs resolved, original
  /// locations kept); a bundle's schedule.mlir.
  std::string appliedSchedulePath;
};

/// The stack of the thread that does a command's work when --stack-size is
/// not given: deep nesting parses, and kernels with large stack frames
/// (memref.alloca in a loop that runs sequentially) run.
constexpr uint64_t kDefaultStackSize = uint64_t(1) << 30;

/// "512M", "1G", "65536K" or a number of bytes; none when malformed or
/// below 64 KiB.
std::optional<uint64_t> parseByteSize(llvm::StringRef text);
/// The shortest of those spellings for `bytes`.
std::string formatByteSize(uint64_t bytes);

/// More threads than any CPU Loom runs on has; far more fail to start
/// (libomp aborts) before they could help.
constexpr unsigned kMaxThreads = 256;

struct RunOptions {
  std::string payloadPath;
  /// Run only this test case of the payload file (1-based; cases are
  /// separated by `// -----` lines, as for mlir-opt --split-input-file).
  std::optional<unsigned> chunk;
  /// Empty: use the schedule embedded in the payload, if any.
  std::string schedulePath;
  /// Ignore every schedule: run (and time) the plain lowering.
  bool noSchedule = false;
  std::vector<std::string> scheduleLibraries;
  std::string entryPoint = "__transform_main";
  /// What the entry point's arguments after the root are bound to:
  /// comma-separated op names (^NAME: their results; #1;2: params), as
  /// mlir-opt's transform-interpreter{debug-bind-trailing-args=...}.
  std::string bindTrailingArgs;
  /// Values of the schedule's tune.knob / tune.alternatives, by name.
  std::vector<KnobSetting> knobs;
  /// Tuned records (results/TunedRecords.h): the file (empty: Loom's
  /// schedules/records.json), whether the matching record fills the knobs
  /// not given, and the host key to match instead of this machine's.
  std::string recordsPath;
  bool useRecords = true;
  std::string recordsHost;
  /// Host parameters of knob defaults replaced by name.
  std::vector<HostParam> hostParams;
  /// Empty: the only public function.
  std::string function;

  uint64_t seed = 0;
  InitKind init = InitKind::Random;
  std::vector<DimSize> dims;
  /// Arguments read from .npy files instead of generated.
  std::vector<InputFile> inputFiles;
  /// When set, the check compares with the .npy files of this directory
  /// (written by an earlier --save-outputs of the reference, as loom tune
  /// does once per sweep) instead of compiling and running the reference.
  std::string referenceOutputsDir;

  bool check = true;
  /// Time a function that prints (it is run once otherwise).
  bool timePrinting = false;
  /// Time the kernel (--no-timing: run it once and check it only).
  bool time = true;
  /// Compile with upstream's runtime verification: an out-of-bounds memref
  /// access stops the kernel with its location (exit code 6).
  bool checkBounds = false;
  /// Buffers of 2 MiB or more in transparent huge pages where the system
  /// allows (--no-huge-pages: 4 KiB pages only).
  bool hugePages = true;
  std::optional<double> rtol, atol;
  TimingOptions timing;

  unsigned threads = 1;
  /// --cpu: the logical CPU that times a run of one thread
  /// (kernel/CpuPin.h); unpinned when empty.
  std::optional<int64_t> cpu;
  bool fpContractFast = true;
  /// Give up after this many seconds (exit code 5).
  std::optional<double> timeoutSeconds;
  /// The stack of the thread that parses, schedules, compiles and calls the
  /// kernel.
  uint64_t stackSize = kDefaultStackSize;

  /// The machine's ceilings, for the roofline: FMA peak of one core (scaled
  /// by `threads`) and memory bandwidth for this run.
  std::optional<double> peakGflopsPerCore, peakGbps;
  /// Where the peaks came from: "options", or the `loom peak` cache file.
  std::string peakSource;
  /// When the cached peak was measured, how widely its repeats differed,
  /// and whether it looked disturbed (results/PeakCache.h).
  std::string peakMeasuredAt;
  std::optional<double> peakSpread;
  bool peakDisturbed = false;

  RunOutputs outputs;
};

} // namespace mlir::loom

#endif // LOOM_RUNNER_RESULTS_RUNOPTIONS_H
