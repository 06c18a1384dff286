#!/usr/bin/env python3
"""How fast each loom tune strategy finds a good point, measured on a space
swept exhaustively once.

  build/bin/loom tune schedules/matmul/matmul_256.mlir --schedule schedules/matmul/tunable.mlir \
      --schedule-lib schedules/lib/vector.mlir --min-time 0.05 --db matmul-256.jsonl
  schedules/matmul/compare-tune-strategies.py build/bin/loom matmul-256.jsonl \
      [--schedule schedules/matmul/tunable-large.mlir] [--budgets 20,40] [--seeds 10]

Every strategy then runs against a copy of that database with --budget N:
the points it picks are read from the database (nothing is measured again,
so all strategies see the same numbers), and the best it found is compared
with the best of the whole space. Prints, per strategy and budget, the
median over seeds of best-found / optimum (1.00 = found the optimum) and how
many seeds came within 5% of it. docs/tuning.md quotes the result.
"""
import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PAYLOAD = os.path.join(ROOT, "schedules/matmul/matmul_256.mlir")
SCHEDULE = os.path.join(ROOT, "schedules/matmul/tunable.mlir")
LIBRARY = os.path.join(ROOT, "schedules/lib/vector.mlir")
STRATEGIES = ["random", "evolutionary", "model"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("loom")
    parser.add_argument("database")
    parser.add_argument("--payload", default=PAYLOAD)
    parser.add_argument("--schedule", default=SCHEDULE)
    parser.add_argument("--schedule-lib", default=LIBRARY)
    parser.add_argument("--budgets", default="20,40")
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--strategies", default=",".join(STRATEGIES))
    args = parser.parse_args()
    loom, database = args.loom, args.database
    budgets = [int(b) for b in args.budgets.split(",")]
    seeds = range(args.seeds)
    records = []
    for line in open(database):
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            continue
        if record.get("schema") == "loom-tune-record":
            records.append(record)
    valid = [r["median_s"] for r in records if r["status"] == "ok" and r["median_s"]]
    optimum = min(valid)
    print(f"{len(records)} points, {len(valid)} valid, optimum {optimum * 1e6:.1f} us, "
          f"median point {statistics.median(valid) * 1e6:.1f} us")
    print(f"{'strategy':<14}{'budget':>7}{'best/optimum':>14}{'within 5%':>11}")
    for strategy in args.strategies.split(","):
        for budget in budgets:
            ratios = []
            for seed in seeds:
                with tempfile.TemporaryDirectory() as scratch:
                    copy = os.path.join(scratch, "db.jsonl")
                    shutil.copy(database, copy)
                    out = subprocess.run(
                        [loom, "tune", args.payload, "--schedule", args.schedule,
                         "--schedule-lib", args.schedule_lib,
                         "--strategy", strategy, "--strategy-seed", str(seed), "--budget", str(budget),
                         "--db", copy, "--top", "1", "--min-time", "0.05"],
                        capture_output=True, text=True).stdout
                    line = next(l for l in out.splitlines() if l.startswith("1 "))
                    value, unit = re.search(r"([0-9.]+) (us|ms|ns)", line).groups()
                    seconds = float(value) * {"ns": 1e-9, "us": 1e-6, "ms": 1e-3}[unit]
                    ratios.append(seconds / optimum)
            within = sum(r <= 1.05 for r in ratios)
            print(f"{strategy:<14}{budget:>7}{statistics.median(ratios):>14.2f}"
                  f"{within:>8}/{len(ratios)}")


if __name__ == "__main__":
    main()
