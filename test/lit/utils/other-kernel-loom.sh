#!/bin/sh
# A loom whose compiled kernels differ from loom's: it runs loom, then adds
# a line to the optimized LLVM IR that --dump-ir DIR wrote, as a loom with
# another version of a pass would (make-records.py --rekey --old-loom).
loom "$@"
status=$?
while [ $# -gt 0 ]; do
  if [ "$1" = "--dump-ir" ] && [ -f "$2/4-optimized.ll" ]; then
    echo "; compiled by another loom" >> "$2/4-optimized.ll"
  fi
  shift
done
exit $status
