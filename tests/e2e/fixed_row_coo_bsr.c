// EXPECT-SPARSIFIED: 3
// EXPECT-ABSENT: s += C[r][j] * x[j];
// EXPECT-ABSENT: s += B[r][j] * x[j];
// EXPECT-ABSENT: s += D[r][j] * x[j];
// EXPECT-REPORT: C: C[r][j] reads a fixed row: dimension 0 at 'r'
// EXPECT-REPORT: level 0 (compressed) located by binary search once at entry
// EXPECT-REPORT: B: B[r][j] reads a fixed row: dimension 0 at 'r'
// EXPECT-REPORT: level 0 (dense) indexed once at entry
// EXPECT-REPORT: level 2 (dense) indexed at each visit of level 1
// EXPECT-REPORT: D: D[r][j] reads a fixed row: dimension 0 at 'r'
// One row of matrices stored sparse as COO (the row's segment of
// duplicates found by a binary search, its singleton column walked),
// BSR 2x3 (the block row indexed, its blocks walked, the row inside each
// block indexed) and DCSR (the row searched among the stored rows).
#include <stdio.h>
#define N 13
#define M 17
#pragma sparse encoding(C : COO)
double C[N][M];
#pragma sparse encoding(B : BSR(2, 3))
double B[N][M];
#pragma sparse encoding(D : DCSR)
double D[N][M];
double x[M];

static double coo_row(int r) {
  double s = 0;
  for (int j = 0; j < M; j++) s += C[r][j] * x[j];
  return s;
}
static double bsr_row(int r) {
  double s = 0;
  for (int j = 0; j < M; j++) s += B[r][j] * x[j];
  return s;
}
static double dcsr_row(int r) {
  double s = 0;
  for (int j = 0; j < M; j++) s += D[r][j] * x[j];
  return s;
}

int main(void) {
  for (int j = 0; j < M; j++) x[j] = 1.0 + j % 5;
  for (int i = 0; i < N; i++) {
    if (i % 4 == 1) continue; /* empty rows */
    int a = (5 * i + 2) % M, b = (3 * i + 11) % M;
    C[i][a] = 1.5 + i; C[i][b] += 2.0;
    B[i][a] = i - 3.0; B[i][b] += 0.25;
    D[i][a] = 0.5 * i; D[i][b] -= 1.0;
  }
  for (int r = 0; r < N; r++)
    printf("%d %.17g %.17g %.17g\n", r, coo_row(r), bsr_row(r), dcsr_row(r));
  return 0;
}
