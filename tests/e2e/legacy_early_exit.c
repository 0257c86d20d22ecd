// Searches that leave a nest over a sparse array at the first entry found:
// `goto done;` and `return` from a guarded body. The guard is false where
// the element is zero (`A[i][j] > 4.0`, `!= 0 && ...`), so the first
// stored entry in the loops' order where it holds is the dense program's
// first: the nest walks the stored entries in place (CSR, DCSR, COO stored
// sparse) and jumps out there, the loop variables declared outside holding
// that entry's coordinates. A guard an absent entry may satisfy (`A[i][j]
// < t`, t unknown) keeps the search as written, and so does a loop pragma
// on a dense array (the copy assembled for the walk would not be freed).
// EXPECT-SPARSIFIED: 4
// EXPECT-ABSENT: if (A[i][j] > 4.0) { found = 1; goto done; }
// EXPECT-ABSENT: if (D[i][j] != 0 && D[i][j] < -t) return i * N + j;
// EXPECT-ABSENT: if (C[i][j] != 0 && i < j && j % 4 != 1) { hits++; return j; }
// EXPECT-REPORT: exit: 'goto' leaves the walk at the first stored entry where the guard holds
// EXPECT-REPORT: exit: 'return' leaves the walk at the first stored entry where the guard holds
// EXPECT-WARNING: loop not sparsified: 'goto' leaves the loop nest from its guarded body, and 'W' would be assembled at entry for the walk
// EXPECT-WARNING: loop not sparsified: return in the nest
#include <stdio.h>

#define N 24

#pragma sparse encoding(A : CSR)
static double A[N][N];
#pragma sparse encoding(D : DCSR)
static double D[N][N];
#pragma sparse encoding(C : COO)
static int C[N][N];
static double W[N][N];
static int hits;

static int first_below(double t) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (D[i][j] != 0 && D[i][j] < -t) return i * N + j;
  return -1;
}

static int column_of_third(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (C[i][j] != 0 && i < j && j % 4 != 1) { hits++; return j; }
  return -1;
}

/* true at an absent entry when t > 0: every position is visited */
static int first_small(double t) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (A[i][j] < t) return i * N + j;
  return -1;
}

int main(void) {
  for (int i = 0; i < N; i++) {
    if (i % 5 == 0) continue; /* empty rows */
    A[i][(i * 7 + 3) % N] = 0.5 * i;
    A[i][(i * 5 + 1) % N] = i % 2 ? -1.0 : 2.5;
    if (i > 6) D[N - 1 - i][(i * 3) % N] = -0.25 * i;
    C[(i * 11) % N][i] = i;
    W[i][(i + 2) % N] = 1.0 + i;
  }
  A[3][4] = 0.0; /* an explicit zero where the program stored one */
  int found = 0, i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      if (A[i][j] > 4.0) { found = 1; goto done; }
done:
  printf("found %d at %d %d\n", found, i, j);

  int wi = -1, wj = -1;
#pragma sparse encoding(W : CSR)
  for (int r = 0; r < N; r++)
    for (int c = 0; c < N; c++)
      if (W[r][c] > 9.5) { wi = r; wj = c; goto w_done; }
w_done:
  printf("W %d %d\n", wi, wj);
  printf("below %d %d %d\n", first_below(1.0), first_below(3.0), first_below(100.0));
  int third = column_of_third();
  printf("third %d hits %d\n", third, hits);
  printf("small %d %d\n", first_small(-0.5), first_small(0.25));
  /* nothing found: the loop variables end as the dense loops leave them */
  found = 0;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      if (A[i][j] > 1000.0) { found = 1; goto none; }
none:
  printf("found %d at %d %d\n", found, i, j);
  return 0;
}
