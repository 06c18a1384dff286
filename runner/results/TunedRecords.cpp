//===- TunedRecords.cpp - Knob values tuned per payload, schedule, CPU ----===//

#include "runner/results/TunedRecords.h"

#include "runner/results/Files.h"
#include "runner/results/Status.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <nlohmann/json.hpp>

namespace mlir::loom {

using Json = nlohmann::ordered_json;

/// The first line of every records file, so that a wrong file is named as
/// such.
static constexpr const char *kFormat = "loom-tuned-records";
static constexpr int kVersion = 1;

std::string getRecordsHostKey(const HostInfo &host) {
  return host.cpu + " | " +
         sha256Hex(llvm::join(host.features, ",")).substr(0, 16);
}

TunedRecordKey getTunedRecordKey(const RunOptions &options,
                                 const HostInfo &host,
                                 llvm::StringRef payloadSignature,
                                 llvm::StringRef scheduleDigest) {
  TunedRecordKey key;
  key.host = options.recordsHost.empty() ? getRecordsHostKey(host)
                                         : options.recordsHost;
  key.payload = payloadSignature.str();
  key.scheduleSha256 = scheduleDigest.str();
  key.threads = options.threads;
  return key;
}

std::string getDefaultTunedRecordsPath() { return LOOM_DEFAULT_RECORDS; }

static Json toJson(const TunedRecord &record) {
  Json knobs = Json::object();
  for (const KnobSetting &knob : record.knobs)
    knobs[knob.name] = knob.value;
  Json json = {{"host", record.key.host},
               {"cpu_model", record.cpuModel},
               {"payload", record.key.payload},
               {"schedule_sha256", record.key.scheduleSha256},
               {"threads", record.key.threads},
               {"knobs", knobs},
               {"schedule", record.schedule},
               {"payload_file", record.payloadFile},
               {"tuned_at", record.tunedAt},
               {"loom_version", record.loomVersion}};
  if (record.medianSeconds)
    json["median_s"] = *record.medianSeconds;
  if (record.defaultMedianSeconds)
    json["default_median_s"] = *record.defaultMedianSeconds;
  if (record.budget)
    json["budget"] = *record.budget;
  return json;
}

/// Reads one record; returns what is wrong with it (a JSON path and a
/// problem) or "".
static std::string fromJson(const Json &json, TunedRecord &record) {
  if (!json.is_object())
    return " must be an object";
  auto text = [&](const char *key, std::string &out,
                  bool required) -> std::string {
    auto it = json.find(key);
    if (it == json.end() || it->is_null())
      return required ? std::string(".") + key + " is missing" : "";
    if (!it->is_string())
      return std::string(".") + key + " must be a string";
    out = it->get<std::string>();
    return "";
  };
  for (auto [key, out, required] :
       {std::tuple{"host", &record.key.host, true},
        {"payload", &record.key.payload, true},
        {"schedule_sha256", &record.key.scheduleSha256, true},
        {"cpu_model", &record.cpuModel, false},
        {"schedule", &record.schedule, false},
        {"payload_file", &record.payloadFile, false},
        {"tuned_at", &record.tunedAt, false},
        {"loom_version", &record.loomVersion, false}})
    if (std::string problem = text(key, *out, required); !problem.empty())
      return problem;
  auto threads = json.find("threads");
  if (threads == json.end() || !threads->is_number_unsigned() ||
      threads->get<uint64_t>() < 1)
    return ".threads must be an integer of at least 1";
  record.key.threads = threads->get<unsigned>();
  auto knobs = json.find("knobs");
  if (knobs == json.end() || !knobs->is_object())
    return ".knobs must be an object of knob values";
  for (auto it = knobs->begin(); it != knobs->end(); ++it) {
    std::string value;
    if (it->is_string())
      value = it->get<std::string>();
    else if (it->is_number_integer())
      value = std::to_string(it->get<int64_t>());
    else
      return ".knobs." + it.key() + " must be a string or an integer";
    record.knobs.push_back({it.key(), value});
  }
  for (auto [key, out] : {std::pair{"median_s", &record.medianSeconds},
                          {"default_median_s", &record.defaultMedianSeconds}})
    if (auto it = json.find(key); it != json.end() && it->is_number())
      *out = it->get<double>();
  if (auto it = json.find("budget");
      it != json.end() && it->is_number_unsigned())
    record.budget = it->get<uint64_t>();
  return "";
}

llvm::Expected<std::vector<TunedRecord>>
loadTunedRecords(llvm::StringRef path) {
  auto text = readTextFile(path, "the records file");
  if (!text)
    return text.takeError();
  return parseTunedRecords(*text, path);
}

llvm::Expected<std::vector<TunedRecord>>
parseTunedRecords(llvm::StringRef text, llvm::StringRef name) {
  Json json = Json::parse(text.begin(), text.end(), nullptr,
                          /*allow_exceptions=*/false);
  auto fail = [&](const std::string &what) {
    return makeError(ExitCode::InvalidInput,
                     name + ": not a Loom records file: " + what);
  };
  if (json.is_discarded())
    return fail("not JSON");
  // (Compared as JSON values: json.value(key, default) throws when the key
  // holds another type than the default's.)
  auto holds = [&](const char *key, const Json &expected) {
    auto it = json.find(key);
    return it != json.end() && *it == expected;
  };
  if (!json.is_object() || !holds("format", kFormat))
    return fail(std::string("\"format\" must be \"") + kFormat + "\"");
  if (!holds("version", kVersion))
    return fail("\"version\" must be " + std::to_string(kVersion));
  auto list = json.find("records");
  if (list == json.end() || !list->is_array())
    return fail("\"records\" must be an array");
  std::vector<TunedRecord> records;
  for (auto [index, entry] : llvm::enumerate(*list)) {
    TunedRecord record;
    if (std::string problem = fromJson(entry, record); !problem.empty())
      return fail("records[" + std::to_string(index) + "]" + problem);
    records.push_back(std::move(record));
  }
  return records;
}

const TunedRecord *findTunedRecord(llvm::ArrayRef<TunedRecord> records,
                                   const TunedRecordKey &key) {
  const TunedRecord *found = nullptr;
  for (const TunedRecord &record : records)
    if (record.key == key)
      found = &record;
  return found;
}

const TunedRecord *findOlderTunedRecord(llvm::ArrayRef<TunedRecord> records,
                                        const TunedRecordKey &key,
                                        llvm::StringRef scheduleFile) {
  llvm::StringRef name = llvm::sys::path::filename(scheduleFile);
  const TunedRecord *found = nullptr;
  for (const TunedRecord &record : records)
    if (record.key.host == key.host && record.key.payload == key.payload &&
        record.key.threads == key.threads &&
        record.key.scheduleSha256 != key.scheduleSha256 && !name.empty() &&
        llvm::sys::path::filename(record.schedule.empty()
                                      ? record.payloadFile
                                      : record.schedule) == name)
      found = &record;
  return found;
}

llvm::Error saveTunedRecord(llvm::StringRef path, const TunedRecord &record) {
  // Other processes save records into the same file (a sweep per kernel,
  // schedules/records/make-records.py), each reading, changing and writing
  // all of it: an exclusive lock on PATH.lock for the whole of it, so that
  // none writes over a record saved after it read the file. (The file
  // itself is replaced by a rename, so it cannot carry the lock.)
  std::string lockPath = (path + ".lock").str();
  std::error_code ec;
  llvm::raw_fd_ostream lockFile(lockPath, ec, llvm::sys::fs::OF_Append);
  if (ec)
    return makeError(ExitCode::InvalidInput,
                     "cannot open the lock file '" + lockPath +
                         "' of the records file: " + ec.message());
  llvm::Expected<llvm::sys::fs::FileLocker> lock = lockFile.lock();
  if (!lock)
    return makeError(ExitCode::InvalidInput,
                     "cannot lock '" + lockPath +
                         "': " + llvm::toString(lock.takeError()));
  std::vector<TunedRecord> records;
  if (llvm::sys::fs::exists(path)) {
    auto loaded = loadTunedRecords(path);
    if (!loaded)
      return loaded.takeError();
    records = std::move(*loaded);
  }
  llvm::erase_if(records,
                 [&](const TunedRecord &r) { return r.key == record.key; });
  records.push_back(record);
  return writeTextFile(printTunedRecords(records), path, "the records file");
}

std::string printTunedRecords(llvm::ArrayRef<TunedRecord> records) {
  Json list = Json::array();
  for (const TunedRecord &record : records)
    list.push_back(toJson(record));
  Json json = {{"format", kFormat}, {"version", kVersion}, {"records", list}};
  return json.dump(2) + "\n";
}

} // namespace mlir::loom
