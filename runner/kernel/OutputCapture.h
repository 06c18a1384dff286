//===- OutputCapture.h - What compiled code prints --------------*- C++ -*-===//
//
// Kernels print: upstream tests call printMemrefF32 and vector.print, and a
// failed runtime check (--check-bounds) puts its message before it aborts.
// While an OutputCapture is alive, the process's standard output (file
// descriptor 1, and the C stdio buffer in front of it) goes to a temporary
// file; take() returns what was written, also after a crash, since the
// buffer is flushed then.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_RUNNER_KERNEL_OUTPUTCAPTURE_H
#define LOOM_RUNNER_KERNEL_OUTPUTCAPTURE_H

#include <string>

namespace mlir::loom {

class OutputCapture {
public:
  /// Starts capturing, or with `discard`, silencing (nothing happens if
  /// stdout cannot be redirected).
  explicit OutputCapture(bool discard = false);
  /// Stops capturing, if take() did not.
  ~OutputCapture();

  /// Stops capturing and returns what was printed.
  std::string take();

  /// Gives the process its real standard output back, whatever capture is
  /// active: for a report written while a kernel hangs (--timeout).
  static void releaseStdout();

private:
  int savedStdout = -1;
  int file = -1;
};

} // namespace mlir::loom

#endif // LOOM_RUNNER_KERNEL_OUTPUTCAPTURE_H
