// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: s += M[i][j] * in[j];
// EXPECT-ABSENT: s += B[j][i] * y[j];
// EXPECT-REPORT: 'A' stored as a sparse tensor (CSR)
// EXPECT-REPORT: 'B' stored as a sparse tensor (DCSR)
// EXPECT-REPORT: function 'apply' takes sparse tensors: new prototype static void sc__apply_s(sc_tensor *M, const double *in, double *out)
// EXPECT-REPORT: kernel not sparsified: sparse array 'A' passed to function 'apply'; it uses the arrays stored sparse only whole
// EXPECT-NOT-REPORT: makes its loops kernels
// EXPECT-STDERR-EMPTY
// The incremental story of SPEC §4, last step: a program annotated one
// array at a time (A, then B, each step warned that the array stays dense
// because it is passed to 'apply'), then the function 'apply' itself. Now
// both arrays are stored sparse and passed to sc__apply_s as tensors, and
// the iteration loop that passes A only whole, beside B's transposed
// kernel, is no kernel without anything to warn about. It was warned
// "loop not sparsified: sparse array 'A' passed to function 'apply' (a
// pragma on the definition of 'apply' makes its loops kernels)": B's
// element reads in that loop (its own kernel) counted against A's nest,
// and the hint named the pragma that was already there.
#include <stdio.h>
#include <math.h>
#define N 60
#pragma sparse encoding(A : CSR)
static double A[N][N];
#pragma sparse encoding(B : DCSR)
static double B[N][N];
static double x[N], y[N], z[N];
static void assemble(void) {
  for (int e = 0; e < N - 1; e++) {
    A[e][e] += 2.0; A[e + 1][e + 1] += 2.0;
    A[e][e + 1] -= 1.0; A[e + 1][e] -= 1.0;
  }
  for (int i = 0; i < N; i += 3) B[i][(i * 7) % N] = 0.5 + i % 4;
}
#pragma sparse encoding(M : CSR)
static void apply(double M[N][N], const double *in, double *out) {
  for (int i = 0; i < N; i++) {
    double s = 0;
    for (int j = 0; j < N; j++) s += M[i][j] * in[j];
    out[i] = s;
  }
}
static double dot(const double *a, const double *b) { double s = 0; for (int i = 0; i < N; i++) s += a[i] * b[i]; return s; }
int main(void) {
  assemble();
  for (int i = 0; i < N; i++) x[i] = sin(0.1 * i);
  for (int it = 0; it < 8; it++) {
    apply(A, x, y);
    apply(B, y, z);
    for (int i = 0; i < N; i++) {
      double s = 0;
      for (int j = 0; j < N; j++) s += B[j][i] * y[j];
      z[i] += s;
    }
    double nz = sqrt(dot(z, z));
    for (int i = 0; i < N; i++) x[i] = z[i] / nz;
    printf("%d %.17g\n", it, nz);
  }
  printf("%.17g %.17g\n", A[5][6], B[3][21]);
  return 0;
}
