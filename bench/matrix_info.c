/* matrix_info.c — prints "NROWS NCOLS NNZ" of a matrix specification
 * (bench_common.h); used by the scripts to specialise the MLIR kernels. */
#include "bench_common.h"

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: matrix_info MATRIX\n");
    return 2;
  }
  bench_csr *A = bench_matrix(argv[1]);
  printf("%lld %lld %lld\n", (long long)A->nrows, (long long)A->ncols,
         (long long)A->nnz);
  bench_csr_free(A);
  return 0;
}
