#!/bin/sh
# build_kernels.sh — builds MLIR's sparsifier kernels of bench/mlir/kernels.mlir
# (SpMM with 16 and 64 columns, SDDMM k = 32, SpAdd, SpGEMM) for one matrix
# size, at vl=0 and vl=8.
#
#   bench/mlir/build_kernels.sh NROWS NCOLS OUTDIR
#
# Produces OUTDIR/kernels_vl0.o and OUTDIR/kernels_vl8.o, linked into
# bench/kernels_pragma.c's program by bench/kernels_run.sh. Per VL:
#   sed 's/__NROWS__/N/; s/__NCOLS__/M/; s/__VL__/_vlVL/' kernels.mlir > kernels_vlVL.mlir
#   mlir-opt-19 kernels_vlVL.mlir --sparsifier="vl=VL enable-runtime-library=false"
#   mlir-translate-19 --mlir-to-llvmir;  clang-19 -O3 -march=native -c
#   objcopy --wildcard --keep-global-symbol='_mlir_ciface_*'
#
# Needs Debian's mlir-19-tools and clang-19. Tools can be overridden with
# MLIR_OPT, MLIR_TRANSLATE, CLANG, OPTFLAGS (-O3 -march=native).
set -eu

if [ $# -ne 3 ]; then
  echo "usage: $0 NROWS NCOLS OUTDIR" >&2
  exit 2
fi
NROWS=$1
NCOLS=$2
OUT=$3
HERE=$(cd "$(dirname "$0")" && pwd)
MLIR_OPT=${MLIR_OPT:-mlir-opt-19}
MLIR_TRANSLATE=${MLIR_TRANSLATE:-mlir-translate-19}
CLANG=${CLANG:-clang-19}
OPTFLAGS=${OPTFLAGS:--O3 -march=native}

for tool in "$MLIR_OPT" "$MLIR_TRANSLATE" "$CLANG" objcopy; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "$0: '$tool' not found (MLIR baseline needs mlir-19-tools and clang-19)" >&2
    exit 3
  fi
done

mkdir -p "$OUT"
for VL in 0 8; do
  base="$OUT/kernels_vl$VL"
  sed -e "s/__NROWS__/$NROWS/g" -e "s/__NCOLS__/$NCOLS/g" -e "s/__VL__/_vl$VL/g" \
      "$HERE/kernels.mlir" > "$base.mlir"
  "$MLIR_OPT" "$base.mlir" \
      --sparsifier="vl=$VL enable-runtime-library=false" -o "$base.llvm.mlir"
  "$MLIR_TRANSLATE" --mlir-to-llvmir "$base.llvm.mlir" -o "$base.ll"
  # clang replaces the module's target triple with the host's: harmless.
  # shellcheck disable=SC2086
  "$CLANG" $OPTFLAGS -Wno-override-module -c "$base.ll" -o "$base.tmp.o"
  # the sparsifier's support functions (_insert_*, _sparse_sort_*) have the same
  # names at every VL: keep only the C entry points global
  objcopy --wildcard --keep-global-symbol='_mlir_ciface_*' "$base.tmp.o" "$base.o"
  rm -f "$base.tmp.o"
done
echo "built $OUT/kernels_vl0.o $OUT/kernels_vl8.o ($NROWS x $NCOLS)"
