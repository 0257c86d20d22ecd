#!/bin/bash
# run_account.sh WORKDIR — every innermost loop is accounted for under a
# SIMD backend: sparsecc --simd=avx2 --report over every tests/e2e case
# and the vector shape files (their own SPARSECC-ARGS kept), then per
# report:
#   - no line `not vectorized: unaccounted`: the kernel's IR has an
#     innermost loop that got no `vectorized:` / `not vectorized:` line
#     (src/vector/vaccount.c adds that line; a new loop shape that the loop
#     emitter does not offer to the vectorizer, nor explain, shows here);
#   - every sparsified kernel has at least one such line (its innermost
#     loop), and every `not vectorized:` line gives a reason.
# Environment: SPARSECC, SC_SOURCE_DIR.
set -u
work=$1
sparsecc=${SPARSECC:?}
src=${SC_SOURCE_DIR:?}
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
fails=0
n=0
for f in "$src"/tests/e2e/*.c "$src"/tests/vector/*.c; do
  name=$(basename "$(dirname "$f")")_$(basename "$f" .c)
  args=$(sed -n 's|^[[:space:]]*//[[:space:]]*SPARSECC-ARGS:[[:space:]]*||p' "$f" | head -1)
  # shellcheck disable=SC2086
  "$sparsecc" "$f" -o "$name.out.c" --report="$name.txt" $args --simd=avx2 \
    >/dev/null 2>"$name.err" || continue   # refusals are the e2e tests' business
  n=$((n + 1))
  if grep -q 'not vectorized: unaccounted' "$name.txt"; then
    echo "account $name: an innermost loop without a vectorization line:"
    grep 'not vectorized: unaccounted' "$name.txt"
    fails=$((fails + 1))
  fi
  if grep -Eq 'not vectorized: *$' "$name.txt"; then
    echo "account $name: a 'not vectorized' line without a reason"
    fails=$((fails + 1))
  fi
  # per kernel: from a `kernel sparsified` line to the next diagnostic line
  awk -v name="$name" '
    /: kernel sparsified:/ { if (open && !seen) { print "account " name ": no vectorization line for the kernel at " at; bad = 1 }
                             open = 1; seen = 0; at = $1; next }
    /^[^ ]/ { if (open && !seen) { print "account " name ": no vectorization line for the kernel at " at; bad = 1 }
              open = 0; next }
    /^  loop [^ ]+: (not )?vectorized:/ || /^  vectorization: off/ { seen = 1 }
    END { if (open && !seen) { print "account " name ": no vectorization line for the kernel at " at; bad = 1 }
          exit bad }' "$name.txt" || fails=$((fails + 1))
done
[ "$n" -gt 100 ] || { echo "account: only $n cases compiled"; exit 1; }
[ "$fails" -eq 0 ] || { echo "account: $fails failures over $n cases"; exit 1; }
echo "account: every innermost loop of $n cases has a vectorization line"
