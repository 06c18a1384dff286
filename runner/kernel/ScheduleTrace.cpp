//===- ScheduleTrace.cpp - What each op of a schedule did -----------------===//

#include "runner/kernel/ScheduleTrace.h"

#include "dialect/LoomTransformOps.h"
#include "transforms/SourceLocation.h"

#include "mlir/Dialect/Transform/TuneExtension/TuneExtensionOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringMap.h"

namespace mlir::loom {

bool TransformStepRecord::matchedNothing() const {
  return status != "not reached" && status != "failed" &&
         llvm::is_contained(operands, 0);
}

/// Ops whose regions stop at a failure and whose op goes on: a region of
/// transform.alternatives that fails gives way to the next. (A
/// transform.sequence with failures(suppress) goes on to its next op after a
/// failure, dropping the diagnostic, so trace ops cannot see it.)
static bool suppressesRegionFailures(Operation *op) {
  return isa<transform::AlternativesOp, transform::tune::AlternativesOp>(op);
}

/// Labels of the trace ops around top-level op `index` ("before 3") and
/// around the ops nested in it ("enter 3").
static std::string label(llvm::StringRef kind, size_t index) {
  return (kind + " " + Twine(index)).str();
}

/// The named sequence a transform.include calls, looked up in the module
/// that holds `include`.
static transform::NamedSequenceOp getCallee(transform::IncludeOp include) {
  auto module = include->getParentOfType<ModuleOp>();
  for (Operation *scope = include->getParentOp(); scope;
       scope = scope->getParentOp())
    if (auto found =
            SymbolTable::lookupNearestSymbolFrom<transform::NamedSequenceOp>(
                scope, include.getTargetAttr()))
      return found;
  return module
             ? SymbolTable::lookupNearestSymbolFrom<transform::NamedSequenceOp>(
                   module, include.getTargetAttr())
             : transform::NamedSequenceOp();
}

namespace {
/// Inserts the trace ops around the ops of a block and, through
/// transform.include, of the sequences it calls (each one once, however
/// many includes call it), recording one step per op.
class Instrumenter {
public:
  explicit Instrumenter(MLIRContext *context) : builder(context) {}

  void instrumentBlock(Block &block, unsigned depth) {
    SmallVector<Operation *> ops;
    for (Operation &op : block.without_terminator())
      ops.push_back(&op);
    for (Operation *op : ops)
      instrumentOp(op, depth);
  }

  std::vector<TransformStepRecord> steps;

private:
  void instrumentOp(Operation *op, unsigned depth) {
    size_t index = steps.size();
    TransformStepRecord &step = steps.emplace_back();
    step.op = op->getName().getStringRef().str();
    step.loc = formatFileLineCol(op->getLoc());
    step.status = "not reached";
    step.depth = depth;
    builder.setInsertionPoint(op);
    TraceOp::create(builder, op->getLoc(), label("before", index),
                    op->getOperands());
    builder.setInsertionPointAfter(op);
    TraceOp::create(builder, op->getLoc(), label("after", index),
                    op->getResults());
    if (suppressesRegionFailures(op))
      instrumentRegions(op, index);
    // What an included sequence does, step by step, below its include.
    if (auto include = dyn_cast<transform::IncludeOp>(op))
      if (transform::NamedSequenceOp callee = getCallee(include);
          callee && !callee.isExternal() && !callee.getBody().empty() &&
          visited.insert(callee).second && depth < kMaxDepth)
        instrumentBlock(callee.getBody().front(), depth + 1);
  }

  /// Trace ops around the ops directly inside the regions of `op`: a region
  /// that stops early failed, and the failure was suppressed.
  void instrumentRegions(Operation *op, size_t index) {
    for (Region &region : op->getRegions())
      for (Block &block : region) {
        SmallVector<Operation *> nested;
        for (Operation &inner : block.without_terminator())
          nested.push_back(&inner);
        for (Operation *inner : nested) {
          builder.setInsertionPoint(inner);
          TraceOp::create(builder, inner->getLoc(), label("enter", index),
                          ValueRange());
          builder.setInsertionPointAfter(inner);
          TraceOp::create(builder, inner->getLoc(), label("leave", index),
                          ValueRange());
        }
      }
  }

  static constexpr unsigned kMaxDepth = 8;
  OpBuilder builder;
  llvm::SmallPtrSet<Operation *, 8> visited;
};
} // namespace

/// The label of the trace op after a knob (or alternatives) op.
static constexpr llvm::StringLiteral kKnobLabel = "knob read ";

void instrumentKnobReads(ModuleOp schedule) {
  SmallVector<std::pair<Operation *, std::string>> knobs;
  schedule->walk([&](Operation *op) {
    if (auto knob = dyn_cast<transform::tune::KnobOp>(op))
      knobs.push_back({op, knob.getName().str()});
    else if (auto alternatives = dyn_cast<transform::tune::AlternativesOp>(op))
      knobs.push_back({op, alternatives.getName().str()});
  });
  OpBuilder builder(schedule.getContext());
  for (auto &[op, name] : knobs) {
    builder.setInsertionPointAfter(op);
    TraceOp::create(builder, op->getLoc(), (kKnobLabel + name).str(),
                    ValueRange());
  }
}

llvm::StringSet<> getKnobsRead(ArrayRef<TraceRecord> records) {
  llvm::StringSet<> read;
  for (const TraceRecord &record : records)
    if (llvm::StringRef(record.label).starts_with(kKnobLabel))
      read.insert(llvm::StringRef(record.label).drop_front(kKnobLabel.size()));
  return read;
}

std::vector<TransformStepRecord>
instrumentSchedule(transform::NamedSequenceOp entry) {
  if (entry.getBody().empty())
    return {};
  Instrumenter instrumenter(entry.getContext());
  instrumenter.instrumentBlock(entry.getBody().front(), 0);
  return std::move(instrumenter.steps);
}

const TransformStepRecord *
findFailedStep(llvm::ArrayRef<TransformStepRecord> steps) {
  // Steps are in program order with the ops of an included sequence right
  // after its include: the last failed one is the innermost.
  const TransformStepRecord *failed = nullptr;
  for (const TransformStepRecord &step : steps)
    if (step.status == "failed" && (!failed || step.depth >= failed->depth))
      failed = &step;
  return failed;
}

void completeTrace(std::vector<TransformStepRecord> &steps,
                   ArrayRef<TraceRecord> records) {
  // Nested ops entered but never left failed, and since their parent went
  // on, the failure was suppressed.
  llvm::StringMap<int64_t> unfinished;
  for (const TraceRecord &record : records) {
    auto [kind, index] = llvm::StringRef(record.label).split(' ');
    size_t step = 0;
    if (index.getAsInteger(10, step) || step >= steps.size())
      continue;
    if (kind == "before") {
      steps[step].operands.assign(record.counts.begin(), record.counts.end());
      steps[step].status = "failed";
    } else if (kind == "after") {
      steps[step].results.assign(record.counts.begin(), record.counts.end());
      steps[step].status = "succeeded";
    } else if (kind == "enter") {
      ++unfinished[index];
    } else if (kind == "leave") {
      --unfinished[index];
    }
  }
  for (auto [index, step] : llvm::enumerate(steps)) {
    int64_t suppressed = unfinished.lookup(std::to_string(index));
    if (step.status == "succeeded" && suppressed > 0) {
      step.status = "suppressed";
      step.suppressedFailures = suppressed;
    }
  }
}

} // namespace mlir::loom
