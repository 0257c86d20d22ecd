// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: tmp[i] = tmp[i] + A[i][j] * x[j] * (DATA_TYPE)(1 + j % 2);
// EXPECT-ABSENT: s += (real)(B[i][j] * 0.5);
// EXPECT-REPORT: 'A' is declared through the macro 'POLYBENCH_2D'
// EXPECT-NOT-REPORT: may have side effects
// PolyBench/C as it is written: arrays declared through POLYBENCH_2D /
// POLYBENCH_1D (their bounds are read off the type clang gives them), a
// pragma on the kernel's definition whose parameter is declared through a
// macro (the kernel assembles A at its entry; the report says why the
// parameter is not replaced), and casts through a type macro or a typedef
// written `(DATA_TYPE)(e)`, which are casts, not calls.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define M 38
#define N 42
#define _PB_M M
#define _PB_N N
#define DATA_TYPE double
#define DATA_PRINTF_MODIFIER "%0.2lf "
#define SCALAR_VAL(x) x
#define POLYBENCH_C99_SELECT(x, y) y
#define POLYBENCH_2D(var, dim1, dim2, ddim1, ddim2) var[POLYBENCH_C99_SELECT(dim1, ddim1)][POLYBENCH_C99_SELECT(dim2, ddim2)]
#define POLYBENCH_1D(var, dim1, ddim1) var[POLYBENCH_C99_SELECT(dim1, ddim1)]
#define POLYBENCH_2D_ARRAY_DECL(var, type, dim1, dim2, ddim1, ddim2) \
  type(*var)[ddim1][ddim2] = (type(*)[ddim1][ddim2])calloc((ddim1) * (ddim2), sizeof(type))
#define POLYBENCH_1D_ARRAY_DECL(var, type, dim1, ddim1) \
  type(*var)[ddim1] = (type(*)[ddim1])calloc((ddim1), sizeof(type))
#define POLYBENCH_ARRAY(x) *x
#define POLYBENCH_FREE_ARRAY(x) free((void *)x)

static void init_array(int m, int n, DATA_TYPE POLYBENCH_2D(A, M, N, m, n), DATA_TYPE POLYBENCH_1D(x, N, n)) {
  int i, j;
  DATA_TYPE fn = (DATA_TYPE)n;
  for (i = 0; i < n; i++) x[i] = 1 + (i / fn);
  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++) A[i][j] = ((i + j) % 13 == 0) ? (DATA_TYPE)((i + j) % n) / (5 * m) : 0;
}

static void print_array(int n, DATA_TYPE POLYBENCH_1D(y, N, n)) {
  int i;
  for (i = 0; i < n; i++) {
    if (i % 20 == 0) fprintf(stdout, "\n");
    fprintf(stdout, DATA_PRINTF_MODIFIER, y[i]);
  }
  fprintf(stdout, "\n");
}

#pragma sparse encoding(A : CSR)
static void kernel_atax(int m, int n, DATA_TYPE POLYBENCH_2D(A, M, N, m, n), DATA_TYPE POLYBENCH_1D(x, N, n),
                        DATA_TYPE POLYBENCH_1D(y, N, n), DATA_TYPE POLYBENCH_1D(tmp, M, m)) {
  int i, j;
  for (i = 0; i < _PB_N; i++) y[i] = 0;
  for (i = 0; i < _PB_M; i++) {
    tmp[i] = SCALAR_VAL(0.0);
    for (j = 0; j < _PB_N; j++) tmp[i] = tmp[i] + A[i][j] * x[j] * (DATA_TYPE)(1 + j % 2);
    for (j = 0; j < _PB_N; j++) y[j] = y[j] + A[i][j] * tmp[i];
  }
}

typedef double real;
static double B[N][N];

int main(void) {
  int m = M, n = N;
  POLYBENCH_2D_ARRAY_DECL(A, DATA_TYPE, M, N, m, n);
  POLYBENCH_1D_ARRAY_DECL(x, DATA_TYPE, N, n);
  POLYBENCH_1D_ARRAY_DECL(y, DATA_TYPE, N, n);
  POLYBENCH_1D_ARRAY_DECL(tmp, DATA_TYPE, M, m);
  init_array(m, n, POLYBENCH_ARRAY(A), POLYBENCH_ARRAY(x));
  kernel_atax(m, n, POLYBENCH_ARRAY(A), POLYBENCH_ARRAY(x), POLYBENCH_ARRAY(y), POLYBENCH_ARRAY(tmp));
  print_array(n, POLYBENCH_ARRAY(y));
  for (int i = 0; i < N; i++) B[i][(i * 5) % N] = i - 7;
  double s = 0;
#pragma sparse encoding(B : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) s += (real)(B[i][j] * 0.5);
  printf("%g\n", s);
  POLYBENCH_FREE_ARRAY(A);
  POLYBENCH_FREE_ARRAY(x);
  POLYBENCH_FREE_ARRAY(y);
  POLYBENCH_FREE_ARRAY(tmp);
  return 0;
}
