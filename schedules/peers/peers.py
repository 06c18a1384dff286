#!/usr/bin/env python3
"""The peers benchmark: every kernel of docs/performance.md with Loom's
schedule, oneDNN and OpenBLAS, in one `loom bench` run (interleaved,
shuffled repetitions), then a table of GFLOP/s, GB/s, the ratio of Loom to
the best peer and the fraction of the roofline's bound (the FMA peak or the
memory bandwidth, whichever limits the kernel at its intensity). Softmax and the elementwise
chain are compared with oneDNN only (its softmax primitive; its binary primitive with post-ops
for the chain): OpenBLAS has neither.

  schedules/peers/peers.py suite > schedules/suites/peers.json
      Write the suite (a test fails when the committed one is stale).
  schedules/peers/peers.py suite --outside > schedules/suites/outside.json
      The matmuls, ResNet-50 convolutions, softmaxes and elementwise chains
      of shapes outside that suite, which no record was tuned for (Loom with the host's defaults;
      docs/performance.md, "Shapes outside the suite").
  loom bench schedules/suites/peers.json --out peers.json [--repetitions 5]
      Run it (about 6 minutes on 2 cores with 5 repetitions).
  schedules/peers/peers.py table peers.json [--peak-gflops-per-core X] [--markdown]
      Print the table. "% of bound" is what loom bench recorded (results
      with a roofline); for older results, or with --peak-gflops-per-core,
      it is of that FMA peak (else the one the results carry, else `loom
      peak`'s cache).
"""

import argparse
import json
import os
import signal
import sys

# (kernel, payload relative to schedules/, Loom's schedule, its libraries,
#  thread counts). Loom's schedule is the kernel's own (matmul, any shape;
# matmul + bias + ReLU; conv_2d_nhwc_hwcf) or schedules/lib/default.mlir, whichever is faster
# on the shape (docs/performance.md). The peers compute the matmul of
# matmul + bias + ReLU and leave the epilogue to the plain lowering (loops
# LLVM vectorizes).
MATMUL = ("matmul/schedule.mlir", ["lib/vector.mlir"])
BATCH = ("batch_matmul/schedule.mlir", ["matmul/schedule.mlir", "lib/vector.mlir"])
FUSED = ("matmul_bias_relu/schedule.mlir",
         ["lib/default.mlir", "matmul/schedule.mlir", "lib/vector.mlir"])
CONV = ("conv/schedule.mlir", ["matmul/schedule.mlir", "lib/vector.mlir"])
SOFTMAX = ("softmax/schedule.mlir", ["lib/default.mlir"])
ELEMENTWISE = ("elementwise/schedule.mlir", [])
KERNELS = [
    ("matmul_256", "matmul/matmul_256.mlir", MATMUL, [1, 2]),
    ("matmul_512", "matmul/matmul_512.mlir", MATMUL, [1, 2]),
    ("matmul_1024", "matmul/matmul.mlir", MATMUL, [1, 2]),
    ("matmul_2048", "matmul/matmul_2048.mlir", MATMUL, [1, 2]),
    ("matmul_1000", "matmul/matmul_1000.mlir", MATMUL, [1, 2]),
    ("matmul_4096x64x4096", "matmul/matmul_4096x64x4096.mlir", MATMUL, [1, 2]),
    ("matmul_333x777x555", "matmul/matmul_333x777x555.mlir", MATMUL, [1, 2]),
    ("matmul_64x4096x4096", "matmul/matmul_64x4096x4096.mlir", MATMUL, [1, 2]),
    ("matmul_bias_relu_256", "matmul_bias_relu/matmul_bias_relu_256.mlir", FUSED,
     [1, 2]),
    ("matmul_bias_relu_1024", "matmul_bias_relu/matmul_bias_relu_1024.mlir", FUSED,
     [1, 2]),
    ("matmul_bias_relu_2048", "matmul_bias_relu/matmul_bias_relu_2048.mlir", FUSED,
     [1, 2]),
    ("batch_matmul_8x512", "batch_matmul/batch_matmul.mlir", BATCH, [1]),
    ("conv_56x56x64", "conv/conv_56x56x64.mlir", CONV, [1, 2]),
    ("conv_28x28x128", "conv/conv_28x28x128.mlir", CONV, [1, 2]),
    ("conv_14x14x256", "conv/conv_14x14x256.mlir", CONV, [1, 2]),
    ("conv_7x7x512", "conv/conv_7x7x512.mlir", CONV, [1, 2]),
    ("conv_1x1_56x56x64x256", "conv/conv_1x1_56x56x64x256.mlir", CONV, [1]),
    ("conv_1x1_7x7x2048x512", "conv/conv_1x1_7x7x2048x512.mlir", CONV, [1]),
    ("softmax_1024", "softmax/softmax_1024.mlir", SOFTMAX, [1, 2]),
    ("softmax_4096", "softmax/softmax_4096.mlir", SOFTMAX, [1, 2]),
    ("elementwise_16M", "elementwise/elementwise.mlir", ELEMENTWISE, [1, 2]),
]
# Matmuls of shapes nobody tuned (M x N x K): transformer-like (BERT's
# and GPT-2 XL's feed-forward layers, LLaMA-7B's up projection for a batch
# of 192 tokens), odd, skinny (few rows or columns; 8 and 24 rows with a B
# of 16 MB that streams from memory, 8, 16 and 48 with a B of 4 MB that
# stays in L3, its rows 4 KiB apart, 8 with rows 16 KiB apart, 7 in a
# register tile of three vectors a row), tall, one of a single row, one
# whose rows of B are 6 KiB apart (64 x 1536 x 1536) and one whose rows
# are 3 KiB apart with a B that streams (64 x 768 x 3072, a transformer's
# projection), and BERT's feed-forward up projection for 16 tokens (16 x
# 3072 x 768: two register tiles of rows, rows of B 12 KiB apart, a B of 9
# MiB that stays in L3).
OUTSIDE_SHAPES = [(128, 3072, 768), (512, 768, 3072), (256, 6400, 1600),
                  (192, 11008, 4096), (384, 1024, 1024),
                  (1536, 1536, 1536), (777, 333, 555), (4096, 16, 4096),
                  (2000, 64, 2000), (100, 1000, 300), (49, 1000, 2048),
                  (8, 2000, 2000), (8, 2048, 2048), (8, 1024, 1024), (16, 1024, 1024),
                  (48, 1024, 1024), (8, 4096, 256),
                  (24, 4000, 1000), (31, 517, 1023), (16, 4096, 4096),
                  (4, 4096, 4096),
                  (1, 4096, 4096), (7, 1024, 1024), (64, 1536, 1536),
                  (64, 768, 3072), (14, 1024, 1024), (13, 517, 1023),
                  (16, 3072, 768)]
OUTSIDE = [(f"matmul_{m}x{n}x{k}", f"matmul/shapes/mm_{m}x{n}x{k}.mlir", MATMUL, [1, 2])
           for m, n, k in OUTSIDE_SHAPES]
# Matmuls whose B is transposed (indexing_maps, B (n, k)): nn.Linear's x *
# W^T for 1, 8, 32 and 128 tokens (3000 outputs: no multiple of 32), a
# square one and an odd one (docs/performance.md, "A transposed B").
OUTSIDE_TRANSPOSED_B = [(1, 4096, 1024), (8, 2048, 2048), (128, 4096, 1024),
                        (1024, 1024, 1024), (32, 3000, 1000), (333, 777, 555)]
OUTSIDE += [(f"matmul_bt_{m}x{n}x{k}", f"matmul/shapes/mm_bt_{m}x{n}x{k}.mlir", MATMUL, [1, 2])
            for m, n, k in OUTSIDE_TRANSPOSED_B]
# Convolutions of ResNet-50 (batch 1) that the peers suite does not have:
# the 7x7 stem, strided 3x3 and 1x1 (the projection shortcut) and 1x1 of
# other channel counts (kernel, stride, output size x input x output
# channels).
OUTSIDE_CONVS = ["7x7s2_112x112x3x64", "1x1_56x56x256x64", "3x3s2_28x28x128x128",
                 "1x1s2_28x28x256x512", "1x1_14x14x1024x256", "1x1_7x7x512x2048",
                 "3x3s2_7x7x512x512"]
OUTSIDE += [(f"conv_{c}", f"conv/shapes/conv_{c}.mlir", CONV, [1, 2])
            for c in OUTSIDE_CONVS]
# Softmax over rows of other lengths (rows x columns): short rows (16, as
# attention over a short sequence), ragged ones shorter than two steps of
# the schedule's 64 lanes (100) or just past two (129), a ViT-B/16's
# attention (12 heads x 197 tokens, as rows and as the 3-D tensor of its
# scores) and GPT-2's logits over its vocabulary of 50257 words; and two
# over another dimension than the last: the columns of a matrix, and the
# middle dimension of the attention's scores.
OUTSIDE_SOFTMAX = ["16384x16", "8192x100", "4096x129", "2364x197", "12x197x197",
                   "64x50257", "1024x1024_dim0", "12x197x197_dim1"]
OUTSIDE += [(f"softmax_{s}", f"softmax/shapes/softmax_{s}.mlir", SOFTMAX, [1, 2])
            for s in OUTSIDE_SOFTMAX]
# The elementwise chain max((a + b) * c, 0) on other shapes: rows that are
# not a multiple of its vectors (1000 x 1000: 4 MiB an operand, in L3;
# 4097 x 4095: 64 MiB, from memory), rows of 3 columns, and 64 x 64 (16 KiB
# an operand: its output too small for streaming stores).
OUTSIDE_ELEMENTWISE = ["1000x1000", "4097x4095", "100000x3", "64x64"]
OUTSIDE += [(f"elementwise_{s}", f"elementwise/shapes/elementwise_{s}.mlir", ELEMENTWISE,
             [1, 2]) for s in OUTSIDE_ELEMENTWISE]
# The peers of each kind of kernel and their schedules: every library that
# has the operation.
PEERS = [("onednn", "lib/onednn.mlir"), ("openblas", "lib/openblas.mlir")]
KERNEL_PEERS = {
    "softmax": [("onednn", "lib/onednn.mlir")],
    "elementwise": [("onednn", "elementwise/onednn.mlir")],
}


def cmd_suite(args):
    benchmarks = []
    for kernel, payload, (schedule, libs), threads in (OUTSIDE if args.outside else KERNELS):
        for t in threads:
            name = kernel if t == 1 else f"{kernel}_{t}t"
            entries = [("loom", schedule, libs)]
            entries += [(peer, sched, []) for peer, sched in
                        KERNEL_PEERS.get(kernel.split("_")[0], PEERS)]
            for who, sched, lib in entries:
                benchmark = {"name": f"{name}/{who}", "payload": f"../{payload}",
                             "schedule": f"../{sched}",
                             "tags": [kernel.split("_")[0], who]}
                if lib:
                    benchmark["schedule_libs"] = [f"../{l}" for l in lib]
                if t != 1:
                    benchmark["threads"] = t
                    # Blocks of 64 rows: 256 rows would leave one block, and
                    # one thread idle, at 256.
                    if who == "loom" and kernel == "matmul_bias_relu_256":
                        benchmark["knobs"] = {"blocking": 0, "block_rows": 64}
                benchmarks.append(benchmark)
    suite = {
        "name": "peers",
        "description": "Loom's schedules against oneDNN and OpenBLAS on the same "
                       "payloads, inputs and timing loop (docs/performance.md). "
                       "Generated by schedules/peers/peers.py suite.",
    } if not args.outside else {
        "name": "outside",
        "description": "Matmuls, convolutions, softmaxes and elementwise chains of shapes "
                       "outside the peers suite, which no record was tuned for: Loom's "
                       "schedules with the host's defaults against oneDNN and OpenBLAS "
                       "(oneDNN only for softmax and the chain) "
                       "(docs/performance.md, \"Shapes outside the suite\"). Generated "
                       "by schedules/peers/peers.py suite --outside.",
    }
    suite.update({
        "defaults": {"min_time_s": 0.3},
        "benchmarks": benchmarks,
    })
    json.dump(suite, sys.stdout, indent=2)
    print()
    return 0


def cached_peak():
    cache = os.path.join(os.environ.get("XDG_CACHE_HOME") or
                         os.path.expanduser("~/.cache"), "loom", "peak.json")
    try:
        with open(cache) as f:
            machines = json.load(f).get("machines", {})
        values = [m.get("fma_gflops_per_core") for m in machines.values()]
        # Only when the cache knows one machine: which one ran the
        # benchmark is not certain otherwise.
        return values[0] if len(values) == 1 else None
    except (OSError, ValueError, AttributeError):
        return None


def round_ratios(row):
    """Loom / best peer in each round of the repetitions: loom bench runs a
    kernel and its peers one after the other in a round, so each ratio
    compares them on the same state of the machine."""
    loom = row.get("rounds", {}).get("loom") or []
    peers = [row["rounds"][p] for p, _ in PEERS if row.get("rounds", {}).get(p)]
    if not loom or not peers:
        return []
    count = min([len(loom)] + [len(p) for p in peers])
    return [min(p[i] for p in peers) / loom[i] for i in range(count)]


def describe_run(context):
    """One line naming the CPU, the time and the revision of a loom bench
    run (its context), or None for a file that has no host."""
    host = context.get("host")
    if not host:
        return None
    cpu = host.get("cpu_model") or "an unknown CPU"
    if host.get("cpu"):
        cpu += f" ({host['cpu']})"
    if host.get("logical_cpus"):
        cpu += f", {host['logical_cpus']} logical CPUs"
    line = f"machine: {cpu}"
    start, end = context.get("start_time"), context.get("end_time")
    if start:
        # The end's date is left out when it is the start's.
        if end and end[:10] == start[:10]:
            end = end[11:]
        line += f"; timed {start}" + (f" to {end}" if end else "")
    if context.get("revision"):
        line += f" at revision {context['revision'][:7]}"
        if context.get("dirty"):
            line += " with local changes"
    tool = context.get("tool") or {}
    if tool.get("version"):
        line += (f" (Loom {tool['version']}"
                 + (f", LLVM {tool['llvm_version']}" if tool.get("llvm_version") else "")
                 + ")")
    return line


def cmd_table(args):
    with open(args.results) as f:
        results = json.load(f)
    peak = (args.peak_gflops_per_core
            or results.get("context", {}).get("peak_gflops_per_core")
            or cached_peak())
    rows = {}
    order = []
    for b in results["benchmarks"]:
        kernel, _, who = b["name"].partition("/")
        if kernel not in rows:
            rows[kernel] = {"threads": b.get("threads", 1)}
            order.append(kernel)
        ok = b.get("status") == "ok"
        rows[kernel][who] = b.get("gflops") if ok else None
        rows[kernel].setdefault("rounds", {})[who] = (
            [r["median_s"] for r in b.get("repetitions", [])] if ok else [])
        if who == "loom":
            rows[kernel]["gbps"] = b.get("gbps") if ok else None
            rows[kernel]["percent_of_bound"] = b.get("percent_of_bound") if ok else None
            rows[kernel]["bound"] = b.get("bound")
    header = ["kernel", "threads", "Loom", "Loom GB/s", "oneDNN", "OpenBLAS",
              "Loom / best peer", "per round", "Loom % of bound"]
    lines = []
    above_bound = False
    for kernel in order:
        row = rows[kernel]
        peers = [row.get(p) for p, _ in PEERS if row.get(p)]
        loom = row.get("loom")
        ratio = f"{loom / max(peers):.2f}" if loom and peers else "-"
        per_round = round_ratios(row)
        spread = (f"{min(per_round):.2f}-{max(per_round):.2f}" if per_round else "-")
        # Of the roofline's bound as loom bench recorded it; a cache-resident
        # memory-bound kernel has none ("cache").
        if row.get("bound") and not args.peak_gflops_per_core:
            value = row.get("percent_of_bound")
            bound = row["bound"]
        else:
            value = 100 * loom / (peak * row["threads"]) if loom and peak else None
            bound = "compute" if value is not None else None
        # Above 100% the ceiling is what is wrong (a loom peak measured on a
        # busy machine): marked, and said under the table.
        over = value is not None and value > 100
        above_bound = above_bound or over
        percent = ("-" if bound is None else
                   f"- ({bound})" if value is None else
                   f"{value:.0f}% ({bound}){'*' if over else ''}")
        # "-": not run (no peer for the kernel); "failed": run, not ok.
        fmt = lambda key: ("-" if key not in row else
                           f"{row[key]:.1f}" if row[key] else "failed")
        lines.append([kernel, str(row["threads"]), fmt("loom"), fmt("gbps"),
                      fmt("onednn"), fmt("openblas"), ratio, spread, percent])
    if args.markdown:
        print("| " + " | ".join(header) + " |")
        print("| " + " | ".join(["---"] + ["---:"] * (len(header) - 1)) + " |")
        for line in lines:
            print("| " + " | ".join(line) + " |")
    else:
        widths = [max(len(x) for x in col) for col in zip(header, *lines)]
        for line in [header] + lines:
            print("  ".join(x.ljust(w) if i == 0 else x.rjust(w)
                            for i, (x, w) in enumerate(zip(line, widths))))
    if results.get("context", {}).get("round_order") == "grouped":
        print("\nper round: the lowest and highest Loom / best peer of one round "
              "(loom bench runs a kernel's benchmarks one after the other in each "
              "round)")
    else:
        print("\nper round: the lowest and highest Loom / best peer of one round; "
              "this file's rounds ran every benchmark on its own (a Loom before "
              "2026-11-24), so a kernel and its peers ran up to minutes apart")
    print(f"GFLOP/s and GB/s (median of the repetitions); peak: "
          f"{f'{peak:.1f} GFLOP/s per core' if peak else 'unknown (run loom peak)'}")
    # Where the one-thread benchmarks were timed (loom bench --cpu).
    cpus = {(b.get("record") or {}).get("options", {}).get("cpu")
            for b in results["benchmarks"] if b.get("threads", 1) == 1}
    if cpus and None not in cpus:
        print(f"one thread: timed on CPU {', '.join(str(c) for c in sorted(cpus))} "
              f"(loom bench --cpu)")
    elif cpus:
        print("one thread: not pinned, each timed wherever the system put it "
              "(loom bench --cpu N pins them to one CPU)")
    # How free the cores were before and after the timing (loom bench's
    # probes; files of a Loom before 2026-11-24 have none).
    checks = results.get("context", {}).get("core_checks") or []
    several = [c for c in checks if c["cores"] > 1]
    if several:
        print("cores: " + ", ".join(
            f"{c['cores']} gave {c['scaling']:.2f}x one core at the {c['when']}"
            for c in several) + " of the timing")
        shared = [c["when"] for c in several if not c["free"]]
        if shared:
            print(f"warning: the cores were shared at the {' and the '.join(shared)}: "
                  "the ratios of more than one thread are not those of a quiet "
                  "machine")
    # What the tuned records gave the Loom benchmarks with knobs (the line
    # loom bench prints under its table; records of a Loom before 2026-11-24
    # have no schedule.records).
    uses = [((b.get("record") or {}).get("schedule") or {}).get("records")
            for b in results["benchmarks"]]
    uses = [u for u in uses if u]
    if uses:
        applied = sum(1 for u in uses if u.get("applied"))
        hosts = sorted({u["key"]["host"] for u in uses if u.get("key")})
        print(f"tuned records: {applied} of {len(uses)} benchmarks with knobs ran "
              f"a record of this CPU ({', '.join(hosts)})")
    # The machine and the run the figures belong to (ratios are only
    # compared within one run on one machine).
    machine = describe_run(results.get("context", {}))
    if machine:
        print(machine)
    if above_bound:
        print("* above 100% of its bound: the ceiling is too low (loom peak measured "
              "on a busy machine?, or a memory-bound kernel that reads more per "
              "byte it writes than the triad's two), not the kernel faster than "
              "the machine; run loom peak --refresh on a quiet machine")
    return 0


def main():
    # Output piped into head ends quietly, as other command-line tools do.
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    suite = sub.add_parser("suite", help="print the suite JSON")
    suite.add_argument("--outside", action="store_true",
                       help="the suite of shapes outside the peers suite")
    table = sub.add_parser("table", help="print the table of a loom bench result")
    table.add_argument("results")
    table.add_argument("--peak-gflops-per-core", type=float)
    table.add_argument("--markdown", action="store_true")
    args = parser.parse_args()
    return {"suite": cmd_suite, "table": cmd_table}[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
