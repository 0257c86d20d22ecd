#include <stdio.h>
#define N 6
double A[N][N], x[N], y[N];
static void spmv(n, a, xx, yy)
int n;
double a[N][N], *xx, *yy;
{
  int i, j;
#pragma sparse encoding(a : CSR)
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      yy[i] += a[i][j] * xx[j];
}
int main() {
  int i;
  for (i = 0; i < N; i++) { A[i][(i * 5) % N] = i + 1; x[i] = 0.5 * i; }
  spmv(N, A, x, y);
  for (i = 0; i < N; i++) printf("%g\n", y[i]);
  return 0;
}
