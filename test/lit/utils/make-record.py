#!/usr/bin/env python3
"""Writes a tuned-records file with one record made from a run's key.

    make-record.py RUN.json HOST KNOB=VALUE... > records.json

RUN.json is a `loom run --json` record; its schedule.records.key gives the
payload, schedule and threads of the record; HOST is the host key to store
("this" for the run's own).
"""
import json
import sys

run = json.load(open(sys.argv[1]))
key = run["schedule"]["records"]["key"]
host = key["host"] if sys.argv[2] == "this" else sys.argv[2]
knobs = dict(arg.split("=", 1) for arg in sys.argv[3:])
record = {"host": host, "cpu_model": "Test CPU", "payload": key["payload"],
          "schedule_sha256": key["schedule_sha256"], "threads": key["threads"],
          "knobs": knobs, "tuned_at": "2026-01-02T03:04:05Z"}
json.dump({"format": "loom-tuned-records", "version": 1, "records": [record]},
          sys.stdout, indent=2)
print()
