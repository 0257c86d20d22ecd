// Per-row argmax (`m = -1; for (j...) if (A[i][j] > m) { m = A[i][j];
// col[i] = j; }`, over CSR and over DCSR, whose rows are located), an
// argmin over an int matrix with loop variables declared outside the
// nest and printed after it, and an argmax over a flat `double *x`
// parameter stored as a SparseVector, and an argmin over the upper
// triangle (`j = i`, a bound from the outer loop): each walks the stored
// entries and the first (or last) absent coordinate of each row in its
// bounds, as zeros.
// EXPECT-SPARSIFIED: 5
// EXPECT-ABSENT: if (A[i][j] > m) { m = A[i][j]; col[i] = j; }
// EXPECT-ABSENT: if (A[i][j] >= rmax[i]) { rmax[i] = A[i][j]; rcol[i] = j; }
// EXPECT-ABSENT: if (IA[i][j] < best) { best = IA[i][j]; bi = i; bj = j; }
// EXPECT-ABSENT: if (x[k] > xm) { xm = x[k]; at = k; }
// EXPECT-ABSENT: if (A[i][j] <= um) { um = A[i][j]; ui = i; uj = j; }
// EXPECT-REPORT: loop j: positions of A (a running extreme and its position: the stored entries and the first absent one)
// EXPECT-REPORT: loop j: positions of A (a running extreme and its position: the stored entries and the last absent one)
// EXPECT-REPORT: loop j: positions of IA (a running extreme
// EXPECT-REPORT: loop k: positions of x (a running extreme
#include <stdio.h>
#include <stdlib.h>

#define N 9
#define M 8

static double A[N][M];
static int IA[N][M];

static unsigned long long state = 5;
static int next_int(int n) {
  state = state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (int)((state >> 33) % (unsigned)n);
}

static void row_argmax(int *col) {
  double m;
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++) {
    m = -1;
    col[i] = -1;
    for (int j = 0; j < M; j++)
      if (A[i][j] > m) { m = A[i][j]; col[i] = j; }
  }
}

static void row_last_max(double *rmax, int *rcol) {
#pragma sparse encoding(A : DCSR)
  for (int i = 0; i < N; i++) {
    rmax[i] = -2;
    rcol[i] = -1;
    for (int j = 0; j < M; j++)
      if (A[i][j] >= rmax[i]) { rmax[i] = A[i][j]; rcol[i] = j; }
  }
}

static void int_argmin(void) {
  int best = 1, bi = -1, bj = -1;
  int i, j;
#pragma sparse encoding(IA : CSR)
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      if (IA[i][j] < best) { best = IA[i][j]; bi = i; bj = j; }
  printf("int %d %d %d after %d %d\n", best, bi, bj, i, j);
}

static void vec_argmax(int n, const double *x) {
  double xm = -0.5;
  int at = -1;
#pragma sparse encoding(x[n] : SparseVector)
  for (int k = 0; k < n; k++)
    if (x[k] > xm) { xm = x[k]; at = k; }
  printf("vec %g %d\n", xm, at);
}

static void upper_argmin(void) {
  double um = 0.25;
  int ui = -1, uj = -1;
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = i; j < M; j++)
      if (A[i][j] <= um) { um = A[i][j]; ui = i; uj = j; }
  printf("upper %g %d %d\n", um, ui, uj);
}

int main(void) {
  int col[N], rcol[N];
  double rmax[N];
  double *x = malloc(sizeof(double) * N * M);
  if (!x) return 1;
  for (int set = 0; set < 4; set++) {
    for (int i = 0; i < N; i++)
      for (int j = 0; j < M; j++) {
        int keep = i == 2 ? 0 : i == 5 ? 100 : 20 + 25 * set;
        int r = next_int(100) < keep ? next_int(5) - (set == 1 ? 5 : set == 2 ? 0 : 2) : 0;
        A[i][j] = r == 0 && set == 3 && i == 5 ? 1.5 : r;
        IA[i][j] = r;
      }
    for (int k = 0; k < N * M; k++) x[k] = A[k / M][k % M];
    row_argmax(col);
    row_last_max(rmax, rcol);
    printf("set %d\n", set);
    for (int i = 0; i < N; i++) printf("%d %g %d\n", col[i], rmax[i], rcol[i]);
    int_argmin();
    vec_argmax(N * M, x);
    upper_argmin();
  }
  free(x);
  return 0;
}
