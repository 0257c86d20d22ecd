// SDDMM into an array declared sparse, written as users write it: an
// explicit `O[i][j] = 0;` before the reduction loop. The `=` covers every
// element and comes before every `+=`, so the Gustavson workspace starts
// each element at what `=` wrote and the old contents are not combined;
// sums that cancel are filtered. O starts with entries S does not have
// (the dense program overwrites them with 0). Counting non-zeros, `nz +=
// O[i][j] != 0`, walks the stored entries too (a comparison false where
// O is absent).
// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: for (int k = 0; k < K; k++) O[i][j] += S[i][j] * U[i][k] * V[j][k];
#include <stdio.h>

#define N 12
#define K 5

static double S[N][N], U[N][K], V[N][K];

int main(void) {
#pragma sparse encoding(O : CSR)
  static double O[N][N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if ((i * j + i) / 7 * 7 == i * j + i - 1) S[i][j] = 1.0 + i - j;
  for (int i = 0; i < N; i++)
    for (int k = 0; k < K; k++) {
      U[i][k] = i * 0.1 + k;
      V[i][k] = k - i * 0.2;
    }
  V[3][0] = V[3][1] = V[3][2] = V[3][3] = V[3][4] = 0; /* sums of zeros */
  O[0][0] = 4;
  O[5][7] = -1;
#pragma sparse encoding(S : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      O[i][j] = 0;
      for (int k = 0; k < K; k++) O[i][j] += S[i][j] * U[i][k] * V[j][k];
    }
  double s = 0;
  int nz = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      s += O[i][j] * (i + 2 * j + 1);
      nz += O[i][j] != 0;
    }
  printf("%.15g %d\n", s, nz);
  return 0;
}
