// The shipped tunable matmul schedule: its space (576 points), and two
// points (B packed or not) that run and pass the check.
//
// RUN: loom tune %{schedules}/matmul/matmul_256.mlir --schedule %{schedules}/matmul/tunable.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --list-space | FileCheck %s
// RUN: loom run %{schedules}/matmul/matmul_256.mlir --schedule %{schedules}/matmul/tunable.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --iters 1 --knob thread_m=64 --knob thread_panels=8 \
// RUN:   --knob k_block=256 --knob register_m=8 --knob k_unroll=1 --knob pack_b=0 | FileCheck %s --check-prefix=RAN
// RUN: loom run %{schedules}/matmul/matmul_256.mlir --schedule %{schedules}/matmul/tunable.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --iters 1 --knob thread_m=32 --knob thread_panels=2 \
// RUN:   --knob k_block=32 --knob register_m=16 --knob k_unroll=2 --knob pack_b=1 | FileCheck %s --check-prefix=RAN

// Both values of pack_b with K unrolled by 2 are valid points. (Without B
// packed, this point used to overflow the stack: the lowering left temporary
// buffers inside loops, see docs/tuning.md.)
// RUN: rm -f %t.jsonl
// RUN: loom tune %{schedules}/matmul/matmul_256.mlir --schedule %{schedules}/matmul/tunable.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --min-time 0.01 --db %t.jsonl \
// RUN:   --constraint 'thread_m == 32 && thread_panels == 2 && k_block == 32' \
// RUN:   --constraint 'register_m == 2 && k_unroll == 2' 2> %t.log | FileCheck %s --check-prefix=SWEEP
// RUN: %{python} -c "import json; print(sorted((json.loads(l)['point']['pack_b'], json.loads(l)['status']) for l in open('%t.jsonl')))" | FileCheck %s --check-prefix=SWEEP-DB

// CHECK: thread_m knob 3 [32, 64, 128]
// CHECK-NEXT: thread_panels knob 3 [2, 4, 8]
// CHECK-NEXT: k_block knob 4 [32, 64, 128, 256]
// CHECK-NEXT: register_m knob 4 [2, 4, 8, 16]
// CHECK-NEXT: k_unroll knob 2 [1, 2]
// CHECK-NEXT: pack_b alternatives 2 regions [0, 1]
// CHECK-NEXT: 576 points

// RAN: check arg 2: passed

// SWEEP: 2 candidates of 576 points: 2 evaluated now, 0 from the database, 0 invalid
// SWEEP-DB: [('0', 'ok'), ('1', 'ok')]
