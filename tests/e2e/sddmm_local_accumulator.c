// SDDMM written with a scalar accumulator declared in the column loop:
//   double acc = 0; for (k) acc += U[i][k] * V[k][j]; O[i][j] = S[i][j] * acc;
// The dense products run only where S has an entry; the other elements of
// O get their zero from a fill loop. Four encodings (one unordered), a
// float variant with two local scalars, and a last statement that is not
// zero where S is absent (`+ 1`), which must stay dense and correct.
// EXPECT-SPARSIFIED: 5
// EXPECT-ABSENT: O1[i][j] = S[i][j] * acc;
// EXPECT-ABSENT: O2[i][j] = S[i][j] * acc;
// EXPECT-ABSENT: O3[i][j] = S[i][j] * acc;
// EXPECT-ABSENT: O4[i][j] = S[i][j] * acc;
// EXPECT-ABSENT: F[i][j] = scale * Sf[i][j] * (t + u);
// EXPECT-WARNING: loop not sparsified
#include <stdio.h>

#define M 9
#define N 11
#define K 4

static unsigned long long state = 2024;
static double next_value(int keep_pct) {
  state = state * 6364136223846793005ULL + 1442695040888963407ULL;
  int r = (int)((state >> 33) % 100);
  return r < keep_pct ? (double)((int)((state >> 40) % 33) - 16) / 8.0 : 0.0;
}

static double S[M][N], U[M][K], V[K][N];
static double O1[M][N], O2[M][N], O3[M][N], O4[M][N], O5[M][N];

static void print(double O[M][N]) {
  double s = 0;
  for (int i = 0; i < M; i++) {
    for (int j = 0; j < N; j++) printf("%g ", O[i][j]);
    printf("\n");
    for (int j = 0; j < N; j++) s += O[i][j] * (i + 1) * (j + 3);
  }
  printf("checksum %.10g\n", s);
}

int main(void) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) S[i][j] = next_value(30);
  for (int j = 0; j < N; j++) S[4][j] = 0;  /* an empty row */
  for (int i = 0; i < M; i++) S[i][7] = 0;  /* an empty column */
  for (int i = 0; i < M; i++)
    for (int k = 0; k < K; k++) U[i][k] = next_value(100);
  for (int k = 0; k < K; k++)
    for (int j = 0; j < N; j++) V[k][j] = next_value(100);
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) O1[i][j] = O2[i][j] = O3[i][j] = O4[i][j] = O5[i][j] = 99;

#pragma sparse encoding(S : CSR)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      double acc = 0.0;
      for (int k = 0; k < K; k++) acc += U[i][k] * V[k][j];
      O1[i][j] = S[i][j] * acc;
    }
  print(O1);

#pragma sparse encoding(S : DCSR)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      double acc = 0.0;
      for (int k = 0; k < K; k++) acc += U[i][k] * V[k][j];
      O2[i][j] = S[i][j] * acc;
    }
  print(O2);

#pragma sparse encoding(S : COO)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      double acc = 0.0;
      for (int k = 0; k < K; k++) acc += U[i][k] * V[k][j];
      O3[i][j] = S[i][j] * acc;
    }
  print(O3);

#pragma sparse encoding(S : (i, j) -> (i : dense, j : compressed(nonordered)))
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      double acc = 0.0;
      for (int k = 0; k < K; k++) acc += U[i][k] * V[k][j];
      O4[i][j] = S[i][j] * acc;
    }
  print(O4);

  /* float, two local scalars, a scaling factor */
  float Sf[M][N], F[M][N];
  float scale = 0.5f;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) { Sf[i][j] = (float)S[i][j]; F[i][j] = -1.0f; }
#pragma sparse encoding(Sf : BSR(2, 2))
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float t = 0.0f;
      float u = 1.0f;
      for (int k = 0; k < K; k++) {
        t += (float)(U[i][k] * V[k][j]);
        u *= 0.5f;
      }
      F[i][j] = scale * Sf[i][j] * (t + u);
    }
  for (int i = 0; i < M; i++) {
    for (int j = 0; j < N; j++) printf("%g ", (double)F[i][j]);
    printf("\n");
  }

  /* not zero where S is absent: every element needs its dense value */
#pragma sparse encoding(S : CSR)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      double acc = 0.0;
      for (int k = 0; k < K; k++) acc += U[i][k] * V[k][j];
      O5[i][j] = S[i][j] * acc + 1;
    }
  print(O5);
  return 0;
}
