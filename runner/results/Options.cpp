//===- Options.cpp - One description of every run option ------------------===//

#include "runner/results/Options.h"
#include "runner/results/JsonReader.h"
#include "runner/results/Status.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <deque>

namespace mlir::loom {

using Json = OptionJson;

//===----------------------------------------------------------------------===//
// The table
//===----------------------------------------------------------------------===//

namespace {
/// The text of a map value: strings as they are, anything else as JSON
/// (`"tile": 32` in a suite is the knob value 32).
std::string toText(const Json &value) {
  return value.is_string() ? value.get<std::string>() : value.dump();
}

/// A field of RunOptions, reached from the options.
template <typename T> using FieldRef = T &(*)(RunOptions &);
/// Keeps a parameter out of template argument deduction.
template <typename T> struct NonDeduced { using type = T; };

template <typename T> const T &read(FieldRef<T> field, const RunOptions &o) {
  return field(const_cast<RunOptions &>(o));
}

/// Builds the table: each add() appends an entry, the bind* functions give
/// it the accessors of one field with the checks of its type.
class TableBuilder {
public:
  OptionInfo &add(llvm::StringRef flag, llvm::StringRef key, OptionKind kind,
                  llvm::StringRef valueName, llvm::StringRef help,
                  unsigned scopes) {
    return infos.emplace_back(
        OptionInfo{flag, key, kind, valueName, help, scopes});
  }

  /// Text; empty is unset (null).
  static void bindText(OptionInfo &info, FieldRef<std::string> field,
                       bool required = false) {
    info.get = [field](const RunOptions &o) {
      const std::string &text = read(field, o);
      return text.empty() ? Json(nullptr) : Json(text);
    };
    info.set = [field, required](RunOptions &o, const Json &v) {
      field(o) = v.get<std::string>();
      return required && field(o).empty() ? std::string("must not be empty")
                                          : std::string();
    };
  }
  static void bindBool(OptionInfo &info, FieldRef<bool> field) {
    info.get = [field](const RunOptions &o) { return Json(read(field, o)); };
    info.set = [field](RunOptions &o, const Json &v) {
      field(o) = v.get<bool>();
      return std::string();
    };
  }
  /// An integer in [min, max] (int64_t or a narrower unsigned field).
  template <typename T>
  static void bindInteger(OptionInfo &info, FieldRef<T> field, int64_t min,
                          int64_t max = INT64_MAX) {
    info.get = [field](const RunOptions &o) { return Json(read(field, o)); };
    info.set = [field, min, max](RunOptions &o, const Json &v) {
      std::optional<int64_t> value = getInteger(v, min);
      if (!value)
        return getIntegerProblem(v, min);
      if (*value > max)
        return "must be at most " + std::to_string(max);
      field(o) = T(*value);
      return std::string();
    };
  }
  /// An optional integer of at least `min`: null is unset.
  static void bindOptionalInteger(OptionInfo &info,
                                  FieldRef<std::optional<int64_t>> field,
                                  int64_t min) {
    info.get = [field](const RunOptions &o) {
      const std::optional<int64_t> &value = read(field, o);
      return value ? Json(*value) : Json(nullptr);
    };
    info.set = [field, min](RunOptions &o, const Json &v) {
      std::optional<int64_t> value = getInteger(v, min);
      if (!value)
        return getIntegerProblem(v, min);
      field(o) = *value;
      return std::string();
    };
  }
  /// A finite number >= 0.
  static void bindNumber(OptionInfo &info, FieldRef<double> field) {
    info.get = [field](const RunOptions &o) { return Json(read(field, o)); };
    info.set = [field](RunOptions &o, const Json &v) {
      std::string problem = checkNumber(v, /*positive=*/false);
      if (problem.empty())
        field(o) = v.get<double>();
      return problem;
    };
  }
  /// An optional finite number >= 0 (> 0 when `positive`): null is unset.
  static void bindOptionalNumber(OptionInfo &info,
                                 FieldRef<std::optional<double>> field,
                                 bool positive) {
    info.get = [field](const RunOptions &o) {
      const std::optional<double> &value = read(field, o);
      return value ? Json(*value) : Json(nullptr);
    };
    info.set = [field, positive](RunOptions &o, const Json &v) {
      std::string problem = checkNumber(v, positive);
      if (problem.empty())
        field(o) = v.get<double>();
      return problem;
    };
  }
  /// NAME=VALUE entries of `Entry {std::string name/spec; T value}`, merged
  /// by name (a suite benchmark's knobs override the defaults' knob of the
  /// same name).
  template <typename Entry, typename Name, typename Value>
  static void
  bindMap(OptionInfo &info,
          typename NonDeduced<FieldRef<std::vector<Entry>>>::type field,
          Name Entry::*name, Value Entry::*value) {
    info.get = [=](const RunOptions &o) {
      Json object = Json::object();
      for (const Entry &entry : read(field, o))
        object[entry.*name] = entry.*value;
      return object;
    };
    info.set = [=](RunOptions &o, const Json &v) {
      std::vector<Entry> &entries = field(o);
      for (auto it = v.begin(); it != v.end(); ++it) {
        Entry entry;
        entry.*name = it.key();
        if constexpr (std::is_same_v<Value, int64_t>) {
          if (it.value().template get<int64_t>() < 0)
            return "." + it.key() + " must be at least 0";
          entry.*value = it.value().template get<int64_t>();
        } else {
          entry.*value = toText(it.value());
          if ((entry.*value).empty())
            return "." + it.key() + " must not be empty";
        }
        llvm::erase_if(entries, [&](const Entry &existing) {
          return existing.*name == entry.*name;
        });
        entries.push_back(std::move(entry));
      }
      return std::string();
    };
  }

  std::deque<OptionInfo> infos;

private:
  static std::optional<int64_t> getInteger(const Json &v, int64_t min) {
    if (v.is_number_unsigned() && v.get<uint64_t>() > uint64_t(INT64_MAX))
      return std::nullopt;
    int64_t integer = v.get<int64_t>();
    if (integer < min)
      return std::nullopt;
    return integer;
  }
  static std::string getIntegerProblem(const Json &v, int64_t min) {
    if (v.is_number_unsigned() && v.get<uint64_t>() > uint64_t(INT64_MAX))
      return "is too large";
    return "must be at least " + std::to_string(min);
  }
  static std::string checkNumber(const Json &v, bool positive) {
    double number = v.get<double>();
    if (!std::isfinite(number) || (positive ? !(number > 0) : !(number >= 0)))
      return positive ? "must be a finite number > 0"
                      : "must be a finite number >= 0";
    return "";
  }
};
} // namespace

static std::vector<OptionInfo> createOptionInfos() {
  const unsigned kernel = RunFlag | TuneFlag | SuiteKey | RecordKey;
  TableBuilder table;
  using B = TableBuilder;

  // What to run.
  B::bindText(table.add("", "payload", OptionKind::Path, "file", "The payload",
                        SuiteKey),
              [](RunOptions &o) -> std::string & { return o.payloadPath; });
  OptionInfo &chunk = table.add(
      "chunk", "chunk", OptionKind::Integer, "n",
      "Run only the n-th test case of the payload file (1-based; cases are "
      "separated by // -----, as for mlir-opt --split-input-file)",
      RunFlag | TuneFlag | SuiteKey | RecordKey);
  chunk.get = [](const RunOptions &o) {
    return o.chunk ? Json(*o.chunk) : Json(nullptr);
  };
  chunk.set = [](RunOptions &o, const Json &v) {
    if (v.get<int64_t>() < 1 || v.get<int64_t>() > INT32_MAX)
      return std::string("must be at least 1");
    o.chunk = unsigned(v.get<int64_t>());
    return std::string();
  };
  B::bindText(
      table.add("schedule", "schedule", OptionKind::Path, "file",
                "Transform schedule to apply (default: the one embedded in "
                "the payload, if any)",
                RunFlag | TuneFlag | SuiteKey),
      [](RunOptions &o) -> std::string & { return o.schedulePath; });
  B::bindBool(
      table.add("no-schedule", "no_schedule", OptionKind::Bool, "",
                "Ignore any schedule, also one embedded in the payload: run "
                "the plain lowering (a baseline)",
                RunFlag | SuiteKey | RecordKey),
      [](RunOptions &o) -> bool & { return o.noSchedule; });
  OptionInfo &libraries =
      table.add("schedule-lib", "schedule_libs", OptionKind::PathList, "file",
                "File of named sequences for transform.include (repeatable)",
                RunFlag | TuneFlag | SuiteKey);
  libraries.get = [](const RunOptions &o) { return Json(o.scheduleLibraries); };
  libraries.set = [](RunOptions &o, const Json &v) {
    o.scheduleLibraries = v.get<std::vector<std::string>>();
    return std::string();
  };
  B::bindText(
      table.add("entry-point", "entry_point", OptionKind::String, "name",
                "Named sequence of the schedule to apply",
                RunFlag | TuneFlag | SuiteKey),
      [](RunOptions &o) -> std::string & { return o.entryPoint; },
      /*required=*/true);
  B::bindText(
      table.add("bind-trailing-args", "bind_trailing_args", OptionKind::String,
                "op,op",
                "Bind the entry point's arguments after the payload root, one "
                "comma-separated entry each: an op name binds every payload "
                "op of that name, ^NAME their results, #1;2 integer params (as "
                "mlir-opt's transform-interpreter debug-bind-trailing-args)",
                RunFlag | TuneFlag | SuiteKey | RecordKey),
      [](RunOptions &o) -> std::string & { return o.bindTrailingArgs; });
  OptionInfo &function =
      table.add("func", "func", OptionKind::String, "name",
                "Function to run (default: the only public one)",
                RunFlag | TuneFlag | SuiteKey);
  function.deprecatedKey = "function";
  B::bindText(function,
              [](RunOptions &o) -> std::string & { return o.function; });
  OptionInfo &knobs = table.add(
      "knob", "knobs", OptionKind::Map, "name=value",
      "Value of a transform.tune.knob (an option, e.g. tile=32) or region "
      "index of a transform.tune.alternatives (repeatable)",
      RunFlag | SuiteKey | RecordKey);
  knobs.example = "tile_m=32";
  B::bindMap(
      knobs,
      [](RunOptions &o) -> std::vector<KnobSetting> & { return o.knobs; },
      &KnobSetting::name, &KnobSetting::value);

  B::bindText(
      table.add("records", "records", OptionKind::Path, "file",
                "Tuned records to apply: the record whose payload, schedule, "
                "CPU and threads match this run gives the knobs that --knob "
                "does not; loom tune measures its point after the defaults "
                "and keeps it unless a point runs faster in most final "
                "rounds (default: "
                "schedules/records.json of Loom's source tree; loom tune: "
                "the --save-record file when it exists; docs/performance.md)",
                RunFlag | TuneFlag | BenchFlag | SuiteKey | RecordKey),
      [](RunOptions &o) -> std::string & { return o.recordsPath; });
  OptionInfo &useRecords =
      table.add("no-records", "use_records", OptionKind::Bool, "",
                "Apply no tuned record: every knob not given by --knob takes "
                "the value written in the schedule (loom tune: start from "
                "no record)",
                RunFlag | TuneFlag | BenchFlag | SuiteKey | RecordKey);
  useRecords.negated = true;
  B::bindBool(useRecords, [](RunOptions &o) -> bool & { return o.useRecords; });
  B::bindText(table.add("records-host", "records_host", OptionKind::String,
                        "key",
                        "Match tuned records as if this machine's key were KEY "
                        "('CPU | features hash', as the record's "
                        "schedule.records.key.host shows it): to apply another "
                        "machine's records on purpose, and for tests",
                        RunFlag | TuneFlag | BenchFlag | SuiteKey | RecordKey),
              [](RunOptions &o) -> std::string & { return o.recordsHost; });

  OptionInfo &hostParams = table.add(
      "host-param", "host_params", OptionKind::Map, "name=value",
      "Replace a host parameter of the knobs' loom.host_default expressions "
      "(vector_bytes, vector_registers, l1d_bytes, l2_bytes, l3_bytes, "
      "cores, threads, zen), to see what a schedule chooses on another machine "
      "(repeatable)",
      RunFlag | TuneFlag | BenchFlag | SuiteKey | RecordKey);
  hostParams.integerValues = true;
  hostParams.example = "vector_registers=16";
  B::bindMap(
      hostParams,
      [](RunOptions &o) -> std::vector<HostParam> & { return o.hostParams; },
      &HostParam::name, &HostParam::value);

  // Inputs.
  OptionInfo &seed =
      table.add("seed", "seed", OptionKind::Integer, "n",
                "Seed of the random inputs", RunFlag | SuiteKey | RecordKey);
  seed.get = [](const RunOptions &o) { return Json(o.seed); };
  seed.set = [](RunOptions &o, const Json &v) {
    if (!v.is_number_unsigned() && v.get<int64_t>() < 0)
      return std::string("must be at least 0");
    o.seed = v.get<uint64_t>();
    return std::string();
  };
  OptionInfo &init = table.add(
      "init", "init", OptionKind::Choice, "random|ones|zeros|arange",
      "How inputs are filled: random (floats in [-1, 1), integers in "
      "[-8, 7]), ones, zeros, or arange (the row-major element index)",
      kernel);
  init.choices = {"random", "ones", "zeros", "arange"};
  init.get = [](const RunOptions &o) {
    return Json(getInitKindName(o.init).str());
  };
  init.set = [](RunOptions &o, const Json &v) {
    o.init = *parseInitKind(v.get<std::string>());
    return std::string();
  };
  OptionInfo &dims =
      table.add("dim", "dims", OptionKind::Map, "spec=size",
                "Size of a dynamic dimension: by position (0, 1, ... over the "
                "signature) or by a name from a loom.dims argument attribute "
                "(repeatable)",
                kernel);
  dims.integerValues = true;
  dims.example = "M=128 or 0=128";
  B::bindMap(
      dims, [](RunOptions &o) -> std::vector<DimSize> & { return o.dims; },
      &DimSize::spec, &DimSize::size);
  OptionInfo &inputs = table.add(
      "input", "inputs", OptionKind::Map, "arg=file.npy",
      "Read an argument from a NumPy .npy file instead of generating it; the "
      "argument by index (0) or by its name in the payload (%a or a); dtype "
      "and shape must match (repeatable)",
      RunFlag | TuneFlag | RecordKey);
  inputs.example = "0=a.npy";
  B::bindMap(
      inputs,
      [](RunOptions &o) -> std::vector<InputFile> & { return o.inputFiles; },
      &InputFile::spec, &InputFile::path);
  B::bindText(
      table.add("reference-outputs", "reference_outputs", OptionKind::Path,
                "dir",
                "Check against the .npy files an earlier run of the reference "
                "wrote (--no-schedule --save-outputs DIR, same inputs) "
                "instead of compiling and running the reference (loom tune "
                "does this; with --split-input-file, DIR/case-N for test case "
                "N)",
                RunFlag | RecordKey),
      [](RunOptions &o) -> std::string & { return o.referenceOutputsDir; });

  // The check.
  OptionInfo &check = table.add("no-check", "check", OptionKind::Bool, "",
                                "Do not compare with the reference",
                                RunFlag | SuiteKey | RecordKey);
  check.negated = true;
  B::bindBool(check, [](RunOptions &o) -> bool & { return o.check; });
  OptionInfo &time = table.add(
      "no-timing", "timing", OptionKind::Bool, "",
      "Run the scheduled kernel once and check it, without timing it (loom "
      "tune computes its reference this way)",
      RunFlag | SuiteKey | RecordKey);
  time.negated = true;
  B::bindBool(time, [](RunOptions &o) -> bool & { return o.time; });
  B::bindBool(
      table.add("time-printing", "time_printing", OptionKind::Bool, "",
                "Time a function that prints (printMemref, vector.print), "
                "sending what it prints while timed to nowhere; without it, "
                "such a function runs once and is not timed",
                kernel),
      [](RunOptions &o) -> bool & { return o.timePrinting; });
  B::bindBool(
      table.add("check-bounds", "check_bounds", OptionKind::Bool, "",
                "Compile the kernel and the reference with upstream's runtime "
                "verification: the first out-of-bounds memref access (or bad "
                "cast or subview) stops the run with its location (exit code "
                "6); slower kernels, for debugging",
                kernel),
      [](RunOptions &o) -> bool & { return o.checkBounds; });
  OptionInfo &hugePages = table.add(
      "no-huge-pages", "huge_pages", OptionKind::Bool, "",
      "Back the run's buffers of 2 MiB or more (inputs, outputs and the "
      "kernel's temporary buffers) with 4 KiB pages only; by default they are "
      "aligned to 2 MiB and advised to use transparent huge pages, which "
      "Linux gives when /sys/kernel/mm/transparent_hugepage/enabled is "
      "always or madvise",
      kernel);
  hugePages.negated = true;
  B::bindBool(hugePages, [](RunOptions &o) -> bool & { return o.hugePages; });
  B::bindOptionalNumber(
      table.add("rtol", "rtol", OptionKind::Number, "x",
                "Relative tolerance for float outputs (default: scaled to the "
                "reduction length)",
                kernel),
      [](RunOptions &o) -> std::optional<double> & { return o.rtol; },
      /*positive=*/false);
  B::bindOptionalNumber(
      table.add("atol", "atol", OptionKind::Number, "x",
                "Absolute tolerance for float outputs (default: rtol x the "
                "largest |reference|)",
                kernel),
      [](RunOptions &o) -> std::optional<double> & { return o.atol; },
      /*positive=*/false);

  // Timing.
  B::bindInteger<int64_t>(
      table.add("warmup", "warmup", OptionKind::Integer, "n",
                "Untimed calls before timing", kernel),
      [](RunOptions &o) -> int64_t & { return o.timing.warmup; }, 0);
  OptionInfo &iters =
      table.add("iters", "iters", OptionKind::Integer, "n",
                "Exactly this many timing samples (default: at least 10 and "
                "--min-time)",
                kernel);
  iters.deprecatedKey = "iterations";
  B::bindOptionalInteger(
      iters,
      [](RunOptions &o) -> std::optional<int64_t> & {
        return o.timing.samples;
      },
      1);
  B::bindNumber(table.add("min-time", "min_time_s", OptionKind::Number,
                          "seconds", "Time at least this long", kernel),
                [](RunOptions &o) -> double & { return o.timing.minTime; });
  B::bindInteger<unsigned>(
      table.add("threads", "threads", OptionKind::Integer, "n",
                "Threads for scf.forall loops (OpenMP when more than 1; at "
                "most 256)",
                kernel),
      [](RunOptions &o) -> unsigned & { return o.threads; }, 1, kMaxThreads);
  B::bindOptionalInteger(
      table.add("cpu", "cpu", OptionKind::Integer, "n",
                "Time a run of one thread on this logical CPU only (loom "
                "bench: its benchmarks of one thread), so that kernels "
                "compared see the same core (default: wherever the system "
                "puts it)",
                kernel | BenchFlag),
      [](RunOptions &o) -> std::optional<int64_t> & { return o.cpu; }, 0);
  B::bindOptionalNumber(
      table.add("timeout", "timeout_s", OptionKind::Number, "seconds",
                "Give up after this long: the whole run (loom run) or each "
                "step of a benchmark (loom bench); exit code 5, with a "
                "record (default: no limit)",
                RunFlag | BenchFlag | SuiteKey | RecordKey),
      [](RunOptions &o) -> std::optional<double> & { return o.timeoutSeconds; },
      /*positive=*/true);
  OptionInfo &stack = table.add(
      "stack-size", "stack_size", OptionKind::String, "size",
      "Stack of the thread that parses, schedules, compiles and calls the "
      "kernel: bytes, or with K, M or G (at least 64K; OpenMP workers keep "
      "their own, OMP_STACKSIZE)",
      kernel | BenchFlag);
  stack.get = [](const RunOptions &o) {
    return Json(formatByteSize(o.stackSize));
  };
  stack.set = [](RunOptions &o, const Json &v) {
    std::optional<uint64_t> bytes = parseByteSize(v.get<std::string>());
    if (!bytes)
      return std::string("must be a size such as 512M or 2G (at least 64K)");
    o.stackSize = *bytes;
    return std::string();
  };
  OptionInfo &contract =
      table.add("fp-contract", "fp_contract", OptionKind::Choice, "fast|off",
                "Let LLVM fuse a*b+c into FMA (fast) or not (off)", kernel);
  contract.choices = {"fast", "off"};
  contract.get = [](const RunOptions &o) {
    return Json(o.fpContractFast ? "fast" : "off");
  };
  contract.set = [](RunOptions &o, const Json &v) {
    o.fpContractFast = v.get<std::string>() == "fast";
    return std::string();
  };

  // The machine's ceilings.
  OptionInfo &peak = table.add(
      "peak-gflops-per-core", "peak_gflops_per_core", OptionKind::Number, "x",
      "FMA peak of one core in GFLOP/s (multiplied by --threads), for the "
      "roofline (default: what `loom peak` cached for this machine, if "
      "anything)",
      RunFlag | BenchFlag | RecordKey);
  peak.deprecatedFlag = "peak-gflops";
  B::bindOptionalNumber(
      peak,
      [](RunOptions &o) -> std::optional<double> & {
        return o.peakGflopsPerCore;
      },
      /*positive=*/true);
  B::bindOptionalNumber(
      table.add("peak-gbps", "peak_gbps", OptionKind::Number, "x",
                "Memory bandwidth in GB/s for the run's threads, for the "
                "roofline (default: from the `loom peak` cache)",
                RunFlag | BenchFlag | RecordKey),
      [](RunOptions &o) -> std::optional<double> & { return o.peakGbps; },
      /*positive=*/true);
  B::bindText(table.add("", "peak_source", OptionKind::String, "",
                        "Where the ceilings came from: \"options\", or the "
                        "`loom peak` cache",
                        RecordKey),
              [](RunOptions &o) -> std::string & { return o.peakSource; });
  B::bindText(table.add("", "peak_measured_at", OptionKind::String, "",
                        "When the `loom peak` cache this run used was "
                        "measured (its age is worth a look)",
                        RecordKey),
              [](RunOptions &o) -> std::string & { return o.peakMeasuredAt; });
  B::bindOptionalNumber(
      table.add("", "peak_spread", OptionKind::Number, "",
                "The widest relative spread between the repeats of that "
                "measurement",
                RecordKey),
      [](RunOptions &o) -> std::optional<double> & { return o.peakSpread; },
      /*positive=*/false);
  B::bindBool(table.add("", "peak_disturbed", OptionKind::Bool, "",
                        "Whether that measurement looked disturbed (a busy "
                        "machine, poor core scaling, noisy repeats)",
                        RecordKey),
              [](RunOptions &o) -> bool & { return o.peakDisturbed; });

  // Where results go.
  B::bindText(
      table.add("dump-ir", "dump_ir", OptionKind::Path, "dir",
                "Write the IR after the schedule, after bufferization, in the "
                "LLVM dialect, as optimized LLVM IR and the object file to "
                "this directory (with --split-input-file, DIR/case-N for test "
                "case N)",
                RunFlag | RecordKey),
      [](RunOptions &o) -> std::string & { return o.outputs.dumpIRDir; });
  B::bindText(
      table.add("jitdump", "jitdump", OptionKind::Path, "dir",
                "Write a perf jitdump of the scheduled kernel under this "
                "directory (DIR/.debug/jit/*/jit-PID.dump), so that `perf "
                "record -k 1` of the run and `perf inject --jit` name and "
                "annotate its instructions (docs/profiling.md); without it "
                "nothing is written",
                RunFlag | RecordKey),
      [](RunOptions &o) -> std::string & { return o.outputs.jitdumpDir; });
  B::bindText(
      table.add("save-outputs", "save_outputs", OptionKind::Path, "dir",
                "Write every output of the scheduled kernel (results, written "
                "memref arguments) to this directory as .npy (with "
                "--split-input-file, DIR/case-N for test case N)",
                RunFlag | RecordKey),
      [](RunOptions &o) -> std::string & { return o.outputs.saveOutputsDir; });
  B::bindBool(
      table.add("save-reference", "save_reference", OptionKind::Bool, "",
                "With --save-outputs, also write the reference's outputs to "
                "DIR/reference/",
                RunFlag | RecordKey),
      [](RunOptions &o) -> bool & { return o.outputs.saveReference; });
  B::bindText(
      table.add("bundle", "bundle", OptionKind::Path, "dir",
                "Write a repro bundle of the run to this directory: payload, "
                "schedule as applied, inputs, the IR of every stage, the "
                "object file, the record and the command (also when the run "
                "fails)",
                RunFlag | RecordKey),
      [](RunOptions &o) -> std::string & { return o.outputs.bundleDir; });
  B::bindText(
      table.add("json", "json", OptionKind::Path, "file",
                "Write the JSON record here ('-': stdout; the table then goes "
                "to stderr)",
                RunFlag),
      [](RunOptions &o) -> std::string & { return o.outputs.jsonPath; });
  return {table.infos.begin(), table.infos.end()};
}

llvm::ArrayRef<OptionInfo> getRunOptionInfos() {
  static const std::vector<OptionInfo> infos = createOptionInfos();
  return infos;
}

std::string OptionInfo::getDisplayName() const {
  return flag.empty() ? key.str() : "--" + flag.str();
}

const OptionInfo *findOptionByKey(llvm::StringRef key) {
  for (const OptionInfo &info : getRunOptionInfos())
    if (info.key == key ||
        (!info.deprecatedKey.empty() && info.deprecatedKey == key))
      return &info;
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Values
//===----------------------------------------------------------------------===//

static std::string describeKind(const OptionInfo &option) {
  switch (option.kind) {
  case OptionKind::Bool:
    return "a boolean";
  case OptionKind::Integer:
    return "an integer";
  case OptionKind::Number:
    return "a number";
  case OptionKind::String:
  case OptionKind::Path:
    return "a string";
  case OptionKind::Choice:
    return "one of " + llvm::join(option.choices, ", ");
  case OptionKind::PathList:
    return "an array of strings";
  case OptionKind::Map:
    return option.integerValues ? "an object of integers" : "an object";
  }
  llvm_unreachable("unknown option kind");
}

static bool hasKind(const OptionInfo &option, const Json &value) {
  switch (option.kind) {
  case OptionKind::Bool:
    return value.is_boolean();
  case OptionKind::Integer:
    return value.is_number_integer();
  case OptionKind::Number:
    return value.is_number();
  case OptionKind::String:
  case OptionKind::Path:
    return value.is_string();
  case OptionKind::Choice:
    return value.is_string() &&
           llvm::is_contained(option.choices, value.get<std::string>());
  case OptionKind::PathList:
    return value.is_array() && llvm::all_of(value, [](const Json &element) {
             return element.is_string();
           });
  case OptionKind::Map:
    return value.is_object() && llvm::all_of(value, [&](const Json &element) {
             return option.integerValues
                        ? element.is_number_integer()
                        : !element.is_object() && !element.is_null();
           });
  }
  llvm_unreachable("unknown option kind");
}

std::string setOption(const OptionInfo &option, RunOptions &options,
                      const Json &value) {
  if (!hasKind(option, value))
    return "must be " + describeKind(option);
  return option.set(options, value);
}

llvm::Expected<Json> parseOptionText(const OptionInfo &option,
                                     llvm::StringRef text) {
  std::string name = option.getDisplayName();
  auto expected = [&](const llvm::Twine &what) {
    return makeError(ExitCode::InvalidInput,
                     name + " expects " + what + ", got '" + text + "'");
  };
  switch (option.kind) {
  case OptionKind::Bool:
    if (text == "true" || text == "false")
      return Json(text == "true");
    return expected("true or false");
  case OptionKind::Integer: {
    int64_t integer;
    if (!text.trim().getAsInteger(10, integer))
      return Json(integer);
    uint64_t unsignedInteger;
    if (!text.trim().getAsInteger(10, unsignedInteger))
      return Json(unsignedInteger);
    return expected("an integer");
  }
  case OptionKind::Number: {
    double number;
    if (text.trim().getAsDouble(number))
      return expected("a number");
    return Json(number);
  }
  case OptionKind::String:
  case OptionKind::Path:
  case OptionKind::Choice:
    return Json(text.str());
  case OptionKind::PathList:
    return Json::array({text.str()});
  case OptionKind::Map: {
    auto [key, value] = text.split('=');
    key = key.trim();
    value = value.trim();
    int64_t size = 0;
    if (!text.contains('=') || key.empty() || value.empty() ||
        (option.integerValues && value.getAsInteger(10, size)))
      return expected(option.valueName +
                      (option.integerValues ? " with an integer size" : "") +
                      " (e.g. " + option.example + ")");
    if (!option.integerValues)
      return Json{{key.str(), value.str()}};
    return Json{{key.str(), size}};
  }
  }
  llvm_unreachable("unknown option kind");
}

std::pair<std::string, std::string>
splitOptionProblem(const std::string &problem) {
  if (problem.empty() || problem.front() != '.')
    return {"", problem};
  size_t space = problem.find(' ');
  return {problem.substr(0, space), problem.substr(space + 1)};
}

static std::string formatScalar(const Json &value) {
  if (value.is_string())
    return value.get<std::string>();
  return value.dump();
}

std::vector<std::string> formatOptionArguments(const OptionInfo &option,
                                               const Json &value) {
  std::string flag = "--" + option.flag.str();
  switch (option.kind) {
  case OptionKind::Bool:
    // The switch gives the value it does not default to.
    if (value.get<bool>() != option.negated)
      return {flag};
    return {};
  case OptionKind::PathList: {
    std::vector<std::string> words;
    for (const Json &element : value)
      words.insert(words.end(), {flag, element.get<std::string>()});
    return words;
  }
  case OptionKind::Map: {
    std::vector<std::string> words;
    for (auto it = value.begin(); it != value.end(); ++it)
      words.insert(words.end(), {flag, it.key() + "=" + toText(it.value())});
    return words;
  }
  default:
    if (value.is_null())
      return {};
    return {flag, formatScalar(value)};
  }
}

std::string formatOptionDefault(const OptionInfo &option, const Json &value) {
  if (value.is_null() ||
      (value.is_boolean() && option.kind == OptionKind::Bool) ||
      (value.is_array() && value.empty()) ||
      (value.is_object() && value.empty()))
    return "";
  return formatScalar(value);
}

//===----------------------------------------------------------------------===//
// Codecs
//===----------------------------------------------------------------------===//

Json optionsToJson(const RunOptions &options) {
  Json object = Json::object();
  for (const OptionInfo &info : getRunOptionInfos())
    if (info.in(RecordKey))
      object[std::string(info.key)] = info.get(options);
  return object;
}

void readOptions(JsonReader &reader, const Json &object,
                 const std::string &path, OptionScope scope,
                 RunOptions &options, std::vector<std::string> *deprecated) {
  if (!object.is_object()) {
    reader.fail(path, "must be an object");
    return;
  }
  for (const OptionInfo &info : getRunOptionInfos()) {
    if (!info.in(scope))
      continue;
    for (llvm::StringRef key : {info.key, info.deprecatedKey}) {
      if (key.empty())
        continue;
      auto it = object.find(key.str());
      if (it == object.end() || it->is_null())
        continue;
      if (key == info.deprecatedKey && deprecated)
        deprecated->push_back(path + "." + key.str() +
                              " is deprecated; write " + info.key.str());
      auto [entry, problem] = splitOptionProblem(setOption(info, options, *it));
      if (!problem.empty()) {
        reader.fail(path + "." + key.str() + entry, problem);
        return;
      }
    }
  }
}

void printOptionTable(llvm::raw_ostream &os) {
  os << "<!-- Generated from runner/results/Options.cpp by `make docs`: do not "
        "edit. -->\n"
        "# Run options\n\n"
        "Every option of a run is described once, in "
        "`runner/results/Options.cpp`.\n"
        "The command-line flags of `loom run`, `loom tune` and `loom bench`, "
        "the keys\nof a suite's benchmarks (docs/suite.md), the record's "
        "`options` object\n(docs/record-schema.md) and the arguments `loom "
        "tune` gives each candidate's\n`loom run` all come from it, so a flag "
        "means the same thing everywhere. The\nkey is the flag with `_` for "
        "`-`, plural for a repeatable flag (`--knob`:\n`knobs`), `check` for "
        "`--no-check` and `_s` after a number of seconds (`--min-time`:\n"
        "`min_time_s`).\n\n"
        "Where: `run`, `tune` (passed on to every candidate), `bench` (applied "
        "to every\nbenchmark) are command lines; `suite` and `record` are JSON "
        "keys.\n\n"
        "| Flag | Key | Value | Where | Meaning |\n"
        "| --- | --- | --- | --- | --- |\n";
  static const std::pair<OptionScope, const char *> scopes[] = {
      {RunFlag, "run"},
      {TuneFlag, "tune"},
      {BenchFlag, "bench"},
      {SuiteKey, "suite"},
      {RecordKey, "record"}};
  static const RunOptions defaults;
  for (const OptionInfo &info : getRunOptionInfos()) {
    std::vector<std::string> where;
    for (auto [scope, name] : scopes)
      if (info.in(scope))
        where.push_back(name);
    std::string value =
        info.kind == OptionKind::Bool ? "switch; true/false in JSON"
        : info.valueName.empty()      ? "text"
                                      : "`" + info.valueName.str() + "`";
    if (info.kind == OptionKind::Map)
      value += "; an object in JSON";
    else if (info.kind == OptionKind::PathList)
      value += "; an array in JSON";
    std::string help = info.help.str();
    std::string fallback = formatOptionDefault(info, info.get(defaults));
    if (!fallback.empty() && !llvm::StringRef(help).contains("(default"))
      help += " (default: " + fallback + ")";
    // A '|' inside a cell would end it.
    auto cell = [](llvm::StringRef text) {
      std::string escaped;
      for (char c : text)
        escaped += c == '|' ? std::string("\\|") : std::string(1, c);
      return escaped;
    };
    os << "| " << (info.flag.empty() ? "" : "`--" + info.flag.str() + "`")
       << " | `" << info.key << "` | " << cell(value) << " | "
       << llvm::join(where, ", ") << " | " << cell(help) << " |\n";
  }
  os << "\n## Old spellings\n\n"
        "These still work, with a warning, for one release.\n\n"
        "| Old | New |\n| --- | --- |\n";
  for (const OptionInfo &info : getRunOptionInfos()) {
    if (!info.deprecatedFlag.empty())
      os << "| `--" << info.deprecatedFlag << "` | `--" << info.flag << "` |\n";
    if (!info.deprecatedKey.empty())
      os << "| `\"" << info.deprecatedKey << "\"` in a suite | `\"" << info.key
         << "\"` |\n";
  }
  os << "| `loom tune --seed` | `loom tune --strategy-seed` (`--seed` will be "
        "the input seed, as in `loom run`) |\n"
        "| `loom tune --out` | `loom tune --best-schedule` (`--out` is the "
        "results file of `loom bench`) |\n"
        "| `loom peak --json` (a switch) | `loom peak --json FILE` (`-` for "
        "stdout), as in `loom run` |\n";
}

std::vector<std::string> toRunArguments(const RunOptions &options) {
  static const RunOptions defaults;
  std::vector<std::string> words = {options.payloadPath};
  for (const OptionInfo &info : getRunOptionInfos()) {
    if (!info.in(RunFlag))
      continue;
    Json value = info.get(options);
    if (value == info.get(defaults))
      continue;
    std::vector<std::string> more = formatOptionArguments(info, value);
    words.insert(words.end(), more.begin(), more.end());
  }
  return words;
}

} // namespace mlir::loom
