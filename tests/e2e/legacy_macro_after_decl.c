// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: static double *K;
// EXPECT-ABSENT: for (int j = 0; j < ND; j++) s += KA(i, j) * u[j];
// EXPECT-REPORT: 'K' stored as a sparse tensor (BSR(2, 2))
// EXPECT-WARNING: 'D' keeps its dense storage: a macro names 'D'
// An element-access macro defined after the declaration it subscripts
// (`#define KA(i, j) K[(i) * ND + (j)]` below the pointer K, as in
// a FEM code that names its matrix first) is expanded at each invocation
// like one defined above it, so K is stored sparse (BSR) and its element
// updates are buffered. A macro doing two accesses (DSUM) is not an
// element-access macro: D keeps its dense storage, with the warning.
#include <stdio.h>
#include <stdlib.h>
#define NN 9
#define ND (2 * NN)

#pragma sparse encoding(K[ND][ND] : BSR(2, 2))
static double *K;
#pragma sparse encoding(D : CSR)
static double D[ND][2];
static double u[ND], r[ND];

#define KA(i, j) K[(i) * ND + (j)]
#define DSUM(i) (D[i][0] + D[i][1])

static void element(int a, int b, double k) {
  for (int p = 0; p < 2; p++)
    for (int q = 0; q < 2; q++) {
      double v = (p == q ? 1.0 : 0.25) * k;
      KA(2 * a + p, 2 * a + q) += v;
      KA(2 * b + p, 2 * b + q) += v;
      KA(2 * a + p, 2 * b + q) -= v;
      KA(2 * b + p, 2 * a + q) -= v;
    }
}

int main(void) {
  K = calloc(ND * ND, sizeof *K);
  if (!K) return 1;
  for (int e = 0; e + 1 < NN; e++) element(e, e + 1, 1.0 + 0.125 * e);
  for (int e = 0; e + 3 < NN; e += 3) element(e, e + 3, 0.5);
  for (int i = 0; i < ND; i++) {
    u[i] = (i % 3) - 0.5;
    D[i][i % 2] = i;
  }
  for (int i = 0; i < ND; i++) {
    double s = 0.0;
    for (int j = 0; j < ND; j++) s += KA(i, j) * u[j];
    r[i] = s;
  }
  double en = 0.0;
  for (int i = 0; i < ND; i++)
    for (int j = 0; j < ND; j++) en += u[i] * KA(i, j) * u[j];
  printf("energy %.17g\n", en);
  for (int i = 0; i < ND; i++) printf("%d %.17g %g\n", i, r[i], DSUM(i));
  free(K);
  return 0;
}
