// EXPECT-SPARSIFIED: 2
// EXPECT-VECTORIZED: 1
// EXPECT-VECTOR-REPORT: loop i: not vectorized: R is searched per iteration
// EXPECT-ABSENT: s += R[i][c];
// EXPECT-ABSENT: u += C[i][c] * y[i];
// EXPECT-REPORT: R: R[i][c] reads a fixed column: dimension 1 at 'c'
// EXPECT-REPORT: level 1 (compressed) located by binary search at each visit of level 0
// EXPECT-REPORT: C: C[i][c] reads a fixed column: dimension 1 at 'c'
// EXPECT-REPORT: loop i: positions of C
// A fixed column of matrices stored sparse: over CSR (row-major) each row
// is searched for the column (no conversion of the stored matrix); over
// CSC the column's stored entries are walked.
#include <stdio.h>
#define N 40
#define M 30
#pragma sparse encoding(R : CSR)
double R[N][M];
#pragma sparse encoding(C : CSC)
double C[N][M];
double y[N];

static double col_sum(int c) {
  double s = 0;
  for (int i = 0; i < N; i++) s += R[i][c];
  return s;
}

static double col_dot(int c) {
  double u = 0;
  for (int i = 0; i < N; i++) u += C[i][c] * y[i];
  return u;
}

int main(void) {
  for (int i = 0; i < N; i++) {
    y[i] = 1.0 + (i % 5);
    R[i][(5 * i + 3) % M] = 0.5 * i;
    R[i][(i * i) % M] = 1.0 + i % 3;
    if (i % 4) C[i][(3 * i) % M] = i - 10.0;
    C[i][(11 * i + 7) % M] = 2.5;
  }
  for (int c = 0; c < M; c++) printf("%d %.17g %.17g\n", c, col_sum(c), col_dot(c));
  return 0;
}
