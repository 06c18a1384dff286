// --bundle DIR writes what it takes to reproduce a run; --from-bundle DIR
// runs it again with the same options and gets the same check result. The
// schedule in the bundle is the one applied: knobs resolved, original
// locations kept. A failing run still writes its bundle.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: loom run %s --knob tile=8 --seed 5 --iters 1 --bundle %t/b --json %t/first.json 2>&1 | FileCheck %s --check-prefix=WRITTEN
// RUN: ls %t/b %t/b/ir | FileCheck %s --check-prefix=FILES
// RUN: FileCheck %s --check-prefix=SCHEDULE < %t/b/schedule.mlir
// RUN: FileCheck %s --check-prefix=COMMAND < %t/b/command.txt
// RUN: loom run --from-bundle %t/b --json %t/again.json > /dev/null
// RUN: %{json-get} %t/first.json options.seed schedule.knobs check.outputs.0.max_abs_error payload.sha256 > %t/first.txt
// RUN: %{json-get} %t/again.json options.seed schedule.knobs check.outputs.0.max_abs_error payload.sha256 > %t/again.txt
// RUN: diff %t/first.txt %t/again.txt
// RUN: FileCheck %s --check-prefix=SAME < %t/again.txt
// RUN: %{exit-code} loom run --from-bundle %t/b --threads 2 | FileCheck %s --check-prefix=FIXED
// RUN: %{exit-code} loom run --from-bundle %t | FileCheck %s --check-prefix=NOT-A-BUNDLE
// RUN: %{exit-code} loom run %s --knob tile=8 --entry-point fails --bundle %t/failed | FileCheck %s --check-prefix=FAILED
// RUN: %{json-get} %t/failed/record.json status | FileCheck %s --check-prefix=FAILED-JSON

// A bundle whose payload was edited since (linalg.add became linalg.sub) is
// refused (exit 2): the manifest holds the SHA-256 of every file that decides
// what runs. --allow-modified runs it anyway, and the record says what
// differed.
// RUN: cp -r %t/b %t/tampered && sed -i 's/linalg.add/linalg.sub/' %t/tampered/payload.mlir
// RUN: %{exit-code} loom run --from-bundle %t/tampered | FileCheck %s --check-prefix=TAMPERED
// RUN: cp -r %t/b %t/edited && echo '// edited' >> %t/edited/payload.mlir
// RUN: %{exit-code} loom run --from-bundle %t/edited --allow-modified --json %t/edited.json | FileCheck %s --check-prefix=ALLOWED
// RUN: %{json-get} %t/edited.json from_bundle.modified from_bundle.checked | FileCheck %s --check-prefix=ALLOWED-JSON
// RUN: %{json-get} %t/again.json from_bundle.modified | FileCheck %s --check-prefix=CLEAN-JSON
// A record whose options a user edited is checked like the command line.
// RUN: cp -r %t/b %t/warmup && sed -i 's/"warmup": 2/"warmup": -3/' %t/warmup/record.json
// RUN: %{exit-code} loom run --from-bundle %t/warmup | FileCheck %s --check-prefix=WARMUP
// WARMUP: loom run: error: not a valid Loom run record: options.warmup must be at least 0
// An input file added to the bundle is a change too.
// RUN: cp -r %t/b %t/added && mkdir -p %t/added/inputs && cp %t/b/payload.mlir %t/added/inputs/0.npy
// RUN: %{exit-code} loom run --from-bundle %t/added | FileCheck %s --check-prefix=ADDED
// TAMPERED: loom run: error: the bundle '{{.*}}tampered' was modified since it was written: payload.mlir differ from its manifest (--allow-modified runs it anyway, and the record says so)
// TAMPERED: exit code: 2
// ALLOWED: loom run: warning: running the bundle with modified files: payload.mlir
// ALLOWED: exit code: 0
// ALLOWED-JSON: from_bundle.modified = ["payload.mlir"]
// ALLOWED-JSON: from_bundle.checked = ["payload.mlir", "schedule.mlir"]
// CLEAN-JSON: from_bundle.modified = []
// ADDED: loom run: error: {{.*}}inputs/0.npy differ from its manifest

// WRITTEN: loom run: bundle written to {{.*}}b (loom run --from-bundle {{.*}}b runs it again)
// FILES: command.txt
// FILES-NEXT: ir
// FILES-NEXT: manifest.json
// FILES-NEXT: payload.mlir
// FILES-NEXT: record.json
// FILES-NEXT: schedule.mlir
// FILES: 1-scheduled.mlir
// FILES-NEXT: 2-bufferized.mlir
// FILES-NEXT: 3-llvm-dialect.mlir
// FILES-NEXT: 4-optimized.ll
// FILES-NEXT: 5-kernel.o
// SCHEDULE: transform.tune.knob<"tile"> = 8 : i64 from options = [4, 8] -> !transform.param<i64> loc(#[[LOC:loc[0-9]+]])
// SCHEDULE: #[[LOC]] = loc("{{.*}}bundle.mlir":{{[0-9]+}}:{{[0-9]+}})
// COMMAND: loom run {{.*}}bundle.mlir --knob tile=8 --seed 5 --iters 1 --bundle {{.*}}
// SAME: options.seed = 5
// SAME: schedule.knobs = {"tile": "8"}
// FIXED: loom run: error: --from-bundle runs the bundle with its own options; 'threads' cannot be changed
// FIXED: exit code: 2
// NOT-A-BUNDLE: loom run: error: '{{.*}}' is not a loom bundle (it has no record.json); write one with loom run --bundle DIR
// NOT-A-BUNDLE: exit code: 2
// FAILED: exit code: 3
// FAILED-JSON: status = "compile-failure"

func.func @add(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %empty = tensor.empty() : tensor<16x16xf32>
  %0 = linalg.add ins(%a, %b : tensor<16x16xf32>, tensor<16x16xf32>)
                  outs(%empty : tensor<16x16xf32>) -> tensor<16x16xf32>
  return %0 : tensor<16x16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %add = transform.structured.match ops{["linalg.add"]} in %root
      : (!transform.any_op) -> !transform.any_op
    %tile = transform.tune.knob<"tile"> options = [4, 8] -> !transform.param<i64>
    %tiled, %loop = transform.structured.tile_using_for %add tile_sizes [%tile, 0]
      : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
  transform.named_sequence @fails(%root: !transform.any_op {transform.readonly}) {
    %tile = transform.tune.knob<"tile"> options = [4, 8] -> !transform.param<i64>
    %empty = transform.structured.match ops{["tensor.empty"]} in %root
      : (!transform.any_op) -> !transform.any_op
    %f = transform.loom.fuse_elementwise %empty : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
