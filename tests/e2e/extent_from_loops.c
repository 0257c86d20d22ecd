// EXPECT-SPARSIFIED: 3
// EXPECT-ABSENT: y[i] += A[i][j] * x[j];
// EXPECT-ABSENT: acc += M[i][j] * v[j];
// EXPECT-ABSENT: s += u[k] * w[k + 1] * u[3];
// EXPECT-REPORT: A: extent of dimension 0 read off the loops: (n > 0 ? n : 0)
// EXPECT-REPORT: A: extent of dimension 1 read off the loops: (m > 0 ? m : 0)
// EXPECT-REPORT: M: extent of dimension 0 read off the loops: (rows > 0 ? rows : 0)
// EXPECT-REPORT: u: extent of dimension 0 read off the loops: (len > 4 ? len : 4)
// EXPECT-WARNING: cannot determine the extent of dimension 1 of 'T' (type 'double **') from the loops: the bound of loop 'j' depends on loop 'i'
// SPEC §4 case 3 on parameters whose type gives no extent (`double **A`,
// `float M[][N]`, `double *u`): the extents are read off the loops of the
// nest (the largest index reached plus one), so only what the dense nest
// reads is assembled. A triangular bound on a `double **` cannot bound its
// columns safely (rows may be jagged): that nest stays dense with a
// warning (a shape in the pragma would be taken as the truth).
#include <stdio.h>
#include <stdlib.h>
#define N 24

static void spmv(int n, int m, double **A, const double *x, double *y) {
  int i, j;
#pragma sparse encoding(A : CSR)
  for (i = 0; i < n; i++) {
    y[i] = 0.0;
    for (j = 0; j < m; j++)
      y[i] += A[i][j] * x[j];
  }
}

static void rowdot(int rows, float M[][N], const float *v, float *out) {
  #pragma sparse encoding(M : DCSR)
  for (int i = 0; i < rows; i++) {
    float acc = 0.0f;
    for (int j = 0; j < N; j++)
      acc += M[i][j] * v[j];
    out[i] = acc;
  }
}

/* u[3] is read by a constant subscript (a lookup), u[0..len) by k */
static double shifted_dot(int len, const double *u, const double *w) {
  double s = u[0] * 0.5;
  #pragma sparse encoding(u : SparseVector)
  for (int k = 0; k < len; k++) {
    s += u[k] * w[k + 1] * u[3];
  }
  return s;
}

static void lower_solve_no_shape(int n, double **T, double *x) {
  #pragma sparse encoding(T : CSR)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++)
      x[i] -= T[i][j] * x[j];
}

int main(void) {
  int n = 17, m = 29;
  double **A = malloc(n * sizeof *A);
  double x[64], y[64];
  for (int i = 0; i < n; i++) {
    A[i] = calloc(m, sizeof **A);
    for (int j = 0; j < m; j++)
      if ((i * 5 + j * 3) % 7 == 0) A[i][j] = 1.0 + 0.25 * (i - j);
  }
  for (int j = 0; j < 64; j++) x[j] = 1.0 / (j + 1.0);
  spmv(n, m, A, x, y);
  for (int i = 0; i < n; i++) printf("y[%d] = %.17g\n", i, y[i]);
  spmv(0, m, A, x, y); /* an empty loop assembles nothing */

  static float M[9][N];
  float v[N], out[9];
  for (int i = 0; i < 9; i++)
    for (int j = 0; j < N; j++)
      M[i][j] = (i == 4 || (i + j) % 6 == 0) ? 0.0f : 0.0f;
  M[2][3] = 1.5f; M[2][20] = -2.0f; M[7][0] = 3.25f;
  for (int j = 0; j < N; j++) v[j] = (float)j - 7.5f;
  rowdot(8, M, v, out); /* row 8 is never read */
  for (int i = 0; i < 8; i++) printf("out[%d] = %.9g\n", i, out[i]);

  double u[12] = {0, 2, 0, 1.5, 0, -1, 0, 0, 4, 0, 0, 7}, w[12];
  for (int k = 0; k < 12; k++) w[k] = k * 0.5 - 1.0;
  printf("dot = %.17g\n", shifted_dot(11, u, w));
  printf("dot = %.17g\n", shifted_dot(2, u, w));

  double **L = malloc(n * sizeof *L);
  for (int i = 0; i < n; i++) {
    L[i] = malloc((i + 1) * sizeof **L);
    for (int j = 0; j <= i; j++) L[i][j] = (j == i) ? 2.0 + i : ((i + j) % 4 == 0 ? 0.5 : 0.0);
  }
  double b[64];
  for (int i = 0; i < n; i++) b[i] = 1.0 + i;
  lower_solve_no_shape(n, L, b);
  for (int i = 0; i < n; i += 4) printf("b[%d] = %.17g\n", i, b[i]);
  for (int i = 0; i < n; i++) { free(A[i]); free(L[i]); }
  free(A); free(L);
  return 0;
}
