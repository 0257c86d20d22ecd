#!/bin/sh
# vec_spmv_calls_run.sh — the vectorized SpMV against the scalar output,
# every backend, CSR64 and CSR32, side by side: bench/spmv_pragma.c
# rewritten with --simd=none (the scalar output) and with each fixed-lane
# backend (generic; avx2 and avx512 when the host has them), by sparsecc
# and, when OLD_SPARSECC names another sparsecc (an earlier build), by that
# one too; every build compiled with the same flags. ROUNDS rounds; in
# each round every build runs each matrix in turn (alternating processes).
# Prints the RESULT lines, then per matrix, width and build the median over
# the rounds of the per-process medians (µs per SpMV) and its ratio to the
# scalar output's (> 1: faster than the scalar output), with the range of
# the per-round ratios. Times are thread CPU time (BENCH_CLOCK=cpu).
#
# Environment: CC (cc), OPTFLAGS (-O3 -march=native), SPARSECC (sparsecc on
# PATH, then build/src/sparsecc), OLD_SPARSECC (none), ROUNDS (3),
# BENCH_REPS (7), BENCH_BUILD (bench/build), NICE ("nice -n 10"),
# MATRIX_DIR (../shared/matrices relative to the repository), VEC_MATRICES
# (default: every .mtx of MATRIX_DIR, then banded:2000000:4 and
# poisson2d:1500, larger than the cache).
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
OLD=${OLD_SPARSECC:-}
MD=${MATRIX_DIR:-../shared/matrices}
MATS=${VEC_MATRICES:-"$(ls "$MD"/*.mtx 2>/dev/null | tr '\n' ' ') banded:2000000:4 poisson2d:1500"}
mkdir -p "$B"
backends="generic"
grep -qw avx2 /proc/cpuinfo 2>/dev/null && backends="$backends avx2"
grep -qw avx512f /proc/cpuinfo 2>/dev/null && backends="$backends avx512"
DEFS="-DSPMV_NO_DENSE_GUARD"
builds=""
build() { # NAME SPARSECC SIMD
  # shellcheck disable=SC2086
  $NICE "$2" bench/spmv_pragma.c -o "$B/vsc_$1.c" --simd="$3" -- -Ibench $DEFS || exit 2
  # shellcheck disable=SC2086
  $NICE $CC $OPTFLAGS -std=c11 -D_POSIX_C_SOURCE=200809L -Ibench $DEFS \
    -DSPMV_IMPL="\"$1\"" $("$SC" --cflags) "$B/vsc_$1.c" -o "$B/vsc_$1" \
    $("$SC" --libs) -lm || exit 2
  builds="$builds $1"
}
build none "$SC" none
for b in $backends; do
  [ -n "$OLD" ] && build "old_$b" "$OLD" "$b"
  build "$b" "$SC" "$b"
done
echo "# vec_spmv_calls: $(date -u '+%Y-%m-%d %H:%M UTC'), $($CC --version | head -n1), $OPTFLAGS, load $(cut -d' ' -f1-3 /proc/loadavg)"
out=$B/vsc_results.txt
: > "$out"
r=1
while [ "$r" -le "${ROUNDS:-3}" ]; do
  for m in $MATS; do
    for b in $builds; do
      BENCH_CLOCK=cpu BENCH_REPS=${BENCH_REPS:-7} $NICE "$B/vsc_$b" "$m" |
        grep '^RESULT' | sed "s/^/round=$r /" | tee -a "$out"
    done
  done
  echo "# round $r done, load $(cut -d' ' -f1-3 /proc/loadavg)"
  r=$((r + 1))
done
# medians over the rounds; ratios to the scalar output (impl NAME_csrW)
awk '
function med(a, n,   i, j, t) {
  for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j-1] > a[j]; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
  return n % 2 ? a[(n+1)/2] : (a[n/2] + a[n/2+1]) / 2 }
{ r = ""; impl = ""; m = ""; t = ""
  for (i = 1; i <= NF; i++) { split($i, kv, "=")
    if (kv[1] == "round") r = kv[2]; else if (kv[1] == "impl") impl = kv[2]
    else if (kv[1] == "matrix") m = kv[2]; else if (kv[1] == "median_s") t = kv[2] * 1e6 }
  w = impl; sub(/.*_/, "", w); b = impl; sub(/_csr[0-9]+$/, "", b)
  T[m, w, b, r] = t; if (!((m, w) in seen)) { seen[m, w] = 1; keys[++nk] = m SUBSEP w }
  if (!(b in bs)) { bs[b] = 1; bl[++nb] = b } if (r > nr) nr = r }
END {
  printf "| matrix | index |"; for (k = 1; k <= nb; k++) printf " %s |", bl[k]; printf "\n"
  for (q = 1; q <= nk; q++) { split(keys[q], mw, SUBSEP); m = mw[1]; w = mw[2]
    n = 0; for (r = 1; r <= nr; r++) if ((m, w, "none", r) in T) s[++n] = T[m, w, "none", r]
    base = med(s, n); printf "| %s | %s |", m, w
    for (k = 1; k <= nb; k++) { b = bl[k]; n = 0; lo = 1e9; hi = 0
      for (r = 1; r <= nr; r++) if ((m, w, b, r) in T) { s[++n] = T[m, w, b, r]
        q2 = T[m, w, "none", r] / T[m, w, b, r]; if (q2 < lo) lo = q2; if (q2 > hi) hi = q2 }
      if (!n) { printf " - |"; continue }
      v = med(s, n)
      if (b == "none") printf " %.2f |", v
      else printf " %.2f (%.2fx; %.2f-%.2f) |", v, base / v, lo, hi }
    printf "\n" } }' "$out"
