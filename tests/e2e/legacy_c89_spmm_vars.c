// C89-style legacy code: loop variables declared at the top of the
// function and reused by later loops (init, print). The SpMM nest's k sits
// two levels under the skipping j loop; k is dead after the nest (the next
// use is `for (k = 0; ...)`), so it need not be left at its final value.
// The SpMV nest's i and j are read after it and get their dense values.
// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: C[i][k] += A[i][j] * B[j][k]
// EXPECT-ABSENT: y[i] += A[i][j] * x[j]
#include <stdio.h>

static unsigned long long lcg_state = 4242;
static double lcg(void) {
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)((lcg_state >> 33) % 1000) / 100.0 - 5.0;
}

#define N 17
#define M 13
#define K 4

static double A[N][M], B[M][K], C[N][K], x[M], y[N];

static void spmm(void) {
  int i, j, k;
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      A[i][j] = ((i * 7 + j * 3) % 5 == 0) ? lcg() : 0.0;
  for (j = 0; j < M; j++)
    for (k = 0; k < K; k++)
      B[j][k] = lcg();
  for (i = 0; i < N; i++)
    for (k = 0; k < K; k++)
      C[i][k] = 0.0;

#pragma sparse encoding(A : CSR)
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      for (k = 0; k < K; k++)
        C[i][k] += A[i][j] * B[j][k];

  for (i = 0; i < N; i++) {
    for (k = 0; k < K; k++)
      printf("%.10g ", C[i][k]);
    printf("\n");
  }
}

static void spmv(void) {
  int i, j;
  for (j = 0; j < M; j++)
    x[j] = lcg();
  for (i = 0; i < N; i++)
    y[i] = 0.0;

#pragma sparse encoding(A : CSR)
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      y[i] += A[i][j] * x[j];

  printf("after the nest: i = %d, j = %d\n", i, j);
  for (i = 0; i < N; i++)
    printf("%.10g\n", y[i]);
}

int main(void) {
  spmm();
  spmv();
  return 0;
}
