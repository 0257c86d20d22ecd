// The position of a running maximum or minimum (argmax, argmin) over a
// sparse operand, where an absent entry (a zero) can win: the loop walks
// the stored entries in order and the first absent coordinate of each
// range (`>`, `<`: the first extreme wins) or the last (`>=`, `<=`: the
// last wins), so ties, NaN entries and empty ranges give the dense
// program's answer. CSR; CSC whose loops run row by row (assembled in the
// loops' order) and column by column (its own order); DCSR and COO, whose
// absent rows are one more range; a SparseVector. Data sets: mixed signs,
// all negative (a zero wins), all positive, ties of stored values with
// each other and with the initial value, full rows (no absent entry),
// NaN entries, an explicit -0.0, and an empty matrix.
// EXPECT-SPARSIFIED: 8
// EXPECT-ABSENT: if (A[i][j] > m1) { m1 = A[i][j]; i1 = i; j1 = j; }
// EXPECT-ABSENT: if (A[i][j] >= m2) { m2 = A[i][j]; i2 = i; j2 = j; }
// EXPECT-ABSENT: if (A[i][j] < m3) { m3 = A[i][j]; i3 = i; j3 = j; }
// EXPECT-ABSENT: if (m4 < A[i][j]) { m4 = A[i][j]; i4 = i; j4 = j; }
// EXPECT-ABSENT: if (A[i][j] <= m5) { m5 = A[i][j]; i5 = i; j5 = j; }
// EXPECT-ABSENT: if (A[i][j] >= m6) { i6 = i; m6 = A[i][j]; j6 = j; }
// EXPECT-ABSENT: if (A[i][j] > m7) { m7 = A[i][j]; i7 = i; j7 = j; }
// EXPECT-ABSENT: if (v[j] <= m8) { m8 = v[j]; j8 = j; }
// EXPECT-REPORT: (a running extreme and its position: the stored entries and the first absent one)
// EXPECT-REPORT: (a running extreme and its position: the stored entries and the last absent one)
// EXPECT-REPORT: loop i: positions of A (a running extreme
// EXPECT-NOT-REPORT: not sparsified
#include <float.h>
#include <math.h>
#include <stdio.h>

#define N 7
#define M 6

static double A[N][M], v[M];

static unsigned long long state = 11;
static int next_int(int n) {
  state = state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (int)((state >> 33) % (unsigned)n);
}

/* keep_pct of the entries non-zero; sign < 0 all negative, > 0 all
 * positive, 0 mixed; values from a few integers, so ties are common */
static double value(int keep_pct, int sign) {
  if (next_int(100) >= keep_pct) return 0.0;
  double x = 1 + next_int(3);
  return sign < 0 ? -x : sign > 0 ? x : x - 2;
}

static void fill(int set) {
  int keep = (int[]){30, 60, 100, 0, 15, 45, 100, 50}[set];
  int sign = (int[]){0, -1, 1, 0, -1, 1, -1, 0}[set];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) A[i][j] = value(keep, sign);
  for (int j = 0; j < M; j++) v[j] = value(keep, sign);
  if (set == 5) { /* NaN entries, also the first one */
    A[0][0] = NAN;
    A[3][2] = NAN;
    v[1] = NAN;
  }
  if (set == 7) { /* an explicit -0.0 */
    A[2][4] = -0.0;
    v[0] = -0.0;
  }
}

static void csr_first_max(void) {
  double m1 = A[0][0];
  int i1 = 0, j1 = 0;
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if (A[i][j] > m1) { m1 = A[i][j]; i1 = i; j1 = j; }
  printf("csr > %g %d %d\n", m1, i1, j1);
}

static void csr_last_max(void) {
  double m2 = -INFINITY;
  int i2 = -1, j2 = -1;
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if (A[i][j] >= m2) { m2 = A[i][j]; i2 = i; j2 = j; }
  printf("csr >= %g %d %d\n", m2, i2, j2);
}

static void csc_rows_min(void) {
  double m3 = DBL_MAX;
  int i3 = -1, j3 = -1;
#pragma sparse encoding(A : CSC)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if (A[i][j] < m3) { m3 = A[i][j]; i3 = i; j3 = j; }
  printf("csc rows < %g %d %d\n", m3, i3, j3);
}

static void csc_columns_max(void) {
  double m4 = -DBL_MAX;
  int i4 = -1, j4 = -1;
#pragma sparse encoding(A : CSC)
  for (int j = 0; j < M; j++)
    for (int i = 0; i < N; i++)
      if (m4 < A[i][j]) { m4 = A[i][j]; i4 = i; j4 = j; }
  printf("csc columns > %g %d %d\n", m4, i4, j4);
}

static void dcsr_last_min(void) {
  double m5 = 0.5;
  int i5 = -1, j5 = -1;
#pragma sparse encoding(A : DCSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if (A[i][j] <= m5) { m5 = A[i][j]; i5 = i; j5 = j; }
  printf("dcsr <= %g %d %d\n", m5, i5, j5);
}

static void dcsr_last_max(void) {
  double m6 = A[N - 1][M - 1];
  int i6 = N - 1, j6 = M - 1;
#pragma sparse encoding(A : DCSR)
  for (int i = 1; i < N; i++)
    for (int j = 0; j < M; j++)
      if (A[i][j] >= m6) { i6 = i; m6 = A[i][j]; j6 = j; }
  printf("dcsr >= %g %d %d\n", m6, i6, j6);
}

static void coo_first_max(void) {
  double m7 = -1;
  int i7 = -1, j7 = -1;
#pragma sparse encoding(A : COO)
  for (int i = 0; i < N; i++)
    for (int j = 1; j < M; j++)
      if (A[i][j] > m7) { m7 = A[i][j]; i7 = i; j7 = j; }
  printf("coo > %g %d %d\n", m7, i7, j7);
}

static void vector_last_min(void) {
  double m8 = v[M - 1];
  long j8 = M - 1;
#pragma sparse encoding(v : SparseVector)
  for (int j = 0; j < M; j++)
    if (v[j] <= m8) { m8 = v[j]; j8 = j; }
  printf("vector <= %g %ld\n", m8, j8);
}

int main(void) {
  for (int set = 0; set < 8; set++) {
    fill(set);
    printf("set %d\n", set);
    csr_first_max();
    csr_last_max();
    csc_rows_min();
    csc_columns_max();
    dcsr_last_min();
    dcsr_last_max();
    coo_first_max();
    vector_last_min();
  }
  return 0;
}
