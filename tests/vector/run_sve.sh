#!/bin/bash
# run_sve.sh WORKDIR [--part=PART] [SPARSECC-FLAGS...] — the SVE backend,
# cross-compiled and emulated: shapes.c (double), select.c (comparisons,
# selections), types.c (float, int, long: 32-bit lanes, svcntw()) and
# dense_last.c
# (dense last levels of sparse operands) through `sparsecc --simd=sve` are
# compiled with
# aarch64-linux-gnu-gcc -march=armv8-a+sve (the runtime's sources are
# cross-compiled with it, statically), run under qemu-aarch64 with SVE
# vector lengths of 128, 256, 512 and 2048 bits, and compared with the
# host reference for trip counts around those lengths; blocked.c (the
# register-blocked SpMM nest) likewise for column counts, blocks.c (BSR
# blocks) for block widths, vec_narrow_coordinates.c of tests/e2e (8-
# and 16-bit coordinates) as it is. The whole e2e
# suite's cases are also compiled for SVE (compile only).
# PART (default: all of it) runs one piece, so that ctest runs the pieces
# side by side (tests/vector/CMakeLists.txt): shapes, types, select, nm,
# dense_last (the trip counts of that case), blocked, blocks, narrow, or e2e/K/N
# (the e2e cases whose place in the sorted list is K modulo N).
# Skipped (exit 77) with a message when the cross tools are absent
# (Debian: gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user).
# Environment: SPARSECC, NUMDIFF, CC (cc), SC_SOURCE_DIR (the repository),
# SC_REF_CACHE (optional: where the references are kept), SC_OBJ_CACHE
# (optional: where compiled objects are kept, tests/e2e/obj_cache.sh),
# SC_RUN_CACHE (optional: a directory where the programs that passed under
# qemu are noted, keyed by their bytes and the reference's: qemu_check).
set -u
work=$1
shift
part=all
case "${1:-}" in
  --part=*) part=${1#--part=}; shift ;;
esac
case $part in
  all | shapes | types | select | nm | dense_last | blocked | blocks | narrow) ;;
  e2e/[0-9]*/[1-9]*)
    k=${part#e2e/}
    [ "${k%/*}" -lt "${k#*/}" ] || { echo "run_sve.sh: part '$part': K must be below N"; exit 2; } ;;
  *) echo "run_sve.sh: unknown part '$part'"; exit 2 ;;
esac
# whether this run includes piece $1
in_part() { [ "$part" = all ] || [ "$part" = "$1" ]; }
here=$(cd "$(dirname "$0")" && pwd)
root=${SC_SOURCE_DIR:-$(cd "$here/../.." && pwd)}
sparsecc=${SPARSECC:?}
numdiff=${NUMDIFF:?}
cc=${CC:-cc}
xcc=${AARCH64_CC:-aarch64-linux-gnu-gcc}
qemu=${QEMU_AARCH64:-qemu-aarch64}
for t in "$xcc" "$qemu"; do
  command -v "$t" >/dev/null 2>&1 || {
    echo "skipped: '$t' not found (install gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user)"
    exit 77
  }
done
rm -rf "$work" && mkdir -p "$work/rt" && cd "$work" || exit 1
# the host references, shared with run_trips.sh (SC_REF_CACHE): ref_run
# shellcheck source-path=SCRIPTDIR source=../e2e/ref_cache.sh
. "$here/../e2e/ref_cache.sh"
# a cross-compile already made with the same text and flags (by the other
# build tree) is not made again (SC_OBJ_CACHE)
# shellcheck source-path=SCRIPTDIR source=../e2e/obj_cache.sh
. "$here/../e2e/obj_cache.sh"
fail() { echo "sve: FAILED: $*"; exit 1; }
# qemu_check LABEL: ./sparse run under qemu at each vector length, its
# output compared with ref.out. With SC_RUN_CACHE, a pass is noted there
# under a hash of the program's bytes, ref.out and the lengths, and a
# program already noted is not run again: the same static binary with the
# same expected output passes again (the sanitizer build emits the same
# out.c, whose cross-compiles and runtime come from SC_OBJ_CACHE, so it
# runs under qemu only what its sparsecc wrote differently).
lengths="16 32 64 256"
qemu_check() {
  local key="" bytes
  if [ -n "${SC_RUN_CACHE:-}" ]; then
    key=$({ echo "qemu-sve $lengths"; cat ./sparse ref.out; } | sha256sum | cut -c1-40)
    [ -f "$SC_RUN_CACHE/$key" ] && return 0
  fi
  for bytes in $lengths; do
    "$qemu" -cpu max,sve-default-vector-length=$bytes ./sparse > sparse.out ||
      fail "$1, $((bytes * 8))-bit SVE: the program failed"
    "$numdiff" ref.out sparse.out || fail "$1, $((bytes * 8))-bit SVE: output differs"
  done
  if [ -n "$key" ] && mkdir -p "$SC_RUN_CACHE"; then
    : >"$SC_RUN_CACHE/.new.$key.$$" && mv -f "$SC_RUN_CACHE/.new.$key.$$" "$SC_RUN_CACHE/$key"
  fi
  return 0
}
xflags="-std=c11 -O2 -march=armv8-a+sve"
for src in "$root"/runtime/src/*.c; do
  # shellcheck disable=SC2086
  obj_compile "$xcc" "$src" "rt/$(basename "$src" .c).o" $xflags -I"$root/runtime/include" ||
    fail "runtime source $(basename "$src") does not cross-compile"
done
ar rcs libsparsecc_rt_sve.a rt/*.o
for spec in shapes.c:8 types.c:22 select.c:16 nm.c:5 dense_last.c:7; do
in_part "${spec%%.c:*}" || continue
case_file=$here/${spec%%:*}
want_vec=${spec##*:}
trips="0 1 2 3 5 8 15 16 17 31 33 67"
# dense_last.c: its loops are dense loops, whose strip-mining shapes.c
# covers at every count; around 2, 4, 8 and 16 lanes only
[ "${spec%%:*}" = dense_last.c ] && trips="0 1 3 5 17 33"
for T in $trips; do
  ref_run "$cc" "$case_file" -std=c11 -O1 -DT="$T" && [ "$REF_STATUS" -eq 0 ] ||
    fail "${spec%%:*} T=$T: reference"
  # shellcheck disable=SC2068
  "$sparsecc" "$case_file" -DT=$T --simd=sve $@ -o out.c --report=report.txt 2>err.txt ||
    fail "${spec%%:*} T=$T: sparsecc: $(cat err.txt)"
  nv=$(grep -c ': vectorized:' report.txt)
  [ "$nv" -eq "$want_vec" ] || fail "${spec%%:*} T=$T: $nv loops vectorized, expected $want_vec"
  # shellcheck disable=SC2086
  obj_compile "$xcc" out.c out.o $xflags -Wall -Wextra -Werror -DT=$T -I"$root/runtime/include" 2>cc.txt &&
    "$xcc" $xflags out.o -o sparse -static -L. -lsparsecc_rt_sve -lm 2>>cc.txt ||
    fail "${spec%%:*} T=$T: out.c does not cross-compile: $(head -20 cc.txt)"
  qemu_check "${spec%%:*} T=$T"
done
done
# every e2e case compiles for SVE
# the register-blocked SpMM nest (blocks of 8 or 4 x svcntd() doubles)
in_part blocked &&
for KB in 0 1 3 15 16 17 33 67 131; do
  ref_run "$cc" "$here/blocked.c" -std=c11 -O1 -DKB="$KB" && [ "$REF_STATUS" -eq 0 ] ||
    fail "KB=$KB: reference"
  # shellcheck disable=SC2068
  "$sparsecc" "$here/blocked.c" -DKB=$KB --simd=sve $@ -o out.c --report=report.txt 2>err.txt ||
    fail "KB=$KB: sparsecc: $(cat err.txt)"
  nb=$(grep -c 'vectorized: .*register-blocked' report.txt)
  [ "$nb" -eq 3 ] || fail "KB=$KB: $nb nests register-blocked, expected 3"
  # shellcheck disable=SC2086
  obj_compile "$xcc" out.c out.o $xflags -Wall -Wextra -Werror -DKB=$KB -I"$root/runtime/include" 2>cc.txt &&
    "$xcc" $xflags out.o -o sparse -static -L. -lsparsecc_rt_sve -lm 2>>cc.txt ||
    fail "KB=$KB: out.c does not cross-compile: $(head -20 cc.txt)"
  qemu_check "KB=$KB"
done
# the dense levels inside BSR blocks (blocks.c), block widths around the
# vector lengths (2, 4, 8 and 32 doubles)
in_part blocks &&
for CB in 1 2 3 4 5 7 8 9 17 35; do
  sed "s/BSR(\([0-9]*\), 5)/BSR(\1, $CB)/" "$here/blocks.c" > blocks.c
  ref_run "$cc" blocks.c -std=c11 -O1 -DCB="$CB" && [ "$REF_STATUS" -eq 0 ] ||
    fail "CB=$CB: reference"
  # shellcheck disable=SC2068
  "$sparsecc" blocks.c -DCB=$CB --simd=sve $@ -o out.c --report=report.txt 2>err.txt ||
    fail "CB=$CB: sparsecc: $(cat err.txt)"
  # SpMV-like nests in BSR's level-order walk (vec_block_rows_plan)
  nb=$(grep -cE 'vectorized: .*(inside the blocks|in the level-order walk) of' report.txt)
  [ "$nb" -eq 4 ] || fail "CB=$CB: $nb block loops vectorized, expected 4"
  # shellcheck disable=SC2086
  obj_compile "$xcc" out.c out.o $xflags -Wall -Wextra -Werror -DCB=$CB -I"$root/runtime/include" 2>cc.txt &&
    "$xcc" $xflags out.o -o sparse -static -L. -lsparsecc_rt_sve -lm 2>>cc.txt ||
    fail "CB=$CB: out.c does not cross-compile: $(head -20 cc.txt)"
  qemu_check "CB=$CB"
done
# 8- and 16-bit coordinates (svld1ub / svld1uh to 64- and 32-bit lanes):
# their e2e case run, not only cross-compiled
in_part narrow && {
  c=$root/tests/e2e/vec_narrow_coordinates.c
  ref_run "$cc" "$c" -std=c11 -O1 && [ "$REF_STATUS" -eq 0 ] ||
    fail "narrow coordinates: reference"
  # shellcheck disable=SC2068
  "$sparsecc" "$c" --simd=sve $@ -o out.c --report=report.txt 2>err.txt ||
    fail "narrow coordinates: sparsecc: $(cat err.txt)"
  nv=$(grep -c ': vectorized:' report.txt)
  [ "$nv" -eq 6 ] || fail "narrow coordinates: $nv loops vectorized, expected 6"
  # shellcheck disable=SC2086
  obj_compile "$xcc" out.c out.o $xflags -Wall -Wextra -Werror -I"$root/runtime/include" 2>cc.txt &&
    "$xcc" $xflags out.o -o sparse -static -L. -lsparsecc_rt_sve -lm 2>>cc.txt ||
    fail "narrow coordinates: out.c does not cross-compile: $(head -20 cc.txt)"
  qemu_check "narrow coordinates"
}
# (e2e/K/N: every N-th case from the K-th; all of them as e2e/0/1)
shard=""
case $part in
  all) shard=0/1 ;;
  e2e/[0-9]*/[0-9]*) shard=${part#e2e/} ;;
esac
k=0
for c in "$root"/tests/e2e/*.c; do
  [ -n "$shard" ] || break
  [ "$(basename "$c")" = numdiff.c ] && continue
  k=$((k + 1))
  [ $(( (k - 1) % ${shard#*/} )) -eq "${shard%/*}" ] || continue
  args=$(sed -n 's|^[[:space:]]*//[[:space:]]*SPARSECC-ARGS:[[:space:]]*||p' "$c" | head -1)
  # shellcheck disable=SC2086
  "$sparsecc" "$c" --simd=sve $args -o e2e.c 2>/dev/null || continue
  # as run_case.sh: a header beside the case found, and the warning and
  # macro flags of its OUT-CFLAGS (not -march=native and the like: a host's)
  # (-fopenmp: its pragmas are left unknown, the cross-compile makes no
  # threads, so they are not warned about)
  outflags=$(sed -n 's|^[[:space:]]*//[[:space:]]*OUT-CFLAGS:[[:space:]]*||p' "$c" | head -1 |
    tr ' ' '\n' | sed 's/^-fopenmp$/-Wno-unknown-pragmas/' | grep -E '^-[WD]' | tr '\n' ' ')
  # shellcheck disable=SC2086
  obj_compile "$xcc" e2e.c e2e.o $xflags -Wall -Wextra -Werror -I"$root/runtime/include" \
    -I"$(dirname "$c")" $outflags 2>cc.txt ||
    fail "$(basename "$c") through --simd=sve does not cross-compile: $(head -10 cc.txt)"
done
echo "sve ($part): passed (vector lengths 128, 256, 512, 2048 bits)"
