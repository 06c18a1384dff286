// A matmul that reads B in place prefetches its rows of B ahead from
// ahead_b_bytes up (matmul-in-place-prefetch.mlir); one whose rows of B are
// a multiple of 1 KiB apart (N a multiple of 256 and not of a page: 512)
// only from kib_ahead_b_bytes up. On a Zen that is three eighths of L3:
// with an L3 of 32 MiB, 12 MiB on one thread and on two (ahead_b_bytes is
// 8 MiB on one thread, a quarter of L3). B of 8.5 MiB: rows
// 2 KiB apart (@kib_rows, 8 x 512 x 4352) are not prefetched on a Zen,
// rows 2080 bytes apart (@other_rows, 8 x 520 x 4300) are; off a Zen,
// kib_ahead_b_bytes is ahead_b_bytes (half of L2) and both are. Results
// checked.
//
// RUN: loom run %s --func kib_rows --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --knob m_r=8 --knob in_place_m_r=8 --knob in_place_rows=128 --knob prefetch_ahead=64 \
// RUN:   --host-param zen=1 --host-param l3_bytes=33554432 --dump-ir %t/kib \
// RUN:   | FileCheck %s --check-prefixes=CHECK,ZEN1
// RUN: FileCheck %s --check-prefix=OFF < %t/kib/4-optimized.ll
// RUN: loom run %s --func other_rows --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --knob m_r=8 --knob in_place_m_r=8 --knob in_place_rows=128 --knob prefetch_ahead=64 \
// RUN:   --host-param zen=1 --host-param l3_bytes=33554432 --dump-ir %t/other \
// RUN:   | FileCheck %s --check-prefixes=CHECK,ZEN1
// RUN: FileCheck %s --check-prefix=ON < %t/other/4-optimized.ll
// RUN: loom run %s --func kib_rows --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --knob m_r=8 --knob in_place_m_r=8 --knob in_place_rows=128 --knob prefetch_ahead=64 \
// RUN:   --host-param zen=1 --host-param l3_bytes=33554432 --threads 2 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,ZEN2
// RUN: loom run %s --func kib_rows --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --knob m_r=8 --knob in_place_m_r=8 --knob in_place_rows=128 --knob prefetch_ahead=64 \
// RUN:   --host-param zen=0 --host-param l2_bytes=2097152 --dump-ir %t/intel \
// RUN:   | FileCheck %s --check-prefixes=CHECK,OTHER
// RUN: FileCheck %s --check-prefix=ON < %t/intel/4-optimized.ll

// CHECK: check       arg 2: passed
// ZEN1: kib_ahead_b_bytes=12582912 (3 * l3_bytes / 8 * zen + ahead_b_bytes * (1 - zen) = 12582912)
// ZEN2: kib_ahead_b_bytes=12582912 (3 * l3_bytes / 8 * zen + ahead_b_bytes * (1 - zen) = 12582912)
// OTHER: kib_ahead_b_bytes=1048576 (3 * l3_bytes / 8 * zen + ahead_b_bytes * (1 - zen) = 1048576)

// ON: call void @llvm.prefetch.p0(ptr {{.*}}, i32 0, i32 3, i32 1)
// OFF-NOT: @llvm.prefetch

func.func @kib_rows(%A: tensor<8x4352xf32>, %B: tensor<4352x512xf32>,
                    %C: memref<8x512xf32>) {
  %c = bufferization.to_tensor %C restrict writable
    : memref<8x512xf32> to tensor<8x512xf32>
  %0 = linalg.matmul ins(%A, %B : tensor<8x4352xf32>, tensor<4352x512xf32>)
                     outs(%c : tensor<8x512xf32>) -> tensor<8x512xf32>
  bufferization.materialize_in_destination %0 in restrict writable %C
    : (tensor<8x512xf32>, memref<8x512xf32>) -> ()
  return
}

func.func @other_rows(%A: tensor<8x4300xf32>, %B: tensor<4300x520xf32>,
                      %C: memref<8x520xf32>) {
  %c = bufferization.to_tensor %C restrict writable
    : memref<8x520xf32> to tensor<8x520xf32>
  %0 = linalg.matmul ins(%A, %B : tensor<8x4300xf32>, tensor<4300x520xf32>)
                     outs(%c : tensor<8x520xf32>) -> tensor<8x520xf32>
  bufferization.materialize_in_destination %0 in restrict writable %C
    : (tensor<8x520xf32>, memref<8x520xf32>) -> ()
  return
}
