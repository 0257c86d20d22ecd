// Found by the random program tester (gen_program, seed 136, minimized):
// A has a pragma on its declaration but is passed to a function without
// one, so it keeps its dense storage and each nest assembles it at entry.
// The scaling nest then walks the assembled BSR tensor only for its
// pattern and scales the dense A in place: the positions inside the block
// (sc__A_p2, sc__A_p3) were declared but never read, and out.c did not
// compile with -Werror (unused variable). They are not declared now.
// EXPECT-SPARSIFIED: 1
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) A(i,j) *= 0.25
// EXPECT-REPORT: A: updated in place: the loops visit its entries stored at entry
// EXPECT-WARNING: 'A' keeps its dense storage
#include <stdio.h>

#define N 6
#define M 7

#pragma sparse encoding(A : BSR(2, 3))
static double A[N][M];
static double y[N];

static void rowsums(double (*m)[M]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      y[i] += m[i][j];
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      A[i][j] = (i * 7 + j) % 5 == 0 ? 0.5 * (i + j + 1) : 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      A[i][j] *= 0.25;
  rowsums(A);
  for (int i = 0; i < N; i++)
    printf("y %g\n", y[i]);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      printf("%g\n", A[i][j]);
  return 0;
}
