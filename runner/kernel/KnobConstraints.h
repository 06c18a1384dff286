//===- KnobConstraints.h - Relations between knob values --------*- C++ -*-===//
//
// Constraints prune the points of a tunable schedule. They are written two
// ways, both turned into one expression language (docs/tuning.md has its
// grammar): `--constraint 'thread_m % register_m == 0'` on the command line,
// and upstream's `transform.smt.constrain_params` in the schedule, whose SMT
// region over `transform.tune.knob` params is translated into that language.
// `loom tune` prunes its space with them before compiling anything; `loom
// run` checks the resolved knob values against the schedule's constraints
// and then removes the ops (upstream's interpreter always fails on them).
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_RUNNER_KERNEL_KNOBCONSTRAINTS_H
#define LOOM_RUNNER_KERNEL_KNOBCONSTRAINTS_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace mlir::loom {

/// A knob value as constraints see it: an integer (integer and boolean
/// options, region indices) or a string (string options, and any other
/// attribute as its text).
using TuneValue = std::variant<int64_t, std::string>;

/// The value of an option written as MLIR attribute text ("32", "\"outer\"").
TuneValue parseTuneValue(llvm::StringRef attributeText);

/// What an expression of the language is written as: a constraint
/// (--constraint, or a schedule's transform.smt.constrain_params) or a
/// knob's loom.host_default (whose names are the host's parameters and the
/// knobs before it).
enum class ExpressionKind { Constraint, HostDefault };

/// A parsed constraint expression (--constraint, or translated from a
/// schedule's transform.smt.constrain_params), or a loom.host_default.
class Constraint {
public:
  struct Node;

  /// Parses `text`; every name must be one of `names`. Fails (InvalidInput)
  /// with the position of the problem.
  /// `origin` says where it was written (a schedule's file:line:col; empty
  /// for --constraint).
  static llvm::Expected<Constraint>
  parse(llvm::StringRef text, llvm::ArrayRef<std::string> names,
        llvm::StringRef origin = "",
        ExpressionKind kind = ExpressionKind::Constraint);

  /// True when the point satisfies the expression (a non-zero integer, or a
  /// true comparison). Division or remainder by zero makes it false.
  bool evaluate(llvm::ArrayRef<TuneValue> point) const;
  /// The integer value of the expression at `point`; none when it is a
  /// string or divides by zero.
  std::optional<int64_t> evaluateInteger(llvm::ArrayRef<TuneValue> point) const;
  /// False when a term of the expression's top-level `&&` names only the
  /// knob `name` and is false at `point` (whatever the other knobs are,
  /// the expression is then false for that knob's value): loom tune drops
  /// such options before it counts and sweeps the space.
  bool admits(size_t name, llvm::ArrayRef<TuneValue> point) const;

  const std::string &getText() const { return text; }
  const std::string &getOrigin() const { return origin; }
  /// "--constraint 'TEXT'", "the constraint at ORIGIN ('TEXT')" or
  /// "loom.host_default 'TEXT'".
  std::string describe() const;

  Constraint(Constraint &&);
  Constraint &operator=(Constraint &&);
  ~Constraint();

private:
  Constraint() = default;
  std::string text, origin;
  ExpressionKind kind = ExpressionKind::Constraint;
  std::unique_ptr<Node> root;
};

/// A transform.smt.constrain_params of a schedule, as an expression over
/// knob names.
struct ScheduleConstraint {
  /// The expression language's text ("thread_m % register_m == 0").
  std::string text;
  /// file:line:col of the op.
  std::string location;
};

/// The constraints of `schedule`'s transform.smt.constrain_params ops. Fails
/// (InvalidInput, with the op's location) when an operand is not a
/// transform.tune.knob, the region uses an SMT op Loom does not evaluate,
/// or the op has results.
llvm::Expected<std::vector<ScheduleConstraint>>
getScheduleConstraints(ModuleOp schedule);

/// Checks the selected knob values of `schedule` against its constraints
/// and erases the constrain_params ops (the interpreter cannot run them).
/// Fails (InvalidInput) naming the constraint the values violate.
llvm::Error applyScheduleConstraints(ModuleOp schedule);

} // namespace mlir::loom

#endif // LOOM_RUNNER_KERNEL_KNOBCONSTRAINTS_H
