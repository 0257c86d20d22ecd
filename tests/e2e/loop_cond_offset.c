// Loop conditions with a constant added to the loop variable, as code
// reading a neighbour writes them: `j + 1 < n`, `2 + j <= N`, `i > j + 1`
// are `j < n - 1`, `j < N - 1`, `j < i - 1` when the bound is of a signed
// type, and the nests walk the stored entries; n = 0 and a negative n (no
// iteration) too. With an unsigned bound (`j + 1 < un`, size_t) n - 1
// could wrap: that nest stays as written, with a warning saying so.
// EXPECT-SPARSIFIED: 1
// EXPECT-ABSENT: for (int j = 0; j + 1 < n; j++)
// EXPECT-ABSENT: for (int j = 0; 2 + j <= N; ++j)
// EXPECT-ABSENT: for (int j = 0; i > j + 1; j++)
// EXPECT-WARNING: loop condition 'j + 1 < un' would subtract 1 from a bound that may be of an unsigned type
#include <stddef.h>
#include <stdio.h>

#define N 30

double A[N][N], x[N + 2], d[N], y[N], lo[N], v[N];

static void run(int n, size_t un) {
  for (int i = 0; i < N; i++)
    d[i] = y[i] = lo[i] = v[i] = 0;
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++) {
    for (int j = 0; j + 1 < n; j++)
      d[i] += A[i][j] * (x[j + 1] - x[j]);
    for (int j = 0; 2 + j <= N; ++j)
      y[i] += A[i][j] * x[j + 2];
    for (int j = 0; i > j + 1; j++)
      lo[i] += A[i][j];
  }
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (size_t j = 0; j + 1 < un; j++)
      v[i] += A[i][j] * x[j];
  for (int i = 0; i < N; i++)
    printf("%.17g %.17g %.17g %.17g\n", d[i], y[i], lo[i], v[i]);
}

int main(void) {
  for (int i = 0; i < N + 2; i++)
    x[i] = 0.5 * i * i - 3.0 * i;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (i * 3 + j) % 7 == 0 ? 1.0 + i - 0.5 * j : 0.0;
  run(N, N);
  run(17, 17);
  run(0, 0);
  run(1, 1);
  run(-5, 2);
  return 0;
}
