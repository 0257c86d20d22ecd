// Truth values combined as legacy code writes them: a comparison of
// comparisons (`(A[i][j] > 0) == (B[i][j] > 0)`) and an && inside an ||
// (`(A[i][j] > 1 && i < j) || A[i][j] < -3`) keep their parentheses in
// the rewritten loops: without them gcc and clang warn under -Wall
// (-Wparentheses), which the harness compiles with -Werror.
// EXPECT-SPARSIFIED: 2
// EXPECT-STDERR-EMPTY
// EXPECT-ABSENT: same += (A[i][j] > 0) == (B[i][j] > 0);
// EXPECT-ABSENT: if ((A[i][j] != 0 && j % 2 == 0) || (A[i][j] < -2 && i > 3))
// EXPECT-REPORT: (A(i,j) > 0) == (B(i,j) > 0)
#include <stdio.h>

#define N 40

#pragma sparse encoding(A : CSR)
static double A[N][N];
static double B[N][N];

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      if ((i * 7 + j * 3) % 5 == 0) A[i][j] = (i - j) * 0.5;
      B[i][j] = (i + j) % 3 - 1;
    }
  int same = 0, flip = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      same += (A[i][j] > 0) == (B[i][j] > 0);
      flip += (A[i][j] < 0) != (i < j);
    }
  int c = 0;
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      c += (A[i][j] > 1 && i < j) || A[i][j] < -3;
      if ((A[i][j] != 0 && j % 2 == 0) || (A[i][j] < -2 && i > 3))
        s += A[i][j];
    }
  printf("same %d flip %d c %d s %.3f\n", same, flip, c, s);
  return 0;
}
