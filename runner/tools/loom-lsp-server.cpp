//===- loom-lsp-server.cpp - Loom's MLIR language server ------------------===//
//
// mlir-lsp-server with everything loom-opt registers, so editors give
// diagnostics, hover and go-to-definition for payloads and schedules that use
// transform.loom.* ops. See docs/editor.md.
//
//===----------------------------------------------------------------------===//

#include "dialect/InitLoom.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Support/LogicalResult.h"
#include "mlir/Tools/mlir-lsp-server/MlirLspServerMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::loom::registerAllDialects(registry);
  return mlir::failed(mlir::MlirLspServerMain(argc, argv, registry));
}
