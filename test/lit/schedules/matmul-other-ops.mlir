// The matmul schedule blocks every matmul of the payload, each on its own,
// and leaves the other ops as they are. Both once made it fail: it handed all
// matmuls to structured.pack at once ("requires target to map to exactly 1
// LinalgOp (got 2)"), and tiled every linalg.generic of the function like its
// register tiles ("too many tiles provided" on a 2-D elementwise op).
//
// RUN: loom run %s --split-input-file --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-timing | FileCheck %s
//
// Where B is packed is chosen per matmul by its rows (pack_b_rows; every knob
// given, so that the test does not depend on the host): the 64-row matmul
// packs B per K block in its cache tiles, the 512-row one all of B first.
// Each splits its own way between 2 threads: the 64 x 512 one by columns,
// the 512 x 512 one by rows.
// RUN: loom run %s --chunk 2 --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-timing --no-records --threads 2 \
// RUN:   --knob n_r=1 --knob m_r=8 --knob in_place_m_r=8 --knob k_block=128 --knob n_panels=4 --knob m_c=64 \
// RUN:   --knob thread_parts=2 --knob pack_b_rows=128 --knob pack_panels=32 --knob in_place_rows=0 \
// RUN:   --dump-ir %t | FileCheck %s --check-prefix=TWO
// RUN: FileCheck %s --check-prefix=BUF < %t/2-bufferized.mlir

// CHECK-LABEL: loom run {{.*}} @matmul_relu
// CHECK:       check       arg 2: passed
// CHECK-LABEL: loom run {{.*}} @two_matmuls
// CHECK:       check       arg 3: passed
// CHECK-NEXT:              arg 4: passed

// TWO:         arg 4: passed

// BUF-LABEL: func.func @two_matmuls(
// The 64-row matmul: columns split (8 panels of 32 each), B packed per K
// block of 128 in each cache tile of 4 panels.
// BUF:         scf.forall ({{.*}}) in (2)
// BUF:           memref.subview {{.*}} [64, 8, 32] [1, 1, 1]
// BUF:           scf.for {{.*}} to %c8 step %c4
// BUF:             scf.for {{.*}} to %c256 step %c128
// BUF:               memref.alloc() {{.*}} : memref<4x128x32xf32>
// The 512-row matmul: all of B packed first (16 panels of 256 x 32), then
// rows split (256 each), in cache tiles of 64 rows.
// BUF:         memref.alloc() {{.*}} : memref<16x256x32xf32>
// BUF:         scf.forall ({{.*}}) in (2)
// BUF:           memref.subview {{.*}} [256, 16, 32] [1, 1, 1]
// BUF:           scf.for {{.*}} to %c256 step %c64
// BUF-NOT:       memref.alloc

#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @matmul_relu(%A: tensor<64x256xf32>, %B: tensor<256x512xf32>,
                       %C: memref<64x512xf32>) {
  %c = bufferization.to_tensor %C restrict writable
    : memref<64x512xf32> to tensor<64x512xf32>
  %0 = linalg.matmul ins(%A, %B : tensor<64x256xf32>, tensor<256x512xf32>)
                     outs(%c : tensor<64x512xf32>) -> tensor<64x512xf32>
  %zero = arith.constant 0.0 : f32
  %1 = linalg.generic {indexing_maps = [#id, #id],
                       iterator_types = ["parallel", "parallel"]}
      ins(%0 : tensor<64x512xf32>) outs(%c : tensor<64x512xf32>) {
  ^bb0(%x: f32, %o: f32):
    %m = arith.maximumf %x, %zero : f32
    linalg.yield %m : f32
  } -> tensor<64x512xf32>
  bufferization.materialize_in_destination %1 in restrict writable %C
    : (tensor<64x512xf32>, memref<64x512xf32>) -> ()
  return
}

// -----

func.func @two_matmuls(%A: tensor<64x256xf32>, %B: tensor<256x512xf32>,
                       %D: tensor<512x256xf32>, %C: memref<64x512xf32>,
                       %E: memref<512x512xf32>) {
  %c = bufferization.to_tensor %C restrict writable
    : memref<64x512xf32> to tensor<64x512xf32>
  %e = bufferization.to_tensor %E restrict writable
    : memref<512x512xf32> to tensor<512x512xf32>
  %0 = linalg.matmul ins(%A, %B : tensor<64x256xf32>, tensor<256x512xf32>)
                     outs(%c : tensor<64x512xf32>) -> tensor<64x512xf32>
  %1 = linalg.matmul ins(%D, %B : tensor<512x256xf32>, tensor<256x512xf32>)
                     outs(%e : tensor<512x512xf32>) -> tensor<512x512xf32>
  bufferization.materialize_in_destination %0 in restrict writable %C
    : (tensor<64x512xf32>, memref<64x512xf32>) -> ()
  bufferization.materialize_in_destination %1 in restrict writable %E
    : (tensor<512x512xf32>, memref<512x512xf32>) -> ()
  return
}
