// SDDMM in C89 style: the loop variables and the accumulator declared at
// the top of the function, `s = 0; for (k...) s += U[i][k] * V[j][k];`
// then `S[i][j] = A[i][j] * s` (a dense output, `=`), `C[i][j] += ...`
// (C stored sparse) and `D[i][j] -= ...`; bounds spelled `<=`, `++k`,
// `j += 1`. The accumulator is assigned first in each (i, j) iteration
// and read nowhere after the nest, so the dot product runs only where A
// has an entry. A nest whose accumulator is printed after it (its last
// value is the dense program's last (i, j)), or read in the nest after
// the j loop, visits every j.
// EXPECT-SPARSIFIED: 6
// EXPECT-ABSENT: S[i][j] = A[i][j] * s;
// EXPECT-ABSENT: C[i][j] += A[i][j] * s;
// EXPECT-ABSENT: D[i][j] -= A[i][j] * s;
// EXPECT-REPORT: loop j: positions of A (after a fill loop for `=`)
// EXPECT-REPORT: C: sparse output, Gustavson workspace
// EXPECT-REPORT: every j visited
#include <stdio.h>

#define M 9
#define N 11
#define K 4

#pragma sparse encoding(A : CSR)
static double A[M][N];
#pragma sparse encoding(C : CSR)
static double C[M][N];
static double U[M][K], V[N][K], S[M][N], D[M][N], E[M][N], F[M][N], t[M];

static double checksum(double X[M][N]) {
  double c = 0;
  int i, j;
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++) c += X[i][j] * (i + 1) * (j + 3);
  return c;
}

int main(void) {
  int i, j, k;
  double s, u = 0, last;
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++) {
      if ((i * 3 + j) % 4 == 0 && i != 2) A[i][j] = i - j + 0.5;
      if ((i + j) % 3 == 1) C[i][j] = 1.0 + i, D[i][j] = 2.0, E[i][j] = -1.0;
      S[i][j] = 9.0; /* overwritten by the first nest */
    }
  for (i = 0; i < M; i++)
    for (k = 0; k < K; k++) U[i][k] = i + k - 3;
  for (j = 0; j < N; j++)
    for (k = 0; k < K; k++) V[j][k] = j - 2 * k;

  for (i = 0; i <= M - 1; ++i)
    for (j = 0; j <= N - 1; j += 1) {
      s = 0;
      for (k = 0; k <= K - 1; ++k)
        s += U[i][k] * V[j][k];
      S[i][j] = A[i][j] * s;
    }
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++) {
      s = 0.0;
      for (k = 0; k < K; k++) s += U[i][k] * V[j][k];
      C[i][j] += A[i][j] * s;
    }
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++) {
      s = 1.0 - 1.0;
      for (k = 0; k < K; k++) s += U[i][k] * V[j][k];
      D[i][j] -= A[i][j] * s;
    }
  /* last is printed: every j visited */
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++) {
      last = 0;
      for (k = 0; k < K; k++) last += U[i][k] * V[j][k];
      E[i][j] += A[i][j] * last;
    }
  /* u read in the nest after the j loop (its last j's value): every j
   * visited */
  for (i = 0; i < M; i++) {
    for (j = 0; j < N; j++) {
      u = 0;
      for (k = 0; k < K; k++) u += U[i][k] * V[j][k];
      F[i][j] += A[i][j] * u;
    }
    t[i] = u;
  }
  double cc = 0;
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++) cc += C[i][j] * (i + 1) * (j + 3);
  for (i = 0; i < M; i++) cc += t[i] * (i + 5);
  printf("%.10g %.10g %.10g %.10g %.10g last %.10g\n", checksum(S), cc,
         checksum(D), checksum(E), checksum(F), last);
  return 0;
}
