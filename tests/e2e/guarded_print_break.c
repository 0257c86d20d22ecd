// A print loop whose guarded body leaves the inner loop with `break`
// stops the row at the first entry that takes it. The body runs only
// where the element is nonzero, so that entry is a stored one: the walk
// of A's entries leaves the row there, as the dense loop does, and goes
// on with the next row.
// EXPECT-SPARSIFIED: 1
// EXPECT-ABSENT: for (int j = 0; j < N; j++)
// EXPECT-REPORT-ONCE: exit: 'break' leaves the walk of loop j at the first stored entry where the body reaches it
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
