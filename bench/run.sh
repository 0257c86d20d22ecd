#!/bin/sh
# run.sh — builds and runs the sparsecc benchmarks side by side, one run.
#
#   bench/run.sh [MATRIX...]
#
# Run from anywhere; paths are taken relative to the repository root. With
# no MATRIX the default set is used: two synthetic matrices far larger than
# the last-level cache (banded:2000000:4, poisson2d:1500) and the real
# matrices of ../shared/matrices that exist.
#
# Steps: STREAM triad probe -> hand-written CSR SpMV -> MLIR sparsifier
# baseline (skipped with a message when mlir-opt-19/clang-19 are missing) ->
# the sparsecc-generated SpMV (skipped with a message when sparsecc is not
# found or cannot compile bench/spmv_pragma.c yet) -> the same program with
# MLIR's kernels of each matrix in one process. Each step prints RESULT
# and RATIO lines; a summary table follows. The full log is kept in
# bench/build/results.txt.
#
# Environment:
#   CC (cc), OPTFLAGS (-O3 -march=native)    compiler and flags, all variants
#   BENCH_REPS (15), BENCH_MIN_TIME (0.05)   samples; seconds per sample
#   BENCH_BUILD (bench/build)                build directory
#   SPARSECC                                  the sparsecc binary (default:
#                                             sparsecc on PATH, then
#                                             build/src/sparsecc)
#   SPARSECC_FLAGS                            extra sparsecc options, e.g.
#                                             "--simd=none --vl=2" (2 partial
#                                             sums per row)
#   BENCH_SKIP_MLIR=1, BENCH_SKIP_SPARSECC=1 skip a step
#   NICE ("nice -n 10")                       prefix of every build and run
set -u

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
B=${BENCH_BUILD:-bench/build}
CC=${CC:-cc}
OPTFLAGS=${OPTFLAGS:--O3 -march=native}
NICE=${NICE-nice -n 10}
export BENCH_REPS=${BENCH_REPS:-15}
export BENCH_MIN_TIME=${BENCH_MIN_TIME:-0.05}
mkdir -p "$B"
LOG="$B/results.txt"
: > "$LOG"

say() { echo "$*" | tee -a "$LOG"; }
run() { $NICE "$@" 2>&1 | tee -a "$LOG"; }
cc_bench() { # out src...
  out=$1; shift
  $NICE $CC $OPTFLAGS -std=c11 -Wall -Wextra -Ibench -o "$out" "$@" -lm
}

if [ $# -gt 0 ]; then
  MATRICES="$*"
else
  MATRICES="banded:2000000:4 poisson2d:1500"
  for f in bcsstk33 luxembourg bcsstk13 fidapex6 crack cage8; do
    [ -f "../shared/matrices/$f.mtx" ] && MATRICES="$MATRICES ../shared/matrices/$f.mtx"
  done
fi

say "# sparsecc benchmarks: $(date -u '+%Y-%m-%d %H:%M UTC')"
say "# host: $(uname -m), $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2 | sed 's/^ *//'), $(nproc 2>/dev/null) cpus"
say "# cc: $($CC --version 2>/dev/null | head -n1); flags: $OPTFLAGS; reps: $BENCH_REPS"
say "# matrices: $MATRICES"

# ---- build ----------------------------------------------------------------
cc_bench "$B/stream_triad" bench/stream_triad.c || exit 2
cc_bench "$B/spmv_handwritten" bench/spmv_handwritten.c || exit 2

# ---- STREAM ---------------------------------------------------------------
say "## STREAM triad (single thread)"
run "$B/stream_triad"
BENCH_STREAM_GBS=$(awk '/^RESULT bench=stream_triad/ {
  for (i = 1; i <= NF; i++) if ($i ~ /^median_gbs=/) { sub(/^median_gbs=/, "", $i); v = $i } }
  END { print v }' "$LOG")
export BENCH_STREAM_GBS
say "# roofline bandwidth (STREAM triad median): $BENCH_STREAM_GBS GB/s"

# ---- hand-written CSR -----------------------------------------------------
say "## SpMV, hand-written CSR"
# shellcheck disable=SC2086
run "$B/spmv_handwritten" $MATRICES

# ---- MLIR sparsifier ------------------------------------------------------
say "## SpMV, MLIR sparsifier (mlir-opt-19 --sparsifier), side by side with hand-written"
if [ "${BENCH_SKIP_MLIR:-0}" = 1 ]; then
  say "SKIP mlir: BENCH_SKIP_MLIR=1"
elif ! command -v "${MLIR_OPT:-mlir-opt-19}" >/dev/null 2>&1 ||
     ! command -v "${CLANG:-clang-19}" >/dev/null 2>&1; then
  say "SKIP mlir: mlir-opt-19 or clang-19 not installed (Debian: mlir-19-tools, clang-19)"
else
  k=0
  for M in $MATRICES; do
    k=$((k + 1))
    if $NICE bench/mlir/build.sh "$M" "$B/mlir/$k" >>"$LOG" 2>&1; then
      run "$B/mlir/$k/mlir_harness" "$M"
    else
      say "SKIP mlir $M: build failed (see $LOG)"
    fi
  done
fi

# ---- sparsecc -------------------------------------------------------------
say "## SpMV, sparsecc-generated (bench/spmv_pragma.c), side by side with hand-written"
SC=${SPARSECC:-}
if [ -z "$SC" ]; then
  if command -v sparsecc >/dev/null 2>&1; then SC=sparsecc
  elif [ -x build/src/sparsecc ]; then SC=build/src/sparsecc
  fi
fi
if [ "${BENCH_SKIP_SPARSECC:-0}" = 1 ]; then
  say "SKIP sparsecc: BENCH_SKIP_SPARSECC=1"
elif [ -z "$SC" ]; then
  say "SKIP sparsecc: no sparsecc binary (set SPARSECC=path/to/sparsecc)"
else
  # one program, both encodings (64-bit CSR and posWidth = crdWidth = 32),
  # each interleaved with the hand-written loop of the same index width
  DEFS="-DSPMV_NO_DENSE_GUARD -DSPMV_IMPL=\"sparsecc\""
  gen="$B/spmv_pragma_sparse.c"
  # shellcheck disable=SC2086
  if ! $NICE "$SC" bench/spmv_pragma.c -o "$gen" --report="$B/spmv_pragma_report.txt" \
       ${SPARSECC_FLAGS:-} -Ibench $DEFS >>"$LOG" 2>&1; then
    say "SKIP sparsecc: sparsecc failed on bench/spmv_pragma.c (see $LOG)"
  elif [ "$(grep -c 'kernel sparsified' "$B/spmv_pragma_report.txt")" -lt 2 ]; then
    say "SKIP sparsecc: the SpMV kernels of bench/spmv_pragma.c were not sparsified (see $B/spmv_pragma_report.txt)"
  # (the generated file includes the runtime's header before bench_common.h)
  # shellcheck disable=SC2086
  elif ! cc_bench "$B/spmv_sparsecc" -D_POSIX_C_SOURCE=200809L $DEFS \
         $("$SC" --cflags) "$gen" $("$SC" --libs) >>"$LOG" 2>&1; then
    say "SKIP sparsecc: the generated C does not compile (see $LOG)"
  else
    grep -E 'loop j:|kernel sparsified' "$B/spmv_pragma_report.txt" | tee -a "$LOG"
    # shellcheck disable=SC2086
    run "$B/spmv_sparsecc" $MATRICES
    # the same program with MLIR's kernels of each matrix (built by the MLIR
    # step) timed in the same rounds: sparsecc vs MLIR without going
    # through the hand-written loop of another process
    say "## SpMV, same process: sparsecc and MLIR (spmv_pragma.c -DSPMV_MLIR)"
    k=0
    for M in $MATRICES; do
      k=$((k + 1))
      O="$B/mlir/$k"
      [ -f "$O/spmv_vl0.o" ] && [ -f "$O/spmv_vl8.o" ] || continue
      # shellcheck disable=SC2086
      if cc_bench "$O/spmv_sparsecc_mlir" -D_POSIX_C_SOURCE=200809L $DEFS \
           -DSPMV_MLIR $("$SC" --cflags) "$gen" "$O/spmv_vl0.o" "$O/spmv_vl8.o" \
           $("$SC" --libs) >>"$LOG" 2>&1; then
        run "$O/spmv_sparsecc_mlir" "$M"
      else
        say "SKIP sparsecc+mlir $M: build failed (see $LOG)"
      fi
    done
  fi
fi

# ---- summary --------------------------------------------------------------
say ""
say "## Summary (medians of $BENCH_REPS samples; speedup = median time of the"
say "## hand-written loop of the same index width / median time of the row;"
say "## roofline = model bytes / median time / STREAM median)"
awk '
function val(key,   i) {
  for (i = 1; i <= NF; i++) if (index($i, key "=") == 1) return substr($i, length(key) + 2)
  return ""
}
/^## SpMV, hand-written/ { step = "handwritten" }
/^## SpMV, MLIR/ { step = "mlir" }
/^## SpMV, sparsecc/ { step = "sparsecc" }
/^## SpMV, same process/ { step = "sc+mlir" }
/^RESULT bench=spmv / {
  k = step SUBSEP val("matrix") SUBSEP val("impl")
  if (!(k in ms)) order[n++] = k
  ms[k] = val("median_s") * 1e3; gbs[k] = val("median_gbs"); rl[k] = val("roofline")
  nnz[k] = val("nnz")
}
/^RATIO bench=spmv / && val("vs") ~ /^handwritten/ { sp[step SUBSEP val("matrix") SUBSEP val("impl")] = val("speedup") }
/^RATIO bench=spmv / && val("vs") ~ /^mlir/ { vm[nm++] = sprintf("%-22s %-16s vs %-16s %s", val("matrix"), val("impl"), val("vs"), val("speedup")) }
/^RESULT bench=stream_triad/ { printf "STREAM triad: median %s GB/s, best %s GB/s\n\n", val("median_gbs"), val("best_gbs") }
END {
  printf "%-12s %-22s %-20s %10s %11s %9s %9s %8s\n", "step", "matrix", "impl", "nnz", "median_ms", "GB/s", "roofline", "speedup"
  for (i = 0; i < n; i++) {
    split(order[i], p, SUBSEP)
    s = (order[i] in sp) ? sp[order[i]] : "-"
    printf "%-12s %-22s %-20s %10s %11.4f %9.2f %8.0f%% %8s\n", p[1], p[2], p[3], nnz[order[i]], ms[order[i]], gbs[order[i]], rl[order[i]] * 100, s
  }
  if (nm) printf "\nsparsecc vs MLIR, same process (speedup > 1: sparsecc faster):\n"
  for (i = 0; i < nm; i++) print vm[i]
}' "$LOG" | tee -a "$LOG.table"
cat "$LOG.table" >> "$LOG" && rm -f "$LOG.table"
