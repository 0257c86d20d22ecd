// A reduction over a compressed range in the scalar output is walked 4
// entries a step in program order (docs/lowering.md, "Unrolled
// reductions"): rows of 0 to 40 entries (every remainder of 4), double
// sums whose value depends on their order (1e16 + 1 - 1e16), float, int
// and long elements (float terms exact: the SIMD backends may
// reassociate them; the double kernel stays scalar under every backend),
// 32- and 64-bit indices, a scalar accumulator and an element y[i]
// updated with -=. The results must be the input's, printed with every
// digit.
// EXPECT-SPARSIFIED: 4
// EXPECT-ABSENT: s += A[i][j] * x[j]
// EXPECT-ABSENT: s += F[i][j] * xf[j]
// EXPECT-ABSENT: s += K[i][j] * xi[j]
// EXPECT-ABSENT: y[i] -= L[i][j] * xl[j]
// EXPECT-REPORT: loop j: reduction over the stored entries walked 4 at a time in program order (exact)
// OUT-CFLAGS: -O3
#include <stdio.h>

#define N 41
#define M 48

static double A[N][M];
static float F[N][M];
static int K[N][M];
static long L[N][M];

/* Row r holds r entries (0..40); a row's terms alternate in magnitude so
 * that adding them in another order changes the double and float sums. */
static double value(int r, int k) {
  switch (k % 4) {
  case 0: return 1e16 + r;
  case 1: return 1.0 + 0.25 * k;
  case 2: return -1e16;
  default: return 3.0 - 0.5 * r;
  }
}

static int col(int r, int k) { return (k * 7 + r * 5) % M; }

static void spmv_double(const double *x, double *y) {
#pragma sparse encoding(A : CSR)
#pragma sparse novectorize
  for (int i = 0; i < N; i++) {
    double s = 0.0;
    for (int j = 0; j < M; j++)
      s += A[i][j] * x[j];
    y[i] = s;
  }
}

static void spmv_float(const float *xf, float *y) {
#pragma sparse encoding(F : (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32)
  for (int i = 0; i < N; i++) {
    float s = 0.5f;
    for (int j = 0; j < M; j++)
      s += F[i][j] * xf[j];
    y[i] = s;
  }
}

static void spmv_int(const int *xi, int *y) {
#pragma sparse encoding(K : CSR)
  for (int i = 0; i < N; i++) {
    int s = 0;
    for (int j = 0; j < M; j++)
      s += K[i][j] * xi[j];
    y[i] = s;
  }
}

static void spmv_sub(const long *xl, long *y) {
#pragma sparse encoding(L : (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32)
  for (int i = 0; i < N; i++) {
    y[i] = 100;
    for (int j = 0; j < M; j++)
      y[i] -= L[i][j] * xl[j];
  }
}

int main(void) {
  double x[M], yd[N];
  float xf[M], yf[N];
  int xi[M], yi[N];
  long xl[M], yl[N];
  for (int i = 0; i < N; i++)
    for (int k = 0; k < i; k++) {
      int j = col(i, k);
      A[i][j] = value(i, k);
      F[i][j] = 0.25f * (float)(k % 9) - 0.5f * (float)(i % 3);
      K[i][j] = (k % 5) - 2 + i;
      L[i][j] = 3 * k - i;
    }
  for (int j = 0; j < M; j++) {
    x[j] = 1.0 + 0.5 * (j % 5) - (j == 7 ? 4.0 : 0.0);
    xf[j] = 1.0f + 0.25f * (float)(j % 3);
    xi[j] = j % 7 - 3;
    xl[j] = 2 * j - 40;
  }
  spmv_double(x, yd);
  spmv_float(xf, yf);
  spmv_int(xi, yi);
  spmv_sub(xl, yl);
  for (int i = 0; i < N; i++)
    printf("%d %.17g %.9g %d %ld\n", i, yd[i], (double)yf[i], yi[i], yl[i]);
  return 0;
}
