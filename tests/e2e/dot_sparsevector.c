// Sparse-sparse dot (intersection), sparse-dense dot, and a union
// difference z = x - y into a dense z (fill loop, then union).
// EXPECT-SPARSIFIED: 3
// EXPECT-ABSENT: s1 += x[i] * y[i];
// EXPECT-ABSENT: s2 += x[i] * d[i];
// EXPECT-ABSENT: z[i] = x[i] - y[i];
#include <math.h>
#include <stdio.h>

static unsigned long long lcg_state = 12345;
/* deterministic pseudo-random values in [-5, 5) */
static double lcg(void) {
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)((lcg_state >> 33) % 1000) / 100.0 - 5.0;
}
/* about `keep` of the entries non-zero, the rest exactly 0 */
static double sparse_value(double keep) {
  double r = lcg();
  return (r + 5.0) / 10.0 < keep ? lcg() : 0.0;
}

#define N 101
int main(void) {
  double x[N], y[N], z[N], d[N];
  for (int i = 0; i < N; i++) {
    x[i] = sparse_value(0.3);
    y[i] = sparse_value(0.3);
    d[i] = lcg();
  }
  double s1 = 0.0, s2 = 0.0;

#pragma sparse encoding(x : SparseVector, y : SparseVector)
  for (int i = 0; i < N; i++)
    s1 += x[i] * y[i];

#pragma sparse encoding(x : SparseVector)
  for (int i = 0; i < N; i++)
    s2 += x[i] * d[i];

#pragma sparse encoding(x : SparseVector, y : SparseVector)
  for (int i = 0; i < N; i++)
    z[i] = x[i] - y[i];

  printf("%.10g %.10g\n", s1, s2);
  for (int i = 0; i < N; i++) printf("%.10g\n", z[i]);
  return 0;
}
