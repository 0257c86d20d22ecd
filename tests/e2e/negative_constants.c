// Tests of a sparse entry against a negative constant: the C grammar folds
// the sign into the literal (`-1.0` is one number), and an absent entry (a
// zero) fails `A < -1.0`, so the loops walk the stored entries only; an
// octal constant compares with its value (`010` is 8). Tests an absent
// entry passes (`A > -2.5`, `A <= 0`) keep every position.
// EXPECT-SPARSIFIED: 7
// EXPECT-ABSENT: if (A[i][j] < -1.0) c++;
// EXPECT-ABSENT: x += A[i][j] < -5.0 ? 1 : 0;
// EXPECT-ABSENT: if (A[i][j] >= -0x4) s += A[i][j];
// EXPECT-ABSENT: if (K[i][j] > 010) big++;
// EXPECT-ABSENT: m = A[i][j] < -3.5f ? A[i][j] + 1.0 : m;
// EXPECT-REPORT: 'le++' runs where 'A[i][j] <= 0' holds, which an absent entry (a zero) may satisfy); every position is visited
// EXPECT-REPORT: 'gt++' runs where 'A[i][j] > -2.5' holds, which an absent entry (a zero) may satisfy); every position is visited
#include <stdio.h>

#define N 10

#pragma sparse encoding(A : CSR)
double A[N][N];
#pragma sparse encoding(K : DCSR)
int K[N][N];

int main(void) {
  for (int i = 0; i < N; i++) {
    A[i][(i * 3 + 1) % N] = i - 5.5;
    A[i][(i + 2) % N] = 2.0 * i - 9.0;
    if (i % 3 == 0) A[i][(i + 7) % N] = -4.0;
    if (i % 2) K[i][(i * 7) % N] = i + 3;
  }
  int c = 0, big = 0, le = 0, gt = 0;
  double x = 0, s = 0, m = -100.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (A[i][j] < -1.0) c++;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      x += A[i][j] < -5.0 ? 1 : 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (A[i][j] >= -0x4) s += A[i][j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (K[i][j] > 010) big++;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      m = A[i][j] < -3.5f ? A[i][j] + 1.0 : m;
  /* an absent entry passes these: every position counts */
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (A[i][j] <= 0) le++;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (A[i][j] > -2.5) gt++;
  printf("c=%d x=%g s=%g big=%d m=%g le=%d gt=%d\n", c, x, s, big, m, le, gt);
  return 0;
}
