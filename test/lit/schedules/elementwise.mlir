// The shipped elementwise schedule applied by loom-opt to the shipped payload.
//
// RUN: loom-opt %{schedules}/elementwise/elementwise.mlir \
// RUN:   --transform-preload-library="transform-library-paths=%{schedules}/elementwise/schedule.mlir" \
// RUN:   --transform-interpreter | FileCheck %s
// RUN: loom-opt %{schedules}/elementwise/elementwise.mlir \
// RUN:   --transform-preload-library="transform-library-paths=%{schedules}/elementwise/schedule.mlir" \
// RUN:   --transform-interpreter --loom-bufferize | FileCheck %s --check-prefix=BUF

// The three generics, fused into one (transform.loom.fuse_elementwise) and
// flattened to one dimension: blocks of 65536 elements in an scf.forall,
// then vectors of 64. No
// linalg op and no intermediate tensor is left: add, mul and max run on
// registers and only the result is stored, into the output (collapsed).
// CHECK-LABEL: func.func @chain(
// CHECK-NOT:     linalg.generic
// CHECK:         %[[OUT:.*]] = bufferization.to_tensor %arg3
// CHECK:         %[[COLLAPSED:.*]] = tensor.collapse_shape %[[OUT]] {{\[\[}}0, 1]] : tensor<4096x4096xf32> into tensor<16777216xf32>
// CHECK:         scf.forall ({{.*}}) in (256) shared_outs({{.*}} = %[[COLLAPSED]])
// CHECK:           scf.for {{.*}} to %c65536 step %c64
// CHECK:             %[[A:.*]] = vector.transfer_read {{.*}} vector<64xf32>
// CHECK:             %[[B:.*]] = vector.transfer_read {{.*}} vector<64xf32>
// CHECK:             %[[C:.*]] = vector.transfer_read {{.*}} vector<64xf32>
// CHECK:             %[[SUM:.*]] = arith.addf %[[A]], %[[B]] : vector<64xf32>
// CHECK:             %[[PRODUCT:.*]] = arith.mulf %[[SUM]], %[[C]] : vector<64xf32>
// CHECK:             %[[RELU:.*]] = arith.maximumf %[[PRODUCT]], %{{.*}} : vector<64xf32>
// CHECK:             vector.transfer_write %[[RELU]]
// CHECK-NOT:     linalg.generic

// Nothing is allocated: the result is written straight into %out.
// BUF-LABEL: func.func @chain(
// BUF-NOT:     memref.alloc
// BUF-NOT:     memref.copy
// BUF:         return

// Rows that are not a multiple of the 64-wide vector: 37 x 100, with the
// shipped schedule (flattened: 3700 = 57 x 64 + 52 elements) and with
// fused.mlir (rows of 100 = 64 + 36). The elements past the last whole
// vector are peeled into a loop of their own, so the full tiles have a
// static size and every tile is vectorized (no scalar loop is left; before,
// 1000 x 1000 stayed scalar and ran 30x slower), and loom run checks the
// results.
// RUN: sed 's/4096x4096/37x100/g' %{schedules}/elementwise/elementwise.mlir > %t.37x100.mlir
// RUN: loom run %t.37x100.mlir --schedule %{schedules}/elementwise/schedule.mlir --iters 1 --dump-ir %t.flat \
// RUN:   | FileCheck %s --check-prefix=RAGGEDOUT
// RUN: FileCheck %s --check-prefix=FLAT < %t.flat/1-scheduled.mlir
// RUN: loom run %t.37x100.mlir --schedule %{schedules}/elementwise/fused.mlir --iters 1 --dump-ir %t.fused \
// RUN:   | FileCheck %s --check-prefix=RAGGEDOUT
// RUN: FileCheck %s --check-prefix=ROWS < %t.fused/1-scheduled.mlir
// On two threads the blocks (two of 65536 elements or fewer in 300 x 301)
// are handed out in shrinking chunks: the schedule's loom.omp_schedule mark
// reaches the OpenMP loop through the lowering.
// RUN: sed 's/4096x4096/300x301/g' %{schedules}/elementwise/elementwise.mlir > %t.300x301.mlir
// RUN: loom run %t.300x301.mlir --schedule %{schedules}/elementwise/schedule.mlir --iters 1 \
// RUN:   --threads 2 --dump-ir %t.threads | FileCheck %s --check-prefix=RAGGEDOUT
// RUN: FileCheck %s --check-prefix=GUIDED < %t.threads/3-llvm-dialect.mlir
// GUIDED: omp.wsloop schedule(guided)
// Each block's size is an affine.min (the last block is partial), yet its
// whole vectors are stored whole and streaming (loom-transfer-in-bounds):
// no masked store of 64 lanes, only of the 63 past the last whole vector.
// RUN: FileCheck %s --check-prefix=STREAM --implicit-check-not=masked.store.v64f32 \
// RUN:   < %t.threads/4-optimized.ll
// STREAM: store <64 x float> {{.*}}, align 64, !nontemporal
// RAGGEDOUT: check       arg 3: passed
// FLAT-LABEL: func.func @chain(
// FLAT:             arith.maximumf {{.*}} : vector<64xf32>
// FLAT:             arith.maximumf {{.*}} : vector<52xf32>
// FLAT-NOT:     linalg.generic
// FLAT-NOT:     arith.maximumf {{.*}} : f32
// ROWS-LABEL: func.func @chain(
// ROWS:         scf.forall
// ROWS:             arith.maximumf {{.*}} : vector<1x64xf32>
// ROWS:             arith.maximumf {{.*}} : vector<1x36xf32>
// ROWS-NOT:     linalg.generic
// ROWS-NOT:     arith.maximumf {{.*}} : f32
