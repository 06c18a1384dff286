// A kernel that does not return in any useful time: it steps a 64-bit linear
// congruential generator (full period) until it comes back to zero, storing
// every step.
func.func @spin(%a: memref<1xi64>) {
  %c0 = arith.constant 0 : index
  %mul = arith.constant 6364136223846793005 : i64
  %one = arith.constant 1442695040888963407 : i64
  %zero = arith.constant 0 : i64
  scf.while : () -> () {
    %v = memref.load %a[%c0] : memref<1xi64>
    %m = arith.muli %v, %mul : i64
    %next = arith.addi %m, %one : i64
    memref.store %next, %a[%c0] : memref<1xi64>
    %t = arith.cmpi ne, %next, %zero : i64
    scf.condition(%t)
  } do {
    scf.yield
  }
  return
}
