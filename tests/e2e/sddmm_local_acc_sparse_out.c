// SDDMM written with a local accumulator and `+=` into the output:
//   for i for j { double s = 0; for k s += U[i][k] * V[j][k];
//                 C[i][j] += A[i][j] * s; }
// with A and C stored sparse: the dot product runs only where A has an
// entry, C keeps its old entries (also where A has none) and gains A's
// pattern. C in CSR and DCSR, A in CSR, DCSR and COO, with `-=`, a float
// variant with two locals, a dense C with the pragma on A's nest, and a
// statement that reads the local where A is absent (`+ s`), which must visit
// every j and stay exact.
// EXPECT-SPARSIFIED: 7
// EXPECT-ABSENT: C1[i][j] += A[i][j] * s;
// EXPECT-ABSENT: C2[i][j] -= A2[i][j] * s;
// EXPECT-ABSENT: C3[i][j] += A3[i][j] * s;
// EXPECT-ABSENT: F[i][j] += Af[i][j] * (t + u);
// EXPECT-ABSENT: D[i][j] += A[i][j] * s;
// EXPECT-REPORT: C1: sparse output, Gustavson workspace
// EXPECT-REPORT: C2: sparse output
// EXPECT-REPORT: loop j: positions of A
// EXPECT-REPORT: loop j: positions of A2
// EXPECT-REPORT: every j visited
#include <stdio.h>

#define M 9
#define N 11
#define K 4

#pragma sparse encoding(A : CSR)
static double A[M][N];
#pragma sparse encoding(A2 : DCSR)
static double A2[M][N];
#pragma sparse encoding(A3 : COO)
static double A3[M][N];
#pragma sparse encoding(Af : CSR)
static float Af[M][N];
#pragma sparse encoding(C1 : CSR)
static double C1[M][N];
#pragma sparse encoding(C2 : DCSR)
static double C2[M][N];
#pragma sparse encoding(C3 : CSR)
static double C3[M][N];
#pragma sparse encoding(F : CSR)
static float F[M][N];
#pragma sparse encoding(G : CSR)
static double G[M][N];
static double U[M][K], V[N][K], D[M][N], E[M][N];
static float Uf[M][K], Vf[N][K];

static double csum(int i, int j, double v) { return v * (i + 1) * (j + 3); }

int main(void) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      if ((i * 3 + j) % 4 == 0 && i != 4) {
        A[i][j] = i - j + 0.5;
        A2[i][j] = 0.25 * (i + j) - 1.0;
        A3[i][j] = j - 2.0 * i;
        Af[i][j] = (float)(i + 1) * 0.5f;
        G[i][j] = 1.0 + j;
      }
      if ((i + j) % 3 == 1) { /* old entries, some outside A's pattern */
        C1[i][j] = 1.0 + i;
        C2[i][j] = -2.0 * j;
        C3[i][j] = 0.5 * i;
        F[i][j] = 2.0f;
        D[i][j] = 3.0;
        E[i][j] = -1.0;
      }
    }
  for (int i = 0; i < M; i++)
    for (int k = 0; k < K; k++) U[i][k] = i + k - 3, Uf[i][k] = (float)(i - k);
  for (int j = 0; j < N; j++)
    for (int k = 0; k < K; k++) V[j][k] = j - 2 * k, Vf[j][k] = (float)(j + k) * 0.25f;

  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      double s = 0;
      for (int k = 0; k < K; k++) s += U[i][k] * V[j][k];
      C1[i][j] += A[i][j] * s;
    }
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      double s = 0.0;
      for (int k = 0; k < K; k++)
        s += U[i][k] * V[j][k];
      C2[i][j] -= A2[i][j] * s;
    }
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      double s = 0;
      for (int k = 0; k < K; k++) s += U[i][k] * V[j][k];
      C3[i][j] += A3[i][j] * s;
    }
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float t = 0.0f, u = 1.0f;
      for (int k = 0; k < K; k++) {
        t += Uf[i][k] * Vf[j][k];
        u *= 0.5f;
      }
      F[i][j] += Af[i][j] * (t + u);
    }
  /* a dense output with the pragma on A's nest */
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      double s = 0;
      for (int k = 0; k < K; k++) s += U[i][k] * V[j][k];
      D[i][j] += A[i][j] * s;
    }
  /* `+ s` where G is absent: every j visited, still exact */
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      double s = 0;
      for (int k = 0; k < K; k++) s += U[i][k] * V[j][k];
      E[i][j] += G[i][j] * s + s;
    }

  double s1 = 0, s2 = 0, s3 = 0, sf = 0, sd = 0, se = 0;
  int nz = 0;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      s1 += csum(i, j, C1[i][j]);
      s2 += csum(i, j, C2[i][j]);
      s3 += csum(i, j, C3[i][j]);
      sf += csum(i, j, F[i][j]);
      sd += csum(i, j, D[i][j]);
      se += csum(i, j, E[i][j]);
      nz += (C1[i][j] != 0) + (C2[i][j] != 0);
    }
  printf("%.10g %.10g %.10g %.6g %.10g %.10g %d\n", s1, s2, s3, sf, sd, se, nz);
  for (int j = 0; j < N; j++) printf("%g %g\n", C1[2][j], C2[8][j]);
  return 0;
}
