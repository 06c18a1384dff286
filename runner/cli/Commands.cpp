//===- Commands.cpp - What the subcommands of `loom` share ----------------===//

#include "runner/cli/Commands.h"
#include "runner/results/Status.h"

#include "llvm/Support/raw_ostream.h"

#include <map>
#include <memory>

namespace mlir::loom {

llvm::cl::OptionCategory &getToolCategory() {
  static llvm::cl::OptionCategory category("loom options");
  return category;
}

int reportFailure(llvm::StringRef command, llvm::Error error) {
  auto [code, message] = takeError(std::move(error));
  llvm::errs() << "loom " << command << ": error: " << message << "\n";
  return static_cast<int>(code);
}

llvm::cl::OptionCategory &getCategory(const llvm::cl::SubCommand &command) {
  // The category's name must outlive it: both live here for the process.
  static std::map<const llvm::cl::SubCommand *,
                  std::pair<std::unique_ptr<std::string>,
                            std::unique_ptr<llvm::cl::OptionCategory>>>
      categories;
  auto &[name, category] = categories[&command];
  if (!category) {
    name = std::make_unique<std::string>("loom " + command.getName().str() +
                                         " options");
    category = std::make_unique<llvm::cl::OptionCategory>(*name);
  }
  return *category;
}

} // namespace mlir::loom
