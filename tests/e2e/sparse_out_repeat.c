// Sparse outputs written again and again: the same SpAdd (ordered
// append) and SpGEMM (Gustavson workspace) kernels run in rounds whose
// results grow, shrink to nothing and grow again, so the output's arrays
// are reused with more and with fewer entries than the round before;
// outputs in CSR, CSC with 16-bit positions and coordinates, and DCSR.
// F -= SDDMM keeps F's entries from round to round (a scalar per element
// summed over k, started from F's old value). The nest of show() that
// counts and sums the four outputs, with a local weight `w`, is a kernel
// over the stored arrays too.
// EXPECT-SPARSIFIED: 5
// EXPECT-ABSENT: C[i][j] = A[i][j] + B[i][j];
// EXPECT-ABSENT: D[i][j] = P[i][j] + Q[i][j];
// EXPECT-ABSENT: E[i][j] += A[i][k] * B[k][j];
// EXPECT-ABSENT: F[i][j] -= A[i][j] * U[i][k] * V[j][k];
#include <stdio.h>

static unsigned long long lcg_state = 4242;
static double lcg(void) {
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)((lcg_state >> 33) % 1000) / 100.0 - 5.0;
}
static double sparse_value(double keep) {
  double r = lcg();
  return (r + 5.0) / 10.0 < keep ? lcg() : 0.0;
}

#define N 29
#define M 29

#pragma sparse encoding(A : CSR, B : CSR)
static double A[N][M], B[N][M];
#pragma sparse encoding(C : CSR)
static double C[N][M];
#pragma sparse encoding(P : CSC, Q : CSC)
static double P[N][M], Q[N][M];
#pragma sparse encoding(D : (i, j) -> (j : dense, i : compressed), posWidth = 16, crdWidth = 16)
static double D[N][M];
#pragma sparse encoding(E : DCSR)
static double E[N][M];
#pragma sparse encoding(F : CSR)
static double F[N][M];
static double U[N][4], V[M][4];

static void show(int round) {
  double sc = 0, sd = 0, se = 0, sf = 0;
  int nc = 0, nd = 0, ne = 0, nf = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      double w = (double)((i + 1) * (j + 3));
      if (C[i][j] != 0) nc++;
      if (D[i][j] != 0) nd++;
      if (E[i][j] != 0) ne++;
      if (F[i][j] != 0) nf++;
      sf += F[i][j] * w;
      sc += C[i][j] * w;
      sd += D[i][j] * w;
      se += E[i][j] * w;
    }
  printf("round %d: C nnz %d sum %.12g, D nnz %d sum %.12g, E nnz %d sum "
         "%.12g, F nnz %d sum %.17g\n", round, nc, sc, nd, sd, ne, se, nf, sf);
}

int main(void) {
  static const double keep[5] = {0.1, 0.5, 0.0, 0.3, 0.8};
  int round = 0;
  for (int i = 0; i < N; i++)
    for (int k = 0; k < 4; k++) U[i][k] = lcg();
  for (int j = 0; j < M; j++)
    for (int k = 0; k < 4; k++) V[j][k] = lcg();
  while (round < 5) { /* (a `for` here hides the nests: docs/performance.md) */
    for (int i = 0; i < N; i++)
      for (int j = 0; j < M; j++) A[i][j] = sparse_value(keep[round]);
    for (int i = 0; i < N; i++)
      for (int j = 0; j < M; j++) B[i][j] = sparse_value(keep[round]);
    for (int j = 0; j < M; j++) A[round][j] = 0.0; /* an empty row */
    for (int j = 0; j < M; j++) B[round][j] = 0.0;
    for (int j = 0; j < M; j++)
      for (int i = 0; i < N; i++) P[i][j] = sparse_value(keep[round]);
    for (int j = 0; j < M; j++)
      for (int i = 0; i < N; i++) Q[i][j] = sparse_value(keep[round]);

    for (int i = 0; i < N; i++)
      for (int j = 0; j < M; j++)
        C[i][j] = A[i][j] + B[i][j];
    for (int j = 0; j < M; j++)
      for (int i = 0; i < N; i++)
        D[i][j] = P[i][j] + Q[i][j];
    for (int i = 0; i < N; i++)
      for (int j = 0; j < M; j++) E[i][j] = 0.0;
    for (int i = 0; i < N; i++)
      for (int k = 0; k < M; k++)
        for (int j = 0; j < M; j++)
          E[i][j] += A[i][k] * B[k][j];
    for (int i = 0; i < N; i++)
      for (int j = 0; j < M; j++)
        for (int k = 0; k < 4; k++)
          F[i][j] -= A[i][j] * U[i][k] * V[j][k];
    show(round);
    round++;
  }
  return 0;
}
