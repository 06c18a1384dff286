// loom-prefetch-next-iteration: in an scf.for marked loom.prefetch_next, the
// blocks the next iteration reads (subviews that follow the induction
// variable) are prefetched into L2, one line at a time, spread over the
// busiest innermost loop; the largest blocks first, within the byte budget.
// RUN: loom-opt %s --loom-prefetch-next-iteration --split-input-file --verify-diagnostics | FileCheck %s

// A K loop that copies a 16 x 64 block of B (4 KiB: 64 lines) and reads a
// 4 x 16 block of A (256 bytes: 4 lines) while 4 x 64 = 256 iterations of
// its innermost loop run: a line of B every 4 iterations, of A every 64;
// the next K block is clamped to the last one.
// CHECK-LABEL: func.func @k_blocks(
// CHECK-SAME:      %[[A:.*]]: memref<4x256xf32>, %[[B:.*]]: memref<256x64xf32>
// CHECK:         scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %[[C16:.*]] {
// CHECK:           %[[SUM:.*]] = arith.addi %[[K]], %{{.*}} : index
// CHECK:           %[[NEXT:.*]] = arith.minsi %[[SUM]], %{{.*}} : index
// CHECK:           %[[NB:.*]] = memref.subview %[[B]][%[[NEXT]], 0] [16, 64] [1, 1]
// CHECK:           %[[NA:.*]] = memref.subview %[[A]][0, %[[NEXT]]] [4, 16] [1, 1]
// CHECK:           scf.for %[[I:.*]] =
// CHECK:             scf.for %[[J:.*]] =
// CHECK:               %[[LB:.*]] = affine.apply #{{.*}}(%[[J]], %[[I]])
// CHECK:               scf.if %{{.*}} {
// CHECK:                 memref.prefetch %[[NB]][%{{.*}}, %{{.*}}], read, locality<2>, data
// CHECK:               }
// CHECK:               scf.if %{{.*}} {
// CHECK:                 memref.prefetch %[[NA]][%{{.*}}, %{{.*}}], read, locality<2>, data
// CHECK:               }
// CHECK:               vector.load
// CHECK-NOT:       loom.prefetch_next
func.func @k_blocks(%A: memref<4x256xf32>, %B: memref<256x64xf32>, %buf: memref<16x64xf32>,
                    %C: memref<4x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  scf.for %k = %c0 to %c256 step %c16 {
    %a = memref.subview %A[0, %k] [4, 16] [1, 1] : memref<4x256xf32> to memref<4x16xf32, strided<[256, 1], offset: ?>>
    %b = memref.subview %B[%k, 0] [16, 64] [1, 1] : memref<256x64xf32> to memref<16x64xf32, strided<[64, 1], offset: ?>>
    memref.copy %b, %buf : memref<16x64xf32, strided<[64, 1], offset: ?>> to memref<16x64xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      scf.for %j = %c0 to %c64 step %c1 {
        %x = vector.load %buf[%c0, %j] : memref<16x64xf32>, vector<1xf32>
        %y = memref.load %a[%i, %c0] : memref<4x16xf32, strided<[256, 1], offset: ?>>
        vector.store %x, %C[%i, %j] : memref<4x64xf32>, vector<1xf32>
      }
    }
  } {loom.prefetch_next}
  return
}

// -----

// A budget of 4 KiB takes B's block (4 KiB, the largest) and leaves A's;
// a budget of 0 turns the prefetch off.
// CHECK-LABEL: func.func @budget(
// CHECK:         scf.for
// CHECK:           memref.subview %{{.*}} [16, 64] [1, 1]
// CHECK:           memref.prefetch
// CHECK-NOT:       memref.prefetch
// CHECK:         } {other}
// CHECK:         scf.for
// CHECK-NOT:       memref.prefetch
// CHECK:         return
func.func @budget(%A: memref<4x256xf32>, %B: memref<256x64xf32>, %buf: memref<16x64xf32>,
                  %C: memref<4x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  scf.for %k = %c0 to %c256 step %c16 {
    %a = memref.subview %A[0, %k] [4, 16] [1, 1] : memref<4x256xf32> to memref<4x16xf32, strided<[256, 1], offset: ?>>
    %b = memref.subview %B[%k, 0] [16, 64] [1, 1] : memref<256x64xf32> to memref<16x64xf32, strided<[64, 1], offset: ?>>
    memref.copy %b, %buf : memref<16x64xf32, strided<[64, 1], offset: ?>> to memref<16x64xf32>
    scf.for %j = %c0 to %c64 step %c1 {
      %y = memref.load %a[%c0, %c0] : memref<4x16xf32, strided<[256, 1], offset: ?>>
      memref.store %y, %C[%c0, %j] : memref<4x64xf32>
    }
  } {loom.prefetch_next = 4096 : i64, other}
  scf.for %k = %c0 to %c256 step %c16 {
    %b = memref.subview %B[%k, 0] [16, 64] [1, 1] : memref<256x64xf32> to memref<16x64xf32, strided<[64, 1], offset: ?>>
    memref.copy %b, %buf : memref<16x64xf32, strided<[64, 1], offset: ?>> to memref<16x64xf32>
    scf.for %j = %c0 to %c64 step %c1 {
      %z = memref.load %buf[%c0, %j] : memref<16x64xf32>
      memref.store %z, %C[%c0, %j] : memref<4x64xf32>
    }
  } {loom.prefetch_next = 0 : i64}
  return
}

// -----

// A loop with dynamic bounds: no prefetch, no diagnostic (the mark is a
// hint), the mark removed.
// CHECK-LABEL: func.func @dynamic(
// CHECK-NOT:     memref.prefetch
// CHECK-NOT:     loom.prefetch_next
func.func @dynamic(%B: memref<256x64xf32>, %buf: memref<16x64xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  scf.for %k = %c0 to %n step %c16 {
    %b = memref.subview %B[%k, 0] [16, 64] [1, 1] : memref<256x64xf32> to memref<16x64xf32, strided<[64, 1], offset: ?>>
    memref.copy %b, %buf : memref<16x64xf32, strided<[64, 1], offset: ?>> to memref<16x64xf32>
  } {loom.prefetch_next}
  return
}

// -----

// A loop over register tiles of 8 rows whose loop over panels slices the
// tile's rows of A (8 x 64 floats, 2 KiB: 32 lines) with the row offset
// alone: the slice is hoisted into the marked loop's body and prefetched
// for the next tile, a line every 4 of the 4 x 32 = 128 iterations of the
// panels' k loop.
// CHECK-LABEL: func.func @hoisted_rows(
// CHECK-SAME:      %[[A:.*]]: memref<64x64xf32>
// CHECK:         scf.for %[[M:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:           %[[NEXT:.*]] = arith.minsi
// CHECK:           %[[NA:.*]] = memref.subview %[[A]][%[[NEXT]], 0] [8, 64] [1, 1]
// CHECK:           %[[ROWS:.*]] = memref.subview %[[A]][%[[M]], 0] [8, 64] [1, 1]
// CHECK:           scf.for %[[N:.*]] =
// CHECK-NOT:         memref.subview %[[A]]
// CHECK:             scf.for %[[K:.*]] =
// CHECK:               scf.if %{{.*}} {
// CHECK:                 memref.prefetch %[[NA]][%{{.*}}, %{{.*}}], read, locality<2>, data
// CHECK:               }
// CHECK:               memref.load %[[ROWS]]
func.func @hoisted_rows(%A: memref<64x64xf32>, %B: memref<4x64x32xf32>, %C: memref<64x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  scf.for %m = %c0 to %c64 step %c8 {
    scf.for %n = %c0 to %c4 step %c1 {
      %rows = memref.subview %A[%m, 0] [8, 64] [1, 1] : memref<64x64xf32> to memref<8x64xf32, strided<[64, 1], offset: ?>>
      scf.for %k = %c0 to %c32 step %c1 {
        %a = memref.load %rows[%c0, %k] : memref<8x64xf32, strided<[64, 1], offset: ?>>
        %b = memref.load %B[%n, %k, %c0] : memref<4x64x32xf32>
        %p = arith.mulf %a, %b : f32
        memref.store %p, %C[%m, %n] : memref<64x128xf32>
      }
    }
  } {loom.prefetch_next}
  return
}

// -----

// The register tiles of C that the loop over panels writes, one 8 x 16 tile
// of each row tile per panel (its column offset a multiple of the panel's
// variable), add up to the row tile's 8 x 64 block of C: the next row
// tile's block is prefetched (besides its rows of A), so that the tiles'
// loads of C find it in L2 rather than in memory. The subview of the whole
// block is only the prefetch's: the tiles keep theirs.
// CHECK-LABEL: func.func @written_tiles(
// CHECK-SAME:      %[[A:.*]]: memref<64x32xf32>, %[[B:.*]]: memref<4x32x16xf32>, %[[C:.*]]: memref<64x64xf32>
// CHECK:         scf.for %[[M:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:           %[[NEXT:.*]] = arith.minsi
// CHECK-DAG:       %[[NA:.*]] = memref.subview %[[A]][%[[NEXT]], 0] [8, 32] [1, 1]
// CHECK-DAG:       %[[NC:.*]] = memref.subview %[[C]][%[[NEXT]], 0] [8, 64] [1, 1]
// CHECK-NOT:       memref.subview %[[C]][%[[M]], 0] [8, 64]
// CHECK:           scf.for %[[N:.*]] =
// CHECK:             %[[TILE:.*]] = memref.subview %[[C]][%[[M]], %{{.*}}] [8, 16] [1, 1]
// CHECK:             vector.transfer_read %[[TILE]]
// CHECK:             scf.for %[[K:.*]] =
// CHECK-DAG:           memref.prefetch %[[NC]][%{{.*}}, %{{.*}}], read, locality<2>, data
// CHECK-DAG:           memref.prefetch %[[NA]][%{{.*}}, %{{.*}}], read, locality<2>, data
// CHECK:             vector.transfer_write %{{.*}}, %[[TILE]]
func.func @written_tiles(%A: memref<64x32xf32>, %B: memref<4x32x16xf32>, %C: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  scf.for %m = %c0 to %c64 step %c8 {
    %rows = memref.subview %A[%m, 0] [8, 32] [1, 1] : memref<64x32xf32> to memref<8x32xf32, strided<[32, 1], offset: ?>>
    scf.for %n = %c0 to %c4 step %c1 {
      %col = affine.apply affine_map<(d0) -> (d0 * 16)>(%n)
      %tile = memref.subview %C[%m, %col] [8, 16] [1, 1] : memref<64x64xf32> to memref<8x16xf32, strided<[64, 1], offset: ?>>
      %init = vector.transfer_read %tile[%c0, %c0], %zero {in_bounds = [true, true]} : memref<8x16xf32, strided<[64, 1], offset: ?>>, vector<8x16xf32>
      %acc = scf.for %k = %c0 to %c32 step %c1 iter_args(%x = %init) -> (vector<8x16xf32>) {
        %a = memref.load %rows[%c0, %k] : memref<8x32xf32, strided<[32, 1], offset: ?>>
        %b = vector.load %B[%n, %k, %c0] : memref<4x32x16xf32>, vector<16xf32>
        %ab = vector.broadcast %a : f32 to vector<8x16xf32>
        %bb = vector.broadcast %b : vector<16xf32> to vector<8x16xf32>
        %y = vector.fma %ab, %bb, %x : vector<8x16xf32>
        scf.yield %y : vector<8x16xf32>
      }
      vector.transfer_write %acc, %tile[%c0, %c0] {in_bounds = [true, true]} : vector<8x16xf32>, memref<8x16xf32, strided<[64, 1], offset: ?>>
    }
  } {loom.prefetch_next}
  return
}

// -----

// Tiles that are only read, or written with gaps between them (16 columns
// every 32), are no block of the next iteration: nothing is prefetched.
// CHECK-LABEL: func.func @no_written_block(
// CHECK-NOT:     memref.prefetch
// CHECK:         return
func.func @no_written_block(%A: memref<64x64xf32>, %C: memref<64x64xf32>, %D: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  scf.for %m = %c0 to %c64 step %c8 {
    scf.for %n = %c0 to %c2 step %c1 {
      %col = affine.apply affine_map<(d0) -> (d0 * 32)>(%n)
      %read = memref.subview %A[%m, %col] [8, 16] [1, 1] : memref<64x64xf32> to memref<8x16xf32, strided<[64, 1], offset: ?>>
      %gapped = memref.subview %C[%m, %col] [8, 16] [1, 1] : memref<64x64xf32> to memref<8x16xf32, strided<[64, 1], offset: ?>>
      scf.for %k = %c0 to %c8 step %c1 {
        %x = vector.transfer_read %read[%k, %c0], %zero {in_bounds = [true]} : memref<8x16xf32, strided<[64, 1], offset: ?>>, vector<16xf32>
        vector.store %x, %D[%c0] : memref<16xf32>, vector<16xf32>
        vector.transfer_write %x, %gapped[%k, %c0] {in_bounds = [true]} : vector<16xf32>, memref<8x16xf32, strided<[64, 1], offset: ?>>
      }
    }
  } {loom.prefetch_next}
  return
}

// -----

// A block counts with the cache sets it falls on: 16 rows of 256 bytes,
// 4 KiB apart, cover 4 of a page's 64 line offsets, so its 4 KiB weigh as
// 64 KiB (prefetched, they would evict lines in use from a sixteenth of
// the sets): a budget of 65535 bytes leaves it, one of 65536 takes it. Rows
// 4160 bytes apart (1040 floats) shift by a line each and cover 19 line
// offsets: the same 4 KiB weigh 13797 bytes, within 16384.
// CHECK-LABEL: func.func @page_aliased_rows(
// CHECK:         scf.for
// CHECK-NOT:       memref.prefetch
// CHECK:         } {first}
// CHECK:         scf.for
// CHECK:           memref.prefetch
// CHECK:         } {second}
// CHECK:         scf.for
// CHECK:           memref.prefetch
// CHECK:         } {third}
func.func @page_aliased_rows(%B: memref<256x1024xf32>, %D: memref<256x1040xf32>,
                             %buf: memref<16x64xf32>, %C: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  scf.for %k = %c0 to %c256 step %c16 {
    %b = memref.subview %B[%k, 0] [16, 64] [1, 1] : memref<256x1024xf32> to memref<16x64xf32, strided<[1024, 1], offset: ?>>
    memref.copy %b, %buf : memref<16x64xf32, strided<[1024, 1], offset: ?>> to memref<16x64xf32>
    scf.for %j = %c0 to %c64 step %c1 {
      %z = memref.load %buf[%c0, %j] : memref<16x64xf32>
      memref.store %z, %C[%j] : memref<64xf32>
    }
  } {loom.prefetch_next = 65535 : i64, first}
  scf.for %k = %c0 to %c256 step %c16 {
    %b = memref.subview %B[%k, 0] [16, 64] [1, 1] : memref<256x1024xf32> to memref<16x64xf32, strided<[1024, 1], offset: ?>>
    memref.copy %b, %buf : memref<16x64xf32, strided<[1024, 1], offset: ?>> to memref<16x64xf32>
    scf.for %j = %c0 to %c64 step %c1 {
      %z = memref.load %buf[%c0, %j] : memref<16x64xf32>
      memref.store %z, %C[%j] : memref<64xf32>
    }
  } {loom.prefetch_next = 65536 : i64, second}
  scf.for %k = %c0 to %c256 step %c16 {
    %d = memref.subview %D[%k, 0] [16, 64] [1, 1] : memref<256x1040xf32> to memref<16x64xf32, strided<[1040, 1], offset: ?>>
    memref.copy %d, %buf : memref<16x64xf32, strided<[1040, 1], offset: ?>> to memref<16x64xf32>
    scf.for %j = %c0 to %c64 step %c1 {
      %z = memref.load %buf[%c0, %j] : memref<16x64xf32>
      memref.store %z, %C[%j] : memref<64xf32>
    }
  } {loom.prefetch_next = 16384 : i64, third}
  return
}

// -----

// A K loop whose last block is smaller (K = 200 in blocks of 64: 64, 64,
// 64, 8 rows) over columns whose last tile is smaller too (an inner loop
// bounded by an affine.min, at most 4 iterations): the blocks are counted
// at their largest, and a line is prefetched only when it starts inside
// the next block, whose dynamic sizes are read once per K block. B's 64 x
// 64 floats are 256 lines over 4 x 96 = 384 iterations: one each; A's 8 x
// 64 are 32 lines, one every 8 iterations (384 / 32 = 12, rounded down to
// a power of two, so the turn is a mask: here of the k index alone).
// CHECK: affine_map<(d0, d1) -> (d0 mod 8)>
// CHECK-LABEL: func.func @smaller_last_block(
// CHECK-SAME:      %[[A:.*]]: memref<8x200xf32>, %[[B:.*]]: memref<200x64xf32>
// CHECK:         scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:           %[[NEXT:.*]] = arith.minsi
// CHECK:           %[[NSIZE:.*]] = affine.min #{{.*}}(%[[NEXT]])
// CHECK:           %[[NB:.*]] = memref.subview %[[B]][%[[NEXT]], 0] [%[[NSIZE]], 64] [1, 1]
// CHECK:           %[[ROWS:.*]] = memref.dim %[[NB]], %{{.*}}
// CHECK:           %[[NA:.*]] = memref.subview %[[A]][0, %[[NEXT]]] [8, %{{.*}}] [1, 1]
// CHECK:           %[[COLS:.*]] = memref.dim %[[NA]], %{{.*}}
// CHECK:           scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step
// CHECK:             scf.for %[[KK:.*]] = %{{.*}} to %{{.*}} step
// CHECK:               scf.if %{{.*}} {
// CHECK:                 %[[R:.*]] = affine.apply
// CHECK:                 %[[C:.*]] = affine.apply
// CHECK:                 %[[IN:.*]] = arith.cmpi ult, %[[R]], %[[ROWS]]
// CHECK:                 scf.if %[[IN]] {
// CHECK:                   memref.prefetch %[[NB]][%[[R]], %[[C]]], read, locality<2>, data
// CHECK:               affine.apply #{{.*}}(%[[KK]], %[[J]])
// CHECK:               arith.andi
// CHECK:               scf.if %{{.*}} {
// CHECK:                 %[[AR:.*]] = affine.apply
// CHECK:                 %[[AC:.*]] = affine.apply
// CHECK:                 %[[AIN:.*]] = arith.cmpi ult, %[[AC]], %[[COLS]]
// CHECK:                 scf.if %[[AIN]] {
// CHECK:                   memref.prefetch %[[NA]][%[[AR]], %[[AC]]], read, locality<2>, data
#min_rows = affine_map<(d0) -> (-d0 + 200, 64)>
#min_tiles = affine_map<(d0) -> (-d0 + 7, 4)>
func.func @smaller_last_block(%A: memref<8x200xf32>, %B: memref<200x64xf32>,
                              %buf: memref<96x64xf32>, %C: memref<8x64xf32>, %t: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c96 = arith.constant 96 : index
  %c200 = arith.constant 200 : index
  scf.for %k = %c0 to %c200 step %c64 {
    %rows = affine.min #min_rows(%k)
    %a = memref.subview %A[0, %k] [8, %rows] [1, 1] : memref<8x200xf32> to memref<8x?xf32, strided<[200, 1], offset: ?>>
    %b = memref.subview %B[%k, 0] [%rows, 64] [1, 1] : memref<200x64xf32> to memref<?x64xf32, strided<[64, 1], offset: ?>>
    %tiles = affine.min #min_tiles(%t)
    scf.for %j = %c0 to %tiles step %c1 {
      scf.for %kk = %c0 to %c96 step %c1 {
        %x = memref.load %buf[%kk, %j] : memref<96x64xf32>
        %y = memref.load %a[%c0, %c0] : memref<8x?xf32, strided<[200, 1], offset: ?>>
        %z = memref.load %b[%c0, %c0] : memref<?x64xf32, strided<[64, 1], offset: ?>>
        %s = arith.addf %x, %y : f32
        %p = arith.addf %s, %z : f32
        memref.store %p, %C[%c0, %j] : memref<8x64xf32>
      }
    }
  } {loom.prefetch_next}
  return
}

// -----

// A rank-reducing subview of a dynamic size: its block is the result's
// (rows x 64 floats, the leading unit dimension dropped), and the guard
// reads the result's dimension 0.
// CHECK-LABEL: func.func @rank_reducing(
// CHECK:         scf.for
// CHECK:           %[[NB:.*]] = memref.subview %{{.*}}[2, %{{.*}}, 0] [1, %{{.*}}, 64] [1, 1, 1] : memref<4x200x64xf32> to memref<?x64xf32
// CHECK:           %[[ROWS:.*]] = memref.dim %[[NB]], %{{.*}} : memref<?x64xf32
// CHECK:           scf.for
// CHECK:             scf.if
// CHECK:               %[[R:.*]] = affine.apply
// CHECK:               %[[C:.*]] = affine.apply
// CHECK:               arith.cmpi ult, %[[R]], %[[ROWS]]
// CHECK:               memref.prefetch %[[NB]][%[[R]], %[[C]]]
#min_rows_2 = affine_map<(d0) -> (-d0 + 200, 64)>
func.func @rank_reducing(%B: memref<4x200x64xf32>, %C: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c200 = arith.constant 200 : index
  scf.for %k = %c0 to %c200 step %c64 {
    %rows = affine.min #min_rows_2(%k)
    %b = memref.subview %B[2, %k, 0] [1, %rows, 64] [1, 1, 1] : memref<4x200x64xf32> to memref<?x64xf32, strided<[64, 1], offset: ?>>
    scf.for %j = %c0 to %c64 step %c1 {
      %z = memref.load %b[%c0, %j] : memref<?x64xf32, strided<[64, 1], offset: ?>>
      memref.store %z, %C[%j] : memref<64xf32>
    }
  } {loom.prefetch_next}
  return
}

// -----

// The loop over a register tile's panels marked loom.prefetch_next_written
// and loom.prefetch_next_cache = 1: of the next panel's blocks, only the
// tile of C it writes (4 x 16 floats: 4 lines, one every 64 of the k
// loop's 256 steps) is prefetched, into L1 (locality 3); the next panel of
// B, which it only reads (larger, and within the budget), is not. Both
// marks are removed.
// CHECK-LABEL: func.func @written_into_l1(
// CHECK-SAME:      %[[B:.*]]: memref<4x256x16xf32>, %[[C:.*]]: memref<4x64xf32>
// CHECK:         scf.for %[[P:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:           %[[NEXT:.*]] = arith.minsi
// CHECK:           %[[NC:.*]] = memref.subview %[[C]][0, %{{.*}}] [4, 16] [1, 1]
// CHECK:           scf.for %[[K:.*]] =
// CHECK-NOT:         memref.prefetch
// CHECK:             scf.if %{{.*}} {
// CHECK-NEXT:          affine.apply
// CHECK-NEXT:          affine.apply
// CHECK-NEXT:          memref.prefetch %[[NC]][%{{.*}}, %{{.*}}], read, locality<3>, data
// CHECK-NOT:       memref.prefetch
// CHECK-NOT:       loom.prefetch_next
func.func @written_into_l1(%B: memref<4x256x16xf32>, %C: memref<4x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c256 = arith.constant 256 : index
  scf.for %p = %c0 to %c4 step %c1 {
    %col = affine.apply affine_map<(d0) -> (d0 * 16)>(%p)
    %c = memref.subview %C[0, %col] [4, 16] [1, 1] : memref<4x64xf32> to memref<4x16xf32, strided<[64, 1], offset: ?>>
    %b = memref.subview %B[%p, 0, 0] [1, 256, 16] [1, 1, 1] : memref<4x256x16xf32> to memref<256x16xf32, strided<[16, 1], offset: ?>>
    scf.for %k = %c0 to %c256 step %c1 {
      %x = memref.load %b[%k, %c0] : memref<256x16xf32, strided<[16, 1], offset: ?>>
      %y = memref.load %c[%c0, %c0] : memref<4x16xf32, strided<[64, 1], offset: ?>>
      %s = arith.addf %x, %y : f32
      memref.store %s, %c[%c0, %c0] : memref<4x16xf32, strided<[64, 1], offset: ?>>
    }
  } {loom.prefetch_next, loom.prefetch_next_written, loom.prefetch_next_cache = 1 : i64}
  return
}

// -----

// Marked loom.prefetch_next_written, a loop that also stores each panel of
// B into a packed copy (the first register tile of loom-pack-in-first-tile)
// prefetches the next tile of C, which it reads and writes, and not the
// next panel of the copy, which it only writes: overwritten whole, its old
// lines are not worth a prefetch.
// CHECK-LABEL: func.func @written_whole(
// CHECK-SAME:      %[[B:.*]]: memref<4x256x16xf32>, %[[P:.*]]: memref<4x256x16xf32>, %[[C:.*]]: memref<4x64xf32>
// CHECK:         scf.for
// CHECK:           %[[NC:.*]] = memref.subview %[[C]][0, %{{.*}}] [4, 16] [1, 1]
// CHECK-NOT:       memref.prefetch
// CHECK:           scf.for
// CHECK-NOT:         memref.prefetch
// CHECK:             memref.prefetch %[[NC]]
// CHECK-NOT:       memref.prefetch
func.func @written_whole(%B: memref<4x256x16xf32>, %P: memref<4x256x16xf32>, %C: memref<4x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c256 = arith.constant 256 : index
  scf.for %p = %c0 to %c4 step %c1 {
    %col = affine.apply affine_map<(d0) -> (d0 * 16)>(%p)
    %c = memref.subview %C[0, %col] [4, 16] [1, 1] : memref<4x64xf32> to memref<4x16xf32, strided<[64, 1], offset: ?>>
    %b = memref.subview %B[%p, 0, 0] [1, 256, 16] [1, 1, 1] : memref<4x256x16xf32> to memref<256x16xf32, strided<[16, 1], offset: ?>>
    %pk = memref.subview %P[%p, 0, 0] [1, 256, 16] [1, 1, 1] : memref<4x256x16xf32> to memref<256x16xf32, strided<[16, 1], offset: ?>>
    scf.for %k = %c0 to %c256 step %c1 {
      %x = memref.load %b[%k, %c0] : memref<256x16xf32, strided<[16, 1], offset: ?>>
      memref.store %x, %pk[%k, %c0] : memref<256x16xf32, strided<[16, 1], offset: ?>>
      %y = memref.load %c[%c0, %c0] : memref<4x16xf32, strided<[64, 1], offset: ?>>
      %s = arith.addf %x, %y : f32
      memref.store %s, %c[%c0, %c0] : memref<4x16xf32, strided<[64, 1], offset: ?>>
    }
  } {loom.prefetch_next, loom.prefetch_next_written}
  return
}

// -----

// The loop over a register tile's panels in a narrower last block of
// columns: its trip count is dynamic but at most 4 (affine.min). It is
// counted at its largest, and the next panel is the next one up to the
// actual last (%np - 1), not up to 3: the tile of C of the next panel is
// prefetched as for a constant count.
// CHECK-LABEL: func.func @bounded_panels(
// CHECK-SAME:      %{{[^:]*}}: memref<4x256x16xf32>, %[[C:[^:]*]]: memref<4x64xf32>
// CHECK:         %[[NP:.*]] = affine.min
// CHECK:         scf.for %[[P:.*]] = %{{.*}} to %[[NP]] step %{{.*}} {
// CHECK:           %[[LAST:.*]] = affine.apply #{{.*}}()[%[[NP]]]
// CHECK:           %[[NEXT:.*]] = arith.minsi %{{.*}}, %[[LAST]]
// CHECK:           %[[NC:.*]] = memref.subview %[[C]][0, %{{.*}}] [4, 16] [1, 1]
// CHECK:           scf.for
// CHECK:             memref.prefetch %[[NC]][%{{.*}}, %{{.*}}], read, locality<3>, data
// CHECK-NOT:     loom.prefetch_next
func.func @bounded_panels(%B: memref<4x256x16xf32>, %C: memref<4x64xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %np = affine.min affine_map<()[s0] -> (4, s0)>()[%n]
  scf.for %p = %c0 to %np step %c1 {
    %col = affine.apply affine_map<(d0) -> (d0 * 16)>(%p)
    %c = memref.subview %C[0, %col] [4, 16] [1, 1] : memref<4x64xf32> to memref<4x16xf32, strided<[64, 1], offset: ?>>
    scf.for %k = %c0 to %c256 step %c1 {
      %y = memref.load %c[%c0, %c0] : memref<4x16xf32, strided<[64, 1], offset: ?>>
      %s = arith.addf %y, %y : f32
      memref.store %s, %c[%c0, %c0] : memref<4x16xf32, strided<[64, 1], offset: ?>>
    }
  } {loom.prefetch_next, loom.prefetch_next_written, loom.prefetch_next_cache = 1 : i64}
  return
}
