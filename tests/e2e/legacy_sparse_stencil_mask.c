// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: out[y][x] += ker[dy][dx] * img[y + dy][x + dx];
// EXPECT-ABSENT: for (x = 0; x < W; x++) msum += mask[y][x] * out[y][x];
// EXPECT-REPORT: kernel sparsified: forall(y) forall(x) { out(y,x) = 0.0f; forall(dy) forall(dx) out(y,x) += ker(dy,dx) * img(y + dy,x + dx) }
// EXPECT-REPORT: kernel sparsified: forall(y) forall(x) msum += mask(y,x) * out(y,x)
// EXPECT-STDERR-EMPTY
/* Image convolution with a sparse kernel (few nonzero taps), and a sparse
   mask selecting pixels for a masked sum. */
#include <stdio.h>
#define H 24
#define W 20
#define KS 5

int main(void) {
  float img[H + KS][W + KS], out[H][W];
#pragma sparse encoding(ker : DCSR)
  float ker[KS][KS] = {{0}};
#pragma sparse encoding(mask : CSR)
  float mask[H][W] = {{0}};
  int y, x, dy, dx;
  float msum = 0.0f;
  for (y = 0; y < H + KS; y++)
    for (x = 0; x < W + KS; x++) img[y][x] = (float)((y * 3 + x * 5) % 11) * 0.25f;
  ker[0][0] = 1.0f; ker[2][2] = -4.0f; ker[4][4] = 1.0f; ker[0][4] = 1.0f; ker[4][0] = 1.0f;
  for (y = 0; y < H; y++)
    for (x = 0; x < W; x++)
      if ((x * y) % 13 == 3) mask[y][x] = 1.0f;
  for (y = 0; y < H; y++)
    for (x = 0; x < W; x++) {
      out[y][x] = 0.0f;
      for (dy = 0; dy < KS; dy++)
        for (dx = 0; dx < KS; dx++)
          out[y][x] += ker[dy][dx] * img[y + dy][x + dx];
    }
  for (y = 0; y < H; y++)
    for (x = 0; x < W; x++) msum += mask[y][x] * out[y][x];
  printf("masked sum %.3f\n", msum);
  for (y = 0; y < H; y += 6) {
    for (x = 0; x < W; x += 4) printf("%6.2f", out[y][x]);
    printf("\n");
  }
  return 0;
}
