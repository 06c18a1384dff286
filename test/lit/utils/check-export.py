#!/usr/bin/env python3
"""Checks an export of loom bench against the format its consumer reads.

  check-export.py lnt FILE   LNT's report file format, version 2 (as
                             docs/importing_data "LNT Report File Format"
                             describes it and `lnt import` reads it)
  check-export.py bmf FILE   Bencher Metric Format (`bencher run --adapter
                             json`)

Prints "valid: ..." and exits 0, or prints each problem and exits 1.
"""
import json
import re
import sys

TIME = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$")
# The metrics of LNT's default test suite (nts) that Loom writes.
LNT_METRICS = {"compile_time", "execution_time", "score", "execution_status", "hash"}


def check_lnt(report, problems):
    if report.get("format_version") != "2":
        problems.append("format_version must be \"2\"")
    machine = report.get("machine")
    if not isinstance(machine, dict) or not isinstance(machine.get("name"), str) or not machine["name"]:
        problems.append("machine.name is mandatory (a non-empty string)")
    else:
        for key, value in machine.items():
            if not isinstance(value, str):
                problems.append(f"machine.{key} must be a string")
    run = report.get("run")
    if not isinstance(run, dict):
        problems.append("run is mandatory")
    else:
        for key in ("start_time", "end_time"):
            if not isinstance(run.get(key), str) or not TIME.match(run[key]):
                problems.append(f"run.{key} must be \"%Y-%m-%d %H:%M:%S\"")
        if "llvm_project_revision" not in run:
            problems.append("run.llvm_project_revision is the order of the nts suite")
        for key, value in run.items():
            if not isinstance(value, str):
                problems.append(f"run.{key} must be a string")
    tests = report.get("tests")
    if not isinstance(tests, list) or not tests:
        problems.append("tests must be a non-empty list")
        return "LNT"
    for i, test in enumerate(tests):
        if not isinstance(test.get("name"), str):
            problems.append(f"tests[{i}].name must be a string")
        for key, value in test.items():
            if key == "name":
                continue
            if key not in LNT_METRICS:
                problems.append(f"tests[{i}].{key} is not a metric of the nts suite")
            elif key == "hash":
                if not isinstance(value, str):
                    problems.append(f"tests[{i}].hash must be a string")
            else:
                samples = value if isinstance(value, list) else [value]
                if not samples or not all(isinstance(v, (int, float)) for v in samples):
                    problems.append(f"tests[{i}].{key} must be a number or a list of numbers")
    return f"LNT report v2 with {len(tests)} tests"


def check_bmf(report, problems):
    if not isinstance(report, dict) or not report:
        problems.append("a BMF report is a non-empty object of benchmarks")
        return "BMF"
    slug = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
    for name, measures in report.items():
        if not isinstance(measures, dict) or not measures:
            problems.append(f"{name}: a benchmark is an object of measures")
            continue
        for measure, metric in measures.items():
            if not slug.match(measure):
                problems.append(f"{name}.{measure}: a measure is a slug")
            if not isinstance(metric, dict) or not isinstance(metric.get("value"), (int, float)):
                problems.append(f"{name}.{measure}: value must be a number")
                continue
            for key in metric:
                if key not in ("value", "lower_value", "upper_value"):
                    problems.append(f"{name}.{measure}.{key} is not a BMF field")
            low = metric.get("lower_value", metric["value"])
            high = metric.get("upper_value", metric["value"])
            if not (low <= metric["value"] * (1 + 1e-12) and metric["value"] <= high * (1 + 1e-12)):
                problems.append(f"{name}.{measure}: lower_value <= value <= upper_value fails")
    return f"BMF with {len(report)} benchmarks"


def main():
    kind, path = sys.argv[1], sys.argv[2]
    with open(path) as f:
        report = json.load(f)
    problems = []
    summary = {"lnt": check_lnt, "bmf": check_bmf}[kind](report, problems)
    for problem in problems:
        print(f"invalid: {problem}")
    if problems:
        return 1
    print(f"valid: {summary}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
