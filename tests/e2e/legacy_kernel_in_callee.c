// EXPECT-SPARSIFIED: 1
// EXPECT-WARNING: loop not sparsified: the while loop holds no loop nest using 'A' (it is passed to 'matvec': a pragma on the definition of 'matvec' makes its loops kernels)
// EXPECT-ABSENT: for (int j = 0; j < N; j++) out[i] += v[j] * M[i][j];
// EXPECT-REPORT: function 'matvec2' takes sparse tensors
// A pragma on an iteration loop whose kernel is in a function it calls:
// the loop cannot sparsify a nest it does not hold, and the warning says
// where the pragma belongs; with the pragma on the function's definition
// (matvec2), its loop is the kernel and every call passes the array.
#include <stdio.h>
#define N 24

static double A[N][N];

static void matvec(const double (*M)[N], const double *v, double *out) {
  for (int i = 0; i < N; i++) {
    out[i] = 0;
    for (int j = 0; j < N; j++) out[i] += M[i][j] * v[j];
  }
}

#pragma sparse encoding(M : CSR)
static void matvec2(const double M[N][N], const double *v, double *out) {
  for (int i = 0; i < N; i++) {
    out[i] = 0;
    for (int j = 0; j < N; j++) out[i] += v[j] * M[i][j];
  }
}

int main(void) {
  double x[N], y[N];
  for (int i = 0; i < N; i++) {
    A[i][i] = 2;
    A[i][(i + 5) % N] = -0.5;
    x[i] = 1;
  }
  int it = 0;
#pragma sparse encoding(A : CSR)
  while (it < 5) {
    matvec(A, x, y);
    for (int i = 0; i < N; i++) x[i] = y[i] / 2;
    it++;
  }
  for (int k = 0; k < 5; k++) {
    matvec2(A, x, y);
    for (int i = 0; i < N; i++) x[i] = y[i] / 2;
  }
  for (int i = 0; i < N; i++) printf("%.12g\n", x[i]);
  return 0;
}
