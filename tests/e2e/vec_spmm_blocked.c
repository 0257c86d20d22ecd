// SpMM nests register-blocked by the vectorizer (src/vector): the block of
// C[i][*] stays in vector registers across the entries of row i. Column
// counts around the block widths (32 and 64 doubles): 64, 37 (a block and
// a masked rest), 3 (no full block); two statements in one nest (smaller
// blocks, a scalar invariant checked by type), -=, a range not starting at
// 0, and a nest through array parameters (blocked after a run-time check
// that the arrays do not overlap; tests/e2e/vec_overlap.c has the
// overlapping calls).
// EXPECT-VECTOR-REPORT: do not overlap, else the nest unblocked
// EXPECT-SPARSIFIED: 5
// EXPECT-VECTORIZED: 5
// EXPECT-VECTOR-REPORT: register-blocked over j: blocks of 8 x
// EXPECT-VECTOR-REPORT: register-blocked over j: blocks of 4 x
// EXPECT-ABSENT: C64[i][k] += A[i][j]
// EXPECT-ABSENT: C37[i][k] += A[i][j]
#include <stdio.h>

static unsigned long long lcg_state = 4242;
/* deterministic pseudo-random values in [-5, 5) */
static double lcg(void) {
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)((lcg_state >> 33) % 1000) / 100.0 - 5.0;
}

#define N 21
#define M 30

static double A[N][M];
static double B64[M][64], C64[N][64];
static double B37[M][37], C37[N][37], E37[N][37];
static double B3[M][3], C3[N][3];
static double Cp[N][37];

static void spmm_param(double C[][37], const double B[][37]) {
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      for (int k = 0; k < 37; k++)
        C[i][k] += A[i][j] * B[j][k];
}

static double sum(const double *v, int n) {
  double s = 0.0;
  for (int t = 0; t < n; t++) s += v[t] * (double)(t % 5 + 1);
  return s;
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) A[i][j] = lcg() > 2.0 ? lcg() : 0.0;
  for (int j = 0; j < M; j++) A[3][j] = 0.0;          /* an empty row */
  for (int j = 0; j < M; j++) A[5][j] = 0.0;
  A[5][M - 1] = 1.5;                                  /* one entry */
  for (int j = 0; j < M; j++) {
    for (int k = 0; k < 64; k++) B64[j][k] = lcg();
    for (int k = 0; k < 37; k++) B37[j][k] = lcg();
    for (int k = 0; k < 3; k++) B3[j][k] = lcg();
  }
  for (int i = 0; i < N; i++) {
    for (int k = 0; k < 64; k++) C64[i][k] = 0.25 * k;
    for (int k = 0; k < 37; k++) C37[i][k] = 1.0, E37[i][k] = -2.0, Cp[i][k] = 0.5;
    for (int k = 0; k < 3; k++) C3[i][k] = 0.0;
  }
  double alpha = 0.5;

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      for (int k = 0; k < 64; k++)
        C64[i][k] += A[i][j] * B64[j][k];

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      for (int k = 0; k < 37; k++) {
        C37[i][k] += alpha * A[i][j] * B37[j][k];
        E37[i][k] -= A[i][j] * B64[j][k + 20];
      }

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      for (int k = 0; k < 3; k++)
        C3[i][k] += A[i][j] * B3[j][k];

  /* a column range that does not start at 0 */
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      for (int k = 5; k < 64; k++)
        C64[i][k] -= A[i][j] * B64[j][k - 5];

  spmm_param(Cp, B37);

  for (int i = 0; i < N; i++)
    printf("%d %.12g %.12g %.12g %.12g %.12g\n", i, sum(C64[i], 64),
           sum(C37[i], 37), sum(E37[i], 37), sum(C3[i], 3), sum(Cp[i], 37));
  return 0;
}
