// With --split-input-file, each test case writes and reads the files of
// --save-outputs, --reference-outputs and --dump-ir in a folder of its own,
// DIR/case-N, so that no case overwrites another's: the references of a
// file's cases saved once (--no-schedule) check every case of a later run.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: loom run %s --split-input-file --no-schedule --no-check --save-outputs %t/ref --iters 1 --quiet
// RUN: ls %t/ref %t/ref/case-1 %t/ref/case-2 | FileCheck %s --check-prefix=FILES
// RUN: loom run %s --split-input-file --reference-outputs %t/ref --dump-ir %t/ir --iters 1 | FileCheck %s
// RUN: ls %t/ir/case-1 %t/ir/case-2 | FileCheck %s --check-prefix=IR
// Other inputs than the saved references' fail the check, case by case.
// RUN: %{exit-code} loom run %s --split-input-file --reference-outputs %t/ref --seed 3 --iters 1 | FileCheck %s --check-prefix=OTHER
// A case whose folder is missing is an input error that names the file.
// RUN: rm -r %t/ref/case-2
// RUN: %{exit-code} loom run %s --split-input-file --reference-outputs %t/ref --iters 1 | FileCheck %s --check-prefix=MISSING

// FILES: ref:
// FILES-NEXT: case-1
// FILES-NEXT: case-2
// FILES: case-1:
// FILES-NEXT: result0.npy
// FILES: case-2:
// FILES-NEXT: result0.npy

// CHECK: == test case 1 of 2
// CHECK: check {{ *}}result 0: passed
// CHECK: == test case 2 of 2
// CHECK: check {{ *}}result 0: passed

// IR: case-1:
// IR: 5-kernel.o
// IR: case-2:
// IR: 5-kernel.o

// OTHER: == test case 1 of 2
// OTHER: check {{ *}}result 0: FAILED
// OTHER: == test case 2 of 2
// OTHER: check {{ *}}result 0: FAILED
// OTHER: exit code: 1

// MISSING: == test case 2 of 2
// MISSING: loom run: error: test case 2 of 2 (lines {{[0-9]+}}-{{[0-9]+}}): cannot read the .npy file '{{.*}}ref/case-2/result0.npy': No such file or directory
// MISSING: exit code: 2

func.func @add(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %r = linalg.add ins(%a, %b : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

func.func @mul(%a: tensor<3x5xf32>, %b: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %e = tensor.empty() : tensor<3x5xf32>
  %r = linalg.mul ins(%a, %b : tensor<3x5xf32>, tensor<3x5xf32>) outs(%e : tensor<3x5xf32>) -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}
