"""Write loom bench results with chosen timings, for tests of compare/report.

synth-results.py TEMPLATE OUT [--revision R] [--start-time T] [--cpu NAME]
    [NAME=t1,t2,...] [NAME:payload=HASH] [NAME:status=STATUS]

TEMPLATE is a results file written by `loom bench`. Each NAME=... replaces the
repetitions of benchmark NAME by ones whose median times (seconds) are the
given values; NAME:payload=HASH changes its payload hash (as if the payload
had changed); NAME:status=mismatch marks it failed; --cpu NAME makes the
results come from another kind of machine (LLVM CPU name NAME).
"""
import copy
import json
import sys

args = sys.argv[1:]
template, out, rest = args[0], args[1], args[2:]
with open(template) as f:
    data = json.load(f)
by_name = {b["name"]: b for b in data["benchmarks"]}
i = 0
while i < len(rest):
    arg = rest[i]
    if arg == "--cpu":
        data["context"]["host"]["cpu"] = rest[i + 1]
        for bench in data["benchmarks"]:
            bench["record"]["host"]["cpu"] = rest[i + 1]
        i += 2
        continue
    if arg in ("--revision", "--start-time"):
        key = {"--revision": "revision", "--start-time": "start_time"}[arg]
        data["context"][key] = rest[i + 1]
        data["context"]["dirty"] = False
        i += 2
        continue
    target, value = arg.split("=", 1)
    name, _, field = target.partition(":")
    bench = by_name[name]
    if field == "payload":
        bench["payload_sha256"] = value
        bench["record"]["payload"]["sha256"] = value
    elif field == "status":
        bench["status"] = value
        bench["exit_code"] = 1
        bench["record"]["status"] = value
        bench["record"]["exit_code"] = 1
        bench["repetitions"] = []
    else:
        model = bench["repetitions"][0]
        reps = []
        for t in value.split(","):
            rep = copy.deepcopy(model)
            t = float(t)
            rep.update(median_s=t, min_s=t, mean_s=t, stddev_s=0.0, samples_s=[t])
            reps.append(rep)
        bench["repetitions"] = reps
        bench["median_s"] = sorted(map(float, value.split(",")))[len(reps) // 2]
    i += 1
with open(out, "w") as f:
    json.dump(data, f, indent=2)
