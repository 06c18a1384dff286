// A matmul whose B is packed per K block and streams from memory (at least
// stream_b_bytes, a quarter of L3 per thread) and whose rows are few (at most
// stream_rows) takes K blocks of stream_k_block (half of k_block), so that
// the blocks of B, A's slice and C's block stay in L2 while the next block
// is prefetched. The host parameters fix the blocking: K blocks of 256,
// and an L3 of 4 MiB makes B's 1 MiB a streamed one. With stream_rows=0, or
// an L3 of 8 MiB, the K blocks stay at 256. The results are checked.
//
// RUN: loom run %s --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --host-param vector_bytes=64 --host-param vector_registers=32 \
// RUN:   --host-param l1d_bytes=49152 --host-param l2_bytes=1048576 \
// RUN:   --host-param l3_bytes=4194304 --dump-ir %t/streamed \
// RUN:   | FileCheck %s --check-prefixes=CHECK,HOST
// RUN: FileCheck %s --check-prefix=STREAMED < %t/streamed/2-bufferized.mlir
// RUN: loom run %s --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --host-param vector_bytes=64 --host-param vector_registers=32 \
// RUN:   --host-param l1d_bytes=49152 --host-param l2_bytes=1048576 \
// RUN:   --host-param l3_bytes=4194304 --knob stream_rows=0 --dump-ir %t/rows \
// RUN:   | FileCheck %s
// RUN: FileCheck %s --check-prefix=CACHED < %t/rows/2-bufferized.mlir
// RUN: loom run %s --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --host-param vector_bytes=64 --host-param vector_registers=32 \
// RUN:   --host-param l1d_bytes=49152 --host-param l2_bytes=1048576 \
// RUN:   --host-param l3_bytes=8388608 --dump-ir %t/cached | FileCheck %s
// RUN: FileCheck %s --check-prefix=CACHED < %t/cached/2-bufferized.mlir

// CHECK: check       arg 2: passed
// HOST: host knobs {{.*}}stream_b_bytes=1048576 (l3_bytes / 4 * threads = 1048576), {{.*}}k_block=256 {{.*}}stream_k_block=128 (k_block / 2 = 128), stream_rows=384 ({{.*}} = 426)

// The K loop: blocks of 128 rows of B when streamed, 256 otherwise.
// STREAMED: scf.for %{{.*}} = %c0 to %c512 step %c128
// STREAMED-NOT: step %c256
// CACHED: scf.for %{{.*}} = %c0 to %c512 step %c256
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
