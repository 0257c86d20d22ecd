// Sparse outputs in a padded compressed level (SPEC section 3: writing
// into a padded level never filters): C = A + B and the row sums r of A
// are appended without a zero test, and --report says so for each, as it
// says "zero filter" where one is emitted (D, unpadded, from the same sum)
// and why there is none for q, a scaled copy of the sparse vector u.
// EXPECT-SPARSIFIED: 5
// EXPECT-ABSENT: C[i][j] = A[i][j] + B[i][j];
// EXPECT-ABSENT: D[i][j] = A[i][j] + B[i][j];
// EXPECT-REPORT: no zero filter for C: its level is padded (it may store explicit zeros)
// EXPECT-REPORT: no zero filter for r: its level is padded (it may store explicit zeros)
// EXPECT-REPORT: zero filter: values appended to D tested != 0
// EXPECT-REPORT: no zero filter for q: every operand is unpadded and the operation preserves non-zeros
// EXPECT-NOT-REPORT: zero filter: values appended to C
// EXPECT-NOT-REPORT: zero filter: values appended to r
#include <stdio.h>

#define N 9
#define M 11
double A[N][M], B[N][M];
#pragma sparse encoding(C : (i, j) -> (i : dense, j : compressed(padded)))
double C[N][M];
#pragma sparse encoding(D : CSR)
double D[N][M];
#pragma sparse encoding(r : (i) -> (i : compressed(padded)))
double r[N];
#pragma sparse encoding(u : SparseVector)
double u[M];
#pragma sparse encoding(q : SparseVector)
double q[M];

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      if ((i + 2 * j) % 3 == 0) A[i][j] = i + 1 - 0.5 * j;
      if ((3 * i + j) % 4 == 1) B[i][j] = j - 2.0;
    }
  A[2][4] = 3.0;
  B[2][4] = -3.0; /* the sum cancels: a zero C stores and D drops */
#pragma sparse encoding(A : CSR, B : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      C[i][j] = A[i][j] + B[i][j];
    }
#pragma sparse encoding(A : CSR, B : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      D[i][j] = A[i][j] + B[i][j];
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      r[i] += A[i][j];
  for (int j = 0; j < M; j += 3) u[j] = 1.0 + j;
  for (int j = 0; j < M; j++)
    q[j] = -2.0 * u[j];
  double s = 0, t = 0;
  int nc = 0, nd = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      s += C[i][j] * (i * M + j + 1);
      t += D[i][j] * (i + 1);
      nc += C[i][j] != 0;
      nd += D[i][j] != 0;
    }
  for (int i = 0; i < N; i++) printf("r[%d] = %g\n", i, r[i]);
  for (int j = 0; j < M; j++) printf("q[%d] = %g\n", j, q[j]);
  printf("%g %g %d %d %g %g\n", s, t, nc, nd, C[2][4], D[2][4]);
  return 0;
}
