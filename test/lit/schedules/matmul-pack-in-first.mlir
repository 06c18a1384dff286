// The matmul schedule packs B per K block for a matmul of few rows whose
// cache tile holds all of them, and marks the loop over the register
// tiles' rows loom.pack_in_first with the knob pack_in_first:
// loom-pack-in-first-tile (run by the lowering) then packs each block in
// the first register tile, which reads B in place (vector<32xf32> rows)
// and stores what it reads into the packed block; the copy of 8 x 32
// pieces (vector<8x32xf32>) before the tiles is gone. The first tile reads
// each row through a subview at its k loop's induction variable and the
// loop is marked loom.prefetch_ahead with pack_in_first_ahead (128 / m_r:
// 16 rows ahead), for loom-prefetch-ahead, which runs next. With
// pack_in_first=0 the copy stays. Both results are checked. (The host's
// parameters are given: with a larger L3, B, 20 MB, would stay in cache and
// be read in place.)
//
// RUN: loom run %s --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --host-param vector_bytes=64 --host-param vector_registers=32 \
// RUN:   --host-param l1d_bytes=49152 --host-param l2_bytes=1048576 \
// RUN:   --host-param l3_bytes=33554432 \
// RUN:   --dump-ir %t/on | FileCheck %s
// RUN: loom-opt %t/on/2-bufferized.mlir --loom-pack-in-first-tile | FileCheck %s --check-prefix=ON
// RUN: loom run %s --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --host-param vector_bytes=64 --host-param vector_registers=32 \
// RUN:   --host-param l1d_bytes=49152 --host-param l2_bytes=1048576 \
// RUN:   --host-param l3_bytes=33554432 \
// RUN:   --knob pack_in_first=0 --dump-ir %t/off | FileCheck %s
// RUN: loom-opt %t/off/2-bufferized.mlir --loom-pack-in-first-tile | FileCheck %s --check-prefix=OFF

// CHECK: check       arg 2: passed

// ON-LABEL: func.func @few_rows(
// ON-SAME:      %{{.*}}: memref<64x4096xf32>, %[[B:.*]]: memref<4096x1280xf32>
// ON-NOT:       vector<8x32xf32>
// ON:           %[[BLOCK:.*]] = memref.subview %[[B]][%{{.*}}, %{{.*}}] [128, 32] [1, 1] : memref<4096x1280xf32> to memref<128x32xf32
// ON:           scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// ON:             %[[RV:.*]] = memref.subview %[[BLOCK]][%[[K]], 0] [1, 32] [1, 1]
// ON:             %[[ROW:.*]] = vector.transfer_read %[[RV]][%{{.*}}, %{{.*}}], %{{.*}} {in_bounds = [true]} : memref<1x32xf32, strided<[1280, 1], offset: ?>>, vector<32xf32>
// ON-NEXT:        vector.transfer_write %[[ROW]], %{{.*}} : vector<32xf32>, memref<1x1x32xf32
// ON:           } {{.*}}loom.prefetch_ahead = 16 : i64
// ON-NOT:       vector<8x32xf32>
// ON-NOT:       loom.prefetch_ahead
// ON-NOT:       loom.pack_in_first

// OFF-LABEL: func.func @few_rows(
// OFF:          vector.transfer_read {{.*}} vector<8x32xf32>
// OFF-NOT:      vector.transfer_read %arg1[
// OFF-NOT:      loom.pack_in_first

func.func @few_rows(%A: tensor<64x4096xf32>, %B: tensor<4096x1280xf32>,
                    %C: memref<64x1280xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<64x1280xf32> to tensor<64x1280xf32>
  %r = linalg.matmul ins(%A, %B : tensor<64x4096xf32>, tensor<4096x1280xf32>)
                     outs(%c : tensor<64x1280xf32>) -> tensor<64x1280xf32>
  bufferization.materialize_in_destination %r in restrict writable %C
    : (tensor<64x1280xf32>, memref<64x1280xf32>) -> ()
  return
}
