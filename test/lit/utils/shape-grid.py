#!/usr/bin/env python3
"""Runs shipped schedules over a grid of awkward shapes and checks each result.

    shape-grid.py --loom LOOM --schedules DIR --work DIR [--kernel NAME]

For every kernel family (matmul, matmul + bias + ReLU, batch_matmul,
conv_2d_nhwc_hwcf, also in f64, f16 and i32) and every shape of its grid
(odd, skinny, tall, tiny, larger than one tile, not a multiple of any
tile), this writes the payload
(one file per family, a test case per shape), saves the outputs of the payload
without a schedule once (`loom run --no-schedule --save-outputs`) and runs
`loom run --no-timing --split-input-file --reference-outputs` with every
shipped schedule of that family: loom checks the scheduled kernel against
those outputs of the payload without the schedule.
Prints one line per run ("ok", or "FAIL" with loom's exit code and the
first error line) and a summary; exits 1 when a run failed.
"""
import argparse
import functools
import json
import os
import shutil
import subprocess
import sys

# (M, N, K): odd primes-ish, skinny M or N (<= 64), tall, tiny, a K of 1,
# sizes just above and below the tiles (8 x 32 register tiles, 64 x 256
# thread tiles, K blocks of 256).
MATMUL_SHAPES = [
    (333, 777, 555),
    (1, 1, 1),
    (7, 5, 3),
    (1, 300, 17),
    (9, 33, 257),
    (64, 520, 100),
    (300, 48, 70),
    (517, 9, 31),
    (65, 257, 1),
    (8, 32, 8),
    (3, 197, 40),
    (4, 130, 9),
    # B read in place with as many rows as columns left over (8 x 8, 4 x 4):
    # MLIR 22 miscompiled such tiles (llvm/llvm-project#190614).
    (8, 40, 3),
    (4, 132, 5),
    # N a multiple of 1024 and a B in cache: in place up to
    # page_in_place_rows (48 on one thread), prefetched into L1; more rows
    # packed in short K blocks (on two threads in place up to 128).
    (37, 1024, 45),
    (67, 1024, 45),
    # One register tile of rows: 5-6 rows in tiles of four vectors
    # (wide_tile_rows), the columns left over in narrower tiles; 12 rows
    # whose N is a multiple of 1024.
    (6, 200, 33),
    (12, 2048, 20),
]
BATCH_SHAPES = [(3, 33, 65, 17), (2, 1, 40, 9), (1, 70, 31, 300), (4, 64, 64, 64)]
# (N, H, W, C, F, KH, KW, stride[, dilation]): output 7x7 and 14x14, a 1x1
# kernel, odd channel counts (not a multiple of the channel panels), widths
# that are not a multiple of the register tile, stride 2, dilation 2.
CONV_SHAPES = [
    (1, 7, 7, 64, 64, 3, 3, 1),
    (1, 14, 14, 17, 33, 3, 3, 1),
    (1, 7, 7, 96, 40, 1, 1, 1),
    (2, 5, 9, 3, 5, 3, 3, 2),
    (1, 13, 11, 19, 7, 5, 5, 1),
    (1, 3, 21, 8, 64, 3, 3, 1, 2),
    (1, 1, 1, 1, 1, 1, 1, 1),
    # 1x1 of stride 1: a matmul of (N H W) rows (transform.loom.conv_1x1_to_matmul).
    (2, 5, 9, 3, 5, 1, 1, 1),
    (1, 13, 11, 19, 7, 1, 1, 1),
    # 1x1 of stride 2 (and 3): the pixels read copied, then a matmul.
    (1, 9, 7, 5, 20, 1, 1, 2),
    (2, 12, 12, 16, 33, 1, 1, 3),
]
# Other element types (the convolution schedule pads and packs any of them).
CONV_TYPE_SHAPES = [
    (1, 14, 14, 17, 33, 3, 3, 1, 1, "f64"),
    (1, 9, 10, 5, 20, 3, 3, 1, 1, "f16"),
    (1, 9, 10, 5, 20, 3, 3, 1, 1, "i32"),
    (1, 9, 10, 5, 20, 1, 1, 1, 1, "f64"),
]


def t(*dims, ty="f32"):
    return "tensor<" + "x".join(str(d) for d in dims) + "x" + ty + ">"


def m(*dims, ty="f32"):
    return "memref<" + "x".join(str(d) for d in dims) + "x" + ty + ">"


def dps(args, op, out_dims, body="", ty="f32"):
    """A function that accumulates `op` into its last (memref) argument."""
    return f"""func.func @kernel({args}, %C: {m(*out_dims, ty=ty)}) {{
  %c = bufferization.to_tensor %C restrict writable : {m(*out_dims, ty=ty)} to {t(*out_dims, ty=ty)}
{body}  %r = {op}
  bufferization.materialize_in_destination %r in restrict writable %C
    : ({t(*out_dims, ty=ty)}, {m(*out_dims, ty=ty)}) -> ()
  return
}}
"""


def matmul(M, N, K):
    return dps(
        f"%A: {t(M, K)}, %B: {t(K, N)}",
        f"linalg.matmul ins(%A, %B : {t(M, K)}, {t(K, N)}) outs(%c : {t(M, N)}) -> {t(M, N)}",
        (M, N),
    )


def matmul_bias_relu(M, N, K):
    return f"""func.func @kernel(%A: {t(M, K)}, %B: {t(K, N)}, %bias: {t(N)}, %C: {m(M, N)}) {{
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : {t(M, N)}
  %init = linalg.fill ins(%zero : f32) outs(%empty : {t(M, N)}) -> {t(M, N)}
  %mm = linalg.matmul ins(%A, %B : {t(M, K)}, {t(K, N)}) outs(%init : {t(M, N)}) -> {t(M, N)}
  %c = bufferization.to_tensor %C restrict writable : {m(M, N)} to {t(M, N)}
  %r = linalg.generic {{
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>,
                       affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}}
      ins(%mm, %bias : {t(M, N)}, {t(N)}) outs(%c : {t(M, N)}) {{
  ^bb0(%x: f32, %b: f32, %o: f32):
    %sum = arith.addf %x, %b : f32
    %relu = arith.maximumf %sum, %zero : f32
    linalg.yield %relu : f32
  }} -> {t(M, N)}
  bufferization.materialize_in_destination %r in restrict writable %C
    : ({t(M, N)}, {m(M, N)}) -> ()
  return
}}
"""


def batch_matmul(B, M, N, K):
    return dps(
        f"%A: {t(B, M, K)}, %B: {t(B, K, N)}",
        f"linalg.batch_matmul ins(%A, %B : {t(B, M, K)}, {t(B, K, N)}) "
        f"outs(%c : {t(B, M, N)}) -> {t(B, M, N)}",
        (B, M, N),
    )


def conv(N, H, W, C, F, KH, KW, s, d=1, ty="f32"):
    IH, IW = (H - 1) * s + (KH - 1) * d + 1, (W - 1) * s + (KW - 1) * d + 1
    return dps(
        f"%I: {t(N, IH, IW, C, ty=ty)}, %K: {t(KH, KW, C, F, ty=ty)}",
        f"linalg.conv_2d_nhwc_hwcf {{dilations = dense<{d}> : tensor<2xi64>, "
        f"strides = dense<{s}> : tensor<2xi64>}} ins(%I, %K : {t(N, IH, IW, C, ty=ty)}, "
        f"{t(KH, KW, C, F, ty=ty)}) outs(%c : {t(N, H, W, F, ty=ty)}) -> {t(N, H, W, F, ty=ty)}",
        (N, H, W, F),
        ty=ty,
    )


def kernels(schedules):
    """(family, shapes, payload maker, [(schedule, [libs], extra args)])."""
    lib = lambda name: os.path.join(schedules, "lib", name)
    default = [(lib("default.mlir"), [], [])]
    fused_libs = [lib("default.mlir"), os.path.join(schedules, "matmul", "schedule.mlir"),
                  lib("vector.mlir")]
    matmul_libs = [os.path.join(schedules, "matmul", "schedule.mlir"), lib("vector.mlir")]
    return [
        ("matmul", MATMUL_SHAPES, matmul,
         [(os.path.join(schedules, "matmul", "schedule.mlir"), [lib("vector.mlir")], extra)
          # B packed before the loops and per K block (the default picks one
          # by the rows), the latter with partial K blocks and cache tiles
          # (several in each thread's part, the last one partial); B read in
          # place up to 8 rows (tiles of 1-2, 3-4 and 5-8 rows).
          for extra in ([], ["--knob", "pack_b_rows=0"],
                        ["--knob", "pack_b_rows=4096", "--knob", "k_block=64",
                         "--knob", "n_panels=2", "--knob", "m_c=32"],
                        ["--knob", "few_rows=8"])]
         + default),
        ("matmul_bias_relu", MATMUL_SHAPES, matmul_bias_relu,
         [(os.path.join(schedules, "matmul_bias_relu", "schedule.mlir"), fused_libs, extra)
          for extra in ([], ["--knob", "blocking=0"])] + default),
        ("batch_matmul", BATCH_SHAPES, batch_matmul,
         [(os.path.join(schedules, "batch_matmul", "schedule.mlir"), matmul_libs, [])]
         + default),
        ("conv", CONV_SHAPES, conv,
         [(os.path.join(schedules, "conv", "schedule.mlir"), matmul_libs, extra)
          for extra in ([], ["--knob", "pack_filter=0"])] + default),
        ("conv", CONV_TYPE_SHAPES, conv,
         [(os.path.join(schedules, "conv", "schedule.mlir"), matmul_libs, [])]),
    ]


@functools.lru_cache(maxsize=None)
def has_host_default(path):
    return "loom.host_default" in open(path).read()


def reads_host(schedule, libs):
    """Whether a knob of the schedule or its libraries has a host default."""
    return any(has_host_default(path) for path in [schedule] + libs)


def read_records(path, count):
    """The records of a --split-input-file run, None for a case without one."""
    try:
        with open(path) as f:
            records = json.load(f)
    except (OSError, ValueError):
        records = []
    return (records + [None] * count)[:count]


def describe_failure(record, proc):
    """A failed case: its exit code and error, or loom's when it has no record."""
    if record is not None:
        return f"exit {record['exit_code']}: {record['error']}"
    # loom itself stopped before this case: its exit code and first error.
    output = (proc.stderr + proc.stdout).strip().splitlines()
    first = next((l for l in output if "error" in l), output[0] if output else "")
    return f"no record (loom exit {proc.returncode}): {first}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loom", required=True)
    parser.add_argument("--schedules", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--kernel", action="append", help="only these families")
    parser.add_argument("--threads", default="1")
    parser.add_argument("--host-param", action="append", default=[],
                        help="NAME=VALUE: loom run's --host-param, to apply the schedules "
                        "as they are on another machine (repeatable); schedules with no "
                        "loom.host_default are skipped, their runs being the same")
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    runs = failures = skipped = 0
    for family, shapes, make, schedules in kernels(args.schedules):
        if args.kernel and family not in args.kernel:
            continue
        # One payload file of every shape of the family, one test case each
        # (// -----): one `loom run --split-input-file` per schedule runs them
        # all, without a process (and its start, about 0.3 s) per run.
        names = [family + "_" + "x".join(str(d) for d in shape) for shape in shapes]
        payload = os.path.join(args.work, names[0] + "-grid.mlir")
        with open(payload, "w") as f:
            f.write("\n// -----\n\n".join(make(*shape) for shape in shapes))
        # The reference of every shape, computed once (the payload without a
        # schedule, its outputs saved case by case under DIR/case-N): each
        # schedule's run checks against these files instead of compiling and
        # running the reference again.
        references = os.path.join(args.work, names[0] + "-reference")
        shutil.rmtree(references, ignore_errors=True)  # Never an earlier run's.
        reference_records = references + ".json"
        proc = subprocess.run([args.loom, "run", payload, "--split-input-file", "--no-schedule",
                               "--no-check", "--no-timing", "--quiet", "--save-outputs",
                               references, "--json", reference_records],
                              capture_output=True, text=True)
        lines = {}  # (shape, schedule) -> line: printed shape by shape
        # A shape without a reference is a failure of its own, named as such
        # (its schedules' runs then fail to read the reference's files).
        for case, (name, record) in enumerate(
                zip(names, read_records(reference_records, len(names)))):
            if record is None or record["exit_code"] != 0:
                failures += 1
                runs += 1
                lines[case, -1] = f"FAIL {name} reference: {describe_failure(record, proc)}"
        for index, (schedule, libs, extra) in enumerate(schedules):
            if args.host_param and not reads_host(schedule, libs):
                # The same runs as without --host-param (shape-grid.test's).
                skipped += len(shapes)
                continue
            records_path = os.path.join(args.work, f"{names[0]}-{index}.json")
            if os.path.exists(records_path):
                os.remove(records_path)  # Never read an earlier run's records.
            cmd = [args.loom, "run", payload, "--split-input-file", "--json", records_path,
                   "--schedule", schedule, "--no-timing", "--quiet",
                   "--threads", args.threads, "--reference-outputs", references] + extra
            for p in args.host_param:
                cmd += ["--host-param", p]
            for l in libs:
                cmd += ["--schedule-lib", l]
            proc = subprocess.run(cmd, capture_output=True, text=True)
            records = read_records(records_path, len(names))
            for case, (name, record) in enumerate(zip(names, records)):
                runs += 1
                label = " ".join([name, os.path.relpath(schedule, args.schedules)] + extra[1::2])
                if record is not None and record["exit_code"] == 0:
                    lines[case, index] = f"ok   {label}"
                    continue
                failures += 1
                lines[case, index] = f"FAIL {label}: {describe_failure(record, proc)}"
        for key in sorted(lines):
            print(lines[key])
    if skipped:
        print(f"{skipped} runs skipped: their schedules have no loom.host_default, "
              "so the host parameters do not change them")
    print(f"{runs - failures} of {runs} runs passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
