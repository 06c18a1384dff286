//===- RunOptions.cpp - What a run is asked to do, as plain data ----------===//

#include "runner/results/RunOptions.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/ErrorHandling.h"

namespace mlir::loom {

std::optional<InitKind> parseInitKind(llvm::StringRef name) {
  return llvm::StringSwitch<std::optional<InitKind>>(name)
      .Case("random", InitKind::Random)
      .Case("ones", InitKind::Ones)
      .Case("zeros", InitKind::Zeros)
      .Case("arange", InitKind::Arange)
      .Default(std::nullopt);
}

llvm::StringRef getInitKindName(InitKind kind) {
  switch (kind) {
  case InitKind::Random:
    return "random";
  case InitKind::Ones:
    return "ones";
  case InitKind::Zeros:
    return "zeros";
  case InitKind::Arange:
    return "arange";
  }
  llvm_unreachable("unknown init kind");
}

} // namespace mlir::loom
