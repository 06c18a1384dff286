//===- RunOptions.cpp - What a run is asked to do, as plain data ----------===//

#include "runner/results/RunOptions.h"

#include "llvm/ADT/StringExtras.h"
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

std::optional<uint64_t> parseByteSize(llvm::StringRef text) {
  text = text.trim();
  uint64_t scale = 1;
  if (!text.empty()) {
    switch (llvm::toUpper(text.back())) {
    case 'K':
      scale = uint64_t(1) << 10;
      break;
    case 'M':
      scale = uint64_t(1) << 20;
      break;
    case 'G':
      scale = uint64_t(1) << 30;
      break;
    }
    if (scale != 1)
      text = text.drop_back();
  }
  uint64_t value;
  if (text.getAsInteger(10, value) || value > (uint64_t(1) << 50) / scale ||
      value * scale < (uint64_t(1) << 16))
    return std::nullopt;
  return value * scale;
}

std::string formatByteSize(uint64_t bytes) {
  for (auto [shift, suffix] :
       {std::pair<int, char>{30, 'G'}, {20, 'M'}, {10, 'K'}})
    if (bytes % (uint64_t(1) << shift) == 0)
      return std::to_string(bytes >> shift) + suffix;
  return std::to_string(bytes);
}

} // namespace mlir::loom
