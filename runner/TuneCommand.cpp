//===- TuneCommand.cpp - `loom tune` --------------------------------------===//

#include "runner/Commands.h"
#include "runner/Status.h"
#include "runner/Tune.h"

#include "llvm/Support/raw_ostream.h"

namespace cl = llvm::cl;

namespace mlir::loom {

llvm::cl::SubCommand &getTuneCommand() {
  static cl::SubCommand command(
      "tune",
      "autotune the knobs written in a schedule.\n"
      "\n"
      "  loom tune matmul.mlir --schedule tunable.mlir --list-space \\\n"
      "      --constraint 'tile_m * tile_n <= 4096'\n"
      "\n"
      "The space is every transform.tune.knob (its options) and every\n"
      "transform.tune.alternatives (its regions) in the schedule;\n"
      "--constraint prunes it (docs/tuning.md has the expression language).\n"
      "So far loom tune prints the space (--list-space); the sweep comes\n"
      "next. Meanwhile loom run --knob NAME=VALUE runs one point.\n"
      "\n"
      "Exit codes:\n"
      "  0  the space was printed\n"
      "  2  usage or input error: missing file, parse error, unknown entry\n"
      "     point, a knob without options, a bad constraint\n");
  return command;
}

namespace {
cl::OptionCategory &getTuneCategory() {
  static cl::OptionCategory category("loom tune options");
  return category;
}

cl::opt<std::string> payloadPath(cl::Positional, cl::Required,
                                 cl::desc("<payload.mlir>"),
                                 cl::sub(getTuneCommand()),
                                 cl::cat(getTuneCategory()));
cl::opt<std::string> schedulePath(
    "schedule", cl::value_desc("file"),
    cl::desc("The tunable schedule (default: the one embedded in the "
             "payload)"),
    cl::sub(getTuneCommand()), cl::cat(getTuneCategory()));
cl::list<std::string> scheduleLibraries(
    "schedule-lib", cl::value_desc("file"),
    cl::desc("File of named sequences for transform.include (repeatable)"),
    cl::sub(getTuneCommand()), cl::cat(getTuneCategory()));
cl::opt<std::string> entryPoint("entry-point", cl::value_desc("name"),
                                cl::init("__transform_main"),
                                cl::desc("Named sequence to apply"),
                                cl::sub(getTuneCommand()),
                                cl::cat(getTuneCategory()));
cl::list<std::string> constraints(
    "constraint", cl::value_desc("expr"),
    cl::desc("Keep only points where EXPR over knob names holds, e.g. "
             "'tile_m * tile_n <= 4096' (repeatable; all must hold)"),
    cl::sub(getTuneCommand()), cl::cat(getTuneCategory()));
cl::opt<bool> listSpace("list-space",
                        cl::desc("Print the space (knobs, options, size) and "
                                 "exit"),
                        cl::sub(getTuneCommand()), cl::cat(getTuneCategory()));
} // namespace

int runTuneCommand() {
  auto fail = [](llvm::Error error) {
    auto [code, message] = takeError(std::move(error));
    llvm::errs() << "loom tune: error: " << message << "\n";
    return static_cast<int>(code);
  };
  RunOptions options;
  options.payloadPath = payloadPath;
  options.schedulePath = schedulePath;
  options.scheduleLibraries.assign(scheduleLibraries.begin(),
                                   scheduleLibraries.end());
  options.entryPoint = entryPoint;
  auto space = loadTuneSpace(options, llvm::errs());
  if (!space)
    return fail(space.takeError());
  std::vector<Constraint> parsed;
  for (const std::string &text : constraints) {
    auto constraint = Constraint::parse(text, space->getNames());
    if (!constraint)
      return fail(constraint.takeError());
    parsed.push_back(std::move(*constraint));
  }
  if (!listSpace)
    return fail(makeError(ExitCode::InvalidInput,
                          "the sweep is not implemented yet; --list-space "
                          "prints the space, and loom run --knob NAME=VALUE "
                          "runs one point"));
  printTuneSpace(*space, parsed, llvm::outs());
  return 0;
}

} // namespace mlir::loom
