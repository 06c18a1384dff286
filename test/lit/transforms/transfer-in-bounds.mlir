// RUN: loom-opt %s --loom-transfer-in-bounds --split-input-file | FileCheck %s

// The main loop of a peeled loop over a block of dynamic size: whole
// vectors up to (n floordiv 64) * 64, each within the block.
// CHECK-LABEL: func.func @peeled_main
// CHECK:         vector.transfer_write {{.*}} {in_bounds = [true]} : vector<64xf32>, memref<?xf32, strided<[1], offset: ?>>
// The loop of the elements past them is not whole steps: left as it was.
// CHECK:         vector.transfer_write
// CHECK-NOT:       in_bounds
// CHECK-SAME:      : vector<64xf32>, memref<?xf32, strided<[1], offset: ?>>
func.func @peeled_main(%out: memref<16777215xf32>, %offset: index, %n: index, %v: vector<64xf32>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %block = memref.subview %out[%offset] [%n] [1] : memref<16777215xf32> to memref<?xf32, strided<[1], offset: ?>>
  %whole = affine.apply affine_map<()[s0] -> ((s0 floordiv 64) * 64)>()[%n]
  scf.for %i = %c0 to %whole step %c64 {
    vector.transfer_write %v, %block[%i] : vector<64xf32>, memref<?xf32, strided<[1], offset: ?>>
  }
  scf.for %i = %whole to %n step %c64 {
    vector.transfer_write %v, %block[%i] : vector<64xf32>, memref<?xf32, strided<[1], offset: ?>>
  }
  return
}

// -----

// A loop to a bound not known to stay within the memref, and a step smaller
// than the vector: neither is marked. A read at a constant index of a
// static memref is (value bounds alone).
// CHECK-LABEL: func.func @not_proven
// CHECK:         vector.transfer_read %{{.*}}[%{{.*}}], %{{[[:alnum:]_]+}} : memref<?xf32>, vector<16xf32>
// CHECK:         vector.transfer_read %{{.*}}[%{{.*}}], %{{[[:alnum:]_]+}} : memref<?xf32>, vector<16xf32>
// CHECK:         vector.transfer_read %{{.*}}[%{{.*}}], %{{.*}} {in_bounds = [true]} : memref<100xf32>, vector<16xf32>
func.func @not_proven(%a: memref<?xf32>, %b: memref<100xf32>, %m: index) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c84 = arith.constant 84 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<16xf32>
  %n = memref.dim %a, %c0 : memref<?xf32>
  %whole = affine.apply affine_map<()[s0] -> ((s0 floordiv 16) * 16)>()[%n]
  %r0 = scf.for %i = %c0 to %m step %c16 iter_args(%acc = %zero) -> vector<16xf32> {
    %x = vector.transfer_read %a[%i], %pad : memref<?xf32>, vector<16xf32>
    scf.yield %x : vector<16xf32>
  }
  %r1 = scf.for %i = %c0 to %whole step %c8 iter_args(%acc = %zero) -> vector<16xf32> {
    %x = vector.transfer_read %a[%i], %pad : memref<?xf32>, vector<16xf32>
    scf.yield %x : vector<16xf32>
  }
  %r2 = vector.transfer_read %b[%c84], %pad : memref<100xf32>, vector<16xf32>
  return %r0, %r1, %r2 : vector<16xf32>, vector<16xf32>, vector<16xf32>
}

// -----

// The whole steps of a loop over a dimension of a memref (memref.dim): its
// read is marked; the read of a tensor of its own size, in the same loop,
// is not.
// CHECK-LABEL: func.func @whole_steps_of_dim
// CHECK:         vector.transfer_read {{.*}} {in_bounds = [true]} : memref<?xf32>, vector<16xf32>
// CHECK:         vector.transfer_read %{{.*}}[%{{.*}}], %{{[[:alnum:]_]+}} : tensor<?xf32>, vector<16xf32>
func.func @whole_steps_of_dim(%a: memref<?xf32>, %t: tensor<?xf32>) -> (vector<16xf32>, vector<16xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<16xf32>
  %n = memref.dim %a, %c0 : memref<?xf32>
  %whole = affine.apply affine_map<()[s0] -> ((s0 floordiv 16) * 16)>()[%n]
  %r:2 = scf.for %i = %c0 to %whole step %c16 iter_args(%x0 = %zero, %y0 = %zero) -> (vector<16xf32>, vector<16xf32>) {
    %x = vector.transfer_read %a[%i], %pad : memref<?xf32>, vector<16xf32>
    %y = vector.transfer_read %t[%i], %pad : tensor<?xf32>, vector<16xf32>
    scf.yield %x, %y : vector<16xf32>, vector<16xf32>
  }
  return %r#0, %r#1 : vector<16xf32>, vector<16xf32>
}
