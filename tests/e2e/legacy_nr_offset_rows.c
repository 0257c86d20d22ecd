// EXPECT-SPARSIFIED: 2
// EXPECT-WARNING: legacy_nr_offset_rows.c:73:25: warning: loop not sparsified: 'a' (type 'float **') is not assembled from its dense storage: the nest reads it only from where loop 'i' starts, and assembling it would read every index from 0 (dimension 0), which need not exist
// EXPECT-ABSENT: for (j = 1; j <= n; j++) c[i] += b[i][j] * x[j];
// EXPECT-ABSENT: for (j = 1; j <= n; j++) s += z[i - 1][j - 1] * x[j];
// EXPECT-REPORT: kernel sparsified: forall(i) { c(i) = 0.0; forall(j) c(i) += b(i,j) * x(j) }
// EXPECT-REPORT: kernel not sparsified: 'a' (type 'float **') is not assembled from its dense storage
// Numerical-Recipes style 1-based matrices. A `float **` from the
// offset allocator matrix(1, n, 1, n) has no row 0 (its row pointers
// start one element before the block), and a loop nest from i = 1 reads
// only rows 1..n: assembling it at the nest's entry would read row 0,
// so the nest is left as written, with a warning. The same nest over a
// matrix declared with n + 1 rows (`b[N + 1][N + 1]`, row 0
// unused but present) is sparsified, and so is a nest over the offset
// matrix whose subscripts reach index 0 (row 0 is read by the nest
// itself).
#include <stdio.h>
#include <stdlib.h>

#define NR_END 1
#define N 120

static unsigned long seed = 12345UL;
static float ran(void) {
  seed = seed * 1103515245UL + 12345UL;
  return (float)((seed >> 16) & 0x7fff) / 32768.0f;
}

static float **matrix(long nrl, long nrh, long ncl, long nch) {
  long i, nrow = nrh - nrl + 1, ncol = nch - ncl + 1;
  float **m = malloc((size_t)(nrow + NR_END) * sizeof(float *));
  if (!m) return NULL;
  m += NR_END;
  m -= nrl;
  m[nrl] = malloc((size_t)(nrow * ncol + NR_END) * sizeof(float));
  m[nrl] += NR_END;
  m[nrl] -= ncl;
  for (i = nrl + 1; i <= nrh; i++) m[i] = m[i - 1] + ncol;
  return m;
}

static void free_matrix(float **m, long nrl, long ncl) {
  free(m[nrl] + ncl - NR_END);
  free(m + nrl - NR_END);
}

#pragma sparse encoding(b : CSR)
static float b[N + 1][N + 1];

int main(void) {
  int n = N, i, j, k;
  float **a = matrix(1, n, 1, n), **z = matrix(0, n - 1, 0, n - 1);
  float x[N + 1], y[N + 1], c[N + 1], sum;
  if (!a || !z) return 1;
  for (i = 1; i <= n; i++) {
    for (j = 1; j <= n; j++) a[i][j] = 0.0f;
    a[i][i] = 4.0f;
    for (k = 0; k < 3; k++) {
      j = 1 + (int)(ran() * n);
      if (j > n) j = n;
      a[i][j] += ran() - 0.5f;
    }
    x[i] = ran();
  }
  for (i = 0; i < n; i++)
    for (j = 1; j <= n; j++) z[i][j - 1] = a[i + 1][j];
  for (i = 1; i <= n; i++)
    for (j = 1; j <= n; j++) b[i][j] = a[i][j];
  for (i = 1; i <= n; i++) {
    c[i] = 0.0;
    for (j = 1; j <= n; j++) c[i] += b[i][j] * x[j];
  }
  /* rows 1..n of a: its row 0 does not exist */
#pragma sparse encoding(a : CSR)
  for (i = 1; i <= n; i++) {
    sum = 0.0f;
    for (j = 1; j <= n; j++) sum += a[i][j] * x[j];
    y[i] = sum;
  }
  /* rows 0..n-1 of z, read by the nest from row 0 */
  double t = 0;
#pragma sparse encoding(z : CSR)
  for (i = 1; i <= n; i++) {
    float s = 0.0f;
    for (j = 1; j <= n; j++) s += z[i - 1][j - 1] * x[j];
    t += s * i;
  }
  for (i = 1; i <= n; i += 17) printf("y[%d] = %.5f c = %.5f\n", i, y[i], c[i]);
  printf("t = %.4f\n", t);
  free_matrix(a, 1, 1);
  free_matrix(z, 0, 0);
  return 0;
}
