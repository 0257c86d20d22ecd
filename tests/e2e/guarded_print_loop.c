// Print and count loops of an ordinary program: the whole body is a
// statement with effects under a guard that is false wherever A's element
// is zero, so it runs at A's stored entries only, in the loops' order
// (pragma on the nest, A assembled at entry). Explicit zeros (a
// dense-dense encoding stores every zero, -0.0 is stored) are skipped by
// the guard as written; rows 3 and 9 are empty; the loop variables hold
// the coordinates inside the body and their final values after it.
// EXPECT-SPARSIFIED: 5
// EXPECT-REPORT: kernel sparsified: guarded body with effects, run at the stored entries in source order
// EXPECT-REPORT: walk: A's stored entries in the loops' order, levels (i : dense, j : compressed)
// EXPECT-REPORT: walk: A's stored entries in the loops' order, levels (i : dense, j : dense)
// EXPECT-ABSENT: for (int j = 0; j < M; j++)
// EXPECT-ABSENT: for (j = 0; j < M; j++)
// EXPECT-NOT-REPORT: kernel not sparsified
#include <math.h>
#include <stdio.h>

#define N 12
#define M 9

static double A[N][M];

int main(void) {
  for (int r = 0; r < N; r++)
    for (int c = 0; c < M; c++)
      if (r != 3 && r != 9 && (r * 5 + c * 7) % 4 == 1)
        A[r][c] = (r - c) * 0.5; /* zero where r == c */
  A[2][4] = -0.0;
  A[11][8] = 1e-300;

  int nnz = 0;
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if (A[i][j] != 0) {
        nnz++;
        printf("%d %d %g\n", i, j, A[i][j]);
      }
  printf("nnz %d\n", nnz);

  /* the count alone, `!= 0.0`, loop variables declared outside */
  int i, j;
  long count = 0;
#pragma sparse encoding(A : CSR)
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      if (A[i][j] != 0.0) count++;
  printf("count %ld after %d %d\n", count, i, j);

  /* fprintf to stdout, the guard a truth test, a sub-range of the rows */
#pragma sparse encoding(A : CSR)
  for (i = 2; i <= N - 3; i++)
    for (j = 0; j < M; j++)
      if (A[i][j])
        fprintf(stdout, "A(%d,%d) = %.3f\n", i + 1, j + 1, A[i][j]);
  printf("after %d %d\n", i, j);

  /* a guard with && on another condition; every zero stored */
#pragma sparse encoding(A : (i, j) -> (i : dense, j : dense))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if (j > i / 2 && A[i][j] > 0.0)
        printf("upper %d %d %g\n", i, j, A[i][j]);

  /* fabs with a threshold */
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if (fabs(A[i][j]) > 1.0)
        printf("big %d %d %+.2e\n", i, j, A[i][j]);
  return 0;
}
