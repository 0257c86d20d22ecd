// float kernels through the vectorizer (src/vector) with every backend:
// SpMV (gathers, a sum into a float), a row maximum with fmaxf (absent
// entries are zeros, applied once), SpMV over 32-bit coordinates, the
// transposed product (scatters) and SpMM (register-blocked, 8 floats a
// lane group on avx2). The values are multiples of 1/16 and the products
// short, so every float sum is exact and any association prints the same;
// a double constant in float code (`2.0`) keeps its loop scalar with the
// reason. Rows shorter than the backend's threshold run sparsecc's
// short-segment loop, the sum kept in a local and stored once per row (the
// report says so).
// EXPECT-SPARSIFIED: 6
// EXPECT-VECTORIZED: 5
// EXPECT-VECTOR-REPORT: , float, vl 
// EXPECT-VECTOR-REPORT: : a scalar loop summing into locals, 4 entries a step (one store per segment)
// EXPECT-VECTOR-REPORT: , float, register-blocked over j: blocks of 8 x
// EXPECT-VECTOR-REPORT: not vectorized: a double constant 2.0 in float arithmetic
// EXPECT-ABSENT: y[i] += A[i][j] * x[j];
// EXPECT-ABSENT: C[i][k] += A[i][j] * B[j][k];
#include <math.h>
#include <stdio.h>

#define N 40
#define M 53
#define K 29

static unsigned long long lcg_state = 77;
static int lcg(int n) {
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (int)((lcg_state >> 33) % (unsigned)n);
}

static float A[N][M], x[M], xt[N], y[N], y32[N], yt[M], rmax[N], yd[N];
static float B[M][K], C[N][K];

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if (lcg(100) < (i % 5 == 0 ? 60 : 15)) A[i][j] = (float)(lcg(33) - 16) / 16.0f;
  for (int j = 0; j < M; j++) A[7][j] = 0.0f;                 /* empty row */
  for (int j = 0; j < M; j++) A[9][j] = -(float)(j + 1) / 16.0f; /* full, negative */
  for (int j = 0; j < M; j++) {
    x[j] = (float)(lcg(17) - 8) / 16.0f;
    for (int k = 0; k < K; k++) B[j][k] = (float)(lcg(9) - 4) / 8.0f;
  }
  for (int i = 0; i < N; i++) xt[i] = (float)(lcg(9) - 4) / 4.0f;

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++) {
    y[i] = 0.0f;
    for (int j = 0; j < M; j++)
      y[i] += A[i][j] * x[j];
  }

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++) {
    rmax[i] = -100.0f;
    for (int j = 0; j < M; j++)
      rmax[i] = fmaxf(rmax[i], A[i][j]);
  }

#pragma sparse encoding(A : (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32)
  for (int i = 0; i < N; i++) {
    y32[i] = 0.5f;
    for (int j = 0; j < M; j++)
      y32[i] -= A[i][j] * x[j];
  }

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      yt[j] += A[i][j] * xt[i];

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      for (int k = 0; k < K; k++)
        C[i][k] += A[i][j] * B[j][k];

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++) {
    yd[i] = 0.0f;
    for (int j = 0; j < M; j++)
      yd[i] += A[i][j] * 2.0;
  }

  for (int i = 0; i < N; i++)
    printf("%d %.9g %.9g %.9g %.9g\n", i, y[i], rmax[i], y32[i], yd[i]);
  for (int j = 0; j < M; j++) printf("yt %.9g\n", yt[j]);
  for (int i = 0; i < N; i++)
    for (int k = 0; k < K; k += 4) printf("C %.9g\n", C[i][k]);
  return 0;
}
