// Flat arrays `double *L` with the shape in the pragma, whose inner loop
// is bounded by the outer loop variable while the shape's extent is a
// parameter, a local copy of it, or a const variable: the range proof of
// the last subscript follows the enclosing loops' bounds (j < i, i < n,
// so j <= n - 2) and the initializers of names assigned nowhere. A flat
// lower-triangular solve, a flat lower-triangular SpMV (`j <= i`), a
// symmetric-half update from one triangle, a loop starting at 1 with `<=`
// bounds, and a const extent each sparsify; a subscript one past the row
// (`j + 1` for j < n) is still refused with the reason.
// EXPECT-SPARSIFIED: 5
// EXPECT-ABSENT: s -= L[i * n + j] * x[j];
// EXPECT-ABSENT: y[i] += L[i * N + j] * x[j];
// EXPECT-ABSENT: y[i] += L[i * n + j] * x[j];
// EXPECT-ABSENT: y[i] += L[i * n + j - 1] * x[j - 1];
// EXPECT-ABSENT: y[i] += L[i * KC + j] * x[j];
// EXPECT-WARNING: cannot delinearize 'L[i * n + j + 1]': its last subscript is not provably within [0, n)
#include <stdio.h>
#include <stdlib.h>

#define N 23
static const int KC = 7;

static unsigned long long state = 99;
static double next_value(int keep_pct) {
  state = state * 6364136223846793005ULL + 1442695040888963407ULL;
  int r = (int)((state >> 33) % 100);
  return r < keep_pct ? (double)((int)((state >> 40) % 17) - 8) / 4.0 : 0.0;
}

static void tri_solve(int n, const double *L, const double *b, double *x) {
  int i, j;
  double s;
#pragma sparse encoding(L[n][n] : CSR)
  for (i = 0; i < n; i++) {
    s = b[i];
    for (j = 0; j < i; j++)
      s -= L[i * n + j] * x[j];
    x[i] = s / L[i * n + i];
  }
}

static void tri_spmv(const double *L, const double *x, double *y) {
  int nn = N;
#pragma sparse encoding(L[N][N] : CSR)
  for (int i = 0; i < nn; i++)
    for (int j = 0; j <= i; j++)
      y[i] += L[i * N + j] * x[j];
}

static void sym_half(int n, const double *L, const double *x, double *y) {
#pragma sparse encoding(L[n][n] : DCSR)
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++) {
      y[i] += L[i * n + j] * x[j];
      if (j < i)
        y[j] += L[i * n + j] * x[i];
    }
}

static void from_one(int n, const double *L, const double *x, double *y) {
#pragma sparse encoding(L[n][n] : CSR)
  for (int i = 1; i <= n - 1; i++)
    for (int j = 1; j <= i; j++)
      y[i] += L[i * n + j - 1] * x[j - 1];
}

static void const_extent(const double *L, const double *x, double *y) {
#pragma sparse encoding(L[KC][KC] : CSR)
  for (int i = 0; i < KC; i++)
    for (int j = 0; j < i; j++)
      y[i] += L[i * KC + j] * x[j];
}

static void past_row(int n, const double *L, const double *x, double *y) {
#pragma sparse encoding(L[n][n] : CSR)
  for (int i = 0; i < n - 1; i++)
    for (int j = 0; j < n; j++)
      y[i] += L[i * n + j + 1] * x[j];
}

int main(void) {
  double *L = malloc(sizeof(double) * N * N);
  double b[N], x[N], y[N];
  if (!L) return 1;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      L[i * N + j] = j < i ? next_value(30) : j == i ? 2.0 + next_value(100) * next_value(100) : 0.0;
  for (int i = 0; i < N; i++) {
    b[i] = next_value(100);
    if (L[i * N + i] == 0) L[i * N + i] = 3.0;
  }
  tri_solve(N, L, b, x);
  for (int i = 0; i < N; i++) printf("%.12g\n", x[i]);
  for (int i = 0; i < N; i++) y[i] = 0;
  tri_spmv(L, b, y);
  for (int i = 0; i < N; i++) printf("%.12g\n", y[i]);
  for (int i = 0; i < N; i++) y[i] = 0;
  sym_half(N, L, b, y);
  for (int i = 0; i < N; i++) printf("%.12g\n", y[i]);
  for (int i = 0; i < N; i++) y[i] = 1;
  from_one(N, L, b, y);
  for (int i = 0; i < N; i++) printf("%.12g\n", y[i]);
  for (int i = 0; i < N; i++) y[i] = 0;
  const_extent(L, b, y);
  for (int i = 0; i < KC; i++) printf("%.12g\n", y[i]);
  for (int i = 0; i < N; i++) y[i] = 0;
  past_row(N, L, b, y);
  for (int i = 0; i < N; i++) printf("%.12g\n", y[i]);
  free(L);
  return 0;
}
