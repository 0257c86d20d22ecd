// EXPECT-SPARSIFIED: 1
// EXPECT-ABSENT: for (i = 0; i < N; i++) r[i] -= M[i][j] * x[j];
// EXPECT-REPORT: kernel sparsified: forall(it) { forall(i) r(i) = b(i); forall(j) forall(i) r(i) -= M(i,j) * x(j); forall(i) x(i) += r(i) / 3.0 }
// EXPECT-STDERR-EMPTY
/* Loop pragmas on an iteration loop: the matrix stays dense outside, is
   assembled once in CSC for a column-oriented solver loop. */
#include <math.h>
#include <stdio.h>
#define N 30

double M[N][N];

int main(void) {
  double x[N], r[N], b[N], nr = 0;
  int i, j, it;
  for (i = 0; i < N; i++) {
    for (j = 0; j < N; j++) M[i][j] = 0;
    M[i][i] = 3.0;
    M[i][(i + 3) % N] = -1.0;
    M[(i + 5) % N][i] = 0.5;
    b[i] = 1.0;
    x[i] = 0;
  }
#pragma sparse encoding(M : CSC)
  for (it = 0; it < 30; it++) {
    for (i = 0; i < N; i++) r[i] = b[i];
    for (j = 0; j < N; j++)
      for (i = 0; i < N; i++) r[i] -= M[i][j] * x[j];
    for (i = 0; i < N; i++) x[i] += r[i] / 3.0;
  }
  for (i = 0; i < N; i++) nr += r[i] * r[i];
  printf("%.10e\n", sqrt(nr));
  for (i = 0; i < N; i += 5) printf("%.8f\n", x[i]);
  return 0;
}
