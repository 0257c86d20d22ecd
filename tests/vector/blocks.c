/* blocks.c — loops over the dense levels inside BSR blocks
 * (src/vector/vectorize.c, vec_emit_blocks) with blocks CB entries wide
 * along the vectorized dimension (-DCB=...; run_trips.sh also rewrites
 * the `, 5)` of each BSR encoding below to CB, since pragma parameters are
 * integers): SpMV (accumulators held across the blocks of a row), the
 * transposed product (stores into the entries of each block), a float
 * SpMV with `-=` and a scalar invariant, and an int SpMV. Every matrix has
 * a last block column that reaches past the extent (NC is not a multiple
 * of CB when CB > 1), an empty block row and a row of only that partial
 * block. Compiled as it is, this is the reference for
 * tests/vector/run_trips.sh and run_sve.sh. */
#include <stdio.h>

#ifndef CB
#define CB 5
#endif
#define NR 9                      /* rows: block rows of 2 and 3, partial */
#define NC (3 * CB + CB / 2)      /* columns: a partial last block */

static unsigned long long st = 7;
static int rnd(void) { /* in [1, 16] */
  st = st * 6364136223846793005ULL + 1442695040888963407ULL;
  return 1 + (int)((st >> 33) % 16);
}

static double W[NR][NC], x[NC], y[NR], v[NR], z[NC];
static float Wf[NR][NC], xf[NC], yf[NR];
static int Wi[NR][NC], xi[NC], yi[NR];

int main(void) {
  for (int i = 0; i < NR; i++)
    for (int j = 0; j < NC; j++) {
      /* rows 2 and 3 empty; row 4 holds only the last column; elsewhere
       * about half the entries (and so most blocks) */
      int on = (i == 2 || i == 3) ? 0 : i == 4 ? j == NC - 1 : rnd() > 8;
      double e = on ? (double)rnd() / 8.0 : 0.0;
      W[i][j] = e;
      Wf[i][j] = (float)e;
      Wi[i][j] = on ? rnd() - 8 : 0;
    }
  for (int j = 0; j < NC; j++) {
    x[j] = (double)rnd() / 4.0;
    xf[j] = (float)x[j];
    xi[j] = rnd() - 5;
    z[j] = 0.5;
  }
  for (int i = 0; i < NR; i++) {
    y[i] = 0.25;
    v[i] = (double)rnd() / 2.0;
    yf[i] = 1.0f;
    yi[i] = 3;
  }
  float alpha = 0.5f;

#pragma sparse encoding(W : BSR(2, 5))
  for (int i = 0; i < NR; i++)
    for (int j = 0; j < NC; j++)
      y[i] += W[i][j] * x[j];

#pragma sparse encoding(W : BSR(3, 5))
  for (int i = 0; i < NR; i++)
    for (int j = 0; j < NC; j++)
      z[j] += W[i][j] * v[i];

#pragma sparse encoding(Wf : BSR(2, 5))
  for (int i = 0; i < NR; i++)
    for (int j = 0; j < NC; j++)
      yf[i] -= alpha * Wf[i][j] * xf[j];

#pragma sparse encoding(Wi : BSR(1, 5))
  for (int i = 0; i < NR; i++)
    for (int j = 0; j < NC; j++)
      yi[i] += Wi[i][j] * xi[j];

  for (int i = 0; i < NR; i++) printf("y %d %.17g %.9g %d\n", i, y[i], yf[i], yi[i]);
  for (int j = 0; j < NC; j++) printf("z %d %.17g\n", j, z[j]);
  return 0;
}
