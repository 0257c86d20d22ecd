// Legacy C that GCC compiles with a warning: helper functions called
// before any declaration (implicit int-returning declarations), defined
// further down. Clang 16 and later make that an error by default, which
// kept libclang from parsing the file, so no pragma was ever applied;
// sparsecc now parses such files as GCC accepts them.
// EXPECT-SPARSIFIED: 1
// EXPECT-ABSENT: y[i] += A[i][j] * x[j];
// OUT-CFLAGS: -Wno-implicit-function-declaration
#ifndef __clang__
/* GCC: the warning off, for builds with -Werror (clang keeps its error,
 * which sparsecc's libclang parse must get past) */
#pragma GCC diagnostic ignored "-Wimplicit-function-declaration"
#endif
#include <stdio.h>
#define N 8
static double A[N][N], x[N], y[N];
int main(void) {
  int i, j;
  init(A, x);
#pragma sparse encoding(A : CSR)
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      y[i] += A[i][j] * x[j];
  report(y);
  return 0;
}
int init(double (*a)[N], double *v) {
  int i;
  for (i = 0; i < N; i++) {
    a[i][(i * 5) % N] = i + 1;
    v[i] = 0.5 * i;
  }
  return 0;
}
int report(double *v) {
  int i;
  double s = 0;
  for (i = 0; i < N; i++) s += v[i];
  printf("%g\n", s);
  return 0;
}
