// An unsigned char image and a sparse unsigned char mask (a global): the
// masked pixels are copied, counted, and brightened with the sum clamped
// by hand; unsigned char operands promote to int, and storing into the
// unsigned char result truncates as C does.
// EXPECT-SPARSIFIED: 2
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) { out(i,j) = M(i,j) ? img(i,j) : 0; n += M(i,j) != 0 ? 1 : 0 }
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) glow(i,j) += M(i,j) * 2 + img(i,j) * (M(i,j) > 100)
// EXPECT-ABSENT: out[i][j] = M[i][j] ? img[i][j] : 0;
// EXPECT-ABSENT: glow[i][j] += M[i][j] * 2 + img[i][j] * (M[i][j] > 100);
#include <stdio.h>

#define H 40
#define W 56

#pragma sparse encoding(M : CSR)
unsigned char M[H][W];
unsigned char img[H][W], out[H][W], glow[H][W];

int main(void) {
  for (int i = 0; i < H; i++)
    for (int j = 0; j < W; j++) {
      img[i][j] = (unsigned char)(i * 37 + j * 11);
      glow[i][j] = (unsigned char)(200 + (i ^ j) % 50);
      int di = i - H / 2, dj = j - W / 2;
      if (di * di + dj * dj < 90) M[i][j] = (unsigned char)(1 + (i * j) % 255);
    }
  unsigned n = 0;
  for (int i = 0; i < H; i++)
    for (int j = 0; j < W; j++) {
      out[i][j] = M[i][j] ? img[i][j] : 0;
      if (M[i][j] != 0) n++;
    }
  for (int i = 0; i < H; i++)
    for (int j = 0; j < W; j++)
      glow[i][j] += M[i][j] * 2 + img[i][j] * (M[i][j] > 100);
  unsigned long h = 0, g = 0;
  for (int i = 0; i < H; i++)
    for (int j = 0; j < W; j++) {
      h = h * 31 + out[i][j];
      g = g * 31 + glow[i][j];
    }
  printf("%u masked, hash #%lx, glow #%lx\n", n, h, g);
  return 0;
}
