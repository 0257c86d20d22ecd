#include <stdio.h>
#define N 8
#define TYPE(x) _Generic((x), double: "double", int: "int", default: "other")
int main(void) {
  double A[N][N] = {[0][1] = 2.0, [3] = {[3] = 4.0, [7] = 1.5}, [7][0] = -1.0};
  double x[N], y[N] = {0};
  for (int i = 0; i < N; i++) x[i] = (double[]){1, 2, 3, 4, 5, 6, 7, 8}[i];
  int k = ({ int t = 3; t * 2; });
  int twice(int v) { return 2 * v; }
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      y[i] += A[i][j] * x[j];
  for (int i = 0; i < N; i++) printf("%s %g %d\n", TYPE(y[i]), y[i], twice(k));
  return 0;
}
