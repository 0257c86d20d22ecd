// Loops whose body writes several dense results with `=` (a union of the
// operands' entries after a fill loop), and two-argument functions that
// are zero where both arguments are: fmax / fmin of two sparse operands
// (a union), fmax(A, 0) (A's entries), hypot. Signed zeros: the fill
// writes what the dense program writes where both are absent.
// EXPECT-SPARSIFIED: 4
// EXPECT-ABSENT: C[i][j] = fmax(A[i][j], B[i][j]);
// EXPECT-ABSENT: D[i][j] = alpha * A[i][j] + beta * B[i][j];
// EXPECT-ABSENT: lo += fminf(F[i][j], G[i][j]);
// EXPECT-ABSENT: relu += fmax(A[i][j], 0.0);
// EXPECT-ABSENT: E[i][j] = A[i][j] * t;
// EXPECT-NOT-REPORT: not sparsified
#include <math.h>
#include <stdio.h>

#define NR 8
#define NC 9

static unsigned long long state = 31;
static double next_value(int keep_pct) {
  state = state * 6364136223846793005ULL + 1442695040888963407ULL;
  int r = (int)((state >> 33) % 100);
  return r < keep_pct ? (double)((int)((state >> 40) % 17) - 8) / 4.0 : 0.0;
}

int main(void) {
  double A[NR][NC], B[NR][NC], C[NR][NC], D[NR][NC], E[NR][NC], P[NR][NC];
  float F[NR][NC], G[NR][NC];
  double alpha = 2.0, beta = -0.5, relu = 0, hy = 0;
  float lo = 0;
  for (int i = 0; i < NR; i++)
    for (int j = 0; j < NC; j++) {
      A[i][j] = next_value(30);
      B[i][j] = next_value(30);
      F[i][j] = (float)next_value(40);
      G[i][j] = (float)next_value(40);
      C[i][j] = D[i][j] = E[i][j] = P[i][j] = 99;
    }
  for (int j = 0; j < NC; j++) A[2][j] = B[2][j] = 0; /* a row empty in both */

#pragma sparse encoding(A : DCSR, B : CSC)
  for (int i = 0; i < NR; i++)
    for (int j = 0; j < NC; j++) {
      C[i][j] = fmax(A[i][j], B[i][j]);
      D[i][j] = alpha * A[i][j] + beta * B[i][j];
    }

#pragma sparse encoding(F : CSR, G : COO)
  for (int i = 0; i < NR; i++)
    for (int j = 0; j < NC; j++)
      lo += fminf(F[i][j], G[i][j]);

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < NR; i++)
    for (int j = 0; j < NC; j++) {
      relu += fmax(A[i][j], 0.0);
      hy += hypot(A[i][j], 2 * A[i][j]);
    }

  /* two results, one through a scalar declared in the body */
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < NR; i++)
    for (int j = 0; j < NC; j++) {
      double t = 0.5;
      for (int k = 0; k < 3; k++) t *= 2.0;
      E[i][j] = A[i][j] * t;
      P[i][j] = -A[i][j];
    }

  for (int i = 0; i < NR; i++) {
    for (int j = 0; j < NC; j++)
      printf("%g %g %g %g ", C[i][j], D[i][j], E[i][j], P[i][j]);
    printf("\n");
  }
  printf("%.6g %.10g %.10g\n", (double)lo, relu, hy);
  return 0;
}
