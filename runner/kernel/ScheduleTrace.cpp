//===- ScheduleTrace.cpp - What each op of a schedule did -----------------===//

#include "runner/kernel/ScheduleTrace.h"

#include "dialect/LoomTransformOps.h"
#include "transforms/SourceLocation.h"

#include "mlir/Dialect/Transform/TuneExtension/TuneExtensionOps.h"
#include "mlir/IR/Builders.h"
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

std::vector<TransformStepRecord>
instrumentSchedule(transform::NamedSequenceOp entry) {
  std::vector<TransformStepRecord> steps;
  if (entry.getBody().empty())
    return steps;
  OpBuilder builder(entry.getContext());
  SmallVector<Operation *> topLevel;
  for (Operation &op : entry.getBody().front().without_terminator())
    topLevel.push_back(&op);
  for (auto [index, op] : llvm::enumerate(topLevel)) {
    TransformStepRecord &step = steps.emplace_back();
    step.op = op->getName().getStringRef().str();
    step.loc = formatFileLineCol(op->getLoc());
    step.status = "not reached";
    builder.setInsertionPoint(op);
    TraceOp::create(builder, op->getLoc(), label("before", index),
                    op->getOperands());
    builder.setInsertionPointAfter(op);
    TraceOp::create(builder, op->getLoc(), label("after", index),
                    op->getResults());
    if (!suppressesRegionFailures(op))
      continue;
    for (Region &region : op->getRegions()) {
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
  }
  return steps;
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
