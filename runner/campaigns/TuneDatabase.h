//===- TuneDatabase.h - The results of `loom tune`, one per line -*- C++
//-*-===//
//
// Every evaluated point of a sweep is one JSON line, appended before the
// next candidate starts, so that a sweep can be interrupted, killed or
// sharded and resumed without losing or repeating a measurement. A line
// carries the key that makes measurements comparable (payload, schedule,
// entry point, function, threads, Loom, LLVM, machine); lines with another
// key are kept but not used (docs/tuning.md).
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_RUNNER_CAMPAIGNS_TUNEDATABASE_H
#define LOOM_RUNNER_CAMPAIGNS_TUNEDATABASE_H

#include "runner/results/RunOptions.h"
#include "runner/results/TunedRecords.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace mlir::loom {

/// One evaluated point.
struct TunePoint {
  std::vector<KnobSetting> settings;
  /// A `loom run` status ("ok", "mismatch", "compile-failure", "crash",
  /// "invalid-input") or "timeout".
  std::string status;
  std::string reason;
  std::optional<double> medianSeconds, gflops;
  /// Read from the database instead of measured now.
  bool reused = false;
  /// How long the candidate's process took (compile, check and timing);
  /// not kept in the database.
  std::optional<double> wallSeconds;
  /// What a tuned record of this run must match (from the candidate's
  /// record); not kept in the database.
  std::optional<TunedRecordKey> recordsKey;

  bool isValid() const { return status == "ok" && medianSeconds; }
};

/// "tile_m=32 tile_n=64": a point as the log and the database index show it.
std::string getPointText(llvm::ArrayRef<KnobSetting> settings);

/// The payload and the schedule of a sweep as MLIR reads them
/// (kernel/Knobs.h getIRDigest; the schedule with its libraries merged).
struct TuneDigests {
  std::string payload, schedule;
  /// getPayloadSignature of the payload: what a tuned record matches of it.
  std::string payloadSignature;
};

/// What makes two measurements comparable: the same payload, schedule,
/// entry point, function, threads, Loom, LLVM and machine. The payload and
/// the schedule are keyed as MLIR reads them (getIRDigest), so that a sweep
/// resumes after an edit of their comments or layout.
struct TuneKey {
  std::string payload, schedule, entryPoint, function, loom, llvm, machine;
  unsigned threads = 1;
  /// The keys of Loom 0.1.0 (the SHA-256 of the files' bytes), which lines
  /// written by it carry; matched too, not written.
  std::string legacyPayload, legacySchedule;

  /// The key of candidates of `run` on this machine, with the digests of
  /// its payload and schedule (loadTuneSpace). Fails with InvalidInput when
  /// a file cannot be read.
  static llvm::Expected<TuneKey> create(const RunOptions &run,
                                        const TuneDigests &digests);

  nlohmann::ordered_json toJson() const;
  /// Whether the database line `line` has this key (or the legacy one).
  bool matches(const nlohmann::ordered_json &line) const;
};

/// The points of one key in a database, and what else it holds.
struct TuneDatabaseContents {
  /// By getPointText.
  llvm::StringMap<TunePoint> points;
  /// Lines from another payload, schedule, machine or version, and lines
  /// that are not records.
  uint64_t otherRecords = 0, corruptLines = 0;
};

/// The points of `key` in the database text `text` (`path` names it in
/// warnings).
TuneDatabaseContents
parseTuneDatabase(llvm::StringRef text, llvm::StringRef path,
                  const TuneKey &key,
                  const std::function<void(llvm::StringRef)> &log);

/// Reads the points of `key` in the database at `path` (none when it does
/// not exist). Lines that are not records are counted and reported through
/// `log`.
TuneDatabaseContents
loadTuneDatabase(llvm::StringRef path, const TuneKey &key,
                 const std::function<void(llvm::StringRef)> &log);

/// The database a sweep appends to, locked for the sweep's lifetime.
class TuneDatabaseWriter {
public:
  /// Opens (creates) `path` for appending and locks it; a line cut short by
  /// a crash is ended first. Fails with InvalidInput when it cannot be
  /// written or another sweep holds it.
  static llvm::Expected<TuneDatabaseWriter> open(llvm::StringRef path);
  TuneDatabaseWriter(TuneDatabaseWriter &&other);
  ~TuneDatabaseWriter();

  /// Appends `point` under `key` as one line, synced to disk.
  llvm::Error append(const TuneKey &key, const TunePoint &point);

private:
  TuneDatabaseWriter() = default;
  int fd = -1;
  std::string path;
};

/// Calls `fn` with each record of the JSON Lines database `path`; lines that
/// are not records are skipped with a warning through `log`.
llvm::Error
forEachTuneRecord(llvm::StringRef path,
                  const std::function<void(llvm::StringRef)> &log,
                  llvm::function_ref<void(const nlohmann::ordered_json &)> fn);

/// `loom tune merge`: the records of `inputs` without duplicates (the same
/// key and point: the later one wins), in first-seen order, written to
/// `output`. Lines that are not records are skipped with a warning through
/// `log`. Returns how many records were written.
llvm::Expected<uint64_t>
mergeTuneDatabases(llvm::ArrayRef<std::string> inputs, llvm::StringRef output,
                   const std::function<void(llvm::StringRef)> &log);

} // namespace mlir::loom

#endif // LOOM_RUNNER_CAMPAIGNS_TUNEDATABASE_H
