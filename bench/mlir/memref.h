/* memref.h — the C view of MLIR's ranked memref descriptors (allocated and
 * aligned pointers, offset, sizes, strides) that the `_mlir_ciface_`
 * functions of the sparsifier's kernels take, and row-major views of a
 * dense array, for the harnesses of bench/mlir. */
#ifndef SPARSECC_BENCH_MLIR_MEMREF_H
#define SPARSECC_BENCH_MLIR_MEMREF_H

#include <stdint.h>

typedef struct mr1 { void *al, *ad; int64_t off, size, stride; } mr1;
typedef struct mr2 { void *al, *ad; int64_t off, size[2], stride[2]; } mr2;

static inline mr1 m1(void *p, int64_t n) { mr1 m = {p, p, 0, n, 1}; return m; }
static inline mr2 m2(void *p, int64_t r, int64_t c) {
  mr2 m = {p, p, 0, {r, c}, {c, 1}};
  return m;
}

#endif
