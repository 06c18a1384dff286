//===- FuzzResults.cpp - libFuzzer target: records and bench results ------===//
//
// Any text, read as a run record, as bench results (the files `loom
// compare`, `report` and `run --from-bundle` read) and as a tuned records
// file (`--records`); what is accepted is written back and read again.
//
//===----------------------------------------------------------------------===//

#include "runner/results/BenchResults.h"
#include "runner/results/JsonReader.h"
#include "runner/results/Record.h"
#include "runner/results/TunedRecords.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef text(reinterpret_cast<const char *>(data), size);
  if (auto records = mlir::loom::parseTunedRecords(text, "fuzz.json")) {
    auto again = mlir::loom::parseTunedRecords(
        mlir::loom::printTunedRecords(*records), "again.json");
    if (!again || again->size() != records->size())
      __builtin_trap(); // What is read must be written readably.
  } else {
    llvm::consumeError(records.takeError());
  }
  auto json = mlir::loom::parseJson(text, "fuzz.json");
  if (!json) {
    llvm::consumeError(json.takeError());
    return 0;
  }
  if (auto record = mlir::loom::recordFromJson(*json)) {
    (void)record->getRoofline();
    auto again = mlir::loom::recordFromJson(mlir::loom::toJson(*record));
    if (!again)
      __builtin_trap(); // What is read must be written readably.
  } else {
    llvm::consumeError(record.takeError());
  }
  if (auto results = mlir::loom::benchResultsFromJson(*json)) {
    for (const mlir::loom::BenchmarkResult &result : results->benchmarks) {
      (void)result.getMedianTime();
      (void)result.getRoofline();
    }
    (void)mlir::loom::toJson(*results).dump();
  } else {
    llvm::consumeError(results.takeError());
  }
  return 0;
}
