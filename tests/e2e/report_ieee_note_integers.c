// The report's `0*Inf` note (a product with an absent entry is taken as 0,
// which differs from IEEE when the other factor is Inf or NaN) names
// floating products only: integer kernels -- int SpMV, long SpMM, an int
// SDDMM scaled by an integer constant, int factors summed into a double --
// cannot hold an Inf or a NaN, and get no note.
// EXPECT-SPARSIFIED: 4
// EXPECT-ABSENT: y[i] += A[i][j] * x[j];
// EXPECT-ABSENT: C[i][k] += L[i][j] * B[j][k];
// EXPECT-ABSENT: S[i][j] = -2 * A[i][j] * (u[i] % 5 + x[j]);
// EXPECT-ABSENT: d[i] += A[i][j] * x[j];
// EXPECT-NOT-REPORT: 0*Inf
// EXPECT-REPORT: loop j: positions of A
#include <stdio.h>

#define N 13
#define M 11
#define K 5

static int A[N][M], x[M], y[N], u[N], S[N][M];
static long L[N][M], B[M][K], C[N][K];
static double d[N];

int main(void) {
  for (int i = 0; i < N; i++) {
    u[i] = 3 * i - 7;
    for (int j = 0; j < M; j++) {
      A[i][j] = (i * 5 + j * 3) % 7 == 0 ? i - 2 * j : 0;
      L[i][j] = (i + j) % 4 == 1 ? (long)(i * j + 1) * 100000007L : 0;
    }
  }
  for (int j = 0; j < M; j++) {
    x[j] = j % 3 - 1;
    for (int k = 0; k < K; k++) B[j][k] = j - k;
  }

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      y[i] += A[i][j] * x[j];

#pragma sparse encoding(L : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      for (int k = 0; k < K; k++)
        C[i][k] += L[i][j] * B[j][k];

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      S[i][j] = -2 * A[i][j] * (u[i] % 5 + x[j]);

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      d[i] += A[i][j] * x[j];

  for (int i = 0; i < N; i++) printf("%d %.1f\n", y[i], d[i]);
  for (int i = 0; i < N; i++)
    for (int k = 0; k < K; k++) printf("%ld%c", C[i][k], k + 1 < K ? ' ' : '\n');
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) printf("%d%c", S[i][j], j + 1 < M ? ' ' : '\n');
  return 0;
}
