//===- InitLoom.cpp - Register everything Loom's tools use ----------------===//

#include "dialect/InitLoom.h"

#include "dialect/LoomTransformOps.h"
#include "transforms/Passes.h"
#include "transforms/Pipelines.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"

#include <mutex>

namespace mlir::loom {

void registerAllDialects(DialectRegistry &registry) {
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::registerAllToLLVMIRTranslations(registry);
  registerLoomTransformExtension(registry);
}

void registerAllPasses() {
  // The pass registry is global: loom-opt, the runner (for
  // transform.apply_registered_pass in schedules) and the tests share it.
  static std::once_flag once;
  std::call_once(once, [] {
    mlir::registerAllPasses();
    registerLoomPasses();
    registerLoomPipelines();
  });
}

} // namespace mlir::loom
