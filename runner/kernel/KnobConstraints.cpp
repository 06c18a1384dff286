//===- KnobConstraints.cpp - Relations between knob values ----------------===//

#include "runner/kernel/KnobConstraints.h"
#include "runner/results/Status.h"
#include "transforms/SourceLocation.h"

#include "mlir/Dialect/SMT/IR/SMTOps.h"
#include "mlir/Dialect/Transform/SMTExtension/SMTExtensionOps.h"
#include "mlir/Dialect/Transform/TuneExtension/TuneExtensionOps.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::loom {

TuneValue parseTuneValue(llvm::StringRef text) {
  text = text.trim();
  llvm::StringRef number = text.split(':').first.trim(); // "32 : i64"
  int64_t value;
  if (!number.getAsInteger(10, value))
    return value;
  if (number == "true")
    return int64_t(1);
  if (number == "false")
    return int64_t(0);
  if (text.size() >= 2 && text.front() == '"' && text.back() == '"')
    return text.drop_front().drop_back().str();
  return text.str();
}

//===----------------------------------------------------------------------===//
// Constraint expressions
//===----------------------------------------------------------------------===//

struct Constraint::Node {
  enum Kind { Integer, String, Name, Negate, Not, Binary } kind;
  int64_t integer = 0;
  std::string string;
  size_t name = 0;
  /// For Binary: "+", "-", "*", "/", "%", "==", "!=", "<", "<=", ">", ">=",
  /// "&&", "||", and the functions "min" and "max".
  std::string op;
  std::unique_ptr<Node> lhs, rhs;
};

namespace {
class Parser {
public:
  Parser(llvm::StringRef text, llvm::ArrayRef<std::string> names,
         ExpressionKind kind)
      : text(text), names(names), kind(kind) {}

  std::unique_ptr<Constraint::Node> parse() {
    auto node = parseBinary(0);
    skipSpace();
    if (node && position < text.size())
      fail("unexpected '" + text.substr(position, 1).str() + "'");
    return error.empty() ? std::move(node) : nullptr;
  }

  std::string error;

private:
  using Node = Constraint::Node;

  void skipSpace() {
    while (position < text.size() && llvm::isSpace(text[position]))
      ++position;
  }
  void fail(const std::string &what) {
    if (error.empty())
      error = what + " at column " + std::to_string(position + 1);
  }
  bool consume(llvm::StringRef token) {
    skipSpace();
    if (!text.substr(position).starts_with(token))
      return false;
    // "<" must not eat the start of "<=".
    if ((token == "<" || token == ">" || token == "!") &&
        text.substr(position).starts_with(token.str() + "="))
      return false;
    position += token.size();
    return true;
  }

  /// Binary operators by precedence, loosest first.
  static constexpr int kLevels = 5;
  std::unique_ptr<Node> parseBinary(int level) {
    static const std::vector<std::vector<llvm::StringRef>> operators = {
        {"||"},
        {"&&"},
        {"==", "!=", "<=", ">=", "<", ">"},
        {"+", "-"},
        {"*", "/", "%"}};
    if (level == kLevels)
      return parseUnary();
    auto lhs = parseBinary(level + 1);
    while (lhs) {
      llvm::StringRef matched;
      for (llvm::StringRef op : operators[level])
        if (consume(op)) {
          matched = op;
          break;
        }
      if (matched.empty())
        break;
      auto rhs = parseBinary(level + 1);
      if (!rhs)
        return nullptr;
      lhs = makeBinary(matched, std::move(lhs), std::move(rhs));
      // Comparisons do not chain: a < b < c is an error.
      if (level == 2 && llvm::any_of(operators[2], [&](llvm::StringRef op) {
            skipSpace();
            return text.substr(position).starts_with(op);
          })) {
        fail("comparisons do not chain; use && between them");
        return nullptr;
      }
    }
    return lhs;
  }

  std::unique_ptr<Node> parseUnary() {
    if (consume("-") || consume("!")) {
      bool negate = text[position - 1] == '-';
      auto operand = parseUnary();
      if (!operand)
        return nullptr;
      auto node = std::make_unique<Node>();
      node->kind = negate ? Node::Negate : Node::Not;
      node->lhs = std::move(operand);
      return node;
    }
    return parsePrimary();
  }

  std::unique_ptr<Node> parsePrimary() {
    skipSpace();
    if (position >= text.size()) {
      fail("the expression ends early");
      return nullptr;
    }
    auto node = std::make_unique<Node>();
    char c = text[position];
    if (consume("(")) {
      auto inner = parseBinary(0);
      if (!inner)
        return nullptr;
      if (!consume(")")) {
        fail("expected ')'");
        return nullptr;
      }
      return inner;
    }
    if (llvm::isDigit(c)) {
      size_t start = position;
      while (position < text.size() && llvm::isDigit(text[position]))
        ++position;
      node->kind = Node::Integer;
      if (text.slice(start, position).getAsInteger(10, node->integer)) {
        fail("integer out of range");
        return nullptr;
      }
      return node;
    }
    if (c == '"' || c == '\'') {
      size_t end = text.find(c, position + 1);
      if (end == llvm::StringRef::npos) {
        fail("unterminated string");
        return nullptr;
      }
      node->kind = Node::String;
      node->string = text.slice(position + 1, end).str();
      position = end + 1;
      return node;
    }
    if (llvm::isAlpha(c) || c == '_') {
      size_t start = position;
      while (position < text.size() &&
             (llvm::isAlnum(text[position]) || text[position] == '_'))
        ++position;
      llvm::StringRef name = text.slice(start, position);
      // min(a, b) and max(a, b): a name followed by "(" is a call.
      if (consume("("))
        return parseCall(name, start);
      auto it = llvm::find(names, name.str());
      if (it == names.end()) {
        position = start;
        std::string known =
            names.empty() ? std::string("none") : llvm::join(names, ", ");
        if (kind == ExpressionKind::HostDefault)
          fail("unknown name '" + name.str() +
               "' (the host's parameters and the knobs before this one: " +
               known + ")");
        else
          fail("unknown knob '" + name.str() +
               "' (the schedule's knobs: " + known + ")");
        return nullptr;
      }
      node->kind = Node::Name;
      node->name = it - names.begin();
      return node;
    }
    fail("unexpected '" + std::string(1, c) + "'");
    return nullptr;
  }

  /// The arguments and ")" of a call of `function` (whose "(" is read),
  /// written at `start`.
  std::unique_ptr<Node> parseCall(llvm::StringRef function, size_t start) {
    if (function != "min" && function != "max") {
      position = start;
      fail("unknown function '" + function.str() + "' (min and max are)");
      return nullptr;
    }
    auto lhs = parseBinary(0);
    if (!lhs)
      return nullptr;
    if (!consume(",")) {
      fail(function.str() + " takes two arguments: expected ','");
      return nullptr;
    }
    auto rhs = parseBinary(0);
    if (!rhs)
      return nullptr;
    if (!consume(")")) {
      fail(function.str() + " takes two arguments: expected ')'");
      return nullptr;
    }
    return makeBinary(function, std::move(lhs), std::move(rhs));
  }

  /// A Binary node: an operator or a function of two arguments.
  static std::unique_ptr<Node> makeBinary(llvm::StringRef op,
                                          std::unique_ptr<Node> lhs,
                                          std::unique_ptr<Node> rhs) {
    auto node = std::make_unique<Node>();
    node->kind = Node::Binary;
    node->op = op.str();
    node->lhs = std::move(lhs);
    node->rhs = std::move(rhs);
    return node;
  }

  llvm::StringRef text;
  llvm::ArrayRef<std::string> names;
  ExpressionKind kind;
  size_t position = 0;
};

/// The value of `node`, or nothing when it cannot be computed (a string in
/// arithmetic, division by zero).
std::optional<TuneValue> evaluateNode(const Constraint::Node &node,
                                      llvm::ArrayRef<TuneValue> point) {
  using Node = Constraint::Node;
  switch (node.kind) {
  case Node::Integer:
    return TuneValue(node.integer);
  case Node::String:
    return TuneValue(node.string);
  case Node::Name:
    return point[node.name];
  case Node::Negate:
  case Node::Not: {
    auto operand = evaluateNode(*node.lhs, point);
    if (!operand || !std::holds_alternative<int64_t>(*operand))
      return std::nullopt;
    int64_t value = std::get<int64_t>(*operand);
    return TuneValue(node.kind == Node::Negate ? -value : int64_t(value == 0));
  }
  case Node::Binary:
    break;
  }
  auto lhs = evaluateNode(*node.lhs, point);
  auto rhs = evaluateNode(*node.rhs, point);
  if (!lhs || !rhs)
    return std::nullopt;
  llvm::StringRef op = node.op;
  if (op == "==")
    return TuneValue(int64_t(*lhs == *rhs));
  if (op == "!=")
    return TuneValue(int64_t(*lhs != *rhs));
  if (lhs->index() != rhs->index())
    return std::nullopt;
  if (op == "<")
    return TuneValue(int64_t(*lhs < *rhs));
  if (op == "<=")
    return TuneValue(int64_t(*lhs <= *rhs));
  if (op == ">")
    return TuneValue(int64_t(*lhs > *rhs));
  if (op == ">=")
    return TuneValue(int64_t(*lhs >= *rhs));
  if (!std::holds_alternative<int64_t>(*lhs))
    return std::nullopt;
  int64_t a = std::get<int64_t>(*lhs), b = std::get<int64_t>(*rhs);
  if (op == "&&")
    return TuneValue(int64_t(a != 0 && b != 0));
  if (op == "||")
    return TuneValue(int64_t(a != 0 || b != 0));
  if (op == "+")
    return TuneValue(a + b);
  if (op == "-")
    return TuneValue(a - b);
  if (op == "min")
    return TuneValue(std::min(a, b));
  if (op == "max")
    return TuneValue(std::max(a, b));
  if (op == "*")
    return TuneValue(a * b);
  if (b == 0)
    return std::nullopt;
  if (op == "/")
    return TuneValue(a / b);
  return TuneValue(a % b);
}
} // namespace

llvm::Expected<Constraint> Constraint::parse(llvm::StringRef text,
                                             llvm::ArrayRef<std::string> names,
                                             llvm::StringRef origin,
                                             ExpressionKind kind) {
  Parser parser(text, names, kind);
  Constraint constraint;
  constraint.text = text.str();
  constraint.origin = origin.str();
  constraint.kind = kind;
  constraint.root = parser.parse();
  if (!constraint.root)
    return makeError(ExitCode::InvalidInput,
                     constraint.describe() + ": " + parser.error);
  return std::move(constraint);
}

std::string Constraint::describe() const {
  // A host default's error is reported at its knob's location already.
  if (kind == ExpressionKind::HostDefault)
    return "loom.host_default '" + text + "'";
  if (origin.empty())
    return "--constraint '" + text + "'";
  return "the constraint at " + origin + " ('" + text + "')";
}

bool Constraint::evaluate(llvm::ArrayRef<TuneValue> point) const {
  std::optional<TuneValue> value = evaluateNode(*root, point);
  return value && std::holds_alternative<int64_t>(*value) &&
         std::get<int64_t>(*value) != 0;
}

/// Adds the knobs `node` names to `names`.
static void collectNames(const Constraint::Node &node,
                         llvm::SmallVectorImpl<size_t> &names) {
  if (node.kind == Constraint::Node::Name &&
      !llvm::is_contained(names, node.name))
    names.push_back(node.name);
  if (node.lhs)
    collectNames(*node.lhs, names);
  if (node.rhs)
    collectNames(*node.rhs, names);
}

bool Constraint::admits(size_t name, llvm::ArrayRef<TuneValue> point) const {
  llvm::SmallVector<const Node *> terms{root.get()};
  while (!terms.empty()) {
    const Node *term = terms.pop_back_val();
    if (term->kind == Node::Binary && term->op == "&&") {
      terms.push_back(term->lhs.get());
      terms.push_back(term->rhs.get());
      continue;
    }
    llvm::SmallVector<size_t> names;
    collectNames(*term, names);
    if (names.size() != 1 || names.front() != name)
      continue;
    std::optional<TuneValue> value = evaluateNode(*term, point);
    if (!value || !std::holds_alternative<int64_t>(*value) ||
        std::get<int64_t>(*value) == 0)
      return false;
  }
  return true;
}

std::optional<int64_t>
Constraint::evaluateInteger(llvm::ArrayRef<TuneValue> point) const {
  std::optional<TuneValue> value = evaluateNode(*root, point);
  if (!value || !std::holds_alternative<int64_t>(*value))
    return std::nullopt;
  return std::get<int64_t>(*value);
}

Constraint::Constraint(Constraint &&) = default;
Constraint &Constraint::operator=(Constraint &&) = default;
Constraint::~Constraint() = default;

//===----------------------------------------------------------------------===//
// transform.smt.constrain_params
//===----------------------------------------------------------------------===//

namespace {
/// Translates the SMT region of one constrain_params op into the expression
/// language: every value becomes a parenthesized expression, every
/// smt.assert one conjunct.
class SmtTranslator {
public:
  explicit SmtTranslator(transform::smt::ConstrainParamsOp op) : op(op) {}

  llvm::Expected<ScheduleConstraint> translate() {
    ScheduleConstraint result;
    result.location = describeLocation(op->getLoc());
    if (op->getNumResults())
      return fail(op, "results of transform.smt.constrain_params (values "
                      "chosen by a solver) are not supported; state the "
                      "relation only");
    Block &body = op.getBody().front();
    for (auto [index, operand] : llvm::enumerate(op.getParams())) {
      auto knob = operand.getDefiningOp<transform::tune::KnobOp>();
      if (!knob)
        return fail(op, "operand #" + std::to_string(index) +
                            " is not the result of a transform.tune.knob; "
                            "Loom evaluates constraints over knobs only");
      BlockArgument argument = body.getArgument(index);
      expressions[argument] = knob.getName().str();
    }
    std::vector<std::string> asserted;
    for (Operation &inner : body.without_terminator()) {
      if (auto assertion = dyn_cast<mlir::smt::AssertOp>(inner)) {
        auto it = expressions.find(assertion.getInput());
        if (it == expressions.end())
          return fail(&inner, "cannot evaluate the asserted value");
        asserted.push_back(it->second);
        continue;
      }
      if (llvm::Error error = translateOp(inner))
        return std::move(error);
    }
    if (asserted.empty())
      return fail(op, "the region asserts nothing (add smt.assert)");
    result.text = llvm::join(asserted, " && ");
    return result;
  }

private:
  llvm::Error fail(Operation *at, const std::string &what) {
    return makeError(ExitCode::InvalidInput,
                     describeLocation(at->getLoc()) + ": " + what +
                         (at == op.getOperation()
                              ? ""
                              : " (in the transform.smt.constrain_params at " +
                                    describeLocation(op->getLoc()) + ")"));
  }

  llvm::Expected<std::string> get(Value value, Operation *user) {
    auto it = expressions.find(value);
    if (it == expressions.end())
      return fail(user, "uses a value Loom cannot evaluate");
    return it->second;
  }

  /// "(a OP b OP c)" over all operands of `inner`.
  llvm::Error chain(Operation &inner, llvm::StringRef separator,
                    bool pairwise = false) {
    std::vector<std::string> parts;
    for (Value operand : inner.getOperands()) {
      auto text = get(operand, &inner);
      if (!text)
        return text.takeError();
      parts.push_back(*text);
    }
    if (parts.empty())
      return fail(&inner, "has no operands");
    std::string text;
    if (pairwise) {
      // smt.eq and smt.distinct over n values: every adjacent (eq) or every
      // (distinct) pair.
      std::vector<std::string> pairs;
      for (size_t i = 0; i < parts.size(); ++i)
        for (size_t j = i + 1; j < parts.size(); ++j)
          if (separator == "!=" || j == i + 1)
            pairs.push_back(parts[i] + " " + separator.str() + " " + parts[j]);
      text = llvm::join(pairs, " && ");
    } else {
      text = llvm::join(parts, " " + separator.str() + " ");
    }
    expressions[inner.getResult(0)] = "(" + text + ")";
    return llvm::Error::success();
  }

  llvm::Error translateOp(Operation &inner) {
    using namespace mlir::smt;
    if (inner.getNumResults() != 1)
      return fail(&inner, "'" + inner.getName().getStringRef().str() +
                              "' is not supported in constraints");
    Value result = inner.getResult(0);
    if (auto constant = dyn_cast<IntConstantOp>(inner)) {
      const llvm::APInt &value = constant.getValue();
      if (value.getSignificantBits() > 63)
        return fail(&inner, "the constant does not fit in 64 bits");
      int64_t number = value.getSExtValue();
      expressions[result] = number < 0 ? "(-" + std::to_string(-number) + ")"
                                       : std::to_string(number);
      return llvm::Error::success();
    }
    if (auto constant = dyn_cast<BoolConstantOp>(inner)) {
      expressions[result] = constant.getValue() ? "1" : "0";
      return llvm::Error::success();
    }
    if (isa<IntAddOp>(inner))
      return chain(inner, "+");
    if (isa<IntMulOp>(inner))
      return chain(inner, "*");
    if (isa<IntSubOp>(inner))
      return chain(inner, "-");
    if (isa<IntDivOp>(inner))
      return chain(inner, "/");
    if (isa<IntModOp>(inner))
      return chain(inner, "%");
    if (isa<AndOp>(inner))
      return chain(inner, "&&");
    if (isa<OrOp>(inner))
      return chain(inner, "||");
    if (isa<XOrOp>(inner))
      return chain(inner, "!=");
    if (isa<EqOp>(inner))
      return chain(inner, "==", /*pairwise=*/true);
    if (isa<DistinctOp>(inner))
      return chain(inner, "!=", /*pairwise=*/true);
    if (auto implies = dyn_cast<ImpliesOp>(inner)) {
      auto lhs = get(implies.getLhs(), &inner);
      if (!lhs)
        return lhs.takeError();
      auto rhs = get(implies.getRhs(), &inner);
      if (!rhs)
        return rhs.takeError();
      expressions[result] = "(!" + *lhs + " || " + *rhs + ")";
      return llvm::Error::success();
    }
    if (auto negation = dyn_cast<NotOp>(inner)) {
      auto operand = get(negation.getInput(), &inner);
      if (!operand)
        return operand.takeError();
      expressions[result] = "(!" + *operand + ")";
      return llvm::Error::success();
    }
    if (auto compare = dyn_cast<IntCmpOp>(inner)) {
      static const char *symbols[] = {"<", "<=", ">", ">="};
      auto lhs = get(compare.getLhs(), &inner);
      if (!lhs)
        return lhs.takeError();
      auto rhs = get(compare.getRhs(), &inner);
      if (!rhs)
        return rhs.takeError();
      expressions[result] = "(" + *lhs + " " +
                            symbols[static_cast<int>(compare.getPred())] + " " +
                            *rhs + ")";
      return llvm::Error::success();
    }
    return fail(&inner,
                "'" + inner.getName().getStringRef().str() +
                    "' is not supported in constraints (Loom evaluates "
                    "smt.int.constant, smt.constant, smt.int.add/sub/mul/"
                    "div/mod, smt.int.cmp, smt.eq, smt.distinct, smt.and, "
                    "smt.or, smt.xor, smt.not, smt.implies and smt.assert)");
  }

  transform::smt::ConstrainParamsOp op;
  llvm::DenseMap<Value, std::string> expressions;
};
} // namespace

llvm::Expected<std::vector<ScheduleConstraint>>
getScheduleConstraints(ModuleOp schedule) {
  std::vector<ScheduleConstraint> constraints;
  llvm::Error error = llvm::Error::success();
  schedule->walk([&](transform::smt::ConstrainParamsOp op) {
    if (error)
      return WalkResult::interrupt();
    auto translated = SmtTranslator(op).translate();
    if (!translated) {
      error = translated.takeError();
      return WalkResult::interrupt();
    }
    constraints.push_back(std::move(*translated));
    return WalkResult::advance();
  });
  if (error)
    return std::move(error);
  return constraints;
}

llvm::Error applyScheduleConstraints(ModuleOp schedule) {
  std::vector<transform::smt::ConstrainParamsOp> ops;
  schedule->walk(
      [&](transform::smt::ConstrainParamsOp op) { ops.push_back(op); });
  for (transform::smt::ConstrainParamsOp op : ops) {
    auto translated = SmtTranslator(op).translate();
    if (!translated)
      return translated.takeError();
    // The knob values in the order of the expression's names.
    std::vector<std::string> names;
    std::vector<TuneValue> values;
    std::vector<std::string> shown;
    for (Value operand : op.getParams()) {
      auto knob = operand.getDefiningOp<transform::tune::KnobOp>();
      std::string name = knob.getName().str();
      if (llvm::is_contained(names, name))
        continue;
      Attribute selected = knob.getSelectedAttr();
      if (!selected)
        return makeError(ExitCode::InvalidInput, "knob '" + name +
                                                     "' has no value for the "
                                                     "constraint at " +
                                                     translated->location);
      std::string text;
      llvm::raw_string_ostream os(text);
      selected.print(os, /*elideType=*/true);
      names.push_back(name);
      values.push_back(parseTuneValue(text));
      shown.push_back(name + "=" + text);
    }
    auto constraint =
        Constraint::parse(translated->text, names, translated->location);
    if (!constraint)
      return constraint.takeError();
    if (!constraint->evaluate(values))
      return makeError(ExitCode::InvalidInput,
                       "the knob values " + llvm::join(shown, ", ") +
                           " violate the constraint at " +
                           translated->location + ": " + translated->text);
    op->erase();
  }
  return llvm::Error::success();
}

} // namespace mlir::loom
