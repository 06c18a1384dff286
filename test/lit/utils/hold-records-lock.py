#!/usr/bin/env python3
"""Holds the lock of a records file while a command runs, as a second writer.

Takes RECORDS.lock (the fcntl lock that `loom tune --save-record` and
schedules/records/make-records.py take), reads RECORDS, starts COMMAND, waits
SECONDS (long enough for the command to reach its save), then writes RECORDS
back with a copy of its first record added (its key changed to "held by
hold-records-lock.py"), releases the lock and waits for the command. A
command that saved without the lock in those seconds loses its record.

usage: hold-records-lock.py RECORDS SECONDS COMMAND...
"""
import fcntl
import json
import subprocess
import sys
import time


def main():
    path, seconds, command = sys.argv[1], float(sys.argv[2]), sys.argv[3:]
    with open(path + ".lock", "a") as lock:
        fcntl.lockf(lock, fcntl.LOCK_EX)
        with open(path) as f:
            records = json.load(f)
        process = subprocess.Popen(command)
        time.sleep(seconds)
        held = dict(records["records"][0])
        held["payload"] = "held by hold-records-lock.py"
        records["records"].append(held)
        with open(path, "w") as f:
            json.dump(records, f, indent=2)
        fcntl.lockf(lock, fcntl.LOCK_UN)
    return process.wait()


if __name__ == "__main__":
    sys.exit(main())
