#!/bin/sh
# vec_nv24_run.sh — the 2:4 (NV24) vector loops side by side, one run:
# bench/vec_nv24.c through sparsecc with --simd=none (the scalar output),
# --simd=generic, --simd=avx2 (when the host has AVX2) and --simd=avx512
# (when it has AVX-512F), all compiled with the same flags; for each kernel
# and size the builds run in turn, ROUNDS times (alternating), and the
# median over the rounds of each build's median is reported with its ratio
# to the scalar output. Times are thread CPU time (the machine may be
# shared).
#
# Environment: CC (cc), OPTFLAGS (-O3 -march=native), SPARSECC (sparsecc on
# PATH, then build/src/sparsecc), BENCH_REPS (11), VEC_INNER (20), ROUNDS
# (3), NV24_SIZES ("512 2048": N x N matrices, 1.2 and 19 MB stored),
# BENCH_BUILD (bench/build), NICE ("nice -n 10").
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
B=${BENCH_BUILD:-bench/build}
CC=${CC:-cc}
OPTFLAGS=${OPTFLAGS:--O3 -march=native}
NICE=${NICE-nice -n 10}
SC=${SPARSECC:-}
if [ -z "$SC" ]; then
  if command -v sparsecc >/dev/null 2>&1; then SC=sparsecc; else SC=build/src/sparsecc; fi
fi
export BENCH_REPS=${BENCH_REPS:-11} VEC_INNER=${VEC_INNER:-20}
mkdir -p "$B"
impls="none generic avx2"
grep -qw avx2 /proc/cpuinfo 2>/dev/null || impls="none generic"
grep -qw avx512f /proc/cpuinfo 2>/dev/null && impls="$impls avx512"
for impl in $impls; do
  # shellcheck disable=SC2086
  $NICE "$SC" bench/vec_nv24.c -o "$B/vec_nv24_$impl.c" -Ibench --simd=$impl || exit 2
  # shellcheck disable=SC2086
  $NICE $CC $OPTFLAGS -std=c11 -D_POSIX_C_SOURCE=200809L -Ibench -DVEC_IMPL="\"$impl\"" $("$SC" --cflags) \
    "$B/vec_nv24_$impl.c" -o "$B/vec_nv24_$impl" $("$SC" --libs) -lm || exit 2
done
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
us() { echo "$1" | sed -n 's/.*us_per_rep=\([0-9.]*\).*/\1/p'; }
median() { tr ' ' '\n' | sed '/^$/d' | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
echo "# 2:4 vectorization benchmarks: $(date -u '+%Y-%m-%d %H:%M UTC'), $($CC --version | head -n1), $OPTFLAGS, load $(cut -d' ' -f1-3 /proc/loadavg)"
for n in ${NV24_SIZES:-512 2048}; do
  for k in nv24_spmv nv24_spmvt; do
    all=""
    r=0
    while [ $r -lt "${ROUNDS:-3}" ]; do
      for impl in $impls; do
        line=$($NICE "$B/vec_nv24_$impl" $k "$n")
        echo "$line"
        all="$all $impl=$(us "$line")"
      done
      r=$((r + 1))
    done
    base=""
    for impl in $impls; do
      t=$(for v in $all; do case $v in "$impl="*) printf '%s ' "${v#*=}" ;; esac; done | median)
      echo "MEDIAN kernel=$k n=$n impl=$impl us_per_rep=$t"
      if [ -z "$base" ]; then base=$t; else
        echo "RATIO kernel=$k n=$n impl=$impl speedup_vs_scalar=$(ratio "$base" "$t")"
      fi
    done
  done
done
