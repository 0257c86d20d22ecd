#include <stdio.h>
#define N 5
double A[N][N], x[N], y[N];
int main(void) {
  for (int i = 0; i < N; i++) { A[i][N - 1 - i] = i + 1; x[i] = i; }
#pragma sparse \
  encoding(A : \
           DCSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      y[i] += A[i][j] * x[j];
  for (int i = 0; i < N; i++) printf("%g\n", y[i]);
  return 0;
}
