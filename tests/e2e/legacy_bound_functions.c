// EXPECT-SPARSIFIED: 2
// EXPECT-STDERR-EMPTY
// EXPECT-ABSENT: for (i = 0; i < nrows(); i++)
// EXPECT-ABSENT: for (j = lo_col(i, BW); j < hi_col(i, BW); j++) y[i] += A[i][j] * x[j];
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) s += A(i,j - 1) * A(i,j)
// EXPECT-REPORT: the walk of A clamped to the band
// Loop bounds through small static functions of the file that are not
// `inline` (a row count, band limits written as functions of their own):
// sparsecc reads the calls as their values, and the rewritten file keeps
// the functions used, since a static function called nowhere else would
// draw -Wunused-function (an error under -Werror) on the output.
#include <stdio.h>
#define N 14
#define BW 2

static int nrows(void) { return N; }
static int lo_col(int i, int w) { return i - w > 0 ? i - w : 0; }
static int hi_col(int i, int w) { return i + w + 1 < N ? i + w + 1 : N; }

int main(void) {
#pragma sparse encoding(A : CSR)
  double A[N][N];
  double x[N], y[N], s = 0;
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      A[i][j] = (i * 3 + j * 5) % 7 == 3 || i == j ? 1.0 + i - 0.5 * j : 0.0;
  for (i = 0; i < N; i++) x[i] = 1.0 + (i % 4);
  for (i = 0; i < nrows(); i++)
    for (j = 1; j < N; j++) s += A[i][j - 1] * A[i][j];
  for (i = 0; i < N; i++) {
    y[i] = 0;
    for (j = lo_col(i, BW); j < hi_col(i, BW); j++) y[i] += A[i][j] * x[j];
  }
  printf("%g\n", s);
  for (i = 0; i < N; i++) printf("%g ", y[i]);
  printf("\n");
  return 0;
}
