#!/bin/bash
# run_case.sh CASE.c WORKDIR [SIMD] — one end-to-end test of sparsecc's
# promise: the rewritten program computes what the original computes.
#
# SIMD (optional): a vectorization backend (none, generic, avx2, avx512,
# sve is not run here). sparsecc gets `--simd=SIMD` after the case's own
# arguments and out.c is compiled with the flags that enable the backend's
# vector loops (avx2: -mavx2 -mfma; avx512: -mavx512f), so the vector code,
# not its scalar fallback, is what runs. A backend the host cannot execute
# is skipped (exit 77). A case annotated `// EXPECT-VECTORIZED: N` must
# have exactly N report lines "loop X: vectorized:"; its other innermost
# loops each have a line "loop X: not vectorized: <reason>" (every
# innermost loop has one or the other: tests/vector/run_account.sh).
#
#   1. The reference: CASE.c compiled as it is (cc -std=c11 -O1 -Wall, -lm;
#      compilers ignore `#pragma sparse`) and run; stdout kept. Its output
#      is reused from SC_REF_CACHE when the same text was already run by
#      another backend's test (ref_cache.sh).
#   2. sparsecc CASE.c -o out.c --report=report.txt ARGS, where ARGS come
#      from a `// SPARSECC-ARGS: ...` line of the case; it must exit 0.
#   3. out.c compiled with -Wall -Wextra -Werror, $(sparsecc --cflags),
#      -I the case's directory (its own headers),
#      the flags of a `// OUT-CFLAGS: ...` line (e.g. -O3) and
#      $(sparsecc --libs), then run: same exit status, and stdout equal to
#      the reference token by token, numbers within relative 1e-9 /
#      absolute 1e-12 (numdiff.c). When E2E_CLANG names clang, out.c is
#      compiled and linked by it too, and that program is run and compared
#      in the same way with CASE.c compiled as it is by clang (in
#      clang-ref/, with the -W flags of OUT-CFLAGS; gcc's reference when
#      clang cannot build the case): the two compilers may order the
#      evaluation of an expression differently, and the rewrite must not
#      depend on an order where the input does not (where it does, each
#      compiler's reference is its own).
#   4. Sparsification must have happened as the case says:
#        // EXPECT-SPARSIFIED: N      report.txt has exactly N lines matching
#                                    `kernel sparsified` (no annotation: at
#                                    least 1; 0 for a case that must be
#                                    refused, with its warnings below)
#        // EXPECT-WARNING: text      text appears in sparsecc's stderr
#                                    (repeatable)
#        // EXPECT-ABSENT: text       text (e.g. the dense inner loop's
#                                    header) does not appear in out.c,
#                                    outside the annotation lines and the
#                                    dense fallback branches (the nest as
#                                    written, run when data do not fit a
#                                    2:4 or narrow-width encoding)
#                                    (repeatable)
#        // EXPECT-STDERR-EMPTY       sparsecc printed nothing on stderr
#        // EXPECT-REPORT: text       text appears in report.txt (repeatable)
#        // EXPECT-NOT-REPORT: text   text does not appear in report.txt
#                                    (repeatable)
#        // EXPECT-REPORT-ONCE: text  text appears on exactly one line of
#                                    report.txt (repeatable): a decision
#                                    said once
#        // EXPECT-VECTOR-REPORT: text  with a SIMD backend other than none,
#                                    text appears in report.txt (repeatable)
#        // EXPECT-AVX512-REPORT: text  with --simd=avx512, text appears in
#                                    report.txt (repeatable)
#        // EXPECT-SCALAR-REPORT: text  without a SIMD backend or with none
#                                    (the scalar output), text appears in
#                                    report.txt (repeatable)
#
# Environment: SPARSECC, NUMDIFF (the built tools), CC (default cc),
# E2E_CLANG (optional second compiler), SC_REF_CACHE (optional: where
# reference outputs are kept), SC_OBJ_CACHE (optional: where compiled
# outputs are kept, obj_cache.sh), E2E_OUT_PLAIN (1: out.c compiled without
# the sanitizer flags of a sanitized build's --cflags, linked with its
# --libs). Everything is left in WORKDIR.
set -u
here=$(cd "$(dirname "$0")" && pwd)
case_file=$1
work=$2
simd=${3:-}
simd_cflags=""
case "$simd" in
  "") ;;
  none | generic) ;;
  avx2) simd_cflags="-mavx2 -mfma"
        grep -qw avx2 /proc/cpuinfo 2>/dev/null ||
          { echo "e2e: skipped: this host has no AVX2"; exit 77; } ;;
  avx512) simd_cflags="-mavx512f"
        grep -qw avx512f /proc/cpuinfo 2>/dev/null ||
          { echo "e2e: skipped: this host has no AVX-512F"; exit 77; } ;;
  *) echo "run_case.sh: unknown SIMD backend '$simd'"; exit 2 ;;
esac
sparsecc=${SPARSECC:?}
numdiff=${NUMDIFF:?}
cc=${CC:-cc}
name=$(basename "$case_file" .c)${simd:+[$simd]}

fail() {
  echo "e2e $name: FAILED: $*"
  exit 1
}

# the text after `// KEY:` on each line of the case carrying it
directive() { sed -n "s|^[[:space:]]*//[[:space:]]*$1:[[:space:]]*||p" "$case_file" | sed 's/[[:space:]]*$//'; }

rm -rf "$work"
mkdir -p "$work"
cd "$work" || exit 1

# 1. reference (built and run once per build tree: ref_cache.sh)
# shellcheck source-path=SCRIPTDIR source=ref_cache.sh
. "$here/ref_cache.sh"
ref_run "$cc" "$case_file" -std=c11 -O1 -Wall ||
  fail "the case does not compile as it is: $(cat ref.cc.txt)"
ref_status=$REF_STATUS

# 2. sparsecc
args=$(directive SPARSECC-ARGS | head -1)
[ -n "$simd" ] && args="$args --simd=$simd"
# shellcheck disable=SC2086
timeout 120 "$sparsecc" "$case_file" -o out.c --report=report.txt $args 2>sparsecc.err
st=$?
if [ $st -ne 0 ]; then
  cat sparsecc.err
  fail "sparsecc exited with $st"
fi

# 3. the rewritten program (OUT-CFLAGS: extra flags for it, e.g. -O3)
cflags=$("$sparsecc" --cflags) && libs=$("$sparsecc" --libs) || fail "--cflags/--libs"
cflags="$cflags $(directive OUT-CFLAGS | head -1)"
# the case's own headers (#include "x.h" beside it), found as they are
# when the rewritten file sits beside its input (the %_sparse.c rule);
# attached, so that obj_cache.sh hashes them
cflags="$cflags -I$(dirname "$case_file")"
# E2E_OUT_PLAIN=1 (the sanitizer build's backend variants): out.c itself is
# compiled without the sanitizer flags of --cflags; --libs, at the link,
# still brings the sanitized runtime
if [ "${E2E_OUT_PLAIN:-0}" = 1 ]; then
  plain=""
  for f in $cflags; do case $f in -fsanitize=*) ;; *) plain="$plain $f" ;; esac; done
  cflags=$plain
fi
# (compiled, then linked: the sanitizer flags of --libs apply to the link;
# an out.c text already compiled with the same flags, by another test of
# this case or by the other build tree, is not compiled again: obj_cache.sh)
# shellcheck source-path=SCRIPTDIR source=obj_cache.sh
. "$here/obj_cache.sh"
# shellcheck disable=SC2086
obj_compile "$cc" out.c out.o -std=c11 -O1 -Wall -Wextra -Werror $cflags $simd_cflags 2>out.cc.txt &&
  "$cc" $cflags $simd_cflags out.o -o sparse $libs 2>>out.cc.txt ||
  fail "out.c does not compile cleanly with $cc: $(head -20 out.cc.txt)"
# (clang with -ffp-contract=off, as gcc is in ISO C mode: clang would fuse
# a * b + c into one FMA under -mfma, rounding once where the reference
# rounds twice)
# (a link clang cannot make, for want of a library of the case's flags
# such as -fopenmp's libomp, skips the clang run: gcc linked it above)
# (-march=native: clang 19 on a host with AVX10.1 warns of its own host
# detection, "invalid feature combination", whatever the file; that warning
# alone is not made an error)
if [ -n "${E2E_CLANG:-}" ]; then
  clang_w=""
  case " $cflags " in
    *" -march=native "*) clang_w="-Wno-unknown-warning-option -Wno-error=invalid-feature-combination" ;;
  esac
  # shellcheck disable=SC2086
  obj_compile "$E2E_CLANG" out.c out.clang.o -std=c11 -O1 -ffp-contract=off -Wall -Wextra -Werror $clang_w $cflags $simd_cflags 2>out.clang.txt ||
    fail "out.c does not compile cleanly with $E2E_CLANG: $(head -20 out.clang.txt)"
  # shellcheck disable=SC2086
  if ! "$E2E_CLANG" $cflags $simd_cflags out.clang.o -o sparse.clang $libs 2>>out.clang.txt; then
    echo "e2e $name: note: $E2E_CLANG cannot link the case ($(grep -m1 -E 'cannot find|error' out.clang.txt)); its clang run skipped" >&2
    E2E_CLANG=
  fi
fi
timeout 120 ./sparse >sparse.out 2>sparse.err
sparse_status=$?
[ $sparse_status -eq $ref_status ] ||
  fail "exit status $sparse_status, the reference gives $ref_status"
"$numdiff" ref.out sparse.out || fail "output differs from the reference"
if [ -n "${E2E_CLANG:-}" ]; then
  # clang's reference, with the warning flags of OUT-CFLAGS (a legacy case
  # clang rejects as it is may build with them); a case clang does not
  # build even so is compared with gcc's reference (clang-ref/ref.cc.txt)
  mkdir -p clang-ref
  wflags=$(directive OUT-CFLAGS | head -1 | tr ' ' '\n' | grep -E '^-W' | tr '\n' ' ')
  # shellcheck disable=SC2086
  if (cd clang-ref && ref_run "$E2E_CLANG" "$case_file" -std=c11 -O1 -ffp-contract=off -Wall $wflags &&
        echo "$REF_STATUS" >status); then
    clang_ref=clang-ref/ref.out clang_status=$(cat clang-ref/status)
  else
    clang_ref=ref.out clang_status=$ref_status
  fi
  timeout 120 ./sparse.clang >sparse.clang.out 2>sparse.clang.err
  st=$?
  [ $st -eq "$clang_status" ] ||
    fail "built by $E2E_CLANG: exit status $st, its reference gives $clang_status"
  "$numdiff" "$clang_ref" sparse.clang.out ||
    fail "built by $E2E_CLANG: output differs from the reference ($clang_ref)"
fi

# 4. sparsification happened as the case says
count=$(grep -c 'kernel sparsified' report.txt 2>/dev/null || true)
count=${count:-0}
expected=$(directive EXPECT-SPARSIFIED | head -1)
if [ -n "$expected" ]; then
  [ "$count" -eq "$expected" ] ||
    fail "$count kernels sparsified, the case expects $expected (report.txt)"
else
  [ "$count" -ge 1 ] || fail "no kernel sparsified (report.txt)"
fi
while IFS= read -r text; do
  [ -z "$text" ] && continue
  grep -qF -- "$text" sparsecc.err || fail "expected warning not printed: $text"
done < <(directive EXPECT-WARNING)
# out.c without its dense fallback branches: from a line
# `if (sc__st != SC_OK) {` whose next line frees a tensor, to the
# `} else {` at the same indentation
awk '
  skip && $0 == ind "} else {" { skip = 0; next }
  skip { next }
  pend != "" { if ($0 ~ /sc_tensor_free\(/) { skip = 1; ind = pind; pend = ""; next }
               print pend; pend = "" }
  /^[ \t]*if \(sc__st != SC_OK\) \{$/ { pend = $0; pind = $0; sub(/if.*/, "", pind); next }
  { print }
  END { if (pend != "") print pend }' out.c > out_sparse_path.c
grep -q 'sc_dense_fallback(' out_sparse_path.c &&
  fail "run_case.sh: a dense fallback branch was not recognised in out.c"
while IFS= read -r text; do
  [ -z "$text" ] && continue
  # (the annotation lines themselves, copied into out.c, do not count)
  ! grep -F -- "$text" out_sparse_path.c | grep -qv 'EXPECT-ABSENT:' ||
    fail "out.c still contains: $text"
done < <(directive EXPECT-ABSENT)
while IFS= read -r text; do
  [ -z "$text" ] && continue
  grep -qF -- "$text" report.txt || fail "report.txt lacks: $text"
done < <(directive EXPECT-REPORT)
while IFS= read -r text; do
  [ -z "$text" ] && continue
  ! grep -qF -- "$text" report.txt || fail "report.txt contains: $text"
done < <(directive EXPECT-NOT-REPORT)
while IFS= read -r text; do
  [ -z "$text" ] && continue
  n=$(grep -cF -- "$text" report.txt || true)
  [ "${n:-0}" -eq 1 ] || fail "report.txt has ${n:-0} lines with: $text (expected one)"
done < <(directive EXPECT-REPORT-ONCE)
if grep -q '^[[:space:]]*//[[:space:]]*EXPECT-STDERR-EMPTY' "$case_file"; then
  [ ! -s sparsecc.err ] || fail "sparsecc printed: $(head -5 sparsecc.err)"
fi
expected_vec=$(directive EXPECT-VECTORIZED | head -1)
if [ -n "$simd" ] && [ "$simd" != none ] && [ -n "$expected_vec" ]; then
  nvec=$(grep -c ': vectorized:' report.txt 2>/dev/null || true)
  [ "${nvec:-0}" -eq "$expected_vec" ] ||
    fail "${nvec:-0} loops vectorized, the case expects $expected_vec (report.txt)"
fi
if [ -n "$simd" ] && [ "$simd" != none ]; then
  while IFS= read -r text; do
    [ -z "$text" ] && continue
    grep -qF -- "$text" report.txt || fail "report.txt does not say: $text"
  done < <(directive EXPECT-VECTOR-REPORT)
fi
if [ "$simd" = avx512 ]; then
  while IFS= read -r text; do
    [ -z "$text" ] && continue
    grep -qF -- "$text" report.txt || fail "report.txt does not say: $text"
  done < <(directive EXPECT-AVX512-REPORT)
fi
if [ -z "$simd" ] || [ "$simd" = none ]; then
  while IFS= read -r text; do
    [ -z "$text" ] && continue
    grep -qF -- "$text" report.txt || fail "report.txt does not say: $text"
  done < <(directive EXPECT-SCALAR-REPORT)
fi
echo "e2e $name: passed ($count kernels sparsified)"
