#include <stdio.h>
#define N 5
struct S {
#pragma sparse encoding(m : CSR)
  double m[N][N];
  int k;
};
double A[N][N], x[N], y[N];
int main(void) {
  struct S s = {{{0}}, 1};
  for (int i = 0; i < N; i++) { A[i][(3 * i) % N] = i + 1; x[i] = i; s.m[i][i] = 1; }
  if (s.k)
#pragma sparse encoding(A : CSR)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        y[i] += A[i][j] * x[j];
  else
    y[0] = 1;
  switch (s.k) {
#pragma sparse encoding(A : DCSR)
  case 1:
    for (int i = 0; i < N; i++) y[i] += A[i][i];
    break;
  }
  for (int i = 0; i < N; i++) printf("%g %g\n", y[i], s.m[i][i]);
  return 0;
#pragma sparse encoding(A : CSR)
}
#pragma sparse encoding(x : SparseVector)
