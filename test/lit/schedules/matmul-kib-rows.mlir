// Rows of B a multiple of 1 KiB apart but not a page multiple (N a
// multiple of 256: 768 here) fill a half of L2's sets or less, and a B that
// streams from memory is then packed for a matmul of more than
// kib_in_place_rows rows (docs/performance.md, "Rows of B 1 KiB apart"):
// @cols_768, 40 rows against kib_in_place_rows = 32, its B of 1.5 MiB
// counted as streaming with stream_b_bytes = 1 MiB, packs B; the same
// matmul whose B stays in cache (stream_b_bytes = 8 MiB), and one of N =
// 640 (@cols_640, rows 2.5 KiB apart: every line offset of a page) read it
// in place up to in_place_rows (128). Results checked. The host default:
// 3 register tiles of rows, on one thread and on two.
//
// DEFINE: %{run} = loom run %s --schedule %{schedules}/matmul/schedule.mlir \
// DEFINE:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// DEFINE:   --knob in_place_rows=128 --knob in_place_m_r=8 --knob page_in_place_rows=32 --knob kib_in_place_rows=32
// RUN: %{run} --func cols_768 --knob stream_b_bytes=1048576 --dump-ir %t/streams 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=remark
// RUN: FileCheck %s --check-prefix=PACKED < %t/streams/1-scheduled.mlir
// RUN: %{run} --func cols_768 --knob stream_b_bytes=8388608 --dump-ir %t/cached 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=remark
// RUN: FileCheck %s --check-prefix=IN-PLACE --implicit-check-not='x1x32xf32>' \
// RUN:   < %t/cached/1-scheduled.mlir
// RUN: %{run} --func cols_640 --knob stream_b_bytes=1048576 --dump-ir %t/640 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=remark
// RUN: FileCheck %s --check-prefix=IN-PLACE --implicit-check-not='x1x32xf32>' \
// RUN:   < %t/640/1-scheduled.mlir
//
// RUN: loom run %s --func cols_768 --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --no-timing \
// RUN:   --host-param vector_registers=32 --threads 1 | FileCheck %s --check-prefix=HOST1
// RUN: loom run %s --func cols_768 --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --no-timing \
// RUN:   --host-param vector_registers=32 --threads 2 | FileCheck %s --check-prefix=HOST2

// CHECK: check       arg 2: passed

// PACKED: vector<8x1x32xf32>
// IN-PLACE: vector.transfer_read {{.*}} : tensor<8x32xf32>, vector<8x32xf32>

// HOST1: kib_in_place_rows=24 (3 * m_r = 24)
// HOST2: kib_in_place_rows=24 (3 * m_r = 24)

func.func @cols_768(%A: tensor<40x512xf32>, %B: tensor<512x768xf32>, %C: memref<40x768xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<40x768xf32> to tensor<40x768xf32>
  %r = linalg.matmul ins(%A, %B : tensor<40x512xf32>, tensor<512x768xf32>) outs(%c : tensor<40x768xf32>) -> tensor<40x768xf32>
  bufferization.materialize_in_destination %r in restrict writable %C : (tensor<40x768xf32>, memref<40x768xf32>) -> ()
  return
}

func.func @cols_640(%A: tensor<40x512xf32>, %B: tensor<512x640xf32>, %C: memref<40x640xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<40x640xf32> to tensor<40x640xf32>
  %r = linalg.matmul ins(%A, %B : tensor<40x512xf32>, tensor<512x640xf32>) outs(%c : tensor<40x640xf32>) -> tensor<40x640xf32>
  bufferization.materialize_in_destination %r in restrict writable %C : (tensor<40x640xf32>, memref<40x640xf32>) -> ()
  return
}
