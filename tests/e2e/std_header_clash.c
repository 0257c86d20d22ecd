// A legacy program with its own fixed-width type, spelled like the one
// of <stdint.h> but another type (long long, where <stdint.h> says long):
// it compiles as it is, as it does not include <stdint.h>. The rewritten
// file would include sparsecc_rt.h, hence <stdint.h>, first, and would
// not compile: sparsecc applies no pragma, says which declaration clashes
// and why, and the output is the program as written (the pragma line
// neutralized).
// EXPECT-SPARSIFIED: 0
// EXPECT-WARNING: std_header_clash.c:16:19: warning: 'int64_t' is declared differently by a standard header
// EXPECT-WARNING: typedef redefinition with different types
// EXPECT-REPORT: 'int64_t' is declared differently by a standard header of sparsecc_rt.h; no #pragma sparse applied
#include <stdio.h>
#define N 8
/* a compiler with 64-bit long long and no <stdint.h>, once */
typedef int int32_t;
typedef long long int64_t;
static double A[N][N];
static double x[N], y[N];
int main(void) {
  int64_t nnz = 0;
  for (int32_t i = 0; i < N; i++) {
    A[i][(3 * i) % N] = i + 1;
    x[i] = 1.0 / (i + 1);
    nnz++;
  }
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      y[i] += A[i][j] * x[j];
  for (int i = 0; i < N; i++) printf("%g\n", y[i]);
  printf("nnz %lld\n", nnz);
  return 0;
}
