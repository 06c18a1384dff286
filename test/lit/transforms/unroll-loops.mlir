// loom-unroll-loops: an scf.for marked loom.unroll = N is unrolled by N
// (upstream's loopUnrollByFactor), a remainder loop when N does not divide
// the trip count; 1 leaves the loop as it is; the marks are removed; a mark
// that is not a positive integer is an error at the loop. The prefetches of
// the unrolled body move to its top.
// RUN: loom-opt %s --loom-unroll-loops --split-input-file --verify-diagnostics | FileCheck %s

// A register tile's k loop, 256 steps, unrolled by 4: a loop of step 4
// whose body is the four steps in order, the accumulator carried through.
// CHECK-LABEL: func.func @k_loop(
// CHECK:         %[[C4:.*]] = arith.constant 4 : index
// CHECK:         %[[R:.*]] = scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %[[C4]] iter_args(%[[ACC:.*]] = %{{.*}})
// CHECK:           %[[X0:.*]] = vector.load %{{.*}}[%[[K]]]
// CHECK:           %[[F0:.*]] = vector.fma %[[X0]], %[[X0]], %[[ACC]]
// CHECK:           %[[K1:.*]] = arith.addi %[[K]],
// CHECK:           %[[X1:.*]] = vector.load %{{.*}}[%[[K1]]]
// CHECK:           %[[F1:.*]] = vector.fma %[[X1]], %[[X1]], %[[F0]]
// CHECK:           vector.fma
// CHECK:           %[[F3:.*]] = vector.fma
// CHECK-NOT:       vector.fma
// CHECK:           scf.yield %[[F3]]
// CHECK-NOT:     loom.unroll
// CHECK-NOT:     scf.for
// CHECK:         return %[[R]]
func.func @k_loop(%b: memref<272xf32>, %acc: vector<16xf32>) -> vector<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %r = scf.for %k = %c0 to %c256 step %c1 iter_args(%a = %acc) -> vector<16xf32> {
    %x = vector.load %b[%k] : memref<272xf32>, vector<16xf32>
    %f = vector.fma %x, %x, %a : vector<16xf32>
    scf.yield %f : vector<16xf32>
  } {loom.unroll = 4 : i64}
  return %r : vector<16xf32>
}

// -----

// A K block of a dynamic size: the unrolled loop and a remainder loop of
// step 1 for the last steps.
// CHECK-LABEL: func.func @dynamic_k(
// CHECK:         scf.for %{{.*}} step %{{.*}} iter_args
// CHECK-COUNT-4:   vector.fma
// CHECK:         scf.for %{{.*}} step %{{.*}} iter_args
// CHECK-COUNT-1:   vector.fma
// CHECK-NOT:       vector.fma
// CHECK-NOT:     loom.unroll
func.func @dynamic_k(%b: memref<?xf32>, %n: index, %acc: vector<16xf32>) -> vector<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%a = %acc) -> vector<16xf32> {
    %x = vector.load %b[%k] : memref<?xf32>, vector<16xf32>
    %f = vector.fma %x, %x, %a : vector<16xf32>
    scf.yield %f : vector<16xf32>
  } {loom.unroll = 4 : i64}
  return %r : vector<16xf32>
}

// -----

// A factor of 1 (the knob's value on a Zen core): the loop stays, unmarked.
// CHECK-LABEL: func.func @factor_one(
// CHECK:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// CHECK-COUNT-1:   vector.fma
// CHECK-NOT:       vector.fma
// CHECK-NOT:     loom.unroll
func.func @factor_one(%b: memref<272xf32>, %acc: vector<16xf32>) -> vector<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %r = scf.for %k = %c0 to %c256 step %c1 iter_args(%a = %acc) -> vector<16xf32> {
    %x = vector.load %b[%k] : memref<272xf32>, vector<16xf32>
    %f = vector.fma %x, %x, %a : vector<16xf32>
    scf.yield %f : vector<16xf32>
  } {loom.unroll = 1 : i64}
  return %r : vector<16xf32>
}

// -----

// Prefetches (a guarded one and one that is not) move to the top of the
// unrolled body with the index arithmetic they use, ahead of every step's
// loads and FMAs; the loads and FMAs keep their order.
// CHECK-LABEL: func.func @prefetches_first(
// CHECK:         scf.for %{{.*}} step %{{.*}} iter_args
// CHECK-COUNT-8:   memref.prefetch
// CHECK:           vector.load
// CHECK:           vector.fma
// CHECK:           vector.load
// CHECK:           vector.fma
// CHECK:           vector.load
// CHECK:           vector.fma
// CHECK:           vector.load
// CHECK:           vector.fma
// CHECK-NOT:       memref.prefetch
// CHECK:           scf.yield
func.func @prefetches_first(%b: memref<272xf32>, %n: memref<4096xf32>,
                            %acc: vector<16xf32>) -> vector<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c100 = arith.constant 100 : index
  %c256 = arith.constant 256 : index
  %r = scf.for %k = %c0 to %c256 step %c1 iter_args(%a = %acc) -> vector<16xf32> {
    %ahead = arith.addi %k, %c16 : index
    memref.prefetch %b[%ahead], read, locality<3>, data : memref<272xf32>
    %line = arith.divui %k, %c2 : index
    %in = arith.cmpi ult, %line, %c100 : index
    scf.if %in {
      %at = arith.muli %line, %c16 : index
      memref.prefetch %n[%at], read, locality<2>, data : memref<4096xf32>
    }
    %x = vector.load %b[%k] : memref<272xf32>, vector<16xf32>
    %f = vector.fma %x, %x, %a : vector<16xf32>
    scf.yield %f : vector<16xf32>
  } {loom.unroll = 4 : i64}
  return %r : vector<16xf32>
}

// -----

// A prefetch whose index is loaded from memory stays where it is, after
// the step before it.
// CHECK-LABEL: func.func @loaded_index(
// CHECK:         scf.for %{{.*}} step %{{.*}} iter_args
// CHECK:           memref.prefetch
// CHECK:           vector.fma
// CHECK:           memref.load
// CHECK:           memref.prefetch
// CHECK:           vector.fma
func.func @loaded_index(%b: memref<272xf32>, %idx: memref<256xindex>,
                        %acc: vector<16xf32>) -> vector<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %r = scf.for %k = %c0 to %c256 step %c1 iter_args(%a = %acc) -> vector<16xf32> {
    %j = memref.load %idx[%k] : memref<256xindex>
    memref.prefetch %b[%j], read, locality<3>, data : memref<272xf32>
    %x = vector.load %b[%k] : memref<272xf32>, vector<16xf32>
    %f = vector.fma %x, %x, %a : vector<16xf32>
    scf.yield %f : vector<16xf32>
  } {loom.unroll = 4 : i64}
  return %r : vector<16xf32>
}

// -----

func.func @bad_mark(%b: memref<272xf32>, %acc: vector<16xf32>) -> vector<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  // expected-error @below {{'loom.unroll' must be a positive integer, not 0 : i64}}
  %r = scf.for %k = %c0 to %c256 step %c1 iter_args(%a = %acc) -> vector<16xf32> {
    %x = vector.load %b[%k] : memref<272xf32>, vector<16xf32>
    %f = vector.fma %x, %x, %a : vector<16xf32>
    scf.yield %f : vector<16xf32>
  } {loom.unroll = 0 : i64}
  return %r : vector<16xf32>
}
