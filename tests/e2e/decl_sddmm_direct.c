// SDDMM `O += S .* (U V^T)` into an array declared sparse, three times
// without clearing it: the first call finds O empty (every row appended in
// column order as its elements are computed, no workspace), the second and
// third find some rows of O filled (those rows are combined through the
// workspace, the empty ones appended directly), and the third samples rows
// where some sums cancel to zero (filtered). The dense program's values
// are printed after every call.
// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: for (int k = 0; k < K; k++) O[i][j] += S[i][j] * U[i][k] * V[j][k];
#include <stdio.h>

#define N 14
#define K 6

static double S[N][N], U[N][K], V[N][K];

static void sample(int lo, int hi, int seed) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      S[i][j] = (i >= lo && i < hi && (i * 3 + j * seed) % 4 == 1)
                    ? 0.5 + (i + j + seed) % 5 : 0.0;
}

int main(void) {
#pragma sparse encoding(O : CSR)
  static double O[N][N];
  for (int i = 0; i < N; i++)
    for (int k = 0; k < K; k++) {
      U[i][k] = (i % 3) * 0.25 + k;
      V[i][k] = k * 0.5 - (i % 4);
    }
  for (int k = 0; k < K; k++) V[9][k] = 0; /* column 9: sums of zeros */
  for (int call = 0; call < 3; call++) {
    sample(call * 4, call * 4 + 7, call + 1);
#pragma sparse encoding(S : CSR)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        for (int k = 0; k < K; k++) O[i][j] += S[i][j] * U[i][k] * V[j][k];
    double s = 0;
    int nz = 0;
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++) {
        s += O[i][j] * (i + 2 * j + 1);
        nz += O[i][j] != 0;
      }
    printf("call %d: %.15g %d\n", call, s, nz);
  }
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++) printf(" %g", O[i][j]);
    printf("\n");
  }
  return 0;
}
