// Rows of B a multiple of 2 KiB apart, N of at least 1024 (1536, 2560,
// ...), fall on few cache sets as rows 4 KiB apart do, and the matmul
// schedule treats them alike (docs/performance.md, "Rows of B 2 KiB
// apart"): a matmul of more than page_in_place_rows rows whose N is 1536
// packs B (@cols_1536, 40 rows against page_in_place_rows = 32), where
// one of N = 512 (@cols_512) or 1000 (@cols_1000) reads it in place up to
// in_place_rows (128). Results checked.
// The K block of B read in place is page_k_block (128 here) for N = 512 as
// for a page multiple: 32 columns of rows 2 KiB apart fall on few L2 sets,
// so that in_place_k_block (256) of them overflow its ways (@k_cols_512);
// rows 4000 bytes apart keep in_place_k_block (@k_cols_1000).
//
// RUN: loom run %s --func cols_1536 --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --knob in_place_rows=128 --knob in_place_m_r=8 --knob page_in_place_rows=32 --knob stream_b_bytes=8388608 \
// RUN:   --dump-ir %t/1536 2>&1 | FileCheck %s --implicit-check-not=remark
// RUN: FileCheck %s --check-prefix=PACKED < %t/1536/1-scheduled.mlir
// RUN: loom run %s --func cols_512 --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --knob in_place_rows=128 --knob in_place_m_r=8 --knob page_in_place_rows=32 --knob stream_b_bytes=8388608 \
// RUN:   --dump-ir %t/512 2>&1 | FileCheck %s --implicit-check-not=remark
// RUN: FileCheck %s --check-prefix=IN-PLACE --implicit-check-not='x1x32xf32>' \
// RUN:   < %t/512/1-scheduled.mlir
// RUN: loom run %s --func cols_1000 --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --knob in_place_rows=128 --knob in_place_m_r=8 --knob page_in_place_rows=32 --knob stream_b_bytes=8388608 \
// RUN:   --dump-ir %t/1000 2>&1 | FileCheck %s --implicit-check-not=remark
// RUN: FileCheck %s --check-prefix=IN-PLACE --implicit-check-not='x1x32xf32>' \
// RUN:   < %t/1000/1-scheduled.mlir
// RUN: loom run %s --func k_cols_512 --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --knob in_place_rows=128 --knob in_place_m_r=8 --knob stream_b_bytes=8388608 \
// RUN:   --knob in_place_k_block=256 --knob page_k_block=128 \
// RUN:   --dump-ir %t/k512 2>&1 | FileCheck %s --implicit-check-not=remark
// RUN: FileCheck %s --check-prefix=K-PAGE < %t/k512/1-scheduled.mlir
// RUN: loom run %s --func k_cols_1000 --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --knob in_place_rows=128 --knob in_place_m_r=8 --knob stream_b_bytes=8388608 \
// RUN:   --knob in_place_k_block=256 --knob page_k_block=128 \
// RUN:   --dump-ir %t/k1000 2>&1 | FileCheck %s --implicit-check-not=remark
// RUN: FileCheck %s --check-prefix=K-OTHER < %t/k1000/1-scheduled.mlir

// CHECK: check       arg 2: passed

// PACKED: vector<8x1x32xf32>
// IN-PLACE: vector.transfer_read {{.*}} : tensor<8x32xf32>, vector<8x32xf32>

// K-PAGE-NOT: linalg.pack
// K-PAGE: scf.for %{{.*}} = %c0 to %c512 step %c128
// K-PAGE-NOT: step %c256
// K-PAGE: vector.transfer_read {{.*}} : tensor<8x32xf32>, vector<8x32xf32>
// K-OTHER-NOT: linalg.pack
// K-OTHER: scf.for %{{.*}} = %c0 to %c512 step %c256
// K-OTHER-NOT: step %c128
// K-OTHER: vector.transfer_read {{.*}} : tensor<8x32xf32>, vector<8x32xf32>

func.func @cols_1536(%A: tensor<40x64xf32>, %B: tensor<64x1536xf32>, %C: memref<40x1536xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<40x1536xf32> to tensor<40x1536xf32>
  %r = linalg.matmul ins(%A, %B : tensor<40x64xf32>, tensor<64x1536xf32>) outs(%c : tensor<40x1536xf32>) -> tensor<40x1536xf32>
  bufferization.materialize_in_destination %r in restrict writable %C : (tensor<40x1536xf32>, memref<40x1536xf32>) -> ()
  return
}

func.func @cols_512(%A: tensor<40x64xf32>, %B: tensor<64x512xf32>, %C: memref<40x512xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<40x512xf32> to tensor<40x512xf32>
  %r = linalg.matmul ins(%A, %B : tensor<40x64xf32>, tensor<64x512xf32>) outs(%c : tensor<40x512xf32>) -> tensor<40x512xf32>
  bufferization.materialize_in_destination %r in restrict writable %C : (tensor<40x512xf32>, memref<40x512xf32>) -> ()
  return
}

func.func @cols_1000(%A: tensor<40x64xf32>, %B: tensor<64x1000xf32>, %C: memref<40x1000xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<40x1000xf32> to tensor<40x1000xf32>
  %r = linalg.matmul ins(%A, %B : tensor<40x64xf32>, tensor<64x1000xf32>) outs(%c : tensor<40x1000xf32>) -> tensor<40x1000xf32>
  bufferization.materialize_in_destination %r in restrict writable %C : (tensor<40x1000xf32>, memref<40x1000xf32>) -> ()
  return
}

func.func @k_cols_512(%A: tensor<40x512xf32>, %B: tensor<512x512xf32>, %C: memref<40x512xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<40x512xf32> to tensor<40x512xf32>
  %r = linalg.matmul ins(%A, %B : tensor<40x512xf32>, tensor<512x512xf32>) outs(%c : tensor<40x512xf32>) -> tensor<40x512xf32>
  bufferization.materialize_in_destination %r in restrict writable %C : (tensor<40x512xf32>, memref<40x512xf32>) -> ()
  return
}

func.func @k_cols_1000(%A: tensor<40x512xf32>, %B: tensor<512x1000xf32>, %C: memref<40x1000xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<40x1000xf32> to tensor<40x1000xf32>
  %r = linalg.matmul ins(%A, %B : tensor<40x512xf32>, tensor<512x1000xf32>) outs(%c : tensor<40x1000xf32>) -> tensor<40x1000xf32>
  bufferization.materialize_in_destination %r in restrict writable %C : (tensor<40x1000xf32>, memref<40x1000xf32>) -> ()
  return
}
