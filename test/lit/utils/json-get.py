"""Print fields of a JSON file: json-get.py FILE PATH [PATH...].

A PATH is dotted keys and list indices (check.outputs.0.name). Each value is
printed as `PATH = JSON` on its own line. A missing path fails the test.
"""
import json
import sys

with open(sys.argv[1]) as f:
    data = json.load(f)
for path in sys.argv[2:]:
    value = data
    for part in path.split("."):
        value = value[int(part)] if isinstance(value, list) else value[part]
    print(f"{path} = {json.dumps(value, sort_keys=True)}")
