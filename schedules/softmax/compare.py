#!/usr/bin/env python3
"""Softmax: Loom's schedule against the C reference, back to back.

  schedules/softmax/compare.py [--rounds R] [--min-time S] [--markdown]

Both run on one thread. Builds reference.c with clang-22 -O3 -ffast-math -march=native and glibc's
vector math library (libmvec), then, R times, runs `loom run` with
schedules/softmax/schedule.mlir and the C program on each size in turn, so
the machine's drift affects both alike. Prints, per size, the median over the
rounds of each one's median time per call, and C time / Loom time (above 1:
Loom is faster). Both start from their own pseudo-random inputs in [-1, 1);
`loom run` checks its result against the plain lowering each time.
Run from anywhere; needs a build (build/bin/loom).
"""

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SIZES = [1024, 4096]


def loom_median_ms(loom, size, args):
    command = [loom, "run", os.path.join(HERE, f"softmax_{size}.mlir"),
               "--schedule", os.path.join(HERE, "schedule.mlir"),
               "--schedule-lib", os.path.join(ROOT, "schedules", "lib", "default.mlir"),
               "--min-time", str(args.min_time),
               "--json", "-"]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"compare.py: loom run failed (exit {done.returncode}):\n{done.stderr}")
    return 1e3 * json.loads(done.stdout)["timing"]["median_s"]


def c_median_ms(program, size, args):
    done = subprocess.run([program, str(size), str(args.min_time)],
                          capture_output=True, text=True, check=True)
    return float(re.search(r"median ([0-9.]+) ms", done.stdout).group(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--min-time", type=float, default=0.5)
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument("--loom", default=os.path.join(ROOT, "build", "bin", "loom"))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        program = os.path.join(scratch, "reference")
        subprocess.run(["clang-22", "-O3", "-ffast-math", "-march=native",
                        "-fveclib=libmvec", os.path.join(HERE, "reference.c"),
                        "-o", program, "-lm"], check=True)
        times = {(who, n): [] for who in ("loom", "c") for n in SIZES}
        for r in range(args.rounds):
            for n in SIZES:
                times["loom", n].append(loom_median_ms(args.loom, n, args))
                times["c", n].append(c_median_ms(program, n, args))
            print(f"round {r + 1}/{args.rounds} done", file=sys.stderr)
    rows = [["size", "Loom (ms)", "C -O3 -ffast-math (ms)", "C / Loom"]]
    for n in SIZES:
        loom = statistics.median(times["loom", n])
        c = statistics.median(times["c", n])
        rows.append([f"{n} x {n}", f"{loom:.3f}", f"{c:.3f}", f"{c / loom:.2f}"])
    if args.markdown:
        print("| " + " | ".join(rows[0]) + " |")
        print("| --- | ---: | ---: | ---: |")
        for row in rows[1:]:
            print("| " + " | ".join(row) + " |")
    else:
        widths = [max(len(row[i]) for row in rows) for i in range(4)]
        for row in rows:
            print("  ".join(cell.rjust(w) for cell, w in zip(row, widths)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
