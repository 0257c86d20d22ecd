#include <stdio.h>
#define N 6
#define ENC CSR
#define LOOP(v, n) for (int v = 0; v < (n); v++)
#define AT(a, i, j) a[i][j]
double A[N][N], x[N], y[N];
int main(void) {
  LOOP(i, N) { AT(A, i, (i + 1) % N) = 1.0 + i; x[i] = i; }
#pragma sparse encoding(A : ENC)
  LOOP(i, N)
    LOOP(j, N)
      y[i] += AT(A, i, j) * x[j];
  LOOP(i, N) printf("%g\n", y[i]);
  return 0;
}
