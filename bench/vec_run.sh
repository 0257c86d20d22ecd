#!/bin/sh
# vec_run.sh — the vectorization benchmarks side by side, one run:
# bench/vec_kernels.c through sparsecc with --simd=none (the scalar output),
# --simd=generic, --simd=avx2 (when the host has AVX2; vl 8 and vl 4) and
# --simd=avx512 (when the host has AVX-512F),
# all compiled with the same flags, each kernel run by every build in turn.
# Prints RESULT lines and, per kernel, the speed-up over the scalar output.
#
# Environment: CC (cc), OPTFLAGS (-O3 -march=native), SPARSECC (sparsecc on
# PATH, then build/src/sparsecc), BENCH_REPS (15), VEC_INNER (40),
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
mkdir -p "$B"
impls="none generic avx2 avx2_vl4"
grep -qw avx2 /proc/cpuinfo 2>/dev/null || impls="none generic"
grep -qw avx512f /proc/cpuinfo 2>/dev/null && impls="$impls avx512"
for impl in $impls; do
  case $impl in
    avx2_vl4) flags="--simd=avx2 --vl=4" ;;
    *) flags="--simd=$impl" ;;
  esac
  # shellcheck disable=SC2086
  $NICE "$SC" bench/vec_kernels.c -o "$B/vec_$impl.c" -Ibench $flags || exit 2
  # shellcheck disable=SC2086
  $NICE $CC $OPTFLAGS -std=c11 -D_POSIX_C_SOURCE=200809L -Ibench -DVEC_IMPL="\"$impl\"" $("$SC" --cflags) \
    "$B/vec_$impl.c" -o "$B/vec_$impl" $("$SC" --libs) -lm || exit 2
done
echo "# vectorization benchmarks: $(date -u '+%Y-%m-%d %H:%M UTC'), $($CC --version | head -n1), $OPTFLAGS"
for k in spmm sddmm denselvl spmv_short spmv_long; do
  base=""
  for impl in $impls; do
    line=$($NICE "$B/vec_$impl" $k)
    echo "$line"
    t=$(echo "$line" | sed -n 's/.*us_per_rep=\([0-9.]*\).*/\1/p')
    if [ -z "$base" ]; then base=$t; else
      echo "RATIO kernel=$k impl=$impl speedup_vs_scalar=$(awk -v a="$base" -v b="$t" 'BEGIN { printf "%.2f", a / b }')"
    fi
  done
done
