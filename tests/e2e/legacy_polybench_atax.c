// PolyBench-style atax and bicg over a global array declared with a pragma:
// sizes and bounds through macros, an init function that assigns every
// element, kernels in functions called from a repetition loop, the
// scalar-accumulator idiom, several kernels in one function.
// EXPECT-SPARSIFIED: 3
// EXPECT-ABSENT: static DATA_TYPE A[M][N];
// EXPECT-ABSENT: tmp[i] = tmp[i] + A[i][j] * x[j];
// EXPECT-ABSENT: y[j] = y[j] + A[i][j] * tmp[i];
// EXPECT-ABSENT: acc += A[i][j] * p[j];
// EXPECT-ABSENT: sc_tensor_from_dense
#include <stdio.h>

#define M 190
#define N 210
#define _PB_M M
#define _PB_N N
#define DATA_TYPE double
#define SCALAR_VAL(x) x

#pragma sparse encoding(A : CSR)
static DATA_TYPE A[M][N];
static DATA_TYPE x[N], y[N], tmp[M], p[N], q[M], r[M], s[N];

static void init_array(void) {
  int i, j;
  for (i = 0; i < N; i++) {
    x[i] = 1 + (i / (DATA_TYPE)N);
    p[i] = (i % 7) / 7.0;
  }
  for (i = 0; i < M; i++) r[i] = (i % 5) / 5.0;
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++)
      A[i][j] = ((i * 31 + j * 17) % 97 == 0) ? (DATA_TYPE)((i + j) % N) / (5 * M) : 0;
}

static void kernel_atax(int m, int n) {
  int i, j;
  for (i = 0; i < _PB_N; i++) y[i] = 0;
  for (i = 0; i < _PB_M; i++) {
    tmp[i] = SCALAR_VAL(0.0);
    for (j = 0; j < _PB_N; j++)
      tmp[i] = tmp[i] + A[i][j] * x[j];
    for (j = 0; j < _PB_N; j++)
      y[j] = y[j] + A[i][j] * tmp[i];
  }
  (void)m, (void)n;
}

static void kernel_bicg(void) {
  int i, j;
  for (i = 0; i < _PB_N; i++) s[i] = 0;
  for (i = 0; i < _PB_M; i++) {
    double acc = 0.0;
    for (j = 0; j < _PB_N; j++) {
      s[j] = s[j] + r[i] * A[i][j];
      acc += A[i][j] * p[j];
    }
    q[i] = acc;
  }
  double t = 0;
  for (i = 0; i < _PB_M; i++)
    for (j = 0; j < _PB_N; j++)
      t += A[i][j];
  printf("sum(A) %.12g\n", t);
}

int main(void) {
  init_array();
  double chk = 0;
  for (int rep = 0; rep < 3; rep++) {
    kernel_atax(M, N);
    kernel_bicg();
    for (int i = 0; i < N; i++) chk += y[i] + s[i] * 0.5;
    for (int i = 0; i < M; i++) chk += q[i];
    x[rep] += 1.0;
  }
  printf("%.12g %.12g %.12g\n", chk, A[0][0], A[97][0]);
  return 0;
}
