// Encodings copied from MLIR's documentation as they are written there:
// `#sparse_tensor.encoding<{ ... }>` over several lines joined by
// backslashes, a `/* */` comment inside, a `//` comment last (where, as in
// C, it ends the pragma), the DCSC with posWidth = 32 and crdWidth = 8 and
// the NV_24 with crdWidth = 2 of the seed, and a BSR with its redundant
// inverse map and level variables. Each nest must be sparsified with the
// widths given.
// EXPECT-SPARSIFIED: 3
// EXPECT-STDERR-EMPTY
// EXPECT-ABSENT: y[i] += A[i][j] * x[j];
// EXPECT-ABSENT: z[i] += B[i][j] * x[j];
// EXPECT-ABSENT: w[i] += C[i][j] * x[j];
// EXPECT-REPORT: A: levels (compressed unpadded, compressed unpadded), posWidth 32, crdWidth 8
// EXPECT-REPORT: B: levels (dense padded, dense padded, n_out_of_m[2, 4] padded), posWidth 0, crdWidth 2
// EXPECT-REPORT: C: levels (dense padded, compressed unpadded, dense padded, dense padded)
#include <stdio.h>

#define N 12
#define M 24

#pragma sparse format NV_24 = #sparse_tensor.encoding<{ \
  map = ( i, j ) -> ( i : dense, \
                      j floordiv 4 : dense, \
                      j mod 4 : block2_4), \
  crdWidth = 2 }> // 2-bits for each coordinate

double A[N][M], B[N][M], C[N][M], x[M], y[N], z[N], w[N];

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if ((i * 5 + j * 3) % 7 == 0) A[i][j] = i - 0.25 * j;
  for (int i = 0; i < N; i++)
    for (int g = 0; g < M / 4; g++) {
      B[i][4 * g + (i + g) % 4] = 1.0 + i + g;
      if ((i + g) % 3) B[i][4 * g + (i + g + 2) % 4] = -0.5 * g;
    }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if (((i / 2) + (j / 3)) % 3 == 0 && (i + j) % 2) C[i][j] = 0.5 * i + j;
  for (int j = 0; j < M; j++) x[j] = 1.0 + (j % 5) * 0.5;

#pragma sparse encoding(A : #sparse_tensor.encoding<{ \
    map = (i, j) -> (j : compressed, i : compressed), /* DCSC */ \
    posWidth = 32, \
    crdWidth = 8 \
  }>)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      y[i] += A[i][j] * x[j];

#pragma sparse encoding(B : NV_24)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      z[i] += B[i][j] * x[j];

#pragma sparse encoding(C : #sparse_tensor.encoding<{ \
    map = { ib, jb, ii, jj } \
          ( i = ib * 2 + ii, \
            j = jb * 3 + jj) -> \
          ( ib = i floordiv 2 : dense, \
            jb = j floordiv 3 : compressed, \
            ii = i mod 2 : dense, \
            jj = j mod 3 : dense) \
  }>) // BSR_explicit, 2x3 blocks
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      w[i] += C[i][j] * x[j];

  for (int i = 0; i < N; i++) printf("%d %.15g %.15g %.15g\n", i, y[i], z[i], w[i]);
  return 0;
}
