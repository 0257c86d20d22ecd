// Running maxima and minima of a product with a dense operand,
// `mn = fminf(mn, A[i][j] * x[j])`: an absent entry contributes a zero
// (a product with an absent entry is 0), applied once after the row's
// stored entries when any was absent. That zero was emitted as
// `0 * x[j]`, reading x[j] after the loop over j, where j is not
// declared (out.c did not compile). Float and double, fmax/fmin calls and
// a comparison form, a scalar and a per-row result.
// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: mn = fminf(mn, A[i][j] * x[j]);
// EXPECT-ABSENT: rmax[i] = fmax(rmax[i], B[i][j] * w[j]);
#include <math.h>
#include <stdio.h>

#define N 13
#define M 9

static float A[N][N], x[N];
static double B[N][M], w[M];

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (i * 3 + j) % 4 == 0 ? (float)(i - j) * 0.5f : 0.0f;
  for (int j = 0; j < N; j++) x[j] = (float)(j % 4) - 1.25f;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) B[i][j] = (i + 2 * j) % 5 == 1 ? 1.5 * i - j : 0.0;
  for (int j = 0; j < M; j++) w[j] = (j % 3) - 0.75;
  float mx = -100.0f, mn = 100.0f, l1 = 0.0f;
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      mx = fmaxf(mx, A[i][j] * x[j]);
      mn = fminf(mn, A[i][j] * x[j]);
      l1 += fabsf(A[i][j]);
    }
  double rmax[N], rmin[N];
#pragma sparse encoding(B : DCSR)
  for (int i = 0; i < N; i++) {
    rmax[i] = -1e9;
    rmin[i] = 1e9;
    for (int j = 0; j < M; j++) {
      rmax[i] = fmax(rmax[i], B[i][j] * w[j]);
      if (B[i][j] * w[j] < rmin[i]) rmin[i] = B[i][j] * w[j];
    }
  }
  printf("%g %g %g\n", mx, mn, l1);
  for (int i = 0; i < N; i++) printf("%g %g\n", rmax[i], rmin[i]);
  return 0;
}
