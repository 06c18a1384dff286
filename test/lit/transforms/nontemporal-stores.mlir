// loom-nontemporal-stores: in a function marked loom.nontemporal_stores,
// vector stores into its arguments become streaming stores where their
// offsets keep whole vectors 64-byte aligned; elsewhere they stay plain.
// RUN: loom-opt %s --loom-nontemporal-stores | FileCheck %s

// CHECK-LABEL: func.func @rows
// CHECK:         memref.assume_alignment %{{.*}}, 64
// CHECK:         vector.store {{.*}} {alignment = 64 : i64, nontemporal = true}
// An offset of 4 floats: 16-byte aligned only, a plain store.
// CHECK:         vector.store
// CHECK-NOT:       nontemporal
// CHECK:         return
func.func @rows(%out: memref<64x128xf32>, %v: vector<16xf32>) attributes {loom.nontemporal_stores} {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  scf.for %i = %c0 to %c64 step %c16 {
    %rows = memref.subview %out[%i, 0] [16, 128] [1, 1]
      : memref<64x128xf32> to memref<16x128xf32, strided<[128, 1], offset: ?>>
    scf.for %j = %c0 to %c128 step %c16 {
      vector.transfer_write %v, %rows[%c0, %j] {in_bounds = [true]}
        : vector<16xf32>, memref<16x128xf32, strided<[128, 1], offset: ?>>
    }
    vector.transfer_write %v, %rows[%c0, %c4] {in_bounds = [true]}
      : vector<16xf32>, memref<16x128xf32, strided<[128, 1], offset: ?>>
  }
  return
}

// Through a reshape of the argument (a flattened elementwise op stores into
// the collapsed output): the collapsed memref starts where the argument
// does, so its aligned stores stream too.
// CHECK-LABEL: func.func @collapsed
// CHECK:         vector.store {{.*}} {alignment = 64 : i64, nontemporal = true}
// CHECK:         vector.store
// CHECK-NOT:       nontemporal
// CHECK:         return
func.func @collapsed(%out: memref<64x100xf32>, %v: vector<16xf32>) attributes {loom.nontemporal_stores} {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c6400 = arith.constant 6400 : index
  %flat = memref.collapse_shape %out [[0, 1]] : memref<64x100xf32> into memref<6400xf32>
  scf.for %i = %c0 to %c6400 step %c64 {
    %part = memref.subview %flat[%i] [64] [1] : memref<6400xf32> to memref<64xf32, strided<[1], offset: ?>>
    vector.transfer_write %v, %part[%c0] {in_bounds = [true]} : vector<16xf32>, memref<64xf32, strided<[1], offset: ?>>
  }
  vector.transfer_write %v, %flat[%c4] {in_bounds = [true]} : vector<16xf32>, memref<6400xf32>
  return
}

// An argument under 16 KiB (32 x 32 floats: 4 KiB) keeps plain stores:
// streaming stores into so few lines cost more than they save.
// CHECK-LABEL: func.func @small
// CHECK-NOT:     memref.assume_alignment
// CHECK:         vector.store
// CHECK-NOT:       nontemporal
// CHECK:         return
func.func @small(%out: memref<32x32xf32>, %v: vector<16xf32>) attributes {loom.nontemporal_stores} {
  %c0 = arith.constant 0 : index
  vector.transfer_write %v, %out[%c0, %c0] {in_bounds = [true]} : vector<16xf32>, memref<32x32xf32>
  return
}

// Without the attribute nothing changes.
// CHECK-LABEL: func.func @unmarked
// CHECK:         vector.transfer_write
// CHECK-NOT:     nontemporal
func.func @unmarked(%out: memref<128xf32>, %v: vector<16xf32>) {
  %c0 = arith.constant 0 : index
  vector.transfer_write %v, %out[%c0] {in_bounds = [true]} : vector<16xf32>, memref<128xf32>
  return
}
