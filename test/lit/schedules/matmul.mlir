// The shipped matmul schedule applied by loom-opt (the knob values written in
// the schedule, one thread) to the shipped 2048 payload: M = 2048 is above
// pack_b_rows (1024), so all of B is packed before the loops.
//
// RUN: loom-opt %{schedules}/matmul/matmul_2048.mlir \
// RUN:   --transform-preload-library="transform-library-paths=%{schedules}/lib/vector.mlir,%{schedules}/matmul/schedule.mlir" \
// RUN:   --transform-interpreter | FileCheck %s
// RUN: loom-opt %{schedules}/matmul/matmul_2048.mlir \
// RUN:   --transform-preload-library="transform-library-paths=%{schedules}/lib/vector.mlir,%{schedules}/matmul/schedule.mlir" \
// RUN:   --transform-interpreter --loom-bufferize | FileCheck %s --check-prefix=BUF
//
// On 2 threads at 1024 x 1024 x 1024 (every knob given: the test does not
// depend on the host), the threads split the rows (N <= M) and B is packed
// per K block of each block of columns (M <= pack_b_rows), into a buffer of
// one block, once for all the rows of the thread's part.
// RUN: loom run %{schedules}/matmul/matmul.mlir --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --iters 1 --no-records --threads 2 \
// RUN:   --knob n_r=1 --knob m_r=8 --knob in_place_m_r=8 --knob k_block=128 --knob n_panels=8 --knob m_c=64 \
// RUN:   --knob thread_parts=2 --knob pack_b_rows=1024 --knob pack_panels=32 \
// RUN:   --dump-ir %t | FileCheck %s --check-prefix=LOCAL-OK
// RUN: FileCheck %s --check-prefix=LOCAL < %t/2-bufferized.mlir

// B is packed into [N/32][K][32] with 8 x 32 vector copies, 8 rows of a
// group of 32 panels (4 KiB of each row of B) at a time, not panel by panel
// down the whole K.
// CHECK-LABEL: func.func @matmul(
// CHECK-NOT:     linalg.matmul
// CHECK:         tensor.empty() : tensor<64x2048x32xf32>
// CHECK:         scf.for {{.*}} to %c64 step %c32
// CHECK:           scf.for {{.*}} to %c2048 step %c8
// CHECK:             tensor.extract_slice {{.*}} [8, 1024] [1, 1] : tensor<2048x1024xf32> to tensor<8x1024xf32>
// CHECK:             scf.for {{.*}} to %c32 step %c1
// CHECK:               vector.transfer_read {{.*}} : tensor<8x32xf32>, vector<8x32xf32>
// C is reshaped, not copied, to [M][N/32][32].
// CHECK:         tensor.expand_shape {{.*}} into tensor<2048x64x32xf32>
// One thread: no scf.forall. Blocks of 256 columns (8 panels), K blocks of
// 256, tiles of 512 rows inside the K block (GotoBLAS's order: the block of
// B serves every row), register tiles of 8 x 32.
// CHECK-NOT:     scf.forall
// CHECK:         scf.for {{.*}} to %c64 step %c8
// CHECK:           scf.for {{.*}} to %c2048 step %c256
// CHECK:             scf.for {{.*}} to %c2048 step %c512
// CHECK:               scf.for {{.*}} to %c512 step %c8
// CHECK:                 scf.for {{.*}} to %c8 step %c1
// The accumulator tile is carried in registers across the K block and
// updated by 8 rows x 2 zmm FMAs (8 vector.fma on vector<32xf32>) per k.
// CHECK:                 scf.for {{.*}} to %c256 step %c1 iter_args({{.*}}) -> (tensor<8x1x32xf32>, vector<8x1x32xf32>)
// CHECK-COUNT-8:           vector.fma {{.*}} : vector<32xf32>
// CHECK-NOT:               vector.fma
// CHECK:                   scf.yield
// CHECK:         tensor.collapse_shape {{.*}} into tensor<2048x2048xf32>

// After bufferization only the packed B is allocated; C is updated in place.
// BUF-LABEL: func.func @matmul(
// BUF:         memref.alloc() {{.*}} : memref<64x2048x32xf32>
// BUF-NOT:     memref.alloc
// BUF-NOT:     memref.copy
// BUF:         return

// LOCAL-OK: check       arg 2: passed

// Two parts of 512 rows, each in blocks of 256 columns and K blocks of 128;
// no buffer of all of B: a 8 panels x 128 rows x 32 buffer filled in each K
// block, 8 rows of its 8 panels at a time, then read by the register tiles
// of all the 512 rows (tiles of 64 rows), not packed again for each.
// LOCAL-LABEL: func.func @matmul(
// LOCAL-NOT:     memref<32x1024x32xf32>
// LOCAL:         scf.forall ({{.*}}) in (2)
// LOCAL:           memref.subview {{.*}} [512, 1024] [1, 1]
// LOCAL:           scf.for {{.*}} to %c32 step %c8
// LOCAL:             scf.for {{.*}} to %c1024 step %c128
// LOCAL:               memref.alloc() {{.*}} : memref<8x128x32xf32>
// LOCAL:               scf.for {{.*}} to %c128 step %c8
// LOCAL:                 scf.for {{.*}} to %c8 step %c1
// LOCAL:                   vector.transfer_read {{.*}} vector<8x32xf32>
// LOCAL:               scf.for {{.*}} to %c512 step %c64
// LOCAL-NOT:             vector.transfer_read {{.*}} vector<8x32xf32>
// LOCAL:                 scf.for {{.*}} to %c64 step %c8
// LOCAL:                   scf.for {{.*}} to %c8 step %c1
// LOCAL:                     scf.for {{.*}} to %c128 step %c1 iter_args
// LOCAL-COUNT-8:               vector.fma {{.*}} : vector<32xf32>
// LOCAL:               memref.dealloc
// LOCAL-NOT:     memref.alloc
