//===- Watchdog.cpp - A time limit around work that may hang --------------===//

#include "runner/kernel/Watchdog.h"
#include "runner/kernel/OutputCapture.h"

namespace mlir::loom {

Watchdog::Watchdog(std::function<void()> onExpiry)
    : onExpiry(std::move(onExpiry)), thread([this] { watch(); }) {}

Watchdog::~Watchdog() {
  {
    std::lock_guard<std::mutex> lock(mutex);
    stopping = true;
  }
  changed.notify_all();
  thread.join();
}

void Watchdog::arm(std::optional<double> seconds) {
  {
    std::lock_guard<std::mutex> lock(mutex);
    deadline.reset();
    if (seconds)
      deadline =
          std::chrono::steady_clock::now() +
          std::chrono::duration_cast<std::chrono::steady_clock::duration>(
              std::chrono::duration<double>(*seconds));
  }
  changed.notify_all();
}

void Watchdog::watch() {
  std::unique_lock<std::mutex> lock(mutex);
  while (!stopping) {
    if (!deadline) {
      changed.wait(lock);
      continue;
    }
    if (changed.wait_until(lock, *deadline) == std::cv_status::timeout &&
        deadline && std::chrono::steady_clock::now() >= *deadline &&
        !stopping) {
      lock.unlock();
      // The hung step may be a kernel whose output is being captured.
      OutputCapture::releaseStdout();
      onExpiry();
      return;
    }
  }
}

} // namespace mlir::loom
