#!/usr/bin/env python3
"""Checks that every include points down the path of a run (docs/design.md).

Each room may include itself and the rooms listed for it; anything else is an
arrow pointing up (or sideways) and fails the test with the file and line.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Room -> the project rooms it may include (besides itself).
ALLOWED = {
    "transforms": [],
    "dialect": ["transforms"],
    "runner/results": [],
    "runner/kernel": ["runner/results", "dialect", "transforms"],
    "runner/campaigns": ["runner/kernel", "runner/results", "dialect", "transforms"],
    "runner/cli": ["runner/campaigns", "runner/kernel", "runner/results"],
    "runner/tools": ["runner/cli", "runner/kernel", "runner/results", "dialect"],
    "runner/peers": [],
}
# results/ is plain data: of MLIR, only the header that aliases LLVM types.
MLIR_ALLOWED = {"runner/results": ["mlir/Support/LLVM.h"]}

INCLUDE = re.compile(r'#include [<"]([^>"]+)[>"]')


def room_of(path):
    for room in sorted(ALLOWED, key=len, reverse=True):
        if path.startswith(room + "/"):
            return room
    return None


def main():
    problems = []
    for room in ALLOWED:
        for name in sorted(os.listdir(os.path.join(ROOT, room))):
            if not name.endswith((".h", ".cpp")):
                continue
            path = f"{room}/{name}"
            with open(os.path.join(ROOT, path)) as f:
                for number, line in enumerate(f, 1):
                    match = INCLUDE.match(line)
                    if not match:
                        continue
                    header = match.group(1)
                    target = room_of(header)
                    if target and target != room and target not in ALLOWED[room]:
                        problems.append(f"{path}:{number}: {room}/ must not include {header} ({target}/ is above it)")
                    if room in MLIR_ALLOWED and header.startswith("mlir/") and header not in MLIR_ALLOWED[room]:
                        problems.append(f"{path}:{number}: {room}/ must not depend on MLIR ({header})")
    for problem in problems:
        print(problem)
    print(f"{len(problems)} include(s) point the wrong way")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
