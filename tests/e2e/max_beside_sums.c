// EXPECT-SPARSIFIED: 4
// EXPECT-ABSENT: if (T[r][c] > rmax[r]) rmax[r] = T[r][c];
// EXPECT-ABSENT: cmin[c] = fmin(cmin[c], W[r][c]);
// EXPECT-ABSENT: hi = fmaxf(hi, F[r][c]);
// EXPECT-REPORT: (idempotent reduction: absent entries counted, their zero applied once)
// EXPECT-REPORT: 'rmax[r] = -100' has an effect there); every position is visited
// Statistics of a table in one pass, as users write them: a row sum, a
// count and a running maximum in one loop body; a column minimum beside a
// column sum of squares; a float maximum beside a total. The loops walk
// the stored entries; the zero of the absent ones is applied once to the
// running extremes after each loop (rows with all entries stored, rows of
// negative values where the zero wins, empty rows). A sum that reads the
// running maximum (its value depends on when the zero counts) visits
// every position (T walked by a merge cursor), and the report says why.
#include <math.h>
#include <stdio.h>
#define R 9
#define C 13
#pragma sparse encoding(T : CSR)
static long T[R][C];
#pragma sparse encoding(W : CSC)
static double W[R][C];
#pragma sparse encoding(F : DCSR)
static float F[R][C];
static long rsum[R], rmax[R], rcnt[R];
static double cmin[C], csq[C];

int main(void) {
  for (int r = 0; r < R; r++)
    for (int c = 0; c < C; c++) {
      if (r == 2 || (r * 5 + c * 3) % 4 == 0) T[r][c] = r == 4 ? -(1 + c % 3) : 1 + (r * c) % 7;
      if (r == 6 || (r + 2 * c) % 5 == 1) W[r][c] = c == 3 ? 0.5 + r : -0.25 * (1 + (r + c) % 6);
      if ((r * c) % 7 == 3) F[r][c] = (float)(c % 2 ? -1.5 : 0.75) * (float)(r + 1);
    }
  T[1][1] = 0; /* an explicit zero */
  for (int r = 0; r < R; r++) {
    rsum[r] = 0;
    rmax[r] = -100;
    rcnt[r] = 0;
    for (int c = 0; c < C; c++) {
      rsum[r] += T[r][c];
      if (T[r][c] != 0) rcnt[r]++;
      if (T[r][c] > rmax[r]) rmax[r] = T[r][c];
    }
  }
  for (int c = 0; c < C; c++) {
    cmin[c] = 1e9;
    csq[c] = 0.0;
  }
  for (int c = 0; c < C; c++)
    for (int r = 0; r < R; r++) {
      csq[c] += W[r][c] * W[r][c];
      cmin[c] = fmin(cmin[c], W[r][c]);
    }
  float hi = -1e30f, tot = 0.0f;
  for (int r = 0; r < R; r++)
    for (int c = 0; c < C; c++) {
      tot += F[r][c];
      hi = fmaxf(hi, F[r][c]);
    }
  long mixed = 0;
  for (int r = 0; r < R; r++) {
    rmax[r] = -100;
    for (int c = 0; c < C; c++) {
      mixed += T[r][c] * rmax[r];
      if (T[r][c] > rmax[r]) rmax[r] = T[r][c];
    }
  }
  for (int r = 0; r < R; r++) printf("row %d: sum %ld count %ld max %ld\n", r, rsum[r], rcnt[r], rmax[r]);
  for (int c = 0; c < C; c++) printf("col %d: min %.17g sq %.17g\n", c, cmin[c], csq[c]);
  printf("hi %.9g tot %.9g mixed %ld\n", hi, tot, mixed);
  return 0;
}
