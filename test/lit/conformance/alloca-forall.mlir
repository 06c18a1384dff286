// A memref.alloca inside an scf.forall: freed at the end of each iteration
// of a parallel loop, but once the loop runs sequentially (1 thread, and
// always in the reference) the 1024 buffers of 16 KiB add up on one stack.
// Loom runs kernels on a thread with a 1 GiB stack (--stack-size), and names
// an overflow as one.
//
// RUN: loom run %s --iters 1 | FileCheck %s
// RUN: %{exit-code} loom run %s --iters 1 --stack-size 8M | FileCheck %s --check-prefix=SMALL

// CHECK: check {{ *}}arg 0: passed
// SMALL: loom run: error: the reference kernel ran out of stack (a stack overflow; --stack-size gives it more than the 8 MiB it had)
// SMALL: exit code: 4

// Each iteration reverses one row through a stack buffer.
func.func @reverse(%m: memref<1024x4096xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 4096 : index
  %last = arith.constant 4095 : index
  scf.forall (%i) in (1024) {
    %row = memref.alloca() : memref<4096xf32>
    scf.for %j = %c0 to %n step %c1 {
      %v = memref.load %m[%i, %j] : memref<1024x4096xf32>
      memref.store %v, %row[%j] : memref<4096xf32>
    }
    scf.for %j = %c0 to %n step %c1 {
      %k = arith.subi %last, %j : index
      %v = memref.load %row[%k] : memref<4096xf32>
      memref.store %v, %m[%i, %j] : memref<1024x4096xf32>
    }
  }
  return
}
