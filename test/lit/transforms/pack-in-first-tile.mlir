// loom-pack-in-first-tile: in an scf.for marked loom.pack_in_first whose
// preceding op is a copy nest into a buffer, the first iteration is peeled
// and reads the copy's source in place, storing each vector it reads into
// the buffer; the copy is erased and the other iterations read the buffer.
// Where the first iteration would not write every element the copy writes,
// the IR is left as it is.
// RUN: loom-opt %s --loom-pack-in-first-tile --split-input-file | FileCheck %s
// RUN: loom-opt %s --loom-pack-in-first-tile --loom-prefetch-ahead --split-input-file \
// RUN:   | FileCheck %s --check-prefix=AHEAD

// The shape of a matmul's K block: 8 rows of B at a time copied into 4
// panels of 32 columns (vector<8x32>), then register tiles of 8 rows that
// read a panel row (vector<32>) per step of k. The first tile reads B at
// [k0 + k, c0 + 32 p] and writes the packed row; the loop goes on from 8.
// CHECK-DAG: #[[ROW:.*]] = affine_map<()[s0, s1, s2, s3] -> (s1 + s2)>
// CHECK-DAG: #[[COL:.*]] = affine_map<()[s0, s1, s2, s3] -> (s3 + s0 * 32)>
// CHECK-LABEL: func.func @k_block(
// CHECK-SAME:      %[[A:.*]]: memref<16x64xf32>, %[[B:.*]]: memref<64x256xf32>, %[[C:.*]]: memref<16x4x32xf32>,
// CHECK-SAME:      %[[K0:.*]]: index, %[[C0:.*]]: index)
// CHECK:         %[[BUF:.*]] = memref.alloc() : memref<4x16x32xf32>
// CHECK-NOT:     vector.transfer_read {{.*}} vector<8x32xf32>
// CHECK:         scf.for %{{.*}} = %{{.*}} to %[[C8:.*]] step %{{.*}} {
// CHECK:           scf.for %[[P:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:             %[[PANEL:.*]] = memref.subview %[[BUF]][%[[P]], 0, 0] [1, 16, 32]
// CHECK:             scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// CHECK:               %[[KROW:.*]] = memref.subview %[[PANEL]][0, %[[K]], 0] [1, 1, 32]
// CHECK:               %[[R:.*]] = affine.apply #[[ROW]]()[%[[P]], %[[K]], %[[K0]], %[[C0]]]
// CHECK:               %[[CC:.*]] = affine.apply #[[COL]]()[%[[P]], %[[K]], %[[K0]], %[[C0]]]
// CHECK:               %[[V:.*]] = vector.transfer_read %[[B]][%[[R]], %[[CC]]], %{{.*}} {in_bounds = [true]} : memref<64x256xf32>, vector<32xf32>
// CHECK:               vector.transfer_write %[[V]], %[[KROW]][%{{.*}}, %{{.*}}, %{{.*}}] {in_bounds = [true]}
// CHECK:               arith.addf %{{.*}}, %[[V]]
// CHECK:         scf.for %{{.*}} = %[[C8]] to %{{.*}} step %{{.*}} {
// CHECK:             scf.for
// CHECK:               %[[W:.*]] = vector.transfer_read %{{.*}} : memref<1x1x32xf32, strided<[512, 32, 1], offset: ?>>, vector<32xf32>
// CHECK:               arith.addf %{{.*}}, %[[W]]
// CHECK-NOT:     loom.pack_in_first
func.func @k_block(%A: memref<16x64xf32>, %B: memref<64x256xf32>, %C: memref<16x4x32xf32>,
                   %k0: index, %c0: index) {
  %pad = ub.poison : f32
  %c0i = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %buf = memref.alloc() : memref<4x16x32xf32>
  %block = memref.subview %B[%k0, %c0] [16, 128] [1, 1] : memref<64x256xf32> to memref<16x128xf32, strided<[256, 1], offset: ?>>
  scf.for %r = %c0i to %c16 step %c8 {
    %rows = memref.subview %block[%r, 0] [8, 128] [1, 1] : memref<16x128xf32, strided<[256, 1], offset: ?>> to memref<8x128xf32, strided<[256, 1], offset: ?>>
    %dst = memref.subview %buf[0, %r, 0] [4, 8, 32] [1, 1, 1] : memref<4x16x32xf32> to memref<4x8x32xf32, strided<[512, 32, 1], offset: ?>>
    scf.for %p = %c0i to %c4 step %c1 {
      %col = affine.apply affine_map<(d0) -> (d0 * 32)>(%p)
      %src = memref.subview %rows[0, %col] [8, 32] [1, 1] : memref<8x128xf32, strided<[256, 1], offset: ?>> to memref<8x32xf32, strided<[256, 1], offset: ?>>
      %panel = memref.subview %dst[%p, 0, 0] [1, 8, 32] [1, 1, 1] : memref<4x8x32xf32, strided<[512, 32, 1], offset: ?>> to memref<1x8x32xf32, strided<[512, 32, 1], offset: ?>>
      %v = vector.transfer_read %src[%c0i, %c0i], %pad {in_bounds = [true, true]} : memref<8x32xf32, strided<[256, 1], offset: ?>>, vector<8x32xf32>
      vector.transfer_write %v, %panel[%c0i, %c0i, %c0i] {in_bounds = [true, true]} : vector<8x32xf32>, memref<1x8x32xf32, strided<[512, 32, 1], offset: ?>>
    }
  }
  scf.for %i = %c0i to %c16 step %c8 {
    scf.for %p = %c0i to %c4 step %c1 {
      %packed = memref.subview %buf[%p, 0, 0] [1, 16, 32] [1, 1, 1] : memref<4x16x32xf32> to memref<1x16x32xf32, strided<[512, 32, 1], offset: ?>>
      %acc0 = vector.transfer_read %C[%i, %p, %c0i], %pad {in_bounds = [true]} : memref<16x4x32xf32>, vector<32xf32>
      %acc = scf.for %k = %c0i to %c16 step %c1 iter_args(%sum = %acc0) -> (vector<32xf32>) {
        %row = memref.subview %packed[0, %k, 0] [1, 1, 32] [1, 1, 1] : memref<1x16x32xf32, strided<[512, 32, 1], offset: ?>> to memref<1x1x32xf32, strided<[512, 32, 1], offset: ?>>
        %w = vector.transfer_read %row[%c0i, %c0i, %c0i], %pad {in_bounds = [true]} : memref<1x1x32xf32, strided<[512, 32, 1], offset: ?>>, vector<32xf32>
        %next = arith.addf %sum, %w : vector<32xf32>
        scf.yield %next : vector<32xf32>
      }
      vector.transfer_write %acc, %C[%i, %p, %c0i] {in_bounds = [true]} : vector<32xf32>, memref<16x4x32xf32>
    }
  } {loom.pack_in_first = 1 : i64}
  memref.dealloc %buf : memref<4x16x32xf32>
  return
}

// -----

// With loom.pack_in_first_ahead = 4, the first tile reads B's row through a
// subview at its k loop's induction variable, over a view of the block's
// 16 rows, and its k loop is marked for loom-prefetch-ahead; the other
// tiles' k loops are not.
// CHECK-LABEL: func.func @k_block_ahead(
// CHECK-SAME:      %[[A:.*]]: memref<16x64xf32>, %[[B:.*]]: memref<64x256xf32>
// CHECK:         scf.for %[[P:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:           %[[VIEW:.*]] = memref.subview %[[B]][%{{.*}}, %{{.*}}] [16, 32] [1, 1] : memref<64x256xf32> to memref<16x32xf32, strided<[256, 1], offset: ?>>
// CHECK:           scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// CHECK:             %[[ROW:.*]] = memref.subview %[[VIEW]][%[[K]], 0] [1, 32] [1, 1]
// CHECK:             %[[V:.*]] = vector.transfer_read %[[ROW]][%{{.*}}, %{{.*}}], %{{.*}} {in_bounds = [true]} : memref<1x32xf32, strided<[256, 1], offset: ?>>, vector<32xf32>
// CHECK:             vector.transfer_write %[[V]]
// CHECK:           } {loom.prefetch_ahead = 4 : i64}
// CHECK-NOT:     loom.prefetch_ahead
// CHECK-NOT:     loom.pack_in_first
// AHEAD-LABEL: func.func @k_block_ahead(
// AHEAD:           %[[VIEW:.*]] = memref.subview %{{.*}} [16, 32] [1, 1]
// AHEAD:           scf.for
// AHEAD-COUNT-3:     memref.prefetch %[[VIEW]][
// AHEAD-NOT:         memref.prefetch
// AHEAD:             scf.yield
// AHEAD-NOT:     memref.prefetch
// AHEAD:         return
func.func @k_block_ahead(%A: memref<16x64xf32>, %B: memref<64x256xf32>, %C: memref<16x4x32xf32>,
                   %k0: index, %c0: index) {
  %pad = ub.poison : f32
  %c0i = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %buf = memref.alloc() : memref<4x16x32xf32>
  %block = memref.subview %B[%k0, %c0] [16, 128] [1, 1] : memref<64x256xf32> to memref<16x128xf32, strided<[256, 1], offset: ?>>
  scf.for %r = %c0i to %c16 step %c8 {
    %rows = memref.subview %block[%r, 0] [8, 128] [1, 1] : memref<16x128xf32, strided<[256, 1], offset: ?>> to memref<8x128xf32, strided<[256, 1], offset: ?>>
    %dst = memref.subview %buf[0, %r, 0] [4, 8, 32] [1, 1, 1] : memref<4x16x32xf32> to memref<4x8x32xf32, strided<[512, 32, 1], offset: ?>>
    scf.for %p = %c0i to %c4 step %c1 {
      %col = affine.apply affine_map<(d0) -> (d0 * 32)>(%p)
      %src = memref.subview %rows[0, %col] [8, 32] [1, 1] : memref<8x128xf32, strided<[256, 1], offset: ?>> to memref<8x32xf32, strided<[256, 1], offset: ?>>
      %panel = memref.subview %dst[%p, 0, 0] [1, 8, 32] [1, 1, 1] : memref<4x8x32xf32, strided<[512, 32, 1], offset: ?>> to memref<1x8x32xf32, strided<[512, 32, 1], offset: ?>>
      %v = vector.transfer_read %src[%c0i, %c0i], %pad {in_bounds = [true, true]} : memref<8x32xf32, strided<[256, 1], offset: ?>>, vector<8x32xf32>
      vector.transfer_write %v, %panel[%c0i, %c0i, %c0i] {in_bounds = [true, true]} : vector<8x32xf32>, memref<1x8x32xf32, strided<[512, 32, 1], offset: ?>>
    }
  }
  scf.for %i = %c0i to %c16 step %c8 {
    scf.for %p = %c0i to %c4 step %c1 {
      %packed = memref.subview %buf[%p, 0, 0] [1, 16, 32] [1, 1, 1] : memref<4x16x32xf32> to memref<1x16x32xf32, strided<[512, 32, 1], offset: ?>>
      %acc0 = vector.transfer_read %C[%i, %p, %c0i], %pad {in_bounds = [true]} : memref<16x4x32xf32>, vector<32xf32>
      %acc = scf.for %k = %c0i to %c16 step %c1 iter_args(%sum = %acc0) -> (vector<32xf32>) {
        %row = memref.subview %packed[0, %k, 0] [1, 1, 32] [1, 1, 1] : memref<1x16x32xf32, strided<[512, 32, 1], offset: ?>> to memref<1x1x32xf32, strided<[512, 32, 1], offset: ?>>
        %w = vector.transfer_read %row[%c0i, %c0i, %c0i], %pad {in_bounds = [true]} : memref<1x1x32xf32, strided<[512, 32, 1], offset: ?>>, vector<32xf32>
        %next = arith.addf %sum, %w : vector<32xf32>
        scf.yield %next : vector<32xf32>
      }
      vector.transfer_write %acc, %C[%i, %p, %c0i] {in_bounds = [true]} : vector<32xf32>, memref<16x4x32xf32>
    }
  } {loom.pack_in_first = 1 : i64, loom.pack_in_first_ahead = 4 : i64}
  memref.dealloc %buf : memref<4x16x32xf32>
  return
}

// -----

// Rows of B a page apart (1024 floats) are not marked: the first tile reads
// B in place as without the distance.
// CHECK-LABEL: func.func @page_rows_ahead(
// CHECK-SAME:      %{{.*}}: memref<16x64xf32>, %[[B:.*]]: memref<64x1024xf32>
// CHECK:         vector.transfer_read %[[B]][%{{.*}}, %{{.*}}], %{{.*}} {in_bounds = [true]} : memref<64x1024xf32>, vector<32xf32>
// CHECK-NOT:     loom.prefetch_ahead
// CHECK-NOT:     loom.pack_in_first
func.func @page_rows_ahead(%A: memref<16x64xf32>, %B: memref<64x1024xf32>, %C: memref<16x4x32xf32>,
                   %k0: index, %c0: index) {
  %pad = ub.poison : f32
  %c0i = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %buf = memref.alloc() : memref<4x16x32xf32>
  %block = memref.subview %B[%k0, %c0] [16, 128] [1, 1] : memref<64x1024xf32> to memref<16x128xf32, strided<[1024, 1], offset: ?>>
  scf.for %r = %c0i to %c16 step %c8 {
    %rows = memref.subview %block[%r, 0] [8, 128] [1, 1] : memref<16x128xf32, strided<[1024, 1], offset: ?>> to memref<8x128xf32, strided<[1024, 1], offset: ?>>
    %dst = memref.subview %buf[0, %r, 0] [4, 8, 32] [1, 1, 1] : memref<4x16x32xf32> to memref<4x8x32xf32, strided<[512, 32, 1], offset: ?>>
    scf.for %p = %c0i to %c4 step %c1 {
      %col = affine.apply affine_map<(d0) -> (d0 * 32)>(%p)
      %src = memref.subview %rows[0, %col] [8, 32] [1, 1] : memref<8x128xf32, strided<[1024, 1], offset: ?>> to memref<8x32xf32, strided<[1024, 1], offset: ?>>
      %panel = memref.subview %dst[%p, 0, 0] [1, 8, 32] [1, 1, 1] : memref<4x8x32xf32, strided<[512, 32, 1], offset: ?>> to memref<1x8x32xf32, strided<[512, 32, 1], offset: ?>>
      %v = vector.transfer_read %src[%c0i, %c0i], %pad {in_bounds = [true, true]} : memref<8x32xf32, strided<[1024, 1], offset: ?>>, vector<8x32xf32>
      vector.transfer_write %v, %panel[%c0i, %c0i, %c0i] {in_bounds = [true, true]} : vector<8x32xf32>, memref<1x8x32xf32, strided<[512, 32, 1], offset: ?>>
    }
  }
  scf.for %i = %c0i to %c16 step %c8 {
    scf.for %p = %c0i to %c4 step %c1 {
      %packed = memref.subview %buf[%p, 0, 0] [1, 16, 32] [1, 1, 1] : memref<4x16x32xf32> to memref<1x16x32xf32, strided<[512, 32, 1], offset: ?>>
      %acc0 = vector.transfer_read %C[%i, %p, %c0i], %pad {in_bounds = [true]} : memref<16x4x32xf32>, vector<32xf32>
      %acc = scf.for %k = %c0i to %c16 step %c1 iter_args(%sum = %acc0) -> (vector<32xf32>) {
        %row = memref.subview %packed[0, %k, 0] [1, 1, 32] [1, 1, 1] : memref<1x16x32xf32, strided<[512, 32, 1], offset: ?>> to memref<1x1x32xf32, strided<[512, 32, 1], offset: ?>>
        %w = vector.transfer_read %row[%c0i, %c0i, %c0i], %pad {in_bounds = [true]} : memref<1x1x32xf32, strided<[512, 32, 1], offset: ?>>, vector<32xf32>
        %next = arith.addf %sum, %w : vector<32xf32>
        scf.yield %next : vector<32xf32>
      }
      vector.transfer_write %acc, %C[%i, %p, %c0i] {in_bounds = [true]} : vector<32xf32>, memref<16x4x32xf32>
    }
  } {loom.pack_in_first = 1 : i64, loom.pack_in_first_ahead = 4 : i64}
  memref.dealloc %buf : memref<4x16x32xf32>
  return
}

// -----

// Left as it is: the first tile reads only half of the K block (k < 8), so
// it would not write the rows 8-15 of the panels the other tiles read; a
// mark of 0 turns the rewrite off; a distance without the mark asks for
// nothing (it is removed).
// CHECK-LABEL: func.func @half_block(
// CHECK:         vector.transfer_read {{.*}} vector<8x32xf32>
// CHECK:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NOT:     loom.pack_in_first
// CHECK-LABEL: func.func @off(
// CHECK:         vector.transfer_read {{.*}} vector<8x32xf32>
// CHECK-NOT:     loom.pack_in_first
// CHECK-LABEL: func.func @ahead_only(
// CHECK:         vector.transfer_read {{.*}} vector<8x32xf32>
// CHECK-NOT:     loom.prefetch_ahead
// CHECK-NOT:     loom.pack_in_first
func.func @half_block(%B: memref<16x128xf32>, %C: memref<16x4x32xf32>) {
  %pad = ub.poison : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %buf = memref.alloc() : memref<4x16x32xf32>
  scf.for %r = %c0 to %c16 step %c8 {
    scf.for %p = %c0 to %c4 step %c1 {
      %col = affine.apply affine_map<(d0) -> (d0 * 32)>(%p)
      %src = memref.subview %B[%r, %col] [8, 32] [1, 1] : memref<16x128xf32> to memref<8x32xf32, strided<[128, 1], offset: ?>>
      %panel = memref.subview %buf[%p, %r, 0] [1, 8, 32] [1, 1, 1] : memref<4x16x32xf32> to memref<1x8x32xf32, strided<[512, 32, 1], offset: ?>>
      %v = vector.transfer_read %src[%c0, %c0], %pad {in_bounds = [true, true]} : memref<8x32xf32, strided<[128, 1], offset: ?>>, vector<8x32xf32>
      vector.transfer_write %v, %panel[%c0, %c0, %c0] {in_bounds = [true, true]} : vector<8x32xf32>, memref<1x8x32xf32, strided<[512, 32, 1], offset: ?>>
    }
  }
  scf.for %i = %c0 to %c16 step %c8 {
    scf.for %p = %c0 to %c4 step %c1 {
      %acc0 = vector.transfer_read %C[%i, %p, %c0], %pad {in_bounds = [true]} : memref<16x4x32xf32>, vector<32xf32>
      %acc = scf.for %k = %c0 to %c8 step %c1 iter_args(%sum = %acc0) -> (vector<32xf32>) {
        %w = vector.transfer_read %buf[%p, %k, %c0], %pad {in_bounds = [true]} : memref<4x16x32xf32>, vector<32xf32>
        %next = arith.addf %sum, %w : vector<32xf32>
        scf.yield %next : vector<32xf32>
      }
      vector.transfer_write %acc, %C[%i, %p, %c0] {in_bounds = [true]} : vector<32xf32>, memref<16x4x32xf32>
    }
  } {loom.pack_in_first = 1 : i64}
  memref.dealloc %buf : memref<4x16x32xf32>
  return
}

func.func @off(%B: memref<16x128xf32>, %C: memref<16x4x32xf32>) {
  %pad = ub.poison : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %buf = memref.alloc() : memref<4x16x32xf32>
  scf.for %r = %c0 to %c16 step %c8 {
    scf.for %p = %c0 to %c4 step %c1 {
      %col = affine.apply affine_map<(d0) -> (d0 * 32)>(%p)
      %src = memref.subview %B[%r, %col] [8, 32] [1, 1] : memref<16x128xf32> to memref<8x32xf32, strided<[128, 1], offset: ?>>
      %panel = memref.subview %buf[%p, %r, 0] [1, 8, 32] [1, 1, 1] : memref<4x16x32xf32> to memref<1x8x32xf32, strided<[512, 32, 1], offset: ?>>
      %v = vector.transfer_read %src[%c0, %c0], %pad {in_bounds = [true, true]} : memref<8x32xf32, strided<[128, 1], offset: ?>>, vector<8x32xf32>
      vector.transfer_write %v, %panel[%c0, %c0, %c0] {in_bounds = [true, true]} : vector<8x32xf32>, memref<1x8x32xf32, strided<[512, 32, 1], offset: ?>>
    }
  }
  scf.for %i = %c0 to %c16 step %c8 {
    scf.for %p = %c0 to %c4 step %c1 {
      %acc0 = vector.transfer_read %C[%i, %p, %c0], %pad {in_bounds = [true]} : memref<16x4x32xf32>, vector<32xf32>
      %acc = scf.for %k = %c0 to %c16 step %c1 iter_args(%sum = %acc0) -> (vector<32xf32>) {
        %w = vector.transfer_read %buf[%p, %k, %c0], %pad {in_bounds = [true]} : memref<4x16x32xf32>, vector<32xf32>
        %next = arith.addf %sum, %w : vector<32xf32>
        scf.yield %next : vector<32xf32>
      }
      vector.transfer_write %acc, %C[%i, %p, %c0] {in_bounds = [true]} : vector<32xf32>, memref<16x4x32xf32>
    }
  } {loom.pack_in_first = 0 : i64}
  memref.dealloc %buf : memref<4x16x32xf32>
  return
}


func.func @ahead_only(%B: memref<16x128xf32>, %C: memref<16x4x32xf32>) {
  %pad = ub.poison : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %buf = memref.alloc() : memref<4x16x32xf32>
  scf.for %r = %c0 to %c16 step %c8 {
    scf.for %p = %c0 to %c4 step %c1 {
      %col = affine.apply affine_map<(d0) -> (d0 * 32)>(%p)
      %src = memref.subview %B[%r, %col] [8, 32] [1, 1] : memref<16x128xf32> to memref<8x32xf32, strided<[128, 1], offset: ?>>
      %panel = memref.subview %buf[%p, %r, 0] [1, 8, 32] [1, 1, 1] : memref<4x16x32xf32> to memref<1x8x32xf32, strided<[512, 32, 1], offset: ?>>
      %v = vector.transfer_read %src[%c0, %c0], %pad {in_bounds = [true, true]} : memref<8x32xf32, strided<[128, 1], offset: ?>>, vector<8x32xf32>
      vector.transfer_write %v, %panel[%c0, %c0, %c0] {in_bounds = [true, true]} : vector<8x32xf32>, memref<1x8x32xf32, strided<[512, 32, 1], offset: ?>>
    }
  }
  scf.for %i = %c0 to %c16 step %c8 {
    scf.for %p = %c0 to %c4 step %c1 {
      %acc0 = vector.transfer_read %C[%i, %p, %c0], %pad {in_bounds = [true]} : memref<16x4x32xf32>, vector<32xf32>
      %acc = scf.for %k = %c0 to %c16 step %c1 iter_args(%sum = %acc0) -> (vector<32xf32>) {
        %w = vector.transfer_read %buf[%p, %k, %c0], %pad {in_bounds = [true]} : memref<4x16x32xf32>, vector<32xf32>
        %next = arith.addf %sum, %w : vector<32xf32>
        scf.yield %next : vector<32xf32>
      }
      vector.transfer_write %acc, %C[%i, %p, %c0] {in_bounds = [true]} : vector<32xf32>, memref<16x4x32xf32>
    }
  } {loom.pack_in_first_ahead = 4 : i64}
  memref.dealloc %buf : memref<4x16x32xf32>
  return
}

// -----

// Left as it is: the loop writes the copy's source (B is also C here).
// CHECK-LABEL: func.func @writes_source(
// CHECK:         vector.transfer_read {{.*}} vector<8x32xf32>
func.func @writes_source(%B: memref<16x128xf32>) {
  %pad = ub.poison : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %buf = memref.alloc() : memref<4x16x32xf32>
  scf.for %r = %c0 to %c16 step %c8 {
    scf.for %p = %c0 to %c4 step %c1 {
      %col = affine.apply affine_map<(d0) -> (d0 * 32)>(%p)
      %src = memref.subview %B[%r, %col] [8, 32] [1, 1] : memref<16x128xf32> to memref<8x32xf32, strided<[128, 1], offset: ?>>
      %panel = memref.subview %buf[%p, %r, 0] [1, 8, 32] [1, 1, 1] : memref<4x16x32xf32> to memref<1x8x32xf32, strided<[512, 32, 1], offset: ?>>
      %v = vector.transfer_read %src[%c0, %c0], %pad {in_bounds = [true, true]} : memref<8x32xf32, strided<[128, 1], offset: ?>>, vector<8x32xf32>
      vector.transfer_write %v, %panel[%c0, %c0, %c0] {in_bounds = [true, true]} : vector<8x32xf32>, memref<1x8x32xf32, strided<[512, 32, 1], offset: ?>>
    }
  }
  scf.for %i = %c0 to %c16 step %c8 {
    scf.for %p = %c0 to %c4 step %c1 {
      %acc = scf.for %k = %c0 to %c16 step %c1 iter_args(%sum = %pad) -> (f32) {
        %w = vector.transfer_read %buf[%p, %k, %c0], %pad {in_bounds = [true]} : memref<4x16x32xf32>, vector<32xf32>
        %e = vector.extract %w[0] : f32 from vector<32xf32>
        %next = arith.addf %sum, %e : f32
        scf.yield %next : f32
      }
      memref.store %acc, %B[%i, %p] : memref<16x128xf32>
    }
  } {loom.pack_in_first = 1 : i64}
  memref.dealloc %buf : memref<4x16x32xf32>
  return
}
