//===- loom-opt.cpp - Loom's optimizer driver -----------------------------===//
//
// mlir-opt with every upstream dialect, pass and transform extension, plus
// Loom's transform ops, passes and pipelines.
//
//===----------------------------------------------------------------------===//

#include "dialect/InitLoom.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::loom::registerAllPasses();
  mlir::DialectRegistry registry;
  mlir::loom::registerAllDialects(registry);
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "Loom optimizer driver (mlir-opt with Loom's extensions)\n",
      registry));
}
