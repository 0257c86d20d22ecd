// EXPECT-SPARSIFIED: 1
// EXPECT-ABSENT: y[i] += AT(i, j) * x[j];
// EXPECT-WARNING: legacy_macro_columns.c:30:75: warning: loop not sparsified: call to function 'f'
// EXPECT-WARNING: legacy_macro_columns.c:34:23: warning: loop not sparsified: call to function 'g'
// EXPECT-REPORT: legacy_macro_columns.c:25:3: kernel sparsified
// Diagnostics on lines holding an expanded element-access macro point at
// the column of the line as written (the expansion is longer than the
// invocation), and an invocation spanning two lines keeps the later lines
// where they are (the warning on line 34, the kernel on line 25).
#include <stdio.h>
#include <stdlib.h>
#define AT(i, j) a[(i) * n + (j)]
static int calls; static double f(double v) { calls++; return v * 0.5; }
static double g(int i) { calls++; return i % 3; }

int main(void) {
  int n = 12;
#pragma sparse encoding(a[n][n] : CSR)
  double *a = calloc((size_t)n * n, sizeof *a);
  double x[12], y[12], s = 0;
  if (!a) return 1;
  for (int i = 0; i < n; i++) AT(i, (i * 5) % n) = i + 1, x[i] = 1.0 / (i + 1);
  AT(3,
     4) += 2;
  for (int i = 0; i < n; i++) {
    x[i] = x[i] * 2;
    y[i] = 0;
    for (int j = 0; j < n; j++) y[i] += AT(i, j) * x[j];
  }
  for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) s += AT(i, j) * f(s);
  double t = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      t += AT(i, j) * g(j);
  for (int i = 0; i < n; i++) printf("%g\n", y[i]);
  printf("%g %g\n", s, t);
  free(a);
  return 0;
}
