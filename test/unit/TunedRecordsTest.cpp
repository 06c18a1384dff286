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
