// SpMV over matrices whose rows are long on average (36 to 60 entries,
// with a few rows of 0 to 5): the kernel's test of nnz / rows of the
// matrix finds them at or above the kernel's threshold (16 entries on
// avx2 and generic, 36 on avx512; a mean of 40.8 to 42.1 stored entries here) and runs the vector
// row walk, the rows shorter than its own threshold (16; 24 on avx512) in
// its short loop, the others in the vector loop and its
// masked chunk; the scalar output's loops are emitted beside it. Double
// CSR, float CSR32 over rows 1 to N - 2, and an int row sum.
// Values are multiples of 1/16 and x of 1/4: every association prints the
// same.
// EXPECT-SPARSIFIED: 3
// EXPECT-VECTORIZED: 3
// EXPECT-VECTOR-REPORT: loop i: short rows: the scalar output's loops when nnz/rows of A < 
// EXPECT-VECTOR-REPORT: gathers (64-bit coordinates), reduction into y[i] (sum)
// EXPECT-VECTOR-REPORT: gathers (32-bit coordinates), reduction into yf[i] (sum)
// EXPECT-VECTOR-REPORT: reduction into si[i] (sum)
// EXPECT-NOT-REPORT: unaccounted
// EXPECT-ABSENT: y[i] += A[i][j] * x[j];
// EXPECT-ABSENT: yf[i] += F[i][j] * xf[j];
#include <stdio.h>

#define N 53
#define M 67

static double A[N][M], x[M], y[N];
static float F[N][M], xf[M], yf[N];
static int I[N][M], si[N];

int main(void) {
  for (int i = 0; i < N; i++) {
    int len = i % 9 == 4 ? i % 6 : 36 + (i * 11) % 25; /* entries of row i */
    for (int c = 0; c < len; c++) {
      int j = (i + 2 * c) % M;
      A[i][j] = (double)((i * 3 + c * 11) % 31 - 15) / 16.0;
      F[i][j] = (float)((i * 5 + c * 7) % 29 - 14) / 16.0f;
      I[i][j] = (i * 13 + c * 7) % 201 - 100;
    }
    si[i] = i;
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
  for (int i = 1; i < N - 1; i++) {
    yf[i] = 0.5f;
    for (int j = 0; j < M; j++)
      yf[i] += F[i][j] * xf[j];
  }

#pragma sparse encoding(I : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      si[i] += I[i][j];

  double sum = 0.0;
  for (int i = 0; i < N; i++) {
    printf("%d %.10g %.10g %d\n", i, y[i], (double)yf[i], si[i]);
    sum += y[i] + yf[i] + si[i];
  }
  printf("sum %.10g\n", sum);
  return 0;
}
