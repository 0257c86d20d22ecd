// A program whose own macro is spelled like a name of sparsecc_rt.h
// (SC_OK). The rewritten file would include that header first, and the
// generated code would compare statuses against the program's SC_OK (7):
// sparsecc applies no pragma, says which name clashes, and the output is
// the program as written (the pragma line neutralized).
// EXPECT-SPARSIFIED: 0
// EXPECT-WARNING: 'SC_OK' is also a name of sparsecc_rt.h
// EXPECT-REPORT: 'SC_OK' is a name of sparsecc_rt.h; no #pragma sparse applied
#include <stdio.h>
#define N 8
#define SC_OK 7
static double A[N][N];
static double x[N], y[N];
int main(void) {
  for (int i = 0; i < N; i++) {
    A[i][(3 * i) % N] = i + 1;
    x[i] = 1.0 / (i + 1);
  }
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      y[i] += A[i][j] * x[j];
  for (int i = 0; i < N; i++) printf("%g\n", y[i]);
  printf("status %d\n", SC_OK);
  return 0;
}
