// Arrays stored sparse as ELL(4) and NV24, read in place by SpMV and a
// transposed SpMV: the ELL kernel walks the four slices of each row, the
// NV24 kernel every group of four columns and the two entries stored in it.
// EXPECT-SPARSIFIED: 3
// EXPECT-ABSENT: y[i] += E[i][j] * x[j];
// EXPECT-ABSENT: z[j] += V[i][j] * y[i];
// EXPECT-ABSENT: s += E[i][j] * V[i][j];
// EXPECT-REPORT: E: levels (dense padded, dense padded, compressed unpadded), posWidth 0, crdWidth 0; its sparse storage read in place
// EXPECT-REPORT: V: levels (dense padded, dense padded, n_out_of_m[2, 4] padded), posWidth 0, crdWidth 2; its sparse storage read in place
#include <stdio.h>

#define N 13
#define M 22

#pragma sparse encoding(E : ELL(4))
static double E[N][M];
#pragma sparse encoding(V : NV24)
static double V[N][M];
static double x[M], y[N], z[M];

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if ((3 * i + j) % 7 == 0 && i != 4) E[i][j] = 1.0 + i - 0.5 * j;
  for (int i = 0; i < N; i++)
    for (int g = 0; g + 3 < M; g += 4) {
      V[i][g + i % 4] = 0.25 * (i + g + 1);
      if (i % 3) V[i][g + (i + 1) % 4] = -1.0 - g;
    }
  V[N - 1][M - 1] = 7.5;  /* the last, partial group of columns */
  for (int j = 0; j < M; j++) x[j] = j % 5 - 1.5;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      y[i] += E[i][j] * x[j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      z[j] += V[i][j] * y[i];
  double s = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      s += E[i][j] * V[i][j];
  for (int i = 0; i < N; i++) printf("%.17g\n", y[i]);
  for (int j = 0; j < M; j++) printf("%.17g\n", z[j]);
  printf("%.17g\n", s);
  return 0;
}
