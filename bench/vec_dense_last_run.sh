#!/bin/sh
# vec_dense_last_run.sh — loops over the dense last level of a sparse
# operand side by side, one run: bench/vec_dense_last.c through sparsecc
# with --simd=none (the scalar output), --simd=generic, --simd=avx2 (when
# the host has AVX2) and --simd=avx512 (when it has AVX-512F), all compiled
# with the same flags, and, when MLIR's tools are installed, MLIR's
# sparsifier with vl=0 and vl=8 on the same kernels and data
# (bench/mlir/dense_last.mlir, dense_last_harness.c), vl=8 also compiled
# with -mprefer-vector-width=256 (mlir_vl8_ymm: like for like with avx2).
# For each kernel the builds run in turn, ROUNDS times (alternating
# processes), and the median over the rounds of each build's median is
# reported with its ratios to the scalar output and to MLIR vl=8. Times
# are thread CPU time (the machine may be shared).
#
# Environment: CC (cc), OPTFLAGS (-O3 -march=native), SPARSECC (sparsecc on
# PATH, then build/src/sparsecc), BENCH_REPS (11), VEC_INNER (40), ROUNDS
# (5), DL_KERNELS (dl_spmv dl_rowsum dl_spmv_short dl_spmm dl_ttv),
# BENCH_BUILD (bench/build), NICE ("nice -n 10"), MLIR_OPT, MLIR_TRANSLATE,
# CLANG (mlir-opt-19, mlir-translate-19, clang-19); dl_spmm's shape: DL_MK
# (64, the columns of B and C) and DL_SPMM_STORED (0.25, the share of B's
# rows stored), given to sparsecc, the C compiler and MLIR's kernel alike.
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
export BENCH_REPS="${BENCH_REPS:-11}" VEC_INNER="${VEC_INNER:-40}"
mkdir -p "$B"
DL_MK=${DL_MK:-64}
OPTFLAGS="$OPTFLAGS -DMK=$DL_MK -DDL_SPMM_STORED=${DL_SPMM_STORED:-0.25}"
impls="none generic avx2"
grep -qw avx2 /proc/cpuinfo 2>/dev/null || impls="none generic"
grep -qw avx512f /proc/cpuinfo 2>/dev/null && impls="$impls avx512"
for impl in $impls; do
  # shellcheck disable=SC2086
  $NICE "$SC" bench/vec_dense_last.c -o "$B/vec_dl_$impl.c" -Ibench --simd=$impl \
    -DMK="$DL_MK" -DDL_SPMM_STORED="${DL_SPMM_STORED:-0.25}" || exit 2
  # shellcheck disable=SC2086,SC2046
  $NICE $CC $OPTFLAGS -std=c11 -D_POSIX_C_SOURCE=200809L -Ibench -DVEC_IMPL="\"$impl\"" $("$SC" --cflags) \
    "$B/vec_dl_$impl.c" -o "$B/vec_dl_$impl" $("$SC" --libs) -lm || exit 2
done
# MLIR's sparsifier on the same kernels and data (vl=0 and vl=8), when its
# tools are installed
# shellcheck source-path=SCRIPTDIR source=mlir_vl_build.sh
. bench/mlir_vl_build.sh
sed -e "s/\(256\|512\)x64xf64/\1x${DL_MK}xf64/g" bench/mlir/dense_last.mlir > "$B/dense_last_mk.mlir"
mlir_vl_build "$B/dense_last_mk.mlir" 'spmv\|rowsum\|spmvshort\|spmm\|ttv' \
  dl_mlir bench/mlir/dense_last_harness.c dl_mlir
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
us() { echo "$1" | sed -n 's/.*us_per_rep=\([0-9.]*\).*/\1/p'; }
median() { tr ' ' '\n' | sed '/^$/d' | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
all_impls=$impls
[ $mlir -eq 1 ] && all_impls="$impls mlir_vl0 mlir_vl8 mlir_vl8_ymm"
echo "# dense last level benchmarks: $(date -u '+%Y-%m-%d %H:%M UTC'), $($CC --version | head -n1), $OPTFLAGS, load $(cut -d' ' -f1-3 /proc/loadavg)"
for k in ${DL_KERNELS:-dl_spmv dl_rowsum dl_spmv_short dl_spmm dl_ttv}; do
  all=""
  r=0
  while [ $r -lt "${ROUNDS:-5}" ]; do
    for impl in $all_impls; do
      case $impl in
        mlir_vl8_ymm) line=$($NICE "$B/dl_mlir_ymm" "$k" 8 | sed 's/impl=mlir_vl8/impl=mlir_vl8_ymm/') ;;
        mlir_vl*) line=$($NICE "$B/dl_mlir" "$k" "${impl#mlir_vl}") ;;
        *) line=$($NICE "$B/vec_dl_$impl" "$k") ;;
      esac
      echo "$line"
      all="$all $impl=$(us "$line")"
    done
    r=$((r + 1))
  done
  med() { for v in $all; do case $v in "$1="*) printf '%s ' "${v#*=}" ;; esac; done | median; }
  base=$(med none)
  m8=""
  m8y=""
  [ $mlir -eq 1 ] && m8=$(med mlir_vl8) && m8y=$(med mlir_vl8_ymm)
  for impl in $all_impls; do
    t=$(med "$impl")
    echo "MEDIAN kernel=$k impl=$impl us_per_rep=$t"
    [ "$impl" = none ] && continue
    echo "RATIO kernel=$k impl=$impl speedup_vs_scalar=$(ratio "$base" "$t")${m8:+ speedup_vs_mlir_vl8=$(ratio "$m8" "$t")}${m8y:+ speedup_vs_mlir_vl8_ymm=$(ratio "$m8y" "$t")}"
  done
done
