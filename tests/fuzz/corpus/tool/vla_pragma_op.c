#include <stdio.h>
static void run(int n, int m, double A[n][m], double *x, double *y) {
  _Pragma("sparse encoding(A : CSR)")
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      y[i] += A[i][j] * x[j];
}
int main(void) {
  int n = 5, m = 7;
  double A[n][m], x[m], y[n];
  for (int i = 0; i < n; i++) { y[i] = 0; for (int j = 0; j < m; j++) A[i][j] = (i + j) % 3 == 0 ? i - j : 0; }
  for (int j = 0; j < m; j++) x[j] = j * 0.25;
  run(n, m, A, x, y);
  for (int i = 0; i < n; i++) printf("%g\n", y[i]);
  return 0;
}
