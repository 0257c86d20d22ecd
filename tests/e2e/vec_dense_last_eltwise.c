// Element-wise products of a matrix stored with a dense last level, `(i :
// compressed, j : dense)`, with dense arrays: H[i][j] += E[i][j] * G[i][j]
// (the kept rows only: an absent row adds nothing) reads E's row at
// position * size + j, contiguous in j, and the vector backends load E and
// G and load and store H a vector at a time; also `-=` with an invariant
// scale, a float product into another array of the same shape, and an int
// product. 21 columns: full vectors and a masked last chunk on every
// backend. A short row (the pragma's `vl` honoured with a vl of one
// vector) and a kernel under `novectorize` (left scalar).
// EXPECT-SPARSIFIED: 5
// EXPECT-VECTORIZED: 4
// EXPECT-VECTOR-REPORT: contiguous loads (E's dense last level at position * size + j), contiguous stores
// EXPECT-VECTOR-REPORT: contiguous loads (Ef's dense last level at position * size + j), contiguous stores
// EXPECT-VECTOR-REPORT: contiguous loads (Ei's dense last level at position * size + j), contiguous stores
// EXPECT-VECTOR-REPORT: vectorization: off for this kernel (its pragma)
// EXPECT-NOT-REPORT: indexed per iteration
// EXPECT-ABSENT: H[i][j] += E[i][j] * G[i][j];
// EXPECT-ABSENT: Hf[i][j] += Ef[i][j] * Gf[i][j];
// EXPECT-ABSENT: Hi[i][j] += Ei[i][j] * Gi[i][j];
#include <stdio.h>

#define N 10
#define M 21

static double E[N][M], G[N][M], H[N][M], H2[N][M], H3[N][M];
static float Ef[N][M], Gf[N][M], Hf[N][M];
static int Ei[N][M], Gi[N][M], Hi[N][M];

int main(void) {
  double scale = 0.75;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      /* rows 0, 4 and 8 empty */
      int on = i % 4 != 0;
      E[i][j] = on ? ((i * 5 + j * 3) % 13 - 6) / 4.0 : 0.0;
      Ef[i][j] = (float)E[i][j];
      Ei[i][j] = on ? (i * 7 + j) % 11 - 5 : 0;
      G[i][j] = 1.0 + ((i + j) % 7) * 0.5;
      Gf[i][j] = (float)G[i][j];
      Gi[i][j] = (i * j) % 9 - 4;
      H[i][j] = H2[i][j] = H3[i][j] = 0.25 * j;
      Hf[i][j] = (float)(0.125 * i);
      Hi[i][j] = i - j;
    }
#pragma sparse encoding(E : (i, j) -> (i : compressed, j : dense))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      H[i][j] += E[i][j] * G[i][j];
#pragma sparse encoding(E : (i, j) -> (i : compressed, j : dense))
#pragma sparse vectorize(vl = 2)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < 3; j++)
      H2[i][j] -= scale * E[i][j] * G[i][j];
#pragma sparse encoding(Ef : (i, j) -> (i : compressed, j : dense))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      Hf[i][j] += Ef[i][j] * Gf[i][j];
#pragma sparse encoding(Ei : (i, j) -> (i : compressed, j : dense))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      Hi[i][j] += Ei[i][j] * Gi[i][j];
#pragma sparse encoding(E : (i, j) -> (i : compressed, j : dense))
#pragma sparse novectorize
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      H3[i][j] += E[i][j] * G[i][j];
  for (int i = 0; i < N; i++) {
    printf("%d:", i);
    for (int j = 0; j < M; j++)
      printf(" %.17g %.17g %.17g %.9g %d", H[i][j], H2[i][j], H3[i][j],
             (double)Hf[i][j], Hi[i][j]);
    printf("\n");
  }
  return 0;
}
