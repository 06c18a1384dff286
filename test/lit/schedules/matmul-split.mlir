// When the panels of B (n_r columns) do not divide N, the matmul schedule
// splits the matmul where its whole panels end (transform.loom.split_full_tiles):
// 777 columns are 768 in panels of 32 and 9 in one panel of 16, so only those
// 9 columns of C are padded and copied, not all of C. The result is checked,
// with n_r = 32 (AVX-512) and 16 (region 0: 777 = 768 + 9 in panels of 16).
// With K blocks of 64, the last block (11 rows of B) has a dynamic size in
// the K loop: its rows past the last 8-row copy are packed one at a time, so
// every copy is vectorized (no "not vectorized" remark). The 37 rows are 32
// in 8-row register tiles and one 5-row tile (static: the cache tile holds
// all the rows), not 5 single rows.
//
// RUN: loom run %s --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --knob n_r=1 --knob k_block=64 --knob pack_b_rows=1024 --knob in_place_rows=0 \
// RUN:   --dump-ir %t/32 2>&1 | FileCheck %s --implicit-check-not=remark
// RUN: FileCheck %s --check-prefix=SPLIT < %t/32/1-scheduled.mlir
// RUN: FileCheck %s --check-prefix=ROWS32 < %t/32/1-scheduled.mlir
// RUN: loom run %s --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --knob n_r=0 --knob k_block=64 --knob pack_b_rows=0 --knob in_place_rows=0 \
// RUN:   --dump-ir %t/16 2>&1 | FileCheck %s --implicit-check-not=remark
// RUN: FileCheck %s --check-prefix=SPLIT < %t/16/1-scheduled.mlir
// RUN: FileCheck %s --check-prefix=ROWS16 < %t/16/1-scheduled.mlir
// RUN: loom run %s --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --threads 2 | FileCheck %s

// CHECK: check       arg 2: passed

// ROWS32-DAG: vector<8x1x32xf32>
// ROWS32-DAG: vector<5x1x32xf32>
// ROWS32-DAG: vector<5x1x16xf32>
// ROWS16-DAG: vector<8x1x16xf32>
// ROWS16-DAG: vector<5x1x16xf32>

// SPLIT: tensor.extract_slice %{{.*}}[0, 0] [37, 768] [1, 1] : tensor<37x777xf32> to tensor<37x768xf32>
// SPLIT-NOT: tensor.pad
// SPLIT: tensor.extract_slice %{{.*}}[0, 768] [37, 9] [1, 1] : tensor<37x777xf32> to tensor<37x9xf32>
// SPLIT: tensor.pad %{{.*}} low[0, 0] high[0, 7]
// SPLIT-NOT: tensor.pad {{.*}} : tensor<37x777xf32>

func.func @odd(%A: tensor<37x75xf32>, %B: tensor<75x777xf32>,
               %C: memref<37x777xf32>) {
  %c = bufferization.to_tensor %C restrict writable
    : memref<37x777xf32> to tensor<37x777xf32>
  %0 = linalg.matmul ins(%A, %B : tensor<37x75xf32>, tensor<75x777xf32>)
                     outs(%c : tensor<37x777xf32>) -> tensor<37x777xf32>
  bufferization.materialize_in_destination %0 in restrict writable %C
    : (tensor<37x777xf32>, memref<37x777xf32>) -> ()
  return
}
