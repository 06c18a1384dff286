// When B is packed per K block and K is not a multiple of the K block, the
// matmul schedule peels the K loop (its loop is marked loom.peel_k_blocks,
// peeled with transform.loop.peel before the register tiles' k loops are
// made): the full blocks and the last one have static sizes, so that the
// copy of each block is a nest of constant bounds and
// loom-pack-in-first-tile packs both in their first register tile (before,
// a block of min(128, K - k) rows was copied by a loop of its own in every
// block; docs/performance.md, "K blocks peeled"). 200 rows of B in blocks
// of 128 are a block of 128 and one of 72, each packed into a buffer of its
// size; after the pass no copy of 8 x 32 pieces is left. K = 256 is two
// full blocks: the loop is left as it is. Both results are checked.
//
// DEFINE: %{run} = loom run %s --schedule %{schedules}/matmul/schedule.mlir \
// DEFINE:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// DEFINE:   --knob in_place_rows=0 --knob k_block=128 --knob pack_b_rows=4096
// RUN: %{run} --chunk 1 --dump-ir %t/peeled 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=PEELED < %t/peeled/2-bufferized.mlir
// RUN: loom-opt %t/peeled/2-bufferized.mlir --loom-pack-in-first-tile \
// RUN:   | FileCheck %s --check-prefix=PACKED --implicit-check-not='vector<8x32xf32>'
// RUN: %{run} --chunk 2 --dump-ir %t/whole 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=WHOLE < %t/whole/2-bufferized.mlir

// CHECK: check       arg 2: passed

// PEELED:     memref.alloc() {{.*}} : memref<2x128x32xf32>
// PEELED:     loom.pack_in_first = 1
// PEELED:     memref.alloc() {{.*}} : memref<2x72x32xf32>
// PEELED:     loom.pack_in_first = 1

// PACKED: func.func @matmul

// WHOLE:     scf.for %{{.*}} = %c0 to %c256 step %c128
// WHOLE:     memref.alloc() {{.*}} : memref<2x128x32xf32>
// WHOLE-NOT: memref.alloc()

func.func @matmul(%A: tensor<40x200xf32>, %B: tensor<200x64xf32>, %C: memref<40x64xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<40x64xf32> to tensor<40x64xf32>
  %r = linalg.matmul ins(%A, %B : tensor<40x200xf32>, tensor<200x64xf32>) outs(%c : tensor<40x64xf32>) -> tensor<40x64xf32>
  bufferization.materialize_in_destination %r in restrict writable %C : (tensor<40x64xf32>, memref<40x64xf32>) -> ()
  return
}

// -----

func.func @matmul(%A: tensor<40x256xf32>, %B: tensor<256x64xf32>, %C: memref<40x64xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<40x64xf32> to tensor<40x64xf32>
  %r = linalg.matmul ins(%A, %B : tensor<40x256xf32>, tensor<256x64xf32>) outs(%c : tensor<40x64xf32>) -> tensor<40x64xf32>
  bufferization.materialize_in_destination %r in restrict writable %C : (tensor<40x64xf32>, memref<40x64xf32>) -> ()
  return
}
