/* spmv_kernels.h — the hand-written CSR SpMV reference loops, y = A*x.
 *
 * The plain loop a programmer writes: a scalar accumulator per row, no
 * intrinsics, no -ffast-math (so the compiler keeps the sum's order and does
 * not vectorize the reduction). Compiled with the same flags as every other
 * variant. Kept out of line (noinline) so each variant is timed as a call.
 * Aligned to 64 bytes so the inner loop sits at the same offset in a cache
 * line in every binary: otherwise the loop may straddle a 64-byte boundary
 * in one program and not in another, which on the reference machine (AMD
 * Zen 3) made the same loop up to 1.8x slower on cache-resident matrices. */
#ifndef SPARSECC_BENCH_SPMV_KERNELS_H
#define SPARSECC_BENCH_SPMV_KERNELS_H

#include <stdint.h>

__attribute__((noinline, unused, aligned(64))) static void
spmv_csr64(int64_t nrows, const int64_t *restrict rp, const int64_t *restrict ci,
           const double *restrict val, const double *restrict x,
           double *restrict y) {
  for (int64_t i = 0; i < nrows; i++) {
    double s = 0.0;
    for (int64_t k = rp[i], end = rp[i + 1]; k < end; k++)
      s += val[k] * x[ci[k]];
    y[i] = s;
  }
}

__attribute__((noinline, unused, aligned(64))) static void
spmv_csr32(int64_t nrows, const uint32_t *restrict rp,
           const uint32_t *restrict ci, const double *restrict val,
           const double *restrict x, double *restrict y) {
  for (int64_t i = 0; i < nrows; i++) {
    double s = 0.0;
    for (int64_t k = rp[i], end = rp[i + 1]; k < end; k++)
      s += val[k] * x[ci[k]];
    y[i] = s;
  }
}

#endif
