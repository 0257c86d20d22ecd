#!/bin/sh
# kernels_run.sh — SpMM (16 and 64 columns), SDDMM (k = 32), SpAdd and
# SpGEMM: sparsecc's output for bench/kernels_pragma.c against MLIR's
# sparsifier (vl=0, vl=8), SuiteSparse:GraphBLAS (SpAdd, SpGEMM, one thread)
# and the hand-written CSR loops, interleaved in one process per benchmark
# and matrix.
#
#   bench/kernels_run.sh [MATRIX...]
#
# Default matrices: poisson2d:500, random:100000:8 and the real matrices of
# MATRIX_DIR (../shared/matrices, relative to the repository root) that
# exist (bcsstk33, luxembourg, crack, cage8). Writes
# the log and a summary to bench/build/kernels_results_LABEL.txt (LABEL:
# sparsecc, or as below).
#
# Needs: sparsecc (SPARSECC, else sparsecc on PATH, else build/src/sparsecc);
# optional, skipped with a message when missing: mlir-opt-19,
# mlir-translate-19 and clang-19 (Debian mlir-19-tools, clang-19) and
# GraphBLAS (GraphBLAS.h, -lgraphblas: Debian libgraphblas-dev).
#
# Environment: SPARSECC_FLAGS (empty: the scalar output; e.g. "--simd=avx2
# --vl=8" for sparsecc's vectorized output, labelled sparsecc_avx2_vl8),
# CC (cc), OPTFLAGS (-O3 -march=native), BENCH_REPS (9),
# BENCH_MIN_TIME (0.05), BENCH_CLOCK (cpu: CPU time per sample),
# BENCH_BUILD (bench/build), KERNELS (spmm16 spmm64 sddmm spadd spgemm),
# BENCH_SKIP_MLIR=1, BENCH_SKIP_GRAPHBLAS=1, NICE ("nice -n 10").
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
B=${BENCH_BUILD:-bench/build}
CC=${CC:-cc}
OPTFLAGS=${OPTFLAGS:--O3 -march=native}
NICE=${NICE-nice -n 10}
export BENCH_REPS=${BENCH_REPS:-9}
export BENCH_MIN_TIME=${BENCH_MIN_TIME:-0.05}
KERNELS=${KERNELS:-spmm16 spmm64 sddmm spadd spgemm}
IMPL=sparsecc
if [ -n "${SPARSECC_FLAGS:-}" ]; then
  IMPL="sparsecc$(echo "$SPARSECC_FLAGS" | sed -e 's/--simd=/_/g' -e 's/--vl=/_vl/g' -e 's/[^A-Za-z0-9_]//g')"
fi
mkdir -p "$B/kernels"
LOG="$B/kernels_results_$IMPL.txt"
: > "$LOG"
say() { echo "$*" | tee -a "$LOG"; }

SC=${SPARSECC:-}
if [ -z "$SC" ]; then
  if command -v sparsecc >/dev/null 2>&1; then SC=sparsecc; else SC=build/src/sparsecc; fi
fi
if ! [ -x "$SC" ] && ! command -v "$SC" >/dev/null 2>&1; then
  echo "kernels_run.sh: no sparsecc binary (set SPARSECC=path/to/sparsecc)" >&2
  exit 2
fi

if [ $# -gt 0 ]; then
  MATRICES="$*"
else
  MATRICES="poisson2d:500 random:100000:8"
  MD=${MATRIX_DIR:-../shared/matrices}
  for f in bcsstk33 luxembourg crack cage8; do
    [ -f "$MD/$f.mtx" ] && MATRICES="$MATRICES $MD/$f.mtx"
  done
fi

MLIR=1
if [ "${BENCH_SKIP_MLIR:-0}" = 1 ]; then MLIR=0; say "SKIP mlir: BENCH_SKIP_MLIR=1"
elif ! command -v "${MLIR_OPT:-mlir-opt-19}" >/dev/null 2>&1 ||
     ! command -v "${CLANG:-clang-19}" >/dev/null 2>&1; then
  MLIR=0; say "SKIP mlir: mlir-opt-19 or clang-19 not installed (Debian: mlir-19-tools, clang-19)"
fi
GRB=1
if [ "${BENCH_SKIP_GRAPHBLAS:-0}" = 1 ]; then GRB=0; say "SKIP graphblas: BENCH_SKIP_GRAPHBLAS=1"
elif ! printf '#include <GraphBLAS.h>\nint main(void){return GrB_init(GrB_NONBLOCKING);}\n' |
       $CC -x c - -o "$B/kernels/grb_probe" -lgraphblas >/dev/null 2>&1; then
  GRB=0; say "SKIP graphblas: GraphBLAS.h / libgraphblas not found (Debian: libgraphblas-dev)"
fi

say "# kernel benchmarks: $(date -u '+%Y-%m-%d %H:%M UTC'), $($CC --version | head -n1), $OPTFLAGS, reps $BENCH_REPS"
say "# matrices: $MATRICES; kernels: $KERNELS; mlir: $MLIR; graphblas: $GRB"

say "# sparsecc flags: ${SPARSECC_FLAGS:-(none)}; label: $IMPL"
gen="$B/kernels/kernels_sparse.c"
# shellcheck disable=SC2086,SC2046
if ! $NICE "$SC" bench/kernels_pragma.c -o "$gen" --report="$B/kernels/report.txt" \
     ${SPARSECC_FLAGS:-} -Ibench >>"$LOG" 2>&1; then
  say "FAIL: sparsecc failed on bench/kernels_pragma.c (see $LOG)"
  exit 1
fi
grep -E 'kernel sparsified|sparse output|vectorized' "$B/kernels/report.txt" | tee -a "$LOG"
# shellcheck disable=SC2086,SC2046
$NICE $CC $OPTFLAGS -std=c11 -D_POSIX_C_SOURCE=200809L -Ibench -DKB_IMPL="\"$IMPL\"" $("$SC" --cflags) \
  -c "$gen" -o "$B/kernels/kernels_sparse.o" || exit 2

GRBDEF=""; GRBLIB=""
[ "$GRB" = 1 ] && GRBDEF="-DKB_GRAPHBLAS" && GRBLIB="-lgraphblas"
$CC $OPTFLAGS -std=c11 -o "$B/kernels/matrix_info" bench/matrix_info.c -lm || exit 2
k=0
status=0
for M in $MATRICES; do
  k=$((k + 1))
  d="$B/kernels/m$k"
  mkdir -p "$d"
  # shellcheck disable=SC2046
  set -- $("$B/kernels/matrix_info" "$M")
  if [ $# -ne 3 ]; then say "SKIP $M: cannot read it"; status=1; continue; fi
  objs=""; defs=""
  if [ "$MLIR" = 1 ]; then
    if $NICE bench/mlir/build_kernels.sh "$1" "$2" "$d" >>"$LOG" 2>&1; then
      objs="$d/kernels_vl0.o $d/kernels_vl8.o"
      defs="-DKB_MLIR -DMLIR_NROWS=$1 -DMLIR_NCOLS=$2"
    else
      say "SKIP mlir $M: build failed (see $LOG)"
    fi
  fi
  # shellcheck disable=SC2086,SC2046
  $NICE $CC $OPTFLAGS -std=c11 -Wall -Wextra -Ibench $defs $GRBDEF \
    -DKB_SPARSECC_RT $("$SC" --cflags) -o "$d/kernels" \
    "$B/kernels/kernels_sparse.o" bench/kernels_others.c $objs \
    $("$SC" --libs) $GRBLIB -lm || exit 2
  for K in $KERNELS; do
    $NICE "$d/kernels" "$K" "$M" 2>&1 | tee -a "$LOG" || status=1
  done
done

say ""
say "## Summary: median ms; speedup = median of the baseline / median of sparsecc (> 1: sparsecc faster)"
awk '
function val(key,   i) {
  for (i = 1; i <= NF; i++) if (index($i, key "=") == 1) return substr($i, length(key) + 2)
  return ""
}
/^RESULT bench=/ { ms[val("bench") SUBSEP val("matrix") SUBSEP val("impl")] = val("median_s") * 1e3 }
/^RATIO bench=/ { cand = val("impl") }
/^RATIO bench=/ {
  k = val("bench") SUBSEP val("matrix")
  if (!(k in seen)) { seen[k] = 1; order[n++] = k }
  sp[k SUBSEP val("vs")] = val("speedup")
}
END {
  printf "%-8s %-16s %10s | %-34s\n", "bench", "matrix", cand, "baseline: ms (speedup)"
  split("handwritten mlir_vl0 mlir_vl8 graphblas rt_append_only", names, " ")
  for (i = 0; i < n; i++) {
    split(order[i], p, SUBSEP)
    line = sprintf("%-8s %-16s %10.3f |", p[1], p[2], ms[order[i] SUBSEP cand])
    for (j = 1; j <= 5; j++)
      if ((order[i] SUBSEP names[j]) in sp)
        line = line sprintf(" %s %.3f (x%s)", names[j], ms[order[i] SUBSEP names[j]], sp[order[i] SUBSEP names[j]])
    print line
  }
}' "$LOG" > "$LOG.table"
cat "$LOG.table" | tee -a "$LOG" >/dev/null
cat "$LOG.table"
rm -f "$LOG.table"
exit $status
