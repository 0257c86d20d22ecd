// Back substitution counting down (`for (i = N - 1; i >= 0; i--)`): the
// order of i matters, so it stays a dense loop counting down while the
// inner loop walks the stored entries of row i, for each format; a
// recurrence y[r] <- y[r + 1] counting down likewise. An inner loop
// counting down with a dependence walks every position: over CSR nothing
// is left to skip (refused, saying so), over DCSR the empty rows are.
// EXPECT-SPARSIFIED: 6
// EXPECT-WARNING: the loop counting down over 'c' carries a dependence (its order matters), so it visits every position
// EXPECT-ABSENT: w[c] -= 0.25 * w[c + 1] * U[r][c];
// EXPECT-ABSENT: s -= U[i][j] * x[j];
// EXPECT-ABSENT: s = s - U[r][c] * x[c];
// EXPECT-ABSENT: x[r] -= U[r][c] * x[c];
// EXPECT-ABSENT: y[r] += U[r][c];
#include <stdio.h>
#define N 11
static double U[N][N];
static void solve_print(const double *x) { for (int i = 0; i < N; i++) printf("%.10f ", x[i]); printf("\n"); }
int main(void) {
  double b[N], x[N];
  for (int i = 0; i < N; i++) { U[i][i] = 2 + (i % 3); if (i + 2 < N) U[i][i + 2] = -1; if (i < 4) U[i][N - 1] = 0.5; b[i] = i - 5; }
  int i, j;
#pragma sparse encoding(U : DCSR)
  for (i = N - 1; i >= 0; --i) {
    double s = b[i];
    for (j = i + 1; j < N; j++)
      s -= U[i][j] * x[j];
    x[i] = s / U[i][i];
  }
  solve_print(x);
#pragma sparse encoding(U : COO)
  for (int r = N - 1; r > -1; r -= 1) {
    double s = b[r];
    for (int c = r + 1; c < N; c++)
      s = s - U[r][c] * x[c];
    x[r] = s / U[r][r];
  }
  solve_print(x);
#pragma sparse encoding(U : CSC)
  for (int r = N - 1; r >= 0; r--) {
    x[r] = b[r];
    for (int c = r + 1; c < N; c++)
      x[r] -= U[r][c] * x[c];
    x[r] /= U[r][r];
  }
  solve_print(x);
#pragma sparse encoding(U : BSR(2, 2))
  for (int r = N - 1; r >= 0; r--) {
    x[r] = b[r];
    for (int c = r + 1; c < N; c++)
      x[r] -= U[r][c] * x[c];
    x[r] /= U[r][r];
  }
  solve_print(x);
  /* a prefix recurrence counting down: y[r] depends on y[r + 1] */
  double y[N + 1];
  y[N] = 1;
#pragma sparse encoding(U : CSR)
  for (int r = N - 1; r >= 0; r--) {
    y[r] = 0.5 * y[r + 1];
    for (int c = 0; c < N; c++)
      y[r] += U[r][c];
  }
  solve_print(y);
  /* an inner loop counting down: w[c] depends on w[c + 1] */
  double w[N + 1];
  for (int c = 0; c <= N; c++) w[c] = 1;
#pragma sparse encoding(U : CSR)
  for (int r = 0; r < N; r++)
    for (int c = N - 1; c >= 0; c--)
      w[c] += w[c + 1] * U[r][c];
#pragma sparse encoding(U : DCSR)
  for (int r = 0; r < N; r++)
    for (int c = N - 1; c >= 0; c--)
      w[c] -= 0.25 * w[c + 1] * U[r][c];
  solve_print(w);
  printf("%d %d\n", N, j);
  return 0;
}
