#!/bin/bash
# run_trips.sh WORKDIR SIMD [SPARSECC-FLAGS...] — the vectorized loop shapes
# of shapes.c (double), types.c (float, int, long) and select.c
# (comparisons and selections, every type) at the trip counts
# that matter for strip-mining (0, 1, lanes-1, lanes, lanes+1, vl-1, vl,
# vl+1, 2vl+3 for the backends' lanes and vector lengths of each element
# size: 4 and 8 doubles, 8 and 16 floats): for each T, the reference (the
# case compiled as it is) and the rewritten program through
# `sparsecc --simd=SIMD FLAGS` must print the same numbers (numdiff),
# every loop of the case must be
# vectorized (report), and the vector code must hold no scalar remainder
# loop (no `for (...; ...++)` in a vector region besides lane loops, the
# entry loop of a register-blocked nest, `p = sc__vbN`, and the scan of the
# whole range again that settles a tie of 0.0 and -0.0 in a floating max
# by comparison, `sc__tieN`, and the loop of a segment shorter than one
# vector — for sums over positions, than the backend's threshold (16
# entries on avx2 and generic, 24 on avx512) — chosen per segment before
# any vector code, `sc__shortN`: docs/vectorization.md). The count 26
# ends the vector loop of a sum over positions in a masked chunk of 2
# lanes (4 and 8 lanes) and 10 (16 lanes) above those thresholds.
# dense_last.c: loops over the dense last level of sparse operands (T
# entries of a level of T + 1).
# empty_rows.c: SpMV over runs of T empty rows, which the scalar nest of
# short rows skips 16 at a time (its report line checked).
# blocks.c: the loops inside BSR blocks at block widths around the lanes (the block loop, `sc__bpN++`, is not a remainder).
#   SIMD avx2: compiled with -mavx2 -mfma, skipped (77) without AVX2;
#   SIMD avx512: compiled with -mavx512f -Werror always, run only on AVX-512F
#   hosts (otherwise compile-only).
# Environment: SPARSECC, NUMDIFF, CC (cc), SC_REF_CACHE (optional: where
# the references are kept, tests/e2e/ref_cache.sh), SC_OBJ_CACHE
# (optional: where compiled outputs are kept, tests/e2e/obj_cache.sh),
# TRIPS_OUT_PLAIN (1: in a sanitized build, out.c compiled with the
# sanitizers only at the last count of each list: build_out).
set -u
work=$1
simd=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
sparsecc=${SPARSECC:?}
numdiff=${NUMDIFF:?}
cc=${CC:-cc}
simd_cflags=""
run=1
case "$simd" in
  avx2) simd_cflags="-mavx2 -mfma"
        grep -qw avx2 /proc/cpuinfo || { echo "skipped: no AVX2 on this host"; exit 77; } ;;
  avx512) simd_cflags="-mavx512f"
          grep -qw avx512f /proc/cpuinfo || run=0 ;;
esac
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
fail() { echo "trips [$simd $*"; exit 1; }
cflags=$("$sparsecc" --cflags) && libs=$("$sparsecc" --libs) || exit 1
# the references, once per build tree (SC_REF_CACHE): ref_run
# shellcheck source-path=SCRIPTDIR source=../e2e/ref_cache.sh
. "$here/../e2e/ref_cache.sh"
# an output compiled with the same flags before (the sanitizer build's
# plain compiles: the plain build's), not compiled again (SC_OBJ_CACHE)
# shellcheck source-path=SCRIPTDIR source=../e2e/obj_cache.sh
. "$here/../e2e/obj_cache.sh"
# build_out -DX=N N LAST: out.c compiled (-Werror), then linked into
# ./sparse. With TRIPS_OUT_PLAIN=1 (the sanitizer build), out.c is compiled
# without the sanitizer flags of --cflags unless N is LAST, the last count
# of its list; the link (--libs) still brings the sanitized runtime.
build_out() {
  local f flags=$cflags
  if [ "${TRIPS_OUT_PLAIN:-0}" = 1 ] && [ "$2" != "$3" ]; then
    flags=""
    for f in $cflags; do case $f in -fsanitize=*) ;; *) flags="$flags $f" ;; esac; done
  fi
  # shellcheck disable=SC2086
  obj_compile "$cc" out.c out.o -std=c11 -O1 -Wall -Wextra -Werror "$1" $simd_cflags $flags 2>cc.txt &&
    "$cc" $simd_cflags $flags out.o -o sparse $libs -lm 2>>cc.txt
}
# CASE:LOOPS — the loops of each case that must be vectorized; the trip
# counts around 4 and 8 lanes (64-bit elements) and 8 and 16 (32-bit)
for spec in shapes.c:8 types.c:22 select.c:16 nm.c:5 dense_last.c:7 empty_rows.c:3; do
case_file=$here/${spec%%:*}
want_vec=${spec##*:}
expected=$(grep -c '^#pragma sparse encoding' "$case_file")
trips="0 1 2 3 4 5 7 8 9 11 15 16 17 19 26 31 32 33 35 67"
[ "${spec%%:*}" = types.c ] && trips="0 1 3 7 8 9 15 16 17 19 26 31 32 33 35 67"
# types.c and select.c: also 75, a mean of 37.5 entries a row, at avx512's
# kernel threshold of 36 (below it the whole kernel runs the scalar
# output's nest, docs/vectorization.md)
case ${spec%%:*} in types.c | select.c) trips="$trips 75" ;; esac
# nm.c: T + 1 columns, about T / 2 positions a row
[ "${spec%%:*}" = nm.c ] && trips="0 1 3 7 8 9 15 16 17 33 67"
for T in $trips; do
  ref_run "$cc" "$case_file" -std=c11 -O1 -DT="$T" || fail "] ${spec%%:*} T=$T: reference does not compile"
  [ "$REF_STATUS" -eq 0 ] || fail "] ${spec%%:*} T=$T: reference failed"
  # shellcheck disable=SC2068
  "$sparsecc" "$case_file" -DT=$T --simd=$simd $@ -o out.c --report=report.txt 2>err.txt ||
    fail "] ${spec%%:*} T=$T: sparsecc: $(cat err.txt)"
  n=$(grep -c 'kernel sparsified' report.txt)
  [ "$n" -eq "$expected" ] || fail "] ${spec%%:*} T=$T: $n of $expected kernels sparsified"
  if [ "$simd" != none ]; then
    nv=$(grep -c ': vectorized:' report.txt)
    [ "$nv" -eq $want_vec ] || fail "] ${spec%%:*} T=$T: $nv loops vectorized, expected $want_vec: $(grep 'not vectorized' report.txt)"
    if [ "${spec%%:*}" = empty_rows.c ]; then
      ne=$(grep -c 'skip empty rows of A' report.txt)
      [ "$ne" -eq 3 ] || fail "] ${spec%%:*} T=$T: $ne loops skip empty rows, expected 3"
    fi
    # no scalar remainder loop inside a vector region
    bad=$(awk '/^#if defined\(__GNUC__\) &&/ {v = 1; next}
               /^#else|^#endif/ {v = 0}
               v && /} else$/ {v = 0}
               v && /for \(/ && /\+\+\)/ && !/sc__l\+\+/ && !/= sc__vb[0-9]+;/ && !/sc__tie[0-9]+\+\+/ && !/sc__short[0-9]+\+\+/ {print}' out.c)
    [ -z "$bad" ] || fail "] ${spec%%:*} T=$T: scalar loop in a vector region: $bad"
  fi
  build_out -DT="$T" "$T" "${trips##* }" ||
    fail "] ${spec%%:*} T=$T: out.c does not compile: $(head -20 cc.txt)"
  [ $run -eq 1 ] || continue
  ./sparse > sparse.out || fail "] ${spec%%:*} T=$T: the rewritten program failed"
  "$numdiff" ref.out sparse.out || fail "] ${spec%%:*} T=$T: output differs"
done
done
# the register-blocked SpMM nest of blocked.c: column counts around the
# block widths (8 or 4 vector values: 16, 32, 64 doubles) and the lanes
kbs="0 1 3 4 5 7 8 9 15 16 17 31 32 33 35 63 64 65 67 131"
for KB in $kbs; do
  ref_run "$cc" "$here/blocked.c" -std=c11 -O1 -DKB="$KB" || fail "] KB=$KB: reference does not compile"
  [ "$REF_STATUS" -eq 0 ] || fail "] KB=$KB: reference failed"
  # shellcheck disable=SC2068
  "$sparsecc" "$here/blocked.c" -DKB=$KB --simd=$simd $@ -o out.c --report=report.txt 2>err.txt ||
    fail "] KB=$KB: sparsecc: $(cat err.txt)"
  [ "$(grep -c 'kernel sparsified' report.txt)" -eq 3 ] || fail "] KB=$KB: not sparsified"
  if [ "$simd" != none ]; then
    nb=$(grep -c 'vectorized: .*register-blocked' report.txt)
    [ "$nb" -eq 3 ] || fail "] KB=$KB: $nb nests register-blocked, expected 3"
    # a width given by a macro (KB) is not evaluated by sparsecc: the nest
    # keeps the backend's own vectors (a number narrows avx512 to 256-bit
    # vectors, tests/e2e/vec_spmm_narrow_block.c)
    nn=$(grep -c 'with 256-bit vectors.*register-blocked' report.txt)
    [ "$nn" -eq 0 ] || fail "] KB=$KB: $nn nests narrowed on a macro width"
  fi
  build_out -DKB="$KB" "$KB" "${kbs##* }" ||
    fail "] KB=$KB: out.c does not compile: $(head -20 cc.txt)"
  [ $run -eq 1 ] || continue
  ./sparse > sparse.out || fail "] KB=$KB: the rewritten program failed"
  "$numdiff" ref.out sparse.out || fail "] KB=$KB: output differs"
done
# the dense levels inside BSR blocks (blocks.c): block widths CB along the
# vectorized dimension 1, lanes - 1, lanes, lanes + 1 and 2 lanes + 3 for
# 4, 8 and 16 lanes; the encodings' `, 5)` rewritten to CB
cbs="1 2 3 4 5 7 8 9 11 15 16 17 19 35"
for CB in $cbs; do
  sed "s/BSR(\([0-9]*\), 5)/BSR(\1, $CB)/" "$here/blocks.c" > blocks.c
  ref_run "$cc" blocks.c -std=c11 -O1 -DCB="$CB" || fail "] CB=$CB: reference does not compile"
  [ "$REF_STATUS" -eq 0 ] || fail "] CB=$CB: reference failed"
  # shellcheck disable=SC2068
  "$sparsecc" blocks.c -DCB=$CB --simd=$simd $@ -o out.c --report=report.txt 2>err.txt ||
    fail "] CB=$CB: sparsecc: $(cat err.txt)"
  [ "$(grep -c 'kernel sparsified' report.txt)" -eq 4 ] || fail "] CB=$CB: not sparsified"
  if [ "$simd" != none ]; then
    # SpMV-like nests take BSR's level-order walk (vec_block_rows_plan):
    # vectorized, or scalar where a block's row is narrower than the lanes
    nb=$(grep -cE '(vectorized: .*inside the blocks|vectorized: .*in the level-order walk|not vectorized: the level-order walk) of' report.txt)
    [ "$nb" -eq 4 ] || fail "] CB=$CB: $nb block loops accounted for, expected 4: $(grep 'not vectorized' report.txt)"
    # the walk's loops over block rows, blocks and a block row's locals
    # (sc__W_b0, sc__W_p1, sc__W_k2) are not remainders
    bad=$(awk '/^#if defined\(__GNUC__\) &&/ {v = 1; next}
               /^#else|^#endif/ {v = 0}
               v && /} else$/ {v = 0}
               v && /for \(/ && /\+\+\)/ && !/sc__l\+\+/ && !/sc__bp[0-9]+\+\+\)/ &&
               !/sc__[A-Za-z0-9]+_[bpk][0-9]+\+\+\)/ {print}' out.c)
    [ -z "$bad" ] || fail "] CB=$CB: scalar loop in a vector region: $bad"
  fi
  build_out -DCB="$CB" "$CB" "${cbs##* }" ||
    fail "] CB=$CB: out.c does not compile: $(head -20 cc.txt)"
  [ $run -eq 1 ] || continue
  ./sparse > sparse.out || fail "] CB=$CB: the rewritten program failed"
  "$numdiff" ref.out sparse.out || fail "] CB=$CB: output differs"
done
[ $run -eq 1 ] || echo "trips [$simd $*]: compiled only (no AVX-512F on this host)"
echo "trips [$simd $*]: passed"
