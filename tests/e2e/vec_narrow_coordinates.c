// Gathers and scatters through 8- and 16-bit coordinate arrays
// (crdWidth = 8 and 16) on every backend: before, avx2, avx512 and sve
// left such loops scalar ("8-bit coordinates of A (avx512 gathers take
// 32- or 64-bit indices)"). avx512 widens a full chunk's 8 coordinates to
// 64-bit indices in one load (vpmovzxbq / vpmovzxwq) for its hardware
// gather and its scatter, 16 coordinates to 32-bit indices for the
// 16-lane scatter, and reads the masked last chunk's coordinates lane by
// lane; avx2 and generic gather and scatter by scalar loads and stores of
// any width; sve loads them zero-extended (svld1ub / svld1uh). Row sums
// of double, float, long and int matrices (gathers) and transposed
// products into z and zf (conflict-free scatters), over rows of 40 to 80
// entries (every masked chunk length; a mean above avx512's 36, so the
// vector nest runs) and a few of 0 to 6.
// Values are multiples of 1/16 and x of 1/4: every association prints
// the same.
// EXPECT-SPARSIFIED: 6
// EXPECT-VECTORIZED: 6
// EXPECT-VECTOR-REPORT: gathers (8-bit coordinates), reduction into y[i] (sum)
// EXPECT-VECTOR-REPORT: gathers (16-bit coordinates), reduction into yf[i] (sum)
// EXPECT-VECTOR-REPORT: gathers (8-bit coordinates), reduction into yl[i] (sum)
// EXPECT-VECTOR-REPORT: gathers (16-bit coordinates), reduction into yi[i] (sum)
// EXPECT-VECTOR-REPORT: conflict-free scatters
// EXPECT-NOT-REPORT: not vectorized
// EXPECT-ABSENT: y[i] += A8[i][j] * x[j];
// EXPECT-ABSENT: z[j] += A16[i][j] * v[i];
#include <stdio.h>

#define N 64
#define M 200

static double A8[N][M], A16[N][M], x[M], v[N], y[N], z[M];
static float F8[N][M], F16[N][M], xf[M], vf[N], yf[N], zf[M];
static long L8[N][M], lx[M], yl[N];
static int I16[N][M], ix[M], yi[N];

int main(void) {
  for (int i = 0; i < N; i++) {
    int len = i % 10 == 3 ? i % 7 : 40 + (i * 11) % 41; /* entries of row i */
    for (int c = 0; c < len; c++) {
      int j = (i * 7 + c * 3) % M; /* distinct in a row */
      double a = (double)((i * 3 + c * 5) % 31 - 15) / 16.0;
      A8[i][j] = a;
      A16[i][j] = -a;
      F8[i][j] = (float)((i * 5 + c * 7) % 29 - 14) / 16.0f;
      F16[i][j] = (float)a;
      L8[i][j] = (long)((i * 13 + c * 3) % 37) - 18;
      I16[i][j] = (i * 11 + c * 13) % 201 - 100;
    }
    v[i] = (double)(i % 5 - 2) / 4.0;
    vf[i] = (float)(i % 3 - 1) / 4.0f;
  }
  for (int j = 0; j < M; j++) {
    x[j] = (double)(j % 9 - 4) / 4.0;
    xf[j] = (float)(j % 7 - 3) / 4.0f;
    lx[j] = (long)(j % 11) - 5;
    ix[j] = j % 13 - 6;
  }

#pragma sparse encoding(A8 : (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 8)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      y[i] += A8[i][j] * x[j];

#pragma sparse encoding(F16 : (i, j) -> (i : dense, j : compressed), posWidth = 16, crdWidth = 16)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      yf[i] += F16[i][j] * xf[j];

#pragma sparse encoding(L8 : (i, j) -> (i : dense, j : compressed), crdWidth = 8)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      yl[i] += L8[i][j] * lx[j];

#pragma sparse encoding(I16 : (i, j) -> (i : dense, j : compressed), crdWidth = 16)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      yi[i] += I16[i][j] * ix[j];

#pragma sparse encoding(A16 : (i, j) -> (i : dense, j : compressed), crdWidth = 16)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      z[j] += A16[i][j] * v[i];

#pragma sparse encoding(F8 : (i, j) -> (i : dense, j : compressed), crdWidth = 8)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      zf[j] += F8[i][j] * vf[i];

  for (int i = 0; i < N; i++)
    printf("%d %.6f %.6f %ld %d\n", i, y[i], (double)yf[i], yl[i], yi[i]);
  for (int j = 0; j < M; j++) printf("%d %.6f %.6f\n", j, z[j], (double)zf[j]);
  return 0;
}
