//===- RunOptions.h - What `loom run` is asked to do ------------*- C++ -*-===//

#ifndef LOOM_RUNNER_RUNOPTIONS_H
#define LOOM_RUNNER_RUNOPTIONS_H

#include "runner/Inputs.h"
#include "runner/Knobs.h"
#include "runner/Timer.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace mlir::loom {

/// `--input ARG=FILE.npy`: ARG is an argument index or name.
struct InputFile {
  std::string spec, path;
};

struct RunOptions {
  std::string payloadPath;
  /// Empty: use the schedule embedded in the payload, if any.
  std::string schedulePath;
  /// Ignore every schedule: run (and time) the plain lowering.
  bool noSchedule = false;
  std::vector<std::string> scheduleLibraries;
  std::string entryPoint = "__transform_main";
  /// Values of the schedule's tune.knob / tune.alternatives, by name.
  std::vector<KnobSetting> knobs;
  /// Empty: the only public function.
  std::string function;

  uint64_t seed = 0;
  InitKind init = InitKind::Random;
  std::vector<DimSize> dims;
  /// Arguments read from .npy files instead of generated.
  std::vector<InputFile> inputFiles;
  /// When set, every output of the scheduled kernel (and with
  /// `saveReference`, of the reference) is written here as .npy.
  std::string saveOutputsDir;
  bool saveReference = false;
  /// When set, the check compares with the .npy files of this directory
  /// (written by an earlier --save-outputs of the reference, as loom tune
  /// does once per sweep) instead of compiling and running the reference.
  std::string referenceOutputsDir;

  bool check = true;
  std::optional<double> rtol, atol;
  TimingOptions timing;

  unsigned threads = 1;
  bool fpContractFast = true;

  /// The machine's ceilings, for the roofline: FMA peak of one core (scaled
  /// by `threads`) and memory bandwidth for this run.
  std::optional<double> peakGflopsPerCore, peakGbps;
  /// Where the peaks came from: "options", or the `loom peak` cache file.
  std::string peakSource;

  /// When set, IR after each stage is written to this directory.
  std::string dumpIRDir;
  /// When set, timing holds an exclusive lock (flock) on this file, so that
  /// runs started together (loom tune -j) time one at a time. Not
  /// serialized.
  std::string timingLockPath;
  /// When set, a repro bundle of the run is written here (runner/Bundle.h).
  std::string bundleDir;
  /// --schedule replaces a schedule embedded in the payload without a
  /// warning (a bundle's resolved schedule does). Not serialized.
  bool scheduleReplacesEmbedded = false;
  /// When set, the JSON record is written here ("-": stdout).
  std::string jsonPath;

  /// Called with a short message when a long step starts (not serialized).
  std::function<void(llvm::StringRef)> progress;
};

} // namespace mlir::loom

#endif // LOOM_RUNNER_RUNOPTIONS_H
