#!/bin/bash
# transposed_union_run.sh — the "A transposed read in a timing loop"
# figure of docs/performance.md: transposed_union.c (N = 2000, 20
# repetitions of y += (A + A^T) x) rewritten by two
# sparsecc builds, BEFORE (A_1 assembled at each entry of the nest) and
# SPARSECC (A_1 kept across the loop as A is), and the input compiled
# as it is; 5 runs each, alternated; medians of the loop's time.
# Environment: SPARSECC (default: sparsecc on PATH), BEFORE (required),
# CC (cc), OPTFLAGS (-O2).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
sparsecc=${SPARSECC:-sparsecc}
before=${BEFORE:?BEFORE: the sparsecc build to compare with}
cc=${CC:-cc}
opt=${OPTFLAGS:--O2}
out=${BENCH_BUILD:-$here/build}/transposed_union
mkdir -p "$out"
cd "$out"
cflags=$("$sparsecc" --cflags)
libs=$("$sparsecc" --libs)
"$cc" $opt -Wno-unknown-pragmas "$here/transposed_union.c" -o dense
"$before" "$here/transposed_union.c" -o before.c 2>/dev/null
"$sparsecc" "$here/transposed_union.c" -o now.c 2>/dev/null
"$cc" $opt $cflags before.c -o before $libs
"$cc" $opt $cflags now.c -o now $libs
./dense > dense.out 2>/dev/null
for p in before now; do
  ./$p > $p.out 2>/dev/null
  cmp dense.out $p.out || { echo "$p: output differs from the input's"; exit 1; }
done
: > times
for _ in 1 2 3 4 5; do
  for p in dense before now; do
    echo "$p $(./$p 2>&1 >/dev/null)" >> times
  done
done
for p in dense before now; do
  awk -v p="$p" '$1 == p { print $2 }' times | sort -g | awk -v p="$p" \
    '{ t[NR] = $1 } END { printf "%s: %.2f ms (median of %d)\n", p, 1000 * t[(NR + 1) / 2], NR }'
done
