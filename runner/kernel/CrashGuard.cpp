//===- CrashGuard.cpp - Survive crashes in compiled code ------------------===//

#include "runner/kernel/CrashGuard.h"

#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <memory>
#include <mutex>
#include <pthread.h>
#include <signal.h>
#include <string>
#include <unistd.h>

#include <algorithm>

namespace mlir::loom {

namespace {
constexpr size_t kStackGuardSize = 64 << 20;

/// What the innermost guard is running; read from signal handlers.
std::atomic<const char *> guardedWhat{nullptr};
std::atomic<int> guardedCode{0};
std::atomic<bool> recoveredFromCrash{false};
/// The address of the last invalid access, recorded before LLVM's handler
/// turns the crash into an error.
std::atomic<uintptr_t> faultAddress{0};
struct sigaction previousSegvAction, previousBusAction;

void onMemoryFault(int signal, siginfo_t *info, void *context) {
  faultAddress = reinterpret_cast<uintptr_t>(info->si_addr);
  const struct sigaction &previous =
      signal == SIGBUS ? previousBusAction : previousSegvAction;
  if (previous.sa_flags & SA_SIGINFO) {
    previous.sa_sigaction(signal, info, context);
  } else if (previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN) {
    previous.sa_handler(signal);
  } else {
    ::signal(signal, SIG_DFL);
    ::raise(signal);
  }
}

/// The calling thread's stack size.
uint64_t getStackSize() {
  pthread_attr_t attributes;
  if (pthread_getattr_np(pthread_self(), &attributes) != 0)
    return 0;
  size_t size = 0;
  pthread_attr_getstacksize(&attributes, &size);
  pthread_attr_destroy(&attributes);
  return size;
}

/// Whether `address` is just below the calling thread's stack (in its guard
/// area): where an overflow faults.
bool isStackOverflow(uintptr_t address) {
  pthread_attr_t attributes;
  if (pthread_getattr_np(pthread_self(), &attributes) != 0)
    return false;
  void *base = nullptr;
  size_t size = 0, guard = 0;
  pthread_attr_getstack(&attributes, &base, &size);
  pthread_attr_getguardsize(&attributes, &guard);
  pthread_attr_destroy(&attributes);
  uintptr_t low = reinterpret_cast<uintptr_t>(base);
  constexpr uintptr_t slack = 1 << 20;
  return address + std::max<uintptr_t>(guard, 4096) + slack >= low &&
         address < low + slack;
}

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

std::function<void(llvm::StringRef, int)> &getFatalErrorHook() {
  static std::function<void(llvm::StringRef, int)> hook;
  return hook;
}

void onFatalError(void *, const char *reason, bool) {
  std::string message =
      std::string(guardedWhat.load() ? guardedWhat.load() : "loom") +
      " hit a fatal error: " + reason;
  int code = guardedCode.load();
  if (!code)
    code = static_cast<int>(ExitCode::CompileFailure);
  // Once: a fatal error while the hook writes ends the process plainly.
  static std::atomic<bool> reported{false};
  if (!reported.exchange(true) && getFatalErrorHook()) {
    getFatalErrorHook()(message, code); // It reports the error.
    exitWithoutCleanup(code);
  }
  writeStderr("loom: error: ");
  writeStderr(message.c_str());
  writeStderr("\n");
  _exit(code);
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
    // stack overflow, they must run on the alternate stack. Ours goes first
    // to note where the fault was, then hands over to them.
    for (int signal : {SIGSEGV, SIGBUS}) {
      struct sigaction &previous =
          signal == SIGBUS ? previousBusAction : previousSegvAction;
      if (sigaction(signal, nullptr, &previous) != 0)
        continue;
      struct sigaction action = previous;
      action.sa_sigaction = onMemoryFault;
      action.sa_flags |= SA_ONSTACK | SA_SIGINFO;
      sigaction(signal, &action, nullptr);
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

void setFatalErrorHook(std::function<void(llvm::StringRef, int)> hook) {
  getFatalErrorHook() = std::move(hook);
}

bool hasRecoveredFromCrash() { return recoveredFromCrash; }

int runOnStack(uint64_t bytes, llvm::function_ref<int()> fn) {
  struct Call {
    llvm::function_ref<int()> fn;
    int result = 0;
  } call{fn};
  pthread_attr_t attributes;
  pthread_attr_init(&attributes);
  pthread_t thread;
  // A kernel's frame can be larger than the default 4 KiB guard (an alloca
  // of a 16 KiB row): an overflow would then jump over the guard into the
  // next mapping, often another thread's stack and descriptor, instead of
  // faulting. A wide guard costs address space only.
  pthread_attr_setguardsize(&attributes, kStackGuardSize);
  bool started = pthread_attr_setstacksize(&attributes, bytes) == 0 &&
                 pthread_create(
                     &thread, &attributes,
                     [](void *argument) -> void * {
                       auto *call = static_cast<Call *>(argument);
                       ensureAlternateSignalStack();
                       call->result = call->fn();
                       // After a crash, even this thread's exit (its
                       // thread-local destructors, libomp's among them) can
                       // hang.
                       if (hasRecoveredFromCrash())
                         exitWithoutCleanup(call->result);
                       return nullptr;
                     },
                     &call) == 0;
  pthread_attr_destroy(&attributes);
  if (!started)
    return fn();
  pthread_join(thread, nullptr);
  return call.result;
}

void exitWithoutCleanup(int code) {
  llvm::outs().flush();
  llvm::errs().flush();
  std::fflush(nullptr);
  _exit(code);
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
  recoveredFromCrash = true;
  int signal = context.RetCode - 128;
  if ((signal == SIGSEGV || signal == SIGBUS) &&
      isStackOverflow(faultAddress.exchange(0)))
    return makeError(code, what +
                               " ran out of stack (a stack overflow; "
                               "--stack-size gives it more than the " +
                               std::to_string(getStackSize() >> 20) +
                               " MiB "
                               "it had)");
  const char *name = getSignalName(signal);
  std::string how =
      name ? std::string(name) : "signal " + std::to_string(signal);
  return makeError(code, what + " crashed (" + how + ")");
}

} // namespace mlir::loom
