// EXPECT-SPARSIFIED: 3
// EXPECT-STDERR-EMPTY
// EXPECT-ABSENT: s += A[i][j] * x[j];
// EXPECT-ABSENT: for (j = 0; j < N; j++) t += A[i][j] * A[i][j];
// EXPECT-ABSENT: u += B[i][j] * x[i];
// EXPECT-REPORT: kernel sparsified: forall(i) { s = 0.0; forall(j) s += A(i,j) * x(j); y(i) = s }
// EXPECT-NOT-REPORT: 'register' declaration in the loop nest
// K&R-style locals in a kernel: `register` loop counters declared at the
// top of the function and `register` / `auto` accumulators declared at
// the top of the loop body, assigned on the next line. Such a local is a
// plain one: the nests are kernels.
#include <stdio.h>

#define N 200

#pragma sparse encoding(A : CSR)
static double A[N][N];
static double B[N][N];
static double x[N], y[N];
static unsigned seed = 1;

static int irand(int k) {
  seed = seed * 1103515245u + 12345u;
  return (int)((seed >> 16) % (unsigned)k);
}

int main(void) {
  register int i, j;
  int k;
  double tot = 0, nrm = 0;
  for (i = 0; i < N; i++) {
    for (k = 0; k < 5; k++) {
      int c = irand(N);
      A[i][c] = (irand(1000) - 500) / 100.0;
    }
    k = irand(N);
    B[i][k] = irand(10) + 1;
    x[i] = irand(100) / 10.0;
  }
  for (i = 0; i < N; i++) {
    register double s;
    s = 0.0;
    for (j = 0; j < N; j++) s += A[i][j] * x[j];
    y[i] = s;
  }
  for (i = 0; i < N; i++) {
    auto double t = 0;
    for (j = 0; j < N; j++) t += A[i][j] * A[i][j];
    nrm += t;
  }
#pragma sparse encoding(B : DCSR)
  for (i = 0; i < N; i++) {
    register double u = 0;
    for (j = 0; j < N; j++) u += B[i][j] * x[i];
    tot += u * (i % 3);
  }
  for (i = 0; i < N; i += 25) printf("y[%d] = %.9f\n", i, y[i]);
  printf("%.9f %.9f\n", nrm, tot);
  return 0;
}
