// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: memset(R + 2 * m, 0, m * sizeof(double));
// EXPECT-ABSENT: memset(R + 7 * m + 1, 0, 2 * sizeof *R);
// EXPECT-ABSENT: memset(B[2] + 3, 0, 4 * sizeof(real));
// EXPECT-ABSENT: memset(B + 4, 0, sizeof B[4]);
// EXPECT-ABSENT: s += R[i * m + j] * (i + 1);
// EXPECT-ABSENT: t += B[i][j] * (j + 1);
// memset of a part of a sparse array written with pointer arithmetic: a
// row of a flat block (`R + k`), a window inside a row (`R + a + b`, also
// `B[i] + j`), a row of a 2-D array (`B + i`), and `&R[k]`: each clears
// the elements it covers, the byte counts being products with a sizeof.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef float real;

int main(void) {
  int n = 10, m = 8;
#pragma sparse encoding(R[n][m] : CSR)
  double *R = malloc(n * m * sizeof(double));
  if (!R) return 1;
  memset(R, 0, n * m * sizeof(double));
  for (int k = 0; k < 40; k++) R[((k * 3) % n) * m + (k * 5) % m] += k + 1;
  memset(R + 2 * m, 0, m * sizeof(double));
  memset(&R[5 * m + 2], 0, 3 * sizeof(double));
  memset(R + 7 * m + 1, 0, 2 * sizeof *R);
  memset(m + R, 0, sizeof(double) * 3);
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) s += R[i * m + j] * (i + 1);
  printf("%g %g %g\n", s, R[2 * m + 3], R[7 * m + 2]);
  free(R);

#pragma sparse encoding(B : DCSR)
  static real B[6][7];
  for (int i = 0; i < 6; i++)
    for (int j = 0; j < 7; j++) B[i][j] = (i * j) % 3 ? i + j : 0;
  memset(B[2] + 3, 0, 4 * sizeof(real));
  memset(B + 4, 0, sizeof B[4]);
  memset(B[1] + 5, 0, 3 * sizeof(float)); /* runs into the next row */
  float t = 0;
  for (int i = 0; i < 6; i++)
    for (int j = 0; j < 7; j++) t += B[i][j] * (j + 1);
  printf("%g %g %g\n", t, B[2][4], B[1][6]);
  return 0;
}
