// OUT-CFLAGS: -Wno-deprecated-non-prototype
// EXPECT-SPARSIFIED: 1
// EXPECT-WARNING: parameters not replaced: it is an old-style (K&R) definition; declare the parameters in its parameter list
// EXPECT-ABSENT: s += a[i][j] * v[j];
// EXPECT-REPORT: a: levels (dense padded, compressed unpadded), posWidth 0, crdWidth 0; assembled from its dense array at entry
// A pragma on an old-style (K&R) definition, parameters declared after
// the parameter list: the parameters stay dense arrays, with a warning
// that says why (not "variadic or has too many parameters"), and the
// nest inside assembles the array at entry, as a pragma on the nest does.
#include <stdio.h>
#define N 24

double amat[N][N], bvec[N];

#pragma sparse encoding(a : CSR)
double weighted_total(a, n, v)
double a[N][N];
int n;
double *v;
{
  register int i, j;
  double s;
  s = 0.0;
  for (i = 0; i < n; i++)
    for (j = 0; j < N; j++)
      s += a[i][j] * v[j];
  return s;
}

int main(void) {
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      if ((i + j) % 5 == 0) amat[i][j] = 1.0 / (1 + i + j);
  for (i = 0; i < N; i++) bvec[i] = i;
  printf("%.17g\n", weighted_total(amat, N, bvec));
  printf("%.17g\n", weighted_total(amat, N / 2, bvec));
  return 0;
}
