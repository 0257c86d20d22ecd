// EXPECT-SPARSIFIED: 1
// EXPECT-ABSENT: t += A[src][j] * (j + 1);
// EXPECT-REPORT: A: assembled once, before the loop at line 18, and reused while A is unchanged
// EXPECT-REPORT: A: A[src][j] reads a fixed row: dimension 0 at 'src'
// A pragma on a nest over one row of a dense array, inside a loop that
// repeats it: the array is assembled once, before the repeating loop, and
// each repetition walks the stored entries of its row.
#include <stdio.h>
#define N 30
double A[N][N];

int main(void) {
  for (int i = 0; i < N; i++) {
    if (i % 4 != 1) A[i][(i * 7) % N] = i + 1;
    A[i][(i + 5) % N] = 0.5;
  }
  double t = 0;
  for (int rep = 0; rep < 6; rep++) {
    int src = (rep * 11) % N;
#pragma sparse encoding(A : DCSR)
    for (int j = 0; j < N; j++) t += A[src][j] * (j + 1);
  }
  printf("%g\n", t);
  return 0;
}
