// loom-prefetch-ahead: in an scf.for of step 1 marked loom.prefetch_ahead =
// D, the rows the body slices at the induction variable (not in the innermost
// dimension) are prefetched D iterations ahead, a line at a time, the row
// clamped to the loop's last; rows a multiple of 4 KiB apart go to L2,
// unless loom.prefetch_cache names the cache; a row not known to start on
// a line also has its last element prefetched.
// RUN: loom-opt %s --loom-prefetch-ahead --split-input-file | FileCheck %s

// A register tile's k loop reading a row of 32 floats of B (8000 bytes
// apart): lines at columns 0 and 16 and the last element (31), into L1.
// The rows of A (sliced along the innermost dimension) are not prefetched.
// CHECK-LABEL: func.func @tile_k_loop(
// CHECK-SAME:      %[[A:.*]]: memref<8x2000xf32>, %[[B:.*]]: memref<2000x2000xf32>
// CHECK:         %[[UB:.*]] = arith.constant 256 : index
// CHECK:         %[[LAST:.*]] = arith.subi %[[UB]], %{{.*}} : index
// CHECK:         scf.for %[[K:.*]] = %{{.*}} to %[[UB]] step
// CHECK:           %[[AHEAD:.*]] = arith.addi %[[K]], %{{.*}} : index
// CHECK:           %[[ROW:.*]] = arith.minsi %[[AHEAD]], %[[LAST]] : index
// CHECK-NOT:       memref.prefetch %[[A]]
// CHECK:           memref.prefetch %[[B]][%[[ROW]], %[[COL:.*]]], read, locality<3>, data
// CHECK:           %[[COL16:.*]] = arith.addi %[[COL]], %{{.*}} : index
// CHECK:           memref.prefetch %[[B]][%[[ROW]], %[[COL16]]], read, locality<3>, data
// CHECK:           %[[COL31:.*]] = arith.addi %[[COL]], %{{.*}} : index
// CHECK:           memref.prefetch %[[B]][%[[ROW]], %[[COL31]]], read, locality<3>, data
// CHECK-NOT:       memref.prefetch
// CHECK:           memref.subview %[[B]][%[[K]], %[[COL]]] [1, 32] [1, 1]
// CHECK:         } {loom.hoist_subsets}
// CHECK-NOT:     loom.prefetch_ahead
func.func @tile_k_loop(%A: memref<8x2000xf32>, %B: memref<2000x2000xf32>, %n: index,
                       %acc: vector<8x32xf32>) -> vector<8x32xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %pad = arith.constant 0.0 : f32
  %r = scf.for %k = %c0 to %c256 step %c1 iter_args(%sum = %acc) -> (vector<8x32xf32>) {
    %a = memref.subview %A[0, %k] [8, 1] [1, 1]
      : memref<8x2000xf32> to memref<8x1xf32, strided<[2000, 1], offset: ?>>
    %b = memref.subview %B[%k, %n] [1, 32] [1, 1]
      : memref<2000x2000xf32> to memref<1x32xf32, strided<[2000, 1], offset: ?>>
    %va = vector.transfer_read %a[%c0, %c0], %pad {in_bounds = [true, true]}
      : memref<8x1xf32, strided<[2000, 1], offset: ?>>, vector<8x1xf32>
    %vb = vector.transfer_read %b[%c0, %c0], %pad {in_bounds = [true]}
      : memref<1x32xf32, strided<[2000, 1], offset: ?>>, vector<32xf32>
    %ba = vector.broadcast %va : vector<8x1xf32> to vector<32x8x1xf32>
    %sa = vector.shape_cast %ba : vector<32x8x1xf32> to vector<32x8xf32>
    %ta = vector.transpose %sa, [1, 0] : vector<32x8xf32> to vector<8x32xf32>
    %bb = vector.broadcast %vb : vector<32xf32> to vector<8x32xf32>
    %m = arith.mulf %ta, %bb : vector<8x32xf32>
    %s = arith.addf %sum, %m : vector<8x32xf32>
    scf.yield %s : vector<8x32xf32>
  } {loom.hoist_subsets, loom.prefetch_ahead = 64 : i64}
  return %r : vector<8x32xf32>
}

// -----

// Rows 8 KiB apart (a multiple of a page) fall on the same L1 sets: into
// L2 (locality<2>). A row of 16 floats from column %n: its first and last
// elements (the alignment of the row is not known, and it may span two
// lines).
// CHECK-LABEL: func.func @page_rows(
// CHECK-SAME:      %[[B:.*]]: memref<2048x2048xf32>
// CHECK:         scf.for
// CHECK:           memref.prefetch %[[B]][%{{.*}}, %[[COL:.*]]], read, locality<2>, data
// CHECK:           %[[COL15:.*]] = arith.addi %[[COL]], %{{.*}} : index
// CHECK:           memref.prefetch %[[B]][%{{.*}}, %[[COL15]]], read, locality<2>, data
// CHECK-NOT:       memref.prefetch
func.func @page_rows(%B: memref<2048x2048xf32>, %n: index, %acc: vector<16xf32>) -> vector<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c512 = arith.constant 512 : index
  %pad = arith.constant 0.0 : f32
  %r = scf.for %k = %c0 to %c512 step %c1 iter_args(%sum = %acc) -> (vector<16xf32>) {
    %b = memref.subview %B[%k, %n] [1, 16] [1, 1]
      : memref<2048x2048xf32> to memref<1x16xf32, strided<[2048, 1], offset: ?>>
    %vb = vector.transfer_read %b[%c0, %c0], %pad {in_bounds = [true]}
      : memref<1x16xf32, strided<[2048, 1], offset: ?>>, vector<16xf32>
    %s = arith.addf %sum, %vb : vector<16xf32>
    scf.yield %s : vector<16xf32>
  } {loom.prefetch_ahead = 32 : i64}
  return %r : vector<16xf32>
}

// -----

// loom.prefetch_cache names the cache whatever the stride: 1, L1
// (locality<3>), for rows a page apart; 2, L2 (locality<2>), for rows 8000
// bytes apart. The marks are removed, a cache mark alone too.
// CHECK-LABEL: func.func @named_cache(
// CHECK-SAME:      %[[P:.*]]: memref<1024x1024xf32>, %[[Q:.*]]: memref<2000x2000xf32>
// CHECK:         scf.for
// CHECK:           memref.prefetch %[[P]][%{{.*}}, %{{.*}}], read, locality<3>, data
// CHECK-NOT:       locality<2>
// CHECK:         } {loom.hoist_subsets}
// CHECK:         scf.for
// CHECK:           memref.prefetch %[[Q]][%{{.*}}, %{{.*}}], read, locality<2>, data
// CHECK-NOT:       locality<3>
// CHECK:         scf.for
// CHECK-NOT:       memref.prefetch
// CHECK-NOT:     loom.prefetch
func.func @named_cache(%P: memref<1024x1024xf32>, %Q: memref<2000x2000xf32>,
                       %acc: vector<16xf32>) -> vector<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c512 = arith.constant 512 : index
  %pad = arith.constant 0.0 : f32
  %r = scf.for %k = %c0 to %c512 step %c1 iter_args(%sum = %acc) -> (vector<16xf32>) {
    %b = memref.subview %P[%k, 0] [1, 16] [1, 1]
      : memref<1024x1024xf32> to memref<1x16xf32, strided<[1024, 1], offset: ?>>
    %vb = vector.transfer_read %b[%c0, %c0], %pad {in_bounds = [true]}
      : memref<1x16xf32, strided<[1024, 1], offset: ?>>, vector<16xf32>
    %s = arith.addf %sum, %vb : vector<16xf32>
    scf.yield %s : vector<16xf32>
  } {loom.hoist_subsets, loom.prefetch_ahead = 8 : i64, loom.prefetch_cache = 1 : i64}
  %q = scf.for %k = %c0 to %c512 step %c1 iter_args(%sum = %r) -> (vector<16xf32>) {
    %b = memref.subview %Q[%k, 0] [1, 16] [1, 1]
      : memref<2000x2000xf32> to memref<1x16xf32, strided<[2000, 1], offset: ?>>
    %vb = vector.transfer_read %b[%c0, %c0], %pad {in_bounds = [true]}
      : memref<1x16xf32, strided<[2000, 1], offset: ?>>, vector<16xf32>
    %s = arith.addf %sum, %vb : vector<16xf32>
    scf.yield %s : vector<16xf32>
  } {loom.prefetch_ahead = 8 : i64, loom.prefetch_cache = 2 : i64}
  %t = scf.for %k = %c0 to %c512 step %c1 iter_args(%sum = %q) -> (vector<16xf32>) {
    %b = memref.subview %Q[%k, 0] [1, 16] [1, 1]
      : memref<2000x2000xf32> to memref<1x16xf32, strided<[2000, 1], offset: ?>>
    %vb = vector.transfer_read %b[%c0, %c0], %pad {in_bounds = [true]}
      : memref<1x16xf32, strided<[2000, 1], offset: ?>>, vector<16xf32>
    %s = arith.addf %sum, %vb : vector<16xf32>
    scf.yield %s : vector<16xf32>
  } {loom.prefetch_cache = 1 : i64}
  return %t : vector<16xf32>
}

// -----

// With loom.prefetch_span = S (bytes), rows a stride apart are prefetched
// at most S / stride iterations ahead: 512 KiB over rows of 16 KiB is 32
// rows of %B (not 64); rows of 8000 bytes stay at 64 (65 would span S).
// Both marks are removed.
// CHECK-LABEL: func.func @span(
// CHECK-SAME:      %[[A:.*]]: memref<64x2000xf32>, %[[B:.*]]: memref<4096x4096xf32>
// CHECK:         scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step
// CHECK-DAG:       %[[AHEAD64:.*]] = arith.addi %[[K]], %c64 : index
// CHECK-DAG:       %[[ROW64:.*]] = arith.minsi %[[AHEAD64]], %{{.*}} : index
// CHECK-DAG:       %[[AHEAD32:.*]] = arith.addi %[[K]], %c32 : index
// CHECK-DAG:       %[[ROW32:.*]] = arith.minsi %[[AHEAD32]], %{{.*}} : index
// CHECK-DAG:       memref.prefetch %[[A]][%[[ROW64]], %{{.*}}], read, locality<3>, data
// CHECK-DAG:       memref.prefetch %[[B]][%[[ROW32]], %{{.*}}], read, locality<2>, data
// CHECK:         } {loom.hoist_subsets}
// CHECK-NOT:     loom.prefetch_span
func.func @span(%A: memref<64x2000xf32>, %B: memref<4096x4096xf32>,
                %acc: vector<16xf32>) -> vector<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c512 = arith.constant 512 : index
  %pad = arith.constant 0.0 : f32
  %r = scf.for %k = %c0 to %c512 step %c1 iter_args(%sum = %acc) -> (vector<16xf32>) {
    %a = memref.subview %A[%k, 0] [1, 16] [1, 1]
      : memref<64x2000xf32> to memref<1x16xf32, strided<[2000, 1], offset: ?>>
    %b = memref.subview %B[%k, 0] [1, 16] [1, 1]
      : memref<4096x4096xf32> to memref<1x16xf32, strided<[4096, 1], offset: ?>>
    %va = vector.transfer_read %a[%c0, %c0], %pad {in_bounds = [true]}
      : memref<1x16xf32, strided<[2000, 1], offset: ?>>, vector<16xf32>
    %vb = vector.transfer_read %b[%c0, %c0], %pad {in_bounds = [true]}
      : memref<1x16xf32, strided<[4096, 1], offset: ?>>, vector<16xf32>
    %s = arith.addf %va, %vb : vector<16xf32>
    %t = arith.addf %sum, %s : vector<16xf32>
    scf.yield %t : vector<16xf32>
  } {loom.hoist_subsets, loom.prefetch_ahead = 64 : i64, loom.prefetch_span = 524288 : i64}
  return %r : vector<16xf32>
}

// -----

// A loop of 48 iterations, fewer than D = 64: its rows of 16 KiB are 32
// iterations ahead within the span of 512 KiB, and prefetched; a loop
// with a span and no distance is left as it is, its mark removed.
// CHECK-LABEL: func.func @span_short_loop(
// CHECK-SAME:      %[[B:.*]]: memref<4096x4096xf32>
// CHECK:         scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step
// CHECK:           %[[AHEAD:.*]] = arith.addi %[[K]], %c32 : index
// CHECK:           %[[ROW:.*]] = arith.minsi %[[AHEAD]], %{{.*}} : index
// CHECK:           memref.prefetch %[[B]][%[[ROW]], %{{.*}}], read, locality<2>, data
// CHECK:         scf.for
// CHECK-NOT:       memref.prefetch
// CHECK-NOT:     loom.prefetch
func.func @span_short_loop(%B: memref<4096x4096xf32>, %acc: vector<16xf32>) -> vector<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c48 = arith.constant 48 : index
  %pad = arith.constant 0.0 : f32
  %r = scf.for %k = %c0 to %c48 step %c1 iter_args(%sum = %acc) -> (vector<16xf32>) {
    %b = memref.subview %B[%k, 0] [1, 16] [1, 1]
      : memref<4096x4096xf32> to memref<1x16xf32, strided<[4096, 1], offset: ?>>
    %vb = vector.transfer_read %b[%c0, %c0], %pad {in_bounds = [true]}
      : memref<1x16xf32, strided<[4096, 1], offset: ?>>, vector<16xf32>
    %s = arith.addf %sum, %vb : vector<16xf32>
    scf.yield %s : vector<16xf32>
  } {loom.prefetch_ahead = 64 : i64, loom.prefetch_span = 524288 : i64}
  %r2 = scf.for %k = %c0 to %c48 step %c1 iter_args(%sum = %r) -> (vector<16xf32>) {
    %b = memref.subview %B[%k, 0] [1, 16] [1, 1]
      : memref<4096x4096xf32> to memref<1x16xf32, strided<[4096, 1], offset: ?>>
    %vb = vector.transfer_read %b[%c0, %c0], %pad {in_bounds = [true]}
      : memref<1x16xf32, strided<[4096, 1], offset: ?>>, vector<16xf32>
    %s = arith.addf %sum, %vb : vector<16xf32>
    scf.yield %s : vector<16xf32>
  } {loom.prefetch_span = 524288 : i64}
  return %r2 : vector<16xf32>
}

// -----

// Left as they are, the mark removed: a loop of at most D iterations (a K
// block of 8 rows), a distance of 0, a step other than 1, and rows sliced
// with more than one row.
// CHECK-LABEL: func.func @left_alone(
// CHECK-NOT:     memref.prefetch
// CHECK-NOT:     loom.prefetch_ahead
func.func @left_alone(%B: memref<2000x2000xf32>, %acc: vector<32xf32>) -> vector<32xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c256 = arith.constant 256 : index
  %pad = arith.constant 0.0 : f32
  %r0 = scf.for %k = %c0 to %c8 step %c1 iter_args(%sum = %acc) -> (vector<32xf32>) {
    %b = memref.subview %B[%k, 0] [1, 32] [1, 1]
      : memref<2000x2000xf32> to memref<1x32xf32, strided<[2000, 1], offset: ?>>
    %vb = vector.transfer_read %b[%c0, %c0], %pad {in_bounds = [true]}
      : memref<1x32xf32, strided<[2000, 1], offset: ?>>, vector<32xf32>
    %s = arith.addf %sum, %vb : vector<32xf32>
    scf.yield %s : vector<32xf32>
  } {loom.prefetch_ahead = 64 : i64}
  %r1 = scf.for %k = %c0 to %c256 step %c1 iter_args(%sum = %r0) -> (vector<32xf32>) {
    %b = memref.subview %B[%k, 0] [1, 32] [1, 1]
      : memref<2000x2000xf32> to memref<1x32xf32, strided<[2000, 1], offset: ?>>
    %vb = vector.transfer_read %b[%c0, %c0], %pad {in_bounds = [true]}
      : memref<1x32xf32, strided<[2000, 1], offset: ?>>, vector<32xf32>
    %s = arith.addf %sum, %vb : vector<32xf32>
    scf.yield %s : vector<32xf32>
  } {loom.prefetch_ahead = 0 : i64}
  %r2 = scf.for %k = %c0 to %c256 step %c2 iter_args(%sum = %r1) -> (vector<32xf32>) {
    %b = memref.subview %B[%k, 0] [1, 32] [1, 1]
      : memref<2000x2000xf32> to memref<1x32xf32, strided<[2000, 1], offset: ?>>
    %vb = vector.transfer_read %b[%c0, %c0], %pad {in_bounds = [true]}
      : memref<1x32xf32, strided<[2000, 1], offset: ?>>, vector<32xf32>
    %s = arith.addf %sum, %vb : vector<32xf32>
    scf.yield %s : vector<32xf32>
  } {loom.prefetch_ahead = 16 : i64}
  %r3 = scf.for %k = %c0 to %c256 step %c1 iter_args(%sum = %r2) -> (vector<32xf32>) {
    %b = memref.subview %B[%k, 0] [2, 32] [1, 1]
      : memref<2000x2000xf32> to memref<2x32xf32, strided<[2000, 1], offset: ?>>
    %vb2 = vector.transfer_read %b[%c0, %c0], %pad {in_bounds = [true, true]}
      : memref<2x32xf32, strided<[2000, 1], offset: ?>>, vector<2x32xf32>
    %vb = vector.extract %vb2[0] : vector<32xf32> from vector<2x32xf32>
    %s = arith.addf %sum, %vb : vector<32xf32>
    scf.yield %s : vector<32xf32>
  } {loom.prefetch_ahead = 16 : i64}
  return %r3 : vector<32xf32>
}

// -----

// A row the loop only writes (the packed copy of the row it reads, in the
// first tile of loom-pack-in-first-tile) is not prefetched; the row it
// reads is (two lines: it starts on one).
// CHECK-LABEL: func.func @written_row(
// CHECK-SAME:      %[[B:.*]]: memref<2000x2000xf32>, %[[P:.*]]: memref<256x32xf32>
// CHECK:         scf.for
// CHECK-COUNT-2:   memref.prefetch %[[B]][
// CHECK-NOT:       memref.prefetch
// CHECK:           scf.yield
func.func @written_row(%B: memref<2000x2000xf32>, %P: memref<256x32xf32>, %acc: vector<32xf32>) -> vector<32xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %pad = arith.constant 0.0 : f32
  %r = scf.for %k = %c0 to %c256 step %c1 iter_args(%sum = %acc) -> (vector<32xf32>) {
    %b = memref.subview %B[%k, 0] [1, 32] [1, 1]
      : memref<2000x2000xf32> to memref<1x32xf32, strided<[2000, 1], offset: ?>>
    %p = memref.subview %P[%k, 0] [1, 32] [1, 1]
      : memref<256x32xf32> to memref<1x32xf32, strided<[32, 1], offset: ?>>
    %vb = vector.transfer_read %b[%c0, %c0], %pad {in_bounds = [true]}
      : memref<1x32xf32, strided<[2000, 1], offset: ?>>, vector<32xf32>
    vector.transfer_write %vb, %p[%c0, %c0] {in_bounds = [true]}
      : vector<32xf32>, memref<1x32xf32, strided<[32, 1], offset: ?>>
    %s = arith.addf %sum, %vb : vector<32xf32>
    scf.yield %s : vector<32xf32>
  } {loom.prefetch_ahead = 16 : i64}
  return %r : vector<32xf32>
}

// -----

// A loop over i32 slices its rows at a cast of the induction variable: left
// as it is.
// CHECK-LABEL: func.func @i32_loop(
// CHECK-NOT:     memref.prefetch
// CHECK-NOT:     loom.prefetch_ahead
func.func @i32_loop(%B: memref<2000x2000xf32>, %acc: vector<32xf32>) -> vector<32xf32> {
  %c0 = arith.constant 0 : index
  %lb = arith.constant 0 : i32
  %ub = arith.constant 256 : i32
  %st = arith.constant 1 : i32
  %pad = arith.constant 0.0 : f32
  %r = scf.for %k = %lb to %ub step %st iter_args(%sum = %acc) -> (vector<32xf32>) : i32 {
    %ki = arith.index_cast %k : i32 to index
    %b = memref.subview %B[%ki, 0] [1, 32] [1, 1]
      : memref<2000x2000xf32> to memref<1x32xf32, strided<[2000, 1], offset: ?>>
    %vb = vector.transfer_read %b[%c0, %c0], %pad {in_bounds = [true]}
      : memref<1x32xf32, strided<[2000, 1], offset: ?>>, vector<32xf32>
    %s = arith.addf %sum, %vb : vector<32xf32>
    scf.yield %s : vector<32xf32>
  } {loom.prefetch_ahead = 16 : i64}
  return %r : vector<32xf32>
}

// -----

// Rows that start on a line (64 bytes) need no prefetch of their last
// element: B's rows 3072 bytes apart, the row's first column a multiple of
// 32 (the panels' loop), and a part of B whose first column is a multiple of
// 256 (a subview at the cache tiles' loop): two lines of a row of 32
// floats.
// CHECK-LABEL: func.func @aligned_rows(
// CHECK-SAME:      %[[B:.*]]: memref<1024x768xf32>
// CHECK:         scf.for %[[C:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:           %[[PART:.*]] = memref.subview %[[B]]
// CHECK:           scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step
// CHECK:             scf.for
// CHECK:               memref.prefetch %[[PART]][%{{.*}}, %[[J]]]
// CHECK:               %[[J16:.*]] = arith.addi %[[J]], %{{.*}} : index
// CHECK:               memref.prefetch %[[PART]][%{{.*}}, %[[J16]]]
// CHECK-NOT:           memref.prefetch
// CHECK:               scf.yield
func.func @aligned_rows(%B: memref<1024x768xf32>, %acc: vector<32xf32>) -> vector<32xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  %c768 = arith.constant 768 : index
  %c1024 = arith.constant 1024 : index
  %pad = arith.constant 0.0 : f32
  %r = scf.for %c = %c0 to %c768 step %c256 iter_args(%s0 = %acc) -> (vector<32xf32>) {
    %part = memref.subview %B[0, %c] [1024, 256] [1, 1]
      : memref<1024x768xf32> to memref<1024x256xf32, strided<[768, 1], offset: ?>>
    %r1 = scf.for %j = %c0 to %c256 step %c32 iter_args(%s1 = %s0) -> (vector<32xf32>) {
      %r2 = scf.for %k = %c0 to %c1024 step %c1 iter_args(%sum = %s1) -> (vector<32xf32>) {
        %b = memref.subview %part[%k, %j] [1, 32] [1, 1]
          : memref<1024x256xf32, strided<[768, 1], offset: ?>> to memref<1x32xf32, strided<[768, 1], offset: ?>>
        %vb = vector.transfer_read %b[%c0, %c0], %pad {in_bounds = [true]}
          : memref<1x32xf32, strided<[768, 1], offset: ?>>, vector<32xf32>
        %s = arith.addf %sum, %vb : vector<32xf32>
        scf.yield %s : vector<32xf32>
      } {loom.prefetch_ahead = 12 : i64, loom.prefetch_cache = 1 : i64}
      scf.yield %r2 : vector<32xf32>
    }
    scf.yield %r1 : vector<32xf32>
  }
  return %r : vector<32xf32>
}

// -----

// Rows 4000 bytes apart start on a line only every 16 rows: the last
// element of each is prefetched too, also from column 0.
// CHECK-LABEL: func.func @unaligned_stride(
// CHECK:         scf.for
// CHECK-COUNT-3:   memref.prefetch
// CHECK-NOT:       memref.prefetch
// CHECK:           scf.yield
func.func @unaligned_stride(%B: memref<1000x1000xf32>, %acc: vector<32xf32>) -> vector<32xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1000 = arith.constant 1000 : index
  %pad = arith.constant 0.0 : f32
  %r = scf.for %k = %c0 to %c1000 step %c1 iter_args(%sum = %acc) -> (vector<32xf32>) {
    %b = memref.subview %B[%k, 0] [1, 32] [1, 1]
      : memref<1000x1000xf32> to memref<1x32xf32, strided<[1000, 1], offset: ?>>
    %vb = vector.transfer_read %b[%c0, %c0], %pad {in_bounds = [true]}
      : memref<1x32xf32, strided<[1000, 1], offset: ?>>, vector<32xf32>
    %s = arith.addf %sum, %vb : vector<32xf32>
    scf.yield %s : vector<32xf32>
  } {loom.prefetch_ahead = 12 : i64, loom.prefetch_cache = 1 : i64}
  return %r : vector<32xf32>
}

// -----

// A part of B from a column the subview's offset does not tell (an
// argument): its rows may start anywhere in a line.
// CHECK-LABEL: func.func @unknown_part(
// CHECK:         scf.for
// CHECK-COUNT-3:   memref.prefetch
// CHECK-NOT:       memref.prefetch
// CHECK:           scf.yield
func.func @unknown_part(%B: memref<1024x768xf32>, %n: index, %acc: vector<32xf32>) -> vector<32xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1024 = arith.constant 1024 : index
  %pad = arith.constant 0.0 : f32
  %part = memref.subview %B[0, %n] [1024, 256] [1, 1]
    : memref<1024x768xf32> to memref<1024x256xf32, strided<[768, 1], offset: ?>>
  %r = scf.for %k = %c0 to %c1024 step %c1 iter_args(%sum = %acc) -> (vector<32xf32>) {
    %b = memref.subview %part[%k, 0] [1, 32] [1, 1]
      : memref<1024x256xf32, strided<[768, 1], offset: ?>> to memref<1x32xf32, strided<[768, 1], offset: ?>>
    %vb = vector.transfer_read %b[%c0, %c0], %pad {in_bounds = [true]}
      : memref<1x32xf32, strided<[768, 1], offset: ?>>, vector<32xf32>
    %s = arith.addf %sum, %vb : vector<32xf32>
    scf.yield %s : vector<32xf32>
  } {loom.prefetch_ahead = 12 : i64, loom.prefetch_cache = 1 : i64}
  return %r : vector<32xf32>
}

// -----

// loom.prefetch_outer_ahead = D: what each vector read of the marked loop
// loads is prefetched as the read will load it D iterations of the
// enclosing loop ahead (its induction variable moved on, clamped to the
// last iteration): a softmax's exp map over a row of 4096 floats, one
// scf.forall iteration per row, prefetches the next row's 64 floats, four
// lines, as it reads this row's. The write into the output row and a read
// that does not change with the row (%table) get no prefetch; nor does the
// max loop, which is not marked.
// CHECK-LABEL: func.func @next_row(
// CHECK-SAME:      %[[IN:[^:]*]]: memref<4096x4096xf32>, %[[OUT:[^:]*]]: memref<4096x4096xf32>, %[[TABLE:[^:]*]]: memref<64xf32>
// CHECK:         scf.forall (%[[I:.*]]) in (4096) {
// CHECK:           %[[NEXT:.*]] = arith.addi %[[I]], %{{.*}} : index
// CHECK:           %[[AHEAD:.*]] = arith.minsi %[[NEXT]], %{{.*}} : index
// CHECK:           scf.for
// CHECK-NOT:         memref.prefetch
// CHECK:           scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NOT:         memref.prefetch %[[TABLE]]
// CHECK:             %[[ROW:.*]] = memref.subview %[[IN]][%[[AHEAD]], 0] [1, 4096] [1, 1]
// CHECK:             %[[PIECE:.*]] = memref.subview %[[ROW]][0, %[[J]]] [1, 64] [1, 1]
// CHECK:             memref.prefetch %[[PIECE]][%[[C0:.*]], %[[C0]]], read, locality<3>, data
// CHECK:             memref.prefetch %[[PIECE]][%[[C0]], %{{.*}}], read, locality<3>, data
// CHECK:             memref.prefetch %[[PIECE]][%[[C0]], %{{.*}}], read, locality<3>, data
// CHECK:             memref.prefetch %[[PIECE]][%[[C0]], %{{.*}}], read, locality<3>, data
// CHECK-NOT:         memref.prefetch
// CHECK:             vector.transfer_read
// CHECK:           }
// CHECK-NOT:     loom.prefetch_outer_ahead
func.func @next_row(%in: memref<4096x4096xf32>, %out: memref<4096x4096xf32>,
                    %table: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c4096 = arith.constant 4096 : index
  %pad = arith.constant 0.0 : f32
  %init = arith.constant dense<0.0> : vector<1x64xf32>
  scf.forall (%i) in (4096) {
    %row = memref.subview %in[%i, 0] [1, 4096] [1, 1]
      : memref<4096x4096xf32> to memref<1x4096xf32, strided<[4096, 1], offset: ?>>
    %orow = memref.subview %out[%i, 0] [1, 4096] [1, 1]
      : memref<4096x4096xf32> to memref<1x4096xf32, strided<[4096, 1], offset: ?>>
    %max = scf.for %j = %c0 to %c4096 step %c64 iter_args(%m = %init) -> (vector<1x64xf32>) {
      %piece = memref.subview %row[0, %j] [1, 64] [1, 1]
        : memref<1x4096xf32, strided<[4096, 1], offset: ?>> to memref<1x64xf32, strided<[4096, 1], offset: ?>>
      %v = vector.transfer_read %piece[%c0, %c0], %pad {in_bounds = [true, true]}
        : memref<1x64xf32, strided<[4096, 1], offset: ?>>, vector<1x64xf32>
      %n = arith.maximumf %v, %m : vector<1x64xf32>
      scf.yield %n : vector<1x64xf32>
    }
    scf.for %j = %c0 to %c4096 step %c64 {
      %t = vector.transfer_read %table[%c0], %pad {in_bounds = [true]}
        : memref<64xf32>, vector<64xf32>
      %piece = memref.subview %row[0, %j] [1, 64] [1, 1]
        : memref<1x4096xf32, strided<[4096, 1], offset: ?>> to memref<1x64xf32, strided<[4096, 1], offset: ?>>
      %v = vector.transfer_read %piece[%c0, %c0], %pad {in_bounds = [true, true]}
        : memref<1x64xf32, strided<[4096, 1], offset: ?>>, vector<1x64xf32>
      %e = arith.subf %v, %max : vector<1x64xf32>
      %opiece = memref.subview %orow[0, %j] [1, 64] [1, 1]
        : memref<1x4096xf32, strided<[4096, 1], offset: ?>> to memref<1x64xf32, strided<[4096, 1], offset: ?>>
      vector.transfer_write %e, %opiece[%c0, %c0] {in_bounds = [true, true]}
        : vector<1x64xf32>, memref<1x64xf32, strided<[4096, 1], offset: ?>>
    } {loom.prefetch_outer_ahead = 1 : i64}
  }
  return
}

// -----

// A step of two rows (an scf.for over steps, the rows at 2 * i): the
// vector of two rows gets four prefetches per row, at the step D = 2
// steps on (at most the last step, 98: ub - 1 - (ub - 1 - lb) mod step,
// not row 99, whose step would end past the rows), into L2
// (loom.prefetch_cache = 2); a distance of 0 prefetches nothing and the
// mark goes.
// CHECK-LABEL: func.func @two_rows(
// CHECK-SAME:      %[[IN:[^:]*]]: memref<100x128xf32>
// CHECK:         scf.for %[[I:.*]] = %[[LB:.*]] to %[[UB:.*]] step %[[STEP:[^ ]*]] {
// CHECK:           %[[BY:.*]] = arith.muli %[[STEP]], %{{.*}} : index
// CHECK:           %[[NEXT:.*]] = arith.addi %[[I]], %[[BY]] : index
// CHECK:           %[[BEFORE_END:.*]] = arith.subi %[[UB]], %{{.*}} : index
// CHECK:           %[[SPAN:.*]] = arith.subi %[[BEFORE_END]], %[[LB]] : index
// CHECK:           %[[PAST:.*]] = arith.remui %[[SPAN]], %[[STEP]] : index
// CHECK:           %[[LAST:.*]] = arith.subi %[[BEFORE_END]], %[[PAST]] : index
// CHECK:           %[[AHEAD:.*]] = arith.minsi %[[NEXT]], %[[LAST]] : index
// CHECK:           scf.for
// CHECK:             %[[ROWS:.*]] = memref.subview %[[IN]][%[[AHEAD]], %{{.*}}] [2, 64] [1, 1]
// CHECK-COUNT-8:     memref.prefetch %[[ROWS]][%{{.*}}, %{{.*}}], read, locality<2>, data
// CHECK-NOT:         memref.prefetch
// CHECK:           } {other}
// CHECK:         scf.for
// CHECK-NOT:       memref.prefetch
// CHECK-NOT:     loom.prefetch
func.func @two_rows(%in: memref<100x128xf32>, %acc: vector<2x64xf32>) -> vector<2x64xf32> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c64 = arith.constant 64 : index
  %c100 = arith.constant 100 : index
  %c128 = arith.constant 128 : index
  %pad = arith.constant 0.0 : f32
  scf.for %i = %c0 to %c100 step %c2 {
    %r = scf.for %j = %c0 to %c128 step %c64 iter_args(%s = %acc) -> (vector<2x64xf32>) {
      %rows = memref.subview %in[%i, %j] [2, 64] [1, 1]
        : memref<100x128xf32> to memref<2x64xf32, strided<[128, 1], offset: ?>>
      %v = vector.transfer_read %rows[%c0, %c0], %pad {in_bounds = [true, true]}
        : memref<2x64xf32, strided<[128, 1], offset: ?>>, vector<2x64xf32>
      %n = arith.addf %v, %s : vector<2x64xf32>
      scf.yield %n : vector<2x64xf32>
    } {loom.prefetch_outer_ahead = 2 : i64, loom.prefetch_cache = 2 : i64, other}
  }
  scf.for %i = %c0 to %c100 step %c2 {
    %r = scf.for %j = %c0 to %c128 step %c64 iter_args(%s = %acc) -> (vector<2x64xf32>) {
      %rows = memref.subview %in[%i, %j] [2, 64] [1, 1]
        : memref<100x128xf32> to memref<2x64xf32, strided<[128, 1], offset: ?>>
      %v = vector.transfer_read %rows[%c0, %c0], %pad {in_bounds = [true, true]}
        : memref<2x64xf32, strided<[128, 1], offset: ?>>, vector<2x64xf32>
      %n = arith.addf %v, %s : vector<2x64xf32>
      scf.yield %n : vector<2x64xf32>
    } {loom.prefetch_outer_ahead = 0 : i64}
  }
  return %acc : vector<2x64xf32>
}
