#!/bin/sh
# bsr_run.sh — BSR SpMV in sparsecc's scalar output against MLIR's
# sparsifier, side by side: bench/vec_bsr.c (bcsstk33 or VEC_BSR_MATRIX as
# BSR(2, 2), (3, 3), (4, 4), and as CSR for reference, without MLIR) and
# the bsr_spmv kernel of bench/vec_kernels.c (1024 x 1024, BSR(4, 4)),
# each rewritten by sparsecc with --simd=none
# (impl none) and --simd=B for each backend B of BSR_SIMD (default
# "generic avx2 avx512"; avx2 and avx512 when the host has them), and by
# SPARSECC_BASE --simd=none when that names another sparsecc (impl base:
# a before/after comparison); MLIR's kernels on the same matrices with
# vl=0 and vl=8 (bench/mlir/bsr.mlir + bsr_harness.c, vec_kernels.mlir +
# vec_harness.c). Every variant is a process that prints the median thread
# CPU time of BENCH_REPS samples; BSR_ROUNDS rounds run the variants of a
# kernel one after the other, and the figure of a variant is the median
# over the rounds. Prints the RESULT lines, then per kernel a table line:
# median microseconds per product of each variant and the speed-up of the
# scalar output over each other variant (> 1: the scalar output is faster).
#
# Environment: CC (cc), OPTFLAGS (-O3 -march=native), SPARSECC (sparsecc on
# PATH, then build/src/sparsecc), SPARSECC_BASE (unset), BENCH_REPS (7),
# VEC_INNER (40), BSR_ROUNDS (5), BSR_SIMD (generic avx2 avx512),
# BENCH_BUILD (bench/build), NICE ("nice -n 10"), MLIR_OPT, MLIR_TRANSLATE,
# CLANG (as bench/vec_run.sh), VEC_BSR_MATRIX (MATRIX_DIR/bcsstk33.mtx,
# MATRIX_DIR ../shared/matrices).
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
B=${BENCH_BUILD:-bench/build}
CC=${CC:-cc}
OPTFLAGS=${OPTFLAGS:--O3 -march=native}
NICE=${NICE-nice -n 10}
ROUNDS=${BSR_ROUNDS:-5}
export BENCH_REPS=${BENCH_REPS:-7}
SC=${SPARSECC:-}
if [ -z "$SC" ]; then
  if command -v sparsecc >/dev/null 2>&1; then SC=sparsecc; else SC=build/src/sparsecc; fi
fi
BM=${VEC_BSR_MATRIX:-${MATRIX_DIR:-../shared/matrices}/bcsstk33.mtx}
[ -f "$BM" ] || { echo "bsr_run: '$BM' not found (VEC_BSR_MATRIX)"; exit 2; }
mkdir -p "$B"
CFL="-std=c11 -D_POSIX_C_SOURCE=200809L -Ibench $("$SC" --cflags)"
LIBS="$("$SC" --libs) -lm"
impls="none"
[ -n "${SPARSECC_BASE:-}" ] && impls="$impls base"
for s in ${BSR_SIMD:-generic avx2 avx512}; do
  case $s in
    avx2) grep -qw avx2 /proc/cpuinfo 2>/dev/null || continue ;;
    avx512) grep -qw avx512f /proc/cpuinfo 2>/dev/null || continue ;;
  esac
  impls="$impls $s"
done
for impl in $impls; do
  case $impl in
    base) cc_sc=$SPARSECC_BASE; flags="--simd=none" ;;
    *) cc_sc=$SC; flags="--simd=$impl" ;;
  esac
  for src in vec_bsr vec_kernels; do
    $NICE "$cc_sc" bench/$src.c -o "$B/bsrrun_${src}_$impl.c" -Ibench $flags || exit 2
    # shellcheck disable=SC2086
    $NICE $CC $OPTFLAGS $CFL -DVEC_IMPL="\"$impl\"" "$B/bsrrun_${src}_$impl.c" \
      -o "$B/bsrrun_${src}_$impl" $LIBS || exit 2
  done
done
MLIR_OPT=${MLIR_OPT:-mlir-opt-19}
MLIR_TRANSLATE=${MLIR_TRANSLATE:-mlir-translate-19}
CLANG=${CLANG:-clang-19}
mlir=1
for tool in "$MLIR_OPT" "$MLIR_TRANSLATE" "$CLANG"; do
  command -v "$tool" >/dev/null 2>&1 || { echo "SKIP mlir: '$tool' not found"; mlir=0; }
done
if [ $mlir -eq 1 ]; then
  $CC $OPTFLAGS -std=c11 -o "$B/matrix_info" bench/matrix_info.c -lm || exit 2
  n=$("$B/matrix_info" "$BM" | awk '{ print ($1 > $2 ? $1 : $2) }')
  NP=$(( (n + 11) / 12 * 12 ))
  for VL in 0 8; do
    sed -e "s/__NP__/$NP/g" -e "s/@\(bsr[0-9][0-9]\)(/@\1_vl$VL(/" \
      bench/mlir/bsr.mlir > "$B/bsrrun_mlir_vl$VL.mlir"
    sed -e "s/@\(spmm\|sddmm\|denselvl\|dldot\|dldotbig\|dlshortdot\|dlshort\|spmv\|bsrspmv\)(/@\1_vl$VL(/" \
      bench/mlir/vec_kernels.mlir > "$B/bsrrun_vec_vl$VL.mlir"
    for m in bsrrun_mlir_vl$VL bsrrun_vec_vl$VL; do
      $NICE "$MLIR_OPT" "$B/$m.mlir" --sparsifier="vl=$VL enable-runtime-library=false" -o "$B/$m.llvm.mlir" &&
        $NICE "$MLIR_TRANSLATE" --mlir-to-llvmir "$B/$m.llvm.mlir" -o "$B/$m.ll" &&
        $NICE "$CLANG" $OPTFLAGS -Wno-override-module -c "$B/$m.ll" -o "$B/$m.o" || exit 2
    done
  done
  # shellcheck disable=SC2086
  $NICE $CC $OPTFLAGS -std=c11 -D_POSIX_C_SOURCE=200809L -DMLIR_NP=$NP bench/mlir/bsr_harness.c \
    "$B/bsrrun_mlir_vl0.o" "$B/bsrrun_mlir_vl8.o" -o "$B/bsrrun_mlir" -lm || exit 2
  # shellcheck disable=SC2086
  $NICE $CC $OPTFLAGS -std=c11 -D_POSIX_C_SOURCE=200809L -Ibench -Wno-unknown-pragmas \
    bench/mlir/vec_harness.c "$B/bsrrun_vec_vl0.o" "$B/bsrrun_vec_vl8.o" -o "$B/bsrrun_vec_mlir" -lm || exit 2
fi
us() { sed -n 's/.*us_per_rep=\([0-9.]*\).*/\1/p'; }
med() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
echo "# BSR SpMV, scalar output vs MLIR: $(date -u '+%Y-%m-%d %H:%M UTC'), load $(cut -d' ' -f1-3 /proc/loadavg), $ROUNDS rounds of $BENCH_REPS samples"
variants="$impls"
[ $mlir -eq 1 ] && variants="$variants mlir_vl0 mlir_vl8"
for k in bsr_spmv bsr22 bsr33 bsr44 csr; do
  for v in $variants; do : > "$B/bsrrun_t_$v"; done
  r=0
  while [ $r -lt "$ROUNDS" ]; do
    for v in $variants; do
      case $k:$v in
        csr:mlir_vl*) continue ;; # the reference: the same matrix as CSR
        bsr_spmv:mlir_vl*) line=$($NICE "$B/bsrrun_vec_mlir" bsr_spmv "${v#mlir_vl}") ;;
        bsr_spmv:*) line=$($NICE "$B/bsrrun_vec_kernels_$v" bsr_spmv) ;;
        *:mlir_vl*) line=$($NICE "$B/bsrrun_mlir" $k "$BM" "${v#mlir_vl}") ;;
        *) line=$($NICE "$B/bsrrun_vec_bsr_$v" $k "$BM") ;;
      esac
      echo "$line"
      echo "$line" | us >> "$B/bsrrun_t_$v"
    done
    r=$((r + 1))
  done
  base=$(med < "$B/bsrrun_t_none")
  printf "TABLE kernel=%s" "$k"
  for v in $variants; do
    [ -s "$B/bsrrun_t_$v" ] || continue
    t=$(med < "$B/bsrrun_t_$v")
    printf " %s=%s" "$v" "$t"
    [ "$v" != none ] && printf "(%s)" "$(awk -v a="$t" -v b="$base" 'BEGIN { printf "%.2fx", a / b }')"
  done
  echo
done
