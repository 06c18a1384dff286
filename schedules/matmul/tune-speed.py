#!/usr/bin/env python3
"""How fast `loom tune` starts and how many candidates it measures per second.

Runs `loom tune` on the 1024^3 matmul with the shipped tunable schedule
(-j 1, a fresh database) and timestamps each line of its progress log as it
arrives. Prints the CPU, the time to the first candidate result and the
sustained rate (candidates per second after the first), and exits 1 when a
target is missed:

    schedules/matmul/tune-speed.py --loom build/bin/loom [--budget 20]
        [--first-within 10] [--min-rate 2]

Targets (issue 17): the first candidate within 10 s of the start, at least
2 candidates/s sustained.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown CPU"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--loom", default="build/bin/loom")
    parser.add_argument("--payload", default=os.path.join(HERE, "matmul.mlir"))
    parser.add_argument("--schedule", default=os.path.join(HERE, "tunable.mlir"))
    parser.add_argument("--budget", type=int, default=20)
    parser.add_argument("--first-within", type=float, default=10.0)
    parser.add_argument("--min-rate", type=float, default=2.0)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as scratch:
        command = [args.loom, "tune", args.payload, "--schedule", args.schedule,
                   "--schedule-lib", os.path.join(HERE, "..", "lib", "vector.mlir"),
                   "--strategy", "random", "--budget", str(args.budget), "-j", "1",
                   "--db", os.path.join(scratch, "db.jsonl")]
        start = time.monotonic()
        child = subprocess.Popen(command, stderr=subprocess.PIPE, stdout=subprocess.PIPE,
                                 text=True, bufsize=1)
        results = []  # arrival times of candidate results
        reference = None
        buffer = ""
        # The log rewrites one line with \r on a terminal; here it ends lines.
        while True:
            chunk = child.stderr.read(1)
            if not chunk:
                break
            if chunk in "\r\n":
                line, buffer = buffer, ""
                stamp = time.monotonic() - start
                if re.match(r"\[\d+/\d+\] ", line):
                    results.append(stamp)
                elif line.startswith("reference outputs computed"):
                    reference = stamp
                continue
            buffer += chunk
        out = child.stdout.read()
        code = child.wait()
        total = time.monotonic() - start
        machine = cpu_model()
        try:
            with open(os.path.join(scratch, "db.jsonl")) as db:
                # "AMD EPYC | znver5 | features hash": the key tune keeps.
                machine = " | ".join(json.loads(db.readline())["machine"].split(" | ")[:2])
        except (OSError, ValueError, KeyError):
            pass
    if code != 0 or not results:
        print(out)
        print(f"loom tune failed (exit {code})", file=sys.stderr)
        return 2
    first = results[0]
    rate = (len(results) - 1) / (results[-1] - results[0]) if len(results) > 1 else 0.0
    print(f"CPU: {machine} ({os.cpu_count()} CPUs), loom tune -j 1, "
          f"budget {args.budget}, {os.path.basename(args.payload)}")
    if reference is not None:
        print(f"reference outputs ready: {reference:.2f} s")
    print(f"first candidate result:  {first:.2f} s (target <= {args.first_within:g} s)")
    print(f"sustained rate:          {rate:.2f} candidates/s over {len(results) - 1} "
          f"candidates (target >= {args.min_rate:g})")
    print(f"whole sweep:             {total:.2f} s")
    ok = first <= args.first_within and rate >= args.min_rate
    print("targets met" if ok else "target missed")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
