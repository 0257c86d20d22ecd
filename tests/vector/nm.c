/* nm.c — the loops over a 2:4 (NV24) level with T + 1 columns (-DT=...):
 * a row's groups of four columns hold at most two entries, stored as two
 * positions each (padded with zeros), so a row of T + 1 columns runs
 * about T / 2 positions; the last group is partial unless 4 divides
 * T + 1, and its padding past the extent is never visited. Rows: two
 * entries in every group, one (the other a stored zero), none, and only
 * the last column. Shapes: double SpMV (gathers, a sum), the transposed
 * product (scatters), float SpMV (32-bit lanes), int SpMV, and a row max
 * by comparison (the entry counter of an idempotent reduction). Values
 * are multiples of 1/8 so that every association of a sum prints the
 * same. Compiled as it is, this is the reference for run_trips.sh and
 * run_sve.sh. */
#include <stdio.h>

#ifndef T
#define T 5
#endif
#define N 4
#define M (T + 1)

static double V[N][M], x[M], y[N], z[M], mx[N];
static float F[N][M], fx[M], fy[N];
static int I[N][M], ix[M], iy[N];

static double val(int i, int j) { return 0.125 * (1 + (3 * i + 5 * j) % 13); }

int main(void) {
  for (int j = 0; j < M; j++) {
    if (j % 4 == 1 || j % 4 == 2) V[0][j] = val(0, j);
    if (j % 4 == 3) V[1][j] = -val(1, j);
    x[j] = 0.25 * (j % 7) - 0.5;
    fx[j] = (float)x[j];
    ix[j] = j % 5 - 2;
  }
  V[3][M - 1] = 2.5;
  for (int i = 0; i < N; i++) {
    mx[i] = -7.0 + i;
    for (int j = 0; j < M; j++) {
      F[i][j] = (float)V[i][j];
      I[i][j] = (int)(8 * V[i][j]);
    }
  }

#pragma sparse encoding(V : NV24)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      y[i] += V[i][j] * x[j];                 /* gathers, sum */
#pragma sparse encoding(V : NV24)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      z[j] += V[i][j] * y[i];                 /* scatters */
#pragma sparse encoding(F : NV24)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      fy[i] += F[i][j] * fx[j];               /* float lanes */
#pragma sparse encoding(I : NV24)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      iy[i] += I[i][j] * ix[j];               /* int lanes */
#pragma sparse encoding(V : NV24)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if (V[i][j] > mx[i]) mx[i] = V[i][j];   /* max, entry counter */

  for (int i = 0; i < N; i++)
    printf("%d %.17g %.9g %d %.17g\n", i, y[i], (double)fy[i], iy[i], mx[i]);
  for (int j = 0; j < M; j++) printf("%.17g\n", z[j]);
  return 0;
}
