#!/bin/sh
# build.sh — builds the MLIR sparsifier baseline for one matrix size.
#
#   bench/mlir/build.sh MATRIX OUTDIR
#
# MATRIX is a matrix specification (bench/bench_common.h: banded:N:B,
# poisson2d:M, random:N:D or a .mtx path). sparse_tensor.assemble needs a
# static shape in LLVM 19, so the kernels are specialised to the matrix's
# sizes. Produces OUTDIR/mlir_harness (run it with the same MATRIX).
#
# Per kernel K (spmv) and vector length VL (0 and 8):
#   sed 's/__NROWS__/N/; s/__NCOLS__/M/; s/@K32/@K32_vlVL/ ...' K.mlir > K_vlVL.mlir
#   mlir-opt-19 K_vlVL.mlir --sparsifier="vl=VL enable-runtime-library=false" \
#     | mlir-translate-19 --mlir-to-llvmir -o K_vlVL.ll
#   clang-19 -O3 -march=native -c K_vlVL.ll -o K_vlVL.o
# then the harness: cc -O3 -march=native -DMLIR_NROWS=N -DMLIR_NCOLS=M \
#   harness.c K_vl0.o K_vl8.o -lm
#
# Tools (override with environment variables): MLIR_OPT (mlir-opt-19),
# MLIR_TRANSLATE (mlir-translate-19), CLANG (clang-19), CC (cc),
# OPTFLAGS (-O3 -march=native).
set -eu

if [ $# -ne 2 ]; then
  echo "usage: $0 MATRIX OUTDIR" >&2
  exit 2
fi
MATRIX=$1
OUT=$2
HERE=$(cd "$(dirname "$0")" && pwd)
BENCH=$(dirname "$HERE")
MLIR_OPT=${MLIR_OPT:-mlir-opt-19}
MLIR_TRANSLATE=${MLIR_TRANSLATE:-mlir-translate-19}
CLANG=${CLANG:-clang-19}
CC=${CC:-cc}
OPTFLAGS=${OPTFLAGS:--O3 -march=native}

for tool in "$MLIR_OPT" "$MLIR_TRANSLATE" "$CLANG" "$CC"; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "$0: '$tool' not found (MLIR baseline needs mlir-19-tools and clang-19)" >&2
    exit 3
  fi
done

mkdir -p "$OUT"
$CC $OPTFLAGS -std=c11 -o "$OUT/matrix_info" "$BENCH/matrix_info.c" -lm
set -- $("$OUT/matrix_info" "$MATRIX")
NROWS=$1
NCOLS=$2

objs=""
for K in spmv; do
  for VL in 0 8; do
    base="$OUT/${K}_vl$VL"
    sed -e "s/__NROWS__/$NROWS/g" -e "s/__NCOLS__/$NCOLS/g" \
        -e "s/@${K}\([0-9][0-9]\)/@${K}\1_vl$VL/g" \
        "$HERE/$K.mlir" > "$base.mlir"
    "$MLIR_OPT" "$base.mlir" \
        --sparsifier="vl=$VL enable-runtime-library=false" -o "$base.llvm.mlir"
    "$MLIR_TRANSLATE" --mlir-to-llvmir "$base.llvm.mlir" -o "$base.ll"
    # clang replaces the module's target triple with the host's: harmless.
    "$CLANG" $OPTFLAGS -Wno-override-module -c "$base.ll" -o "$base.o"
    objs="$objs $base.o"
  done
done

$CC $OPTFLAGS -std=c11 -DMLIR_NROWS="$NROWS" -DMLIR_NCOLS="$NCOLS" \
    -o "$OUT/mlir_harness" "$HERE/harness.c" $objs -lm
echo "built $OUT/mlir_harness for $MATRIX ($NROWS x $NCOLS)"
