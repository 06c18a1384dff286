//===- CrashGuard.cpp - Survive crashes in compiled code ------------------===//

#include "runner/kernel/CrashGuard.h"

#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/Signals.h"

#include <atomic>
#include <csignal>
#include <cstring>
#include <memory>
#include <mutex>
#include <signal.h>
#include <string>
#include <unistd.h>

namespace mlir::loom {

namespace {
/// What the innermost guard is running; read from signal handlers.
std::atomic<const char *> guardedWhat{nullptr};
std::atomic<int> guardedCode{0};

void writeStderr(const char *text) {
  ssize_t ignored = ::write(STDERR_FILENO, text, std::strlen(text));
  (void)ignored;
}

/// Runs inside LLVM's signal handler for crashes outside a recovery context
/// (other threads). Async-signal-safe: write and _exit only.
void onUnrecoverableCrash(void *) {
  const char *what = guardedWhat.load();
  if (!what)
    return; // Not in a guarded step: let LLVM print its stack trace.
  writeStderr("loom: error: ");
  writeStderr(what);
  writeStderr(" crashed on another thread; no result was produced\n");
  _exit(guardedCode.load());
}

void onFatalError(void *, const char *reason, bool) {
  writeStderr("loom: error: ");
  writeStderr(guardedWhat.load() ? guardedWhat.load() : "loom");
  writeStderr(" hit a fatal error: ");
  writeStderr(reason);
  writeStderr("\n");
  int code = guardedCode.load();
  _exit(code ? code : static_cast<int>(ExitCode::CompileFailure));
}
} // namespace

/// A stack overflow leaves no stack for the signal handler: without an
/// alternate stack, the kernel kills the process instead of running it.
/// Each thread that runs guarded code gets one (it lives as long as the
/// thread; sigaltstack is per thread).
void ensureAlternateSignalStack() {
  thread_local bool installed = false;
  if (installed)
    return;
  installed = true;
  stack_t current;
  if (sigaltstack(nullptr, &current) == 0 && !(current.ss_flags & SS_DISABLE))
    return; // The thread already has one (LLVM installs one for its own).
  static constexpr size_t size = 256 * 1024;
  thread_local std::unique_ptr<char[]> memory(new char[size]);
  stack_t stack;
  stack.ss_sp = memory.get();
  stack.ss_size = size;
  stack.ss_flags = 0;
  sigaltstack(&stack, nullptr);
}

void enableCrashRecovery() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::sys::AddSignalHandler(onUnrecoverableCrash, nullptr);
    llvm::install_fatal_error_handler(onFatalError, nullptr);
    llvm::CrashRecoveryContext::Enable();
    // CrashRecoveryContext's handlers run on the stack that faulted; for a
    // stack overflow, they must run on the alternate stack.
    for (int signal : {SIGSEGV, SIGBUS}) {
      struct sigaction action;
      if (sigaction(signal, nullptr, &action) == 0) {
        action.sa_flags |= SA_ONSTACK;
        sigaction(signal, &action, nullptr);
      }
    }
  });
  ensureAlternateSignalStack();
}

static const char *getSignalName(int signal) {
  switch (signal) {
  case SIGSEGV:
    return "SIGSEGV, an invalid memory access";
  case SIGBUS:
    return "SIGBUS, a misaligned or invalid memory access";
  case SIGFPE:
    return "SIGFPE, an arithmetic error such as integer division by zero";
  case SIGILL:
    return "SIGILL, an illegal instruction";
  case SIGABRT:
    return "SIGABRT, an abort";
  case SIGTRAP:
    return "SIGTRAP, a trap";
  default:
    return nullptr;
  }
}

llvm::Error runGuarded(llvm::StringRef what, ExitCode code,
                       llvm::function_ref<void()> fn) {
  enableCrashRecovery();
  std::string whatText = what.str();
  const char *previousWhat = guardedWhat.exchange(whatText.c_str());
  int previousCode = guardedCode.exchange(static_cast<int>(code));
  llvm::CrashRecoveryContext context;
  bool survived = context.RunSafely(fn);
  guardedWhat.store(previousWhat);
  guardedCode.store(previousCode);
  if (survived)
    return llvm::Error::success();
  int signal = context.RetCode - 128;
  const char *name = getSignalName(signal);
  std::string how =
      name ? std::string(name) : "signal " + std::to_string(signal);
  return makeError(code, what + " crashed (" + how + ")");
}

} // namespace mlir::loom
