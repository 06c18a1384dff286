//===- TuneDatabase.cpp - The results of `loom tune`, one per line --------===//

#include "runner/campaigns/TuneDatabase.h"
#include "runner/results/Files.h"
#include "runner/results/Host.h"
#include "runner/results/PeakCache.h"
#include "runner/results/Record.h"
#include "runner/results/Status.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

using nlohmann::ordered_json;

namespace mlir::loom {

std::string getPointText(llvm::ArrayRef<KnobSetting> settings) {
  std::vector<std::string> parts;
  for (const KnobSetting &setting : settings)
    parts.push_back(setting.name + "=" + setting.value);
  return llvm::join(parts, " ");
}

llvm::Expected<TuneKey> TuneKey::create(const RunOptions &run) {
  TuneKey key;
  auto payload = readTextFile(run.payloadPath, "the payload");
  if (!payload)
    return payload.takeError();
  key.payload = sha256Hex(*payload);
  std::vector<std::string> paths;
  if (!run.schedulePath.empty())
    paths.push_back(run.schedulePath);
  paths.insert(paths.end(), run.scheduleLibraries.begin(),
               run.scheduleLibraries.end());
  std::string schedule;
  for (const std::string &path : paths) {
    auto text = readTextFile(path, "the schedule");
    if (!text)
      return text.takeError();
    schedule += sha256Hex(*text);
  }
  key.schedule =
      schedule.empty() ? "embedded:" + key.payload : sha256Hex(schedule);
  key.entryPoint = run.entryPoint;
  key.function = run.function;
  key.threads = run.threads;
  key.loom = LOOM_VERSION;
  key.llvm = LLVM_VERSION_STRING;
  key.machine = getPeakCacheKey(getHostInfo());
  return key;
}

ordered_json TuneKey::toJson() const {
  return {{"payload_sha256", payload}, {"schedule_sha256", schedule},
          {"entry_point", entryPoint}, {"function", function},
          {"threads", threads},        {"loom_version", loom},
          {"llvm_version", llvm},      {"machine", machine}};
}

bool TuneKey::matches(const ordered_json &line) const {
  ordered_json mine = toJson();
  for (auto it = mine.begin(); it != mine.end(); ++it)
    if (!line.contains(it.key()) || line[it.key()] != it.value())
      return false;
  return true;
}

static ordered_json pointToJson(const TuneKey &key, const TunePoint &point) {
  ordered_json line = {{"schema", "loom-tune-record"}, {"version", 1}};
  ordered_json keyJson = key.toJson();
  line.insert(keyJson.begin(), keyJson.end());
  ordered_json settings = ordered_json::object();
  for (const KnobSetting &setting : point.settings)
    settings[setting.name] = setting.value;
  line["point"] = settings;
  line["status"] = point.status;
  line["reason"] = point.reason;
  line["median_s"] = point.medianSeconds ? ordered_json(*point.medianSeconds)
                                         : ordered_json(nullptr);
  line["gflops"] =
      point.gflops ? ordered_json(*point.gflops) : ordered_json(nullptr);
  line["timestamp"] = currentTimestamp();
  return line;
}

static TunePoint pointFromJson(const ordered_json &json) {
  TunePoint point;
  for (auto it = json["point"].begin(); it != json["point"].end(); ++it)
    if (it.value().is_string())
      point.settings.push_back({it.key(), it.value().get<std::string>()});
  point.status = json["status"].get<std::string>();
  if (json.contains("reason") && json["reason"].is_string())
    point.reason = json["reason"].get<std::string>();
  if (json.contains("median_s") && json["median_s"].is_number())
    point.medianSeconds = json["median_s"].get<double>();
  if (json.contains("gflops") && json["gflops"].is_number())
    point.gflops = json["gflops"].get<double>();
  return point;
}

llvm::Error
forEachTuneRecord(llvm::StringRef path,
                  const std::function<void(llvm::StringRef)> &log,
                  llvm::function_ref<void(const ordered_json &)> fn) {
  auto text = readTextFile(path, "the tuning database");
  if (!text)
    return text.takeError();
  SmallVector<llvm::StringRef> lines;
  llvm::StringRef(*text).split(lines, '\n', -1, /*KeepEmpty=*/false);
  for (auto [number, line] : llvm::enumerate(lines)) {
    ordered_json json = ordered_json::parse(line.str(), nullptr, false);
    if (json.is_discarded() || !json.is_object() || !json.contains("point") ||
        !json["point"].is_object() || !json.contains("status") ||
        !json["status"].is_string()) {
      if (log)
        log(llvm::formatv("warning: {0}:{1} is not a tuning record; skipped",
                          path, number + 1)
                .str());
      continue;
    }
    fn(json);
  }
  return llvm::Error::success();
}

TuneDatabaseContents
loadTuneDatabase(llvm::StringRef path, const TuneKey &key,
                 const std::function<void(llvm::StringRef)> &log) {
  TuneDatabaseContents contents;
  if (!llvm::sys::fs::exists(path))
    return contents;
  auto warn = [&](llvm::StringRef line) {
    ++contents.corruptLines;
    if (log)
      log(line);
  };
  llvm::Error error =
      forEachTuneRecord(path, warn, [&](const ordered_json &json) {
        if (!key.matches(json)) {
          ++contents.otherRecords;
          return;
        }
        TunePoint point = pointFromJson(json);
        point.reused = true;
        contents.points[getPointText(point.settings)] = point;
      });
  if (error)
    llvm::consumeError(std::move(error));
  return contents;
}

llvm::Error appendTuneRecord(llvm::StringRef path, const TuneKey &key,
                             const TunePoint &point) {
  std::error_code ec;
  llvm::raw_fd_ostream db(path, ec, llvm::sys::fs::OF_Append);
  if (!ec) {
    db << pointToJson(key, point).dump() << "\n";
    db.close();
    ec = db.error();
    db.clear_error();
  }
  if (ec)
    return makeError(ExitCode::InvalidInput, "cannot write the tuning "
                                             "database '" +
                                                 path + "': " + ec.message());
  return llvm::Error::success();
}

/// The identity of a record: everything but its result and timestamp.
static std::string getRecordIdentity(const ordered_json &line) {
  ordered_json identity = line;
  for (const char *field :
       {"status", "reason", "median_s", "gflops", "timestamp"})
    identity.erase(field);
  // Sorted keys: the same point however its knobs were ordered.
  return nlohmann::json(identity).dump();
}

llvm::Expected<uint64_t>
mergeTuneDatabases(llvm::ArrayRef<std::string> inputs, llvm::StringRef output,
                   const std::function<void(llvm::StringRef)> &log) {
  std::vector<std::string> order;
  llvm::StringMap<std::string> latest;
  for (const std::string &input : inputs) {
    llvm::Error error =
        forEachTuneRecord(input, log, [&](const ordered_json &json) {
          std::string identity = getRecordIdentity(json);
          if (!latest.count(identity))
            order.push_back(identity);
          latest[identity] = json.dump();
        });
    if (error)
      return std::move(error);
  }
  std::string merged;
  for (const std::string &identity : order)
    merged += latest[identity] + "\n";
  if (llvm::Error error = writeTextFile(merged, output, "the merged database"))
    return std::move(error);
  return order.size();
}

} // namespace mlir::loom
