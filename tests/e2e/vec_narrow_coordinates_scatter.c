// Scatters through 8- and 16-bit coordinate arrays in the combinations
// vec_narrow_coordinates.c leaves out: 8 lanes (double) with 8-bit
// coordinates (avx512: 8 coordinates widened to 64-bit indices by one
// vpmovzxbq, the masked chunk lane by lane), and 16 lanes (float, int)
// with 16-bit coordinates (avx512: 16 widened to 32-bit indices by one
// vpmovzxwd). Transposed products z[j] += A[i][j] * v[i] over rows of 40
// to 80 entries (every masked chunk length) and a few of 0 to 6.
// Values are multiples of 1/16 and v of 1/4: every association prints
// the same.
// EXPECT-SPARSIFIED: 3
// EXPECT-VECTORIZED: 3
// EXPECT-VECTOR-REPORT: gathers (8-bit coordinates), conflict-free scatters
// EXPECT-VECTOR-REPORT: gathers (16-bit coordinates), conflict-free scatters
// EXPECT-NOT-REPORT: not vectorized
// EXPECT-ABSENT: z[j] += A8[i][j] * v[i];
// EXPECT-ABSENT: zf[j] += F16[i][j] * vf[i];
// EXPECT-ABSENT: zi[j] += I16[i][j] * vi[i];
#include <stdio.h>

#define N 64
#define M 200

static double A8[N][M], v[N], z[M];
static float F16[N][M], vf[N], zf[M];
static int I16[N][M], vi[N], zi[M];

int main(void) {
  for (int i = 0; i < N; i++) {
    int len = i % 10 == 3 ? i % 7 : 40 + (i * 11) % 41; /* entries of row i */
    for (int c = 0; c < len; c++) {
      int j = (i * 7 + c * 3) % M; /* distinct in a row */
      A8[i][j] = (double)((i * 3 + c * 5) % 31 - 15) / 16.0;
      F16[i][j] = (float)((i * 5 + c * 7) % 29 - 14) / 16.0f;
      I16[i][j] = (i * 11 + c * 13) % 201 - 100;
    }
    v[i] = (double)(i % 5 - 2) / 4.0;
    vf[i] = (float)(i % 3 - 1) / 4.0f;
    vi[i] = i % 7 - 3;
  }

#pragma sparse encoding(A8 : (i, j) -> (i : dense, j : compressed), crdWidth = 8)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      z[j] += A8[i][j] * v[i];

#pragma sparse encoding(F16 : (i, j) -> (i : dense, j : compressed), crdWidth = 16)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      zf[j] += F16[i][j] * vf[i];

#pragma sparse encoding(I16 : (i, j) -> (i : dense, j : compressed), crdWidth = 16)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      zi[j] += I16[i][j] * vi[i];

  for (int j = 0; j < M; j++)
    printf("%d %.6f %.6f %d\n", j, z[j], (double)zf[j], zi[j]);
  return 0;
}
