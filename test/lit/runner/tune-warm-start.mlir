// loom tune starts from the tuned record of its payload, schedule, CPU and
// threads: the record's point runs right after the defaults (before the
// strategy's points: exhaustive order would take tile=4 next) and in the
// final rounds, noted "the record". Without a record (--no-records, another
// CPU's, a point a constraint rules out) the sweep says why and runs as
// before.
//
// RUN: rm -f %t.*
// A record of tile=8, made by a sweep constrained to it.
// RUN: loom tune %s --min-time 0.01 --db %t.a.jsonl --constraint 'tile == 8' \
// RUN:   --finalists 0 --save-record %t.json 2>&1 | FileCheck %s --check-prefix=MAKE
// MAKE-NOT: record to start from
// MAKE: [1/1] tile=8: ok
//
// The --save-record file is the one read when --records is not given (a
// copy: the sweep may replace its record).
// RUN: cp %t.json %t.warm.json
// RUN: loom tune %s --min-time 0.01 --db %t.b.jsonl --budget 2 --final-rounds 1 \
// RUN:   --save-record %t.warm.json 2>&1 | FileCheck %s --check-prefix=WARM
// WARM: starting from the record in {{.*}}.warm.json (tuned {{.*}}): tile=8; it runs after the defaults and in the final rounds
// WARM: [1/2] tile=2: ok
// WARM-NEXT: [2/2] tile=8: ok
// WARM: started from the record in {{.*}}.json (tuned
// WARM: point{{ +}}sweep{{ +}}rounds{{ +}}median{{ +}}note
// WARM-DAG: tile=2 {{.*}} the defaults
// WARM-DAG: tile=8 {{.*}} the record
//
// After an edit of the schedule (here: the record's digest changed, as an
// edit would change the schedule's) no run applies the record, but the
// sweep still starts from its point, a guess that runs in the final rounds
// as "the older record"; the defaults stay the incumbent it must beat.
// RUN: sed -e 's/"schedule_sha256": "[0-9a-f]\{8\}/"schedule_sha256": "00000000/' %t.json > %t.older.json
// RUN: not grep -q "$(sed -n 's/.*"schedule_sha256": "\([0-9a-f]*\)".*/\1/p' %t.json)" %t.older.json
// RUN: loom tune %s --min-time 0.01 --db %t.g.jsonl --budget 2 --final-rounds 1 \
// RUN:   --records %t.older.json 2>&1 | FileCheck %s --check-prefix=OLDER
// OLDER: starting from the record of an older version of the schedule in {{.*}}.older.json (tuned {{.*}}): tile=8; it runs after the defaults and in the final rounds
// OLDER: [1/2] tile=2: ok
// OLDER-NEXT: [2/2] tile=8: ok
// OLDER: started from the record of an older version of the schedule in
// OLDER-DAG: tile=2 {{.*}} the defaults
// OLDER-DAG: tile=8 {{.*}} the older record
// A schedule of another name (another file) is not an older version.
// RUN: sed -e 's/"schedule_sha256": "[0-9a-f]\{8\}/"schedule_sha256": "00000000/' \
// RUN:   -e 's/"payload_file": "[^"]*"/"payload_file": "other.mlir"/' %t.json > %t.other-file.json
// RUN: loom tune %s --min-time 0.01 --db %t.h.jsonl --budget 2 --finalists 0 \
// RUN:   --records %t.other-file.json 2>&1 | FileCheck %s --check-prefix=OTHER-FILE
// OTHER-FILE: [2/2] tile=4: ok
// OTHER-FILE: no record to start from: no record for this payload, schedule, CPU and 1 thread(s)
//
// RUN: loom tune %s --min-time 0.01 --db %t.c.jsonl --budget 2 --finalists 0 \
// RUN:   --records %t.json --no-records 2>&1 | FileCheck %s --check-prefix=NONE
// NONE: [1/2] tile=2: ok
// NONE-NEXT: [2/2] tile=4: ok
// NONE-NOT: record
//
// RUN: loom tune %s --min-time 0.01 --db %t.d.jsonl --budget 2 --finalists 0 \
// RUN:   --records %t.json --records-host "fakecpu | 0000000000000000" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OTHER
// OTHER: [2/2] tile=4: ok
// OTHER: no record to start from: no record for this payload, schedule, CPU and 1 thread(s) in {{.*}}.json
//
// RUN: loom tune %s --min-time 0.01 --db %t.e.jsonl --budget 2 --finalists 0 \
// RUN:   --records %t.json --constraint 'tile <= 4' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=RULED
// RULED: [2/2] tile=4: ok
// RULED: no record to start from: the point of the record in {{.*}}.json is ruled out by a constraint
//
// A records file that is not one stops the sweep before any candidate.
// RUN: echo '{' > %t.bad.json
// RUN: not loom tune %s --min-time 0.01 --db %t.f.jsonl --records %t.bad.json 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BAD
// BAD: loom tune: error: {{.*}}bad.json: not a Loom records file: not JSON
// BAD-NOT: [1/

func.func @add(%a: tensor<16x32xf32>, %b: tensor<16x32xf32>) -> tensor<16x32xf32> {
  %empty = tensor.empty() : tensor<16x32xf32>
  %0 = linalg.add ins(%a, %b : tensor<16x32xf32>, tensor<16x32xf32>)
                  outs(%empty : tensor<16x32xf32>) -> tensor<16x32xf32>
  return %0 : tensor<16x32xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %add = transform.structured.match ops{["linalg.add"]} in %root
      : (!transform.any_op) -> !transform.any_op
    %tile = transform.tune.knob<"tile"> = 2 from options = [2, 4, 8, 16] -> !transform.param<i64>
    %tiled, %loop = transform.structured.tile_using_for %add tile_sizes [%tile]
      : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
