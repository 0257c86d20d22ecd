// EXPECT-SPARSIFIED: 1
// EXPECT-ABSENT: else neg[i] += A[i][j];
// EXPECT-WARNING: 'small[i]++' runs where '!(A[i][j] > 1)' holds, which an absent entry (a zero) may satisfy
// An if/else over a sparse operand: sums in both branches skip the absent
// entries (a zero adds nothing); a count in the else branch runs where the
// condition is false, which an absent entry satisfies, so that nest stays
// dense, and the warning names the else branch's condition (not the
// whole if statement).
#include <stdio.h>
#define N 30
double A[N][N], pos[N], neg[N];
int small[N];

int main(void) {
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      if ((i * 3 + j) % 7 == 0) A[i][j] = (i + j) % 5 - 2.0;
#pragma sparse encoding(A : CSR)
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      if (A[i][j] > 0) pos[i] += A[i][j];
      else neg[i] += A[i][j];
    }
#pragma sparse encoding(A : CSR)
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      if (A[i][j] > 1) pos[i] += 1;
      else small[i]++;
    }
  for (i = 0; i < N; i += 4) printf("%g %g %d\n", pos[i], neg[i], small[i]);
  return 0;
}
