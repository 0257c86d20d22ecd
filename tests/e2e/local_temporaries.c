// Local temporaries holding a sparse value (`const double a = A[i][j];`
// and statements reading a) are names for their value: each read becomes the
// value itself (converted to the local's type: a float local rounds, an
// int local truncates), so the statements read the sparse operand and the
// nest is sparsified. A local whose inputs the body then writes stays a
// local, and that nest stays dense.
// EXPECT-SPARSIFIED: 6
// EXPECT-ABSENT: y[i] += a * x[j];
// EXPECT-ABSENT: if (a != 0) z[i] += a * xi;
// EXPECT-ABSENT: w[j] += sq - v;
// EXPECT-ABSENT: f[i] += t * t;
// EXPECT-ABSENT: cnt[i] += n;
// EXPECT-ABSENT: s += sqrt(m) * x[j];
// EXPECT-WARNING: no loop can skip absent entries
#include <math.h>
#include <stdio.h>

#define N 8
#define M 7

int main(void) {
  double A[N][M] = {{0}}, B[N][M] = {{0}}, x[M], y[N] = {0}, z[N] = {0}, w[M] = {0};
  double u[N] = {0}, q[N] = {0};
  float f[N] = {0};
  int cnt[N] = {0};
  for (int i = 0; i < N; i++) {
    A[i][(i * 4) % M] = i - 3.25;
    A[i][(i + 2) % M] = 1e-3 * i + 0.7;
  }
  for (int j = 0; j < M; j++) x[j] = j + 0.5;
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      const double a = A[i][j];
      y[i] += a * x[j];
    }
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++) {
    const double xi = 2.0 * i;
    for (int j = 0; j < M; j++) {
      double a = A[i][j];
      if (a != 0) z[i] += a * xi;
    }
  }
#pragma sparse encoding(A : DCSC)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      double v = A[i][j] * x[j];
      double sq = v * v;
      w[j] += sq - v;
    }
#pragma sparse encoding(A : COO)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      float t = A[i][j] / 3.0;
      f[i] += t * t;
    }
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      int n = A[i][j] * 2;
      cnt[i] += n;
    }
#pragma sparse encoding(A : DCSR)
  for (int i = 0; i < N; i++) {
    double s = 0;
    for (int j = 0; j < M; j++) {
      double m = fabs(A[i][j]);
      s += sqrt(m) * x[j];
    }
    u[i] = s;
  }
  /* b reads B, which the body writes next: b stays a local */
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      double b = B[i][j] + A[i][j];
      B[i][j] = 2 * A[i][j];
      q[i] += b;
    }
  for (int i = 0; i < N; i++)
    printf("%.15g %.15g %.9g %d %.15g %.15g\n", y[i], z[i], (double)f[i], cnt[i], u[i], q[i]);
  for (int j = 0; j < M; j++) printf("%.15g ", w[j]);
  printf("\n");
  return 0;
}
