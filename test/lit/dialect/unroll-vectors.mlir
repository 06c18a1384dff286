// transform.apply_patterns.loom.unroll_vectors splits vectors whose last size
// is not a power of two into rows of pieces of the largest power of two that
// divides it (when that is at least `lanes`); the matmul schedule's tiles of
// three vectors a row rely on it (schedules/lib/vector.mlir,
// test/lit/schedules/matmul-three-vectors.mlir). A 2-D transpose of several
// 16 x 16 blocks becomes one transpose a block (the transposing packs of
// test/lit/schedules/matmul-transposed-b.mlir).
//
// RUN: loom-opt %s --transform-interpreter | FileCheck %s

// A register tile of 8 x 48: one contraction per row and piece of 16
// columns, its reduction whole; the first row's three pieces read the same
// element of A.
// CHECK-LABEL: func.func @tile(
// CHECK-SAME:      %[[A:.*]]: vector<8x1xf32>, %[[B:.*]]: vector<1x48xf32>, %[[C:.*]]: vector<8x48xf32>)
// CHECK:         %[[A0:.*]] = vector.extract_strided_slice %[[A]] {offsets = [0, 0], sizes = [1, 1], strides = [1, 1]}
// CHECK:         %[[B0:.*]] = vector.extract_strided_slice %[[B]] {offsets = [0, 0], sizes = [1, 16], strides = [1, 1]}
// CHECK:         %[[C0:.*]] = vector.extract_strided_slice %[[C]] {offsets = [0, 0], sizes = [1, 16], strides = [1, 1]}
// CHECK:         vector.contract {{.*}} %[[A0]], %[[B0]], %[[C0]] : vector<1x1xf32>, vector<1x16xf32> into vector<1x16xf32>
// CHECK:         vector.extract_strided_slice %[[B]] {offsets = [0, 16], sizes = [1, 16], strides = [1, 1]}
// CHECK:         vector.extract_strided_slice %[[B]] {offsets = [0, 32], sizes = [1, 16], strides = [1, 1]}
// CHECK:         vector.extract_strided_slice %[[A]] {offsets = [1, 0], sizes = [1, 1], strides = [1, 1]}
// CHECK-COUNT-21: vector.contract {{.*}} : vector<1x1xf32>, vector<1x16xf32> into vector<1x16xf32>
// CHECK-NOT:     vector.contract
// CHECK:         vector.insert_strided_slice {{.*}} {offsets = [7, 32], strides = [1, 1]} : vector<1x16xf32> into vector<8x48xf32>
// CHECK-NEXT:    return
func.func @tile(%a: vector<8x1xf32>, %b: vector<1x48xf32>, %c: vector<8x48xf32>) -> vector<8x48xf32> {
  %r = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                                         affine_map<(m, n, k) -> (k, n)>,
                                         affine_map<(m, n, k) -> (m, n)>],
                        iterator_types = ["parallel", "parallel", "reduction"],
                        kind = #vector.kind<add>}
    %a, %b, %c : vector<8x1xf32>, vector<1x48xf32> into vector<8x48xf32>
  return %r : vector<8x48xf32>
}

// Transfers and elementwise ops of 2 x 24: pieces of 1 x 8, row by row.
// CHECK-LABEL: func.func @rows(
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG:     %[[C16:.*]] = arith.constant 16 : index
// CHECK:         %[[R0:.*]] = vector.transfer_read %{{.*}}[%[[C0]], %[[C0]]], {{.*}} : memref<2x24xf32>, vector<1x8xf32>
// CHECK:         vector.transfer_read %{{.*}}[%[[C0]], %[[C8]]], {{.*}} : memref<2x24xf32>, vector<1x8xf32>
// CHECK:         vector.transfer_read %{{.*}}[%[[C0]], %[[C16]]], {{.*}} : memref<2x24xf32>, vector<1x8xf32>
// CHECK:         vector.transfer_read %{{.*}}[%[[C1]], %[[C0]]], {{.*}} : memref<2x24xf32>, vector<1x8xf32>
// CHECK-COUNT-2: vector.transfer_read {{.*}} : memref<2x24xf32>, vector<1x8xf32>
// CHECK:         %[[S0:.*]] = arith.addf %[[R0]], %{{.*}} : vector<1x8xf32>
// CHECK-COUNT-5: arith.addf {{.*}} : vector<1x8xf32>
// CHECK:         vector.transfer_write %[[S0]], %{{.*}}[%[[C0]], %[[C0]]] {{.*}} : vector<1x8xf32>, memref<2x24xf32>
// CHECK-COUNT-5: vector.transfer_write {{.*}} : vector<1x8xf32>, memref<2x24xf32>
// CHECK-NOT:     vector<2x24xf32>, memref
func.func @rows(%m: memref<2x24xf32>, %v: vector<2x24xf32>) -> vector<2x24xf32> {
  %c0 = arith.constant 0 : index
  %p = ub.poison : f32
  %r = vector.transfer_read %m[%c0, %c0], %p {in_bounds = [true, true]} : memref<2x24xf32>, vector<2x24xf32>
  %s = arith.addf %r, %v : vector<2x24xf32>
  vector.transfer_write %s, %m[%c0, %c0] {in_bounds = [true, true]} : vector<2x24xf32>, memref<2x24xf32>
  return %s : vector<2x24xf32>
}

// A power of two (LLVM splits it itself), pieces narrower than `lanes` (12
// = 4 x 3, 9 = 1 x 9) and a scalable vector: unchanged.
// CHECK-LABEL: func.func @left_alone(
// CHECK-NEXT:    arith.addf {{.*}} : vector<4x32xf32>
// CHECK-NEXT:    arith.addf {{.*}} : vector<2x12xf32>
// CHECK-NEXT:    arith.addf {{.*}} : vector<9xf32>
// CHECK-NEXT:    arith.addf {{.*}} : vector<[48]xf32>
// CHECK-NEXT:    return
func.func @left_alone(%x: vector<4x32xf32>, %y: vector<2x12xf32>, %z: vector<9xf32>,
                      %s: vector<[48]xf32>)
    -> (vector<4x32xf32>, vector<2x12xf32>, vector<9xf32>, vector<[48]xf32>) {
  %0 = arith.addf %x, %x : vector<4x32xf32>
  %1 = arith.addf %y, %y : vector<2x12xf32>
  %2 = arith.addf %z, %z : vector<9xf32>
  %3 = arith.addf %s, %s : vector<[48]xf32>
  return %0, %1, %2, %3 : vector<4x32xf32>, vector<2x12xf32>, vector<9xf32>, vector<[48]xf32>
}

// More than 64 pieces stay whole: the fill of a small convolution's output
// (1 x 7 x 7 x 40, 245 pieces of 8) and a transpose of 16 x 16 blocks of
// 128 x 144 (72 blocks); 8 x 40 (40 pieces) is split.
// CHECK-LABEL: func.func @many_pieces(
// CHECK:         vector.transfer_write {{.*}} : vector<1x7x7x40xf32>, memref<1x7x7x40xf32>
// CHECK-NEXT:    vector.transpose {{.*}} : vector<128x144xf32> to vector<144x128xf32>
// CHECK-COUNT-40: vector.transfer_write {{.*}} : vector<1x8xf32>, memref<8x40xf32>
// CHECK-NEXT:    return
func.func @many_pieces(%fill: vector<1x7x7x40xf32>, %out: memref<1x7x7x40xf32>,
                       %t: vector<128x144xf32>, %v: vector<8x40xf32>, %m: memref<8x40xf32>)
    -> vector<144x128xf32> {
  %c0 = arith.constant 0 : index
  vector.transfer_write %fill, %out[%c0, %c0, %c0, %c0] {in_bounds = [true, true, true, true]}
    : vector<1x7x7x40xf32>, memref<1x7x7x40xf32>
  %0 = vector.transpose %t, [1, 0] : vector<128x144xf32> to vector<144x128xf32>
  vector.transfer_write %v, %m[%c0, %c0] {in_bounds = [true, true]}
    : vector<8x40xf32>, memref<8x40xf32>
  return %0 : vector<144x128xf32>
}

// A transpose of 32 x 16 (a panel of a transposed B being packed): two of
// 16 x 16, each inserted at its place; one of 16 x 16 and one whose sizes
// are not multiples of 16 stay whole.
// CHECK-LABEL: func.func @transposes(
// CHECK-SAME:      %[[X:.*]]: vector<32x16xf32>
// CHECK:         %[[X0:.*]] = vector.extract_strided_slice %[[X]] {offsets = [0, 0], sizes = [16, 16], strides = [1, 1]} : vector<32x16xf32> to vector<16x16xf32>
// CHECK:         %[[T0:.*]] = vector.transpose %[[X0]], [1, 0] : vector<16x16xf32> to vector<16x16xf32>
// CHECK:         %[[R0:.*]] = vector.insert_strided_slice %[[T0]], %{{.*}} {offsets = [0, 0], strides = [1, 1]} : vector<16x16xf32> into vector<16x32xf32>
// CHECK:         %[[X1:.*]] = vector.extract_strided_slice %[[X]] {offsets = [16, 0], sizes = [16, 16], strides = [1, 1]} : vector<32x16xf32> to vector<16x16xf32>
// CHECK:         %[[T1:.*]] = vector.transpose %[[X1]], [1, 0] : vector<16x16xf32> to vector<16x16xf32>
// CHECK:         vector.insert_strided_slice %[[T1]], %[[R0]] {offsets = [0, 16], strides = [1, 1]} : vector<16x16xf32> into vector<16x32xf32>
// CHECK:         vector.transpose %{{.*}}, [1, 0] : vector<16x16xf32> to vector<16x16xf32>
// CHECK:         vector.transpose %{{.*}}, [1, 0] : vector<16x8xf32> to vector<8x16xf32>
// CHECK-NEXT:    return
func.func @transposes(%x: vector<32x16xf32>, %y: vector<16x16xf32>, %z: vector<16x8xf32>)
    -> (vector<16x32xf32>, vector<16x16xf32>, vector<8x16xf32>) {
  %0 = vector.transpose %x, [1, 0] : vector<32x16xf32> to vector<16x32xf32>
  %1 = vector.transpose %y, [1, 0] : vector<16x16xf32> to vector<16x16xf32>
  %2 = vector.transpose %z, [1, 0] : vector<16x8xf32> to vector<8x16xf32>
  return %0, %1, %2 : vector<16x32xf32>, vector<16x16xf32>, vector<8x16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %func = transform.structured.match ops{["func.func"]} in %root
      : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %func {
      transform.apply_patterns.loom.unroll_vectors lanes = 8
    } : !transform.any_op
    transform.yield
  }
}
