// loom-openmp-schedule: an scf.forall marked loom.omp_schedule becomes an
// omp.wsloop with that schedule through the upstream conversions (which
// drop the loop's attributes); an unmarked one keeps OpenMP's default.
// RUN: loom-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(loom-openmp-schedule, func.func(scf-forall-to-parallel), convert-scf-to-openmp, loom-openmp-schedule)' \
// RUN:   | FileCheck %s
// And through the whole lowering for two threads (the LLVM dialect keeps
// the omp ops; the translation to LLVM IR calls the runtime).
// RUN: loom-opt %s --split-input-file --verify-diagnostics --loom-lower-to-llvm=threads=2 \
// RUN:   | FileCheck %s --check-prefix=LLVM

// CHECK-LABEL: func.func @marked(
// CHECK:         omp.wsloop schedule(guided) {
// CHECK:           omp.loop_nest
// CHECK-NOT:         loom.omp_schedule
// CHECK:         omp.wsloop schedule(dynamic) {
// CHECK:         omp.wsloop {
// CHECK-NOT:     loom.omp_schedule
// CHECK:         return
// LLVM-LABEL: llvm.func @marked(
// LLVM:         omp.wsloop schedule(guided) {
// LLVM:         omp.wsloop schedule(dynamic) {
// LLVM:         omp.wsloop {
func.func @marked(%m: memref<256xf32>, %n: memref<256xf32>, %o: memref<256xf32>) {
  %c = arith.constant 1.0 : f32
  scf.forall (%i) in (256) {
    memref.store %c, %m[%i] : memref<256xf32>
  } {loom.omp_schedule = "guided"}
  scf.forall (%i) in (256) {
    memref.store %c, %n[%i] : memref<256xf32>
  } {loom.omp_schedule = "dynamic"}
  scf.forall (%i) in (256) {
    memref.store %c, %o[%i] : memref<256xf32>
  }
  return
}

// -----

func.func @bad(%m: memref<256xf32>) {
  %c = arith.constant 1.0 : f32
  // expected-error @below {{'loom.omp_schedule' must be "guided" or "dynamic", got "static"}}
  scf.forall (%i) in (256) {
    memref.store %c, %m[%i] : memref<256xf32>
  } {loom.omp_schedule = "static"}
  return
}
