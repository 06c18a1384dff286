// The matmul schedule's packed path for few rows (at most in_place_rows)
// blocks a matmul whose N is a multiple of 1024 (rows of B a multiple of 4
// KiB apart: @cols_1024) in K blocks of short_k_block rows and cache tiles
// of short_n_panels panels, and one whose N is not (@cols_768, rows 3 KiB
// apart) in K blocks of spread_k_block and spread_n_panels
// (docs/performance.md, "Short K blocks of rows that spread"). Both pack B
// here: a B of 1.5 or 2 MiB streams with stream_b_bytes = 1 MiB, and 40
// rows are more than kib_in_place_rows = 32. Results checked.
//
// DEFINE: %{run} = loom run %s --schedule %{schedules}/matmul/schedule.mlir \
// DEFINE:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// DEFINE:   --knob in_place_rows=128 --knob kib_in_place_rows=32 --knob stream_b_bytes=1048576 \
// DEFINE:   --knob short_k_block=64 --knob short_n_panels=16 \
// DEFINE:   --knob spread_k_block=128 --knob spread_n_panels=8
// RUN: %{run} --func cols_768 --dump-ir %t/768 2>&1 | FileCheck %s --implicit-check-not=remark
// RUN: FileCheck %s --check-prefix=SPREAD < %t/768/1-scheduled.mlir
// RUN: %{run} --func cols_1024 --dump-ir %t/1024 2>&1 | FileCheck %s --implicit-check-not=remark
// RUN: FileCheck %s --check-prefix=PAGES < %t/1024/1-scheduled.mlir
//
// The host defaults: twice the K block and half the panels of the short
// pair.
// RUN: loom run %s --func cols_768 --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --no-timing \
// RUN:   --host-param vector_bytes=64 --host-param l2_bytes=1048576 | FileCheck %s --check-prefix=HOST

// CHECK: check       arg 2: passed

// The loops: cache tiles of panels, K blocks, then the packing's rows.
// SPREAD: scf.for %{{.*}} = %c0 to %c24 step %c8 iter_args
// SPREAD-NEXT: scf.for %{{.*}} = %c0 to %c512 step %c128 iter_args
// PAGES: scf.for %{{.*}} = %c0 to %c32 step %c16 iter_args
// PAGES-NEXT: scf.for %{{.*}} = %c0 to %c512 step %c64 iter_args

// HOST: short_k_block=64 (l2_bytes / 16384 = 64), short_n_panels=16 (2048 / (64 * (n_r + 1)) = 16), spread_k_block=128 (2 * short_k_block = 128), spread_n_panels=8 (short_n_panels / 2 = 8)

func.func @cols_768(%A: tensor<40x512xf32>, %B: tensor<512x768xf32>, %C: memref<40x768xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<40x768xf32> to tensor<40x768xf32>
  %r = linalg.matmul ins(%A, %B : tensor<40x512xf32>, tensor<512x768xf32>) outs(%c : tensor<40x768xf32>) -> tensor<40x768xf32>
  bufferization.materialize_in_destination %r in restrict writable %C : (tensor<40x768xf32>, memref<40x768xf32>) -> ()
  return
}

func.func @cols_1024(%A: tensor<40x512xf32>, %B: tensor<512x1024xf32>, %C: memref<40x1024xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<40x1024xf32> to tensor<40x1024xf32>
  %r = linalg.matmul ins(%A, %B : tensor<40x512xf32>, tensor<512x1024xf32>) outs(%c : tensor<40x1024xf32>) -> tensor<40x1024xf32>
  bufferization.materialize_in_destination %r in restrict writable %C : (tensor<40x1024xf32>, memref<40x1024xf32>) -> ()
  return
}
