#!/bin/sh
# vec_run.sh — the vectorization benchmarks side by side, one run:
# bench/vec_kernels.c through sparsecc with --simd=none (the scalar output),
# --simd=generic, --simd=avx2 (when the host has AVX2; vl 8 and vl 4) and
# --simd=avx512 (when the host has AVX-512F),
# all compiled with the same flags, each kernel run by every build in turn.
# With MLIR's tools installed, also MLIR's sparsifier with vl=0 and vl=8 on
# the same kernels and data (bench/mlir/vec_kernels.mlir, vec_harness.c),
# and vl=8 compiled with -mprefer-vector-width=256 (mlir_vl8_ymm: 256-bit
# vectors, like for like with avx2; not for spmm8, rowmax and clamp_dot).
# Then bench/vec_bsr.c (SpMV over BSR(2, 2), (3, 3), (4, 4) and CSR of a
# real finite-element matrix, VEC_BSR_MATRIX, default bcsstk33.mtx of
# MATRIX_DIR, ../shared/matrices relative to the repository; skipped when
# absent) through the same builds.
# Prints RESULT lines and, per kernel, the speed-up over the scalar output
# and over MLIR vl=8. Times are thread CPU time (the machine may be shared).
#
# Environment: CC (cc), OPTFLAGS (-O3 -march=native), SPARSECC (sparsecc on
# PATH, then build/src/sparsecc), BENCH_REPS (15), VEC_INNER (40),
# BENCH_BUILD (bench/build), NICE ("nice -n 10"), VEC_KERNELS (the kernels
# to run, default all), VEC_DENSITY (0.02: the stored share of the SpMM and
# SDDMM pattern, for every build).
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
  # shellcheck disable=SC2086
  $NICE "$SC" bench/vec_bsr.c -o "$B/vec_bsr_$impl.c" -Ibench $flags || exit 2
  # shellcheck disable=SC2086
  $NICE $CC $OPTFLAGS -std=c11 -D_POSIX_C_SOURCE=200809L -Ibench -DVEC_IMPL="\"$impl\"" $("$SC" --cflags) \
    "$B/vec_bsr_$impl.c" -o "$B/vec_bsr_$impl" $("$SC" --libs) -lm || exit 2
done
# MLIR's sparsifier on the same kernels and data (vl=0 and vl=8), when its
# tools are installed
# shellcheck source-path=SCRIPTDIR source=mlir_vl_build.sh
. bench/mlir_vl_build.sh
mlir_vl_build bench/mlir/vec_kernels.mlir 'spmm\|sddmm\|denselvl\|dldot\|dldotbig\|dlshortdot\|dlshort\|spmv\|bsrspmv' \
  mlir bench/mlir/vec_harness.c vec_mlir
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
us() { echo "$1" | sed -n 's/.*us_per_rep=\([0-9.]*\).*/\1/p'; }
echo "# vectorization benchmarks: $(date -u '+%Y-%m-%d %H:%M UTC'), $($CC --version | head -n1), $OPTFLAGS"
for k in ${VEC_KERNELS:-spmm sddmm denselvl dl_dot dl_dot_big dl_short dl_short_dot spmm8 bsr_spmv spmv_short spmv_long rowmax clamp_dot}; do
  m8=""
  m8y=""
  case $k in spmm8|rowmax|clamp_dot) has_mlir=0 ;; *) has_mlir=$mlir ;; esac
  if [ $has_mlir -eq 1 ]; then
    $NICE "$B/vec_mlir" $k 0
    line=$($NICE "$B/vec_mlir" $k 8)
    echo "$line"
    m8=$(us "$line")
    line=$($NICE "$B/vec_mlir_ymm" $k 8 | sed 's/impl=mlir_vl8/impl=mlir_vl8_ymm/')
    echo "$line"
    m8y=$(us "$line")
  fi
  base=""
  for impl in $impls; do
    line=$($NICE "$B/vec_$impl" $k)
    echo "$line"
    t=$(us "$line")
    if [ -z "$base" ]; then base=$t; else
      echo "RATIO kernel=$k impl=$impl speedup_vs_scalar=$(ratio "$base" "$t")${m8:+ speedup_vs_mlir_vl8=$(ratio "$m8" "$t")}${m8y:+ speedup_vs_mlir_vl8_ymm=$(ratio "$m8y" "$t")}"
    fi
  done
done
# SpMV over BSR blocks of a real matrix (bench/vec_bsr.c)
BM=${VEC_BSR_MATRIX:-${MATRIX_DIR:-../shared/matrices}/bcsstk33.mtx}
if [ -n "${VEC_BSR_KERNELS-bsr22 bsr33 bsr44 csr}" ] && [ ! -f "$BM" ]; then
  echo "SKIP vec_bsr: '$BM' not found (VEC_BSR_MATRIX)"
else
  for k in ${VEC_BSR_KERNELS-bsr22 bsr33 bsr44 csr}; do
    base=""
    for impl in $impls; do
      line=$($NICE "$B/vec_bsr_$impl" $k "$BM")
      echo "$line"
      t=$(us "$line")
      if [ -z "$base" ]; then base=$t; else
        echo "RATIO kernel=$k matrix=$(basename "$BM") impl=$impl speedup_vs_scalar=$(ratio "$base" "$t")"
      fi
    done
  done
fi
