// loom tune sweeps the space in child processes and keeps every result in a
// JSON Lines database: a failing candidate is recorded as invalid and the
// sweep goes on; a second run resumes without measuring again; shards split
// the space; --out writes a schedule loom run takes as it is.
//
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: loom tune %s --min-time 0.01 --db %t/db.jsonl --best-schedule %t/best.mlir 2> %t/log.txt | FileCheck %s
// RUN: FileCheck %s --check-prefix=LOG < %t/log.txt
// RUN: %{python} -c "import json; lines = [json.loads(l) for l in open('%t/db.jsonl')]; print(len(lines), sorted(l['status'] for l in lines))" | FileCheck %s --check-prefix=DB
// RUN: loom run %s --schedule %t/best.mlir --iters 1 2>&1 | FileCheck %s --check-prefix=BEST
// RUN: cp %t/db.jsonl %t/single.jsonl
// RUN: loom-opt %t/best.mlir > /dev/null

// Resuming measures nothing again; a corrupt line and a record from another
// machine are reported and not used.
// RUN: echo 'garbage' >> %t/db.jsonl
// RUN: %{python} -c "import json; l = json.loads(open('%t/db.jsonl').readline()); l['machine'] = 'elsewhere'; print(json.dumps(l))" >> %t/db.jsonl
// RUN: loom tune %s --min-time 0.01 --db %t/db.jsonl 2> %t/resume-log.txt | FileCheck %s --check-prefix=RESUME
// RUN: FileCheck %s --check-prefix=RESUME-LOG < %t/resume-log.txt

// Three shards, each with its own database, cover the space once; merged,
// they hold the same points as the single run.
// The shards run at the same time, as background jobs.
// RUN: sh -c 'for i in 0 1 2; do loom tune %s --min-time 0.01 --shard $i/3 --db %t/shard-$i.jsonl > /dev/null 2>&1 & done; wait; true'
// RUN: loom tune merge %t/shard-0.jsonl %t/shard-1.jsonl %t/shard-2.jsonl %t/shard-0.jsonl -o %t/shards.jsonl | FileCheck %s --check-prefix=MERGED
// RUN: %{python} -c "import json; points = lambda f: sorted(json.dumps(json.loads(l)['point'], sort_keys=True) for l in open(f) if json.loads(l).get('machine') != 'elsewhere' and l.startswith('{')); a = points('%t/shards.jsonl'); print(len(a), len(set(a)), a == points('%t/single.jsonl'))" | FileCheck %s --check-prefix=SHARDS
// RUN: loom tune merge %t/db.jsonl -o %t/cleaned.jsonl 2>&1 | FileCheck %s --check-prefix=MERGE-WARN
// RUN: %{exit-code} loom tune merge %t/db.jsonl | FileCheck %s --check-prefix=MERGE-USAGE

// Ctrl-C (SIGINT to the tuner alone, once the first result is in) stops
// after the running candidate, which is kept, and exits 130.
// RUN: sh -c 'loom tune %s --min-time 0.5 --no-overlap --db %t/interrupted.jsonl > %t/interrupted.out 2>&1 & pid=$!; while [ ! -s %t/interrupted.jsonl ]; do sleep 0.05; done; kill -INT $pid; wait $pid; echo "exit code: $?" >> %t/interrupted.out'
// RUN: FileCheck %s --check-prefix=INTERRUPTED < %t/interrupted.out
// RUN: %{python} -c "import json; p = [json.dumps(json.loads(l)['point'], sort_keys=True) for l in open('%t/interrupted.jsonl')]; print(len(p) == len(set(p)), 0 < len(p) < 4)" | FileCheck %s --check-prefix=INTERRUPTED-DB

// kill -9 in the middle of a sweep loses at most the running candidate, and
// the next run completes it without duplicates.
// RUN: %{exit-code} timeout -s KILL 1.5 loom tune %s --min-time 0.5 --db %t/killed.jsonl > /dev/null
// RUN: loom tune %s --min-time 0.01 --db %t/killed.jsonl 2> /dev/null | FileCheck %s --check-prefix=AFTER-KILL
// RUN: %{python} -c "import json; p = [json.dumps(json.loads(l)['point'], sort_keys=True) for l in open('%t/killed.jsonl')]; print(len(p), len(set(p)))" | FileCheck %s --check-prefix=KILLED-DB

// -j 2: two candidates at once, the same results.
// RUN: loom tune %s --min-time 0.01 -j 2 --db %t/parallel.jsonl 2> /dev/null | FileCheck %s --check-prefix=PARALLEL
// RUN: %{python} -c "import json; print(sorted((json.dumps(json.loads(l)['point'], sort_keys=True), json.loads(l)['status']) for l in open('%t/parallel.jsonl')) == sorted((json.dumps(json.loads(l)['point'], sort_keys=True), json.loads(l)['status']) for l in open('%t/single.jsonl')))" | FileCheck %s --check-prefix=JOBS-DB

// The evolutionary strategy: deterministic for a seed, never repeats a point.
// RUN: loom tune %s --min-time 0.01 --strategy evolutionary --strategy-seed 3 --db %t/evo-a.jsonl 2>&1 > /dev/null | grep '^\[' | cut -d: -f1 > %t/evo-a.txt
// RUN: loom tune %s --min-time 0.01 --strategy evolutionary --seed 3 --db %t/evo-b.jsonl 2>&1 > /dev/null | grep '^\[' | cut -d: -f1 > %t/evo-b.txt
// RUN: diff %t/evo-a.txt %t/evo-b.txt
// The old spellings of --strategy-seed and --best-schedule (evo-b above) still
// work, with a warning.
// RUN: loom tune %s --list-space --seed 3 --out %t/unused.mlir 2>&1 >/dev/null | FileCheck %s --check-prefix=DEPRECATED
// DEPRECATED: loom tune: warning: --seed is deprecated in loom tune; use --strategy-seed
// DEPRECATED: loom tune: warning: --out is deprecated in loom tune; use --best-schedule
// RUN: %{python} -c "import json; p = [json.dumps(json.loads(l)['point'], sort_keys=True) for l in open('%t/evo-a.jsonl')]; print(len(p), len(set(p)))" | FileCheck %s --check-prefix=EVOLUTIONARY

// The budget and the constraints bound the sweep.
// RUN: loom tune %s --min-time 0.01 --db %t/budget.jsonl --budget 1 --constraint 'how == 0' 2> /dev/null | FileCheck %s --check-prefix=BUDGET

// A sweep where no candidate works says so (exit 3).
// RUN: %{exit-code} loom tune %s --min-time 0.01 --db %t/none.jsonl --entry-point always_fails 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: %{exit-code} loom tune %s --func missing --db %t/missing.jsonl | FileCheck %s --check-prefix=NO-REFERENCE
// RUN: %{exit-code} loom tune %s --shard 3/3 | FileCheck %s --check-prefix=SHARD-ERROR
// RUN: %{exit-code} loom tune %s --strategy genetic | FileCheck %s --check-prefix=STRATEGY

// CHECK: 4 candidates of 4 points: 4 evaluated now, 0 from the database, 2 invalid
// CHECK-NEXT: rank point median GFLOP/s note
// CHECK-NEXT: 1 tile={{[48]}} how=0
// CHECK-NEXT: 2 tile={{[48]}} how=0
// CHECK-NEXT: measured again, side by side: 3 interleaved rounds of at least 0.33 s each
// CHECK-NEXT: point sweep rounds median note
// CHECK-NEXT: tile={{[48]}} how=0 {{[0-9.]+ [mun]?s [0-9.]+ [mun]?s [0-9.]+ [mun]?s [0-9.]+ [mun]?s [0-9.]+ [mun]?s}}
// CHECK-NEXT: tile={{[48]}} how=0 {{[0-9.]+ [mun]?s [0-9.]+ [mun]?s [0-9.]+ [mun]?s [0-9.]+ [mun]?s [0-9.]+ [mun]?s}}
// CHECK-NEXT: best point measured again: median
// CHECK: results in {{.*}}db.jsonl; the best schedule in {{.*}}best.mlir

// The reference first (one untimed call), then one line per candidate in the
// order they started (the next one compiles while one is measured, and may
// finish first).
// LOG: computing the reference outputs (one untimed call of the payload without the schedule)...
// LOG-NEXT: reference outputs computed in {{.*}}
// LOG-NEXT: [1/4] tile=4 how=0: ok {{.*}}; 1 valid, 0 invalid, best {{.*}}; {{.*}} elapsed, ~{{.*}} left
// LOG-NEXT: [2/4] tile=4 how=1: compile-failure; 1 valid, 1 invalid, best
// LOG-NEXT: [3/4] tile=8 how=0: ok
// LOG-NEXT: [4/4] tile=8 how=1: compile-failure; 2 valid, 2 invalid, best

// DB: 4 ['compile-failure', 'compile-failure', 'ok', 'ok']

// BEST: check result 0: passed

// RESUME: 4 candidates of 4 points: 0 evaluated now, 4 from the database, 2 invalid
// RESUME-NEXT: 1 database record(s) from another payload, schedule, machine or version were not used
// RESUME-LOG: warning: {{.*}}db.jsonl:5 is not a tuning record; skipped

// MERGED: 4 records in {{.*}}shards.jsonl
// SHARDS: 4 4 True
// MERGE-WARN: warning: {{.*}}db.jsonl:5 is not a tuning record; skipped
// MERGE-WARN: 5 records in {{.*}}cleaned.jsonl
// MERGE-USAGE: loom tune: error: usage: loom tune merge A.jsonl B.jsonl... -o ALL.jsonl
// MERGE-USAGE: exit code: 2

// INTERRUPTED: interrupted (everything measured is in the database)
// INTERRUPTED: exit code: 130
// INTERRUPTED-DB: True True
// AFTER-KILL: 4 candidates of 4 points: {{[0-4]}} evaluated now, {{[0-4]}} from the database, 2 invalid
// KILLED-DB: 4 4

// PARALLEL: 4 candidates of 4 points: 4 evaluated now, 0 from the database, 2 invalid
// JOBS-DB: True
// EVOLUTIONARY: 4 4

// BUDGET: 2 candidates of 4 points: 1 evaluated now, 0 from the database, 0 invalid; stopped by --budget

// NONE: 4 candidates of 4 points: 4 evaluated now, 0 from the database, 4 invalid
// NONE: no valid point
// NONE: exit code: 3
// NO-REFERENCE: loom tune: error: the payload without the schedule (the reference) fails, so no candidate can be checked: invalid-input: {{.*}}missing
// NO-REFERENCE: exit code: 2
// SHARD-ERROR: loom tune: error: --shard I/N needs 0 <= I < N
// SHARD-ERROR: exit code: 2
// STRATEGY: loom tune: error: unknown --strategy 'genetic' (exhaustive, random, evolutionary, model)
// STRATEGY: exit code: 2

func.func @relu(%a: tensor<16x64xf32>) -> tensor<16x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<16x64xf32>) outs(%e : tensor<16x64xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.maximumf %x, %zero : f32
    linalg.yield %y : f32
  } -> tensor<16x64xf32>
  return %r : tensor<16x64xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %tile = transform.tune.knob<"tile"> options = [4, 8] -> !transform.param<i64>
    transform.tune.alternatives<"how"> {
      %tiled, %loop = transform.structured.tile_using_for %g tile_sizes [%tile, 0]
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
      transform.yield
    }, {
      // A choice that fails to apply: recorded as invalid, never retried.
      %empty = transform.structured.match ops{["tensor.empty"]} in %root : (!transform.any_op) -> !transform.any_op
      %f = transform.loom.fuse_elementwise %empty : (!transform.any_op) -> !transform.any_op
      transform.yield
    }
    transform.yield
  }
  transform.named_sequence @always_fails(%root: !transform.any_op {transform.readonly}) {
    %tile = transform.tune.knob<"tile"> options = [4, 8] -> !transform.param<i64>
    %how = transform.tune.knob<"how"> options = [0, 1] -> !transform.param<i64>
    %empty = transform.structured.match ops{["tensor.empty"]} in %root : (!transform.any_op) -> !transform.any_op
    %f = transform.loom.fuse_elementwise %empty : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
