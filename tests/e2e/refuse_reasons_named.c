// Nests that no loop can sparsify say which statement has an effect where
// the sparse operand is absent: an update that reads no sparse operand
// (`visits[i]++`), a last value (`last[i] = A[i][j]` keeps the value of
// the last j, absent or not), a recurrence on its own target. They stay as
// written and compute what they did; the last nest is sparsified.
// EXPECT-SPARSIFIED: 1
// EXPECT-WARNING: 'visits[i]++' reads no sparse operand, so it runs at every position
// EXPECT-WARNING: 'last[i] = A[i][j]' assigns its target again for every j, so the last value is kept, absent or not
// EXPECT-WARNING: 'rec[i] = rec[i] * 0.5 + A[i][j]' computes its target from its own value, which an absent entry changes too
// EXPECT-ABSENT: s[i] -= 2 * A[i][j];
#include <stdio.h>

#define N 6
#define M 7

int main(void) {
  double A[N][M] = {{0}}, s[N] = {0}, last[N], rec[N];
  int visits[N] = {0};
  for (int i = 0; i < N; i++) {
    A[i][(i * 2) % M] = i - 2;
    A[i][M - 1 - i % 3] = 1.5;
    last[i] = -1;
    rec[i] = 1;
  }
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      visits[i]++;
      s[i] += A[i][j];
    }
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      last[i] = A[i][j];
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      rec[i] = rec[i] * 0.5 + A[i][j];
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      s[i] -= 2 * A[i][j];
  for (int i = 0; i < N; i++) printf("%d %g %g %g\n", visits[i], s[i], last[i], rec[i]);
  return 0;
}
