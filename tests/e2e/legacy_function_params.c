// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: fill(N, S, 2)
// EXPECT-ABSENT: for (int j = 0; j < N; j++) s += A[i][j] * B[i][j];
// EXPECT-ABSENT: static double S[N][N];
// EXPECT-ABSENT: y[i] += A[i][j] * x[j];
// SPEC §4 case 2: pragmas on function definitions bind array parameters,
// which become sparse tensor handles. A sparse array passed in is passed
// through; a dense one is assembled at the call and, when the function
// writes it, scattered back; a call mixing both goes through a wrapper.
// The functions keep their dense prototypes for other callers (here a
// function pointer).
#include <stdio.h>
#define N 30

void fill(int n, double A[][N], int seed);
double spmv_sum(int n, const double A[][N], const double *x, double *y);

#pragma sparse encoding(A[n][N] : CSR)
void fill(int n, double A[][N], int seed) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = ((i * 3 + j * seed) % 7 == 0) ? 1.0 + (i + j) % 4 : 0.0;
  A[0][N - 1] += seed;
}

#pragma sparse encoding(A[n][N] : CSR)
double spmv_sum(int n, const double A[][N], const double *x, double *y) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    y[i] = 0;
    for (int j = 0; j < N; j++) y[i] += A[i][j] * x[j];
  }
  for (int i = 0; i < n; i++) s += y[i] * (i + 1);
  return s + A[1][2];
}

#pragma sparse encoding(A : CSR, B : CSR)
static double frob_dot(const double A[N][N], double B[N][N], int scale) {
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) s += A[i][j] * B[i][j];
  B[2][2] = scale; /* written: scattered back when dense */
  return s * scale;
}

int main(void) {
#pragma sparse encoding(S : CSR)
  static double S[N][N];
  static double D[N][N];
  double x[N], y[N];
  for (int j = 0; j < N; j++) x[j] = j % 5 - 1;
  fill(N, S, 2);                   /* passed through */
  fill(N, D, 3);                   /* assembled, scattered back */
  D[4][4] = -2;
  printf("%g\n", spmv_sum(N, S, x, y));
  printf("%g %g\n", y[0], y[N - 1]);
  printf("%g\n", spmv_sum(N, D, x, y));
  printf("%g %g %g\n", y[3], D[0][N - 1], S[0][N - 1]);
  printf("%g\n", frob_dot(S, D, 2)); /* mixed: D assembled */
  printf("%g\n", frob_dot(D, S, 3)); /* mixed the other way */
  printf("%g %g\n", D[2][2], S[2][2]);
  void (*fp)(int, double (*)[N], int) = fill;
  fp(N, D, 5);
  printf("%g\n", spmv_sum(N, D, x, y));
  return 0;
}
