#!/usr/bin/env python3
"""doc-paths.py ROOT: every path of the source tree that README.md and docs/
name (runner/..., transforms/..., a file with an extension) exists; prints
one line per missing path and exits 1 when there is one."""
import pathlib
import re
import sys

root = pathlib.Path(sys.argv[1])
# A path of one of the top-level folders, ending in a file name with an
# extension, as the docs write them (`runner/results/Record.h`).
pattern = re.compile(
    r"\b((?:runner|transforms|dialect|schedules|test|docs)/[A-Za-z0-9_./-]*"
    r"[A-Za-z0-9_-]\.(?:h|cpp|td|mlir|py|json|test|md|txt|c))\b")
documents = [root / "README.md"] + sorted((root / "docs").glob("*.md"))
named = missing = 0
for document in documents:
    for number, line in enumerate(document.read_text().splitlines(), 1):
        for path in pattern.findall(line):
            named += 1
            if not (root / path).exists():
                missing += 1
                print(f"{document.relative_to(root)}:{number}: names "
                      f"{path}, which does not exist")
print(f"{named} paths named, {missing} missing")
sys.exit(1 if missing else 0)
