// EXPECT-SPARSIFIED: 1
// EXPECT-ABSENT: for (j = 0; j < NX; j++) tn[i] += 0.2 * L[i][j] * t[j];
// EXPECT-REPORT: kernel sparsified: forall(s) { forall(i) { tn(i) = t(i); forall(j) tn(i) += 0.2 * L(i,j) * t(j) }; forall(i) t(i) = tn(i) }
// EXPECT-STDERR-EMPTY
/* Explicit heat equation steps with a tridiagonal matrix stored in a
   user-defined band format (loose_compressed rows). */
#include <stdio.h>
#define NX 40

#pragma sparse format BAND = (i, j) -> (i : dense, j : loose_compressed)

int main(void) {
#pragma sparse encoding(L : BAND)
  double L[NX][NX] = {{0}};
  double t[NX], tn[NX];
  int i, j, s;
  for (i = 0; i < NX; i++) {
    L[i][i] = -2.0;
    if (i > 0) L[i][i - 1] = 1.0;
    if (i + 1 < NX) L[i][i + 1] = 1.0;
    t[i] = (i > NX / 3 && i < 2 * NX / 3) ? 100.0 : 0.0;
  }
  for (s = 0; s < 50; s++) {
    for (i = 0; i < NX; i++) {
      tn[i] = t[i];
      for (j = 0; j < NX; j++) tn[i] += 0.2 * L[i][j] * t[j];
    }
    for (i = 0; i < NX; i++) t[i] = tn[i];
  }
  for (i = 0; i < NX; i += 4) printf("%.6f\n", t[i]);
  return 0;
}
