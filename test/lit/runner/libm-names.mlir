// A kernel named like a C library function (powf) is compiled under a name
// of its own: LLVM lowers math.powf to a call of libm's powf, which must not
// land in the kernel itself (it would recurse until the stack overflows).
//
// RUN: loom run %s --iters 1 --json %t.json | FileCheck %s
// RUN: %{json-get} %t.json function | FileCheck %s --check-prefix=RECORD
// CHECK: check       result 0: passed
// RECORD: function = "powf"

func.func @powf(%a: tensor<16xf32>, %b: tensor<16xf32>) -> tensor<16xf32> {
  %abs = math.absf %a : tensor<16xf32>
  %0 = math.powf %abs, %b : tensor<16xf32>
  return %0 : tensor<16xf32>
}
