# mlir_vl_build.sh — sourced by vec_run.sh and vec_dense_last_run.sh: builds
# MLIR's sparsifier over a file of kernels at vl=0 and vl=8 (vl=8 also with
# clang told to use 256-bit vectors, like for like with avx2: on an AVX-512
# host clang otherwise widens to 512 bits) and links a harness with each.
#
#   mlir_vl_build MLIR FUNCS PREFIX HARNESS EXE
#
# MLIR: the kernels; FUNCS: their names as a sed alternation (each @NAME(
# becomes @NAME_vl0( and @NAME_vl8(); PREFIX: the objects' names under $B
# (PREFIX_vl0.o ...); HARNESS: the C harness; EXE: the programs $B/EXE
# (vl=0 and vl=8) and $B/EXE_ymm. Uses $B, $CC, $OPTFLAGS, $NICE and
# MLIR_OPT, MLIR_TRANSLATE, CLANG (mlir-opt-19, mlir-translate-19,
# clang-19). Sets mlir=0 (with a SKIP line) when a tool is missing, else
# mlir=1; exits 2 when a build fails.
mlir_vl_build() {
  local src=$1 funcs=$2 p=$3 harness=$4 exe=$5 tool VL h
  MLIR_OPT=${MLIR_OPT:-mlir-opt-19}
  MLIR_TRANSLATE=${MLIR_TRANSLATE:-mlir-translate-19}
  CLANG=${CLANG:-clang-19}
  mlir=1
  for tool in "$MLIR_OPT" "$MLIR_TRANSLATE" "$CLANG"; do
    command -v "$tool" >/dev/null 2>&1 || { echo "SKIP mlir: '$tool' not found"; mlir=0; }
  done
  [ "$mlir" -eq 1 ] || return 0
  for VL in 0 8; do
    sed -e "s/@\($funcs\)(/@\1_vl$VL(/" "$src" > "$B/${p}_vl$VL.mlir"
    # shellcheck disable=SC2086
    $NICE "$MLIR_OPT" "$B/${p}_vl$VL.mlir" --sparsifier="vl=$VL enable-runtime-library=false" \
        -o "$B/${p}_vl$VL.llvm.mlir" &&
      $NICE "$MLIR_TRANSLATE" --mlir-to-llvmir "$B/${p}_vl$VL.llvm.mlir" -o "$B/${p}_vl$VL.ll" &&
      $NICE "$CLANG" $OPTFLAGS -Wno-override-module -c "$B/${p}_vl$VL.ll" -o "$B/${p}_vl$VL.o" || exit 2
  done
  # shellcheck disable=SC2086
  $NICE "$CLANG" $OPTFLAGS -mprefer-vector-width=256 -Wno-override-module -c "$B/${p}_vl8.ll" \
    -o "$B/${p}_vl8_ymm.o" || exit 2
  for h in "$exe:${p}_vl8" "${exe}_ymm:${p}_vl8_ymm"; do
    # shellcheck disable=SC2086
    $NICE $CC $OPTFLAGS -std=c11 -D_POSIX_C_SOURCE=200809L -Ibench -Wno-unknown-pragmas \
      "$harness" "$B/${p}_vl0.o" "$B/${h#*:}.o" -o "$B/${h%%:*}" -lm || exit 2
  done
}
