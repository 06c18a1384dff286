#!/bin/sh
# Runs one fuzz target for SECONDS over its seed corpus in test/fuzz/corpus,
# keeping what it finds in WORK (the seed corpus is only read).
#   run.sh FUZZER CORPUS-NAME SECONDS WORK-DIR
set -e
fuzzer=$1 corpus=$(dirname "$0")/corpus/$2 seconds=$3 work=$4
mkdir -p "$work"
exec "$fuzzer" -max_total_time="$seconds" -print_final_stats=1 \
  -artifact_prefix="$work/" "$work" "$corpus"
