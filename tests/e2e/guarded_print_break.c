// A print loop whose guarded body leaves the nest with `break` stops at
// the first entry that takes it: run at the stored entries only, it would
// stop elsewhere, so it stays as written, with one warning saying why.
// EXPECT-SPARSIFIED: 0
// EXPECT-WARNING: loop not sparsified: 'break' leaves the loop nest from its guarded body
// EXPECT-REPORT-ONCE: kernel not sparsified: 'break' leaves the loop nest from its guarded body
#include <stdio.h>

#define N 6

static double A[N][N];

int main(void) {
  A[0][1] = 1; A[2][4] = 2; A[2][5] = 3; A[5][0] = 4;
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (A[i][j] != 0) {
        if (j > 3) break;
        printf("%d %d %g\n", i, j, A[i][j]);
      }
  return 0;
}
