// EXPECT-SPARSIFIED: 1
// EXPECT-ABSENT: for (j = 0; j < N; j++) s += A[i][j] * (j + 1);
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) s += A(i,j) * (j + 1)
// OUT-CFLAGS: -Wno-implicit-function-declaration
// A loop bound through a function called before any declaration of it
// (implicit int in legacy C) and defined further down: sparsecc reads the
// call as its value, and names no function the output would find
// undeclared at that point (`(void)nrows;` there would be an error where
// the input only drew a warning).
#ifndef __clang__
#pragma GCC diagnostic ignored "-Wimplicit-function-declaration"
#endif
#include <stdio.h>
#define N 10
int main(void) {
#pragma sparse encoding(A : CSR)
  static double A[N][N];
  double s = 0;
  int i, j;
  for (i = 0; i < N; i++) A[i][(i * 3) % N] = i + 1;
  for (i = 0; i < nrows(); i++)
    for (j = 0; j < N; j++) s += A[i][j] * (j + 1);
  printf("%g\n", s);
  return 0;
}
int nrows() { return N - 2; }
