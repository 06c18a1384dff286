// --fp-contract fast (the default) lets LLVM fuse a*b+c into FMA
// instructions; --fp-contract off keeps the multiply and the add separate.
// REQUIRES: fma
//
// RUN: rm -rf %t && loom run %s --iters 1 --dump-ir %t/fast | FileCheck %s --check-prefix=CHECKED
// RUN: llvm-objdump -d %t/fast/5-kernel.o | FileCheck %s --check-prefix=FAST
// RUN: loom run %s --iters 1 --fp-contract off --dump-ir %t/off | FileCheck %s --check-prefix=CHECKED
// RUN: llvm-objdump -d %t/off/5-kernel.o | FileCheck %s --check-prefix=OFF

// CHECKED: check       result 0: passed
// FAST: vfmadd
// OFF-NOT: vfmadd
// OFF: vmulps
// OFF-NOT: vfmadd

#id = affine_map<(i) -> (i)>
func.func @axpy(%a: tensor<64xf32>, %b: tensor<64xf32>, %c: tensor<64xf32>) -> tensor<64xf32> {
  %e = tensor.empty() : tensor<64xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel"]}
      ins(%a, %b, %c : tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32, %o: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %m, %z : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  return %0 : tensor<64xf32>
}
