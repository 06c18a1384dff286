//===- loom-lsp-server.cpp - Loom's MLIR language server ------------------===//
//
// mlir-lsp-server with everything loom-opt registers, so editors give
// diagnostics, hover and go-to-definition for payloads and schedules that use
// transform.loom.* ops. See docs/editor.md. It runs on a thread with a 1 GiB
// stack, as loom does.
//
//===----------------------------------------------------------------------===//

#include "dialect/InitLoom.h"
#include "runner/kernel/CrashGuard.h"
#include "runner/results/RunOptions.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Support/LogicalResult.h"
#include "mlir/Tools/mlir-lsp-server/MlirLspServerMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::loom::registerAllDialects(registry);
  // Parsing recurses once per level of nesting: a document that nests deep
  // must not take the server down with it.
  return mlir::loom::runOnStack(mlir::loom::kDefaultStackSize, [&] {
    return int(mlir::failed(mlir::MlirLspServerMain(argc, argv, registry)));
  });
}
