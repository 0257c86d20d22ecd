// SpMM with a few columns given as numbers (8, 12, 16 and 3 doubles, 16
// floats): the register-blocked nest holds the whole row of C in
// registers. On avx512 a width of at most 128 bytes runs on 256-bit
// vectors (the avx2 operations, which AVX-512F implies): a 512-bit load
// of a row that is 32-byte but not 64-byte aligned would cross a cache
// line at every entry. 17 doubles (136 bytes) keep 512-bit vectors.
// Rows with 0, 1 and many entries.
// EXPECT-SPARSIFIED: 6
// EXPECT-VECTORIZED: 6
// EXPECT-VECTOR-REPORT: register-blocked over j
// EXPECT-AVX512-REPORT: vectorized: avx512 with 256-bit vectors (the avx2 operations, which AVX-512F implies), register-blocked over j: blocks of 2 x 4 lanes of C8[i][k]
// EXPECT-AVX512-REPORT: vectorized: avx512 with 256-bit vectors (the avx2 operations, which AVX-512F implies), register-blocked over j: blocks of 3 x 4 lanes of C12[i][k]
// EXPECT-AVX512-REPORT: vectorized: avx512 with 256-bit vectors (the avx2 operations, which AVX-512F implies), register-blocked over j: blocks of 4 x 4 lanes of C16[i][k]
// EXPECT-AVX512-REPORT: vectorized: avx512 with 256-bit vectors (the avx2 operations, which AVX-512F implies), register-blocked over j
// EXPECT-AVX512-REPORT: vectorized: avx512 with 256-bit vectors (the avx2 operations, which AVX-512F implies), float, register-blocked over j: blocks of 2 x 8 lanes of F16[i][k]
// EXPECT-AVX512-REPORT: vectorized: avx512, register-blocked over j: blocks of 2 x 8 lanes of C17[i][k]
// EXPECT-ABSENT: C8[i][k] += A[i][j] * B8[j][k];
// EXPECT-ABSENT: C17[i][k] += A[i][j] * B17[j][k];
#include <stdio.h>

#define N 23
#define M 31

static unsigned long long st = 7;
static double rnd(void) { /* in [-1, 1) */
  st = st * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)((st >> 33) % 2000) / 1000.0 - 1.0;
}

static double A[N][M];
static double B8[M][8], C8[N][8], B12[M][12], C12[N][12];
static double B16[M][16], C16[N][16], B3[M][3], C3[N][3];
static double B17[M][17], C17[N][17];
static float G16[M][16], F16[N][16];

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      A[i][j] = (i == 0 || i == N - 1) ? 0.0              /* empty rows */
                : i == 5 ? (j == 7 ? rnd() : 0.0)          /* one entry */
                : (i * 7 + j * 3) % 5 == 0 ? rnd() : 0.0;
  for (int j = 0; j < M; j++) {
    for (int k = 0; k < 8; k++) B8[j][k] = rnd();
    for (int k = 0; k < 12; k++) B12[j][k] = rnd();
    for (int k = 0; k < 16; k++) B16[j][k] = rnd(), G16[j][k] = (float)rnd();
    for (int k = 0; k < 3; k++) B3[j][k] = rnd();
    for (int k = 0; k < 17; k++) B17[j][k] = rnd();
  }
  for (int i = 0; i < N; i++) {
    for (int k = 0; k < 8; k++) C8[i][k] = 0.5;
    for (int k = 0; k < 12; k++) C12[i][k] = -0.25;
    for (int k = 0; k < 16; k++) C16[i][k] = 1.0, F16[i][k] = 2.0f;
    for (int k = 0; k < 17; k++) C17[i][k] = 0.125;
  }

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      for (int k = 0; k < 8; k++)
        C8[i][k] += A[i][j] * B8[j][k];

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      for (int k = 0; k < 12; k++)
        C12[i][k] -= A[i][j] * B12[j][k];

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      for (int k = 0; k < 16; k++)
        C16[i][k] += A[i][j] * B16[j][k];

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      for (int k = 0; k < 3; k++)
        C3[i][k] += A[i][j] * B3[j][k];

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      for (int k = 0; k < 16; k++)
        F16[i][k] += (float)A[i][j] * G16[j][k];

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      for (int k = 0; k < 17; k++)
        C17[i][k] += A[i][j] * B17[j][k];

  for (int i = 0; i < N; i++) {
    double s = 0;
    for (int k = 0; k < 8; k++) s += C8[i][k] * (k + 1);
    for (int k = 0; k < 12; k++) s += C12[i][k] * (k + 2);
    for (int k = 0; k < 16; k++) s += C16[i][k] * (k + 3) + F16[i][k];
    for (int k = 0; k < 3; k++) s += C3[i][k] * (k + 4);
    for (int k = 0; k < 17; k++) s += C17[i][k] * (k + 5);
    printf("%d %.12g\n", i, s);
  }
  return 0;
}
