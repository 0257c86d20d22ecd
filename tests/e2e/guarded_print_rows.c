// The matrix printed row by row, a line per row: the inner loop's body is
// a guarded print of row i of A, stored sparse (pragma on the
// declaration), so it walks that row's stored entries in place. A stored
// CSC has no row to walk in place (a conversion per row would cost a pass
// over the whole matrix each time): that loop stays as written, its reads
// lookups, with one warning saying why.
// EXPECT-SPARSIFIED: 1
// EXPECT-REPORT: walk: A's stored entries in the loops' order, levels (i : dense (fixed), j : compressed)
// EXPECT-WARNING: loop not sparsified: the guarded body reads a fixed row of 'B', which is walked in place only when 'B' is stored sparse with that dimension first
// EXPECT-ABSENT: if (A[i][j] != 0) printf(" %d:%g", j, A[i][j]);
#include <stdio.h>

#define N 9

int main(void) {
#pragma sparse encoding(A : CSR)
  static double A[N][N];
#pragma sparse encoding(B : CSC)
  static double B[N][N];
  for (int r = 0; r < N; r++)
    for (int c = 0; c < N; c++)
      if ((r * 5 + c * 3) % 4 == 1 && r != 2 && r != 7) {
        A[r][c] = r - c * 0.5; /* zero at c == 2 * r */
        B[r][c] = r + c;
      }
  A[6][0] = -0.0;
  for (int i = 0; i < N; i++) {
    printf("row %d:", i);
    for (int j = 0; j < N; j++)
      if (A[i][j] != 0) printf(" %d:%g", j, A[i][j]);
    printf("\n");
  }
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      if (B[i][j] != 0) printf(" %d:%g", j, B[i][j]);
    printf("\n");
  }
  return 0;
}
