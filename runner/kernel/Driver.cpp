//===- Driver.cpp - Load, schedule and lower payloads ---------------------===//

#include "runner/kernel/Driver.h"
#include "runner/kernel/CrashGuard.h"
#include "runner/kernel/ScheduleTrace.h"
#include "runner/results/Status.h"

#include "dialect/LoomTransformOps.h"

#include "dialect/InitLoom.h"
#include "transforms/Passes.h"
#include "transforms/Pipelines.h"
#include "transforms/SourceLocation.h"
#include "transforms/WorkModel.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Dialect/Transform/IR/TransformOps.h"
#include "mlir/Dialect/Transform/IR/Utils.h"
#include "mlir/Dialect/Transform/Transforms/TransformInterpreterUtils.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"

#ifndef LOOM_SCHEDULES_DIR
#error "LOOM_SCHEDULES_DIR must name the directory of Loom's schedules"
#endif

namespace mlir::loom {

static DialectRegistry createRegistry() {
  DialectRegistry registry;
  registerAllDialects(registry);
  return registry;
}

Driver::Driver(llvm::raw_ostream &diagnostics) : context(createRegistry()) {
  // One registry for every tool: a schedule may apply any pass loom-opt
  // knows (transform.apply_registered_pass).
  registerAllPasses();
  // Diagnostics point at the payload or schedule; the op dump is noise there.
  context.printOpOnDiagnostic(false);
  // One thread: crashes stay on the thread that can recover from them, and
  // runs are deterministic.
  context.disableMultithreading();
  context.loadAllAvailableDialects();
  handler = std::make_unique<SourceMgrDiagnosticHandler>(sourceMgr, &context,
                                                         diagnostics);
  // Registered after the printer, so it sees every diagnostic first; it keeps
  // the errors and lets the printer print.
  context.getDiagEngine().registerHandler([this](Diagnostic &diag) {
    std::string where = formatFileLineCol(diag.getLocation());
    if (!where.empty())
      where += ": ";
    if (diag.getSeverity() == DiagnosticSeverity::Error)
      errors.push_back(where + "error: " + diag.str());
    else if (remarks && diag.getSeverity() == DiagnosticSeverity::Remark)
      remarks->push_back(where + "remark: " + diag.str());
    else if (remarks && diag.getSeverity() == DiagnosticSeverity::Warning)
      remarks->push_back(where + "warning: " + diag.str());
    return failure();
  });
}

Driver::~Driver() = default;

std::vector<std::string> Driver::takeErrors() {
  return std::exchange(errors, {});
}

std::vector<SourceChunk> splitSource(llvm::StringRef text) {
  std::vector<SourceChunk> chunks(1);
  unsigned line = 0;
  while (!text.empty()) {
    auto [current, rest] = text.split('\n');
    ++line;
    text = rest;
    if (current.ltrim().starts_with("// -----")) {
      chunks.back().lastLine = line - 1;
      chunks.emplace_back().firstLine = line + 1;
      continue;
    }
    chunks.back().text += current.str() + "\n";
  }
  chunks.back().lastLine = std::max(line, chunks.back().firstLine);
  return chunks;
}

llvm::Expected<LoadedModule> Driver::load(llvm::StringRef path,
                                          llvm::StringRef role,
                                          std::optional<unsigned> chunk) {
  auto text = readTextFile(path, ("the " + role + " file").str());
  if (!text)
    return text.takeError();
  if (!chunk)
    return parse(*text, path, role);
  std::vector<SourceChunk> chunks = splitSource(*text);
  if (*chunk < 1 || *chunk > chunks.size())
    return makeError(ExitCode::InvalidInput,
                     "--chunk " + std::to_string(*chunk) + ": '" + path +
                         "' has " + std::to_string(chunks.size()) +
                         " test case(s) (separated by // -----)");
  const SourceChunk &selected = chunks[*chunk - 1];
  // Blank lines in place of the others: locations keep the file's numbers.
  std::string padded(selected.firstLine - 1, '\n');
  padded += selected.text;
  auto loaded = parse(padded, path, role);
  if (loaded)
    loaded->file.sha256 = sha256Hex(*text);
  return loaded;
}

llvm::Expected<LoadedModule> Driver::parse(llvm::StringRef text,
                                           llvm::StringRef name,
                                           llvm::StringRef role) {
  LoadedModule loaded;
  loaded.file.path = name.str();
  loaded.file.sha256 = sha256Hex(text);
  llvm::SourceMgr fileSourceMgr;
  fileSourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(text, name), llvm::SMLoc());
  ParserConfig config(&context);
  // Parsing and verifying recurse once per level of nesting: what does not
  // fit in the stack is an input error, not a dead process.
  if (llvm::Error crash =
          runGuarded("parsing the " + role.str(), ExitCode::InvalidInput, [&] {
            loaded.module = parseSourceFile<ModuleOp>(fileSourceMgr, config);
          }))
    return std::move(crash);
  if (!loaded.module)
    return makeError(ExitCode::InvalidInput,
                     "cannot parse the " + role + " '" + name + "'");
  return loaded;
}

static bool isScheduleModule(Operation &op) {
  auto module = dyn_cast<ModuleOp>(op);
  return module && module->hasAttr(
                       transform::TransformDialect::kWithNamedSequenceAttrName);
}

OwningOpRef<ModuleOp> Driver::extractEmbeddedSchedule(ModuleOp payload) {
  Location loc = payload.getLoc();
  OwningOpRef<ModuleOp> schedule = ModuleOp::create(loc);
  (*schedule)->setAttr(transform::TransformDialect::kWithNamedSequenceAttrName,
                       UnitAttr::get(&context));
  Block *body = schedule->getBody();
  bool found = false;
  for (Operation &op :
       llvm::make_early_inc_range(payload.getBody()->getOperations())) {
    bool isSchedule =
        isa<transform::NamedSequenceOp>(op) || isScheduleModule(op);
    // The schedule is located where it starts in the payload.
    if (isSchedule && !found)
      (*schedule)->setLoc(op.getLoc());
    if (isa<transform::NamedSequenceOp>(op)) {
      op.moveBefore(body, body->end());
      found = true;
    } else if (isScheduleModule(op)) {
      Block *nested = cast<ModuleOp>(op).getBody();
      for (Operation &inner : llvm::make_early_inc_range(*nested))
        inner.moveBefore(body, body->end());
      op.erase();
      found = true;
    }
  }
  payload->removeAttr(transform::TransformDialect::kWithNamedSequenceAttrName);
  if (!found)
    return nullptr;
  return schedule;
}

llvm::Error Driver::addLibrary(ModuleOp schedule, LoadedModule library) {
  // A public sequence defined on both sides cannot be merged (private ones
  // are renamed): say which, and where.
  llvm::StringMap<transform::NamedSequenceOp> defined;
  schedule->walk([&](transform::NamedSequenceOp sequence) {
    if (!sequence.isExternal() && !sequence.isPrivate())
      defined[sequence.getSymName()] = sequence;
  });
  std::string clash;
  library.module->walk([&](transform::NamedSequenceOp sequence) {
    auto it = defined.find(sequence.getSymName());
    if (sequence.isExternal() || sequence.isPrivate() || it == defined.end() ||
        !clash.empty())
      return;
    clash = "@" + sequence.getSymName().str() +
            " is defined both in the "
            "schedule (" +
            formatFileLineCol(it->second.getLoc()) +
            ") and in the schedule library (" +
            formatFileLineCol(sequence.getLoc()) + ")";
  });
  if (!clash.empty())
    return makeError(ExitCode::InvalidInput,
                     "cannot merge the schedule library '" + library.file.path +
                         "' into the schedule: " + clash +
                         "; rename one, or declare it without a body in the "
                         "schedule");
  if (failed(transform::detail::mergeSymbolsInto(
                 schedule, OwningOpRef<Operation *>(library.module.release()))
                 .
                 operator LogicalResult()))
    return makeError(ExitCode::InvalidInput,
                     "cannot merge the schedule library '" + library.file.path +
                         "' into the schedule");
  return llvm::Error::success();
}

/// The files of Loom's schedules (schedules/ of the source tree: the library
/// in schedules/lib first, then schedules that others include) that define
/// each of the named sequences `names`, by name, each file as a path relative
/// to the working directory when it lies below it. Files that do not parse are
/// passed over.
static llvm::StringMap<SmallVector<std::string>>
findInLoomSchedules(MLIRContext &context, ArrayRef<std::string> names) {
  SmallVector<std::string> files;
  llvm::StringMap<SmallVector<std::string>> defining;
  std::error_code ec;
  for (llvm::sys::fs::recursive_directory_iterator it(LOOM_SCHEDULES_DIR, ec),
       end;
       it != end && !ec; it.increment(ec))
    if (llvm::sys::path::extension(it->path()) == ".mlir")
      files.push_back(it->path());
  std::string library = (llvm::Twine(LOOM_SCHEDULES_DIR) +
                         llvm::sys::path::get_separator() + "lib")
                            .str();
  llvm::sort(files, [&](const std::string &a, const std::string &b) {
    return std::make_pair(!llvm::StringRef(a).starts_with(library), a) <
           std::make_pair(!llvm::StringRef(b).starts_with(library), b);
  });
  SmallString<256> cwd;
  if (llvm::sys::fs::current_path(cwd))
    cwd.clear();
  // The files are Loom's own: what they would report is not the user's error.
  ScopedDiagnosticHandler silence(&context,
                                  [](Diagnostic &) { return success(); });
  for (const std::string &file : files) {
    OwningOpRef<ModuleOp> module =
        parseSourceFile<ModuleOp>(file, ParserConfig(&context));
    if (!module)
      continue;
    llvm::StringRef shown = file;
    if (!cwd.empty() && shown.size() > cwd.size() && shown.starts_with(cwd) &&
        llvm::sys::path::is_separator(shown[cwd.size()]))
      shown = shown.drop_front(cwd.size() + 1);
    for (const std::string &name : names) {
      auto sequence = dyn_cast_or_null<transform::NamedSequenceOp>(
          SymbolTable::lookupSymbolIn(*module, name));
      if (sequence && !sequence.isExternal())
        defining[name].push_back(shown.str());
    }
  }
  return defining;
}

llvm::Error Driver::checkSchedule(ModuleOp schedule,
                                  llvm::StringRef entryPoint) {
  SmallVector<std::string> names, undefined;
  SmallVector<Location> undefinedAt;
  bool found = false;
  schedule->walk([&](transform::NamedSequenceOp sequence) {
    found |= sequence.getSymName() == entryPoint && !sequence.isExternal();
    names.push_back("@" + sequence.getSymName().str());
    if (sequence.isExternal()) {
      undefined.push_back(sequence.getSymName().str());
      undefinedAt.push_back(sequence.getLoc());
    }
  });
  if (found && !undefined.empty()) {
    // Name the file of Loom's schedules that defines each missing sequence,
    // so that the hint is the option to add.
    llvm::StringMap<SmallVector<std::string>> defining =
        findInLoomSchedules(context, undefined);
    SmallVector<std::string> declared, hints;
    for (auto [name, loc] : llvm::zip(undefined, undefinedAt)) {
      declared.push_back("@" + name + " (" + formatFileLineCol(loc) + ")");
      auto files = defining.find(name);
      if (files != defining.end())
        hints.push_back("--schedule-lib " + llvm::join(files->second, " or ") +
                        " defines @" + name);
    }
    return makeError(ExitCode::InvalidInput,
                     "the schedule declares " + llvm::join(declared, ", ") +
                         " but nothing defines " +
                         (undefined.size() == 1 ? "it" : "them") +
                         ": pass the file that does with --schedule-lib" +
                         (hints.empty() ? std::string()
                                        : " (among Loom's schedules: " +
                                              llvm::join(hints, "; ") + ")"));
  }
  if (found)
    return llvm::Error::success();
  return makeError(ExitCode::InvalidInput,
                   "the schedule has no named sequence @" + entryPoint +
                       (names.empty()
                            ? std::string(" (it defines none)")
                            : " (it defines " + llvm::join(names, ", ") + ")") +
                       "; pick one with --entry-point");
}

llvm::Expected<func::FuncOp> Driver::findFunction(ModuleOp payload,
                                                  llvm::StringRef name) {
  SmallVector<func::FuncOp> candidates;
  SmallVector<std::string> names;
  for (auto function : payload.getOps<func::FuncOp>()) {
    if (function.isExternal())
      continue;
    names.push_back("@" + function.getName().str());
    if (!name.empty() ? function.getName() == name : function.isPublic())
      candidates.push_back(function);
  }
  if (candidates.size() == 1)
    return candidates.front();
  if (!name.empty())
    return makeError(
        ExitCode::InvalidInput,
        "the payload has no function @" + name +
            (names.empty() ? std::string()
                           : " (it defines " + llvm::join(names, ", ") + ")"));
  if (candidates.empty())
    return makeError(ExitCode::InvalidInput,
                     "the payload has no public function with a body to run");
  SmallVector<std::string> publicNames;
  for (func::FuncOp function : candidates)
    publicNames.push_back("@" + function.getName().str());
  return makeError(ExitCode::InvalidInput,
                   "the payload has " + Twine(candidates.size()) +
                       " public functions (" + llvm::join(publicNames, ", ") +
                       "); pick one with --func");
}

/// Gives the arguments of `function` their static types, casting back to the
/// declared types for the body.
static void specializeArguments(func::FuncOp function,
                                ArrayRef<Argument> arguments) {
  Block &entry = function.getBody().front();
  OpBuilder builder = OpBuilder::atBlockBegin(&entry);
  SmallVector<Type> types;
  for (auto [blockArg, argument] :
       llvm::zip_equal(entry.getArguments(), arguments)) {
    Type declared = blockArg.getType();
    types.push_back(argument.concreteType);
    if (declared == argument.concreteType)
      continue;
    blockArg.setType(argument.concreteType);
    Value cast;
    if (isa<RankedTensorType>(declared))
      cast = tensor::CastOp::create(builder, blockArg.getLoc(), declared,
                                    blockArg);
    else
      cast = memref::CastOp::create(builder, blockArg.getLoc(), declared,
                                    blockArg);
    blockArg.replaceAllUsesExcept(cast, cast.getDefiningOp());
  }
  function.setFunctionType(FunctionType::get(
      function.getContext(), types, function.getFunctionType().getResults()));
}

llvm::Expected<WorkSummary> Driver::analyzeWork(ModuleOp payload,
                                                llvm::StringRef name,
                                                ArrayRef<Argument> arguments) {
  OwningOpRef<ModuleOp> copy = payload.clone();
  auto function = copy->lookupSymbol<func::FuncOp>(name);
  specializeArguments(function, arguments);
  // Static shapes first, so that contradicting sizes fail the verifier here;
  // then the same normalization as the lowering.
  PassManager shapes = PassManager::on<ModuleOp>(&context);
  shapes.addPass(createCanonicalizerPass());
  if (failed(shapes.run(*copy)) || failed(verify(*copy)))
    return makeError(ExitCode::InvalidInput,
                     "the argument sizes do not fit the payload (see the "
                     "error above); check the --dim values");
  PassManager normalize = PassManager::on<ModuleOp>(&context);
  buildNormalizePipeline(normalize);
  if (failed(normalize.run(*copy)))
    return makeError(ExitCode::InvalidInput,
                     "cannot prepare the payload to count its work (see the "
                     "error above)");

  FunctionWork work = analyzeFunctionWork(function);
  WorkSummary summary;
  summary.flops = work.flops;
  summary.bytes = work.bytes;
  summary.complete = work.uncounted.empty() && work.bytesComplete;
  for (const OpWork &op : work.ops)
    summary.ops.push_back({op.op->getName().getStringRef().str(),
                           formatFileLineCol(op.op->getLoc()), op.flops,
                           op.bytes, op.iterations, op.reduction});
  for (Operation *op : work.uncounted)
    summary.uncounted.push_back(op->getName().getStringRef().str() + " at " +
                                formatFileLineCol(op->getLoc()));
  summary.resultReduction.assign(work.resultReduction.begin(),
                                 work.resultReduction.end());
  summary.argReduction.assign(work.argReduction.begin(),
                              work.argReduction.end());
  summary.argWritten.assign(work.argWritten.begin(), work.argWritten.end());
  return summary;
}

/// The values of the entry point's arguments after the root, bound as
/// mlir-opt's transform-interpreter{debug-bind-trailing-args=...} does: an op
/// name binds every payload op of that name, ^NAME the results of those ops,
/// #1;2;3 integer params.
static llvm::Expected<RaggedArray<transform::MappedValue>>
bindTrailingArguments(transform::NamedSequenceOp entry, ModuleOp payload,
                      llvm::StringRef spec) {
  RaggedArray<transform::MappedValue> bindings;
  ArrayRef<BlockArgument> trailing = entry.getArguments().drop_front();
  SmallVector<llvm::StringRef> names;
  if (!spec.empty())
    spec.split(names, ',');
  std::string expected = std::to_string(trailing.size());
  if (names.size() != trailing.size()) {
    InFlightDiagnostic diag = entry.emitError()
                              << "the entry point takes " << trailing.size()
                              << " argument(s) after the payload root";
    return makeError(
        ExitCode::InvalidInput,
        names.empty()
            ? "@" + entry.getSymName() + " takes " + expected +
                  " argument(s) after the payload root: bind them with "
                  "--bind-trailing-args, an op name per argument (as "
                  "mlir-opt's --transform-interpreter=debug-bind-trailing-"
                  "args=linalg.matmul,...; ^NAME for the results of those "
                  "ops, #1;2 for integer params)"
            : "--bind-trailing-args gives " + std::to_string(names.size()) +
                  " binding(s) but @" + entry.getSymName() + " takes " +
                  expected + " argument(s) after the payload root");
  }
  for (auto [name, argument] : llvm::zip_equal(names, trailing)) {
    SmallVector<transform::MappedValue> values;
    Type type = argument.getType();
    if (name.consume_front("#")) {
      SmallVector<llvm::StringRef> numbers;
      name.split(numbers, ';');
      for (llvm::StringRef number : numbers) {
        int64_t value;
        if (number.trim().getAsInteger(10, value))
          return makeError(ExitCode::InvalidInput,
                           "--bind-trailing-args: '#" + name +
                               "' is not a ;-separated list of integers");
        values.push_back(IntegerAttr::get(
            IntegerType::get(payload.getContext(), 64), value));
      }
    } else {
      bool results = name.consume_front("^");
      llvm::StringRef opName = name; // A binding: C++17 cannot capture it.
      payload->walk([&](Operation *op) {
        if (op->getName().getStringRef() != opName)
          return;
        if (!results)
          values.push_back(op);
        else
          for (Value result : op->getResults())
            values.push_back(result);
      });
    }
    bool fits = isa<transform::TransformParamTypeInterface>(type)
                    ? !values.empty() && isa<Attribute>(values.front())
                : isa<transform::TransformValueHandleTypeInterface>(type)
                    ? values.empty() || isa<Value>(values.front())
                    : values.empty() || isa<Operation *>(values.front());
    if (!fits)
      return makeError(ExitCode::InvalidInput,
                       "--bind-trailing-args: argument #" +
                           std::to_string(argument.getArgNumber()) + " of @" +
                           entry.getSymName() + " has type " +
                           typeToString(type) +
                           ", which the binding does not fit (an op name "
                           "for op handles, ^NAME for value handles, #N;N "
                           "for params)");
    bindings.push_back(values);
  }
  return std::move(bindings);
}

llvm::Error Driver::applySchedule(ModuleOp payload, ModuleOp schedule,
                                  llvm::StringRef entryPoint,
                                  llvm::StringRef trailingBindings,
                                  ScheduleInfo &info,
                                  llvm::StringSet<> *knobsRead) {
  transform::NamedSequenceOp entry;
  schedule->walk([&](transform::NamedSequenceOp sequence) {
    if (sequence.getSymName() == entryPoint && !sequence.isExternal())
      entry = sequence;
  });
  if (!entry)
    return checkSchedule(schedule, entryPoint);
  auto bindings = bindTrailingArguments(entry, payload, trailingBindings);
  if (!bindings)
    return bindings.takeError();
  transform::TransformOptions options;
  options.enableExpensiveChecks(true);
  std::vector<TransformStepRecord> steps = instrumentSchedule(entry);
  if (knobsRead)
    instrumentKnobReads(schedule);
  // What applyTransformNamedSequence does when the entry point is in the
  // schedule module, plus the state extensions that log fusion decisions and
  // what the trace ops saw; remarks and warnings are kept meanwhile.
  std::vector<LoggedFusionDecision> decisions;
  std::vector<TraceRecord> traced;
  remarks = &info.remarks;
  LogicalResult applied = transform::applyTransforms(
      payload, cast<transform::TransformOpInterface>(entry.getOperation()),
      *bindings, options,
      /*enforceToplevelTransformOp=*/false,
      [&](transform::TransformState &state) {
        state.addExtension<FusionDecisionLog>(decisions);
        state.addExtension<TraceLog>(traced);
      });
  remarks = nullptr;
  completeTrace(steps, traced);
  if (knobsRead)
    *knobsRead = getKnobsRead(traced);
  info.trace = std::move(steps);
  for (const LoggedFusionDecision &logged : decisions) {
    const FusionDecision &decision = logged.decision;
    FusionRecord &record = info.fusion.emplace_back();
    record.transform = formatFileLineCol(logged.transformLoc);
    record.consumer = formatFileLineCol(decision.consumerLoc);
    record.producer = formatFileLineCol(decision.producerLoc);
    record.operand = decision.operandNumber;
    record.outcome = decision.getOutcomeName().str();
    if (decision.failedCondition) {
      record.condition = static_cast<unsigned>(*decision.failedCondition);
      record.conditionName =
          getFusionConditionName(*decision.failedCondition).str();
    }
    record.producerResultKept = decision.producerResultKept;
    record.message = decision.message;
  }
  if (failed(applied)) {
    // Name the transform op where it stopped, every time: the error above
    // may point only at the payload op it was applied to.
    if (const TransformStepRecord *step = findFailedStep(info.trace))
      return makeError(ExitCode::CompileFailure,
                       "the schedule failed to apply: " + step->op + " at " +
                           step->loc + " failed (see the error above)");
    return makeError(ExitCode::CompileFailure,
                     "the schedule failed to apply (see the error above)");
  }
  if (failed(verify(payload)))
    return makeError(ExitCode::CompileFailure,
                     "the IR produced by the schedule does not verify");
  return llvm::Error::success();
}

llvm::Error writeIR(Operation *op, llvm::StringRef path, bool withLocations) {
  std::string text;
  llvm::raw_string_ostream os(text);
  OpPrintingFlags flags;
  if (withLocations)
    flags.enableDebugInfo();
  op->print(os, flags);
  os << "\n";
  llvm::StringRef directory = llvm::sys::path::parent_path(path);
  if (!directory.empty())
    if (std::error_code ec = llvm::sys::fs::create_directories(directory))
      return makeError(ExitCode::InvalidInput, "cannot create the directory '" +
                                                   directory +
                                                   "': " + ec.message());
  return writeTextFile(text, path, "the IR");
}

llvm::Error Driver::lowerToLLVM(ModuleOp module,
                                const LowerToLLVMOptions &options,
                                llvm::StringRef dumpDir) {
  auto runStage = [&](llvm::function_ref<void(OpPassManager &)> build,
                      llvm::StringRef stage,
                      llvm::StringRef dumpName) -> llvm::Error {
    PassManager pm = PassManager::on<ModuleOp>(&context);
    build(pm);
    if (failed(pm.run(module)))
      return makeError(ExitCode::CompileFailure, "lowering failed in " + stage +
                                                     " (see the error above)");
    if (dumpDir.empty())
      return llvm::Error::success();
    llvm::SmallString<256> path(dumpDir);
    llvm::sys::path::append(path, dumpName);
    return writeIR(module, path);
  };
  if (llvm::Error error = runStage(buildBufferizePipeline, "loom-bufferize",
                                   "2-bufferized.mlir"))
    return error;
  if (llvm::Error error = runStage(
          [&](OpPassManager &pm) {
            buildLowerBufferizedToLLVMPipeline(pm, options);
          },
          "loom-lower-bufferized-to-llvm", "3-llvm-dialect.mlir"))
    return error;

  // Conversions are partial: an op they do not know survives and would only
  // fail later, in the translation to LLVM IR. Name it now.
  Operation *leftover = nullptr;
  module->walk([&](Operation *op) {
    llvm::StringRef dialect = op->getName().getDialectNamespace();
    if (op == module.getOperation() || dialect == "llvm" || dialect == "omp" ||
        (leftover && isa<UnrealizedConversionCastOp>(op)))
      return WalkResult::advance();
    leftover = op;
    return isa<UnrealizedConversionCastOp>(op) ? WalkResult::advance()
                                               : WalkResult::interrupt();
  });
  if (!leftover)
    return llvm::Error::success();
  leftover->emitError() << "'" << leftover->getName()
                        << "' is left after lowering to the LLVM dialect";
  return makeError(ExitCode::CompileFailure,
                   "lowering left an op that LLVM cannot express ('" +
                       leftover->getName().getStringRef() +
                       "'); lower it in the schedule or file an issue with "
                       "the payload");
}

void eraseUnreachableFunctions(ModuleOp module, llvm::StringRef function) {
  SymbolTable symbols(module);
  llvm::SmallPtrSet<Operation *, 8> reached;
  SmallVector<Operation *> worklist;
  if (auto root = symbols.lookup<func::FuncOp>(function))
    worklist.push_back(root);
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (!reached.insert(op).second)
      continue;
    std::optional<SymbolTable::UseRange> uses = SymbolTable::getSymbolUses(op);
    if (!uses)
      continue;
    for (const SymbolTable::SymbolUse &use : *uses)
      if (auto callee = symbols.lookup<func::FuncOp>(
              use.getSymbolRef().getRootReference()))
        worklist.push_back(callee);
  }
  for (auto func : llvm::make_early_inc_range(module.getOps<func::FuncOp>()))
    if (!reached.contains(func))
      func.erase();
}

llvm::Error Driver::lowerReference(ModuleOp module, bool runtimeVerification) {
  PassManager pm = PassManager::on<ModuleOp>(&context);
  pm.addNestedPass<func::FuncOp>(createLoomInterchangeReductionsPass());
  if (failed(pm.run(module)))
    return makeError(ExitCode::CompileFailure,
                     "loom-interchange-reductions failed on the reference");
  return lowerToLLVM(module, LowerToLLVMOptions{1, runtimeVerification});
}

} // namespace mlir::loom
