#!/bin/bash
# frontend_speed.sh — times sparsecc on a generated ~10,000-line file with
# 50 annotated kernels (gen_frontend_file.sh): the whole pipeline, front
# end included (tree-sitter, pragmas, libclang, extraction, lowering,
# emission). Prints each run, then the best and the median.
#   usage: bench/frontend_speed.sh PATH/TO/sparsecc [RUNS]
set -euo pipefail
sparsecc=${1:?usage: frontend_speed.sh PATH/TO/sparsecc [RUNS]}
runs=${2:-7}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bash "$here/gen_frontend_file.sh" > "$work/fe.c"
echo "input: $(wc -l < "$work/fe.c") lines, $(wc -c < "$work/fe.c") bytes, 50 kernels"
"$sparsecc" "$work/fe.c" -o "$work/out.c" --report="$work/report.txt"
echo "kernels sparsified: $(grep -c 'kernel sparsified' "$work/report.txt")"
times=()
for ((r = 0; r < runs; r++)); do
  s=$(date +%s.%N)
  "$sparsecc" "$work/fe.c" -o "$work/out.c"
  e=$(date +%s.%N)
  t=$(echo "$e - $s" | bc -l)
  times+=("$t")
  printf 'run %d: %.3f s\n' "$r" "$t"
done
printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {printf "best %.3f s, median %.3f s\n", a[1], a[int((NR+1)/2)]}'
