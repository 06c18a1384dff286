// The shipped elementwise schedule takes any elementwise code: a chain of
// any length, of named ops or generics, of any rank, with more than one
// output, and ops whose operands are broadcast or transposed. Each case is
// checked against the payload without the schedule.
//
// RUN: loom run %s --split-input-file --schedule %{schedules}/elementwise/schedule.mlir \
// RUN:   --no-timing | FileCheck %s
//
// The flat path: the chain fused into one op and flattened, whole vectors of
// 64 and the rest peeled (37 x 100 = 57 x 64 + 52; 7 x 9 x 131 = 128 x 64 +
// 61), no linalg op and no scalar op left.
// RUN: rm -rf %t && loom run %s --chunk 1 --schedule %{schedules}/elementwise/schedule.mlir \
// RUN:   --no-timing --dump-ir %t/two > /dev/null
// RUN: FileCheck %s --check-prefix=TWO < %t/two/1-scheduled.mlir
// RUN: loom run %s --chunk 4 --schedule %{schedules}/elementwise/schedule.mlir \
// RUN:   --no-timing --dump-ir %t/five > /dev/null
// RUN: FileCheck %s --check-prefix=FIVE < %t/five/1-scheduled.mlir
// The broadcast bias: tiles of rows, 64 columns a vector, the last 5 of a
// row of 517 masked.
// RUN: loom run %s --chunk 2 --schedule %{schedules}/elementwise/schedule.mlir \
// RUN:   --no-timing --dump-ir %t/bias > /dev/null
// RUN: FileCheck %s --check-prefix=BIAS < %t/bias/1-scheduled.mlir

// CHECK:      @two
// CHECK:        check       arg 2: passed
// CHECK-NEXT:   fusion      2 pair(s) fused, 0 not
// TWO-LABEL: func.func @two(
// TWO:         tensor.collapse_shape {{.*}} into tensor<3700xf32>
// TWO:         arith.maximumf {{.*}} : vector<64xf32>
// TWO:         arith.maximumf {{.*}} : vector<52xf32>
// TWO-NOT:     linalg.
// TWO-NOT:     arith.maximumf {{.*}} : f32
func.func @two(%a: tensor<37x100xf32>, %b: tensor<37x100xf32>, %out: memref<37x100xf32>) {
  %e = tensor.empty() : tensor<37x100xf32>
  %zero = arith.constant 0.0 : f32
  %s = linalg.add ins(%a, %b : tensor<37x100xf32>, tensor<37x100xf32>)
      outs(%e : tensor<37x100xf32>) -> tensor<37x100xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<37x100xf32>) -> tensor<37x100xf32>
  %r = linalg.max ins(%s, %z : tensor<37x100xf32>, tensor<37x100xf32>)
      outs(%e : tensor<37x100xf32>) -> tensor<37x100xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
    : (tensor<37x100xf32>, memref<37x100xf32>) -> ()
  return
}

// -----

// CHECK:      @bias_relu
// CHECK:        check       arg 2: passed
// BIAS-LABEL: func.func @bias_relu(
// BIAS:         scf.forall
// BIAS:           vector.create_mask
// BIAS:           arith.maximumf {{.*}} : vector<1x64xf32>
// BIAS-NOT:     linalg.
// BIAS-NOT:     arith.maximumf {{.*}} : f32
#id = affine_map<(i, j) -> (i, j)>
#col = affine_map<(i, j) -> (j)>
func.func @bias_relu(%a: tensor<33x517xf32>, %bias: tensor<517xf32>, %out: memref<33x517xf32>) {
  %e = tensor.empty() : tensor<33x517xf32>
  %r = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %bias : tensor<33x517xf32>, tensor<517xf32>) outs(%e : tensor<33x517xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    %z = arith.constant 0.0 : f32
    %m = arith.maximumf %s, %z : f32
    linalg.yield %m : f32
  } -> tensor<33x517xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
    : (tensor<33x517xf32>, memref<33x517xf32>) -> ()
  return
}

// -----

// Upstream's flatten_elementwise turns this one into invalid IR; the
// schedule does not flatten it.
// CHECK:      @transposed
// CHECK:        check       arg 2: passed
// CHECK-NEXT:   fusion      1 pair(s) fused, 0 not
func.func @transposed(%a: tensor<100x37xf32>, %b: tensor<37x100xf32>, %out: memref<100x37xf32>) {
  %e = tensor.empty() : tensor<100x37xf32>
  %t = linalg.transpose ins(%b : tensor<37x100xf32>) outs(%e : tensor<100x37xf32>) permutation = [1, 0]
  %s = linalg.add ins(%a, %t : tensor<100x37xf32>, tensor<100x37xf32>)
      outs(%e : tensor<100x37xf32>) -> tensor<100x37xf32>
  bufferization.materialize_in_destination %s in restrict writable %out
    : (tensor<100x37xf32>, memref<100x37xf32>) -> ()
  return
}

// -----

// Five ops on a 3-D tensor, one result also an output of its own:
// y = a * b; out1 = exp(y) - (y + c) / 2; out2 = y. One op computes both.
// CHECK:      @five
// CHECK:        check       arg 3: passed
// CHECK-NEXT:               arg 4: passed
// CHECK-NEXT:   fusion      5 pair(s) fused, 0 not
// FIVE-LABEL: func.func @five(
// FIVE:         arith.subf {{.*}} : vector<64xf32>
// FIVE:         arith.subf {{.*}} : vector<61xf32>
// FIVE-NOT:     linalg.
// FIVE-NOT:     arith.subf {{.*}} : f32
func.func @five(%a: tensor<7x9x131xf32>, %b: tensor<7x9x131xf32>, %c: tensor<7x9x131xf32>,
                %out1: memref<7x9x131xf32>, %out2: memref<7x9x131xf32>) {
  %e = tensor.empty() : tensor<7x9x131xf32>
  %two = arith.constant dense<2.0> : tensor<7x9x131xf32>
  %y = linalg.mul ins(%a, %b : tensor<7x9x131xf32>, tensor<7x9x131xf32>)
      outs(%e : tensor<7x9x131xf32>) -> tensor<7x9x131xf32>
  %x = linalg.exp ins(%y : tensor<7x9x131xf32>) outs(%e : tensor<7x9x131xf32>) -> tensor<7x9x131xf32>
  %s = linalg.add ins(%y, %c : tensor<7x9x131xf32>, tensor<7x9x131xf32>)
      outs(%e : tensor<7x9x131xf32>) -> tensor<7x9x131xf32>
  %h = linalg.div ins(%s, %two : tensor<7x9x131xf32>, tensor<7x9x131xf32>)
      outs(%e : tensor<7x9x131xf32>) -> tensor<7x9x131xf32>
  %r = linalg.sub ins(%x, %h : tensor<7x9x131xf32>, tensor<7x9x131xf32>)
      outs(%e : tensor<7x9x131xf32>) -> tensor<7x9x131xf32>
  bufferization.materialize_in_destination %r in restrict writable %out1
    : (tensor<7x9x131xf32>, memref<7x9x131xf32>) -> ()
  bufferization.materialize_in_destination %y in restrict writable %out2
    : (tensor<7x9x131xf32>, memref<7x9x131xf32>) -> ()
  return
}

