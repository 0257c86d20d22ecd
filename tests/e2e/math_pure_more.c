// <math.h> functions without side effects beyond the first list: rint,
// nearbyint, erfc, tgamma, fma, ldexp, remainder, logb and the float and
// long double forms (rintf, fmaf), and the type-generic isnan/signbit, in
// kernels over a CSR matrix: each is sparsified (erfc(0) = 1 and
// tgamma(0) = Inf are not zero at an absent entry, so those loops visit
// every position with the absent value 0).
// EXPECT-SPARSIFIED: 5
// EXPECT-ABSENT: s1 += rint(A[i][j] * 3.0) + nearbyint(A[i][j]) + rintf((float)A[i][j]);
// EXPECT-ABSENT: s2 += fma(A[i][j], x[j], 0.5 * A[i][j]) + ldexp(A[i][j], 3);
// EXPECT-ABSENT: s3 += erfc(A[i][j]) - 1.0;
// EXPECT-ABSENT: s4 += remainder(A[i][j], 0.75) * fmaf((float)A[i][j], 2.0f, 1.0f);
// EXPECT-ABSENT: cnt += signbit(A[i][j]) + (isnan(A[i][j]) ? 100 : 0);
#include <math.h>
#include <stdio.h>

#define N 40

int main(void) {
#pragma sparse encoding(A : CSR)
  double A[N][N];
  double x[N];
  for (int i = 0; i < N; i++) {
    x[i] = 0.25 * (i % 7) - 0.5;
    for (int j = 0; j < N; j++)
      A[i][j] = (i * 7 + j * 3) % 11 == 0 ? 1.3 * (i - j) + 0.1 : 0.0;
  }
  double s1 = 0, s2 = 0, s3 = 0, s4 = 0;
  int cnt = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s1 += rint(A[i][j] * 3.0) + nearbyint(A[i][j]) + rintf((float)A[i][j]);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s2 += fma(A[i][j], x[j], 0.5 * A[i][j]) + ldexp(A[i][j], 3);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s3 += erfc(A[i][j]) - 1.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s4 += remainder(A[i][j], 0.75) * fmaf((float)A[i][j], 2.0f, 1.0f);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      cnt += signbit(A[i][j]) + (isnan(A[i][j]) ? 100 : 0);
  printf("%.17g %.17g %.17g %.17g %d\n", s1, s2, s3, s4, cnt);
  return 0;
}
