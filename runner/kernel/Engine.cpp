//===- Engine.cpp - JIT-compile and call one kernel -----------------------===//

#include "runner/kernel/Engine.h"
#include "runner/kernel/KernelAllocator.h"
#include "runner/results/Status.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"

#include <dlfcn.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <mutex>

#ifndef LOOM_LLVM_LIBRARY_DIR
#error "LOOM_LLVM_LIBRARY_DIR must name the directory of libomp.so"
#endif
#ifndef LOOM_PEERS_LIBRARY
#error "LOOM_PEERS_LIBRARY must name libLoomPeers.so (or be empty)"
#endif

namespace mlir::loom {

/// OpenBLAS picks its kernels when it is loaded, from OPENBLAS_CORETYPE or
/// its own detection, which picks a generic kernel 3-5x slower on recent CPUs
/// it does not know: name the host's kind unless the user did.
static void setPeerEnvironment() {
  llvm::StringMap<bool> features = llvm::sys::getHostCPUFeatures();
  const char *coreType = features.lookup("avx512f") ? "SKYLAKEX"
                         : features.lookup("avx2")  ? "HASWELL"
                                                    : nullptr;
  if (coreType)
    setenv("OPENBLAS_CORETYPE", coreType, /*overwrite=*/0);
}

static void initializeNativeTarget() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    llvm::InitializeNativeTargetAsmParser();
  });
}

static llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
createHostTargetMachine(const EngineOptions &options) {
  auto builder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!builder)
    return builder.takeError();
  builder->setCodeGenOptLevel(llvm::CodeGenOptLevel::Aggressive);
  builder->getOptions().AllowFPOpFusion = options.fpContractFast
                                              ? llvm::FPOpFusion::Fast
                                              : llvm::FPOpFusion::Standard;
  return builder->createTargetMachine();
}

/// Size and alignment of a value of `signature` in an LLVM struct.
static std::pair<int64_t, int64_t> getLayout(const ValueSignature &signature) {
  if (!signature.isScalar)
    return {(3 + 2 * signature.rank) * 8, 8};
  int64_t size = getByteSize(signature.kind);
  return {size, size};
}

static llvm::Error writeFile(llvm::StringRef path,
                             llvm::function_ref<void(llvm::raw_ostream &)> fn) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_Text);
  if (ec)
    return makeError(ExitCode::InvalidInput,
                     "cannot write " + path + ": " + ec.message());
  fn(os);
  return llvm::Error::success();
}

/// Points LLVM's perf listener at `directory` (it reads JITDUMPDIR once, when
/// the process's listener is created).
static llvm::Error prepareJitdump(llvm::StringRef directory) {
  llvm::SmallString<256> absolute(directory);
  if (std::error_code ec = llvm::sys::fs::make_absolute(absolute))
    return makeError(ExitCode::InvalidInput,
                     "cannot use --jitdump " + directory + ": " + ec.message());
  if (std::error_code ec = llvm::sys::fs::create_directories(absolute))
    return makeError(ExitCode::InvalidInput,
                     "cannot create " + absolute + ": " + ec.message());
  setenv("JITDUMPDIR", absolute.c_str(), /*overwrite=*/1);
  return llvm::Error::success();
}

// The perf listener maps its jitdump into the process so that `perf record`
// sees it, which is how perf finds the file, and how this does.
std::string findJitdump() {
  auto maps = llvm::MemoryBuffer::getFileAsStream("/proc/self/maps");
  if (!maps)
    return "";
  std::string suffix = "/jit-" + std::to_string(getpid()) + ".dump";
  llvm::SmallVector<llvm::StringRef> lines;
  (*maps)->getBuffer().split(lines, '\n');
  for (llvm::StringRef line : lines) {
    size_t start = line.find('/');
    if (start != llvm::StringRef::npos &&
        line.drop_front(start).ends_with(suffix))
      return line.drop_front(start).str();
  }
  return "";
}

llvm::Expected<std::unique_ptr<Kernel>>
Kernel::compile(ModuleOp llvmModule, llvm::StringRef name,
                ArrayRef<ValueSignature> arguments,
                ArrayRef<ValueSignature> results,
                const EngineOptions &options) {
  initializeNativeTarget();
  std::unique_ptr<Kernel> kernel(new Kernel());
  kernel->arguments.assign(arguments.begin(), arguments.end());
  kernel->results.assign(results.begin(), results.end());

  auto fail = [&](const llvm::Twine &what, llvm::Error error) {
    std::string message = llvm::toString(std::move(error));
    return makeError(ExitCode::CompileFailure,
                     what + ": " + llvm::StringRef(message).trim());
  };

  auto optimizerTarget = createHostTargetMachine(options);
  if (!optimizerTarget)
    return fail("cannot create a target machine for the host",
                optimizerTarget.takeError());
  kernel->optimizerTarget = std::move(*optimizerTarget);
  auto engineTarget = createHostTargetMachine(options);
  if (!engineTarget)
    return fail("cannot create a target machine for the host",
                engineTarget.takeError());

  auto optimize =
      makeOptimizingTransformer(3, 0, kernel->optimizerTarget.get());
  llvm::Error dumpError = llvm::Error::success();
  std::string llvmIRPath = options.llvmIRPath;
  std::function<llvm::Error(llvm::Module *)> transformer =
      [&](llvm::Module *module) -> llvm::Error {
    if (llvm::Error error = optimize(module))
      return error;
    if (!llvmIRPath.empty())
      dumpError = writeFile(llvmIRPath, [&](llvm::raw_ostream &os) {
        module->print(os, nullptr);
      });
    return llvm::Error::success();
  };

  // A function of the module named like a symbol of the process (a kernel
  // called powf or expf) would interpose on it: the code LLVM emits for
  // llvm.pow would call the kernel instead of libm's powf, recursively.
  // Such functions get a name of their own.
  std::string entryName = name.str();
  {
    SymbolTable symbols(llvmModule);
    SmallVector<LLVM::LLVMFuncOp> clashing;
    for (auto func : llvmModule.getOps<LLVM::LLVMFuncOp>())
      if (!func.isExternal() &&
          dlsym(RTLD_DEFAULT, func.getName().str().c_str()))
        clashing.push_back(func);
    for (LLVM::LLVMFuncOp func : clashing) {
      std::string renamed = (func.getName() + "_loom_kernel").str();
      if (func.getName() == name)
        entryName = renamed;
      if (failed(symbols.rename(func, renamed)))
        return makeError(ExitCode::CompileFailure,
                         "cannot rename @" + func.getName().str() +
                             ", whose name is taken by the C library");
    }
  }

  // What the module calls outside itself decides the libraries: the OpenMP
  // runtime for OpenMP regions, libLoomPeers for library calls.
  bool usesOpenMP = false;
  std::string peerFunction;
  llvmModule.walk([&](Operation *op) {
    // omp ops become calls into the runtime when translated to LLVM IR.
    if (op->getDialect() && op->getDialect()->getNamespace() == "omp")
      usesOpenMP = true;
    auto func = dyn_cast<LLVM::LLVMFuncOp>(op);
    if (func && func.isExternal() &&
        func.getName().starts_with("_mlir_ciface_loom_"))
      peerFunction = func.getName().drop_front(strlen("_mlir_ciface_")).str();
  });
  std::string libraryDir = LOOM_LLVM_LIBRARY_DIR;
  SmallVector<std::string> libraries = {
      libraryDir + "/libmlir_c_runner_utils.so",
      libraryDir + "/libmlir_runner_utils.so"};
  if (usesOpenMP)
    libraries.push_back(libraryDir + "/libomp.so");
  if (!peerFunction.empty()) {
    if (llvm::StringRef(LOOM_PEERS_LIBRARY).empty())
      return makeError(ExitCode::CompileFailure,
                       "the kernel calls @" + peerFunction +
                           " of libLoomPeers, which this build of Loom does "
                           "not have: install libdnnl-dev and libopenblas-dev "
                           "and build again");
    setPeerEnvironment();
    libraries.push_back(LOOM_PEERS_LIBRARY);
  }
  SmallVector<llvm::StringRef> libraryRefs(libraries.begin(), libraries.end());

  ExecutionEngineOptions engineOptions;
  engineOptions.transformer = transformer;
  engineOptions.jitCodeGenOptLevel = llvm::CodeGenOptLevel::Aggressive;
  engineOptions.sharedLibPaths = libraryRefs;
  engineOptions.enableObjectDump = !options.objectPath.empty();
  // Upstream's default writes a jitdump of every kernel (and a directory
  // for it) wherever JITDUMPDIR or HOME points: only when asked.
  engineOptions.enablePerfNotificationListener = !options.jitdumpDir.empty();
  if (!options.jitdumpDir.empty())
    if (llvm::Error error = prepareJitdump(options.jitdumpDir))
      return std::move(error);
  auto engine = ExecutionEngine::create(llvmModule, engineOptions,
                                        std::move(*engineTarget));
  if (!engine)
    return fail("cannot JIT-compile the lowered module", engine.takeError());
  kernel->engine = std::move(*engine);
  // Temporary buffers of the kernel outlive its calls (KernelAllocator.h).
  kernel->engine->registerSymbols([](llvm::orc::MangleAndInterner interner) {
    llvm::orc::SymbolMap symbols;
    auto add = [&](llvm::StringRef name, auto *function) {
      symbols[interner(name)] = {llvm::orc::ExecutorAddr::fromPtr(function),
                                 llvm::JITSymbolFlags::Exported};
    };
    add("malloc", &kernelMalloc);
    add("aligned_alloc", &kernelAlignedAlloc);
    add("free", &kernelFree);
    return symbols;
  });

  // The lookup materializes (optimizes and compiles) the module.
  auto packed = kernel->engine->lookupPacked(entryName);
  if (!packed)
    return fail("cannot find the compiled function @" + name,
                packed.takeError());
  kernel->packedFunction = *packed;
  if (dumpError)
    return dumpError;
  kernel->threads = static_cast<int>(options.threads);
  if (!peerFunction.empty())
    kernel->setPeerThreads = reinterpret_cast<void (*)(int)>(
        llvm::sys::DynamicLibrary::SearchForAddressOfSymbol(
            "loom_peers_set_threads"));
  if (!options.objectPath.empty())
    kernel->engine->dumpToObjectFile(options.objectPath);
  if (!options.jitdumpDir.empty()) {
    if (findJitdump().empty())
      return makeError(ExitCode::CompileFailure,
                       "--jitdump: LLVM's perf listener wrote no jitdump "
                       "(this LLVM may be built without perf support; its "
                       "messages, if any, are above)");
  }

  int64_t offset = 0;
  for (const ValueSignature &result : kernel->results) {
    auto [size, align] = getLayout(result);
    offset = (offset + align - 1) / align * align;
    kernel->resultOffsets.push_back(offset);
    offset += size;
  }
  kernel->resultStorage.assign((offset + 7) / 8 + 1, 0);
  kernel->hasResults = !kernel->results.empty();
  return kernel;
}

Kernel::~Kernel() = default;

void Kernel::bind(MutableArrayRef<Buffer> buffers) {
  assert(buffers.size() == arguments.size() && "one buffer per argument");
  if (setPeerThreads)
    setPeerThreads(threads);
  descriptors.clear();
  packedArguments.clear();
  argumentRanges.clear();
  for (Buffer &buffer : buffers) {
    if (buffer.isScalar()) {
      packedArguments.push_back(buffer.data());
      continue;
    }
    descriptors.push_back(buffer.getDescriptor());
    auto *start = static_cast<const char *>(buffer.data());
    argumentRanges.push_back(
        {start,
         start + buffer.getNumElements() * getByteSize(buffer.getKind())});
  }
  // Pointers into `descriptors` are taken once it no longer grows.
  size_t next = 0;
  SmallVector<void *> ordered;
  for (Buffer &buffer : buffers) {
    if (buffer.isScalar()) {
      ordered.push_back(buffer.data());
      continue;
    }
    for (int64_t &word : descriptors[next++])
      ordered.push_back(&word);
  }
  packedArguments = std::move(ordered);
  if (hasResults)
    packedArguments.push_back(resultStorage.data());
}

void Kernel::call() { packedFunction(packedArguments.data()); }

SmallVector<Buffer> Kernel::takeResults() {
  SmallVector<Buffer> buffers;
  auto *base = reinterpret_cast<const char *>(resultStorage.data());
  for (auto [result, offset] : llvm::zip_equal(results, resultOffsets)) {
    if (result.isScalar) {
      Buffer scalar = Buffer::scalar(result.kind);
      std::memcpy(scalar.data(), base + offset, getByteSize(result.kind));
      buffers.push_back(std::move(scalar));
      continue;
    }
    buffers.push_back(Buffer::copyFromDescriptor(
        result.kind, result.rank,
        reinterpret_cast<const int64_t *>(base + offset)));
  }
  releaseResults();
  return buffers;
}

void Kernel::releaseResults() {
  auto *base = reinterpret_cast<char *>(resultStorage.data());
  // A buffer returned twice (`return %x, %x`) is freed once.
  llvm::SmallPtrSet<void *, 4> freed;
  for (auto [result, offset] : llvm::zip_equal(results, resultOffsets)) {
    if (result.isScalar)
      continue;
    auto *descriptor = reinterpret_cast<int64_t *>(base + offset);
    auto *allocated = reinterpret_cast<char *>(descriptor[0]);
    descriptor[0] = 0;
    if (!allocated)
      continue;
    bool borrowed = llvm::any_of(argumentRanges, [&](auto range) {
      return allocated >= range.first && allocated < range.second;
    });
    if (!borrowed && freed.insert(allocated).second)
      kernelFree(allocated);
  }
}

} // namespace mlir::loom
