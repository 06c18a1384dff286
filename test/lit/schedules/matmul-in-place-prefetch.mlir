// A matmul that reads B in place (matmul-in-place.mlir) prefetches the rows
// of B its register tiles read, l3_prefetch_ahead steps of the k loop ahead
// (loom-prefetch-ahead, into L1: locality 3), when its B is large: its K x N
// floats take at least ahead_b_bytes. 8 x 520 x 600: B takes 1.2 MB, at
// least 1 MiB (first run: prefetched, the result checked); below 2 MiB
// (second run) or with l3_prefetch_ahead=0 (third) nothing is. The host
// default of ahead_b_bytes: on a Zen, stream_b_bytes (B from memory), a
// quarter of L3 per thread, at most three eighths of L3: with an L3 of 4
// MiB, 1 MiB on one thread (prefetched) and 1 MiB on two too (the cap:
// 1.5 MiB, the option below it; prefetched); with an L3 of 8 MiB, 2 MiB on
// two (3 MiB capped: not prefetched); on another core, half of L2 whatever
// the threads: with an L2 of 2 MiB prefetched, of 4 MiB not. The host
// default of l3_prefetch_ahead: on a Zen, whose B then comes from memory,
// prefetch_ahead (64); on another core, whose B comes from L3, 96 / m_r
// (12 with m_r = 8).
//
// RUN: loom run %s --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --knob m_r=8 --knob in_place_m_r=8 --knob in_place_rows=128 --knob prefetch_ahead=64 \
// RUN:   --knob ahead_b_bytes=1048576 --dump-ir %t/on | FileCheck %s
// RUN: FileCheck %s --check-prefix=ON < %t/on/4-optimized.ll
// RUN: loom run %s --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --knob m_r=8 --knob in_place_m_r=8 --knob in_place_rows=128 --knob prefetch_ahead=64 \
// RUN:   --knob ahead_b_bytes=2097152 --dump-ir %t/small | FileCheck %s
// RUN: FileCheck %s --check-prefix=OFF < %t/small/4-optimized.ll
// RUN: loom run %s --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --knob m_r=8 --knob in_place_m_r=8 --knob in_place_rows=128 --knob l3_prefetch_ahead=0 \
// RUN:   --knob ahead_b_bytes=1048576 --dump-ir %t/off | FileCheck %s
// RUN: FileCheck %s --check-prefix=OFF < %t/off/4-optimized.ll
//
// RUN: loom run %s --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --knob m_r=8 --knob in_place_m_r=8 --knob in_place_rows=128 --knob prefetch_ahead=64 \
// RUN:   --host-param zen=1 --host-param l3_bytes=4194304 --dump-ir %t/zen1 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,ZEN1
// RUN: FileCheck %s --check-prefix=ON < %t/zen1/4-optimized.ll
// RUN: loom run %s --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --knob m_r=8 --knob in_place_m_r=8 --knob in_place_rows=128 --knob prefetch_ahead=64 \
// RUN:   --host-param zen=1 --host-param l3_bytes=4194304 --threads 2 \
// RUN:   --dump-ir %t/zen2-cap | FileCheck %s --check-prefixes=CHECK,ZEN2-CAP
// RUN: FileCheck %s --check-prefix=ON < %t/zen2-cap/4-optimized.ll
// RUN: loom run %s --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --knob m_r=8 --knob in_place_m_r=8 --knob in_place_rows=128 --knob prefetch_ahead=64 \
// RUN:   --host-param zen=1 --host-param l3_bytes=8388608 --threads 2 \
// RUN:   --dump-ir %t/zen2 | FileCheck %s --check-prefixes=CHECK,ZEN2
// RUN: FileCheck %s --check-prefix=OFF < %t/zen2/4-optimized.ll
// RUN: loom run %s --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --knob m_r=8 --knob in_place_m_r=8 --knob in_place_rows=128 --knob prefetch_ahead=64 \
// RUN:   --host-param zen=0 --host-param l3_bytes=4194304 \
// RUN:   --host-param l2_bytes=2097152 --threads 2 --dump-ir %t/other2 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,OTHER2
// RUN: FileCheck %s --check-prefix=ON < %t/other2/4-optimized.ll
// RUN: loom run %s --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --knob m_r=8 --knob in_place_m_r=8 --knob in_place_rows=128 --knob prefetch_ahead=64 \
// RUN:   --host-param zen=0 --host-param l2_bytes=4194304 \
// RUN:   --dump-ir %t/other4 | FileCheck %s --check-prefixes=CHECK,OTHER4
// RUN: FileCheck %s --check-prefix=OFF < %t/other4/4-optimized.ll

// CHECK: check       arg 2: passed
// ZEN1: ahead_b_bytes=1048576 (min(stream_b_bytes, 3 * l3_bytes / 8) * zen + l2_bytes / 2 * (1 - zen) = 1048576)
// ZEN1-SAME: l3_prefetch_ahead=64 (prefetch_ahead * zen + 96 / m_r * (1 - zen) = 64)
// ZEN2-CAP: ahead_b_bytes=1048576 (min(stream_b_bytes, 3 * l3_bytes / 8) * zen + l2_bytes / 2 * (1 - zen) = 1572864)
// ZEN2: ahead_b_bytes=2097152 (min(stream_b_bytes, 3 * l3_bytes / 8) * zen + l2_bytes / 2 * (1 - zen) = 3145728)
// OTHER2: ahead_b_bytes=1048576 (min(stream_b_bytes, 3 * l3_bytes / 8) * zen + l2_bytes / 2 * (1 - zen) = 1048576)
// OTHER2-SAME: l3_prefetch_ahead=12 (prefetch_ahead * zen + 96 / m_r * (1 - zen) = 12)
// OTHER4: ahead_b_bytes=2097152 (min(stream_b_bytes, 3 * l3_bytes / 8) * zen + l2_bytes / 2 * (1 - zen) = 2097152)

// ON: call void @llvm.prefetch.p0(ptr {{.*}}, i32 0, i32 3, i32 1)
// OFF-NOT: @llvm.prefetch

func.func @in_place(%A: tensor<8x600xf32>, %B: tensor<600x520xf32>,
                    %C: memref<8x520xf32>) {
  %c = bufferization.to_tensor %C restrict writable
    : memref<8x520xf32> to tensor<8x520xf32>
  %0 = linalg.matmul ins(%A, %B : tensor<8x600xf32>, tensor<600x520xf32>)
                     outs(%c : tensor<8x520xf32>) -> tensor<8x520xf32>
  bufferization.materialize_in_destination %0 in restrict writable %C
    : (tensor<8x520xf32>, memref<8x520xf32>) -> ()
  return
}
