//===- OutputCapture.cpp - What compiled code prints ----------------------===//

#include "runner/kernel/OutputCapture.h"

#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <cstdio>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

namespace mlir::loom {

/// The real stdout while a capture is active (captures do not nest).
static std::atomic<int> activeSavedStdout{-1};

OutputCapture::OutputCapture(bool discard) {
  // What Loom itself wrote so far stays on the real stdout.
  llvm::outs().flush();
  std::fflush(stdout);
  file = discard ? ::open("/dev/null", O_WRONLY | O_CLOEXEC)
                 : memfd_create("loom-output", MFD_CLOEXEC);
  savedStdout = file < 0 ? -1 : ::dup(STDOUT_FILENO);
  if (savedStdout < 0 || ::dup2(file, STDOUT_FILENO) < 0) {
    if (savedStdout >= 0)
      ::close(savedStdout);
    if (file >= 0)
      ::close(file);
    savedStdout = file = -1;
    return;
  }
  activeSavedStdout = savedStdout;
}

OutputCapture::~OutputCapture() { take(); }

std::string OutputCapture::take() {
  if (file < 0)
    return "";
  // puts() leaves text in the stdio buffer, and abort() does not flush it.
  std::fflush(stdout);
  activeSavedStdout = -1;
  ::dup2(savedStdout, STDOUT_FILENO);
  ::close(savedStdout);
  std::string text;
  char chunk[4096];
  ssize_t size;
  ::lseek(file, 0, SEEK_SET);
  while ((size = ::read(file, chunk, sizeof(chunk))) > 0)
    text.append(chunk, size);
  ::close(file);
  savedStdout = file = -1;
  return text;
}

void OutputCapture::releaseStdout() {
  int saved = activeSavedStdout.exchange(-1);
  if (saved < 0)
    return;
  std::fflush(stdout);
  ::dup2(saved, STDOUT_FILENO);
}

} // namespace mlir::loom
