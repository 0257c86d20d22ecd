#!/bin/bash
# legacy_run.sh — the "Legacy programs" figures of docs/performance.md:
#   legacy_atax.c     PolyBench atax, N = 8000, 0.1% non-zeros: whole
#                     program, dense original vs sparsecc output (best of 5)
#   legacy_spmv_1m.c  a 1,000,000^2 global matrix with 5M element writes,
#                     then SpMV: peak RSS of the sparsecc output
# Environment: SPARSECC (default: sparsecc on PATH), CC (cc), OPTFLAGS (-O2).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
sparsecc=${SPARSECC:-sparsecc}
cc=${CC:-cc}
opt=${OPTFLAGS:--O2}
out=${BENCH_BUILD:-$here/build}/legacy
mkdir -p "$out"
cd "$out"
cflags=$("$sparsecc" --cflags)
libs=$("$sparsecc" --libs)
best() { # best wall time of N runs of a command, in seconds
  local n=$1 b=""
  shift
  for _ in $(seq "$n"); do
    local t0 t1
    t0=$(date +%s.%N); "$@" >/dev/null; t1=$(date +%s.%N)
    b=$(awk -v a="$t0" -v c="$t1" -v b="$b" 'BEGIN { t = c - a; print (b == "" || t < b) ? t : b }')
  done
  echo "$b"
}
"$cc" $opt -Wno-unknown-pragmas "$here/legacy_atax.c" -o atax_dense
"$sparsecc" "$here/legacy_atax.c" -o atax_sparse.c 2>/dev/null
"$cc" $opt $cflags atax_sparse.c -o atax_sparse $libs
cmp <(./atax_dense) <(./atax_sparse) || { echo "atax: outputs differ"; exit 1; }
d=$(best 5 ./atax_dense)
s=$(best 5 ./atax_sparse)
awk -v d="$d" -v s="$s" 'BEGIN { printf "atax N=8000 0.1%%: dense %.3f s, sparse %.4f s, speedup %.1fx (wall, best of 5)\n", d, s, d / s }'
# CPU time (user + kernel, page faults included): perf's task-clock, the
# median of 7 interleaved batches of 10 runs each
if command -v perf >/dev/null && perf stat -x, -e task-clock true >/dev/null 2>&1; then
  cpu() { perf stat -x, -r 10 -e task-clock "$1" 2>&1 >/dev/null | awk -F, '/task-clock/ { print $1 }'; }
  dl=""; sl=""
  for _ in 1 2 3 4 5 6 7; do
    dl="$dl $(cpu ./atax_dense)"
    sl="$sl $(cpu ./atax_sparse)"
  done
  med() { tr ' ' '\n' | grep . | sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
  dm=$(echo "$dl" | med)
  sm=$(echo "$sl" | med)
  awk -v d="$dm" -v s="$sm" -v l="$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)" 'BEGIN { printf "atax N=8000 0.1%%: CPU time dense %.1f ms, sparse %.2f ms, speedup %.1fx (median of 7 x 10 runs; load %s)\n", d, s, d / s, l }'
fi
"$sparsecc" "$here/legacy_spmv_1m.c" -o spmv_1m_sparse.c 2>/dev/null
"$cc" $opt $cflags spmv_1m_sparse.c -o spmv_1m_sparse $libs
/usr/bin/time -f "spmv 1M x 1M, 5M nnz: %e s, peak RSS %M KB" ./spmv_1m_sparse
