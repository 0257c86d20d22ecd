#!/bin/bash
# run_example.sh EXAMPLE_DIR WORKDIR — builds an example with its own
# Makefile (the dense original as written, and sparsecc's version), runs
# both on a matrix of SC_MATRICES and requires the same output. Exit 77
# (skipped) when the shared matrices are not there.
set -u
src=$1
work=$2
name=$(basename "$src")
matrices=${SC_MATRICES:?}
case $name in
  cg) matrix=$matrices/bcsstk13.mtx ;;
  *) matrix=$matrices/cryg2500.mtx ;;
esac
if [ ! -f "$matrix" ]; then
  echo "example $name: skipped: $matrix is absent"
  exit 77
fi
rm -rf "$work"
mkdir -p "$work"
cp "$src"/*.c "$src"/Makefile "$work"/ || exit 1
cd "$work" || exit 1
make SPARSECC="${SPARSECC:?}" CC="${CC:-cc}" CFLAGS="-O2 -Wall -Wextra -Werror -Wno-unknown-pragmas" \
  MATRIX="$matrix" ITERATIONS=60 check >make.log 2>&1 || {
  tail -30 make.log
  echo "example $name: FAILED"
  exit 1
}
# sparsification happened: no dense loop over the matrix is left
if grep -q 'for (int j = 0; j < n; j++)' "${name}_sparse.c" &&
   grep -A2 'for (int j = 0; j < n; j++)' "${name}_sparse.c" | grep -q '\[i \* n + j\]'; then
  echo "example $name: FAILED: a dense loop over the matrix is left"
  exit 1
fi
echo "example $name: passed"
