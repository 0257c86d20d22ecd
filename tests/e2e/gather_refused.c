// Indirect subscripts that stay dense, each with a warning saying why: an
// index array the nest writes, a gathered array the nest writes, an
// indirect subscript of the sparse array itself (random access into its
// storage), a subscript that reads the sparse array, and an assignment
// into a dense output through an index array with duplicates (`y[dup[i]]
// =`, two rows into one element: the last one's value stays; a `+=`
// scatter is sparsified, tests/e2e/legacy_scatter.c). The program's
// output is the dense one.
// EXPECT-SPARSIFIED: 0
// EXPECT-WARNING: indirect subscript 'perm[j]' of 'x' reads 'perm', which the loop nest writes
// EXPECT-WARNING: 'v' is read at a computed position (an indirect subscript) and written in the loop nest
// EXPECT-WARNING: indirect subscript 'perm[j]' of sparse array 'A'
// EXPECT-WARNING: indirect subscript '(int)A[i][j]' of 'x' reads sparse array 'A'
// EXPECT-WARNING: 'y[dup[i]]' is written at a computed position (an indirect subscript of a dense output, a scatter) with '=' (only += and -= are modelled)
// EXPECT-REPORT: kernel not sparsified: indirect subscript 'perm[j]' of sparse array 'A': its stored entries are found by their coordinates
#include <stdio.h>
#define N 23

static double A[N][N], x[N], y[N], v[N];
static int perm[N], dup[N];

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = ((i + 2 * j) % 5 == 0) ? (double)((i + j) % 4) : 0.0;
  for (int i = 0; i < N; i++) {
    x[i] = 0.5 * i - 2.0;
    v[i] = 1.0 + i;
    perm[i] = (i * 4 + 1) % N;
    dup[i] = i / 3;
    y[i] = 0.0;
  }
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      y[i] += A[i][j] * x[perm[j]];
      perm[j] = (perm[j] + 1) % N;
    }
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      v[j] += A[i][j] * v[perm[j]];
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      y[i] += A[i][perm[j]] * x[j];
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      y[i] += x[(int)A[i][j]];
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      y[dup[i]] = A[i][j] * x[j];
  for (int i = 0; i < N; i++)
    printf("%d %.10g %.10g %d\n", i, y[i], v[i], perm[i]);
  return 0;
}
