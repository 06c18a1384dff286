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

#include <cerrno>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

using nlohmann::ordered_json;

namespace mlir::loom {

std::string getPointText(llvm::ArrayRef<KnobSetting> settings) {
  std::vector<std::string> parts;
  for (const KnobSetting &setting : settings)
    parts.push_back(setting.name + "=" + setting.value);
  return llvm::join(parts, " ");
}

llvm::Expected<TuneKey> TuneKey::create(const RunOptions &run,
                                        const TuneDigests &digests) {
  TuneKey key;
  key.payload = digests.payload;
  key.schedule = digests.schedule;
  auto payload = readTextFile(run.payloadPath, "the payload");
  if (!payload)
    return payload.takeError();
  key.legacyPayload = sha256Hex(*payload);
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
  key.legacySchedule =
      schedule.empty() ? "embedded:" + key.legacyPayload : sha256Hex(schedule);
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
  ordered_json legacy = {{"payload_sha256", legacyPayload},
                         {"schedule_sha256", legacySchedule}};
  for (auto it = mine.begin(); it != mine.end(); ++it) {
    if (!line.contains(it.key()))
      return false;
    const ordered_json &value = line[it.key()];
    if (value != it.value() &&
        !(legacy.contains(it.key()) && value == legacy[it.key()]))
      return false;
  }
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

static void
forEachTuneRecordIn(llvm::StringRef text, llvm::StringRef path,
                    const std::function<void(llvm::StringRef)> &log,
                    llvm::function_ref<void(const ordered_json &)> fn) {
  SmallVector<llvm::StringRef> lines;
  text.split(lines, '\n');
  for (auto [number, line] : llvm::enumerate(lines)) {
    if (line.trim().empty())
      continue; // Blank lines count for the line numbers only.
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
}

llvm::Error
forEachTuneRecord(llvm::StringRef path,
                  const std::function<void(llvm::StringRef)> &log,
                  llvm::function_ref<void(const ordered_json &)> fn) {
  auto text = readTextFile(path, "the tuning database");
  if (!text)
    return text.takeError();
  forEachTuneRecordIn(*text, path, log, fn);
  return llvm::Error::success();
}

TuneDatabaseContents
parseTuneDatabase(llvm::StringRef text, llvm::StringRef path,
                  const TuneKey &key,
                  const std::function<void(llvm::StringRef)> &log) {
  TuneDatabaseContents contents;
  auto warn = [&](llvm::StringRef line) {
    ++contents.corruptLines;
    if (log)
      log(line);
  };
  forEachTuneRecordIn(text, path, warn, [&](const ordered_json &json) {
    if (!key.matches(json)) {
      ++contents.otherRecords;
      return;
    }
    TunePoint point = pointFromJson(json);
    point.reused = true;
    contents.points[getPointText(point.settings)] = point;
  });
  return contents;
}

TuneDatabaseContents
loadTuneDatabase(llvm::StringRef path, const TuneKey &key,
                 const std::function<void(llvm::StringRef)> &log) {
  if (!llvm::sys::fs::exists(path))
    return TuneDatabaseContents();
  auto text = readTextFile(path, "the tuning database");
  if (!text) {
    llvm::consumeError(text.takeError());
    return TuneDatabaseContents();
  }
  return parseTuneDatabase(*text, path, key, log);
}

static llvm::Error cannotWrite(llvm::StringRef path, std::error_code ec) {
  return makeError(ExitCode::InvalidInput,
                   "cannot write the tuning database '" + path +
                       "': " + ec.message());
}

llvm::Expected<TuneDatabaseWriter>
TuneDatabaseWriter::open(llvm::StringRef path) {
  int fd = ::open(path.str().c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC,
                  0644);
  if (fd < 0)
    return cannotWrite(path, std::error_code(errno, std::generic_category()));
  TuneDatabaseWriter writer;
  writer.fd = fd;
  writer.path = path.str();
  // One sweep per database at a time: a second one would measure every
  // point again and time at the same moment. The lock goes with the process
  // (also on kill -9), and candidates do not inherit it (O_CLOEXEC).
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0)
    return makeError(ExitCode::InvalidInput,
                     "the tuning database '" + path +
                         "' is in use by another loom tune; wait for it, or "
                         "give this sweep its own --db (shards each need "
                         "their own, merged afterwards with loom tune merge)");
  // A line cut short (a power loss, a full disk, kill -9 in the middle of a
  // write) must not swallow the next record: start on a fresh line.
  struct stat status;
  if (::fstat(fd, &status) == 0 && status.st_size > 0) {
    int reader = ::open(writer.path.c_str(), O_RDONLY | O_CLOEXEC);
    char last = '\n';
    if (reader >= 0) {
      if (::pread(reader, &last, 1, status.st_size - 1) != 1)
        last = '\n';
      ::close(reader);
    }
    if (last != '\n' && ::write(fd, "\n", 1) != 1)
      return cannotWrite(path, std::error_code(errno, std::generic_category()));
  }
  return std::move(writer);
}

TuneDatabaseWriter::TuneDatabaseWriter(TuneDatabaseWriter &&other)
    : fd(std::exchange(other.fd, -1)), path(std::move(other.path)) {}

TuneDatabaseWriter::~TuneDatabaseWriter() {
  if (fd >= 0)
    ::close(fd); // Releases the lock.
}

llvm::Error TuneDatabaseWriter::append(const TuneKey &key,
                                       const TunePoint &point) {
  // One write() of the whole line: O_APPEND places it at the end in one
  // piece, and fsync keeps it through a power loss.
  std::string line = pointToJson(key, point).dump() + "\n";
  ssize_t written = ::write(fd, line.data(), line.size());
  if (written != static_cast<ssize_t>(line.size()))
    return cannotWrite(
        path, written < 0
                  ? std::error_code(errno, std::generic_category())
                  : std::make_error_code(std::errc::no_space_on_device));
  ::fsync(fd);
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
