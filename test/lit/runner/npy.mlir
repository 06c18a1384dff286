// Inputs from .npy files (--input, by index or by the argument's name in the
// payload) and outputs to .npy files (--save-outputs, --save-reference);
// wrong dtype, shape or file is an input error (exit 2).
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: loom run %s --init arange --save-outputs %t/first --iters 1 > /dev/null
// Loom reads back what it wrote: the result of the first run, as input %x.
// RUN: loom run %s --input x=%t/first/result0.npy --input 1=%t/first/result0.npy --save-outputs %t/second --save-reference --iters 1 --json %t/second.json | FileCheck %s
// RUN: %{json-get} %t/second.json options.inputs check.status | FileCheck %s --check-prefix=JSON
// RUN: ls %t/second %t/second/reference | FileCheck %s --check-prefix=FILES
// RUN: printf 'garbage' > %t/bad.npy
// RUN: %{exit-code} loom run %s --input 0=%t/bad.npy | FileCheck %s --check-prefix=BAD
// RUN: %{exit-code} loom run %s --input %y=%t/missing.npy | FileCheck %s --check-prefix=MISSING
// RUN: %{exit-code} loom run %s --input z=%t/first/result0.npy | FileCheck %s --check-prefix=UNKNOWN
// RUN: %{exit-code} loom run %s --input 0 | FileCheck %s --check-prefix=SYNTAX

// --reference-outputs checks against outputs saved by an earlier run of the
// reference (what loom tune does once per sweep): the same inputs pass,
// other inputs do not, a missing file is an input error.
// RUN: loom run %s --no-schedule --no-check --seed 1 --save-outputs %t/ref1 --iters 1 > /dev/null
// RUN: loom run %s --seed 1 --reference-outputs %t/ref1 --iters 1 | FileCheck %s --check-prefix=REF-SAME
// RUN: %{exit-code} loom run %s --seed 2 --reference-outputs %t/ref1 --iters 1 | FileCheck %s --check-prefix=REF-OTHER
// RUN: %{exit-code} loom run %s --reference-outputs %t/nowhere | FileCheck %s --check-prefix=REF-MISSING

// CHECK: inputs random, seed 0: tensor<4x8xf32>, tensor<4x8xf32> (from .npy: x={{.*}}result0.npy, 1={{.*}}result0.npy)
// CHECK: check result 0: passed

// JSON: options.inputs = {"1": "{{.*}}first/result0.npy", "x": "{{.*}}first/result0.npy"}
// JSON: check.status = "passed"

// FILES: second:
// FILES-NEXT: reference
// FILES-NEXT: result0.npy
// FILES: reference:
// FILES-NEXT: result0.npy

// BAD: loom run: error: '{{.*}}bad.npy' is not a valid .npy file: it does not start with the magic \x93NUMPY
// BAD: exit code: 2
// MISSING: loom run: error: cannot read the .npy file '{{.*}}missing.npy': No such file or directory
// MISSING: exit code: 2
// UNKNOWN: loom run: error: --input z={{.*}}: no argument 'z'; the arguments of @scale: 0 (%x), 1 (%y)
// UNKNOWN: exit code: 2
// SYNTAX: loom run: error: --input expects arg=file.npy (e.g. 0=a.npy), got '0'
// SYNTAX: exit code: 2
// REF-SAME: check result 0: passed
// REF-OTHER: check result 0: FAILED
// REF-OTHER: exit code: 1
// REF-MISSING: loom run: error: cannot read the .npy file '{{.*}}nowhere/result0.npy': No such file or directory
// REF-MISSING: exit code: 2

func.func @scale(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x, %y : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.mulf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
