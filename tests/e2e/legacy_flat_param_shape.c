// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: for (j = 0; j < nc; j++) s += a[i * nc + j] * w[j] * (double)(i + 1);
// EXPECT-ABSENT: for (j = 0; j < NC; j++) y[i] += a[i * NC + j];
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) s += a(i,j) * w(j) * (double)(i + 1)
// EXPECT-REPORT: kernel sparsified: forall(j) y((i)) += a((i),j)
// EXPECT-STDERR-EMPTY
/* A flat double * matrix (row-major a[i*n + j]) with its shape given by
   the parameters in a function pragma and by macros at the calloc; size_t
   bounds and an unsigned loop counting down. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#define NR 15
#define NC 19

#pragma sparse encoding(a[nr][nc] : CSR)
static double weighted(const double *a, size_t nr, size_t nc, const double *w) {
  double s = 0;
  size_t i, j;
  for (i = 0; i < nr; i++)
    for (j = 0; j < nc; j++) s += a[i * nc + j] * w[j] * (double)(i + 1);
  return s;
}

int main(void) {
#pragma sparse encoding(a[NR][NC] : CSR)
  double *a = calloc(NR * NC, sizeof *a);
  double w[NC], y[NR];
  unsigned i, j;
  if (!a) return 1;
  for (i = 0; i < NR; i++)
    for (j = 0; j < NC; j++)
      if ((i + j * 2) % 6 == 0) a[i * NC + j] = 0.25 * (i + 1) - j * 0.1;
  for (j = 0; j < NC; j++) w[j] = 1.0 / (1 + j);
  printf("%.8f\n", weighted(a, NR, NC, w));
  for (i = NR; i-- > 0;) {
    y[i] = 0;
    for (j = 0; j < NC; j++) y[i] += a[i * NC + j];
  }
  for (i = 0; i < NR; i++) printf("%.4f ", y[i]);
  printf("\n");
  free(a);
  return 0;
}
