// Dynamic dimensions get their sizes from --dim, by loom.dims name or by
// position in the signature; sizes that contradict the payload are caught
// before anything runs.
//
// RUN: loom run %s --dim M=64 --dim K=32 --dim N=16 --iters 1 | FileCheck %s
// RUN: loom run %s --dim 0=64 --dim 1=32 --dim 2=32 --dim 3=16 --iters 1 | FileCheck %s
// RUN: %{exit-code} loom run %s | FileCheck %s --check-prefix=MISSING
// RUN: %{exit-code} loom run %s --dim M=64 --dim K=32 | FileCheck %s --check-prefix=MISSING-N
// RUN: %{exit-code} loom run %s --dim 0=64 --dim 1=32 --dim 2=31 --dim 3=16 | FileCheck %s --check-prefix=CONFLICT
// RUN: %{exit-code} loom run %s --dim M=64 --dim K=32 --dim N=16 --dim X=1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: %{exit-code} loom run %s --dim 4=1 | FileCheck %s --check-prefix=RANGE
// RUN: %{exit-code} loom run %s --dim M | FileCheck %s --check-prefix=SYNTAX
// RUN: loom run %s --dim M=64 --dim K=32 --dim N=16 --iters 1 --json %t.json > /dev/null
// RUN: %{json-get} %t.json options.dims arguments.1.shape | FileCheck %s --check-prefix=JSON

// CHECK: inputs      random, seed 0: tensor<64x32xf32>, tensor<32x16xf32>
// CHECK: check       result 0: passed
// 2 x 64 x 32 x 16; A, B and the 64 x 16 result.
// CHECK: work        65.536 kFLOP, 14.336 kB in and out of the function

// Every missing size is named in one error.
// MISSING: loom run: error: 4 dynamic dimensions have no size: pass --dim M=SIZE --dim K=SIZE --dim N=SIZE
// MISSING-NEXT: argument #0 (tensor<?x?xf32>) has dynamic dimension 0 without a size: pass --dim M=SIZE or --dim 0=SIZE
// MISSING-NEXT: argument #0 (tensor<?x?xf32>) has dynamic dimension 1 without a size: pass --dim K=SIZE or --dim 1=SIZE
// MISSING-NEXT: argument #1 (tensor<?x?xf32>) has dynamic dimension 0 without a size: pass --dim K=SIZE or --dim 2=SIZE
// MISSING-NEXT: argument #1 (tensor<?x?xf32>) has dynamic dimension 1 without a size: pass --dim N=SIZE or --dim 3=SIZE
// MISSING: exit code: 2
// MISSING-N: loom run: error: argument #1 (tensor<?x?xf32>) has dynamic dimension 1 without a size: pass --dim N=SIZE or --dim 3=SIZE
// MISSING-N: exit code: 2
// CONFLICT: dims.mlir:{{[0-9]+}}:8: error: 'linalg.matmul' op inferred input/output operand #1 has shape's dimension #0 to be 32, but found 31
// CONFLICT: loom run: error: the argument sizes do not fit the payload (see the error above); check the --dim values
// CONFLICT: exit code: 2
// UNKNOWN: loom run: error: --dim X=1: no dimension is named 'X' (names come from loom.dims argument attributes; dynamic ones here: M, K, N)
// UNKNOWN: exit code: 2
// RANGE: loom run: error: --dim 4=1: the function has 4 dynamic dimension(s), numbered from 0
// RANGE: exit code: 2
// SYNTAX: loom run: error: --dim expects spec=size with an integer size (e.g. M=128 or 0=128), got 'M'
// SYNTAX: exit code: 2

// JSON: options.dims = {"K": 32, "M": 64, "N": 16}
// JSON: arguments.1.shape = [32, 16]

func.func @matmul(%A: tensor<?x?xf32> {loom.dims = ["M", "K"]},
                  %B: tensor<?x?xf32> {loom.dims = ["K", "N"]}) -> tensor<?x?xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %A, %c0 : tensor<?x?xf32>
  %n = tensor.dim %B, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %0 = linalg.matmul ins(%A, %B : tensor<?x?xf32>, tensor<?x?xf32>) outs(%f : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
