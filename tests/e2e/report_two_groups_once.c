// Two declaration pragmas, one array each: a nest using both arrays is
// reached from each pragma, and each decision about it is said once in the
// report, as its warning is (a split, a refusal by the lowering; they were
// listed twice). The SpMV over both arrays is sparsified.
// EXPECT-SPARSIFIED: 1
// EXPECT-WARNING: loop not sparsified: 'A' is both read and written in the nest
// EXPECT-REPORT-ONCE: loop nest split: 'A' is both read and written in the nest
// EXPECT-REPORT-ONCE: kernel not sparsified: 'A' is both read and written in the nest
// EXPECT-REPORT-ONCE: loop nest split: call to function 'printf'
// EXPECT-REPORT-ONCE: kernel not sparsified: call to function 'printf'
// EXPECT-ABSENT: y[i] += A[i][j] * x[j] + B[i][j] * x[j];
#include <stdio.h>
#define N 12
#pragma sparse encoding(A : CSR)
static double A[N][N];
#pragma sparse encoding(B : CSR)
static double B[N][N];
static double x[N], y[N];
int main(void) {
  for (int i = 0; i < N; i++) {
    A[i][i] = 2.0 + i % 3;
    B[i][(i * 5) % N] = 1.0 + i % 2;
    x[i] = i % 5 - 1.5;
  }
  for (int i = 0; i < N; i++) {
    y[i] = 0;
    for (int j = 0; j < N; j++) y[i] += A[i][j] * x[j] + B[i][j] * x[j];
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = A[i][j] * 0.5 + B[j][i];
      B[i][j] += 0.25 * x[j];
    }
  for (int i = 0; i < N; i++) {
    printf("y[%d] = %g:", i, y[i]);
    for (int j = 0; j < N; j++) printf(" %g/%g", A[i][j], B[i][j]);
    printf("\n");
  }
  return 0;
}
