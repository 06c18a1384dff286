//===- Commands.h - The subcommands of the `loom` tool ----------*- C++ -*-===//
//
// Each subcommand lives in its own file: it declares its options, fills the
// options struct of its library function and calls it.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_RUNNER_CLI_COMMANDS_H
#define LOOM_RUNNER_CLI_COMMANDS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace mlir::loom {

/// Options shared by the whole tool (shown in every --help).
llvm::cl::OptionCategory &getToolCategory();
/// Prints "loom COMMAND: error: MESSAGE" and returns the error's exit code.
int reportFailure(llvm::StringRef command, llvm::Error error);

/// The category of a subcommand's own options ("loom run options").
llvm::cl::OptionCategory &getCategory(const llvm::cl::SubCommand &command);

llvm::cl::SubCommand &getRunCommand();
/// Runs `loom run` with the parsed options; returns the exit code.
/// `commandLine` is the whole command, for repro bundles.
int runRunCommand(llvm::ArrayRef<std::string> commandLine);

llvm::cl::SubCommand &getBenchCommand();
int runBenchCommand();
llvm::cl::SubCommand &getCompareCommand();
int runCompareCommand();
llvm::cl::SubCommand &getReportCommand();
int runReportCommand();
llvm::cl::SubCommand &getPeakCommand();
int runPeakCommand();
llvm::cl::SubCommand &getTuneCommand();
int runTuneCommand();

/// Rewrites old spellings that the parser cannot take as they are (`loom
/// peak --json` without a file becomes `--json=-`), adding a warning for
/// each.
void rewriteDeprecatedArguments(std::vector<std::string> &arguments,
                                std::vector<std::string> &warnings);

} // namespace mlir::loom

#endif // LOOM_RUNNER_CLI_COMMANDS_H
