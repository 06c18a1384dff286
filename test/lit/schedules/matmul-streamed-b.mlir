// A matmul whose B is packed per K block and streams from memory (at least
// stream_b_bytes, a quarter of L3 per thread) and whose rows are few (at most
// stream_rows) takes K blocks of stream_k_block and column blocks of
// stream_n_panels, so that the blocks of B, A's slice and C's block stay in
// L2 while the next block is prefetched: on a Zen core (zen=1) half of
// k_block and n_panels, elsewhere k_block and half of n_panels (a block of
// the same bytes, passing over C half as often). The host parameters fix
// the blocking: K blocks of 256, 8 panels, and an L3 of 4 MiB makes B's 1
// MiB a streamed one. With stream_rows=0, or an L3 of 8 MiB, the blocks stay
// 256 x 8 panels. The results are checked.
//
// RUN: loom run %s --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --host-param vector_bytes=64 --host-param vector_registers=32 \
// RUN:   --host-param l1d_bytes=49152 --host-param l2_bytes=1048576 --host-param zen=1 \
// RUN:   --host-param l3_bytes=4194304 --dump-ir %t/streamed \
// RUN:   | FileCheck %s --check-prefixes=CHECK,HOST
// RUN: FileCheck %s --check-prefix=STREAMED < %t/streamed/2-bufferized.mlir
// RUN: loom run %s --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --host-param vector_bytes=64 --host-param vector_registers=32 \
// RUN:   --host-param l1d_bytes=49152 --host-param l2_bytes=1048576 --host-param zen=0 \
// RUN:   --host-param l3_bytes=4194304 --dump-ir %t/streamed-other \
// RUN:   | FileCheck %s --check-prefixes=CHECK,HOST-OTHER
// RUN: FileCheck %s --check-prefix=STREAMED-OTHER < %t/streamed-other/2-bufferized.mlir
// RUN: loom run %s --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --host-param vector_bytes=64 --host-param vector_registers=32 \
// RUN:   --host-param l1d_bytes=49152 --host-param l2_bytes=1048576 --host-param zen=1 \
// RUN:   --host-param l3_bytes=4194304 --knob stream_rows=0 --dump-ir %t/rows \
// RUN:   | FileCheck %s
// RUN: FileCheck %s --check-prefix=CACHED < %t/rows/2-bufferized.mlir
// RUN: loom run %s --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --host-param vector_bytes=64 --host-param vector_registers=32 \
// RUN:   --host-param l1d_bytes=49152 --host-param l2_bytes=1048576 --host-param zen=0 \
// RUN:   --host-param l3_bytes=8388608 --dump-ir %t/cached | FileCheck %s
// RUN: FileCheck %s --check-prefix=CACHED < %t/cached/2-bufferized.mlir

// CHECK: check       arg 2: passed
// HOST: host knobs {{.*}}stream_b_bytes=1048576 (l3_bytes / 4 * threads = 1048576), {{.*}}k_block=256 {{.*}}stream_k_block=128 (k_block / (1 + zen) = 128), stream_n_panels=8 (n_panels / (2 - zen) = 8), stream_rows=384 ({{.*}} = 426)
// HOST-OTHER: host knobs {{.*}}stream_k_block=256 (k_block / (1 + zen) = 256), stream_n_panels=4 (n_panels / (2 - zen) = 4)

// The column blocks (of the 16 panels) and the K loop: 8 panels x 128
// rows of B when streamed on a Zen, 4 x 256 on another core, 8 x 256 when
// B stays in cache.
// STREAMED: scf.for %{{.*}} = %c0 to %c16 step %c8
// STREAMED-NEXT: scf.for %{{.*}} = %c0 to %c512 step %c128
// STREAMED-NOT: step %c256
// STREAMED-OTHER: scf.for %{{.*}} = %c0 to %c16 step %c4
// STREAMED-OTHER-NEXT: scf.for %{{.*}} = %c0 to %c512 step %c256
// STREAMED-OTHER-NOT: step %c128
// CACHED: scf.for %{{.*}} = %c0 to %c16 step %c8
// CACHED-NEXT: scf.for %{{.*}} = %c0 to %c512 step %c256
// CACHED-NOT: step %c128

func.func @matmul(%A: tensor<136x512xf32>, %B: tensor<512x512xf32>,
                  %C: memref<136x512xf32>) {
  %c = bufferization.to_tensor %C restrict writable
    : memref<136x512xf32> to tensor<136x512xf32>
  %0 = linalg.matmul ins(%A, %B : tensor<136x512xf32>, tensor<512x512xf32>)
                     outs(%c : tensor<136x512xf32>) -> tensor<136x512xf32>
  bufferization.materialize_in_destination %0 in restrict writable %C
    : (tensor<136x512xf32>, memref<136x512xf32>) -> ()
  return
}
