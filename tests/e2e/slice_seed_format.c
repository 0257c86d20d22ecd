// The seed's #CSR_SLICE, written with `#pragma sparse format` in MLIR's
// spelling, and dynamic ('?') slice values supplied by the program: the
// row offset from a variable (A[r0 + i]), the column stride and the sizes
// from the subscripts and the loop bounds.
// EXPECT-SPARSIFIED: 3
// EXPECT-ABSENT: y[i] += A[i][j] * x[j];
// EXPECT-ABSENT: u[i] += A[r0 + i][1 + 3 * j];
// EXPECT-ABSENT: t[i] += A[i][2 * j] * x[j];
// EXPECT-REPORT: A: walked as a slice view: A[i][j] of slice(0, 4, 1), slice(0, 8, ?)
// EXPECT-REPORT: A: walked as a slice view: A[i + (r0)][3 * j + 1] of slice(?, ?, 1), slice(?, 3, ?)
// EXPECT-REPORT: A: walked as a slice view: A[i][2 * j] of slice(0, 4, 1), slice(0, 8, ?)
#include <stdio.h>

static unsigned long long lcg_state = 31337;
static double lcg(void) {
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)((lcg_state >> 33) % 1000) / 100.0 - 5.0;
}

#pragma sparse format CSR_SLICE = { map = (i : #sparse_tensor<slice(0, 4, 1)>, \
                                           j : #sparse_tensor<slice(0, 8, ?)>) -> \
                                     (i : dense, j : compressed) }

#define N 11
#define M 16

static double A[N][M];

int main(int argc, char **argv) {
  double x[M], y[4], u[N], t[4];
  int r0 = 3 + (argc > 5), n = 5 + (argc > 7); /* known only at run time */
  (void)argv;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      A[i][j] = lcg() > 1.0 ? lcg() : 0.0;
  for (int j = 0; j < M; j++) x[j] = lcg();

#pragma sparse encoding(A : CSR_SLICE)
  for (int i = 0; i < 4; i++) {
    y[i] = 0.0;
    for (int j = 0; j < 8; j++)
      y[i] += A[i][j] * x[j];
  }

#pragma sparse encoding(A : (i : slice(?, ?, 1), j : slice(?, 3, ?)) -> (i : dense, j : compressed))
  for (int i = 0; i < n; i++) {
    u[i] = 0.0;
    for (int j = 0; j < 3; j++)
      u[i] += A[r0 + i][1 + 3 * j];
  }

  /* the '?' stride of CSR_SLICE supplied by the subscript */
#pragma sparse encoding(A : CSR_SLICE)
  for (int i = 0; i < 4; i++) {
    t[i] = 0.0;
    for (int j = 0; j < 8; j++)
      t[i] += A[i][2 * j] * x[j];
  }

  for (int i = 0; i < 4; i++) printf("%.12g %.12g\n", y[i], t[i]);
  for (int i = 0; i < n; i++) printf("%.12g\n", u[i]);
  return 0;
}
