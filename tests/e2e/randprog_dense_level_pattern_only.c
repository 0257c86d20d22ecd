// Found by the random program tester (gen_program, seed 575, minimized):
// A has a pragma on its declaration, (j : compressed, i : dense), but is
// passed to a function without one, so it keeps its dense storage and each
// nest assembles it at entry. Scaling it in place in the loop order i, j
// walks the stored columns and locates row i in the dense level below:
// that position (sc__A_p1) was declared and never read, the values being
// read and written in the dense array, and out.c did not compile with
// -Werror (unused variable). It is not declared now.
// EXPECT-SPARSIFIED: 2
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) A(i,j) *= -1.0
// EXPECT-REPORT: A: updated in place: the loops visit its entries stored at entry
// EXPECT-WARNING: 'A' keeps its dense storage
#include <stdio.h>

#define N 3
#define M 6
#define R 2

#pragma sparse encoding(A : (i, j) -> (j : compressed, i : dense))
static double A[N][M];
static double y[N];
static int nnz;

static void rowsums(double (*m)[M]) {
  for (int i = 0; i < N; i++) {
    double acc = 0.0;
    for (int j = 0; j < M; j++)
      acc += m[i][j];
    y[i] = acc;
  }
}

int main(void) {
  A[0][2] = 1.5;
  A[0][4] += 1.5;
  A[2][2] = 0.25;
  A[1][5] = 0.25;
  for (int it = 0; it < R; it++) {
    for (int i = 0; i < N; i++)
      for (int j = 0; j < M; j++)
        A[i][j] *= -1.0;
    for (int i = 0; i < N; i++)
      for (int j = 0; j < M; j++)
        nnz += A[i][j] != 0;
  }
  rowsums(A);
  printf("nnz %d\n", nnz);
  for (int i = 0; i < N; i++)
    printf("y %g\n", y[i]);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      printf("%g\n", A[i][j]);
  return 0;
}
