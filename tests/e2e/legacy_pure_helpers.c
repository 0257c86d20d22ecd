// EXPECT-SPARSIFIED: 4
// EXPECT-REPORT: s += A(i,j) * sq(x(j))
// EXPECT-REPORT: s += soft(A(i,j), 2.0) * x(j)
// EXPECT-REPORT: s += cube(A(i,j))
// EXPECT-REPORT: s += A(i,j) * clamp01(x(j) * SCALE)
// EXPECT-WARNING: call to function 'impure', which may have side effects
// EXPECT-WARNING: call to function 'scaled', which may have side effects
// EXPECT-WARNING: call to function 'fact', which may have side effects
// Small helper functions of the file called in kernels: those that compute
// their value from their arguments alone (plain parameters and locals, no
// global named, only such calls) are kernel expressions like sqrt; one
// that counts its calls, one that reads a global and a recursive one keep
// their nests dense.
#include <math.h>
#include <stdio.h>
#define N 40
#define EPS 1e-3
#define SCALE 0.5f

static inline double sq(double v) { return v * v; }
static double soft(double v, double t) {
  double r = fabs(v) - t;
  if (r < 0) r = 0;
  return v < 0 ? -r : r;
}
static double cube(double v) { return sq(v) * v + EPS * 0; }
static double clamp01(double v) {
  for (int k = 0; k < 2; k++)
    if (v > 1) v -= 1;
  return v < 0 ? 0 : v;
}
static int counter;
static double impure(double v) { counter++; return v; }
static double gain = 2;
static double scaled(double v) { return gain * v; }
static double fact(double v) { return v <= 1 ? 1 : v * fact(v - 1); }

#pragma sparse encoding(A : CSR)
static double A[N][N];
static double x[N], y[N], z[N], w[N], u[N];

int main(void) {
  for (int i = 0; i < N; i++) {
    A[i][(i * 7) % N] = i - 20.5;
    A[i][(i * 3 + 1) % N] += 0.5 * i;
    x[i] = 0.1 * i - 1;
  }
  for (int i = 0; i < N; i++) {
    double s = 0;
    for (int j = 0; j < N; j++) s += A[i][j] * sq(x[j]);
    y[i] = s;
  }
  for (int i = 0; i < N; i++) {
    double s = 0;
    for (int j = 0; j < N; j++) s += soft(A[i][j], 2.0) * x[j];
    z[i] = s;
  }
  for (int i = 0; i < N; i++) {
    double s = 0;
    for (int j = 0; j < N; j++) s += cube(A[i][j]);
    w[i] = s;
  }
  for (int i = 0; i < N; i++) {
    double s = 0;
    for (int j = 0; j < N; j++) s += A[i][j] * clamp01(x[j] * SCALE);
    u[i] = s;
  }
  double t = 0, g = 0, f = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) t += impure(A[i][j]);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) g += scaled(A[i][j]);
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < N; j++) f += A[i][j] != 0 ? fact(j % 6) : 0;
  double c = 0;
  for (int i = 0; i < N; i++) c += y[i] + 2 * z[i] + 3 * w[i] + 4 * u[i];
  printf("%.6f %.6f %.6f %.1f %d\n", c, t, g, f, counter);
  return 0;
}
