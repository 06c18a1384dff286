// A matmul of few enough rows to read B in place (matmul-in-place.mlir)
// whose N is a multiple of 1024 is packed when its B streams from memory
// (stream_b_bytes) or it has more than page_in_place_rows rows: its rows of
// B lie a multiple of 4 KiB apart, on the same cache sets and in as many
// pages (48 x 1024 x 2048 ran at 130 GFLOP/s in place against 156 packed on
// Zen 5). With at most page_in_place_rows rows and a B that stays in cache
// it reads B in place (@matmul, 40 rows, B of 1 MiB), its rows prefetched
// l1_reread_prefetch_ahead (2) steps ahead into L1, in wide register tiles
// (page_wide_tiles): five of wide_tile_rows (6) x 64 columns, the 4 rows
// left over and the sixth tile balanced in two tiles of 5 rows
// (balance_rows), not joining the last (8 x 32 tiles with
// page_wide_tiles=0); one row left over joins it (@thirteen_rows: tiles of
// 6 and 7 rows). A matmul of at most
// one_tile_m_r rows (@one_tile, 12 rows) reads B in place whatever N:
// packing would copy each element of B for one use. One register tile of its
// 12 rows (not m_r = 8 and 4) walks along
// whole rows of B: no cache tiles of in_place_n_c columns (a single loop over
// the 1024 columns, step 32), nothing packed; K blocks of page_k_block rows
// (128 of its 256), not in_place_k_block (256); its rows of B prefetched
// though B, 1 MiB, is below stream_b_bytes: l1_prefetch_ahead (8) rows
// ahead into L1 (locality 3) when B is below page_stream_b_bytes,
// prefetch_ahead rows ahead into L2 (locality 2: rows 4 KiB apart) when it
// is not. page_stream_b_bytes is stream_b_bytes on a Zen (host parameter
// zen=1) and eight times stream_b_bytes elsewhere: with stream_b_bytes of
// 1 MiB the one_tile matmul prefetches into L2 on a Zen, into L1 on
// others; rows of
// B 16 KiB apart (@one_tile_far, N = 4096) l1_far_prefetch_ahead (4) rows
// ahead into L1. A
// matmul of at most wide_tile_rows rows (@six_rows, 6) has register tiles
// of two in_place_n_r (64 columns), four lines of each row of B a step, and
// prefetches l1_far_prefetch_ahead (4) rows ahead too, not
// l1_prefetch_ahead (8), so that as many lines are in flight.
//
// RUN: loom run %s --func matmul --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --knob m_r=8 --knob in_place_m_r=8 --knob n_r=1 --knob in_place_rows=128 \
// RUN:   --knob page_in_place_rows=32 --knob stream_b_bytes=8388608 \
// RUN:   --dump-ir %t/packed 2>&1 | FileCheck %s --implicit-check-not=remark
// RUN: FileCheck %s --check-prefix=PACKED < %t/packed/1-scheduled.mlir
// RUN: loom run %s --func matmul --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --knob m_r=8 --knob in_place_m_r=8 --knob n_r=1 --knob in_place_rows=128 \
// RUN:   --knob page_in_place_rows=48 --knob stream_b_bytes=1048576 \
// RUN:   --dump-ir %t/packed-streamed 2>&1 | FileCheck %s --implicit-check-not=remark
// RUN: FileCheck %s --check-prefix=PACKED < %t/packed-streamed/1-scheduled.mlir
// RUN: loom run %s --func matmul --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --knob m_r=8 --knob in_place_m_r=8 --knob n_r=1 --knob in_place_rows=128 \
// RUN:   --knob page_in_place_rows=48 --knob stream_b_bytes=8388608 \
// RUN:   --knob l1_reread_prefetch_ahead=2 \
// RUN:   --dump-ir %t/page-in-place 2>&1 | FileCheck %s --implicit-check-not=remark
// RUN: FileCheck %s --check-prefix=PAGE-IN-PLACE --implicit-check-not=linalg.pack \
// RUN:   < %t/page-in-place/1-scheduled.mlir
// RUN: FileCheck %s --check-prefix=PREFETCH-2 < %t/page-in-place/3-llvm-dialect.mlir
// RUN: loom run %s --func matmul --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --knob m_r=8 --knob in_place_m_r=8 --knob n_r=1 --knob in_place_rows=128 \
// RUN:   --knob page_in_place_rows=48 --knob stream_b_bytes=8388608 \
// RUN:   --knob page_wide_tiles=0 --knob ahead_m_r=8 \
// RUN:   --dump-ir %t/page-narrow 2>&1 | FileCheck %s --implicit-check-not=remark
// RUN: FileCheck %s --check-prefix=PAGE-NARROW --implicit-check-not=linalg.pack \
// RUN:   --implicit-check-not='x64xf32>' < %t/page-narrow/1-scheduled.mlir
// RUN: loom run %s --func thirteen_rows --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --knob m_r=8 --knob in_place_m_r=8 --knob n_r=1 --knob one_tile_m_r=12 --knob page_one_tile_m_r=12 --knob in_place_rows=128 \
// RUN:   --knob page_in_place_rows=48 --knob stream_b_bytes=8388608 \
// RUN:   --dump-ir %t/thirteen 2>&1 | FileCheck %s --implicit-check-not=remark
// RUN: FileCheck %s --check-prefix=THIRTEEN --implicit-check-not=linalg.pack \
// RUN:   --implicit-check-not='x32xf32>' < %t/thirteen/1-scheduled.mlir
// RUN: loom run %s --func one_tile --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --knob m_r=8 --knob in_place_m_r=8 --knob one_tile_m_r=12 --knob page_one_tile_m_r=12 --knob n_r=1 --knob in_place_rows=128 \
// RUN:   --knob in_place_n_c=256 --knob in_place_n_r=32 \
// RUN:   --knob in_place_k_block=256 --knob page_k_block=128 \
// RUN:   --knob stream_b_bytes=8388608 --knob page_stream_b_bytes=8388608 \
// RUN:   --knob l1_prefetch_ahead=8 --dump-ir %t/in-place 2>&1 | FileCheck %s --implicit-check-not=remark
// RUN: FileCheck %s --check-prefix=IN-PLACE --implicit-check-not='x1x32xf32>' \
// RUN:   --implicit-check-not='step %c256' < %t/in-place/1-scheduled.mlir
// RUN: FileCheck %s --check-prefix=PREFETCH-L1 < %t/in-place/3-llvm-dialect.mlir
// RUN: loom run %s --func one_tile --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --knob m_r=8 --knob in_place_m_r=8 --knob one_tile_m_r=12 --knob page_one_tile_m_r=12 --knob n_r=1 --knob in_place_rows=128 \
// RUN:   --knob in_place_n_r=32 --knob page_k_block=128 \
// RUN:   --knob page_stream_b_bytes=1048576 --knob prefetch_ahead=64 \
// RUN:   --dump-ir %t/streamed 2>&1 | FileCheck %s --implicit-check-not=remark
// RUN: FileCheck %s --check-prefix=PREFETCH-L2 < %t/streamed/3-llvm-dialect.mlir
// RUN: loom run %s --func one_tile --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --knob m_r=8 --knob in_place_m_r=8 --knob one_tile_m_r=12 --knob page_one_tile_m_r=12 --knob n_r=1 --knob in_place_rows=128 \
// RUN:   --knob in_place_n_r=32 --knob page_k_block=128 \
// RUN:   --knob stream_b_bytes=1048576 --knob prefetch_ahead=64 --host-param zen=1 \
// RUN:   --dump-ir %t/streamed-zen 2>&1 | FileCheck %s --check-prefix=ZEN
// RUN: FileCheck %s --check-prefix=PREFETCH-L2 < %t/streamed-zen/3-llvm-dialect.mlir
// RUN: loom run %s --func one_tile --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --knob m_r=8 --knob in_place_m_r=8 --knob one_tile_m_r=12 --knob page_one_tile_m_r=12 --knob n_r=1 --knob in_place_rows=128 \
// RUN:   --knob in_place_n_r=32 --knob page_k_block=128 --knob l1_prefetch_ahead=8 \
// RUN:   --knob stream_b_bytes=1048576 --host-param zen=0 \
// RUN:   --dump-ir %t/streamed-other 2>&1 | FileCheck %s --check-prefix=OTHER
// RUN: FileCheck %s --check-prefix=PREFETCH-L1 < %t/streamed-other/3-llvm-dialect.mlir
// RUN: loom run %s --func one_tile_far --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --knob m_r=8 --knob in_place_m_r=8 --knob one_tile_m_r=12 --knob page_one_tile_m_r=12 --knob n_r=1 --knob in_place_rows=128 \
// RUN:   --knob in_place_n_r=32 --knob stream_b_bytes=8388608 \
// RUN:   --knob page_stream_b_bytes=8388608 \
// RUN:   --knob l1_prefetch_ahead=8 --knob l1_far_prefetch_ahead=4 \
// RUN:   --dump-ir %t/far 2>&1 | FileCheck %s --implicit-check-not=remark
// RUN: FileCheck %s --check-prefix=PREFETCH-FAR < %t/far/3-llvm-dialect.mlir
// RUN: loom run %s --func six_rows --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --knob m_r=8 --knob in_place_m_r=8 --knob one_tile_m_r=12 --knob page_one_tile_m_r=12 --knob few_rows=4 --knob n_r=1 \
// RUN:   --knob in_place_n_r=32 --knob wide_tile_rows=6 --knob stream_b_bytes=8388608 \
// RUN:   --knob page_stream_b_bytes=8388608 \
// RUN:   --knob l1_prefetch_ahead=8 --knob l1_far_prefetch_ahead=4 \
// RUN:   --dump-ir %t/six 2>&1 | FileCheck %s --implicit-check-not=remark
// RUN: FileCheck %s --check-prefix=SIX --implicit-check-not='x32xf32>' \
// RUN:   < %t/six/1-scheduled.mlir
// RUN: FileCheck %s --check-prefix=PREFETCH-FAR < %t/six/3-llvm-dialect.mlir
// A matmul of 16 rows whose N is a page multiple is one register tile of
// its 16 rows off a Zen with 32 registers (page_one_tile_m_r: one_tile_m_r
// + 2 there), B read in place once; on a Zen (page_one_tile_m_r =
// one_tile_m_r = 12) B is packed (page_in_place_rows 0 here), tiles of m_r.
// RUN: loom run %s --func sixteen_rows --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --host-param vector_bytes=64 --host-param vector_registers=32 --host-param zen=0 \
// RUN:   --knob page_in_place_rows=0 \
// RUN:   --dump-ir %t/sixteen 2>&1 | FileCheck %s --check-prefix=SIXTEEN-LOG
// RUN: FileCheck %s --check-prefix=SIXTEEN --implicit-check-not=linalg.pack \
// RUN:   < %t/sixteen/1-scheduled.mlir
// RUN: loom run %s --func sixteen_rows --schedule %{schedules}/matmul/schedule.mlir \
// RUN:   --schedule-lib %{schedules}/lib/vector.mlir --no-records --iters 1 \
// RUN:   --host-param vector_bytes=64 --host-param vector_registers=32 --host-param zen=1 \
// RUN:   --knob page_in_place_rows=0 \
// RUN:   --dump-ir %t/sixteen-zen 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=PACKED --implicit-check-not='vector<16x32xf32>' \
// RUN:   < %t/sixteen-zen/1-scheduled.mlir

// CHECK: check       arg 2: passed
// SIXTEEN-LOG: check       arg 2: passed
// SIXTEEN-LOG: one_tile_m_r=14 (3 * vector_registers / 8 * zen + (vector_registers - 4) / 2 * (1 - zen) = 14), page_one_tile_m_r=16 (one_tile_m_r + 2 * (vector_registers > 16) * (1 - zen) = 16)
// SIXTEEN: vector.transfer_read {{.*}} : tensor<16x32xf32>, vector<16x32xf32>
// ZEN: check       arg 2: passed
// ZEN: page_stream_b_bytes=1048576 (stream_b_bytes * zen + 8 * stream_b_bytes * (1 - zen) = 1048576)
// OTHER: check       arg 2: passed
// OTHER: page_stream_b_bytes=8388608 (stream_b_bytes * zen + 8 * stream_b_bytes * (1 - zen) = 8388608)
// PACKED: vector<8x1x32xf32>
// PAGE-IN-PLACE: scf.for %{{.*}} = %c0 to %c30 step %c6
// PAGE-IN-PLACE: vector.transfer_read {{.*}} : tensor<6x64xf32>, vector<6x64xf32>
// PAGE-IN-PLACE: vector.transfer_read {{.*}} : tensor<5x64xf32>, vector<5x64xf32>
// PAGE-IN-PLACE: vector.transfer_read {{.*}} : tensor<5x64xf32>, vector<5x64xf32>
// THIRTEEN: vector.transfer_read {{.*}} : tensor<6x64xf32>, vector<6x64xf32>
// THIRTEEN: vector.transfer_read {{.*}} : tensor<7x64xf32>, vector<7x64xf32>
// PAGE-NARROW: scf.for %{{.*}} = %c0 to %c40 step %c8
// PAGE-NARROW: vector.transfer_read {{.*}} : tensor<8x32xf32>, vector<8x32xf32>
// PREFETCH-2: %[[TWO:.*]] = llvm.mlir.constant(2 : index) : i64
// PREFETCH-2: llvm.add %{{.*}}, %[[TWO]] : i64
// PREFETCH-2: "llvm.intr.prefetch"({{.*}}) <{cache = 1 : i32, hint = 3 : i32, rw = 0 : i32}>
// PREFETCH-2-NOT: hint = 2

// IN-PLACE: scf.for %{{.*}} = %c0 to %c256 step %c128
// IN-PLACE: scf.for %{{.*}} = %c0 to %c1024 step %c32
// IN-PLACE: tensor.extract_slice %{{.*}}[0, %{{.*}}] [128, 32] [1, 1] : tensor<128x1024xf32> to tensor<128x32xf32>
// IN-PLACE: vector.transfer_read {{.*}} : tensor<12x32xf32>, vector<12x32xf32>
// IN-PLACE: scf.for %{{.*}} = %c0 to %c128 step %c1
// IN-PLACE: vector.transfer_read {{.*}} : tensor<1x32xf32>, vector<32xf32>

// PREFETCH-L1: %[[EIGHT:.*]] = llvm.mlir.constant(8 : index) : i64
// PREFETCH-L1: llvm.add %{{.*}}, %[[EIGHT]] : i64
// PREFETCH-L1: "llvm.intr.prefetch"({{.*}}) <{cache = 1 : i32, hint = 3 : i32, rw = 0 : i32}>
// PREFETCH-L1-NOT: hint = 2
// PREFETCH-FAR: %[[FOUR:.*]] = llvm.mlir.constant(4 : index) : i64
// PREFETCH-FAR: llvm.add %{{.*}}, %[[FOUR]] : i64
// PREFETCH-FAR: "llvm.intr.prefetch"({{.*}}) <{cache = 1 : i32, hint = 3 : i32, rw = 0 : i32}>
// PREFETCH-FAR-NOT: hint = 2
// PREFETCH-L2: %[[SIXTYFOUR:.*]] = llvm.mlir.constant(64 : index) : i64
// PREFETCH-L2: llvm.add %{{.*}}, %[[SIXTYFOUR]] : i64
// PREFETCH-L2: "llvm.intr.prefetch"({{.*}}) <{cache = 1 : i32, hint = 2 : i32, rw = 0 : i32}>
// PREFETCH-L2-NOT: hint = 3

// SIX: vector.transfer_read {{.*}} : tensor<6x64xf32>, vector<6x64xf32>
// SIX: vector.transfer_read {{.*}} : tensor<1x64xf32>, vector<64xf32>

func.func @matmul(%A: tensor<40x256xf32>, %B: tensor<256x1024xf32>, %C: memref<40x1024xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<40x1024xf32> to tensor<40x1024xf32>
  %r = linalg.matmul ins(%A, %B : tensor<40x256xf32>, tensor<256x1024xf32>) outs(%c : tensor<40x1024xf32>) -> tensor<40x1024xf32>
  bufferization.materialize_in_destination %r in restrict writable %C : (tensor<40x1024xf32>, memref<40x1024xf32>) -> ()
  return
}

func.func @one_tile(%A: tensor<12x256xf32>, %B: tensor<256x1024xf32>, %C: memref<12x1024xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<12x1024xf32> to tensor<12x1024xf32>
  %r = linalg.matmul ins(%A, %B : tensor<12x256xf32>, tensor<256x1024xf32>) outs(%c : tensor<12x1024xf32>) -> tensor<12x1024xf32>
  bufferization.materialize_in_destination %r in restrict writable %C : (tensor<12x1024xf32>, memref<12x1024xf32>) -> ()
  return
}

func.func @six_rows(%A: tensor<6x256xf32>, %B: tensor<256x1024xf32>, %C: memref<6x1024xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<6x1024xf32> to tensor<6x1024xf32>
  %r = linalg.matmul ins(%A, %B : tensor<6x256xf32>, tensor<256x1024xf32>) outs(%c : tensor<6x1024xf32>) -> tensor<6x1024xf32>
  bufferization.materialize_in_destination %r in restrict writable %C : (tensor<6x1024xf32>, memref<6x1024xf32>) -> ()
  return
}

func.func @thirteen_rows(%A: tensor<13x256xf32>, %B: tensor<256x1024xf32>, %C: memref<13x1024xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<13x1024xf32> to tensor<13x1024xf32>
  %r = linalg.matmul ins(%A, %B : tensor<13x256xf32>, tensor<256x1024xf32>) outs(%c : tensor<13x1024xf32>) -> tensor<13x1024xf32>
  bufferization.materialize_in_destination %r in restrict writable %C : (tensor<13x1024xf32>, memref<13x1024xf32>) -> ()
  return
}

func.func @one_tile_far(%A: tensor<12x64xf32>, %B: tensor<64x4096xf32>, %C: memref<12x4096xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<12x4096xf32> to tensor<12x4096xf32>
  %r = linalg.matmul ins(%A, %B : tensor<12x64xf32>, tensor<64x4096xf32>) outs(%c : tensor<12x4096xf32>) -> tensor<12x4096xf32>
  bufferization.materialize_in_destination %r in restrict writable %C : (tensor<12x4096xf32>, memref<12x4096xf32>) -> ()
  return
}

func.func @sixteen_rows(%A: tensor<16x256xf32>, %B: tensor<256x1024xf32>, %C: memref<16x1024xf32>) {
  %c = bufferization.to_tensor %C restrict writable : memref<16x1024xf32> to tensor<16x1024xf32>
  %r = linalg.matmul ins(%A, %B : tensor<16x256xf32>, tensor<256x1024xf32>) outs(%c : tensor<16x1024xf32>) -> tensor<16x1024xf32>
  bufferization.materialize_in_destination %r in restrict writable %C : (tensor<16x1024xf32>, memref<16x1024xf32>) -> ()
  return
}
