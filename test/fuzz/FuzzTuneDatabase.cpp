//===- FuzzTuneDatabase.cpp - libFuzzer target: the tune database ---------===//
//
// Any text as a JSON Lines tuning database: every line is a record, another
// machine's record or a warning, and the merge of it keeps what it reads.
//
//===----------------------------------------------------------------------===//

#include "runner/campaigns/TuneDatabase.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef text(reinterpret_cast<const char *>(data), size);
  mlir::loom::TuneKey key;
  key.payload = "p";
  key.schedule = "s";
  key.entryPoint = "__transform_main";
  key.loom = "0.1.0";
  key.llvm = "22.1.8";
  key.machine = "m";
  size_t warnings = 0;
  mlir::loom::TuneDatabaseContents contents = mlir::loom::parseTuneDatabase(
      text, "fuzz.jsonl", key, [&](llvm::StringRef) { ++warnings; });
  for (const auto &entry : contents.points)
    (void)entry.second.isValid();
  if (contents.corruptLines != warnings)
    __builtin_trap();
  return 0;
}
