// A condition with a constant added to the loop variable whose bound is
// an unsigned value cast to a signed type (`i + 1 < (int)n`, n a size_t
// or strlen's result, as code reading pairs of a string writes it) is
// `i < (int)n - 1`, which cannot wrap: the nest walks the stored entries,
// for n = 0 and n = 1 (no iteration) too. Without the cast (`i + 1 < n`)
// n - 1 could wrap: that nest is split, and only its inner loop over a
// row is a kernel, as the report says.
// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: for (i = 0; i + 1 < (int)n; i++)
// EXPECT-REPORT: loop nest split: loop condition 'i + 1 < n' would subtract 1 from a bound that may be of an unsigned type
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#define M 20

#pragma sparse encoding(P : CSR)
static double P[M][M];
static double w[M], s[M];

static void pairs(size_t n) {
  int i, j;
  for (i = 0; i < M; i++) s[i] = 0.0;
  for (i = 0; i + 1 < (int)n; i++)
    for (j = 0; j < M; j++)
      s[i] += P[i][j] * (w[j] - 1.0);
  for (i = 0; i < M; i += 3)
    printf("n=%zu s[%d]=%.17g\n", n, i, s[i]);
}

static void pairs_unsigned(size_t n) {
  size_t i;
  int j;
  double u = 0.0;
  for (i = 0; i + 1 < n; i++)
    for (j = 0; j < M; j++)
      u += P[i][j] * w[j];
  printf("u=%.17g\n", u);
}

int main(void) {
  const char *text = "sparse co-iteration";
  for (int i = 0; i < M; i++) {
    w[i] = 0.5 * i - 3.0;
    P[i][(i * 7) % M] = 1.0 + i;
    if (i % 3) P[i][(i + 4) % M] = -0.25 * i;
  }
  pairs(strlen(text));
  pairs(0);
  pairs(1);
  pairs_unsigned(strlen(text));
  pairs_unsigned(0);
  return 0;
}
