// Outputs are every result and every memref argument the function writes;
// scalars, index and 0-d tensors cross the boundary too.
//
// RUN: loom run %s --func mixed --init arange --iters 1 | FileCheck %s --check-prefix=MIXED
// RUN: loom run %s --func in_place --iters 1 | FileCheck %s --check-prefix=IN-PLACE
// RUN: loom run %s --func identity --iters 1 | FileCheck %s --check-prefix=IDENTITY
// RUN: loom run %s --func constant --iters 1 | FileCheck %s --check-prefix=CONSTANT

// MIXED: inputs      arange, seed 0: f32, index, tensor<f32>, tensor<8xf32>
// MIXED: check       result 0: passed
// The 0-d result is a sum of 8 terms.
// MIXED-NEXT:        result 1: passed, {{.*}}reduction 8)
// MIXED-NEXT:        result 2: passed, exact
func.func @mixed(%x: f32, %n: index, %t: tensor<f32>, %v: tensor<8xf32>) -> (f32, tensor<f32>, i64) {
  %c = tensor.extract %t[] : tensor<f32>
  %s = arith.mulf %x, %c : f32
  %r = linalg.reduce ins(%v : tensor<8xf32>) outs(%t : tensor<f32>) dimensions = [0]
    (%a: f32, %b: f32) {
      %y = arith.addf %a, %b : f32
      linalg.yield %y : f32
    }
  %i = arith.index_cast %n : index to i64
  return %s, %r, %i : f32, tensor<f32>, i64
}

// Memref arguments: %in is only read (not an output), %out is written.
// IN-PLACE:      check       arg 1: passed
// IN-PLACE-NOT:  arg 0
// IN-PLACE:      work
func.func @in_place(%in: memref<16xf32>, %out: memref<16xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                  iterator_types = ["parallel"]}
      ins(%in : memref<16xf32>) outs(%out : memref<16xf32>) {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  }
  return
}

// A returned tensor that is the argument itself.
// IDENTITY: check       result 0: passed
func.func @identity(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  return %x : tensor<4x4xf32>
}

// The same buffer returned twice is compared twice and freed once.
// RUN: loom run %s --func twice --iters 3 | FileCheck %s --check-prefix=TWICE
// TWICE:      check       result 0: passed
// TWICE-NEXT:             result 1: passed
// TWICE:      time/call
func.func @twice(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = arith.addf %x, %x : tensor<4xf32>
  return %0, %0 : tensor<4xf32>, tensor<4xf32>
}

// A returned constant.
// CONSTANT: check       result 0: passed
func.func @constant() -> tensor<4xi32> {
  %c = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  return %c : tensor<4xi32>
}
