// The matmul schedule packs B per K block for a matmul of few rows, and
// marks the K loop loom.prefetch_next with the knob prefetch_bytes (a
// quarter of L2 by default): the next K block of B is prefetched while this
// one computes (loom-prefetch-next-iteration). It marks the loop over the
// register tiles' rows too: the next tile's rows of A are prefetched, also
// when B is packed before the loops (pack_b_rows=0, second run), with the
// next tile's rows of C (two prefetches in its k loop). The result
// is checked; with prefetch_bytes=0 (and pack_in_first_ahead=0: the rows of
// B the first register tile reads in place, matmul-pack-in-first.mlir)
// there is no prefetch. (The host
// parameters fix the blocking: K blocks of 256 x 256 floats, 256 KiB, within
// the budget.)
//
// RUN: loom run %s --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --host-param vector_bytes=64 --host-param vector_registers=32 \
// RUN:   --host-param l1d_bytes=49152 --host-param l2_bytes=1048576 \
// RUN:   --dump-ir %t/on | FileCheck %s --check-prefixes=CHECK,HOST
// RUN: FileCheck %s --check-prefix=ON < %t/on/4-optimized.ll
// RUN: loom run %s --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --host-param vector_bytes=64 --host-param vector_registers=32 \
// RUN:   --host-param l1d_bytes=49152 --host-param l2_bytes=1048576 \
// RUN:   --knob pack_b_rows=0 --knob prefetch_c=0 --dump-ir %t/rows-of-a | FileCheck %s
// RUN: FileCheck %s --check-prefix=ROWS < %t/rows-of-a/4-optimized.ll
// RUN: loom run %s --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --host-param vector_bytes=64 --host-param vector_registers=32 \
// RUN:   --host-param l1d_bytes=49152 --host-param l2_bytes=1048576 \
// RUN:   --knob prefetch_bytes=0 --knob pack_in_first_ahead=0 --knob prefetch_c=0 \
// RUN:   --dump-ir %t/off | FileCheck %s
// RUN: FileCheck %s --check-prefix=OFF < %t/off/4-optimized.ll
//
// prefetch_c=1: the register tiles' k loops (the short K blocks of a matmul
// of 64 rows, short_k_block=64 here: 8 x m_r steps) prefetch the tile of C
// of the next panel into L1 (locality 3); K blocks of 32 steps, fewer than
// 8 x m_r, do not (prefetch_c=2, the default off a Zen core, is the same
// into L2).
// RUN: loom run %s --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --host-param vector_bytes=64 --host-param vector_registers=32 \
// RUN:   --host-param l1d_bytes=49152 --host-param l2_bytes=1048576 \
// RUN:   --knob prefetch_c=1 --dump-ir %t/c-l1 | FileCheck %s --check-prefixes=CHECK,C-HOST
// RUN: FileCheck %s --check-prefix=C-L1 < %t/c-l1/4-optimized.ll
// RUN: loom run %s --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --host-param vector_bytes=64 --host-param vector_registers=32 \
// RUN:   --host-param l1d_bytes=49152 --host-param l2_bytes=1048576 \
// RUN:   --knob prefetch_c=1 --knob short_k_block=32 --dump-ir %t/c-short | FileCheck %s
// RUN: FileCheck %s --check-prefix=C-SHORT < %t/c-short/4-optimized.ll

// CHECK: check       arg 2: passed
// HOST: host knobs {{.*}}pack_b_rows=1024 {{.*}}prefetch_bytes=262144 (l2_bytes / 4 = 262144)

// ON: call void @llvm.prefetch.p0(ptr {{.*}}, i32 0, i32 2, i32 1)
// ROWS-COUNT-2: call void @llvm.prefetch.p0(ptr {{.*}}, i32 0, i32 2, i32 1)
// ROWS-NOT: call void @llvm.prefetch
// OFF-NOT: @llvm.prefetch
// C-HOST: short_k_block=64 (l2_bytes / 16384 = 64)
// C-L1: call void @llvm.prefetch.p0(ptr {{.*}}, i32 0, i32 3, i32 1)
// C-SHORT: call void @llvm.prefetch.p0(ptr {{.*}}, i32 0, i32 2, i32 1)
// C-SHORT-NOT: i32 0, i32 3, i32 1)

func.func @skinny(%A: tensor<64x1024xf32>, %B: tensor<1024x1024xf32>,
                  %C: memref<64x1024xf32>) {
  %c = bufferization.to_tensor %C restrict writable
    : memref<64x1024xf32> to tensor<64x1024xf32>
  %0 = linalg.matmul ins(%A, %B : tensor<64x1024xf32>, tensor<1024x1024xf32>)
                     outs(%c : tensor<64x1024xf32>) -> tensor<64x1024xf32>
  bufferization.materialize_in_destination %0 in restrict writable %C
    : (tensor<64x1024xf32>, memref<64x1024xf32>) -> ()
  return
}
