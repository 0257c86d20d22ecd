// Strided slice views: SpMV over rows 1, 4, 7, ... and even columns of a
// CSR matrix (slice(1, 5, 3), slice(0, 7, 2)): the stored coordinates
// off the stride are skipped; a DCSR view whose row loop walks the stored
// rows (slice(3, 6, 2) on rows too); a COO view summed per row.
// EXPECT-SPARSIFIED: 3
// EXPECT-ABSENT: y[i] += A[1 + 3 * i][2 * j] * x[j];
// EXPECT-ABSENT: z[i] += A[3 + 2 * i][1 + 2 * j] * x[j];
// EXPECT-ABSENT: r[i] += A[2 * i][3 + j];
// EXPECT-REPORT: A: walked as a slice view: A[3 * i + 1][2 * j] of slice(1, 5, 3), slice(0, 7, 2)
// EXPECT-REPORT: A: walked as a slice view: A[2 * i + 3][2 * j + 1] of slice(3, 6, 2), slice(1, 6, 2)
// EXPECT-REPORT: loop i: positions of A
// EXPECT-REPORT: A: levels (compressed(nonunique) unpadded, singleton unpadded)
#include <stdio.h>

static unsigned long long lcg_state = 777;
static double lcg(void) {
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)((lcg_state >> 33) % 1000) / 100.0 - 5.0;
}

#define N 16
#define M 14

static double A[N][M];

int main(void) {
  double x[M], y[5], z[6], r[8];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      A[i][j] = lcg() > 1.5 ? lcg() : 0.0;
  for (int j = 0; j < M; j++) A[7][j] = 0.0;  /* an empty row of views */
  for (int i = 0; i < N; i++) A[i][13] = 2.5; /* the last column */
  for (int j = 0; j < M; j++) x[j] = lcg();

#pragma sparse encoding(A : (i : slice(1, 5, 3), j : slice(0, 7, 2)) -> (i : dense, j : compressed))
  for (int i = 0; i < 5; i++) {
    y[i] = 0.0;
    for (int j = 0; j < 7; j++)
      y[i] += A[1 + 3 * i][2 * j] * x[j];
  }

  for (int i = 0; i < 6; i++) z[i] = 0.0;
#pragma sparse encoding(A : (i : slice(3, 6, 2), j : slice(1, 6, 2)) -> (i : compressed, j : compressed))
  for (int i = 0; i < 6; i++)
    for (int j = 0; j < 6; j++)
      z[i] += A[3 + 2 * i][1 + 2 * j] * x[j];

  for (int i = 0; i < 8; i++) r[i] = 0.0;
#pragma sparse encoding(A : (i : slice(0, 8, 2), j : slice(3, 11, 1)) -> (i : compressed(nonunique), j : singleton))
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 11; j++)
      r[i] += A[2 * i][3 + j];

  for (int i = 0; i < 5; i++) printf("%.12g\n", y[i]);
  for (int i = 0; i < 6; i++) printf("%.12g\n", z[i]);
  for (int i = 0; i < 8; i++) printf("%.12g\n", r[i]);
  return 0;
}
