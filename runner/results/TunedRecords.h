//===- TunedRecords.h - Knob values tuned per payload, schedule, CPU -*- C++
//-*-===//
//
// A records file keeps the knob values `loom tune` found best for one
// payload (its structured ops and their types), one schedule (the bytes of
// the file), one CPU (LLVM's CPU name and a hash of its features) and one
// thread count. `loom run` and `loom bench` apply the record that matches
// all four, so a schedule tuned on a Zen 4 is never given Zen 4 values on a
// Zen 5 (docs/performance.md). This is TVM's apply-history-best and IREE's
// default tuning specs, keyed by the host.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_RUNNER_RESULTS_TUNEDRECORDS_H
#define LOOM_RUNNER_RESULTS_TUNEDRECORDS_H

#include "runner/results/Host.h"
#include "runner/results/RunOptions.h"

#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace mlir::loom {

/// What a record must match to be applied.
struct TunedRecordKey {
  /// getRecordsHostKey of the machine: "znver5 | 1f2e...".
  std::string host;
  /// getPayloadSignature of the payload (kernel/Knobs.h).
  std::string payload;
  /// SHA-256 of the schedule file (of the payload when it is embedded);
  /// with libraries, of the hashes of the schedule and its libraries in
  /// order.
  std::string scheduleSha256;
  unsigned threads = 1;

  bool operator==(const TunedRecordKey &other) const {
    return host == other.host && payload == other.payload &&
           scheduleSha256 == other.scheduleSha256 && threads == other.threads;
  }
};

struct TunedRecord {
  TunedRecordKey key;
  /// For people: the vendor's CPU model, the schedule and payload files the
  /// record was tuned with, when, by which Loom, with which budget.
  std::string cpuModel, schedule, payloadFile, tunedAt, loomVersion;
  std::vector<KnobSetting> knobs;
  /// The tuned point's median, and that of the schedule's defaults when the
  /// sweep measured them.
  std::optional<double> medianSeconds, defaultMedianSeconds;
  std::optional<uint64_t> budget;
};

/// "znver5 | <16 hex digits of the SHA-256 of the sorted features>": the
/// CPU kind (LLVM's name) and what it can execute; the vendor's model name
/// is left out (VMs show "AMD EPYC" for every generation).
std::string getRecordsHostKey(const HostInfo &host);

/// The key of a run on `host` with `options` (its threads; --records-host
/// in place of the host's own key) of the payload and schedule given by
/// their signature and digest (kernel/Knobs.h).
TunedRecordKey getTunedRecordKey(const RunOptions &options,
                                 const HostInfo &host,
                                 llvm::StringRef payloadSignature,
                                 llvm::StringRef scheduleDigest);

/// The records of a file. Fails with InvalidInput, naming the file and the
/// JSON path, when it is not a records file.
llvm::Expected<std::vector<TunedRecord>> loadTunedRecords(llvm::StringRef path);

/// The records in `text`, the contents of the file `name` (which errors
/// name).
llvm::Expected<std::vector<TunedRecord>>
parseTunedRecords(llvm::StringRef text, llvm::StringRef name);

/// The text of a records file holding `records`.
std::string printTunedRecords(llvm::ArrayRef<TunedRecord> records);

/// The record for `key`, if any (the last one wins).
const TunedRecord *findTunedRecord(llvm::ArrayRef<TunedRecord> records,
                                   const TunedRecordKey &key);

/// The last record of `key`'s host, payload and threads tuned with another
/// version of the schedule: a schedule file of the same name as
/// `scheduleFile` (the payload's when the schedule is embedded in it) but
/// another digest (an edit since). No run applies it; loom tune starts from
/// its point, as a guess. Null if there is none.
const TunedRecord *findOlderTunedRecord(llvm::ArrayRef<TunedRecord> records,
                                        const TunedRecordKey &key,
                                        llvm::StringRef scheduleFile);

/// Adds `record` to the file at `path` (created when missing), replacing a
/// record with the same key; written atomically.
llvm::Error saveTunedRecord(llvm::StringRef path, const TunedRecord &record);

/// The records file of Loom's source tree (schedules/records.json).
std::string getDefaultTunedRecordsPath();

} // namespace mlir::loom

#endif // LOOM_RUNNER_RESULTS_TUNEDRECORDS_H
