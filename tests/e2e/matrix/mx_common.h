/* mx_common.h — data for the kernel x format matrix (tests/e2e/matrix):
 * deterministic sparse matrices of several shapes with empty rows and
 * columns, zeros written inside the pattern, at most 2 non-zeros in each
 * aligned group of 4 along the last dimension (so NV24 applies to every
 * matrix), and values that are small dyadic rationals (sums are exact in
 * any order). Every instance runs its kernel on each shape. */
#ifndef MX_COMMON_H
#define MX_COMMON_H
#include <math.h>
#include <stdio.h>

/* not every instance calls every function */
#define MX_UNUSED __attribute__((unused))

/* shapes: n x m, none a multiple of a block size, 1 x N and N x 1 */
#define MX_NSHAPES 5
static const int mx_shape[MX_NSHAPES][2] = {{7, 5}, {1, 9}, {9, 1}, {8, 8}, {6, 11}};

static unsigned mx_state = 12345u;
static inline MX_UNUSED unsigned mx_next(void) {
  mx_state = mx_state * 1103515245u + 12345u;
  return (mx_state >> 16) & 0x7fffu;
}
/* a value in {-4, -3.75, ..., 4} \ {0} */
static inline MX_UNUSED double mx_value(void) {
  int v = (int)(mx_next() % 32) - 16;
  return (v >= 0 ? v + 1 : v) * 0.25;
}

/* A sparse n x m matrix: row 1 and column 2 empty (when they exist),
 * about a third of the other entries non-zero, 2:4 along each row, some
 * entries of the pattern written as 0.0. */
static inline MX_UNUSED void mx_fill(int n, int m, double A[n][m]) {
  for (int i = 0; i < n; i++)
    for (int g = 0; g < m; g += 4) {
      int a = (int)(mx_next() % 4), b = (int)(mx_next() % 4);
      for (int j = g; j < g + 4 && j < m; j++) {
        A[i][j] = 0.0;
        if (j - g != a && j - g != b) continue;
        unsigned r = mx_next() % 8;
        if (r < 4) A[i][j] = mx_value();
        else if (r == 4) A[i][j] = 0.0 * mx_value(); /* a zero in the pattern */
      }
    }
  if (n > 1)
    for (int j = 0; j < m; j++) A[1][j] = 0.0;
  if (m > 2)
    for (int i = 0; i < n; i++) A[i][2] = 0.0;
}

/* A dense vector or matrix of non-zero values. */
static inline MX_UNUSED void mx_dense(int n, double *x) {
  for (int i = 0; i < n; i++) x[i] = mx_value();
}

static inline MX_UNUSED void mx_print(const char *what, int n, const double *x) {
  printf("%s:", what);
  for (int i = 0; i < n; i++) printf(" %.17g", x[i]);
  printf("\n");
}
#endif
