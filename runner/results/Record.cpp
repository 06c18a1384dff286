//===- Record.cpp - The result of one run ---------------------------------===//

#include "runner/results/Record.h"

#include "llvm/Config/llvm-config.h"

#include <algorithm>
#include <ctime>

#ifndef LOOM_VERSION
#error "LOOM_VERSION must be defined by the build"
#endif

namespace mlir::loom {

//===----------------------------------------------------------------------===//
// Creation
//===----------------------------------------------------------------------===//

std::string describeBufferPages(const Record &record) {
  if (record.host.transparentHugePages.empty())
    return "4 KiB pages (written before Loom asked for huge pages)";
  if (!record.options.hugePages)
    return "4 KiB pages (--no-huge-pages)";
  if (record.host.transparentHugePages == "never")
    return "4 KiB pages (transparent huge pages are off)";
  if (record.host.transparentHugePages == "unavailable")
    return "4 KiB pages (no transparent huge pages on this system)";
  return "huge pages";
}

std::string currentTimestamp() {
  std::time_t time = std::time(nullptr);
  std::tm utc;
  gmtime_r(&time, &utc);
  char text[32];
  std::strftime(text, sizeof(text), "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

Record createRecord() {
  Record record;
  record.tool.version = LOOM_VERSION;
  record.tool.llvmVersion = LLVM_VERSION_STRING;
  record.host = getHostInfo();
  record.timestamp = currentTimestamp();
  return record;
}

std::string RecordsUse::getOutcome() const {
  if (matched)
    return "a record applied";
  llvm::StringRef text = note;
  // The kinds of note kernel/Knobs.cpp writes, without what differs from
  // one run to the next of the same cause (the records this CPU lacks, the
  // file, named once by the caller).
  if (text.starts_with("no record for this CPU"))
    return text.split(';').first.str();
  if (text.starts_with("no record for this payload and schedule"))
    return "no record for this payload and schedule";
  return text.str();
}

std::optional<double> Record::getGflops() const {
  if (!timing || !work || timing->median <= 0 || work->flops <= 0)
    return std::nullopt;
  return work->flops / timing->median * 1e-9;
}

std::optional<double> Record::getBestGflops() const {
  if (!timing || !work || timing->min <= 0 || work->flops <= 0)
    return std::nullopt;
  return work->flops / timing->min * 1e-9;
}

std::optional<double> Record::getGigabytesPerSecond() const {
  if (!timing || !work || timing->median <= 0 || work->bytes <= 0)
    return std::nullopt;
  return work->bytes / timing->median * 1e-9;
}

std::optional<double> Roofline::getRidge() const {
  if (!computeGflops || !memoryGbps || *memoryGbps <= 0)
    return std::nullopt;
  return *computeGflops / *memoryGbps;
}

std::optional<Roofline> Record::getRoofline() const {
  return computeRoofline(options, work, getGflops(), getGigabytesPerSecond(),
                         host.getCacheResidentBytes());
}

llvm::StringRef Roofline::getBoundName() const {
  if (!memoryBound)
    return "compute";
  return cacheResident ? "cache" : "memory";
}

std::optional<double> Roofline::getPercentOfBound() const {
  if (memoryBound && cacheResident)
    return std::nullopt;
  return 100 * fraction;
}

std::optional<Roofline> computeRoofline(const RunOptions &options,
                                        const std::optional<WorkSummary> &work,
                                        std::optional<double> gflops,
                                        std::optional<double> gbps,
                                        uint64_t cacheResidentBytes) {
  if (!work || !gbps || work->bytes <= 0)
    return std::nullopt;
  Roofline roofline;
  roofline.intensity = work->flops / work->bytes;
  roofline.cacheResident =
      cacheResidentBytes > 0 && work->bytes <= double(cacheResidentBytes);
  if (options.peakGflopsPerCore && *options.peakGflopsPerCore > 0)
    roofline.computeGflops =
        *options.peakGflopsPerCore * std::max(1u, options.threads);
  if (options.peakGbps && *options.peakGbps > 0)
    roofline.memoryGbps = *options.peakGbps;
  if (!roofline.computeGflops && !roofline.memoryGbps)
    return std::nullopt;
  std::optional<double> memoryBound;
  if (roofline.memoryGbps)
    memoryBound = roofline.intensity * *roofline.memoryGbps;
  roofline.memoryBound =
      memoryBound &&
      (!roofline.computeGflops || *memoryBound < *roofline.computeGflops);
  if (roofline.memoryBound) {
    roofline.boundGflops = *memoryBound;
    roofline.fraction = *gbps / *roofline.memoryGbps;
  } else {
    if (!gflops || !roofline.computeGflops)
      return std::nullopt;
    roofline.boundGflops = *roofline.computeGflops;
    roofline.fraction = *gflops / roofline.boundGflops;
  }
  return roofline;
}

} // namespace mlir::loom
