// Incremental sparsification: C is stored sparse (a pragma on its
// declaration), then the nests computing it get pragmas of their own for
// their inputs. Each such nest is a kernel with C as its sparse output (was:
// the loop pragma ignored, "inside a loop nest sparsified by an earlier
// pragma", and the nest filled C element by element). The last nest cannot
// skip absent entries (4 + A) but C is stored sparse: it is a kernel too,
// visiting every element and appending behind a zero filter (was: a loop
// of element writes into C, with a warning).
// EXPECT-SPARSIFIED: 6
// EXPECT-ABSENT: C[i][j] = A[i][j] * B[i][j];
// EXPECT-ABSENT: C[i][j] = 2.5 * A[i][j];
// EXPECT-ABSENT: D[i][j] = -A[j][i];
// EXPECT-REPORT: C: sparse output, ordered append
// EXPECT-REPORT: loop j: intersection(A, B)
// EXPECT-NOT-REPORT: pragma sparse ignored
// EXPECT-ABSENT: C[i][j] = 4 + A[i][j];
// EXPECT-NOT-REPORT: no loop can skip absent entries
#include <stdio.h>

#define N 9
#define M 7

static double A[N][M], B[N][M];
#pragma sparse encoding(C : CSR)
static double C[N][M];
#pragma sparse encoding(D : DCSR)
static double D[M][N];

static void print_sums(const char *what) {
  double s = 0, t = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) s += C[i][j] * (i + 1) + C[i][j] * C[i][j];
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) t += D[i][j] * (2 * j + 1);
  printf("%s %.17g %.17g\n", what, s, t);
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      A[i][j] = (i * 3 + j) % 4 == 0 ? 0.5 * (i - j) : 0;
      B[i][j] = (i + 2 * j) % 3 == 0 ? i + j + 1 : 0;
    }
  C[2][3] = 9; /* replaced by the first kernel */
#pragma sparse encoding(A : CSR, B : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      C[i][j] = A[i][j] * B[i][j];
  print_sums("product");
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      C[i][j] = 2.5 * A[i][j];
  print_sums("scale");
#pragma sparse encoding(A : CSC)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      D[i][j] = -A[j][i];
  print_sums("transpose");
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      C[i][j] = 4 + A[i][j];
  print_sums("shift");
  return 0;
}
