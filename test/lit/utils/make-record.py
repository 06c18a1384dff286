#!/usr/bin/env python3
"""Writes a tuned-records file with one record made from a run's key.

    make-record.py [--legacy-key] RUN.json HOST KNOB=VALUE... > records.json

RUN.json is a `loom run --json` record; its schedule.records.key gives the
payload, schedule and threads of the record; HOST is the host key to store
("this" for the run's own). With --legacy-key the record is keyed as Loom
0.1.0 keyed records: by the SHA-256 of the schedule file's SHA-256 followed
by its libraries' (the file's own when it has none).
"""
import hashlib
import json
import sys

args = sys.argv[1:]
legacy = args[0] == "--legacy-key"
if legacy:
    args = args[1:]
run = json.load(open(args[0]))
key = run["schedule"]["records"]["key"]
schedule_sha256 = key["schedule_sha256"]
if legacy:
    schedule_sha256 = run["schedule"]["sha256"]
    libraries = run["schedule"]["libraries"]
    if libraries:
        schedule_sha256 = hashlib.sha256(
            (schedule_sha256 + "".join(l["sha256"] for l in libraries)).encode()).hexdigest()
host = key["host"] if args[1] == "this" else args[1]
knobs = dict(arg.split("=", 1) for arg in args[2:])
record = {"host": host, "cpu_model": "Test CPU", "payload": key["payload"],
          "schedule_sha256": schedule_sha256, "threads": key["threads"],
          "knobs": knobs, "tuned_at": "2026-01-02T03:04:05Z"}
json.dump({"format": "loom-tuned-records", "version": 1, "records": [record]},
          sys.stdout, indent=2)
print()
