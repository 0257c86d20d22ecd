/* kernels_others.h — the baselines that bench/kernels_pragma.c (the
 * sparsecc variant) is timed against, one process, interleaved round by
 * round: the hand-written CSR loop, MLIR's sparsifier (vl=0 and vl=8, when
 * built with -DKB_MLIR and the objects of bench/mlir/build_kernels.sh) and
 * SuiteSparse:GraphBLAS (SpAdd, SpGEMM; -DKB_GRAPHBLAS, one thread).
 *
 * Benchmarks (all CSR, 64-bit positions and coordinates, double values):
 *   spmm16, spmm64  C = A*X, X dense ncols x K (K = 16, 64), C dense nrows x K
 *   sddmm           R(i,j) = sum_k A(i,j) U(i,k) V(j,k) on A's pattern, k = 32
 *                   (U nrows x 32, V ncols x 32, row-major)
 *   spadd           C = A + B, B = kb_second(A)
 *   spgemm          C = A*A (A square)
 * Every variant's first result is checked against the hand-written one
 * (sparse results: same pattern, values within 1e-12 relative). This file is
 * compiled as it is (never through sparsecc). */
#ifndef SPARSECC_BENCH_KERNELS_OTHERS_H
#define SPARSECC_BENCH_KERNELS_OTHERS_H

#include "bench_common.h"

typedef struct kb kb;

/* The second operand of SpAdd: A's pattern shifted one column to the right
 * (entries that would leave the matrix are dropped), new values. */
bench_csr *kb_second(const bench_csr *A);

/* Sets up, runs once and verifies every baseline of `bench` on A (B: the
 * second operand of spadd, else NULL; X, Y: the dense operands, see above).
 * NULL with a message when the benchmark is unknown or the matrix does not
 * fit it (MLIR kernels are built for one size). */
kb *kb_new(const char *bench, const bench_csr *A, const bench_csr *B,
           const double *X, const double *Y, int reps, double min_time);

/* Round r of the interleaved timing: r == -1 calibrates, r >= 0 takes one
 * sample of every baseline. */
void kb_round(kb *k, int r);

/* The hand-written result: dense (SpMM, nrows x K) or sparse. */
const double *kb_ref_dense(const kb *k);
const bench_csr *kb_ref_csr(const kb *k);

/* Prints a RESULT line per variant (the candidate `name` with its samples
 * first) and a RATIO line of the candidate against each baseline. Returns
 * nonzero when a baseline failed its check. */
int kb_report(kb *k, const char *name, double *t_candidate, double check);

void kb_free(kb *k);

#endif
