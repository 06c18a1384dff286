// The convolution schedule runs a 1x1 convolution of stride 2 as a copy of
// the pixels it reads and a matmul (transform.loom.conv_1x1_to_matmul): the
// copy is split among the threads by output rows (@copy_pixels, one part per
// thread: copy_thread_parts, host default threads), the matmul blocked by
// the matmul schedule. The result is checked against the payload without
// the schedule on one and two threads.
//
// RUN: loom run %s --schedule %{schedules}/conv/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/matmul/schedule.mlir --schedule-lib %{schedules}/lib/vector.mlir \
// RUN:   --no-records --no-timing --threads 2 --dump-ir %t/two | FileCheck %s --check-prefix=RUN2
// RUN: FileCheck %s --check-prefix=IR2 < %t/two/1-scheduled.mlir
// RUN: loom run %s --schedule %{schedules}/conv/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/matmul/schedule.mlir --schedule-lib %{schedules}/lib/vector.mlir \
// RUN:   --no-records --no-timing --dump-ir %t/one | FileCheck %s --check-prefix=RUN1
// RUN: FileCheck %s --check-prefix=IR1 < %t/one/1-scheduled.mlir

// RUN2: check       arg 2: passed
// RUN2: copy_thread_parts=2 (threads = 2)
// RUN1: check       arg 2: passed
// RUN1: copy_thread_parts=1 (threads = 1)

// The pixels read, every other one of every other row, copied by two
// threads, 7 rows each, then the matmul of 196 rows.
// IR2:      %[[PIXELS:.*]] = tensor.extract_slice %{{.*}}[0, 0, 0, 0] [1, 14, 14, 24] [1, 2, 2, 1] : tensor<1x28x28x24xf32> to tensor<1x14x14x24xf32>
// IR2:      scf.forall (%{{.*}}) in (2) shared_outs(%{{.*}} = %{{.*}}) -> (tensor<1x14x14x24xf32>)
// IR2:        linalg.copy ins(%{{.*}} : tensor<1x7x14x24xf32>) outs(%{{.*}} : tensor<1x7x14x24xf32>)
// IR2:      tensor.collapse_shape %{{.*}} {{\[\[}}0, 1, 2], [3]] : tensor<1x14x14x24xf32> into tensor<196x24xf32>
// IR2-NOT:  linalg.conv_2d_nhwc_hwcf
// On one thread, one part: the whole copy (its loop of one part folded).
// IR1:      %[[PIXELS:.*]] = tensor.extract_slice %{{.*}}[0, 0, 0, 0] [1, 14, 14, 24] [1, 2, 2, 1]
// IR1-NOT:  scf.forall
// IR1:      linalg.copy ins(%[[PIXELS]] : tensor<1x14x14x24xf32>)
// IR1-NOT:  linalg.conv_2d_nhwc_hwcf

func.func @conv(%in: tensor<1x28x28x24xf32>, %filter: tensor<1x1x24x40xf32>,
                %out: memref<1x14x14x40xf32>) {
  %o = bufferization.to_tensor %out restrict writable
    : memref<1x14x14x40xf32> to tensor<1x14x14x40xf32>
  %0 = linalg.conv_2d_nhwc_hwcf {strides = dense<2> : tensor<2xi64>}
      ins(%in, %filter : tensor<1x28x28x24xf32>, tensor<1x1x24x40xf32>)
      outs(%o : tensor<1x14x14x40xf32>) -> tensor<1x14x14x40xf32>
  bufferization.materialize_in_destination %0 in restrict writable %out
    : (tensor<1x14x14x40xf32>, memref<1x14x14x40xf32>) -> ()
  return
}
