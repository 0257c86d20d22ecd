#!/bin/bash
# before_after_run.sh NAME — one program of bench/, NAME.c, rewritten by
# two sparsecc builds, BEFORE and SPARSECC, and compiled as it is (the
# dense input); the three outputs must agree; 5 runs each, alternated;
# medians of the time each prints on stderr (seconds). The figures of
# docs/performance.md that compare a change with the build before it
# (iteration_writes_run.sh, transposed_union_run.sh).
# Environment: SPARSECC (default: sparsecc on PATH), BEFORE (required),
# CC (cc), OPTFLAGS (-O2), BENCH_BUILD (bench/build).
set -eu
name=${1:?usage: before_after_run.sh NAME (bench/NAME.c)}
here=$(cd "$(dirname "$0")" && pwd)
sparsecc=${SPARSECC:-sparsecc}
before=${BEFORE:?BEFORE: the sparsecc build to compare with}
cc=${CC:-cc}
opt=${OPTFLAGS:--O2}
out=${BENCH_BUILD:-$here/build}/$name
mkdir -p "$out"
cd "$out"
cflags=$("$sparsecc" --cflags)
libs=$("$sparsecc" --libs)
"$cc" $opt -Wno-unknown-pragmas "$here/$name.c" -o dense
"$before" "$here/$name.c" -o before.c 2>/dev/null
"$sparsecc" "$here/$name.c" -o now.c 2>/dev/null
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
