// EXPECT-SPARSIFIED: 3
// EXPECT-REPORT: forall(ky) forall(kx) acc += (int)(y + ky - KC) >= 0 && (int)(y + ky - KC) < H
// EXPECT-REPORT: forall(j) s += A((i),j) * x[(int)perm(j)]
// EXPECT-REPORT: forall(ky) forall(kx) { ly = y + ky - KC;
// EXPECT-ABSENT: for (kx = 0; kx < KS; kx++)
// EXPECT-ABSENT: yy = y + ky - KC;
// EXPECT-ABSENT: col = perm[j];
// EXPECT-WARNING: subscript depends on 'pc', which is assigned in the loop nest
// EXPECT-WARNING: subscript depends on 'qc', which is assigned in the loop nest
// Temporaries declared at the top of the function, as C89 code declares
// them, and assigned once in the nest before their uses (`yy = y + ky -
// KC;` then `img[yy][xx]`, `col = perm[j]` then `x[col]`) are read through
// the value assigned, as a local declared with that value is: a
// convolution with a sparse kernel and a permuted SpMV walk the stored
// entries. The assignments go when nothing reads the temporaries after
// the nest; when something does (ly, lx, printed after the nest), they
// stay and every coordinate is visited, so the temporaries end with the
// dense nest's values. A temporary read before its assignment in the
// same body (pc: the previous iteration's value) or assigned twice (qc)
// keeps its nest dense.
#include <stdio.h>

#define H 12
#define W 15
#define KS 5
#define KC 2
#define N 23

#pragma sparse encoding(kern : CSR)
static double kern[KS][KS];
#pragma sparse encoding(A : CSR)
static double A[N][N];
static double img[H][W], out[H][W], x[N];
static int perm[N];

int main(void) {
  int y, xcol, ky, kx, yy, xx, ly, lx, i, j, col, pc, qc;
  double acc, s, tot = 0.0;
  for (y = 0; y < H; y++)
    for (xcol = 0; xcol < W; xcol++)
      img[y][xcol] = (double)((y * 7 + xcol * 13) % 17) / 16.0 - 0.25;
  kern[KC][KC] = 0.5;
  kern[0][KC] = 0.125;
  kern[KS - 1][KC] = -0.125;
  kern[KC][0] = 0.25;
  kern[1][KS - 1] = 0.0625;
  for (i = 0; i < N; i++) {
    A[i][(i * 5) % N] = 1.0 + i;
    A[i][(i * 11 + 2) % N] += 0.5 * i - 3;
    x[i] = 0.25 * i - 1;
    perm[i] = (i * 7 + 3) % N;
  }

  /* yy and xx: dead after the nest */
  for (y = 0; y < H; y++)
    for (xcol = 0; xcol < W; xcol++) {
      acc = 0.0;
      for (ky = 0; ky < KS; ky++)
        for (kx = 0; kx < KS; kx++) {
          yy = y + ky - KC;
          xx = xcol + kx - KC;
          if (yy >= 0 && yy < H && xx >= 0 && xx < W)
            acc += kern[ky][kx] * img[yy][xx];
        }
      out[y][xcol] = acc;
    }
  for (y = 0; y < H; y++)
    for (xcol = 0; xcol < W; xcol++)
      tot += out[y][xcol] * (1 + (y + xcol) % 3);
  printf("conv %.17g %.17g %.17g\n", tot, out[0][0], out[H - 1][W - 1]);

  /* ly and lx: printed after the nest */
  tot = 0.0;
  for (y = 0; y < H; y++)
    for (xcol = 0; xcol < W; xcol++) {
      acc = 0.0;
      for (ky = 0; ky < KS; ky++)
        for (kx = 0; kx < KS; kx++) {
          ly = y + ky - KC;
          lx = xcol + kx - KC;
          if (ly >= 0 && ly < H && lx >= 0 && lx < W)
            acc += kern[ky][kx] * img[ly][lx];
        }
      tot += acc;
    }
  printf("conv again %.17g last %d %d\n", tot, ly, lx);

  /* col: an index temporary */
  for (i = 0; i < N; i++) {
    s = 0.0;
    for (j = 0; j < N; j++) {
      col = perm[j];
      s += A[i][j] * x[col];
    }
    printf("y[%d] = %.17g\n", i, s);
  }

  /* pc: read before its assignment (the previous column's index) */
  pc = 0;
  for (i = 0; i < N; i++) {
    s = 0.0;
    for (j = 0; j < N; j++) {
      s += A[i][j] * x[pc];
      pc = perm[j];
    }
    printf("z[%d] = %.17g\n", i, s);
  }
  /* qc: assigned twice */
  for (i = 0; i < N; i++) {
    s = 0.0;
    for (j = 0; j < N; j++) {
      qc = perm[j];
      if (A[i][j] > 0.0) qc = j;
      s += A[i][j] * x[qc];
    }
    printf("w[%d] = %.17g\n", i, s);
  }
  return 0;
}
