// A matmul that reads B in place and prefetches its rows of B ahead (B of
// ahead_b_bytes or more: it streams from memory) has register tiles of
// ahead_m_r rows (three quarters of the registers: 12 with 32), with
// ahead_join_rows and every rest balanced; with B in cache its tiles keep
// in_place_m_r (m_r, 8, on a Zen). 40 x 520 x 1100, B of 2.3 MB, on a Zen:
// with ahead_b_bytes of 1 MiB its 40 rows are 12 + 12 + 8 + 8 (the 4 left
// over balanced with the second tile of 12), with the host's (8 MiB) five
// tiles of 8; --knob ahead_m_r=8 keeps tiles of 8 though B streams. Off a
// Zen in_place_m_r is 12 already and so is ahead_m_r; with 16 registers,
// 6. Results checked.
//
// RUN: loom run %s --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --host-param vector_bytes=64 --host-param vector_registers=32 --host-param zen=1 \
// RUN:   --host-param l1d_bytes=49152 --host-param l2_bytes=1048576 --host-param l3_bytes=33554432 \
// RUN:   --knob ahead_b_bytes=1048576 --dump-ir %t/stream \
// RUN:   | FileCheck %s --check-prefixes=CHECK,ZEN
// RUN: FileCheck %s --check-prefix=STREAM --implicit-check-not='vector<4x32xf32>' \
// RUN:   < %t/stream/1-scheduled.mlir
// RUN: loom run %s --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --host-param vector_bytes=64 --host-param vector_registers=32 --host-param zen=1 \
// RUN:   --host-param l1d_bytes=49152 --host-param l2_bytes=1048576 --host-param l3_bytes=33554432 \
// RUN:   --dump-ir %t/cache | FileCheck %s --check-prefixes=CHECK,ZEN
// RUN: FileCheck %s --check-prefix=EIGHT --implicit-check-not='vector<12x32xf32>' \
// RUN:   < %t/cache/1-scheduled.mlir
// RUN: loom run %s --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --host-param vector_bytes=64 --host-param vector_registers=32 --host-param zen=1 \
// RUN:   --host-param l1d_bytes=49152 --host-param l2_bytes=1048576 --host-param l3_bytes=33554432 \
// RUN:   --knob ahead_b_bytes=1048576 --knob ahead_m_r=8 --knob ahead_join_rows=3 \
// RUN:   --dump-ir %t/knob | FileCheck %s
// RUN: FileCheck %s --check-prefix=EIGHT --implicit-check-not='vector<12x32xf32>' \
// RUN:   < %t/knob/1-scheduled.mlir
// RUN: loom run %s --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --host-param vector_bytes=32 --host-param vector_registers=16 --host-param zen=0 \
// RUN:   --host-param l1d_bytes=32768 --host-param l2_bytes=262144 --host-param l3_bytes=8388608 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,AVX2

// CHECK: check       arg 2: passed
// ZEN: ahead_m_r=12 (3 * vector_registers / 8 = 12)
// ZEN: ahead_join_rows=1 (((vector_registers - 3) / 2 - ahead_m_r) / 2 = 1)
// AVX2: in_place_m_r=6 (m_r * zen + 3 * vector_registers / 8 * (1 - zen) = 6)
// AVX2: ahead_m_r=6 (3 * vector_registers / 8 = 6)

// STREAM: scf.for %{{.*}} = %c0 to %c24 step %c12
// STREAM: vector.transfer_read {{.*}} : tensor<12x32xf32>, vector<12x32xf32>
// STREAM-COUNT-2: vector.transfer_read {{.*}} : tensor<8x32xf32>, vector<8x32xf32>
// EIGHT: scf.for %{{.*}} = %c0 to %c40 step %c8
// EIGHT: vector.transfer_read {{.*}} : tensor<8x32xf32>, vector<8x32xf32>

func.func @matmul(%A: tensor<40x1100xf32>, %B: tensor<1100x520xf32>, %C: memref<40x520xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<40x520xf32> to tensor<40x520xf32>
  %r = linalg.matmul ins(%A, %B : tensor<40x1100xf32>, tensor<1100x520xf32>)
                     outs(%c : tensor<40x520xf32>) -> tensor<40x520xf32>
  bufferization.materialize_in_destination %r in restrict writable %C
    : (tensor<40x520xf32>, memref<40x520xf32>) -> ()
  return
}
