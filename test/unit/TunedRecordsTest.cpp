//===- TunedRecordsTest.cpp - Records of tuned knob values ----------------===//

#include "runner/results/TunedRecords.h"

#include "runner/results/Files.h"

#include "llvm/Support/FileSystem.h"
#include "gtest/gtest.h"

using namespace mlir::loom;

namespace {

TunedRecord makeRecord(llvm::StringRef host, unsigned threads,
                       llvm::StringRef value) {
  TunedRecord record;
  record.key = {host.str(), "linalg.matmul(...)", "abc", threads};
  record.knobs = {{"k_block", value.str()}};
  record.tunedAt = "2026-11-23T00:00:00Z";
  return record;
}

struct TempFile {
  llvm::SmallString<128> path;
  TempFile() {
    llvm::sys::fs::createTemporaryFile("records", "json", path);
    llvm::sys::fs::remove(path);
  }
  ~TempFile() { llvm::sys::fs::remove(path); }
};

TEST(TunedRecordsTest, SavedRecordsReplaceTheirKeyAndMatchExactly) {
  TempFile file;
  ASSERT_FALSE(saveTunedRecord(file.path, makeRecord("znver5 | 1", 1, "128")));
  ASSERT_FALSE(saveTunedRecord(file.path, makeRecord("znver4 | 2", 1, "64")));
  // The same key again: replaced, not added.
  ASSERT_FALSE(saveTunedRecord(file.path, makeRecord("znver5 | 1", 1, "256")));
  auto records = loadTunedRecords(file.path);
  ASSERT_TRUE(static_cast<bool>(records));
  ASSERT_EQ(records->size(), 2u);

  const TunedRecord *zen5 =
      findTunedRecord(*records, makeRecord("znver5 | 1", 1, "").key);
  ASSERT_NE(zen5, nullptr);
  EXPECT_EQ(zen5->knobs.front().value, "256");
  // Another CPU, another thread count, another schedule: no record.
  EXPECT_EQ(findTunedRecord(*records, makeRecord("znver5 | 9", 1, "").key),
            nullptr);
  EXPECT_EQ(findTunedRecord(*records, makeRecord("znver5 | 1", 2, "").key),
            nullptr);
  TunedRecordKey otherSchedule = makeRecord("znver5 | 1", 1, "").key;
  otherSchedule.scheduleSha256 = "def";
  EXPECT_EQ(findTunedRecord(*records, otherSchedule), nullptr);
}

TEST(TunedRecordsTest, AnOlderVersionOfTheScheduleIsFoundByItsFileName) {
  TunedRecord older = makeRecord("znver5 | 1", 1, "128");
  older.schedule = "schedules/matmul/schedule.mlir";
  TunedRecord newer = older;
  newer.knobs = {{"k_block", "256"}};
  TunedRecord embedded = makeRecord("znver5 | 1", 1, "64");
  embedded.payloadFile = "kernel.mlir";
  std::vector<TunedRecord> records = {older, newer, embedded};

  TunedRecordKey edited = older.key;
  edited.scheduleSha256 = "def";
  // The last of that file's records, named from another directory.
  const TunedRecord *found =
      findOlderTunedRecord(records, edited, "../matmul/schedule.mlir");
  ASSERT_NE(found, nullptr);
  EXPECT_EQ(found->knobs.front().value, "256");
  // A schedule embedded in its payload: the payload's file name.
  found = findOlderTunedRecord(records, edited, "/tmp/kernel.mlir");
  ASSERT_NE(found, nullptr);
  EXPECT_EQ(found->knobs.front().value, "64");
  // Another file, the same digest (the record itself: findTunedRecord's),
  // another CPU or thread count: none.
  EXPECT_EQ(findOlderTunedRecord(records, edited, "tunable.mlir"), nullptr);
  EXPECT_EQ(findOlderTunedRecord(records, older.key, "schedule.mlir"), nullptr);
  TunedRecordKey otherCpu = edited;
  otherCpu.host = "znver4 | 2";
  EXPECT_EQ(findOlderTunedRecord(records, otherCpu, "schedule.mlir"), nullptr);
  TunedRecordKey twoThreads = edited;
  twoThreads.threads = 2;
  EXPECT_EQ(findOlderTunedRecord(records, twoThreads, "schedule.mlir"),
            nullptr);
}

TEST(TunedRecordsTest, OtherFilesAreNamedAsSuch) {
  TempFile file;
  ASSERT_FALSE(
      writeTextFile(R"({"format": "loom-run-record"})", file.path, "test"));
  auto records = loadTunedRecords(file.path);
  ASSERT_FALSE(static_cast<bool>(records));
  std::string message = llvm::toString(records.takeError());
  EXPECT_NE(message.find("not a Loom records file"), std::string::npos);

  ASSERT_FALSE(writeTextFile(R"({"format": "loom-tuned-records", "version": 1,
      "records": [{"host": "x", "payload": "p", "schedule_sha256": "s",
                   "threads": 0, "knobs": {}}]})",
                             file.path, "test"));
  records = loadTunedRecords(file.path);
  ASSERT_FALSE(static_cast<bool>(records));
  EXPECT_NE(llvm::toString(records.takeError()).find("records[0].threads"),
            std::string::npos);
}

TEST(TunedRecordsTest, TheHostKeyIsTheCpuAndItsFeatures) {
  HostInfo zen5;
  zen5.cpu = "znver5";
  zen5.cpuModel = "AMD EPYC";
  zen5.features = {"avx512f", "fma"};
  HostInfo zen4 = zen5;
  zen4.cpu = "znver4";
  HostInfo fewer = zen5;
  fewer.features = {"fma"};
  EXPECT_EQ(getRecordsHostKey(zen5).rfind("znver5 | ", 0), 0u);
  EXPECT_NE(getRecordsHostKey(zen5), getRecordsHostKey(zen4));
  EXPECT_NE(getRecordsHostKey(zen5), getRecordsHostKey(fewer));
  // The vendor's model name plays no part (VMs show the same for every
  // generation).
  HostInfo renamed = zen5;
  renamed.cpuModel = "AMD EPYC 9B45";
  EXPECT_EQ(getRecordsHostKey(zen5), getRecordsHostKey(renamed));
}

} // namespace

TEST(TunedRecordsTest, AFormatOrVersionOfAnotherTypeIsAnError) {
  // (Found by fuzz-smoke-record: a "format" that is a number aborted.)
  for (const char *text :
       {R"({"format": 4})",
        R"({"format": "loom-tuned-records", "version": "1"})",
        R"({"format": null, "version": 1, "records": []})"}) {
    llvm::Expected<std::vector<TunedRecord>> records =
        parseTunedRecords(text, "bad.json");
    ASSERT_FALSE(static_cast<bool>(records)) << text;
    std::string message = llvm::toString(records.takeError());
    EXPECT_NE(message.find("bad.json: not a Loom records file: \""),
              std::string::npos)
        << message;
  }
}
