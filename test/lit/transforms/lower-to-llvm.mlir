// RUN: loom-opt %s --loom-lower-to-llvm | FileCheck %s
// RUN: loom-opt %s --loom-lower-to-llvm="threads=2" | FileCheck %s --check-prefix=OMP

// Tensor arguments become memref descriptors; everything ends in the LLVM
// dialect. A sequential lowering turns scf.forall into loops; a threaded one
// into an OpenMP parallel region with that many threads.

// CHECK-LABEL: llvm.func @scale(
// CHECK-SAME:    %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64
// CHECK-NOT:     omp.
// CHECK:         llvm.fmul
// CHECK-NOT:     {{linalg|scf|memref|tensor|bufferization}}.
// CHECK:         llvm.return

// OMP-LABEL: llvm.func @scale(
// OMP:         %[[N:.*]] = llvm.mlir.constant(2 : i32) : i32
// OMP:         omp.parallel num_threads(%[[N]] : i32)
// OMP:         omp.wsloop
// OMP:         llvm.fmul
func.func @scale(%x: tensor<64xf32>, %out: memref<64xf32>) {
  %c2 = arith.constant 2.0 : f32
  %init = bufferization.to_tensor %out restrict writable : memref<64xf32> to tensor<64xf32>
  %0 = scf.forall (%i) in (4) shared_outs(%o = %init) -> tensor<64xf32> {
    %off = affine.apply affine_map<(d0) -> (d0 * 16)>(%i)
    %in = tensor.extract_slice %x[%off] [16] [1] : tensor<64xf32> to tensor<16xf32>
    %dst = tensor.extract_slice %o[%off] [16] [1] : tensor<64xf32> to tensor<16xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                         iterator_types = ["parallel"]}
        ins(%in : tensor<16xf32>) outs(%dst : tensor<16xf32>) {
    ^bb0(%a: f32, %b: f32):
      %m = arith.mulf %a, %c2 : f32
      linalg.yield %m : f32
    } -> tensor<16xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %r into %o[%off] [16] [1] : tensor<16xf32> into tensor<64xf32>
    }
  }
  bufferization.materialize_in_destination %0 in restrict writable %out : (tensor<64xf32>, memref<64xf32>) -> ()
  return
}

// A transfer that may run past the end of its memref (the last 36 of 100
// elements, no in_bounds) becomes a masked store whose mask reads the
// memref's size: that size is lowered too, where memref.dim was left over
// (the vector lowering runs after the memref lowering).
// CHECK-LABEL: llvm.func @tail(
// CHECK:         llvm.intr.masked.store
// CHECK-NOT:     memref.
// CHECK:         llvm.return
func.func @tail(%a: memref<100xf32>, %out: memref<100xf32>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c100 = arith.constant 100 : index
  %pad = arith.constant 0.0 : f32
  scf.for %i = %c0 to %c100 step %c64 {
    %size = affine.min affine_map<(d0) -> (64, -d0 + 100)>(%i)
    %in = memref.subview %a[%i] [%size] [1] : memref<100xf32> to memref<?xf32, strided<[1], offset: ?>>
    %part = memref.subview %out[%i] [%size] [1] : memref<100xf32> to memref<?xf32, strided<[1], offset: ?>>
    %v = vector.transfer_read %in[%c0], %pad : memref<?xf32, strided<[1], offset: ?>>, vector<64xf32>
    %w = arith.addf %v, %v : vector<64xf32>
    vector.transfer_write %w, %part[%c0] : vector<64xf32>, memref<?xf32, strided<[1], offset: ?>>
  }
  return
}
