//===- Watchdog.h - A time limit around work that may hang ------*- C++ -*-===//
//
// `--timeout`: a schedule whose foreach runs 40^6 times, or a kernel that
// never returns, cannot be interrupted from the inside. A Watchdog waits on
// its own thread; when the time is up it calls its expiry function there,
// which writes what the run has to say (the record, the results so far) and
// ends the process with exit code 5.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_RUNNER_KERNEL_WATCHDOG_H
#define LOOM_RUNNER_KERNEL_WATCHDOG_H

#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>

namespace mlir::loom {

class Watchdog {
public:
  /// Calls `onExpiry` on the watchdog's thread once the time set by arm()
  /// is up. `onExpiry` must not return: it ends the process.
  explicit Watchdog(std::function<void()> onExpiry);
  /// Disarms and joins the thread.
  ~Watchdog();

  /// Starts (or restarts) the countdown; none when `seconds` is empty.
  void arm(std::optional<double> seconds);
  void disarm() { arm(std::nullopt); }

private:
  void watch();

  std::function<void()> onExpiry;
  std::mutex mutex;
  std::condition_variable changed;
  std::optional<std::chrono::steady_clock::time_point> deadline;
  bool stopping = false;
  std::thread thread;
};

} // namespace mlir::loom

#endif // LOOM_RUNNER_KERNEL_WATCHDOG_H
