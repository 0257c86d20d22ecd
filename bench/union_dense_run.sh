#!/bin/bash
# union_dense_run.sh — the "Unions with a dense side" figures of
# docs/performance.md: union_dense.c (y[i] += A[i][j] + x[j], N = 3000) at
# 3, 30 and 300 entries a row, built as the dense original, with A stored
# sparse and walked by merge cursors, and with A stored sparse and read by
# element lookups (a search per element, as before merge cursors). The three programs run alternately ROUNDS times; each run
# reports the median CPU time of its passes; the median of the runs and
# the ratios are printed with the load average.
# Environment: SPARSECC (default: sparsecc on PATH), CC (cc), OPTFLAGS
# (-O2), ROUNDS (5), BENCH_BUILD (bench/build).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
sparsecc=${SPARSECC:-sparsecc}
cc=${CC:-cc}
opt=${OPTFLAGS:--O2}
rounds=${ROUNDS:-5}
out=${BENCH_BUILD:-$here/build}/union_dense
mkdir -p "$out"
cd "$out"
cflags=$("$sparsecc" --cflags)
libs=$("$sparsecc" --libs)
med() { tr ' ' '\n' | grep . | sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
for nnz in 3 30 300; do
  d="-DNNZ_ROW=$nnz"
  "$cc" $opt -Wno-unknown-pragmas $d "$here/union_dense.c" -o dense
  "$sparsecc" "$here/union_dense.c" -o merged.c -- -DSTORED $d 2>/dev/null
  "$cc" $opt $cflags -DSTORED $d merged.c -o merged $libs
  "$sparsecc" "$here/union_dense.c" -o lookups.c -- -DSTORED -DLOOKUPS $d 2>/dev/null
  "$cc" $opt $cflags -DSTORED -DLOOKUPS $d lookups.c -o lookups $libs
  grep -q "sc__A_mc1_" merged.c || { echo "merged.c has no merge cursor"; exit 1; }
  cmp <(./dense 2>/dev/null) <(./merged 2>/dev/null) || { echo "merged: checksum differs"; exit 1; }
  dl=""; ml=""; ll=""
  for _ in $(seq "$rounds"); do
    dl="$dl $(./dense 2>&1 >/dev/null)"
    ml="$ml $(./merged 2>&1 >/dev/null)"
    ll="$ll $(./lookups 2>&1 >/dev/null)"
  done
  dm=$(echo "$dl" | med); mm=$(echo "$ml" | med); lm=$(echo "$ll" | med)
  awk -v n="$nnz" -v d="$dm" -v m="$mm" -v l="$lm" -v r="$rounds" -v ld="$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)" \
    'BEGIN { printf "N=3000, %d a row: dense %.2f ms, merged %.2f ms, lookups %.2f ms; merged/dense %.2fx, lookups/merged %.1fx (CPU time, medians of %d runs; load %s)\n", n, d, m, l, m / d, l / m, r, ld }'
done
