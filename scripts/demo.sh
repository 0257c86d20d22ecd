#!/bin/bash
# demo.sh — from a fresh Debian machine to a sparsified program: installs
# what is missing, builds sparsecc in build/, runs it on examples/spmv.c,
# then compiles and runs both the original and the rewritten program.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
build=${SC_BUILD_DIR:-$root/build}

echo "== setup"
bash scripts/setup-debian.sh
echo "== build ($build)"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" -j2 --target sparsecc sparsecc_rt
sparsecc=$build/src/sparsecc

out=$build/demo
mkdir -p "$out"
echo "== sparsecc examples/spmv.c -o $out/spmv_sparse.c --report"
"$sparsecc" examples/spmv.c -o "$out/spmv_sparse.c" --report
echo "== compile and run the original"
cc -O2 -Wall -Wno-unknown-pragmas examples/spmv.c -o "$out/spmv" -lm
TIMEFORMAT='   (%R s)'
time "$out/spmv" | tee "$out/spmv.dense.txt"
echo "== compile and run the sparsified program"
# shellcheck disable=SC2046
cc -O2 -Wall -Wextra $("$sparsecc" --cflags) "$out/spmv_sparse.c" -o "$out/spmv_sparse" $("$sparsecc" --libs)
time "$out/spmv_sparse" | tee "$out/spmv.sparse.txt"
if cmp -s "$out/spmv.dense.txt" "$out/spmv.sparse.txt"; then
  echo "== same output: the rewritten program computes what the original computes"
else
  echo "== outputs differ (see $out)" >&2
  exit 1
fi
