// SpMV-like row reductions through the vectorizer with every backend, over
// rows of every length from 0 to 47 entries (around 4, 8 and 16 lanes and
// twice that: one vector, a vector and a masked chunk, only the masked
// chunk after a full step; the short-segment loop below the sums'
// threshold, 16 entries on avx2 and generic, 24 on avx512, and every
// masked chunk above it, up to 15 of 16 float lanes), each row
// beginning where the one before it ended (the carried row begin):
// double and float sums with gathers, a double product and int and long
// sums of a row (the generic backend reduces sums and products by a
// balanced tree of the lanes, integers through unsigned lanes). The
// masked chunk loads its inactive lanes at the last active entry: x holds
// a large value at a column that ends some rows, so a lane that leaked
// into a sum would show. The last 104 rows hold every column (52 entries),
// so that the rows' mean length (37.2 to 38.2 stored entries) reaches avx512's
// kernel threshold (36) too: a kernel whose rows are shorter on average
// runs the scalar output's nest (docs/vectorization.md, "Short rows: the
// scalar output's nest chosen per call").
// Values are multiples of 1/16, products of a few halves and twos: every
// association prints the same.
// EXPECT-SPARSIFIED: 5
// EXPECT-VECTORIZED: 5
// EXPECT-VECTOR-REPORT: gathers
// EXPECT-VECTOR-REPORT: , float, vl
// EXPECT-VECTOR-REPORT: loop i: the positions of A read once per row
// EXPECT-VECTOR-REPORT: loop i: the positions of F read once per row
// EXPECT-ABSENT: y[i] += A[i][j] * x[j];
// EXPECT-ABSENT: yf[i] += F[i][j] * xf[j];
#include <stdio.h>

#define N 200
#define M 52

static double A[N][M], x[M], y[N], pr[N];
static float F[N][M], xf[M], yf[N];
static int I[N][M], si[N];
static long L[N][M];
static long sl[N];

int main(void) {
  for (int i = 0; i < N; i++) {
    int len = i < 96 ? i % 48 : M; /* entries of row i: columns (i + 3 c)
                                      % M, distinct */
    for (int c = 0; c < len; c++) {
      int j = (i + 3 * c) % M;
      A[i][j] = (double)((i * 7 + c * 5) % 33 - 16) / 16.0;
      F[i][j] = (float)((i * 5 + c * 3) % 33 - 16) / 16.0f;
      I[i][j] = (i * 11 + c * 13) % 201 - 100;
      L[i][j] = (long)((i * 3 + c * 17) % 301 - 150) * 1000000007L;
    }
    pr[i] = 1.0;
    y[i] = i / 4.0;
    yf[i] = (float)i / 4.0f;
    si[i] = i;
    sl[i] = -i;
  }
  for (int j = 0; j < M; j++) {
    x[j] = (double)(j % 9 - 4) / 8.0;
    xf[j] = (float)(j % 7 - 3) / 8.0f;
  }
  x[M - 1] = 1024.0; /* only rows with an entry in column M - 1 see it */
  static double P[N][M];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      P[i][j] = A[i][j] == 0 ? 0 : (j % 3 == 0 ? 2.0 : j % 3 == 1 ? 0.5 : 1.0);

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      y[i] += A[i][j] * x[j];

#pragma sparse encoding(F : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      yf[i] += F[i][j] * xf[j];

#pragma sparse encoding(P : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if (P[i][j] != 0) pr[i] *= P[i][j];

#pragma sparse encoding(I : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      si[i] += I[i][j];

#pragma sparse encoding(L : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      sl[i] += L[i][j];

  for (int i = 0; i < N; i++)
    printf("%d %.6f %.6f %.6f %d %ld\n", i, y[i], (double)yf[i], pr[i], si[i],
           sl[i]);
  return 0;
}
