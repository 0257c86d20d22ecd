// -0.0 written into an array stored sparse reads back -0.0, as in the
// dense program (printf prints "-0"): the zero filters drop +0.0, which an
// absent entry reads as, and keep -0.0, a value like any other (it read
// back +0.0 before). Element writes and updates into CSR, DCSR, an all-dense
// and a padded encoding, double and float; an update of an absent element
// that makes -0.0 (`*= -1`); -0.0 + +0.0 is +0.0 again; a fill loop writing
// -0.0 (no longer taken for a clear) and one writing values among which
// -0.0. Each value is printed with its sign bit (numbers compare equal
// whatever the sign of a zero). The SpMV over A is sparsified.
// EXPECT-SPARSIFIED: 1
// EXPECT-REPORT: fill loop: assigns every element of 'F' with '='
// EXPECT-REPORT: fill loop: assigns every element of 'G' with '='
// EXPECT-ABSENT: y[i] += A[i][j] * x[j];
#include <math.h>
#include <stdio.h>
#define N 5
#pragma sparse encoding(A : CSR)
static double A[N][N];
#pragma sparse encoding(B : DCSR)
static double B[N][N];
#pragma sparse encoding(D : (i, j) -> (i : dense, j : dense))
static double D[N][N];
#pragma sparse encoding(P : (i, j) -> (i : dense, j : compressed(padded)))
static double P[N][N];
#pragma sparse encoding(S : CSR)
static float S[N][N];
#pragma sparse encoding(F : CSR)
static double F[N][N];
#pragma sparse encoding(G : CSR)
static double G[N][N];
static double x[N], y[N];

/* a value and its sign bit: "-0" and "0" compare equal as numbers */
static void pr(const char *name, double v) {
  printf(" %s=%g%s", name, v, signbit(v) ? "(neg)" : "");
}

int main(void) {
  for (int i = 0; i < N; i++) {
    x[i] = i - 2.0;
    A[i][(i + 1) % N] = 1.5 * i;
  }
  A[1][3] = -0.0;
  A[2][2] = 4.0;
  A[2][2] *= -0.0;
  A[4][2] *= -1.0; /* absent: 0 * -1 is -0.0 */
  A[3][3] = -0.0;
  A[3][3] += 0.0; /* -0.0 + +0.0 is +0.0 */
  A[3][4] = -0.0;
  A[3][4] -= 0.0; /* -0.0 - +0.0 stays -0.0 */
  B[0][4] = -0.0;
  D[1][2] = -0.0;
  P[2][1] = -0.0;
  S[4][4] = -0.0f;
  S[0][0] = -S[4][4];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) F[i][j] = -0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) G[i][j] = (i + j) % 3 == 0 ? -0.0 : (i - j) * 0.5;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) y[i] += A[i][j] * x[j];
  for (int i = 0; i < N; i++) printf("y[%d] = %g\n", i, y[i]);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      pr("A", A[i][j]);
      pr("F", F[i][j]);
      pr("G", G[i][j]);
      printf("\n");
    }
  pr("B", B[0][4]);
  pr("B", B[4][0]);
  pr("D", D[1][2]);
  pr("D", D[2][1]);
  pr("P", P[2][1]);
  pr("P", P[1][2]);
  pr("S", S[4][4]);
  pr("S", S[0][0]);
  printf("\n");
  return 0;
}
