//===- OptionFlags.h - Command-line flags from the option table -*- C++ -*-===//
//
// The flags of RunOptions that a subcommand offers are not declared by hand:
// OptionFlags registers one llvm::cl option per entry of the option table
// (results/Options.h) in a scope, with the table's help and the subcommand's
// default, and applies what the command line gave to a RunOptions. `loom
// run`, `loom tune` and `loom bench` each hold one.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_RUNNER_CLI_OPTIONFLAGS_H
#define LOOM_RUNNER_CLI_OPTIONFLAGS_H

#include "runner/results/Options.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"

#include <list>
#include <memory>
#include <string>
#include <vector>

namespace mlir::loom {

class OptionFlags {
public:
  /// Registers a flag on `command` for every option of `scope`; --help shows
  /// the default taken from `defaults`.
  OptionFlags(llvm::cl::SubCommand &command, llvm::cl::OptionCategory &category,
              OptionScope scope, const RunOptions &defaults);
  ~OptionFlags();

  /// Stores the values the command line gave into `options`. Fails with
  /// InvalidInput ("--threads must be at least 1"). A deprecated spelling
  /// works and adds a line to `warnings`.
  llvm::Error apply(RunOptions &options,
                    std::vector<std::string> &warnings) const;

  /// The flags the command line gave ("--seed").
  std::vector<std::string> getGivenFlags() const;

private:
  struct Flag;
  std::vector<std::unique_ptr<Flag>> flags;
  /// Help texts with their defaults (cl::desc keeps a StringRef).
  std::list<std::string> texts;
};

} // namespace mlir::loom

#endif // LOOM_RUNNER_CLI_OPTIONFLAGS_H
