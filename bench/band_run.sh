#!/bin/bash
# band_run.sh — band_spmv.c (a band SpMV through MAX/MIN macros over a
# matrix stored CSR) built by two sparsecc binaries and run alternately:
# the figure "Band bounds" of docs/performance.md.
#   SPARSECC       the compiler under test (default: sparsecc on PATH)
#   SPARSECC_BASE  the compiler to compare with (e.g. a build of an earlier
#                  commit; both outputs link SPARSECC's runtime); without
#                  it only SPARSECC's variant runs
#   BENCH_ROUNDS   runs of each binary, alternating (default 5); each run
#                  prints its median of 15 samples, the script the median
#                  of those and the ratio base / test
#   CC (cc), OPTFLAGS (-O2), N, BW (half-bandwidth), OUT (entries per
#   row outside the band, at random), SIDE (entries next to the band on
#   each side), EMPTY (only every EMPTY-th row stored), GUARD (0: the band
#   as loop bounds; 1: as the guard `if (j >= i - BW && j <= i + BW)`, 2:
#   `if (abs(i - j) <= BW)`, over j from 0 to N), BENCH_CLOCK=cpu (thread
#   CPU time), BENCH_BUILD (bench/build)
#   WITH_GUARD=1   also SPARSECC's output of the same band written as the
#                  guard GUARD=1 ("guard"), in the same alternation, and
#                  the ratio guard / test
set -eu
here=$(cd "$(dirname "$0")" && pwd)
sparsecc=${SPARSECC:-sparsecc}
base=${SPARSECC_BASE:-}
cc=${CC:-cc}
opt=${OPTFLAGS:--O2}
rounds=${BENCH_ROUNDS:-5}
shape="-DN=${N:-20000} -DBW=${BW:-4} -DOUT=${OUT:-0} -DSIDE=${SIDE:-0} -DEMPTY=${EMPTY:-1}"
size="$shape -DGUARD=${GUARD:-0}"
out=${BENCH_BUILD:-$here/build}/band
mkdir -p "$out"
cd "$out"
build() { # build NAME SPARSECC
  "$2" $size "$here/band_spmv.c" -o "$1.c" 2>/dev/null
  "$cc" $opt $size -D_POSIX_C_SOURCE=200809L $("$sparsecc" --cflags) \
    "$1.c" -o "$1" $("$sparsecc" --libs)
}
build test "$sparsecc"
variants=test
if [ -n "$base" ]; then build base "$base"; variants="base test"; fi
if [ "${WITH_GUARD:-0}" = 1 ]; then
  size="$shape -DGUARD=1" build guard "$sparsecc"
  variants="$variants guard"
fi
for _ in $(seq "$rounds"); do
  for v in $variants; do
    ./"$v" | sed -n "s/.*median_s=\([^ ]*\) checksum=\(.*\)/$v \1 \2/p"
  done
done >times.txt
for v in $variants; do
  sort -g -k2 <(grep "^$v " times.txt) |
    awk -v v="$v" '{ t[NR] = $2; c = $3 } END { printf "%s median %.3f ms checksum %s\n", v, 1e3 * t[int((NR + 1) / 2)], c }'
done | tee summary.txt
if [ -n "$base" ]; then
  awk '{ m[$1] = $3 } END { printf "ratio base/test %.2f\n", m["base"] / m["test"] }' summary.txt
fi
if [ "${WITH_GUARD:-0}" = 1 ]; then
  awk '{ m[$1] = $3 } END { printf "ratio guard/test %.2f\n", m["guard"] / m["test"] }' summary.txt
fi
