// Element types named by typedefs, as legacy code spells them: a flat
// malloc'd block of `pixel` (unsigned char) with a shape, a `weight_t`
// (uint16_t) matrix parameter, and `real` (double) and `count_t` (long
// long) results; the generated code declares its temporaries with the
// program's own names.
// EXPECT-SPARSIFIED: 2
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) { bright += P(i,j) > 200 ? 1 : 0; area += P(i,j) != 0; energy += P(i,j) * P(i,j) }
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) { y(i) += Wt(i,j) * x(j); c += Wt(i,j) }
// EXPECT-ABSENT: for (int j = 0; j < m; j++) {
// EXPECT-ABSENT: y[i] += Wt[i][j] * x[j];
// EXPECT-STDERR-EMPTY
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef unsigned char pixel;
typedef uint16_t weight_t;
typedef double real;
typedef long long count_t;

#define N 32

#pragma sparse encoding(Wt[n][N] : CSR)
static count_t apply(int n, const weight_t (*Wt)[N], const real *x, real *y) {
  count_t c = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      y[i] += Wt[i][j] * x[j];
      c += Wt[i][j];
    }
  return c;
}

int main(void) {
  int n = 24, m = 40;
#pragma sparse encoding(P[n][m] : CSR)
  pixel *P = malloc((size_t)n * (size_t)m * sizeof(pixel));
  if (!P) return 1;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      P[i * m + j] = (i * j) % 7 == 2 ? (pixel)(i * 31 + j) : 0;
  count_t bright = 0, area = 0, energy = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      if (P[i * m + j] > 200) bright++;
      area += P[i * m + j] != 0;
      energy += P[i * m + j] * P[i * m + j];
    }
  printf("bright %lld area %lld energy %lld\n", bright, area, energy);
  free(P);

  static weight_t Wt[N][N];
  real x[N], y[N] = {0};
  for (int i = 0; i < N; i++) {
    x[i] = 0.5 + i;
    Wt[i][(i * 5) % N] = (weight_t)(65000 + i);
    Wt[i][(i * 3 + 1) % N] = (weight_t)(i * 100);
  }
  count_t c = apply(N, Wt, x, y);
  for (int i = 0; i < N; i++) printf("%.1f ", y[i]);
  printf("\nweights #%llx\n", (unsigned long long)c);
  return 0;
}
