// A source edited on Windows: every line ends in CR LF, a pragma continued
// with a backslash among them. The rewritten regions, the added #include
// and the #line directives end their lines in CR LF too (tests/cli/driver.sh
// passthrough checks the bytes: no lone LF). .gitattributes keeps the CRs.
// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: y[i] += A[i][j] * x[j]
// EXPECT-ABSENT: s += A[i][j]
// EXPECT-REPORT: A: levels (dense padded, compressed unpadded)
// EXPECT-STDERR-EMPTY
#include <stdio.h>

#define N 17
#define M 13

static double A[N][M];

static void fill(double *x) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      A[i][j] = (i * 7 + j * 3) % 5 == 0 ? (double)(i - j) / 4.0 : 0.0;
  for (int j = 0; j < M; j++) A[6][j] = 0.0; /* an empty row */
  for (int j = 0; j < M; j++) x[j] = (double)(j % 4) - 1.5;
}

int main(void) {
  double x[M], y[N], s = 0.0;
  fill(x);

#pragma sparse encoding(A : (i, j) -> (i : dense, \
                                       j : compressed))
  for (int i = 0; i < N; i++) {
    y[i] = 0.0;
    for (int j = 0; j < M; j++)
      y[i] += A[i][j] * x[j];
  }

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      s += A[i][j];

  for (int i = 0; i < N; i++) printf("%.10g\n", y[i]);
  printf("sum %.10g\n", s);
  return 0;
}
