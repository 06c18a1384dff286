//===- OptionFlags.cpp - Command-line flags from the option table ---------===//

#include "runner/cli/OptionFlags.h"
#include "runner/results/Status.h"

#include "llvm/ADT/StringSet.h"

namespace cl = llvm::cl;

namespace mlir::loom {

struct OptionFlags::Flag {
  const OptionInfo *info = nullptr;
  /// cl::opt<bool> for a Bool, else cl::list<std::string>, so that every
  /// occurrence is seen (a repeated scalar flag: the last one wins).
  std::unique_ptr<cl::opt<bool>> toggle;
  std::unique_ptr<cl::list<std::string>> values;
  /// The spelling is deprecated: the table's `deprecatedFlag`.
  bool deprecated = false;

  bool given() const {
    return toggle ? toggle->getNumOccurrences() > 0
                  : values->getNumOccurrences() > 0;
  }
  std::string getSpelling() const {
    return "--" + (deprecated ? info->deprecatedFlag : info->flag).str();
  }
};

OptionFlags::OptionFlags(cl::SubCommand &command, cl::OptionCategory &category,
                         OptionScope scope, const RunOptions &defaults) {
  for (const OptionInfo &info : getRunOptionInfos()) {
    if (!info.in(scope) || info.flag.empty())
      continue;
    std::string help = info.help.str();
    std::string fallback = formatOptionDefault(info, info.get(defaults));
    if (!fallback.empty() && !llvm::StringRef(help).contains("(default"))
      help += " (default: " + fallback + ")";
    llvm::StringRef description = texts.emplace_back(help);
    for (bool deprecated : {false, true}) {
      llvm::StringRef name = deprecated ? info.deprecatedFlag : info.flag;
      if (name.empty())
        continue;
      auto flag = std::make_unique<Flag>();
      flag->info = &info;
      flag->deprecated = deprecated;
      llvm::StringRef shown =
          deprecated ? llvm::StringRef(texts.emplace_back(
                           "Deprecated spelling of --" + info.flag.str()))
                     : description;
      if (info.kind == OptionKind::Bool) {
        flag->toggle = std::make_unique<cl::opt<bool>>(
            name, cl::desc(shown), cl::sub(command), cl::cat(category),
            deprecated ? cl::ReallyHidden : cl::NotHidden);
      } else {
        flag->values = std::make_unique<cl::list<std::string>>(
            name, cl::desc(shown), cl::value_desc(info.valueName),
            cl::sub(command), cl::cat(category),
            deprecated ? cl::ReallyHidden : cl::NotHidden);
      }
      flags.push_back(std::move(flag));
    }
  }
}

OptionFlags::~OptionFlags() = default;

llvm::Error OptionFlags::apply(RunOptions &options,
                               std::vector<std::string> &warnings) const {
  for (const std::unique_ptr<Flag> &flag : flags) {
    if (!flag->given())
      continue;
    const OptionInfo &info = *flag->info;
    std::string spelling = flag->getSpelling();
    if (flag->deprecated)
      warnings.push_back(spelling + " is deprecated; use --" + info.flag.str());
    std::vector<OptionJson> values;
    if (flag->toggle) {
      values.push_back(OptionJson(bool(*flag->toggle) != info.negated));
    } else {
      llvm::StringSet<> names;
      for (const std::string &text : *flag->values) {
        auto value = parseOptionText(info, text);
        if (!value)
          return value.takeError();
        // A map entry given twice is a mistake, not an override.
        if (info.kind == OptionKind::Map &&
            !names.insert(value->begin().key()).second)
          return makeError(ExitCode::InvalidInput, spelling + " gives '" +
                                                       value->begin().key() +
                                                       "' twice");
        values.push_back(std::move(*value));
      }
      // The elements of a list arrive one per occurrence.
      if (info.kind == OptionKind::PathList) {
        OptionJson all = OptionJson::array();
        for (const OptionJson &value : values)
          all.push_back(value[0]);
        values = {all};
      }
    }
    for (const OptionJson &value : values) {
      auto [entry, problem] =
          splitOptionProblem(setOption(info, options, value));
      if (!problem.empty())
        return makeError(ExitCode::InvalidInput,
                         spelling +
                             (entry.empty() ? "" : " " + entry.substr(1)) +
                             " " + problem);
    }
  }
  return llvm::Error::success();
}

std::vector<std::string> OptionFlags::getGivenFlags() const {
  std::vector<std::string> given;
  for (const std::unique_ptr<Flag> &flag : flags)
    if (flag->given())
      given.push_back(flag->getSpelling());
  return given;
}

} // namespace mlir::loom
