// Two-argument <math.h> calls of a sparse operand and a numeric literal
// whose value at an absent entry is +0.0: pow(A, 2), powf(A, 3.0f),
// atan2(A, 1.0), fmod(A, 2.5), ldexp(A, 3). A norm written with pow and
// the other sums walk the stored entries only. Where the literal makes the
// value at zero something else (pow(0, 0) = 1, pow(0, -1) = Inf,
// atan2(0, -1) = pi) the nest stays as written, with the warning naming
// the call; in the last nest copysign(0, -1) = -0.0 and fmod(0, 0) = NaN
// are values at absent entries too (a fill loop for `z[j] =`, a guard
// evaluated at entry), as they were before.
// EXPECT-SPARSIFIED: 4
// EXPECT-ABSENT: fro += pow(A[i][j], 2) + powf((float)A[i][j], 3.0f);
// EXPECT-ABSENT: at += atan2(A[i][j], 1.0) - fmod(A[i][j], 2.5);
// EXPECT-ABSENT: y[i] += ldexp(A[i][j], 3) * x[j];
// EXPECT-WARNING: 'pow' of an absent entry is not zero
// EXPECT-WARNING: 'atan2' of an absent entry is not zero
#include <math.h>
#include <stdio.h>

#define N 30

double A[N][N], x[N], y[N], z[N];

int main(void) {
  for (int i = 0; i < N; i++) {
    x[i] = 0.5 * i - 4.0;
    for (int j = 0; j < N; j++)
      A[i][j] = (i * 5 + j * 3) % 7 == 0 ? 0.75 * (i - j) - 0.5 : 0.0;
  }
  double fro = 0, at = 0, p0 = 0, pm = 0, an = 0, cs = 0;
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      fro += pow(A[i][j], 2) + powf((float)A[i][j], 3.0f);
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      at += atan2(A[i][j], 1.0) - fmod(A[i][j], 2.5);
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      y[i] += ldexp(A[i][j], 3) * x[j];
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      p0 += pow(A[i][j], 0.0) + pow(A[i][j] + 1.0, -1);
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      an += atan2(A[i][j], -1.0);
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      z[j] = copysign(A[i][j], -1.0);
      pm += fmod(A[i][j], 0.0) == fmod(A[i][j], 0.0);
    }
  for (int j = 0; j < N; j++)
    cs += signbit(z[j]) ? 1 : 0;
  printf("%.17g %.17g %.17g %.17g %.17g %.17g\n", sqrt(fabs(fro)), at, p0, pm, an, cs);
  for (int i = 0; i < N; i++)
    printf("%.17g\n", y[i]);
  return 0;
}
