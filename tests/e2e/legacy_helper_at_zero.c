// EXPECT-SPARSIFIED: 3
// EXPECT-REPORT: s += soft(A(i,j))
// EXPECT-REPORT: call: soft(+0.0) is a zero (its body evaluated when compiling), so soft of an absent entry is zero
// EXPECT-REPORT: call: sqf(+0.0) is a zero (its body evaluated when compiling), so sqf of an absent entry is zero
// EXPECT-REPORT: call: damp(+0.0) is a zero (its body evaluated when compiling), so damp of an absent entry is zero
// EXPECT-NOT-REPORT: call: shift(+0.0)
// EXPECT-NOT-REPORT: call: huge(+0.0)
// EXPECT-REPORT: 'shift' of an absent entry is not zero
// EXPECT-REPORT: 'huge' of an absent entry is not zero
// EXPECT-ABSENT: for (int j = 0; j < N; j++) s += soft(A[i][j]);
// EXPECT-ABSENT: for (int j = 0; j < N; j++) t += sqf(B[i][j]) * x[j];
// A helper of the file whose body is one return of an expression of its
// parameter is evaluated at +0.0 when compiling: where the value is a
// zero (soft, sqf in float arithmetic, damp with cos(v) - 1) the walk skips
// absent entries as for fabs; where it is not (shift, and huge, whose
// float product overflows to inf and makes inf * 0 a NaN) every position
// is visited and the nest stays as written.
#include <math.h>
#include <stdio.h>
#define N 24

static double soft(double v) { return v * fabs(v) + 2.0 * sin(v) / 3; }
static float sqf(float v) { return v * v * 0.5f; }
static double damp(double v) { return (cos(v) - 1.0) + pow(v, 2) * (double)1; }
static double shift(double v) { return v + 1; }
static float huge(float v) { return 1e30f * 1e30f * v; }

static double A[N][N];
static float B[N][N], x[N];

int main(void) {
  for (int i = 0; i < N; i++) {
    A[i][(i * 5) % N] = i - 7.25;
    A[i][(i * 7 + 3) % N] += 0.5 * i + 1;
    B[i][(i * 3 + 1) % N] = 0.25f * (float)i - 2.0f;
    x[i] = 0.125f * (float)i;
  }
  double y[N], w[N], u[N], z[N];
  float r[N];
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++) {
    double s = 0;
    for (int j = 0; j < N; j++) s += soft(A[i][j]);
    y[i] = s;
  }
#pragma sparse encoding(B : CSR)
  for (int i = 0; i < N; i++) {
    float t = 0;
    for (int j = 0; j < N; j++) t += sqf(B[i][j]) * x[j];
    r[i] = t;
  }
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++) {
    double s = 0;
    for (int j = 0; j < N; j++) s += damp(A[i][j]);
    w[i] = s;
  }
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++) {
    double s = 0;
    for (int j = 0; j < N; j++) s += shift(A[i][j]);
    u[i] = s;
  }
#pragma sparse encoding(B : CSR)
  for (int i = 0; i < N; i++) {
    double s = 0;
    for (int j = 0; j < N; j++) s += huge(B[i][j]);
    z[i] = s;
  }
  for (int i = 0; i < N; i++)
    printf("%d %.17g %.9g %.17g %.17g %d\n", i, y[i], r[i], w[i], u[i], isnan(z[i]) != 0);
  return 0;
}
