// The shipped matmul schedule applied by loom-opt to the shipped payload.
//
// RUN: loom-opt %{schedules}/matmul/matmul.mlir \
// RUN:   --transform-preload-library="transform-library-paths=%{schedules}/lib/vector.mlir,%{schedules}/matmul/schedule.mlir" \
// RUN:   --transform-interpreter | FileCheck %s
// RUN: loom-opt %{schedules}/matmul/matmul.mlir \
// RUN:   --transform-preload-library="transform-library-paths=%{schedules}/lib/vector.mlir,%{schedules}/matmul/schedule.mlir" \
// RUN:   --transform-interpreter --loom-bufferize | FileCheck %s --check-prefix=BUF

// B is packed into [N/32][K][32] with 8 x 32 vector copies.
// CHECK-LABEL: func.func @matmul(
// CHECK-NOT:     linalg.matmul
// CHECK:         tensor.empty() : tensor<32x1024x32xf32>
// CHECK:         vector.transfer_read {{.*}} : tensor<8x32xf32>, vector<8x32xf32>
// C is reshaped, not copied, to [M][N/32][32].
// CHECK:         tensor.expand_shape {{.*}} into tensor<1024x32x32xf32>
// Thread tiles of 64 x 256, K blocks of 256, register tiles of 8 x 32.
// CHECK:         scf.forall ({{.*}}) in (16, 4)
// CHECK:           scf.for {{.*}} to %c1024 step %c256
// CHECK:             scf.for {{.*}} to %c64 step %c8
// CHECK:               scf.for {{.*}} to %c8 step %c1
// The accumulator tile is carried in registers across the K block and
// updated by 8 rows x 2 zmm FMAs (8 vector.fma on vector<32xf32>) per k.
// CHECK:                 scf.for {{.*}} to %c256 step %c1 iter_args({{.*}}) -> (tensor<8x1x32xf32>, vector<8x1x32xf32>)
// CHECK-COUNT-8:           vector.fma {{.*}} : vector<32xf32>
// CHECK-NOT:               vector.fma
// CHECK:                   scf.yield
// CHECK:         tensor.collapse_shape {{.*}} into tensor<1024x1024xf32>

// After bufferization only the packed B is allocated; C is updated in place.
// BUF-LABEL: func.func @matmul(
// BUF:         memref.alloc() {{.*}} : memref<32x1024x32xf32>
// BUF-NOT:     memref.alloc
// BUF-NOT:     memref.copy
// BUF:         return
