/* blocked.c — the register-blocked SpMM nest (src/vector/vectorize.c,
 * vec_emit_nest) with KB columns (-DKB=...): one statement (blocks of 8
 * vector values) and two statements with a scalar invariant (blocks of 4),
 * over rows with 0, 1, 2 and 9 entries; and the one-statement nest through
 * pointer parameters (blocked after a run-time overlap check), called with
 * distinct arrays and with C the same array as B (the check fails: the
 * nest runs unblocked, its inner loop checked too). Compiled as it is,
 * this is the reference for tests/vector/run_trips.sh and run_sve.sh. */
#include <stdio.h>

#ifndef KB
#define KB 5
#endif
#define N 4
#define M 11

static unsigned long long st = 99;
static double rnd(void) { /* in [0.5, 1.5) */
  st = st * 6364136223846793005ULL + 1442695040888963407ULL;
  return 0.5 + (double)((st >> 33) % 1000) / 1000.0;
}

static double A[N][M], B[M][KB + 1], E[M][KB + 1], C[N][KB + 1],
    F[N][KB + 1], G[N][KB + 1], C2[N][KB + 1], H[M][KB + 1];

static void spmm_p(double (*Cp)[KB + 1], double (*Bp)[KB + 1]) {
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      for (int k = 0; k < KB; k++)
        Cp[i][k] += A[i][j] * Bp[j][k];
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) A[i][j] = 0.0;
  A[1][4] = rnd();                               /* row 0 empty, row 1: 1 */
  A[2][0] = rnd(), A[2][M - 1] = -rnd();         /* row 2: 2 entries */
  for (int j = 1; j < 10; j++) A[3][j] = rnd();  /* row 3: 9 entries */
  for (int j = 0; j < M; j++)
    for (int k = 0; k <= KB; k++) B[j][k] = rnd(), E[j][k] = rnd(), H[j][k] = rnd();
  for (int i = 0; i < N; i++)
    for (int k = 0; k <= KB; k++)
      C[i][k] = 0.5, F[i][k] = 1.0, G[i][k] = -1.0, C2[i][k] = 0.25;
  double alpha = 0.75;

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      for (int k = 0; k < KB; k++)
        C[i][k] += A[i][j] * B[j][k];

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      for (int k = 0; k < KB; k++) {
        F[i][k] += alpha * A[i][j] * B[j][k];
        G[i][k] -= A[i][j] * (E[j][k] - alpha);
      }

  spmm_p(C2, B);
  spmm_p(H, H);

  for (int i = 0; i < N; i++)
    for (int k = 0; k <= KB; k++)
      printf("%d %d %.12g %.12g %.12g %.12g %.12g\n", i, k, C[i][k], F[i][k],
             G[i][k], C2[i][k], H[i][k]);
  return 0;
}
