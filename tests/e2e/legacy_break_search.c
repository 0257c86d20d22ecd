// Searches that leave the inner loop with `break` at the first entry
// found, `first[i] = j; break;` under a test of A[i][j] per row, and a
// single loop over a sparse vector that stops at its first large entry.
// The guard is false where the element is zero, so the entry where the
// body breaks is the dense loop's first: the walk leaves that row's
// entries (the next row then walked) or, for one loop, the whole walk,
// its variable declared outside holding the coordinate it stopped at (or
// the loop's end when nothing broke). C89 variables declared outside the
// nest are fine where the inner one is not read after it. A search whose
// inner variable is read after the nest keeps it as written (the walk
// would not leave it at the last row's value), and so does a break out
// of a COO walk (one loop over the entries of all rows).
// EXPECT-SPARSIFIED: 5
// EXPECT-ABSENT: if (A[i][j] > 1.5) { first[i] = j; break; }
// EXPECT-ABSENT: if (A[i][j] != 0) { if (j > 5) break; rowsum[i] += A[i][j]; }
// EXPECT-ABSENT: if (v[k] > 0.5) { pos = k; break; }
// EXPECT-ABSENT: if (D[r][c] < -1.0) { cnt++; break; }
// EXPECT-REPORT: exit: 'break' leaves the walk of loop j at the first stored entry where the body reaches it
// EXPECT-REPORT: exit: 'break' leaves the walk at the first stored entry where the body reaches it
// EXPECT-WARNING: not sparsified whole: 'break' leaves the loop over 'c' from its guarded body, and 'c', declared outside the nest, is read after it
// EXPECT-WARNING: not sparsified whole: 'break' leaves the loop over 'j' from its guarded body, and the walk of 'C' has no loop of its own over that dimension
#include <stdio.h>

#define N 30

#pragma sparse encoding(A : CSR)
static double A[N][N];
#pragma sparse encoding(D : DCSR)
static double D[N][N];
#pragma sparse encoding(C : COO)
static double C[N][N];
#pragma sparse encoding(v : SparseVector)
static double v[N];

static int first_above_5(void) {
  int k, pos = -1;
  for (k = 0; k < N; k++)
    if (v[k] > 5.0) { pos = k; break; }
  printf("first above 5: %d, k %d\n", pos, k);
  return pos;
}

int main(void) {
  static int first[N];
  static double rowsum[N];
  int i, j, r, c, k, pos = -1, cnt = 0;
  for (i = 0; i < N; i++) {
    A[i][(i * 7 + 2) % N] = 0.5 + i % 4;
    A[i][(i * 3 + 11) % N] = 1.0 + (i % 3);
    if (i % 4 == 0) A[i][i] = 2.5;
    if (i % 3 == 1) D[i][(i * 5) % N] = -2.0 + i % 2;
    if (i % 5 == 2) D[i][(i + 9) % N] = -0.5 - i % 3;
    if (i % 2 == 0) C[i][(i * 11) % N] = 1.0 + i % 3;
    if (i % 6 == 5) v[i] = 0.25 * (i % 5);
    first[i] = -1;
  }

  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      if (A[i][j] > 1.5) { first[i] = j; break; }
  for (j = 0; j < N; j++)
    printf("%d ", first[j]);
  printf("\ni %d\n", i);

  /* the break under a test of its own: the row stops at its first entry
   * past column 5 */
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (A[i][j] != 0) { if (j > 5) break; rowsum[i] += A[i][j]; }
  for (i = 0; i < N; i++)
    printf("%g ", rowsum[i]);
  printf("\n");

  for (k = 0; k < N; k++)
    if (v[k] > 0.5) { pos = k; break; }
  printf("pos %d k %d\n", pos, k);
  first_above_5();

  /* DCSR: empty rows have no entries to walk */
  for (int r = 0; r < N; r++)
    for (int c = 0; c < N; c++)
      if (D[r][c] < -1.0) { cnt++; break; }
  printf("rows with a large negative: %d\n", cnt);

  /* c is read after the nest: kept as written */
  for (r = 0; r < N; r++)
    for (c = 0; c < N; c++)
      if (D[r][c] < -2.0) { cnt++; break; }
  printf("cnt %d c %d\n", cnt, c);

  /* COO: kept as written */
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      if (C[i][j] > 1.5) { cnt += j; break; }
  printf("cnt %d\n", cnt);
  return 0;
}
