// The JSON record (docs/record-schema.md) of a passing run.
//
// RUN: loom run %{inputs}/matmul-64x256x256.mlir \
// RUN:   --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --iters 4 --seed 7 \
// RUN:   --json %t.json | FileCheck %s --check-prefix=TABLE
// RUN: %{json-get} %t.json schema schema_version status exit_code error \
// RUN:   function tool.name payload.sha256 schedule.entry_point \
// RUN:   schedule.embedded schedule.libraries.0.path options.seed options.threads \
// RUN:   arguments.2 check.status check.outputs.0.name check.outputs.0.mismatches \
// RUN:   check.outputs.0.reduction work.flops work.bytes work.complete \
// RUN:   work.ops.0.op timing.samples | FileCheck %s
// RUN: %{json-get} %t.json host.cpu tool.llvm_version timing.median_s \
// RUN:   throughput.gflops phases_s.jit | FileCheck %s --check-prefix=TYPES
//
// With --json -, the record goes to stdout and the table to stderr.
// RUN: loom run %{inputs}/matmul-64x256x256.mlir --iters 1 --no-check \
// RUN:   --json - 2>/dev/null | FileCheck %s --check-prefix=STDOUT

// TABLE: check       arg 2: passed

// CHECK: schema = "loom-run-record"
// CHECK: schema_version = 1
// CHECK: status = "ok"
// CHECK: exit_code = 0
// CHECK: error = null
// CHECK: function = "matmul"
// CHECK: tool.name = "loom"
// CHECK: payload.sha256 = "{{[0-9a-f]+}}"
// CHECK: schedule.entry_point = "__transform_main"
// CHECK: schedule.embedded = false
// CHECK: schedule.libraries.0.path = "{{.*}}lib/vector.mlir"
// CHECK: options.seed = 7
// CHECK: options.threads = 1
// CHECK: arguments.2 = {"concrete_type": "memref<64x256xf32>", "index": 2, "shape": [64, 256], "type": "memref<64x256xf32>"}
// CHECK: check.status = "passed"
// CHECK: check.outputs.0.name = "arg 2"
// CHECK: check.outputs.0.mismatches = 0
// CHECK: check.outputs.0.reduction = 256
// CHECK: work.flops = 8388608.0
// CHECK: work.bytes = 393216.0
// CHECK: work.complete = true
// CHECK: work.ops.0.op = "linalg.matmul"
// CHECK: timing.samples = 4

// TYPES: host.cpu = "{{.+}}"
// TYPES: tool.llvm_version = "22.{{.*}}"
// TYPES: timing.median_s = {{[0-9.e-]+}}
// TYPES: throughput.gflops = {{[0-9.e+]+}}
// TYPES: phases_s.jit = {{[0-9.e-]+}}

// STDOUT:      "schema": "loom-run-record",
// STDOUT-NEXT: "schema_version": 1,
// STDOUT-NEXT: "status": "ok",
// STDOUT:      "schedule": null,
// STDOUT:      "check": {
// STDOUT-NEXT:   "status": "skipped",
// STDOUT-NEXT:   "reason": "--no-check",
