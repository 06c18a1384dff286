#!/usr/bin/env python3
"""Builds the trees and records of test/lit/schedules/rekey-records.test.

WORK/new is a project tree with the shipped matmul schedule, two small
matmuls (a.mlir, b.mlir) and a peers suite with their Loom entries; WORK/old
is the same tree before an edit of the schedule: the written host default of
m_r was 4 (and of in_place_m_r, m_r). WORK/records.json holds three records:

- a.mlir, 1 thread, keyed by the old schedule, every knob given: the edit
  does not change its kernel;
- b.mlir, 1 thread, keyed by the old schedule, m_r and in_place_m_r not
  given: the edit changes its kernel (its tiles of 4 rows -> the host's);
- a.mlir, 2 threads, keyed by the new schedule already.

With --new-knob-case, WORK instead holds the trees of an edit that adds a
knob: WORK/old is the shipped schedule without tall_k_block (the K block of
a tall matmul is k_block's), WORK/new the shipped one, and WORK/records.json
records of c.mlir (300 x 40 x 600, tall: the edit changes its K blocks) and
d.mlir (160 x 160 x 300, not tall), both keyed by the old schedule with
every knob given (k_block 128).
"""
import argparse
import json
import os
import shutil
import subprocess

M_R = '{loom.host_default = "(vector_registers - 3) / 2 - 6 * (vector_registers > 16)"}'
IN_PLACE_M_R = 'loom.host_default = "m_r * zen + 3 * vector_registers / 8 * (1 - zen)"'
TALL_K_BLOCK = ('%tall_k_block = transform.tune.knob<"tall_k_block"> = 512 from options = '
                '[64, 128, 256, 512, 1024]\n        {loom.sweep = false, loom.host_default = '
                '"2 * k_block"} -> !transform.param<i64>')


def payload(m, n, k):
    t = lambda r, c: f"tensor<{r}x{c}xf32>"
    return f"""func.func @kernel(%A: {t(m, k)}, %B: {t(k, n)}, %C: memref<{m}x{n}xf32>) {{
  %c = bufferization.to_tensor %C restrict writable : memref<{m}x{n}xf32> to {t(m, n)}
  %r = linalg.matmul ins(%A, %B : {t(m, k)}, {t(k, n)}) outs(%c : {t(m, n)}) -> {t(m, n)}
  bufferization.materialize_in_destination %r in restrict writable %C
    : ({t(m, n)}, memref<{m}x{n}xf32>) -> ()
  return
}}
"""


def key_and_knobs(loom, root, name, threads, extra=()):
    run = subprocess.run(
        [loom, "run", f"schedules/matmul/{name}", "--schedule", "schedules/matmul/schedule.mlir",
         "--schedule-lib", "schedules/lib/vector.mlir", "--iters", "1", "--no-check",
         "--threads", str(threads), "--json", "-", "--quiet", *extra],
        cwd=root, capture_output=True, text=True, check=True)
    schedule = json.loads(run.stdout)["schedule"]
    return schedule["records"]["key"], schedule["knobs"]


def build(args, payloads, edits, entries):
    """WORK/new and WORK/old with the shipped matmul schedule and `payloads`
    ((name, (m, n, k))...), the old schedule edited ({text: replacement}, each
    text asserted present), and a suite of `entries` ((name, threads)...) in
    WORK/new."""
    for tree in ("new", "old"):
        root = os.path.join(args.work, tree, "schedules")
        for path in ("matmul/schedule.mlir", "lib/vector.mlir"):
            os.makedirs(os.path.dirname(os.path.join(root, path)), exist_ok=True)
            shutil.copy(os.path.join(args.schedules, path), os.path.join(root, path))
        for name, shape in payloads:
            with open(os.path.join(root, "matmul", name), "w") as f:
                f.write(payload(*shape))
    old_schedule = os.path.join(args.work, "old", "schedules", "matmul", "schedule.mlir")
    with open(old_schedule) as f:
        text = f.read()
    for old, replacement in edits.items():
        assert old in text, f"the schedule no longer has {old!r}: update this fixture"
        text = text.replace(old, replacement)
    with open(old_schedule, "w") as f:
        f.write(text)
    suite = {"benchmarks": [
        {"name": f"{name[0]}{'_2t' if threads == 2 else ''}/loom",
         "payload": f"../matmul/{name}", "schedule": "../matmul/schedule.mlir",
         "schedule_libs": ["../lib/vector.mlir"], "threads": threads}
        for name, threads in entries]}
    os.makedirs(os.path.join(args.work, "new", "schedules", "suites"))
    with open(os.path.join(args.work, "new", "schedules", "suites", "peers.json"), "w") as f:
        json.dump(suite, f, indent=2)


def write_records(args, records_of):
    """WORK/records.json: a record of each (name, threads, tree, knobs
    dropped, extra loom run options), keyed by that tree's schedule."""
    records = []
    for name, threads, tree, drop, extra in records_of:
        key, knobs = key_and_knobs(args.loom, os.path.join(args.work, tree), name, threads,
                                   extra)
        records.append({"host": key["host"], "payload": key["payload"],
                        "schedule_sha256": key["schedule_sha256"], "threads": threads,
                        "knobs": {k: v for k, v in knobs.items() if k not in drop},
                        "schedule": "schedules/matmul/schedule.mlir",
                        "payload_file": f"schedules/matmul/{name}",
                        "tuned_at": "2026-11-23T00:00:00Z", "median_s": 1.0})
    with open(os.path.join(args.work, "records.json"), "w") as f:
        json.dump({"format": "loom-tuned-records", "version": 1, "records": records}, f,
                  indent=2)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loom", default="loom")
    parser.add_argument("--schedules", required=True, help="the project's schedules/")
    parser.add_argument("--work", required=True)
    parser.add_argument("--new-knob-case", action="store_true")
    args = parser.parse_args()
    shutil.rmtree(args.work, ignore_errors=True)
    if args.new_knob_case:
        build(args, (("c.mlir", (300, 40, 600)), ("d.mlir", (160, 160, 300))),
              {TALL_K_BLOCK: "%tall_k_block = transform.merge_handles %k "
                             ": !transform.param<i64>"},
              (("c.mlir", 1), ("d.mlir", 1)))
        write_records(args, [(name, 1, "old", (), ["--knob", "k_block=128"])
                             for name in ("c.mlir", "d.mlir")])
        return
    build(args, (("a.mlir", (16, 64, 24)), ("b.mlir", (24, 40, 16))),
          {M_R: '{loom.host_default = "4"}', IN_PLACE_M_R: 'loom.host_default = "m_r"'},
          (("a.mlir", 1), ("b.mlir", 1), ("a.mlir", 2)))
    write_records(args, (("a.mlir", 1, "old", (), []),
                         ("b.mlir", 1, "old", ("m_r", "in_place_m_r"), []),
                         ("a.mlir", 2, "new", (), [])))


if __name__ == "__main__":
    main()
