#!/usr/bin/env python3
"""Tunes the Loom entries of the peers suite that have knobs and keeps the
best point of each in a records file, which loom run and loom bench apply on
a machine of the same CPU kind (docs/performance.md, "Tuned records").

  schedules/records/make-records.py [--loom build/bin/loom] [--budget 24]
      [--records schedules/records.json] [--threads 1] [--kernel NAME]...

One `loom tune --strategy model` per (payload, schedule) of
schedules/suites/peers.json whose schedule has tunables, at --threads; each
adds (or replaces) its record for this CPU. The tune databases go to
schedules/records/tune/ (not committed), so a run can be resumed.
"""
import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
# Constraints that keep the sweep to sensible points: whole register tiles in
# a cache tile; register tiles that fit in the 32 registers of AVX-512; one
# part of C (and of the packing of B) per thread. The packing of B: groups
# of a page of each row, and pack_b_rows as its host default (2 * m_c),
# "always per K block" or "always before the loops" (for one payload the
# other values choose one of the two). The defaults must satisfy them: the sweep measures them first and
# again at the end.
MATMUL = ["m_c % m_r == 0", "m_r >= 4", "thread_parts == {threads}",
          "pack_panels * 64 * (n_r + 1) == 4096",
          "pack_b_rows == 2 * m_c || pack_b_rows == 0 || pack_b_rows == 4096"]
CONSTRAINTS = {"matmul/schedule.mlir": MATMUL,
               "matmul_bias_relu/schedule.mlir": MATMUL,
               "conv/schedule.mlir": ["w_r * n_r <= 384", "w_r >= 4", "n_r >= 16"]}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loom", default=os.path.join(ROOT, "build", "bin", "loom"))
    parser.add_argument("--budget", type=int, default=24)
    parser.add_argument("--records", default=os.path.join(ROOT, "schedules", "records.json"))
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--kernel", action="append", help="only these suite kernels")
    args = parser.parse_args()
    suite_dir = os.path.join(ROOT, "schedules", "suites")
    with open(os.path.join(suite_dir, "peers.json")) as f:
        suite = json.load(f)
    seen = set()
    for bench in suite["benchmarks"]:
        kernel, _, who = bench["name"].partition("/")
        if who != "loom" or bench.get("threads", 1) != args.threads:
            continue
        if args.kernel and kernel not in args.kernel:
            continue
        payload = os.path.relpath(os.path.join(suite_dir, bench["payload"]), ROOT)
        schedule = os.path.relpath(os.path.join(suite_dir, bench["schedule"]), ROOT)
        libs = [os.path.relpath(os.path.join(suite_dir, l), ROOT)
                for l in bench.get("schedule_libs", [])]
        if (payload, schedule) in seen:
            continue
        seen.add((payload, schedule))
        base = [args.loom, "tune", payload, "--schedule", schedule]
        for lib in libs:
            base += ["--schedule-lib", lib]
        space = subprocess.run(base + ["--list-space"], cwd=ROOT, capture_output=True,
                               text=True)
        if "no tune.knob" in space.stdout or space.returncode != 0:
            continue
        db = os.path.join(HERE, "tune", f"{kernel}.t{args.threads}.jsonl")
        os.makedirs(os.path.dirname(db), exist_ok=True)
        cmd = base + ["--strategy", "model", "--budget", str(args.budget), "--db", db,
                      "--threads", str(args.threads), "--save-record", args.records]
        for constraint in CONSTRAINTS.get(os.path.relpath(schedule, "schedules"), []):
            cmd += ["--constraint", constraint.format(threads=args.threads)]
        print(f"== {kernel}: {' '.join(cmd[1:])}", flush=True)
        result = subprocess.run(cmd, cwd=ROOT)
        if result.returncode != 0:
            print(f"{kernel}: loom tune exited with {result.returncode}", file=sys.stderr)
            return result.returncode
    return 0


if __name__ == "__main__":
    sys.exit(main())
