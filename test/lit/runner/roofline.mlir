// With the machine's ceilings given, the report places the kernel on the
// roofline: its intensity (here 2 x 128^3 FLOPs over 4 x 128 x 128 x 4
// bytes = 16 FLOP/B), which ceiling bounds it there, and how close it gets.
// The record holds the same numbers (roofline) and the peaks (options).
//
// RUN: loom run %s --no-schedule --iters 1 --peak-gflops-per-core 50 --peak-gbps 10 --threads 2 --json %t.json | FileCheck %s --check-prefix=COMPUTE
// RUN: %{json-get} %t.json roofline.bound roofline.compute_peak_gflops roofline.memory_peak_gbps roofline.ridge_flop_per_byte roofline.intensity_flop_per_byte options.peak_gflops_per_core | FileCheck %s --check-prefix=JSON
// RUN: loom run %s --no-schedule --iters 1 --peak-gflops-per-core 50 --peak-gbps 1 | FileCheck %s --check-prefix=MEMORY
// RUN: loom run %s --no-schedule --iters 1 --peak-gbps 1 | FileCheck %s --check-prefix=ONLY-MEMORY
// RUN: loom run %s --no-schedule --iters 1 | FileCheck %s --check-prefix=NONE
// RUN: %{exit-code} loom run %s --peak-gflops-per-core 0 | FileCheck %s --check-prefix=BAD
// The old spelling works, with a warning.
// RUN: %{exit-code} loom run %s --peak-gflops 0 | FileCheck %s --check-prefix=OLD

// COMPUTE: roofline compute-bound: 16.00 FLOP/B (above the ridge at 10.00 FLOP/B); {{[0-9.]+}} GFLOP/s is {{[0-9]+}}% of the 100.0 GFLOP/s peak

// JSON: roofline.bound = "compute"
// JSON: roofline.compute_peak_gflops = 100.0
// JSON: roofline.memory_peak_gbps = 10.0
// JSON: roofline.ridge_flop_per_byte = 10.0
// JSON: roofline.intensity_flop_per_byte = 16.0
// JSON: options.peak_gflops_per_core = 50.0

// The 256 KiB of the 128^3 matmul fit in one core's caches (where the host
// says how large they are): then the DRAM bandwidth is no bound, and the
// report says so instead of a percentage.
// MEMORY: roofline memory-bound: 16.00 FLOP/B (below the ridge at 50.00 FLOP/B); {{[0-9.]+}} GB/s{{( is [0-9]+% of the 1.0 GB/s bandwidth|, but the working set \(256K\) fits in the caches \(.*\): the 1.0 GB/s DRAM bandwidth does not bound it)}}

// ONLY-MEMORY: roofline memory-bound: 16.00 FLOP/B; {{.*}}; give --peak-gflops-per-core to know whether compute bounds it first

// NONE-NOT: -bound

// BAD: loom run: error: --peak-gflops-per-core must be a finite number > 0
// OLD: loom run: warning: --peak-gflops is deprecated; use --peak-gflops-per-core
// OLD-NEXT: loom run: error: --peak-gflops must be a finite number > 0
// BAD: exit code: 2

func.func @matmul(%a: tensor<128x128xf32>, %b: tensor<128x128xf32>, %c: tensor<128x128xf32>) -> tensor<128x128xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<128x128xf32>, tensor<128x128xf32>) outs(%c : tensor<128x128xf32>) -> tensor<128x128xf32>
  return %0 : tensor<128x128xf32>
}
