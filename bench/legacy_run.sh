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
awk -v d="$d" -v s="$s" 'BEGIN { printf "atax N=8000 0.1%%: dense %.3f s, sparse %.4f s, speedup %.1fx\n", d, s, d / s }'
"$sparsecc" "$here/legacy_spmv_1m.c" -o spmv_1m_sparse.c 2>/dev/null
"$cc" $opt $cflags spmv_1m_sparse.c -o spmv_1m_sparse $libs
/usr/bin/time -f "spmv 1M x 1M, 5M nnz: %e s, peak RSS %M KB" ./spmv_1m_sparse
