// SpMV over matrices whose rows are short on average (0 to 9 entries, one
// row of 40): with a fixed-lane backend, the kernel tests nnz / rows of
// the matrix each time it runs and, below the kernel's threshold
// (16 entries on avx2 and generic, 36 on avx512), runs the scalar
// output's loops for the whole run, the long row included; the vector
// nest is emitted beside them. Double CSR over every row, float CSR32
// over rows 2 to N - 3 (the test reads the matrix's sizes, not the
// loop's rows), a loop over an empty range of rows, and a row loop called
// twice, once over the short rows and once over a matrix of long rows (44
// to 60 entries), which takes the vector walk.
// Values are multiples of 1/16 and x of 1/4: every association prints the
// same.
// EXPECT-SPARSIFIED: 4
// EXPECT-VECTORIZED: 4
// EXPECT-VECTOR-REPORT: loop i: short rows: the scalar output's loops when nnz/rows of A < 
// EXPECT-VECTOR-REPORT: loop i: short rows: the scalar output's loops when nnz/rows of F < 
// EXPECT-VECTOR-REPORT: tested each time the kernel runs
// EXPECT-NOT-REPORT: unaccounted
// EXPECT-ABSENT: y[i] += A[i][j] * x[j];
// EXPECT-ABSENT: yf[i] += F[i][j] * xf[j];
#include <stdio.h>

#define N 70
#define M 61

static double A[N][M], x[M], y[N], z[N];
static float F[N][M], xf[M], yf[N];

static void spmv(double (*W)[M], double *out) {
#pragma sparse encoding(W : CSR)
  for (int r = 0; r < 2; r++)
    for (int i = 0; i < N; i++) {
      out[i] = 0.0;
      for (int j = 0; j < M; j++)
        out[i] += W[i][j] * x[j];
    }
}

static double Long[N][M], yl[N];

int main(void) {
  for (int i = 0; i < N; i++) {
    int len = i == 5 ? 40 : (i * 7) % 10; /* entries of row i */
    for (int c = 0; c < len; c++) {
      A[i][(i + 3 * c) % M] = (double)((i * 3 + c * 11) % 31 - 15) / 16.0;
      F[i][(i + 5 * c) % M] = (float)((i * 5 + c * 7) % 29 - 14) / 16.0f;
    }
    int ll = 44 + (i * 5) % 17; /* 44 to 60 entries */
    for (int c = 0; c < ll; c++)
      Long[i][(i + 2 * c) % M] = (double)((i + c * 13) % 23 - 11) / 16.0;
  }
  for (int j = 0; j < M; j++) {
    x[j] = (double)(j % 9 - 4) / 4.0;
    xf[j] = (float)(j % 7 - 3) / 4.0f;
  }

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++) {
    y[i] = 0.0;
    for (int j = 0; j < M; j++)
      y[i] += A[i][j] * x[j];
  }

#pragma sparse encoding(F : (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32)
  for (int i = 2; i < N - 2; i++) {
    yf[i] = 1.0f;
    for (int j = 0; j < M; j++)
      yf[i] += F[i][j] * xf[j];
  }

  int lo = N / 2, hi = N / 2; /* no rows */
#pragma sparse encoding(A : CSR)
  for (int i = lo; i < hi; i++)
    for (int j = 0; j < M; j++)
      z[i] += A[i][j] * x[j];

  spmv(A, z);
  spmv(Long, yl);

  double sum = 0.0;
  for (int i = 0; i < N; i++) {
    printf("%d %.10g %.10g %.10g %.10g\n", i, y[i], (double)yf[i], z[i], yl[i]);
    sum += y[i] + yf[i] + z[i] + yl[i];
  }
  printf("sum %.10g\n", sum);
  return 0;
}
