//===- OutputCapture.cpp - What compiled code prints ----------------------===//

#include "runner/kernel/OutputCapture.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

namespace mlir::loom {

OutputCapture::OutputCapture() {
  // What Loom itself wrote so far stays on the real stdout.
  llvm::outs().flush();
  std::fflush(stdout);
  file = memfd_create("loom-output", MFD_CLOEXEC);
  savedStdout = file < 0 ? -1 : ::dup(STDOUT_FILENO);
  if (savedStdout < 0 || ::dup2(file, STDOUT_FILENO) < 0) {
    if (savedStdout >= 0)
      ::close(savedStdout);
    if (file >= 0)
      ::close(file);
    savedStdout = file = -1;
  }
}

OutputCapture::~OutputCapture() { take(); }

std::string OutputCapture::take() {
  if (file < 0)
    return "";
  // puts() leaves text in the stdio buffer, and abort() does not flush it.
  std::fflush(stdout);
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

} // namespace mlir::loom
