// The default schedule combines the lanes of a vector reduced along its last
// dimension by halves (transform.apply_patterns.loom.reduction_tree): a row
// sum and a dot product leave no vector reduction op to the lowering (which
// would sum the lanes one after the other), and both match the reference.
//
// RUN: rm -rf %t && split-file %s %t
// RUN: loom run %t/row-sum.mlir --schedule %{schedules}/lib/default.mlir --iters 1 \
// RUN:   --dump-ir %t/row-sum | FileCheck %s --check-prefix=CHECK
// RUN: FileCheck %s --check-prefix=ROWS --implicit-check-not=vector.multi_reduction \
// RUN:   --implicit-check-not=vector.reduction < %t/row-sum/1-scheduled.mlir
// RUN: loom run %t/dot.mlir --schedule %{schedules}/lib/default.mlir --iters 1 \
// RUN:   --dump-ir %t/dot | FileCheck %s --check-prefix=CHECK
// RUN: FileCheck %s --check-prefix=DOT --implicit-check-not=vector.multi_reduction \
// RUN:   --implicit-check-not=vector.reduction < %t/dot/1-scheduled.mlir

// CHECK: check       result 0: passed

// 16 rows x 16 columns per step, the 16 columns by halves.
// ROWS-LABEL: func.func @row_sum(
// ROWS:         vector.extract_strided_slice {{.*}} : vector<16x16xf32> to vector<16x8xf32>
// ROWS:         arith.addf {{.*}} : vector<16x8xf32>
// ROWS:         arith.addf {{.*}} : vector<16x1xf32>

// DOT-LABEL: func.func @dot(
// DOT:         vector.extract_strided_slice {{.*}} to vector<8xf32>
// DOT:         arith.addf {{.*}} : vector<1xf32>

//--- row-sum.mlir
func.func @row_sum(%a: tensor<256x1024xf32>) -> tensor<256xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<256xf32>) -> tensor<256xf32>
  %r = linalg.reduce ins(%a : tensor<256x1024xf32>) outs(%f : tensor<256xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<256xf32>
}

//--- dot.mlir
func.func @dot(%a: tensor<4096xf32>, %b: tensor<4096xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %r = linalg.dot ins(%a, %b : tensor<4096xf32>, tensor<4096xf32>) outs(%f : tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}
