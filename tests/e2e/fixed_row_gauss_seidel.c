// EXPECT-SPARSIFIED: 3
// EXPECT-ABSENT: for (int j = 0; j < i; j++) s -= A[i][j] * x[j];
// EXPECT-ABSENT: for (int j = i + 1; j < N; j++) s -= A[i][j] * x[j];
// EXPECT-ABSENT: p += A[r][j] * A[r + 1][j] + A[c][j] * x[j];
// EXPECT-REPORT: A: A[i][j] reads a fixed row: dimension 0 at 'i'
// EXPECT-REPORT: A_1: A[r + 1][j] reads a fixed row: dimension 0 at 'r + 1'
// EXPECT-REPORT: loop j: lattice {A, A_1} {A_2}
// A Gauss-Seidel sweep written with inner row loops: the call of rdiag()
// splits the iteration nest, so each row loop is a kernel of its own with
// the row i fixed. The triangular bounds (j < i, j > i) are checked on
// the visited columns; the sweep reads the x[j] it has just updated, in
// the source's order. Then three fixed rows of the same matrix in one
// loop: a product of two rows (their intersection) plus a third (a union).
#include <stdio.h>
#define N 40
#pragma sparse encoding(A : CSR)
double A[N][N];
double x[N], b[N];

static int calls; /* rdiag counts its calls: not a pure function */
static double rdiag(int i) { calls++; return 4.0 + i % 3; }

int main(void) {
  for (int i = 0; i < N; i++) {
    b[i] = 1 + i % 5;
    if (i % 7 == 3) continue;
    A[i][(i + 3) % N] = -1;
    if (i % 2) A[i][(5 * i + 1) % N] = 0.5;
    A[i][(i * i) % N] = 0.25;
  }
  for (int it = 0; it < 6; it++)
    for (int i = 0; i < N; i++) {
      double s = b[i];
      for (int j = 0; j < i; j++) s -= A[i][j] * x[j];
      for (int j = i + 1; j < N; j++) s -= A[i][j] * x[j];
      x[i] = s / rdiag(i);
    }
  for (int i = 0; i < N; i++) printf("%.17g\n", x[i]);
  for (int r = 0; r < N - 1; r += 5) {
    int c = (3 * r + 2) % N;
    double p = 0;
    for (int j = 0; j < N; j++) p += A[r][j] * A[r + 1][j] + A[c][j] * x[j];
    printf("%d %.17g\n", r, p);
  }
  return 0;
}
