//===- SubprocessTest.cpp - Child processes with a time limit -------------===//

#include "runner/campaigns/Subprocess.h"

#include "gtest/gtest.h"

using namespace mlir::loom;

namespace {

TEST(SubprocessTest, ExitCode) {
  ChildResult result = runChild({"/bin/sh", "-c", "exit 3"}, 10);
  EXPECT_TRUE(result.exitedNormally());
  EXPECT_EQ(result.exitCode, 3);
}

TEST(SubprocessTest, CrashIsReportedNotFatal) {
  ChildResult result = runChild({"/bin/sh", "-c", "kill -SEGV $$"}, 10);
  EXPECT_TRUE(result.crashed);
  EXPECT_FALSE(result.exitedNormally());
}

TEST(SubprocessTest, HangIsKilledAtTheLimit) {
  ChildResult result = runChild({"/bin/sh", "-c", "sleep 30"}, 1);
  EXPECT_TRUE(result.timedOut);
}

TEST(SubprocessTest, MissingProgram) {
  ChildResult result = runChild({"/nonexistent/program"}, 1);
  EXPECT_TRUE(result.failedToStart);
}

} // namespace
