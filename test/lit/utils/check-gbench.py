"""Check a Google Benchmark JSON file the way its consumers read it.

check-gbench.py FILE prints one line per benchmark entry as
github-action-benchmark's "googlecpp" extractor turns it into a data point
(name, value = real_time, unit = time_unit + "/iter", extra = iterations,
cpu time and threads), after checking every field that Google Benchmark's
compare.py (gbench/report.py, gbench/util.py) and that extractor read.
"""
import json
import sys

with open(sys.argv[1]) as f:
    data = json.load(f)

def need(condition, message):
    if not condition:
        sys.exit(f"check-gbench: {message}")

need(isinstance(data.get("context"), dict), "no context object")
need(isinstance(data.get("benchmarks"), list), "no benchmarks list")
for key in ("date", "host_name", "executable", "num_cpus", "library_build_type"):
    need(key in data["context"], f"context.{key} is missing")
for b in data["benchmarks"]:
    name = b.get("name")
    need(isinstance(name, str) and name, f"a benchmark without a name: {b}")
    for key, kind in (("real_time", (int, float)), ("cpu_time", (int, float)),
                      ("iterations", int), ("threads", int),
                      ("repetitions", int), ("time_unit", str),
                      ("run_type", str), ("run_name", str)):
        need(isinstance(b.get(key), kind), f"{name}.{key} is missing or mistyped")
    need(b["time_unit"] in ("ns", "us", "ms", "s"), f"{name}.time_unit is {b['time_unit']}")
    need(b["run_type"] in ("iteration", "aggregate"), f"{name}.run_type is {b['run_type']}")
    if b["run_type"] == "aggregate":
        need(b.get("aggregate_name") in ("mean", "median", "stddev", "cv"),
             f"{name}.aggregate_name is {b.get('aggregate_name')}")
    else:
        need(isinstance(b.get("repetition_index"), int), f"{name}.repetition_index is missing")
    print(f"{name} {b['real_time'] > 0} {b['time_unit']}/iter {b['run_type']}")
