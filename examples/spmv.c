/* spmv.c — sparse matrix-vector products, written the way legacy code
 * often is: the matrix is a plain dense 2-D array that happens to be almost
 * all zeros, and the kernel loops over every element.
 *
 * The one `#pragma sparse` line below is the whole port: it tells sparsecc
 * that A is sparse (stored as CSR) inside the loop nest that follows. Any C
 * compiler ignores the pragma, so this file still builds and runs as it is:
 *
 *   cc -O2 spmv.c -o spmv -lm                    # dense reference
 *   sparsecc spmv.c -o spmv_sparse.c             # sparsified
 *   cc -O2 $(sparsecc --cflags) spmv_sparse.c -o spmv_sparse $(sparsecc --libs)
 *
 * Both print the same checksum. */
#include <stdio.h>

#define N 1000
#define REPS 20

static double A[N][N]; /* about 0.4% nonzero */
static double x[N], y[N];

int main(void) {
  /* a tridiagonal matrix plus one scattered entry per row */
  for (int i = 0; i < N; i++) {
    A[i][i] = 4.0;
    if (i > 0) A[i][i - 1] = -1.0;
    if (i + 1 < N) A[i][i + 1] = -1.0;
    A[i][(i * 37 + 11) % N] += 0.5;
    x[i] = 1.0 + (i % 10) * 0.1;
  }

  /* REPS products y = A x; annotating the outer loop lets sparsecc build
   * the sparse A once, not once per product */
#pragma sparse encoding(A : CSR)
  for (int r = 0; r < REPS; r++) {
    for (int i = 0; i < N; i++) {
      double s = 0.0;
      for (int j = 0; j < N; j++)
        s += A[i][j] * x[j];
      y[i] = s;
    }
  }

  double checksum = 0.0;
  for (int i = 0; i < N; i++) checksum += y[i] * (double)(i % 7 + 1);
  printf("spmv: n=%d checksum=%.10g\n", N, checksum);
  return 0;
}
