// Dynamic shapes: every size a payload leaves open is named in one error
// (not one run per missing --dim), and a linalg.pack whose inner tile is a
// run-time value lowers for the reference (as a gather; upstream's
// lowerPack needs constant tiles) and round-trips through linalg.unpack.
//
// RUN: %{exit-code} loom run %s | FileCheck %s --check-prefix=MISSING
// RUN: loom run %s --dim 0=13 --dim 1=20 --init arange --iters 1 | FileCheck %s
// RUN: loom run %s --dim 0=13 --dim 1=20 --schedule %{schedules}/lib/default.mlir --iters 1 | FileCheck %s

// MISSING: loom run: error: 2 dynamic dimensions have no size: pass --dim 0=SIZE --dim 1=SIZE
// MISSING-NEXT: argument #0 (tensor<?x?xf32>) has dynamic dimension 0 without a size: pass --dim 0=SIZE
// MISSING-NEXT: argument #0 (tensor<?x?xf32>) has dynamic dimension 1 without a size: pass --dim 1=SIZE
// MISSING: exit code: 2
// CHECK: check {{ *}}result 0: passed
// CHECK-NEXT: result 1: passed

// A pack with a tile of a fifth of the columns, then the unpack.
func.func @pack(%src: tensor<?x?xf32>) -> (tensor<?x?x?x8xf32>, tensor<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c8 = arith.constant 8 : index
  %pad = arith.constant 0.0 : f32
  %d0 = tensor.dim %src, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %src, %c1 : tensor<?x?xf32>
  %tile = arith.divui %d1, %c5 : index
  %n0 = arith.ceildivui %d0, %tile : index
  %n1 = arith.ceildivui %d1, %c8 : index
  %e = tensor.empty(%n0, %n1, %tile) : tensor<?x?x?x8xf32>
  %p = linalg.pack %src padding_value(%pad : f32) inner_dims_pos = [0, 1]
    inner_tiles = [%tile, 8] into %e : tensor<?x?xf32> -> tensor<?x?x?x8xf32>
  %u0 = tensor.empty(%d0, %d1) : tensor<?x?xf32>
  %u = linalg.unpack %p inner_dims_pos = [0, 1] inner_tiles = [%tile, 8]
    into %u0 : tensor<?x?x?x8xf32> -> tensor<?x?xf32>
  return %p, %u : tensor<?x?x?x8xf32>, tensor<?x?xf32>
}
