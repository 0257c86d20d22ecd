#!/bin/sh
# rt_run.sh — runtime (libsparsecc_rt) benchmarks, side by side, one run:
#
#   bench/rt_run.sh
#
#   1. unsorted COO with duplicates -> CSR: sc_tensor_from_coo vs scipy
#      coo_matrix.tocsr() vs GraphBLAS GrB_Matrix_build (PLUS_FP64, 1 thread)
#   2. Matrix Market reading: sc_read_mtx vs scipy.io.mmread (generated
#      ~100 MB coordinate real general file, warm page cache)
#   3. CSR -> CSC and CSR -> BSR(4,4): sc_tensor_convert vs scipy tocsc() /
#      tobsr((4, 4)), on a 2-D Poisson and a random matrix (~2M nonzeros)
#
# Inputs are generated into a temporary directory (removed at exit). The
# runtime is compiled from runtime/src with the benchmark flags. scipy
# (python3 with scipy) and GraphBLAS (GraphBLAS.h + -lgraphblas) are
# optional: a missing one is skipped with a SKIP line. Single-threaded.
#
# Environment:
#   CC (cc), OPTFLAGS (-O3 -march=native)   compiler and flags
#   BENCH_REPS (11)                         samples per variant (median)
#   BENCH_BUILD (bench/build)               build directory
#   PYTHON                                  a python3 with scipy (default:
#                                           the first python3 that has it)
#   RT_COO_NNZ (2000000), RT_COO_N (250000) COO input
#   RT_MTX_N (1000000), RT_MTX_NNZ (4000000) Matrix Market file
#   RT_CONVERT ("poisson2d:632 random:200000:10")  conversion matrices
#   NICE ("nice -n 10")                     prefix of every build and run
set -u

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
B=${BENCH_BUILD:-bench/build}
CC=${CC:-cc}
OPTFLAGS=${OPTFLAGS:--O3 -march=native}
NICE=${NICE-nice -n 10}
export BENCH_REPS=${BENCH_REPS:-11}
COO_NNZ=${RT_COO_NNZ:-2000000}
COO_N=${RT_COO_N:-250000}
MTX_N=${RT_MTX_N:-1000000}
MTX_NNZ=${RT_MTX_NNZ:-4000000}
CONVERT=${RT_CONVERT:-poisson2d:632 random:200000:10}
mkdir -p "$B"
LOG="$B/rt_results.txt"
: > "$LOG"
TMP=$(mktemp -d "${TMPDIR:-/tmp}/sc_rt_bench.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT INT TERM

say() { echo "$*" | tee -a "$LOG"; }
run() { $NICE "$@" 2>&1 | tee -a "$LOG"; }
RT_SRC=$(ls runtime/src/*.c)
cc_rt() { # out src... (linked with the runtime)
  out=$1; shift
  # shellcheck disable=SC2086
  $NICE $CC $OPTFLAGS -std=c11 -Wall -Wextra -Ibench -Iruntime/include \
    -Iruntime/src -o "$out" "$@" $RT_SRC -lm
}

say "# sparsecc runtime benchmarks: $(date -u '+%Y-%m-%d %H:%M UTC')"
say "# host: $(uname -m), $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2 | sed 's/^ *//'), $(nproc 2>/dev/null) cpus"
say "# cc: $($CC --version 2>/dev/null | head -n1); flags: $OPTFLAGS; reps: $BENCH_REPS"

# ---- tools ----
PY=""
for p in ${PYTHON:-} python3 /usr/bin/python3; do
  if command -v "$p" >/dev/null 2>&1 &&
     "$p" -c 'import scipy, numpy' >/dev/null 2>&1; then
    PY=$p
    break
  fi
done
if [ -n "$PY" ]; then
  say "# scipy: $("$PY" -c 'import scipy, numpy; print(scipy.__version__, "numpy", numpy.__version__)')"
else
  say "SKIP scipy: no python3 with scipy and numpy found (set PYTHON)"
fi
export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 MKL_NUM_THREADS=1

$NICE $CC $OPTFLAGS -std=c11 -Ibench -o "$B/rt_gen" bench/rt_gen.c -lm || exit 2
cc_rt "$B/rt_convert" bench/rt_convert.c || exit 2
cc_rt "$B/rt_mtx_read" bench/rt_mtx_read.c || exit 2
if cc_rt "$B/rt_coo_csr" -DRT_HAVE_GRAPHBLAS bench/rt_coo_csr.c \
     -lgraphblas 2>/dev/null; then
  say "# graphblas: $(grep -m1 'define GxB_IMPLEMENTATION_MAJOR' /usr/include/GraphBLAS.h /usr/include/suitesparse/GraphBLAS.h 2>/dev/null | awk '{print $NF}' | head -n1).x, 1 thread"
else
  say "SKIP graphblas: GraphBLAS.h / libgraphblas not found (libgraphblas-dev)"
  cc_rt "$B/rt_coo_csr" bench/rt_coo_csr.c || exit 2
fi

# ---- 1. COO -> CSR ----
say ""
say "## COO -> CSR ($COO_NNZ entries, $COO_N x $COO_N, ~10 % duplicates)"
$NICE "$B/rt_gen" coo "$TMP/in.coo" "$COO_N" "$COO_NNZ" || exit 2
run "$B/rt_coo_csr" "$TMP/in.coo"
[ -n "$PY" ] && run "$PY" bench/rt_scipy.py coo "$TMP/in.coo"
rm -f "$TMP/in.coo"

# ---- 2. Matrix Market reading ----
say ""
say "## Matrix Market read ($MTX_N x $MTX_N, $MTX_NNZ entries)"
$NICE "$B/rt_gen" mtx "$TMP/in.mtx" "$MTX_N" "$MTX_NNZ" || exit 2
cat "$TMP/in.mtx" > /dev/null # warm the page cache
run "$B/rt_mtx_read" "$TMP/in.mtx"
[ -n "$PY" ] && run "$PY" bench/rt_scipy.py mtx "$TMP/in.mtx"
rm -f "$TMP/in.mtx"

# ---- 3. conversions ----
for m in $CONVERT; do
  say ""
  say "## CSR -> CSC, CSR -> BSR(4,4): $m"
  $NICE "$B/rt_gen" csr "$TMP/in.csr" "$m" || exit 2
  run "$B/rt_convert" "$TMP/in.csr" "$m"
  [ -n "$PY" ] && run "$PY" bench/rt_scipy.py convert "$TMP/in.csr" "$m"
  rm -f "$TMP/in.csr"
done

# ---- summary: ratios of medians (> 1: sparsecc faster) ----
say ""
say "## Summary (median ms; ratio = other / sparsecc)"
awk '
function val(k,   i, kv) {
  for (i = 1; i <= NF; i++) { split($i, kv, "="); if (kv[1] == k) return kv[2] }
  return ""
}
/^RESULT / {
  key = val("bench") " " (val("matrix") != "" ? val("matrix") " " : "") val("op")
  t[key SUBSEP val("impl")] = val("median_ms")
  if (val("mb_s") != "") mbs[key SUBSEP val("impl")] = val("mb_s")
  if (!(key in seen)) { seen[key] = 1; order[++n] = key }
}
END {
  for (i = 1; i <= n; i++) {
    k = order[i]; s = t[k SUBSEP "sparsecc"]
    line = sprintf("%-36s sparsecc %9.2f ms", k, s)
    if ((k SUBSEP "sparsecc") in mbs) line = line sprintf(" (%s MB/s)", mbs[k SUBSEP "sparsecc"])
    if ((k SUBSEP "scipy") in t)
      line = line sprintf(" | scipy %9.2f ms  x%.2f", t[k SUBSEP "scipy"], t[k SUBSEP "scipy"] / s)
    if ((k SUBSEP "graphblas") in t)
      line = line sprintf(" | graphblas %8.2f ms  x%.2f", t[k SUBSEP "graphblas"], t[k SUBSEP "graphblas"] / s)
    print line
  }
}' "$LOG" | tee -a "$LOG.summary"
cat "$LOG.summary" >> "$LOG"
rm -f "$LOG.summary"
say "# full log: $LOG"
