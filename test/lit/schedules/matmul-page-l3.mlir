// A matmul whose N is a page multiple and whose B takes at least
// stream_b_bytes (a quarter of L3 on one thread) but less than
// page_l3_b_bytes (half of L3 on a Zen) reads B in place when it has fewer
// than three register tiles of m_r rows, and its tiles of at most
// in_place_m_r rows prefetch the rows of B into L1 (loom.prefetch_cache =
// 1), not by their stride into L2 (0); a tile of 9-12 rows keeps the
// prefetch into L2. With an L3 of 4 MiB (stream_b_bytes 1 MiB,
// page_l3_b_bytes 2 MiB) and N = 1024:
//   @sixteen  16 x 1024 x 384, B 1.5 MiB: in place, into L1;
//   @eight     8 x 1024 x 384: into L1;
//   @twelve   12 x 1024 x 384: into L2;
//   @three    24 x 1024 x 384 (three tiles): packed;
//   @large    16 x 1024 x 640, B 2.5 MiB: packed.
// On two threads page_l3_b_bytes is all of L3 (4 MiB; stream_b_bytes 2
// MiB), and @large reads B in place. Off a Zen page_l3_b_bytes is
// stream_b_bytes, and @sixteen is packed.
// Results checked.
//
// RUN: loom run %s --func sixteen --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --knob m_r=8 --knob in_place_m_r=8 --knob page_one_tile_m_r=12 \
// RUN:   --knob page_in_place_rows=48 --knob page_stream_b_bytes=1048576 \
// RUN:   --host-param zen=1 --host-param l3_bytes=4194304 --host-param l2_bytes=1048576 \
// RUN:   --dump-ir %t/sixteen | FileCheck %s --check-prefixes=CHECK,ZEN
// RUN: FileCheck %s --check-prefix=L1 < %t/sixteen/1-scheduled.mlir
// RUN: loom run %s --func eight --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --knob m_r=8 --knob in_place_m_r=8 --knob page_one_tile_m_r=12 \
// RUN:   --knob page_in_place_rows=48 --knob page_stream_b_bytes=1048576 \
// RUN:   --host-param zen=1 --host-param l3_bytes=4194304 --host-param l2_bytes=1048576 \
// RUN:   --dump-ir %t/eight | FileCheck %s
// RUN: FileCheck %s --check-prefix=L1 < %t/eight/1-scheduled.mlir
// RUN: loom run %s --func twelve --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --knob m_r=8 --knob in_place_m_r=8 --knob page_one_tile_m_r=12 \
// RUN:   --knob page_in_place_rows=48 --knob page_stream_b_bytes=1048576 \
// RUN:   --host-param zen=1 --host-param l3_bytes=4194304 --host-param l2_bytes=1048576 \
// RUN:   --dump-ir %t/twelve | FileCheck %s
// RUN: FileCheck %s --check-prefix=L2 < %t/twelve/1-scheduled.mlir
// RUN: loom run %s --func three --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --knob m_r=8 --knob in_place_m_r=8 --knob page_one_tile_m_r=12 \
// RUN:   --knob page_in_place_rows=48 --knob page_stream_b_bytes=1048576 \
// RUN:   --host-param zen=1 --host-param l3_bytes=4194304 --host-param l2_bytes=1048576 \
// RUN:   --dump-ir %t/three | FileCheck %s
// RUN: FileCheck %s --check-prefix=PACKED < %t/three/1-scheduled.mlir
// RUN: loom run %s --func large --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --knob m_r=8 --knob in_place_m_r=8 --knob page_one_tile_m_r=12 \
// RUN:   --knob page_in_place_rows=48 --knob page_stream_b_bytes=1048576 \
// RUN:   --host-param zen=1 --host-param l3_bytes=4194304 --host-param l2_bytes=1048576 \
// RUN:   --dump-ir %t/large | FileCheck %s
// RUN: FileCheck %s --check-prefix=PACKED < %t/large/1-scheduled.mlir
// RUN: loom run %s --func large --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 --threads 2 \
// RUN:   --knob m_r=8 --knob in_place_m_r=8 --knob page_one_tile_m_r=12 \
// RUN:   --knob page_in_place_rows=48 --knob page_stream_b_bytes=2097152 \
// RUN:   --host-param zen=1 --host-param l3_bytes=4194304 --host-param l2_bytes=1048576 \
// RUN:   --dump-ir %t/two | FileCheck %s --check-prefixes=CHECK,ZEN2
// RUN: FileCheck %s --check-prefix=L1 < %t/two/1-scheduled.mlir
// RUN: loom run %s --func sixteen --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --knob m_r=8 --knob in_place_m_r=8 --knob page_one_tile_m_r=12 \
// RUN:   --knob page_in_place_rows=48 --knob page_stream_b_bytes=1048576 \
// RUN:   --host-param zen=0 --host-param l3_bytes=4194304 --host-param l2_bytes=1048576 \
// RUN:   --dump-ir %t/other | FileCheck %s --check-prefixes=CHECK,OTHER
// RUN: FileCheck %s --check-prefix=PACKED < %t/other/1-scheduled.mlir

// CHECK: check       arg 2: passed
// ZEN: page_l3_b_bytes=2097152 (max(stream_b_bytes, min(l3_bytes, l3_bytes / 2 * threads) * zen) = 2097152)
// ZEN2: page_l3_b_bytes=4194304 (max(stream_b_bytes, min(l3_bytes, l3_bytes / 2 * threads) * zen) = 4194304)
// OTHER: page_l3_b_bytes=1048576 (max(stream_b_bytes, min(l3_bytes, l3_bytes / 2 * threads) * zen) = 1048576)

// L1-NOT: tensor<{{[0-9]+}}x{{[0-9]+}}x32xf32>
// L1: loom.prefetch_cache = 1
// L1-NOT: loom.prefetch_cache = 0
// L2-NOT: tensor<{{[0-9]+}}x{{[0-9]+}}x32xf32>
// L2: loom.prefetch_cache = 0
// L2-NOT: loom.prefetch_cache = 1
// PACKED: tensor.empty() : tensor<{{[0-9]+}}x{{[0-9]+}}x32xf32>
// PACKED-NOT: loom.prefetch_cache

func.func @sixteen(%A: tensor<16x384xf32>, %B: tensor<384x1024xf32>,
                   %C: memref<16x1024xf32>) {
  %c = bufferization.to_tensor %C restrict writable
    : memref<16x1024xf32> to tensor<16x1024xf32>
  %0 = linalg.matmul ins(%A, %B : tensor<16x384xf32>, tensor<384x1024xf32>)
                     outs(%c : tensor<16x1024xf32>) -> tensor<16x1024xf32>
  bufferization.materialize_in_destination %0 in restrict writable %C
    : (tensor<16x1024xf32>, memref<16x1024xf32>) -> ()
  return
}

func.func @eight(%A: tensor<8x384xf32>, %B: tensor<384x1024xf32>,
                 %C: memref<8x1024xf32>) {
  %c = bufferization.to_tensor %C restrict writable
    : memref<8x1024xf32> to tensor<8x1024xf32>
  %0 = linalg.matmul ins(%A, %B : tensor<8x384xf32>, tensor<384x1024xf32>)
                     outs(%c : tensor<8x1024xf32>) -> tensor<8x1024xf32>
  bufferization.materialize_in_destination %0 in restrict writable %C
    : (tensor<8x1024xf32>, memref<8x1024xf32>) -> ()
  return
}

func.func @twelve(%A: tensor<12x384xf32>, %B: tensor<384x1024xf32>,
                  %C: memref<12x1024xf32>) {
  %c = bufferization.to_tensor %C restrict writable
    : memref<12x1024xf32> to tensor<12x1024xf32>
  %0 = linalg.matmul ins(%A, %B : tensor<12x384xf32>, tensor<384x1024xf32>)
                     outs(%c : tensor<12x1024xf32>) -> tensor<12x1024xf32>
  bufferization.materialize_in_destination %0 in restrict writable %C
    : (tensor<12x1024xf32>, memref<12x1024xf32>) -> ()
  return
}

func.func @three(%A: tensor<24x384xf32>, %B: tensor<384x1024xf32>,
                 %C: memref<24x1024xf32>) {
  %c = bufferization.to_tensor %C restrict writable
    : memref<24x1024xf32> to tensor<24x1024xf32>
  %0 = linalg.matmul ins(%A, %B : tensor<24x384xf32>, tensor<384x1024xf32>)
                     outs(%c : tensor<24x1024xf32>) -> tensor<24x1024xf32>
  bufferization.materialize_in_destination %0 in restrict writable %C
    : (tensor<24x1024xf32>, memref<24x1024xf32>) -> ()
  return
}

func.func @large(%A: tensor<16x640xf32>, %B: tensor<640x1024xf32>,
                 %C: memref<16x1024xf32>) {
  %c = bufferization.to_tensor %C restrict writable
    : memref<16x1024xf32> to tensor<16x1024xf32>
  %0 = linalg.matmul ins(%A, %B : tensor<16x640xf32>, tensor<640x1024xf32>)
                     outs(%c : tensor<16x1024xf32>) -> tensor<16x1024xf32>
  bufferization.materialize_in_destination %0 in restrict writable %C
    : (tensor<16x1024xf32>, memref<16x1024xf32>) -> ()
  return
}
