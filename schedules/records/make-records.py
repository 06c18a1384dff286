#!/usr/bin/env python3
"""Tunes the Loom entries of the peers suite that have knobs and keeps the
best point of each in a records file, which loom run and loom bench apply on
a machine of the same CPU kind (docs/performance.md, "Tuned records").

  schedules/records/make-records.py [--loom build/bin/loom] [--budget 24]
      [--records schedules/records.json] [--threads 1] [--kernel NAME]...

One `loom tune --strategy model` per (payload, schedule) of
schedules/suites/peers.json whose schedule has tunables, at --threads; each
adds (or replaces) its record for this CPU. The tune databases go to
schedules/records/tune/ of --root (not committed), so a run can be resumed.

  schedules/records/make-records.py --rekey REV [--loom ...] [--records ...]

After an edit of a schedule (or of a library it merges) that leaves some
kernels as they were, keeps the records whose compiled kernel did not
change: for each record of this CPU that no longer matches, the kernel is
compiled with the record's knobs from the schedules as of git revision REV
and from the working tree; where the optimized LLVM IR is the same, the
record gets the schedule's new key, otherwise it is listed to be tuned again
(--kernel). Exits with 1 when a record is left stale. --rekey-from DIR
takes the old schedules from a copy of the tree instead of git, and --root
names the tree (the project by default; test/lit/schedules/rekey-records.test).
A record's key is a digest of the schedule as loom reads it, so an edit of a
transform op Loom defines (an operand more) changes it too: --old-loom names
a loom built at REV, which compiles the old schedules. With --old-loom every
record is compiled with both binaries, also those whose schedules did not
change, since a change to one of Loom's passes changes kernels without
changing any key: the records whose kernel changed are listed to be tuned
again.

  schedules/records/make-records.py --rekey REV --rekey-host 'znver5 | 5ec9...'
      --host-param l2_bytes=1048576 --host-param zen=1 ...

Rekeys the records of another CPU here: the kernels are compiled with its
host parameters (those the knobs' loom.host_default read; loom run
--host-param), for this machine's target, which an edit of a schedule
changes or leaves alike as it would there.

  schedules/records/make-records.py --rekey REV --new-knob tall_k_block=k_block

An edit that splits a knob (a new knob taking over part of what an old one
chose: tall_k_block the K block of tall matmuls, which k_block gave before)
changes the kernels of the records it reaches, though each could keep its
kernel by giving the new knob the old one's value. With --new-knob NAME=KNOB
(repeatable) a record whose kernel changed and that does not give NAME is
compiled again with NAME pinned to the value of its knob KNOB (or to the
integer KNOB); when that gives its old kernel, the record keeps the pin and
gets the new key.
"""
import contextlib
import difflib
import fcntl
import shutil
import tempfile
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
# The matmul schedule holds the knobs of its rarer paths at the host's
# defaults (loom.sweep = false). A matmul of at most in_place_rows rows
# whose B is packed is blocked with short_k_block and short_n_panels (N a
# multiple of 1024) or spread_k_block and spread_n_panels (other N): they
# are swept (--sweep), and k_block and n_panels, which it does not use,
# stay at the host's defaults. (shapes: the payload's arguments, A then B;
# a batch_matmul's have the batch first, so rows and columns are counted
# from the end.)
def matmul_sweep(defaults, shapes):
    if shapes[0][-2] <= int(defaults["in_place_rows"]):
        prefix = "short" if shapes[1][-1] % 1024 == 0 else "spread"
        return ([f"{prefix}_k_block", f"{prefix}_n_panels"],
                {name: defaults[name] for name in ("k_block", "n_panels")})
    return [], {}


# (The convolution schedule merges the matmul schedule for its 1x1
# convolutions of stride 1: loom tune holds the knobs a payload does not
# read, the matmul's for a 3x3, the convolution's for a 1x1, and the
# constraints of both hold at their defaults.)
SWEEP = {"matmul/schedule.mlir": matmul_sweep,
         "matmul_bias_relu/schedule.mlir": matmul_sweep,
         "batch_matmul/schedule.mlir": matmul_sweep}
CONSTRAINTS = {"matmul/schedule.mlir": MATMUL,
               "matmul_bias_relu/schedule.mlir": MATMUL,
               "batch_matmul/schedule.mlir": MATMUL,
               "conv/schedule.mlir": ["w_r * conv_n_r <= 384", "w_r >= 4", "conv_n_r >= 16"]
                                     + MATMUL}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", default=ROOT,
                        help="the tree whose suite, schedules and payloads are used")
    parser.add_argument("--loom", help="the loom binary (default: ROOT/build/bin/loom)")
    parser.add_argument("--budget", type=int, default=24)
    parser.add_argument("--final-rounds", type=int, default=9,
                        help="interleaved rounds of the final measurements (loom tune "
                             "--final-rounds; default 9: a 100 ms kernel runs 1-2 calls "
                             "a round, and the machine drifts)")
    parser.add_argument("--records", help="default: ROOT/schedules/records.json")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--kernel", action="append", help="only these suite kernels")
    parser.add_argument("--rekey", metavar="REV",
                        help="rekey the records whose kernel is the same as with the "
                             "schedules of git revision REV (nothing is tuned)")
    parser.add_argument("--old-loom", metavar="BIN",
                        help="with --rekey: the loom binary for the old schedules "
                             "(default: --loom); every record is then compiled with "
                             "both, also those whose schedules did not change")
    parser.add_argument("--rekey-from", metavar="DIR",
                        help="as --rekey, with the old schedules under DIR (same layout)")
    parser.add_argument("--rekey-host", metavar="KEY",
                        help="with --rekey: rekey the records of this CPU key (as the "
                             "records name it, 'znver5 | 5ec9...') instead of this "
                             "machine's, compiling as that CPU with --host-param")
    parser.add_argument("--new-knob", metavar="NAME=KNOB", action="append", default=[],
                        help="with --rekey: a knob the new schedules have and the old "
                             "did not (repeatable); a record whose kernel changed is "
                             "compiled again with NAME pinned to the value of its knob "
                             "KNOB (or to the integer KNOB) and keeps the pin when that "
                             "gives its old kernel")
    parser.add_argument("--host-param", metavar="NAME=VALUE", action="append", default=[],
                        help="with --rekey-host: a host parameter of that CPU (loom run "
                             "--host-param; repeatable: give all that differ from here)")
    args = parser.parse_args()
    args.root = os.path.abspath(args.root)
    args.loom = args.loom or os.path.join(args.root, "build", "bin", "loom")
    if os.sep in args.loom:  # the commands run in the root
        args.loom = os.path.abspath(args.loom)
    # Kernels are compared for every record when another loom compiles the
    # old schedules (a change to a pass changes kernels, not keys).
    args.other_loom = bool(args.old_loom) and args.old_loom != args.loom
    args.old_loom = args.old_loom or args.loom
    if os.sep in args.old_loom:
        args.old_loom = os.path.abspath(args.old_loom)
    if args.rekey_from:
        args.rekey_from = os.path.abspath(args.rekey_from)
    if (args.rekey_host or args.host_param) and not (args.rekey or args.rekey_from):
        parser.error("--rekey-host and --host-param go with --rekey or --rekey-from")
    if args.new_knob and not (args.rekey or args.rekey_from):
        parser.error("--new-knob goes with --rekey or --rekey-from")
    if any("=" not in spec for spec in args.new_knob):
        parser.error("--new-knob takes NAME=KNOB (a knob's name, or an integer, after '=')")
    if args.host_param and not args.rekey_host:
        parser.error("--host-param goes with --rekey-host (this CPU's records are "
                     "compiled with this machine's parameters)")
    args.records = args.records or os.path.join(args.root, "schedules", "records.json")
    if args.rekey or args.rekey_from:
        return rekey(args)
    seen = set()
    entries = [entry for entry in suite_entries(args.root) if entry[1] == args.threads]
    unknown = sorted(set(args.kernel or []) - {entry[0] for entry in entries})
    if unknown:
        names = ", ".join(sorted({entry[0] for entry in entries}))
        print(f"make-records.py: error: no kernel of the suite on {args.threads} thread(s) "
              f"is named {', '.join(unknown)}; they are: {names}", file=sys.stderr)
        return 2
    for kernel, threads, payload, schedule, libs in entries:
        if args.kernel and kernel not in args.kernel:
            continue
        if (payload, schedule) in seen:
            continue
        seen.add((payload, schedule))
        base = [args.loom, "tune", payload, "--schedule", schedule]
        for lib in libs:
            base += ["--schedule-lib", lib]
        space = subprocess.run(base + ["--list-space"], cwd=args.root, capture_output=True,
                               text=True)
        if "no tune.knob" in space.stdout or space.returncode != 0:
            continue
        db = os.path.join(args.root, "schedules", "records", "tune",
                          f"{kernel}.t{args.threads}.jsonl")
        os.makedirs(os.path.dirname(db), exist_ok=True)
        cmd = base + ["--strategy", "model", "--budget", str(args.budget), "--db", db,
                      "--threads", str(args.threads), "--final-rounds",
                      str(args.final_rounds), "--save-record", args.records]
        for constraint in CONSTRAINTS.get(os.path.relpath(schedule, "schedules"), []):
            cmd += ["--constraint", constraint.format(threads=args.threads)]
        swept, pinned = swept_knobs(args, payload, schedule, libs)
        for name in swept:
            cmd += ["--sweep", name]
        for name, value in pinned.items():
            cmd += ["--constraint", f"{name} == {value}"]
        print(f"== {kernel}: {' '.join(cmd[1:])}", flush=True)
        result = subprocess.run(cmd, cwd=args.root)
        if result.returncode != 0:
            print(f"{kernel}: loom tune exited with {result.returncode}", file=sys.stderr)
            return result.returncode
        drop_replaced(args.records, payload, schedule, args.threads)
    return 0


@contextlib.contextmanager
def records_lock(path):
    """The exclusive lock on PATH.lock that `loom tune --save-record` takes
    while it reads, changes and writes the records file (an fcntl lock, as
    LLVM's): held, no record saved meanwhile is written over."""
    with open(path + ".lock", "a") as lock:
        fcntl.lockf(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.lockf(lock, fcntl.LOCK_UN)


def drop_replaced(path, payload, schedule, threads):
    """Removes the records of this suite entry (payload, schedule file,
    threads) and CPU that the one just saved replaces: those keyed by an
    older version of the schedule, which no run applies any more."""
    with records_lock(path):
        drop_replaced_locked(path, payload, schedule, threads)


def drop_replaced_locked(path, payload, schedule, threads):
    with open(path) as f:
        records = json.load(f)
    mine = lambda r: (r.get("payload_file"), r.get("schedule"), r["threads"]) == \
        (payload, schedule, threads)
    entry = [r for r in records["records"] if mine(r)]
    if len(entry) < 2:
        return
    newest = max(entry, key=lambda r: r.get("tuned_at", ""))
    replaced = [r for r in entry if r is not newest and r["host"] == newest["host"]]
    if not replaced:
        return
    records["records"] = [r for r in records["records"]
                          if not any(r is old for old in replaced)]
    with open(path, "w") as f:
        json.dump(records, f, indent=2)
        f.write("\n")
    print(f"dropped {len(replaced)} older record(s) of {payload} t{threads} "
          f"(keyed by an older version of {schedule})", flush=True)


def swept_knobs(args, payload, schedule, libs):
    """([held knobs to sweep], {unused knob: this host's default}) for the
    schedule and payload (SWEEP; a run of one call, without records)."""
    choose = SWEEP.get(os.path.relpath(schedule, "schedules"))
    if not choose:
        return [], {}
    run = run_once(args, payload, schedule, libs, args.threads, ["--no-records"])
    if run.get("status") == "error":
        sys.exit(f"{payload}: loom run failed: {run.get('error')}")
    return choose(run["schedule"]["knobs"], [a["shape"] for a in run["arguments"]])


def run_once(args, payload, schedule, libs, threads, extra, loom=None):
    """The run record (JSON) of one unchecked call of `payload` with the
    schedule and its libraries (paths as loom, run in the root, reads them)
    and `extra` options; {"status": "error", ...} when loom prints none."""
    cmd = [loom or args.loom, "run", payload, "--schedule", schedule, "--iters", "1", "--no-check",
           "--threads", str(threads), "--json", "-", "--quiet"] + extra
    for lib in libs:
        cmd += ["--schedule-lib", lib]
    result = subprocess.run(cmd, cwd=args.root, capture_output=True, text=True)
    try:
        return json.loads(result.stdout)
    except json.JSONDecodeError:
        return {"status": "error", "error": result.stderr.strip()}


def suite_entries(root):
    """(kernel, threads, payload, schedule, libs) of each Loom entry of the
    peers suite, paths relative to `root`."""
    suite_dir = os.path.join(root, "schedules", "suites")
    with open(os.path.join(suite_dir, "peers.json")) as f:
        suite = json.load(f)
    rel = lambda path: os.path.relpath(os.path.join(suite_dir, path), root)
    for bench in suite["benchmarks"]:
        kernel, _, who = bench["name"].partition("/")
        if who == "loom":
            yield (kernel, bench.get("threads", 1), rel(bench["payload"]),
                   rel(bench["schedule"]), [rel(l) for l in bench.get("schedule_libs", [])])


def compile_kernel(args, root, payload, schedule, libs, record, ir_dir, loom=None):
    """Compiles the payload (of args.root) with the record's knobs and the
    schedule files under `root`; returns the run record (JSON) and the
    optimized LLVM IR."""
    knobs = ["--no-records"]
    for name, value in record["knobs"].items():
        knobs += ["--knob", f"{name}={value}"]
    for param in args.host_param:
        knobs += ["--host-param", param]
    run = run_once(args, os.path.join(args.root, payload), os.path.join(root, schedule),
                   [os.path.join(root, lib) for lib in libs], record["threads"],
                   ["--dump-ir", ir_dir] + knobs, loom)
    ir_path = os.path.join(ir_dir, "4-optimized.ll")
    ir = []
    if os.path.exists(ir_path):
        with open(ir_path) as f:
            # The module's name and source file are the schedule's path.
            ir = [l for l in f if not l.startswith(("; ModuleID", "source_filename"))]
    return run, ir


def pinned_knobs(args, record):
    """{knob: value} of the --new-knob pins a record does not give: the
    value of the record's knob named after "=", or that integer."""
    pins = {}
    for spec in args.new_knob:
        name, _, source = spec.partition("=")
        if name in record["knobs"]:
            continue
        if source in record["knobs"]:
            pins[name] = record["knobs"][source]
        elif source.lstrip("-").isdigit():
            pins[name] = source
    return pins


def pinned_same(args, payload, schedule, libs, record, pins, old_ir, tmp):
    """True when the new schedules with the record's knobs and `pins`
    compile to `old_ir`."""
    if not pins:
        return False
    pinned = dict(record, knobs={**record["knobs"], **pins})
    ir_dir = os.path.join(tmp, "pinned-ir")
    run, ir = compile_kernel(args, args.root, payload, schedule, libs, pinned, ir_dir)
    shutil.rmtree(ir_dir, ignore_errors=True)
    return run.get("status") == "ok" and ir == old_ir


def rekey(args):
    with records_lock(args.records):
        return rekey_locked(args)


def rekey_locked(args):
    with open(args.records) as f:
        records = json.load(f)
    entries = {(payload, schedule, threads): libs
               for _, threads, payload, schedule, libs in suite_entries(args.root)}
    stale = 0
    with tempfile.TemporaryDirectory() as tmp:
        for record in records["records"]:
            payload, schedule = record.get("payload_file"), record.get("schedule")
            libs = entries.get((payload, schedule, record["threads"]))
            if libs is None:
                print(f"skip  {payload} {schedule} t{record['threads']}: not in the suite")
                continue
            new_run, new_ir = compile_kernel(args, args.root, payload, schedule, libs,
                                             record, os.path.join(tmp, "new-ir"))
            name = f"{os.path.basename(payload)} t{record['threads']}"
            key = ((new_run.get("schedule") or {}).get("records") or {}).get("key")
            if new_run.get("status") != "ok" or not key:
                print(f"stale {name}: does not compile now: {new_run.get('error')}")
                stale += 1
                continue
            if record["host"] != (args.rekey_host or key["host"]):
                continue  # a record of another CPU (--rekey-host checks one)
            same_schedule = key["schedule_sha256"] == record["schedule_sha256"]
            if same_schedule and not args.other_loom:
                print(f"same  {name}")
                continue
            # (A record of the schedules as they are: the old loom compiles
            # them as they are.)
            from_git = not same_schedule and not args.rekey_from
            old_root = (args.root if same_schedule else
                        args.rekey_from or os.path.join(tmp, "old"))
            for path in [schedule] + libs if from_git else []:
                shown = subprocess.run(["git", "show", f"{args.rekey}:{path}"], cwd=args.root,
                                       capture_output=True, text=True)
                os.makedirs(os.path.dirname(os.path.join(old_root, path)), exist_ok=True)
                with open(os.path.join(old_root, path), "w") as f:
                    f.write(shown.stdout if shown.returncode == 0 else "")
            old_run, old_ir = compile_kernel(args, old_root, payload, schedule, libs,
                                             record, os.path.join(tmp, "old-ir"),
                                             args.old_loom)
            old_key = ((old_run.get("schedule") or {}).get("records") or {}).get("key") or {}
            pins = pinned_knobs(args, record)
            if old_key.get("schedule_sha256") != record["schedule_sha256"]:
                print(f"stale {name}: the record does not match the old schedules "
                      f"({args.rekey or args.rekey_from}) either")
                stale += 1
            elif old_ir and old_ir != new_ir and pinned_same(args, payload, schedule, libs,
                                                             record, pins, old_ir, tmp):
                record["schedule_sha256"] = key["schedule_sha256"]
                record["knobs"].update(pins)
                shown = ", ".join(f"{k}={v}" for k, v in pins.items())
                print(f"rekey {name}: the kernel is the same with {shown}")
            elif not old_ir or old_ir != new_ir:
                changed = sum(1 for l in difflib.unified_diff(old_ir, new_ir, n=0)
                              if l.startswith(("+", "-"))
                              and not l.startswith(("+++", "---")))
                lines = "line" if changed == 1 else "lines"
                print(f"stale {name}: the kernel changed ({changed} {lines} of LLVM IR): "
                      f"tune it again")
                stale += 1
            elif same_schedule:
                print(f"same  {name}")
            else:
                record["schedule_sha256"] = key["schedule_sha256"]
                print(f"rekey {name}: the kernel is the same")
            shutil.rmtree(os.path.join(tmp, "new-ir"), ignore_errors=True)
            shutil.rmtree(os.path.join(tmp, "old-ir"), ignore_errors=True)
    with open(args.records, "w") as f:
        json.dump(records, f, indent=2)
        f.write("\n")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
