// EXPECT-SPARSIFIED: 3
// EXPECT-ABSENT: t = t + A[i][j] * x[j];
// EXPECT-ABSENT: C[i][k] += A[i][j] * B[j][k];
// EXPECT-ABSENT: r += A[i][j];
// EXPECT-WARNING: loop not sparsified: local declaration 'j' without an initializer
// C89 style: the inner loops' variables are declared, without a value, at
// the top of the outer loop's body (`int j;` then `for (j = 0; ...)`). When
// a variable is only ever the variable of later loops of that body, those
// loops declare it in the rewritten code. A variable read after its loop
// (its final value matters) keeps the nest dense, with a warning.
#include <stdio.h>
#define N 48
#define P 5
static double A[N][N], B[N][P], C[N][P], x[N], y[N], z[N];

int main(void) {
  int i;
  for (i = 0; i < N; i++) {
    x[i] = 0.25 * (i % 9) - 1.0;
    A[i][(i * 7 + 3) % N] = 1.0 + i;
    A[i][i] = 2.0;
    for (int k = 0; k < P; k++) B[i][k] = (i + 2 * k) % 3 - 1.0;
  }
#pragma sparse encoding(A : CSR)
  for (i = 0; i < N; i++) {
    int j;
    double t;
    t = 0.0;
    for (j = 0; j < N; j++)
      t = t + A[i][j] * x[j];
    y[i] = t;
  }
#pragma sparse encoding(A : CSR)
  for (i = 0; i < N; i++) {
    int j, k;
    for (k = 0; k < P; k++)
      C[i][k] = 0.0;
    for (j = 0; j < N; j++)
      for (k = 0; k < P; k++)
        C[i][k] += A[i][j] * B[j][k];
  }
#pragma sparse encoding(A : DCSR)
  for (i = 0; i < N; i++) {
    int j;
    double r = 0.0;
    for (j = 0; j < N; j++)
      r += A[i][j];
    z[i] = r;
  }
#pragma sparse encoding(A : CSR)
  for (i = 0; i < N; i++) {
    int j;
    for (j = 0; j < N; j++)
      if (A[i][j] != 0.0) break;
    z[i] += j; /* the first stored column: the final value of j */
  }
  double s = 0;
  for (i = 0; i < N; i++) s += y[i] * (i + 1) + z[i] + C[i][i % P] * 0.5;
  printf("%.17g\n", s);
  for (i = 0; i < N; i += 7) printf("%d %.17g %.17g %.17g\n", i, y[i], z[i], C[i][2]);
  return 0;
}
