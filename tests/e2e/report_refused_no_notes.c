// A kernel refused by the lowering after its loops and its sparse output
// were planned (a C89 loop variable whose final value is read after the
// nest) stays as written: its report entry says why and nothing of the
// code it would have had (the output's workspace, its zero filter, the
// loops' walks), which the output lacks. The SpMV over C after it is
// sparsified.
// EXPECT-SPARSIFIED: 1
// EXPECT-WARNING: loop not sparsified: loop variable 'k' is used after the nest
// EXPECT-REPORT: kernel not sparsified: loop variable 'k' is used after the nest
// EXPECT-NOT-REPORT: zero filter: values appended to C
// EXPECT-NOT-REPORT: C: sparse output
// EXPECT-NOT-REPORT: loop j: positions of A
// EXPECT-ABSENT: y[i] += C[i][j] * x[j];
#include <stdio.h>
#define N 9
#define K 5
static double A[N][N];
#pragma sparse encoding(C : CSR)
static double C[N][N];
static double U[N][K], V[N][K], x[N], y[N];

static long sddmm(long lo, long hi) {
  long k;
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (k = lo; k < hi; k++)
        C[i][j] += A[i][j] * U[i][k] * V[j][k];
  return k;
}

int main(void) {
  for (int i = 0; i < N; i++) {
    A[i][(i * 2) % N] = 1.0 + i;
    A[i][(i + 3) % N] = -0.5;
    x[i] = 1.0 + 0.25 * i;
    for (int k = 0; k < K; k++) {
      U[i][k] = (i + k) % 3 - 1.0;
      V[i][k] = (i * k) % 4 * 0.5;
    }
  }
  long k = sddmm(1, K);
  printf("last k %ld\n", k);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) y[i] += C[i][j] * x[j];
  for (int i = 0; i < N; i++) printf("y[%d] = %.17g\n", i, y[i]);
  return 0;
}
