// EXPECT-SPARSIFIED: 1
// OUT-CFLAGS: -Wno-unknown-pragmas
// EXPECT-WARNING: legacy_header_pragma.c:14:1: warning: '#pragma sparse' at legacy_header_pragma.h:8 is not applied: sparsecc reads the pragmas of the file it rewrites, not those of the headers it includes; put the pragma in this file
// EXPECT-ABSENT: y[i] += A[i][j] * x[j];
// EXPECT-REPORT: kernel sparsified: forall(i) { y(i) = 0; forall(j) y(i) += A(i,j) * x(j) }
// A pragma in a header the file includes (next to the extern declaration
// of the global it names, where a user with several files puts it first)
// is read by no one: sparsecc rewrites this file and reads its pragmas
// only. It is warned about at the #include, with the line of the
// header's directive (not that of a comment mentioning it), and the loop
// pragma of this file is applied as usual.
#include <stdio.h>
#define SCALE 1.0
#include "legacy_header_pragma.h"

double A[N][N];

int main(void) {
  double x[N], y[N];
  int i, j;
  for (i = 0; i < N; i++) {
    A[i][i] = 2.0;
    A[i][(i * 3 + 1) % N] += -0.5;
    x[i] = SCALE / (i + 1);
  }
#pragma sparse encoding(A : CSR)
  for (i = 0; i < N; i++) {
    y[i] = 0;
    for (j = 0; j < N; j++)
      y[i] += A[i][j] * x[j];
  }
  for (i = 0; i < N; i += 7) printf("%.17g\n", y[i]);
  return 0;
}
