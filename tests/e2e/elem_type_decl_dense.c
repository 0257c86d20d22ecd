// A pragma on a declaration or a function definition naming an array whose
// element type the runtime does not store (long double) keeps that array
// dense, with one warning naming the type, and sparsecc exits 0 (it used
// to stop with an error): the loops using it stay as written, while the
// double and _Bool arrays of the same file are stored sparse (a _Bool
// store converts to 0 or 1 as in C). The loop pragma case is
// elem_type_unsupported.c.
// EXPECT-SPARSIFIED: 3
// EXPECT-WARNING: 'M' keeps its dense storage: element type 'long double' is not supported
// EXPECT-REPORT: storage of 'M' not replaced: element type 'long double' is not supported
// EXPECT-REPORT: 'A' stored as a sparse tensor (CSR)
// EXPECT-REPORT: 'B' stored as a sparse tensor (CSR)
// EXPECT-NOT-REPORT: element type '_Bool'
// EXPECT-ABSENT: y[i] += A[i][j] * x[j]
// EXPECT-ABSENT: nb += B[i][j] + B[i][j];
#include <stdio.h>

#define N 7

#pragma sparse encoding(P : CSR)
static int count(_Bool P[N][N]) {
  int c = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      c += P[i][j] * (i + 1);
  return c;
}

int main(void) {
#pragma sparse encoding(A : CSR)
  double A[N][N];
#pragma sparse encoding(B : CSR)
  _Bool B[N][N];
#pragma sparse encoding(M : CSR)
  long double M[N][N];
  double x[N], y[N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      double e = (i + 2 * j) % 3 == 0 ? i - 0.5 * j : 0.0;
      A[i][j] = e;
      B[i][j] = (i * j) % 4 == 1; /* a store converts to 0 or 1 */
      M[i][j] = (long double)e / 3.0L;
    }
  for (int j = 0; j < N; j++) {
    x[j] = j + 1;
    y[j] = 0.0;
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      y[i] += A[i][j] * x[j];
  int nb = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      nb += B[i][j] + B[i][j]; /* promoted to int */
  long double sm = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      sm += M[i][j] * x[j];
  printf("count %d nb %d sm %.15Lg\n", count(B), nb, sm);
  for (int i = 0; i < N; i++) printf("y %d %g\n", i, y[i]);
  return 0;
}
