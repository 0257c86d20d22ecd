// EXPECT-SPARSIFIED: 2
// EXPECT-WARNING: 'K' keeps its dense storage: it is passed to 'matvec' at
// EXPECT-WARNING: whose parameter 'A' is a dense array (put '#pragma sparse encoding(A : CSR)' before the definition of 'matvec' at
// EXPECT-WARNING: each loop nest using it assembles it at entry
// EXPECT-ABSENT: if (K[i][j] != 0.0) nnz++;
// EXPECT-ABSENT: for (int j = 0; j < N; j++) rs += fabs(K[i][j]);
// A user's first step: one pragma on the declaration of an operator that
// the program also passes to a dense function of the same file. The array
// keeps its dense storage (warning: where it is passed, and the pragma that
// would pass the sparse tensor) instead of failing; the nests naming it
// are kernels that assemble it at entry, and the dense function is
// untouched.
#include <math.h>
#include <stdio.h>
#include <string.h>
#define N 24

#pragma sparse encoding(K : CSR)
static double K[N][N];
static double x[N], y[N];

static void matvec(int n, double A[N][N], const double *v, double *w) {
  for (int i = 0; i < n; i++) {
    double s = 0.0;
    for (int j = 0; j < n; j++) s += A[i][j] * v[j];
    w[i] = s;
  }
}

int main(void) {
  memset(K, 0, sizeof K);
  for (int i = 0; i < N; i++) {
    K[i][i] = 4.0 + i % 3;
    if (i > 0) K[i][i - 1] = -1.0;
    if (i % 5 == 2) K[i][(i * 7) % N] += 0.5;
    x[i] = 1.0 / (1 + i);
  }
  int nnz = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (K[i][j] != 0.0) nnz++;
  double norm = 0.0;
  for (int i = 0; i < N; i++) {
    double rs = 0.0;
    for (int j = 0; j < N; j++) rs += fabs(K[i][j]);
    if (rs > norm) norm = rs;
  }
  matvec(N, K, x, y);
  printf("nnz %d norm %.17g\n", nnz, norm);
  for (int i = 0; i < N; i += 3) printf("%d %.17g\n", i, y[i]);
  return 0;
}
