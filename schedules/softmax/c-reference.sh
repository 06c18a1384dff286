#!/bin/sh
# Builds and times the C reference of the softmax schedule (reference.c) at
# the sizes of the payloads: clang -O3 -ffast-math -march=native with glibc's
# vector math library. Usage: schedules/softmax/c-reference.sh [SECONDS]
set -e
here=$(dirname "$0")
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
clang-22 -O3 -ffast-math -march=native -fveclib=libmvec "$here/reference.c" \
  -o "$out/reference" -lm
for n in 1024 4096; do "$out/reference" "$n" "${1:-1}"; done
