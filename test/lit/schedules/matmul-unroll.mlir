// The k loop of the packed matmul's register tiles is marked loom.unroll =
// k_unroll, whose host default is 4 on a core other than a Zen (the loop's
// counter, compare and branch take the FMAs' ports of an Intel core) and 1
// on a Zen; loom-unroll-loops unrolls it after the prefetch passes, which
// still see one step: 256 x 256 x 256 (one cache tile; its first register
// tile packs B as it reads it, loom-pack-in-first-tile, and then computes
// from the packed copy) has 8 FMAs of 32 lanes a step in each of the two
// k loops: 64 in the LLVM dialect unrolled by 4, 16 not unrolled.
//
// RUN: loom run %{schedules}/matmul/matmul_256.mlir --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-timing --no-records --host-param zen=0 \
// RUN:   --dump-ir %t.intel | FileCheck %s --check-prefix=INTEL-OUT
// RUN: FileCheck %s --check-prefix=INTEL < %t.intel/1-scheduled.mlir
// RUN: grep -c llvm.intr.fmuladd %t.intel/3-llvm-dialect.mlir | FileCheck %s --check-prefix=INTEL-FMAS
// RUN: FileCheck %s --check-prefix=PREFETCH < %t.intel/3-llvm-dialect.mlir
// RUN: loom run %{schedules}/matmul/matmul_256.mlir --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-timing --no-records --host-param zen=1 \
// RUN:   --dump-ir %t.zen | FileCheck %s --check-prefix=ZEN-OUT
// RUN: FileCheck %s --check-prefix=ZEN < %t.zen/1-scheduled.mlir
// RUN: grep -c llvm.intr.fmuladd %t.zen/3-llvm-dialect.mlir | FileCheck %s --check-prefix=ZEN-FMAS
// RUN: FileCheck %s --check-prefix=PREFETCH < %t.zen/3-llvm-dialect.mlir
//
// Register tiles of more than unroll_rows rows (host default
// vector_registers / 4: 8 with 32 registers) keep one step a loop: with 12
// rows (m_r = 12: 21 tiles and one of the 4 rows left) only the 4-row
// tile's loop is unrolled.
// RUN: loom run %{schedules}/matmul/matmul_256.mlir --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-timing --no-records --host-param zen=0 \
// RUN:   --knob m_r=12 --dump-ir %t.rows | FileCheck %s --check-prefix=INTEL-OUT
// RUN: FileCheck %s --check-prefix=ROWS < %t.rows/1-scheduled.mlir

// INTEL-OUT: check       arg 2: passed
// INTEL-OUT: host knobs  {{.*}}k_unroll=4 (1 + 3 * (1 - zen) = 4)
// INTEL: } {loom.hoist_subsets, loom.unroll = 4 : i64}
// INTEL-NOT: loom.unroll = 1
// INTEL-FMAS: {{^}}64{{$}}

// ZEN-OUT: check       arg 2: passed
// ZEN-OUT: host knobs  {{.*}}k_unroll=1 (1 + 3 * (1 - zen) = 1)
// ZEN: } {loom.hoist_subsets, loom.unroll = 1 : i64}
// ZEN-NOT: loom.unroll = 4
// ZEN-FMAS: {{^}}16{{$}}

// ROWS: scf.for {{.*}} -> (tensor<12x1x32xf32>, vector<12x1x32xf32>)
// ROWS: } {loom.hoist_subsets}
// ROWS: scf.for {{.*}} -> (tensor<4x1x32xf32>, vector<4x1x32xf32>)
// ROWS: } {loom.hoist_subsets, loom.unroll = 4 : i64}

// The first tile's rows of B are still prefetched as it packs them.
// PREFETCH: llvm.intr.prefetch
