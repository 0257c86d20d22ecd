// EXPECT-SPARSIFIED: 2
// EXPECT-WARNING: 'A' keeps its dense storage: it is passed to 'norm1' at
// EXPECT-WARNING: whose parameter 'M' is a dense array (put '#pragma sparse encoding(M[N][N] : CSR)' before the definition of 'norm1' at
// EXPECT-ABSENT: out[i] += M[i][j] * v[j];
// A parameter declared `double M[][N]` does not tell its row count, so the
// pragma the warning proposes for it carries the shape of the array passed
// (`M[N][N]`): with a bare `M : CSR` the pragma would be an error. 'spmv'
// has that pragma (with the shape) and takes the sparse tensor; 'norm1'
// has none, so A stays dense, assembled by the kernels at entry.
#include <stdio.h>
#define N 48

#pragma sparse encoding(A : CSR)
static double A[N][N];
static double x[N], y[N];

#pragma sparse encoding(M[n][N] : CSR)
static void spmv(int n, double M[][N], const double *v, double *out) {
  for (int i = 0; i < n; i++) {
    out[i] = 0;
    for (int j = 0; j < n; j++)
      out[i] += M[i][j] * v[j];
  }
}

static double norm1(int n, double M[][N]) {
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      s += M[i][j] > 0 ? M[i][j] : -M[i][j];
  return s;
}

int main(void) {
  for (int i = 0; i < N; i++) {
    A[i][(i * 5) % N] = i + 1;
    A[i][(i * 11 + 3) % N] -= 0.5 * i;
    x[i] = 1.0 / (1 + i);
  }
  for (int r = 0; r < 3; r++) {
    spmv(N, A, x, y);
    for (int i = 0; i < N; i++) x[i] = y[i] / (1 + r);
  }
  double s = 0, t = 0;
  for (int i = 0; i < N; i++) s += x[i];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) t += A[i][j] * (j + 1);
  printf("%.15g %.15g %.15g\n", s, t, norm1(N, A));
  return 0;
}
