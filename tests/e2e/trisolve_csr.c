// Lower-triangular solve: the i loop carries a dependence and keeps its
// order; the j loop (triangular bound) walks row i of L; L[i][i] reads
// the dense array.
// EXPECT-SPARSIFIED: 1
// EXPECT-ABSENT: x[i] -= L[i][j] * x[j];
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

#define N 31
static double L[N][N];
int main(void) {
  double b[N], x[N];
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++) L[i][j] = j < i ? sparse_value(0.2) : 0.0;
    L[i][i] = 2.0 + (lcg() + 5.0) / 10.0;
    b[i] = lcg();
  }

#pragma sparse encoding(L : CSR)
  for (int i = 0; i < N; i++) {
    x[i] = b[i];
    for (int j = 0; j < i; j++)
      x[i] -= L[i][j] * x[j];
    x[i] = x[i] / L[i][i];
  }

  for (int i = 0; i < N; i++) printf("%.10g\n", x[i]);
  return 0;
}
