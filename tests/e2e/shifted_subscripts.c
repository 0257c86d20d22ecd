// EXPECT-SPARSIFIED: 6
// EXPECT-ABSENT: y[i] += A[i + 1][j + 1] * x[j];
// EXPECT-ABSENT: z[i] += A[i - 1][j] * x[j];
// EXPECT-ABSENT: s += u[k + 1] * w[k];
// EXPECT-ABSENT: t += u[2 * k] * w[k];
// EXPECT-ABSENT: C[i][j] = A[i + 1][j + 1] + B[i][j];
// EXPECT-ABSENT: q[j] += D[i + 2][j] * x[i];
// EXPECT-REPORT: A: subscripts A[i + 1][j + 1] walked as a view of the stored array
// EXPECT-REPORT: u: subscripts u[2 * k] walked as a view of the stored array
// Sparse operands read at shifted or strided subscripts (SPEC §5: "subscripts
// affine in the loop variables"): 1-based arrays walked by 0-based loops,
// a neighbour row, every other entry of a vector. The operand's whole array
// is assembled; the loops walk its stored coordinates and skip those the
// subscripts cannot reach, the loop variable being recovered from the
// coordinate (v = (c - offset) / stride).
#include <stdio.h>
#define N 30
static double A[N + 1][N + 1], B[N][N], C[N][N], D[N + 2][N];
static double x[N + 1], y[N], z[N + 1], q[N], u[2 * N + 1], w[2 * N];

int main(void) {
  for (int i = 1; i <= N; i++) {
    x[i] = 1.0 / i;
    A[i][i] = 2.0 + i % 3;
    if (i > 1) A[i][i - 1] = -1.0;
    if ((i * 7) % 5 == 0) A[i][(i * 3) % N + 1] = 0.5;
  }
  A[0][3] = 100.0; /* row 0 and column 0 are outside the 1-based part */
  A[5][0] = -100.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      B[i][j] = (i + 2 * j) % 11 == 0 ? 0.25 * (i - j) : 0.0;
      D[i + 2][j] = (i * j) % 13 == 1 ? 1.0 + j : 0.0;
    }
  for (int k = 0; k < 2 * N + 1; k++) u[k] = k % 4 == 1 ? k * 0.5 : (k % 6 == 0 ? -1.0 : 0.0);
  for (int k = 0; k < 2 * N; k++) w[k] = 1.0 + k % 5;

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      y[i] += A[i + 1][j + 1] * x[j];
#pragma sparse encoding(A : DCSR)
  for (int i = 1; i <= N; i++)
    for (int j = 0; j <= N; j++)
      z[i] += A[i - 1][j] * x[j];
  double s = 0, t = 0;
#pragma sparse encoding(u : SparseVector)
  for (int k = 0; k < 2 * N - 1; k++)
    s += u[k + 1] * w[k];
#pragma sparse encoding(u : SparseVector)
  for (int k = 0; k < N; k++)
    t += u[2 * k] * w[k];
#pragma sparse encoding(A : CSR, B : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      C[i][j] = A[i + 1][j + 1] + B[i][j];
#pragma sparse encoding(D : CSC)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      q[j] += D[i + 2][j] * x[i];

  double cs = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) cs += C[i][j] * (i + 1) * (j + 2);
  printf("s = %.17g t = %.17g cs = %.17g\n", s, t, cs);
  for (int i = 0; i < N; i += 3) printf("%d %.17g %.17g %.17g\n", i, y[i], z[i + 1], q[i]);
  return 0;
}
