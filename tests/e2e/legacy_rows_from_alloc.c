// EXPECT-SPARSIFIED: 5
// EXPECT-STDERR-EMPTY
// EXPECT-ABSENT: y[i] += A[i][j] * x[j];
// EXPECT-ABSENT: s += B[i][j] * x[j];
// EXPECT-ABSENT: t += C[i][j];
// EXPECT-ABSENT: u += D[i][j] * D[i][j];
// EXPECT-ABSENT: w += E[i][j] * (i - j);
// Pointers to rows of a fixed width whose pragma gives no shape: the width
// comes from the type, the row count from the allocation (malloc of
// n * sizeof *A, calloc of sizeof(double[M]), a typedef'd row, an
// assignment after a C89 declaration, sizeof(double) * M * rows).
#include <stdio.h>
#include <stdlib.h>

#define M 30
#define W 12
typedef double row_t[W];

static double val(int i, int j) { return ((i * 7 + j) % 5 == 0) ? i + 0.5 * j : 0; }

int main(void) {
  int n = 25, i, j;
  size_t rows = 9;
  double x[M], y[25];
  double s = 0, t = 0, u = 0, w = 0;
  for (j = 0; j < M; j++) x[j] = j + 1;

#pragma sparse encoding(A : CSR)
  double (*A)[M] = malloc(n * sizeof *A);
  if (!A) return 1;
  for (i = 0; i < n; i++)
    for (j = 0; j < M; j++) A[i][j] = val(i, j);
  for (i = 0; i < n; i++) {
    y[i] = 0;
    for (j = 0; j < M; j++) y[i] += A[i][j] * x[j];
  }
  for (i = 0; i < n; i += 4) printf("%g\n", y[i]);
  free(A);

#pragma sparse encoding(B : DCSR)
  double (*B)[M] = calloc(n + 1, sizeof(double[M]));
  if (B == NULL) return 1;
  for (i = 0; i <= n; i++) B[i][(i * 3) % M] = i;
  for (i = 0; i < n + 1; i++)
    for (j = 0; j < M; j++) s += B[i][j] * x[j];
  printf("%.17g\n", s);
  free(B);

#pragma sparse encoding(C : CSR)
  row_t *C = (row_t *)malloc(rows * sizeof(row_t));
  if (!C) return 1;
  for (i = 0; i < (int)rows; i++)
    for (j = 0; j < W; j++) C[i][j] = val(i, j);
  for (i = 0; i < (int)rows; i++)
    for (j = 0; j < W; j++) t += C[i][j];
  printf("%g\n", t);
  free(C);

  {
#pragma sparse encoding(D : CSR)
    double (*D)[W];
    int nd = 7;
    D = malloc(sizeof(double) * W * 7);
    for (i = 0; i < nd; i++)
      for (j = 0; j < W; j++) D[i][j] = val(j, i);
    for (i = 0; i < nd; i++)
      for (j = 0; j < W; j++) u += D[i][j] * D[i][j];
    printf("%g\n", u);
    free(D);
  }

  /* the pragma's shape wins: ne rows used of the 8 allocated */
  int ne = 5;
#pragma sparse encoding(E[ne][W] : CSC)
  double (*E)[W] = malloc(8 * sizeof *E);
  for (i = 0; i < ne; i++)
    for (j = 0; j < W; j++) E[i][j] = val(i + 1, j);
  for (i = 0; i < ne; i++)
    for (j = 0; j < W; j++) w += E[i][j] * (i - j);
  printf("%g\n", w);
  free(E);
  return 0;
}
