// The shipped convolution schedule applied by loom-opt to the shipped
// 14 x 14 x 256 payload (3 x 3 filter).
//
// RUN: loom-opt %{schedules}/conv/conv_14x14x256.mlir \
// RUN:   --transform-preload-library="transform-library-paths=%{schedules}/lib/vector.mlir,%{schedules}/matmul/schedule.mlir,%{schedules}/conv/schedule.mlir" \
// RUN:   --transform-interpreter | FileCheck %s
// RUN: loom-opt %{schedules}/conv/conv_14x14x256.mlir \
// RUN:   --transform-preload-library="transform-library-paths=%{schedules}/lib/vector.mlir,%{schedules}/matmul/schedule.mlir,%{schedules}/conv/schedule.mlir" \
// RUN:   --transform-interpreter --loom-bufferize | FileCheck %s --check-prefix=BUF
//
// On two threads (Zen 5's parameters: tiles of 32 channels, whatever the
// host), the threads split the 8 panels of 14 x 14 x 256 (as above), and
// the output rows of 56 x 56 x 64, whose 2 panels are as many as the
// threads: each thread computes both panels of its 28 rows.
// RUN: rm -rf %t && loom run %{schedules}/conv/conv_14x14x256.mlir \
// RUN:   --schedule %{schedules}/conv/schedule.mlir --schedule-lib %{schedules}/matmul/schedule.mlir --schedule-lib %{schedules}/lib/vector.mlir \
// RUN:   --host-param vector_bytes=64 --host-param vector_registers=32 --host-param zen=1 \
// RUN:   --threads 2 --no-records --no-timing --quiet --dump-ir %t/panels
// RUN: FileCheck %s --check-prefix=PANELS < %t/panels/1-scheduled.mlir
// RUN: loom run %{schedules}/conv/conv_56x56x64.mlir \
// RUN:   --schedule %{schedules}/conv/schedule.mlir --schedule-lib %{schedules}/matmul/schedule.mlir --schedule-lib %{schedules}/lib/vector.mlir \
// RUN:   --host-param vector_bytes=64 --host-param vector_registers=32 --host-param zen=1 \
// RUN:   --threads 2 --no-records --no-timing --quiet --dump-ir %t/rows
// RUN: FileCheck %s --check-prefix=ROWS < %t/rows/1-scheduled.mlir
//
// With 32 vector registers off a Zen, register tiles of 5 pixels x 64
// channels (20 zmm accumulators), but 8 x 32 where the output rows are
// narrower than 2 x 5 pixels (7: one tile of 7 rather than 5 + 2); on a Zen
// 8 x 32 for both. Results checked.
// RUN: loom run %{schedules}/conv/conv_56x56x64.mlir \
// RUN:   --schedule %{schedules}/conv/schedule.mlir --schedule-lib %{schedules}/matmul/schedule.mlir --schedule-lib %{schedules}/lib/vector.mlir \
// RUN:   --host-param vector_bytes=64 --host-param vector_registers=32 --host-param zen=0 \
// RUN:   --no-records --no-timing --dump-ir %t/wide 2>&1 | FileCheck %s --check-prefix=WIDE-HOST
// RUN: FileCheck %s --check-prefix=WIDE < %t/wide/1-scheduled.mlir
// RUN: loom run %{schedules}/conv/conv_7x7x512.mlir \
// RUN:   --schedule %{schedules}/conv/schedule.mlir --schedule-lib %{schedules}/matmul/schedule.mlir --schedule-lib %{schedules}/lib/vector.mlir \
// RUN:   --host-param vector_bytes=64 --host-param vector_registers=32 --host-param zen=0 \
// RUN:   --no-records --no-timing --dump-ir %t/narrow 2>&1 | FileCheck %s --check-prefix=CHECKED
// RUN: FileCheck %s --check-prefix=NARROW < %t/narrow/1-scheduled.mlir
// RUN: loom run %{schedules}/conv/conv_56x56x64.mlir \
// RUN:   --schedule %{schedules}/conv/schedule.mlir --schedule-lib %{schedules}/matmul/schedule.mlir --schedule-lib %{schedules}/lib/vector.mlir \
// RUN:   --host-param vector_bytes=64 --host-param vector_registers=32 --host-param zen=1 \
// RUN:   --no-records --no-timing --dump-ir %t/zen 2>&1 | FileCheck %s --check-prefix=ZEN-HOST
// RUN: FileCheck %s --check-prefix=NARROW < %t/zen/1-scheduled.mlir

// One thread tile per panel of 32 output channels; its filter slice is
// copied into a contiguous 3 x 3 x 256 x 32 buffer with 8 x 32 vectors.
// CHECK-LABEL: func.func @conv(
// CHECK-NOT:     linalg.conv_2d_nhwc_hwcf
// CHECK:         scf.forall ({{.*}}) in (8)
// CHECK:           bufferization.alloc_tensor() : tensor<3x3x256x32xf32>
// CHECK:           scf.for {{.*}} to %c256 step %c8
// CHECK:             vector.transfer_read {{.*}} : tensor<1x1x8x32xf32>, vector<8x32xf32>
// Output rows; 8 output pixels x 32 channels (16 zmm) carried in registers
// across the filter rows and the input channels; the 3 filter columns are
// unrolled: 3 x 8 FMAs per input channel.
// CHECK:           scf.for {{.*}} to %c14 step %c1
// CHECK:             scf.for {{.*}} to %c3 step %c1 iter_args({{.*}}) -> ({{.*}}vector<8x32xf32>)
// CHECK:               scf.for {{.*}} to %c256 step %c1 iter_args({{.*}}) -> ({{.*}}vector<8x32xf32>)
// CHECK-COUNT-24:        vector.fma {{.*}} : vector<32xf32>
// CHECK-NOT:             vector.fma
// CHECK:                 scf.yield
// The remaining 6 pixels of the row (14 = 8 + 6): a static tile of its own.
// CHECK:             scf.for {{.*}} to %c3 step %c1 iter_args({{.*}}) -> ({{.*}}vector<6x32xf32>)
// CHECK:               scf.for {{.*}} to %c256 step %c1 iter_args({{.*}}) -> ({{.*}}vector<6x32xf32>)
// CHECK-COUNT-18:        vector.fma {{.*}} : vector<32xf32>
// CHECK-NOT:             vector.fma
// CHECK:                 scf.yield

// After bufferization only the packed filter panel is allocated; the output
// is updated in place.
// BUF-LABEL: func.func @conv(
// BUF:         memref.alloc() {{.*}} : memref<3x3x256x32xf32>
// BUF-NOT:     memref.alloc
// BUF-NOT:     memref.copy
// BUF:         return

// PANELS:      scf.forall ({{.*}}) in (8)
// PANELS-NEXT:   affine.apply
// PANELS:        bufferization.alloc_tensor() : tensor<3x3x256x32xf32>
// PANELS-NOT:  scf.forall (

// ROWS:        scf.forall ({{.*}}) in (2)
// ROWS:          scf.for {{.*}} = %c0 to %c64 step %c32 {{.*}} -> (tensor<1x28x56x64xf32>)
// ROWS:            bufferization.alloc_tensor() : tensor<3x3x64x32xf32>
// ROWS:            scf.for {{.*}} to %c28 step %c1
// ROWS-NOT:    scf.forall (

// WIDE-HOST: check       arg 2: passed
// WIDE-HOST: n_r=64 ({{.*}} = 64), w_r=5 ({{.*}} = 5), narrow_width=10 (2 * w_r * (1 - zen) = 10)
// WIDE:      bufferization.alloc_tensor() : tensor<3x3x64x64xf32>
// WIDE:      scf.for {{.*}} iter_args({{.*}}) -> ({{.*}}vector<5x64xf32>)
// WIDE-NOT:  vector<8x32xf32>

// CHECKED:   check       arg 2: passed

// ZEN-HOST:  check       arg 2: passed
// ZEN-HOST:  n_r=32 ({{.*}} = 32), w_r=8 ({{.*}} = 8), narrow_width=0 (2 * w_r * (1 - zen) = 0)

// NARROW:    bufferization.alloc_tensor() : tensor<3x3x{{[0-9]+}}x32xf32>
// NARROW:    scf.for {{.*}} iter_args({{.*}}) -> ({{.*}}vector<{{[78]}}x32xf32>)
// NARROW-NOT: vector<5x64xf32>
