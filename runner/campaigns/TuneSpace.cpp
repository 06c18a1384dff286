//===- TuneSpace.cpp - The search space of a tunable schedule -------------===//

#include "runner/campaigns/TuneSpace.h"
#include "runner/results/Status.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

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
  /// "&&", "||".
  std::string op;
  std::unique_ptr<Node> lhs, rhs;
};

namespace {
class Parser {
public:
  Parser(llvm::StringRef text, llvm::ArrayRef<std::string> names)
      : text(text), names(names) {}

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
      auto node = std::make_unique<Node>();
      node->kind = Node::Binary;
      node->op = matched.str();
      node->lhs = std::move(lhs);
      node->rhs = std::move(rhs);
      lhs = std::move(node);
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
      auto it = llvm::find(names, name.str());
      if (it == names.end()) {
        position = start;
        fail("unknown knob '" + name.str() + "' (the schedule's knobs: " +
             (names.empty() ? std::string("none") : llvm::join(names, ", ")) +
             ")");
        return nullptr;
      }
      node->kind = Node::Name;
      node->name = it - names.begin();
      return node;
    }
    fail("unexpected '" + std::string(1, c) + "'");
    return nullptr;
  }

  llvm::StringRef text;
  llvm::ArrayRef<std::string> names;
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
  if (op == "*")
    return TuneValue(a * b);
  if (b == 0)
    return std::nullopt;
  if (op == "/")
    return TuneValue(a / b);
  return TuneValue(a % b);
}
} // namespace

llvm::Expected<Constraint>
Constraint::parse(llvm::StringRef text, llvm::ArrayRef<std::string> names) {
  Parser parser(text, names);
  Constraint constraint;
  constraint.text = text.str();
  constraint.root = parser.parse();
  if (!constraint.root)
    return makeError(ExitCode::InvalidInput,
                     "--constraint '" + text + "': " + parser.error);
  return std::move(constraint);
}

bool Constraint::evaluate(llvm::ArrayRef<TuneValue> point) const {
  std::optional<TuneValue> value = evaluateNode(*root, point);
  return value && std::holds_alternative<int64_t>(*value) &&
         std::get<int64_t>(*value) != 0;
}

Constraint::Constraint(Constraint &&) = default;
Constraint &Constraint::operator=(Constraint &&) = default;
Constraint::~Constraint() = default;

//===----------------------------------------------------------------------===//
// The space
//===----------------------------------------------------------------------===//

llvm::Expected<TuneSpace> TuneSpace::create(std::vector<Tunable> tunables) {
  for (const Tunable &tunable : tunables)
    if (tunable.options.empty())
      return makeError(ExitCode::InvalidInput,
                       "knob '" + tunable.name + "' (" + tunable.location +
                           ") has no list of options to search: write "
                           "options = [...]");
  TuneSpace space;
  space.dimensions = std::move(tunables);
  return std::move(space);
}

std::vector<std::string> TuneSpace::getNames() const {
  std::vector<std::string> names;
  for (const Tunable &dimension : dimensions)
    names.push_back(dimension.name);
  return names;
}

uint64_t TuneSpace::size() const {
  uint64_t size = 1;
  for (const Tunable &dimension : dimensions) {
    uint64_t options = dimension.options.size();
    if (size > UINT64_MAX / options)
      return UINT64_MAX;
    size *= options;
  }
  return size;
}

std::vector<size_t> TuneSpace::getCoordinates(uint64_t index) const {
  std::vector<size_t> point(dimensions.size());
  for (size_t i = dimensions.size(); i-- > 0;) {
    uint64_t options = dimensions[i].options.size();
    point[i] = index % options;
    index /= options;
  }
  return point;
}

uint64_t TuneSpace::getIndex(llvm::ArrayRef<size_t> coordinates) const {
  uint64_t index = 0;
  for (auto [dimension, coordinate] : llvm::zip_equal(dimensions, coordinates))
    index = index * dimension.options.size() + coordinate;
  return index;
}

std::vector<KnobSetting>
TuneSpace::getSettings(llvm::ArrayRef<size_t> point) const {
  std::vector<KnobSetting> settings;
  for (auto [dimension, option] : llvm::zip_equal(dimensions, point))
    settings.push_back({dimension.name, dimension.options[option]});
  return settings;
}

std::vector<TuneValue>
TuneSpace::getValues(llvm::ArrayRef<size_t> point) const {
  std::vector<TuneValue> values;
  for (auto [dimension, option] : llvm::zip_equal(dimensions, point))
    values.push_back(parseTuneValue(dimension.options[option]));
  return values;
}

bool TuneSpace::satisfies(llvm::ArrayRef<size_t> point,
                          llvm::ArrayRef<Constraint> constraints) const {
  if (constraints.empty())
    return true;
  std::vector<TuneValue> values = getValues(point);
  return llvm::all_of(constraints, [&](const Constraint &constraint) {
    return constraint.evaluate(values);
  });
}

std::optional<uint64_t>
TuneSpace::countValid(llvm::ArrayRef<Constraint> constraints,
                      uint64_t limit) const {
  uint64_t total = size();
  if (constraints.empty())
    return total;
  if (total > limit)
    return std::nullopt;
  uint64_t valid = 0;
  for (uint64_t index = 0; index < total; ++index)
    valid += satisfies(getCoordinates(index), constraints);
  return valid;
}

} // namespace mlir::loom
