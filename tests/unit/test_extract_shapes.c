/* test_extract_shapes.c — the IR of the loop shapes of SPEC §5 (headers, bounds, statements, accumulators, expressions, element types, layouts, delinearization, SpMV/SpMM/SDDMM/TTV/MTTKRP/SpAdd).
 * Each case: a C snippet, the exact --dump=ir text, the diagnostics
 * (message and location), edits and return code. Generated from reviewed
 * front-end output; edit by hand when the IR changes on purpose. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "fe_harness.h"

typedef struct Case {
  const char *name, *src, *dump;
  const char *diags[6]; /* "warning: ..." lines that must appear */
  const char *locs[4];  /* "t.c:L:C" of each warning/error */
  const char *report;   /* a "kernel not sparsified" report line, or NULL */
  size_t nedits;
  int rc;
} Case;

static const Case kCases[] = {
  {"spmv_headers",
    "#define N 8\n"
    "#define M 6\n"
    "#define K 5\n"
    "double A[N][M], x[M], y[N];\n"
    "void f(int n) {\n"
    "  int i, j;\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (i = 0; i <= N - 1; ++i)\n"
    "    for (j = 0; j < M; j += 1)\n"
    "      y[i] = y[i] + A[i][j] * x[j];\n"
    "}\n",
    "kernel t.c:8:3\n"
    "  tensor y[N]: double, array, dense, read, written\n"
    "  tensor A[N][M]: double, array, CSR (i : dense, j : compressed), read\n"
    "  tensor x[M]: double, array, dense, read\n"
    "  forall i in [0, N)\n"
    "    forall j in [0, M) : reduction\n"
    "      y(i) += A(i,j) * x(j)\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"spmv_step_forms",
    "#define N 8\n"
    "#define M 6\n"
    "#define K 5\n"
    "double A[N][M], x[M], y[N];\n"
    "void f(void) {\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (long i = 0; N > i; i = i + 1)\n"
    "    for (int j = 0; M - 1 >= j; j = 1 + j)\n"
    "      y[i] += A[i][j] * x[j];\n"
    "}\n",
    "kernel t.c:7:3\n"
    "  tensor y[N]: double, array, dense, read, written\n"
    "  tensor A[N][M]: double, array, CSR (i : dense, j : compressed), read\n"
    "  tensor x[M]: double, array, dense, read\n"
    "  forall i in [0, N)\n"
    "    forall j in [0, M) : reduction\n"
    "      y(i) += A(i,j) * x(j)\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"bool_elements",
    "#define N 8\n"
    "#define M 6\n"
    "_Bool A[N][M]; int deg[N];\n"
    "void f(void) {\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    for (int j = 0; j < M; j++)\n"
    "      if (A[i][j]) deg[i]++;\n"
    "}\n",
    "kernel t.c:6:3\n"
    "  tensor A[N][M]: _Bool, array, CSR (i : dense, j : compressed), read\n"
    "  tensor deg[N]: int, array, dense, read, written\n"
    "  forall i in [0, N)\n"
    "    forall j in [0, M) : reduction\n"
    "      if A(i,j)\n"
    "        deg(i) += 1\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"bitand_update",
    "#define N 8\n"
    "#define M 6\n"
    "unsigned A[N][M], a[N];\n"
    "void f(void) {\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    for (int j = 0; j < M; j++)\n"
    "      if (A[i][j]) a[i] &= A[i][j] >> 1;\n"
    "}\n",
    "kernel t.c:6:3\n"
    "  tensor A[N][M]: unsigned int, array, CSR (i : dense, j : compressed), read\n"
    "  tensor a[N]: unsigned int, array, dense, read, written\n"
    "  forall i in [0, N)\n"
    "    forall j in [0, M) : carries dependence\n"
    "      if A(i,j)\n"
    "        a(i) = a(i) & (A(i,j) >> 1)\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"struct_member_accumulator",
    "#define N 8\n"
    "#define M 6\n"
    "double A[N][M], x[M];\n"
    "struct acc { double total; int n; };\n"
    "void f(void) {\n"
    "  struct acc out = {0, 0};\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    for (int j = 0; j < M; j++)\n"
    "      out.total += A[i][j] * x[j];\n"
    "}\n",
    "kernel t.c:8:3\n"
    "  tensor A[N][M]: double, array, CSR (i : dense, j : compressed), read\n"
    "  tensor x[M]: double, array, dense, read\n"
    "  scalars written: out.total\n"
    "  forall i in [0, N) : reduction\n"
    "    forall j in [0, M) : reduction\n"
    "      out.total += A(i,j) * x(j)\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"bool_or_update",
    "#define N 8\n"
    "#define M 6\n"
    "_Bool A[N][M], f[M], r[N];\n"
    "void f1(void) {\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    for (int j = 0; j < M; j++)\n"
    "      r[i] = r[i] || (A[i][j] && f[j]);\n"
    "}\n",
    "kernel t.c:6:3\n"
    "  tensor r[N]: _Bool, array, dense, read, written\n"
    "  tensor A[N][M]: _Bool, array, CSR (i : dense, j : compressed), read\n"
    "  tensor f[M]: _Bool, array, dense, read\n"
    "  forall i in [0, N)\n"
    "    forall j in [0, M) : reduction\n"
    "      r(i) |= (A(i,j) && f(j)) != 0\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"shift_by_element",
    "#define N 8\n"
    "#define M 6\n"
    "int D[N][M]; unsigned fl[N];\n"
    "void f2(void) {\n"
    "  #pragma sparse encoding(D : CSR)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    for (int j = 0; j < M; j++)\n"
    "      fl[i] <<= D[i][j];\n"
    "}\n",
    "kernel t.c:6:3\n"
    "  tensor fl[N]: unsigned int, array, dense, read, written\n"
    "  tensor D[N][M]: int, array, CSR (i : dense, j : compressed), read\n"
    "  forall i in [0, N)\n"
    "    forall j in [0, M) : carries dependence\n"
    "      if D(i,j)\n"
    "        fl(i) = fl(i) << D(i,j)\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"struct_array_members",
    "#define N 8\n"
    "#define M 6\n"
    "double A[N][M];\n"
    "struct st { double sum; int count; };\n"
    "struct pt { double x, y; };\n"
    "struct st stats[N];\n"
    "struct pt p[M];\n"
    "void f(void) {\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    for (int j = 0; j < M; j++)\n"
    "      if (A[i][j] != 0) { stats[i].sum += A[i][j] * p[j].x; stats[i].count++; }\n"
    "}\n",
    "kernel t.c:10:3\n"
    "  tensor A[N][M]: double, array, CSR (i : dense, j : compressed), read\n"
    "  tensor stats[].sum[N]: double, array, dense, read, written\n"
    "  tensor p[].x[M]: double, array, dense, read\n"
    "  tensor stats[].count[N]: int, array, dense, read, written\n"
    "  forall i in [0, N) : carries dependence\n"
    "    forall j in [0, M) : reduction\n"
    "      if A(i,j) != 0\n"
    "        stats[i].sum += A(i,j) * p[j].x\n"
    "        stats[i].count += 1\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"member_arrays_through_pointer",
    "#define N 8\n"
    "#define M 6\n"
    "double A[N][M];\n"
    "struct model { int n; double u[N]; double x[M]; };\n"
    "void f(struct model *m) {\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    for (int j = 0; j < M; j++)\n"
    "      m->u[i] += A[i][j] * m->x[j];\n"
    "}\n",
    "kernel t.c:7:3\n"
    "  tensor m->u[N]: double, array through a pointer, dense, read, written\n"
    "  tensor A[N][M]: double, array, CSR (i : dense, j : compressed), read\n"
    "  tensor m->x[M]: double, array through a pointer, dense, read\n"
    "  forall i in [0, N)\n"
    "    forall j in [0, M) : reduction\n"
    "      m->u(i) += A(i,j) * m->x(j)\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"spmm",
    "#define N 8\n"
    "#define M 6\n"
    "#define K 5\n"
    "double A[N][M], B[M][K], C[N][K];\n"
    "void f(void) {\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    for (int j = 0; j < M; j++)\n"
    "      for (int k = 0; k < K; k++)\n"
    "        C[i][k] += A[i][j] * B[j][k];\n"
    "}\n",
    "kernel t.c:7:3\n"
    "  tensor C[N][K]: double, array, dense, read, written\n"
    "  tensor A[N][M]: double, array, CSR (i : dense, j : compressed), read\n"
    "  tensor B[M][K]: double, array, dense, read\n"
    "  forall i in [0, N)\n"
    "    forall j in [0, M) : reduction\n"
    "      forall k in [0, K)\n"
    "        C(i,k) += A(i,j) * B(j,k)\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"sddmm",
    "#define N 8\n"
    "#define M 6\n"
    "#define K 5\n"
    "double S[N][M], D[N][K], E[K][M], O[N][M];\n"
    "void f(void) {\n"
    "  #pragma sparse encoding(S : CSR, O : CSR)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    for (int j = 0; j < M; j++)\n"
    "      for (int k = 0; k < K; k++)\n"
    "        O[i][j] += S[i][j] * D[i][k] * E[k][j];\n"
    "}\n",
    "kernel t.c:7:3\n"
    "  tensor O[N][M]: double, array, CSR (i : dense, j : compressed), read, written\n"
    "  tensor S[N][M]: double, array, CSR (i : dense, j : compressed), read\n"
    "  tensor D[N][K]: double, array, dense, read\n"
    "  tensor E[K][M]: double, array, dense, read\n"
    "  forall i in [0, N)\n"
    "    forall j in [0, M)\n"
    "      forall k in [0, K) : reduction\n"
    "        O(i,j) += S(i,j) * D(i,k) * E(k,j)\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"sum_scalar",
    "#define N 8\n"
    "#define M 6\n"
    "#define K 5\n"
    "double A[N][M];\n"
    "double f(void) {\n"
    "  double s = 0;\n"
    "  #pragma sparse encoding(A : DCSR)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    for (int j = 0; j < M; j++)\n"
    "      s += A[i][j];\n"
    "  return s;\n"
    "}\n",
    "kernel t.c:8:3\n"
    "  tensor A[N][M]: double, array, DCSR (i : compressed, j : compressed), read\n"
    "  scalars written: s\n"
    "  forall i in [0, N) : reduction\n"
    "    forall j in [0, M) : reduction\n"
    "      s += A(i,j)\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"row_sums",
    "#define N 8\n"
    "#define M 6\n"
    "#define K 5\n"
    "double A[N][M], r[N];\n"
    "void f(void) {\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (int i = 0; i < N; i++) {\n"
    "    r[i] = 0;\n"
    "    for (int j = 0; j < M; j++)\n"
    "      r[i] += A[i][j];\n"
    "  }\n"
    "}\n",
    "kernel t.c:7:3\n"
    "  tensor r[N]: double, array, dense, read, written\n"
    "  tensor A[N][M]: double, array, CSR (i : dense, j : compressed), read\n"
    "  forall i in [0, N)\n"
    "    r(i) = 0\n"
    "    forall j in [0, M) : reduction\n"
    "      r(i) += A(i,j)\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"col_sums",
    "#define N 8\n"
    "#define M 6\n"
    "#define K 5\n"
    "double A[N][M], c[M];\n"
    "void f(void) {\n"
    "  #pragma sparse encoding(A : CSC)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    for (int j = 0; j < M; j++)\n"
    "      c[j] += A[i][j];\n"
    "}\n",
    "kernel t.c:7:3\n"
    "  tensor c[M]: double, array, dense, read, written\n"
    "  tensor A[N][M]: double, array, CSC (j : dense, i : compressed), read\n"
    "  forall i in [0, N) : reduction\n"
    "    forall j in [0, M)\n"
    "      c(j) += A(i,j)\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"spadd",
    "#define N 8\n"
    "#define M 6\n"
    "#define K 5\n"
    "double A[N][M], B[N][M], C[N][M];\n"
    "void f(void) {\n"
    "  #pragma sparse encoding(A : CSR, B : CSR, C : CSR)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    for (int j = 0; j < M; j++)\n"
    "      C[i][j] = A[i][j] + B[i][j];\n"
    "}\n",
    "kernel t.c:7:3\n"
    "  tensor C[N][M]: double, array, CSR (i : dense, j : compressed), written\n"
    "  tensor A[N][M]: double, array, CSR (i : dense, j : compressed), read\n"
    "  tensor B[N][M]: double, array, CSR (i : dense, j : compressed), read\n"
    "  forall i in [0, N)\n"
    "    forall j in [0, M)\n"
    "      C(i,j) = A(i,j) + B(i,j)\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"elementwise_mul",
    "#define N 8\n"
    "#define M 6\n"
    "#define K 5\n"
    "double A[N][M], B[N][M], C[N][M];\n"
    "void f(void) {\n"
    "  #pragma sparse encoding(A : CSR, B : DCSR)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    for (int j = 0; j < M; j++)\n"
    "      C[i][j] = A[i][j] * B[i][j];\n"
    "}\n",
    "kernel t.c:7:3\n"
    "  tensor C[N][M]: double, array, dense, written\n"
    "  tensor A[N][M]: double, array, CSR (i : dense, j : compressed), read\n"
    "  tensor B[N][M]: double, array, DCSR (i : compressed, j : compressed), read\n"
    "  forall i in [0, N)\n"
    "    forall j in [0, M)\n"
    "      C(i,j) = A(i,j) * B(i,j)\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"scale_inplace",
    "#define N 8\n"
    "#define M 6\n"
    "#define K 5\n"
    "double A[N][M];\n"
    "void f(double alpha) {\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    for (int j = 0; j < M; j++)\n"
    "      A[i][j] *= alpha;\n"
    "}\n",
    "kernel t.c:7:3\n"
    "  tensor A[N][M]: double, array, CSR (i : dense, j : compressed), read, written\n"
    "  forall i in [0, N)\n"
    "    forall j in [0, M)\n"
    "      A(i,j) *= alpha\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"accumulator_local",
    "#define N 8\n"
    "#define M 6\n"
    "#define K 5\n"
    "double A[N][M], x[M], y[N];\n"
    "void f(void) {\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (int i = 0; i < N; i++) {\n"
    "    double s = 0.0;\n"
    "    for (int j = 0; j < M; j++)\n"
    "      s += A[i][j] * x[j];\n"
    "    y[i] = s;\n"
    "  }\n"
    "}\n",
    "kernel t.c:7:3\n"
    "  tensor A[N][M]: double, array, CSR (i : dense, j : compressed), read\n"
    "  tensor x[M]: double, array, dense, read\n"
    "  tensor y[N]: double, array, dense, written\n"
    "  scalars written: s\n"
    "  forall i in [0, N)\n"
    "    double s = 0.0\n"
    "    forall j in [0, M) : reduction\n"
    "      s += A(i,j) * x(j)\n"
    "    y(i) = s\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"accumulator_outer",
    "#define N 8\n"
    "#define M 6\n"
    "#define K 5\n"
    "double A[N][M], x[M], y[N];\n"
    "void f(void) {\n"
    "  double s;\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (int i = 0; i < N; i++) {\n"
    "    s = 0;\n"
    "    for (int j = 0; j < M; j++)\n"
    "      s += A[i][j] * x[j];\n"
    "    y[i] = s;\n"
    "  }\n"
    "}\n",
    "kernel t.c:8:3\n"
    "  tensor A[N][M]: double, array, CSR (i : dense, j : compressed), read\n"
    "  tensor x[M]: double, array, dense, read\n"
    "  tensor y[N]: double, array, dense, written\n"
    "  scalars written: s\n"
    "  forall i in [0, N)\n"
    "    s = 0\n"
    "    forall j in [0, M) : reduction\n"
    "      s += A(i,j) * x(j)\n"
    "    y(i) = s\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"band_bounds",
    "#define N 8\n"
    "#define MAX(a, b) ((a) > (b) ? (a) : (b))\n"
    "#define MIN(a, b) ((a) < (b) ? (a) : (b))\n"
    "double A[N][N], x[N], y[N];\n"
    "static inline int imax(int a, int b) { return a > b ? a : b; }\n"
    "static inline int imin(int a, int b) { return a < b ? a : b; }\n"
    "void f(int bw) {\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    for (int j = MAX(0, i - 2); j <= MIN(N - 1, i + 2); j++)\n"
    "      y[i] += A[i][j] * x[j];\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    for (int j = i > bw ? i - bw : 0; j < (i + bw + 1 < N ? i + bw + 1 : N); j++)\n"
    "      y[i] += A[i][j] * x[j];\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    for (int j = imax(MAX(0, i - bw), 2 * i - 9); j < imin(N, i + 1) + 1; j++)\n"
    "      y[i] += A[i][j] * x[j];\n"
    "}\n",
    "kernel t.c:9:3\n"
    "  tensor y[N]: double, array, dense, read, written\n"
    "  tensor A[N][N]: double, array, CSR (i : dense, j : compressed), read\n"
    "  tensor x[N]: double, array, dense, read\n"
    "  forall i in [0, N)\n"
    "    forall j in [max(i - 2, 0), min(i + 3, 8)) : reduction\n"
    "      y(i) += A(i,j) * x(j)\n"
    "kernel t.c:13:3\n"
    "  tensor y[N]: double, array, dense, read, written\n"
    "  tensor A[N][N]: double, array, CSR (i : dense, j : compressed), read\n"
    "  tensor x[N]: double, array, dense, read\n"
    "  forall i in [0, N)\n"
    "    forall j in [max(i - bw, 0), min(i + bw + 1, 8)) : reduction\n"
    "      y(i) += A(i,j) * x(j)\n"
    "kernel t.c:17:3\n"
    "  tensor y[N]: double, array, dense, read, written\n"
    "  tensor A[N][N]: double, array, CSR (i : dense, j : compressed), read\n"
    "  tensor x[N]: double, array, dense, read\n"
    "  forall i in [0, N)\n"
    "    forall j in [max(i - bw, 0, 2*i - 9), min(i + 2, 9)) : reduction\n"
    "      y(i) += A(i,j) * x(j)\n",
    {NULL},
    {NULL},
    NULL,
    3, 0},
  {"triangular_le",
    "#define N 8\n"
    "#define M 6\n"
    "#define K 5\n"
    "double A[N][N], x[N], y[N];\n"
    "void f(void) {\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    for (int j = 0; j <= i; j++)\n"
    "      y[i] += A[i][j] * x[j];\n"
    "}\n",
    "kernel t.c:7:3\n"
    "  tensor y[N]: double, array, dense, read, written\n"
    "  tensor A[N][N]: double, array, CSR (i : dense, j : compressed), read\n"
    "  tensor x[N]: double, array, dense, read\n"
    "  forall i in [0, N)\n"
    "    forall j in [0, i + 1) : reduction\n"
    "      y(i) += A(i,j) * x(j)\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"triangular_solve",
    "#define N 8\n"
    "#define M 6\n"
    "#define K 5\n"
    "double L[N][N], x[N], b[N];\n"
    "void f(void) {\n"
    "  #pragma sparse encoding(L : CSR)\n"
    "  for (int i = 0; i < N; i++) {\n"
    "    x[i] = b[i];\n"
    "    for (int j = 0; j < i; j++)\n"
    "      x[i] -= L[i][j] * x[j];\n"
    "    x[i] /= L[i][i];\n"
    "  }\n"
    "}\n",
    "kernel t.c:7:3\n"
    "  tensor x[N]: double, array, dense, read, written\n"
    "  tensor b[N]: double, array, dense, read\n"
    "  tensor L[N][N]: double, array, CSR (i : dense, j : compressed), read\n"
    "  forall i in [0, N) : carries dependence\n"
    "    x(i) = b(i)\n"
    "    forall j in [0, i) : carries dependence\n"
    "      x(i) -= L(i,j) * x(j)\n"
    "    x(i) = x(i) / L(i,i)\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"math_calls",
    "#include <math.h>\n"
    "#define N 8\n"
    "#define M 6\n"
    "#define K 5\n"
    "double A[N][M], x[M], y[N];\n"
    "void f(void) {\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    for (int j = 0; j < M; j++)\n"
    "      y[i] = fmax(y[i], fabs(A[i][j]) * sqrt(x[j]) + exp(-x[j]) / pow(2.0, j));\n"
    "}\n",
    "kernel t.c:8:3\n"
    "  tensor y[N]: double, array, dense, read, written\n"
    "  tensor A[N][M]: double, array, CSR (i : dense, j : compressed), read\n"
    "  tensor x[M]: double, array, dense, read\n"
    "  forall i in [0, N)\n"
    "    forall j in [0, M) : carries dependence\n"
    "      y(i) = fmax(y(i), fabs(A(i,j)) * sqrt(x(j)) + exp(-x(j)) / pow(2.0, j))\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"ternary",
    "#define N 8\n"
    "#define M 6\n"
    "#define K 5\n"
    "double A[N][M], y[N];\n"
    "void f(double t) {\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    for (int j = 0; j < M; j++)\n"
    "      y[i] += A[i][j] > t && j != i ? A[i][j] : -A[i][j];\n"
    "}\n",
    "kernel t.c:7:3\n"
    "  tensor y[N]: double, array, dense, read, written\n"
    "  tensor A[N][M]: double, array, CSR (i : dense, j : compressed), read\n"
    "  forall i in [0, N)\n"
    "    forall j in [0, M) : reduction\n"
    "      y(i) += A(i,j) > t && j != i ? A(i,j) : -A(i,j)\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"float_cast",
    "#define N 8\n"
    "#define M 6\n"
    "#define K 5\n"
    "float A[N][M], x[M];\n"
    "double y[N];\n"
    "void f(void) {\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    for (int j = 0; j < M; j++)\n"
    "      y[i] += (double)A[i][j] * (double)x[j];\n"
    "}\n",
    "kernel t.c:8:3\n"
    "  tensor y[N]: double, array, dense, read, written\n"
    "  tensor A[N][M]: float, array, CSR (i : dense, j : compressed), read\n"
    "  tensor x[M]: float, array, dense, read\n"
    "  forall i in [0, N)\n"
    "    forall j in [0, M) : reduction\n"
    "      y(i) += (double)A(i,j) * (double)x(j)\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"int_long",
    "#define N 8\n"
    "#define M 6\n"
    "#define K 5\n"
    "int A[N][M];\n"
    "long x[M], y[N];\n"
    "void f(void) {\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    for (int j = 0; j < M; j++)\n"
    "      y[i] += A[i][j] * x[j] + 1;\n"
    "}\n",
    "kernel t.c:8:3\n"
    "  tensor y[N]: long, array, dense, read, written\n"
    "  tensor A[N][M]: int, array, CSR (i : dense, j : compressed), read\n"
    "  tensor x[M]: long, array, dense, read\n"
    "  forall i in [0, N)\n"
    "    forall j in [0, M) : reduction\n"
    "      y(i) += A(i,j) * x(j) + 1\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"typedef_elem",
    "#define N 8\n"
    "#define M 6\n"
    "#define K 5\n"
    "typedef double real_t;\n"
    "typedef real_t row_t[M];\n"
    "row_t A[N];\n"
    "real_t x[M], y[N];\n"
    "void f(void) {\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    for (int j = 0; j < M; j++)\n"
    "      y[i] += A[i][j] * x[j];\n"
    "}\n",
    "kernel t.c:10:3\n"
    "  tensor y[N]: real_t, array, dense, read, written\n"
    "  tensor A[N][6]: double, array, CSR (i : dense, j : compressed), read\n"
    "  tensor x[M]: real_t, array, dense, read\n"
    "  forall i in [0, N)\n"
    "    forall j in [0, M) : reduction\n"
    "      y(i) += A(i,j) * x(j)\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"row_pointers",
    "void f(int n, int m, double **A, double *x, double *y) {\n"
    "  #pragma sparse encoding(A[n][m] : CSR)\n"
    "  for (int i = 0; i < n; i++)\n"
    "    for (int j = 0; j < m; j++)\n"
    "      y[i] += A[i][j] * x[j];\n"
    "}\n",
    "kernel t.c:3:3\n"
    "  tensor y[?]: double, flat, dense, read, written\n"
    "  tensor A[n][m]: double, row pointers, CSR (i : dense, j : compressed), read\n"
    "  tensor x[?]: double, flat, dense, read\n"
    "  forall i in [0, n)\n"
    "    forall j in [0, m) : reduction\n"
    "      y(i) += A(i,j) * x(j)\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"ptr_to_array",
    "#define N 8\n"
    "#define M 6\n"
    "#define K 5\n"
    "void f(int n, double (*A)[M], double *x, double *y) {\n"
    "  #pragma sparse encoding(A[n][M] : CSR)\n"
    "  for (int i = 0; i < n; i++)\n"
    "    for (int j = 0; j < M; j++)\n"
    "      y[i] += A[i][j] * x[j];\n"
    "}\n",
    "kernel t.c:6:3\n"
    "  tensor y[?]: double, flat, dense, read, written\n"
    "  tensor A[n][M]: double, pointer to array, CSR (i : dense, j : compressed), read\n"
    "  tensor x[?]: double, flat, dense, read\n"
    "  forall i in [0, n)\n"
    "    forall j in [0, M) : reduction\n"
    "      y(i) += A(i,j) * x(j)\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"param_incomplete",
    "#define N 8\n"
    "#define M 6\n"
    "#define K 5\n"
    "void f(int n, double A[][M], double x[M], double y[]) {\n"
    "  #pragma sparse encoding(A[n][M] : CSR)\n"
    "  for (int i = 0; i < n; i++)\n"
    "    for (int j = 0; j < M; j++)\n"
    "      y[i] += A[i][j] * x[j];\n"
    "}\n",
    "kernel t.c:6:3\n"
    "  tensor y[?]: double, flat, dense, read, written\n"
    "  tensor A[n][M]: double, pointer to array, CSR (i : dense, j : compressed), read\n"
    "  tensor x[M]: double, flat, dense, read\n"
    "  forall i in [0, n)\n"
    "    forall j in [0, M) : reduction\n"
    "      y(i) += A(i,j) * x(j)\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"flat_shape",
    "void f(int n, int m, const double *A, const double *x, double *y) {\n"
    "  #pragma sparse encoding(A[n][m] : CSR)\n"
    "  for (int i = 0; i < n; i++)\n"
    "    for (int j = 0; j < m; j++)\n"
    "      y[i] += A[i * m + j] * x[j];\n"
    "}\n",
    "kernel t.c:3:3\n"
    "  tensor y[?]: double, flat, dense, read, written\n"
    "  tensor A[n][m]: double, flat, CSR (i : dense, j : compressed), read\n"
    "  tensor x[?]: double, flat, dense, read\n"
    "  forall i in [0, n)\n"
    "    forall j in [0, m) : reduction\n"
    "      y(i) += A(i,j) * x(j)\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"flat_triangle_outer_bound",
    "void f(int n, const double *L, const double *x, double *y) {\n"
    "  int nn = n;\n"
    "  #pragma sparse encoding(L[n][n] : CSR)\n"
    "  for (int i = 1; i <= nn - 1; i++)\n"
    "    for (int j = 0; j < i; j++)\n"
    "      y[i] += L[i * n + j] * x[j];\n"
    "}\n",
    "kernel t.c:4:3\n"
    "  tensor y[?]: double, flat, dense, read, written\n"
    "  tensor L[n][n]: double, flat, CSR (i : dense, j : compressed), read\n"
    "  tensor x[?]: double, flat, dense, read\n"
    "  forall i in [1, nn)\n"
    "    forall j in [0, i) : reduction\n"
    "      y(i) += L(i,j) * x(j)\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"flat_spmm_dense_inferred",
    "void f(int n, int m, int p, double *A, double *B, double *C) {\n"
    "  #pragma sparse encoding(A[n][m] : CSR)\n"
    "  for (int i = 0; i < n; i++)\n"
    "    for (int j = 0; j < m; j++)\n"
    "      for (int k = 0; k < p; k++)\n"
    "        C[i * p + k] += A[m * i + j] * B[j * p + k];\n"
    "}\n",
    "kernel t.c:3:3\n"
    "  tensor C[?][p]: double, flat, dense, read, written\n"
    "  tensor A[n][m]: double, flat, CSR (i : dense, j : compressed), read\n"
    "  tensor B[?][p]: double, flat, dense, read\n"
    "  forall i in [0, n)\n"
    "    forall j in [0, m) : reduction\n"
    "      forall k in [0, p)\n"
    "        C(i,k) += A(i,j) * B(j,k)\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"vla_params",
    "void f(int n, int m, double A[n][m], double x[m], double y[n]) {\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (int i = 0; i < n; i++)\n"
    "    for (int j = 0; j < m; j++)\n"
    "      y[i] += A[i][j] * x[j];\n"
    "}\n",
    "kernel t.c:3:3\n"
    "  tensor y[n]: double, flat, dense, read, written\n"
    "  tensor A[n][m]: double, pointer to array, CSR (i : dense, j : compressed), read\n"
    "  tensor x[m]: double, flat, dense, read\n"
    "  forall i in [0, n)\n"
    "    forall j in [0, m) : reduction\n"
    "      y(i) += A(i,j) * x(j)\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"bound_exprs",
    "void f(int n, int m, double A[n][m], double y[n]) {\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (int i = 1; i < n - 1; i++)\n"
    "    for (int j = i + 1; j < 2 * m - n; j++)\n"
    "      y[i] += A[i][j - 1] + A[i - 1][j];\n"
    "}\n",
    "kernel t.c:3:3\n"
    "  tensor y[n]: double, flat, dense, read, written\n"
    "  tensor A[n][m]: double, pointer to array, CSR (i : dense, j : compressed), read\n"
    "  forall i in [1, n - 1)\n"
    "    forall j in [i + 1, 2*m - n) : reduction\n"
    "      y(i) += A(i,j - 1) + A(i - 1,j)\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"ttv",
    "#define N 8\n"
    "#define M 6\n"
    "#define K 5\n"
    "double A[N][M][K], v[K], C[N][M];\n"
    "void f(void) {\n"
    "  #pragma sparse encoding(A : CSF)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    for (int j = 0; j < M; j++)\n"
    "      for (int k = 0; k < K; k++)\n"
    "        C[i][j] += A[i][j][k] * v[k];\n"
    "}\n",
    "kernel t.c:7:3\n"
    "  tensor C[N][M]: double, array, dense, read, written\n"
    "  tensor A[N][M][K]: double, array, CSF (i : compressed, j : compressed, k : compressed), read\n"
    "  tensor v[K]: double, array, dense, read\n"
    "  forall i in [0, N)\n"
    "    forall j in [0, M)\n"
    "      forall k in [0, K) : reduction\n"
    "        C(i,j) += A(i,j,k) * v(k)\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"mttkrp",
    "#define N 8\n"
    "#define M 6\n"
    "#define K 5\n"
    "#define R 4\n"
    "double B[N][M][K], C[M][R], D[K][R], A[N][R];\n"
    "void f(void) {\n"
    "  #pragma sparse encoding(B : CSF)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    for (int k = 0; k < M; k++)\n"
    "      for (int l = 0; l < K; l++)\n"
    "        for (int j = 0; j < R; j++)\n"
    "          A[i][j] += B[i][k][l] * C[k][j] * D[l][j];\n"
    "}\n",
    "kernel t.c:8:3\n"
    "  tensor A[N][R]: double, array, dense, read, written\n"
    "  tensor B[N][M][K]: double, array, CSF (i : compressed, j : compressed, k : compressed), read\n"
    "  tensor C[M][R]: double, array, dense, read\n"
    "  tensor D[K][R]: double, array, dense, read\n"
    "  forall i in [0, N)\n"
    "    forall k in [0, M) : reduction\n"
    "      forall l in [0, K) : reduction\n"
    "        forall j in [0, R)\n"
    "          A(i,j) += B(i,k,l) * C(k,j) * D(l,j)\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"spmv_transposed",
    "#define N 8\n"
    "#define M 6\n"
    "#define K 5\n"
    "double A[N][M], x[N], y[M];\n"
    "void f(void) {\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    for (int j = 0; j < M; j++)\n"
    "      y[j] += A[i][j] * x[i];\n"
    "}\n",
    "kernel t.c:7:3\n"
    "  tensor y[M]: double, array, dense, read, written\n"
    "  tensor A[N][M]: double, array, CSR (i : dense, j : compressed), read\n"
    "  tensor x[N]: double, array, dense, read\n"
    "  forall i in [0, N) : reduction\n"
    "    forall j in [0, M)\n"
    "      y(j) += A(i,j) * x(i)\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"coo",
    "#define N 8\n"
    "#define M 6\n"
    "#define K 5\n"
    "double A[N][M], x[M], y[N];\n"
    "void f(void) {\n"
    "  #pragma sparse encoding(A : COO)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    for (int j = 0; j < M; j++)\n"
    "      y[i] += A[i][j] * x[j];\n"
    "}\n",
    "kernel t.c:7:3\n"
    "  tensor y[N]: double, array, dense, read, written\n"
    "  tensor A[N][M]: double, array, COO (i : compressed(nonunique), j : singleton), read\n"
    "  tensor x[M]: double, array, dense, read\n"
    "  forall i in [0, N)\n"
    "    forall j in [0, M) : reduction\n"
    "      y(i) += A(i,j) * x(j)\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"index_as_value",
    "#define N 8\n"
    "#define M 6\n"
    "#define K 5\n"
    "double A[N][M], y[N];\n"
    "void f(void) {\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    for (int j = 0; j < M; j++)\n"
    "      y[i] += A[i][j] * j - i;\n"
    "}\n",
    "kernel t.c:7:3\n"
    "  tensor y[N]: double, array, dense, read, written\n"
    "  tensor A[N][M]: double, array, CSR (i : dense, j : compressed), read\n"
    "  forall i in [0, N)\n"
    "    forall j in [0, M) : reduction\n"
    "      y(i) += A(i,j) * j - i\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"two_inner_nests",
    "#define N 8\n"
    "#define M 6\n"
    "#define K 5\n"
    "double A[N][M], x[M], y[N], z[M];\n"
    "void f(void) {\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (int i = 0; i < N; i++) {\n"
    "    for (int j = 0; j < M; j++)\n"
    "      y[i] += A[i][j] * x[j];\n"
    "    for (int j = 0; j < M; j++)\n"
    "      z[j] += A[i][j] * y[i];\n"
    "  }\n"
    "}\n",
    "kernel t.c:7:3\n"
    "  tensor y[N]: double, array, dense, read, written\n"
    "  tensor A[N][M]: double, array, CSR (i : dense, j : compressed), read\n"
    "  tensor x[M]: double, array, dense, read\n"
    "  tensor z[M]: double, array, dense, read, written\n"
    "  forall i in [0, N)\n"
    "    forall j in [0, M) : reduction\n"
    "      y(i) += A(i,j) * x(j)\n"
    "    forall j in [0, M)\n"
    "      z(j) += A(i,j) * y(i)\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"vector_pragma",
    "#define N 8\n"
    "#define M 6\n"
    "#define K 5\n"
    "double A[N][M], x[M], y[N];\n"
    "void f(void) {\n"
    "  #pragma sparse vectorize(vl = 8, index32)\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    for (int j = 0; j < M; j++)\n"
    "      y[i] += A[i][j] * x[j];\n"
    "}\n",
    "kernel t.c:8:3\n"
    "  tensor y[N]: double, array, dense, read, written\n"
    "  tensor A[N][M]: double, array, CSR (i : dense, j : compressed), read\n"
    "  tensor x[M]: double, array, dense, read\n"
    "  vectorize(vl = 8, index32)\n"
    "  forall i in [0, N)\n"
    "    forall j in [0, M) : reduction\n"
    "      y(i) += A(i,j) * x(j)\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"shadowing",
    "#define N 8\n"
    "#define M 6\n"
    "#define K 5\n"
    "float A[N][M];\n"
    "double y[N];\n"
    "void g(double *A) { A[0] = 1; }\n"
    "void f(int m, double A[][M]) {\n"
    "  #pragma sparse encoding(A[m][M] : CSR)\n"
    "  for (int i = 0; i < m; i++)\n"
    "    for (int j = 0; j < M; j++)\n"
    "      y[i] += A[i][j];\n"
    "}\n",
    "kernel t.c:9:3\n"
    "  tensor y[N]: double, array, dense, read, written\n"
    "  tensor A[m][M]: double, pointer to array, CSR (i : dense, j : compressed), read\n"
    "  forall i in [0, m)\n"
    "    forall j in [0, M) : reduction\n"
    "      y(i) += A(i,j)\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"const_and_symbolic_subscripts",
    "#define N 8\n"
    "#define M 6\n"
    "#define K 5\n"
    "double A[N][M], y[N + 4];\n"
    "void f(int off) {\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    for (int j = 0; j < M; j++) {\n"
    "      y[0] += A[i][j];\n"
    "      y[i + off + 1] += 2 * A[i][j];\n"
    "    }\n"
    "}\n",
    "kernel t.c:7:3\n"
    "  tensor y[N + 4]: double, array, dense, read, written\n"
    "  tensor A[N][M]: double, array, CSR (i : dense, j : compressed), read\n"
    "  forall i in [0, N)\n"
    "    forall j in [0, M) : reduction\n"
    "      y(0) += A(i,j)\n"
    "      y(i + off + 1) += 2 * A(i,j)\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"time_loop_symbol",
    "#define N 8\n"
    "#define M 6\n"
    "#define K 5\n"
    "double A[N][M], x[M], y[N];\n"
    "void f(int T) {\n"
    "  for (int t = 0; t < T; t++) {\n"
    "    #pragma sparse encoding(A : CSR)\n"
    "    for (int i = 0; i < N; i++)\n"
    "      for (int j = 0; j < M; j++)\n"
    "        y[i] += A[i][j] * x[j] * t;\n"
    "  }\n"
    "}\n",
    "kernel t.c:8:5\n"
    "  tensor y[N]: double, array, dense, read, written\n"
    "  tensor A[N][M]: double, array, CSR (i : dense, j : compressed), read\n"
    "  tensor x[M]: double, array, dense, read\n"
    "  forall i in [0, N)\n"
    "    forall j in [0, M) : reduction\n"
    "      y(i) += A(i,j) * x(j) * t\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"no_braces_mixed",
    "#define N 8\n"
    "#define M 6\n"
    "#define K 5\n"
    "double A[N][M], x[M], y[N];\n"
    "void f(void) {\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (int i = 0; i < N; i++) { y[i] = 0.5; for (int j = 0; j < M; j++) { { y[i] += A[i][j] * x[j]; } ; } }\n"
    "}\n",
    "kernel t.c:7:3\n"
    "  tensor y[N]: double, array, dense, read, written\n"
    "  tensor A[N][M]: double, array, CSR (i : dense, j : compressed), read\n"
    "  tensor x[M]: double, array, dense, read\n"
    "  forall i in [0, N)\n"
    "    y(i) = 0.5\n"
    "    forall j in [0, M) : reduction\n"
    "      y(i) += A(i,j) * x(j)\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"sparse_vector_dot",
    "#define N 8\n"
    "#define M 6\n"
    "#define K 5\n"
    "double a[N], b[N];\n"
    "double f(void) {\n"
    "  double d = 0;\n"
    "  #pragma sparse encoding(a : SparseVector, b : SparseVector)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    d += a[i] * b[i];\n"
    "  return d;\n"
    "}\n",
    "kernel t.c:8:3\n"
    "  tensor a[N]: double, array, SparseVector (i : compressed), read\n"
    "  tensor b[N]: double, array, SparseVector (i : compressed), read\n"
    "  scalars written: d\n"
    "  forall i in [0, N) : reduction\n"
    "    d += a(i) * b(i)\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"bsr",
    "#define N 8\n"
    "#define M 6\n"
    "#define K 5\n"
    "double A[N][N], x[N], y[N];\n"
    "void f(void) {\n"
    "  #pragma sparse encoding(A : BSR(2, 2))\n"
    "  for (int i = 0; i < N; i++)\n"
    "    for (int j = 0; j < N; j++)\n"
    "      y[i] += A[i][j] * x[j];\n"
    "}\n",
    "kernel t.c:7:3\n"
    "  tensor y[N]: double, array, dense, read, written\n"
    "  tensor A[N][N]: double, array, BSR(2, 2) (i floordiv 2 : dense, j floordiv 2 : compressed, i mod 2 : dense, j mod 2 : dense), read\n"
    "  tensor x[N]: double, array, dense, read\n"
    "  forall i in [0, N)\n"
    "    forall j in [0, N) : reduction\n"
    "      y(i) += A(i,j) * x(j)\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"flat_3d",
    "void f(int n, int m, int p, double *A, double *y) {\n"
    "  #pragma sparse encoding(A[n][m][p] : CSF)\n"
    "  for (int i = 0; i < n; i++)\n"
    "    for (int j = 0; j < m; j++)\n"
    "      for (int k = 0; k < p; k++)\n"
    "        y[i] += A[(i * m + j) * p + k];\n"
    "}\n",
    "kernel t.c:3:3\n"
    "  tensor y[?]: double, flat, dense, read, written\n"
    "  tensor A[n][m][p]: double, flat, CSF (i : compressed, j : compressed, k : compressed), read\n"
    "  forall i in [0, n)\n"
    "    forall j in [0, m) : reduction\n"
    "      forall k in [0, p) : reduction\n"
    "        y(i) += A(i,j,k)\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"gather_dense_operand",
    "#define N 8\n"
    "#define M 6\n"
    "double A[N][M], x[M], y[N];\n"
    "int perm[M];\n"
    "void f(void) {\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    for (int j = 0; j < M; j++)\n"
    "      y[i] += A[i][j] * x[perm[j] % M];\n"
    "}\n",
    "kernel t.c:7:3\n"
    "  tensor y[N]: double, array, dense, read, written\n"
    "  tensor A[N][M]: double, array, CSR (i : dense, j : compressed), read\n"
    "  tensor x[M]: double, array, dense, read\n"
    "  tensor perm[M]: int, array, dense, read\n"
    "  forall i in [0, N)\n"
    "    forall j in [0, M) : reduction\n"
    "      y(i) += A(i,j) * x[perm(j) % M]\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"index_local_gather",
    "#define N 8\n"
    "#define M 6\n"
    "double A[N][M], x[M], y[N];\n"
    "int perm[M];\n"
    "void f(void) {\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    for (int j = 0; j < M; j++) {\n"
    "      int c = perm[j];\n"
    "      y[i] += A[i][j] * x[c];\n"
    "    }\n"
    "}\n",
    "kernel t.c:7:3\n"
    "  tensor perm[M]: int, array, dense, read\n"
    "  tensor y[N]: double, array, dense, read, written\n"
    "  tensor A[N][M]: double, array, CSR (i : dense, j : compressed), read\n"
    "  tensor x[M]: double, array, dense, read\n"
    "  forall i in [0, N)\n"
    "    forall j in [0, M) : reduction\n"
    "      y(i) += A(i,j) * x[(int)perm(j)]\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"scatter_through_index_array",
    "#define N 8\n"
    "#define M 6\n"
    "double A[N][M], cnt[M];\n"
    "int label[M];\n"
    "void f(void) {\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    for (int j = 0; j < M; j++)\n"
    "      cnt[label[j]] += A[i][j];\n"
    "}\n",
    "kernel t.c:7:3\n"
    "  tensor cnt[M]: double, array, dense, read, written\n"
    "  tensor label[M]: int, array, dense, read\n"
    "  tensor A[N][M]: double, array, CSR (i : dense, j : compressed), read\n"
    "  forall i in [0, N) : reduction\n"
    "    forall j in [0, M) : carries dependence\n"
    "      cnt[label(j)] += A(i,j)\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"strided_outer_loop",
    "#define N 8\n"
    "#define M 6\n"
    "double A[N][M], x[M], y[N];\n"
    "void f(void) {\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (int i = 1; i < N; i += 2)\n"
    "    for (int j = 0; j < M; j++)\n"
    "      y[i] += A[i][j] * x[j] * i;\n"
    "}\n",
    "kernel t.c:6:3\n"
    "  tensor y[N]: double, array, dense, read, written\n"
    "  tensor A[N][M]: double, array, CSR (i : dense, j : compressed), read\n"
    "  tensor x[M]: double, array, dense, read\n"
    "  forall i in [0, (N) > (1) ? ((N) - (1) + 1) / 2 : 0) (counts steps of 2 from 1)\n"
    "    forall j in [0, M) : reduction\n"
    "      y(2*i + 1) += A(2*i + 1,j) * x(j) * (1 + 2 * i)\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"row_alias_followed",
    "#define N 8\n"
    "#define M 6\n"
    "double A[N][M], x[M], y[N];\n"
    "void f(void) {\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (int i = 0; i < N; i++) {\n"
    "    const double *row = &A[i][0];\n"
    "    for (int j = 0; j < M; j++)\n"
    "      y[i] += row[j] * x[j];\n"
    "  }\n"
    "}\n",
    "kernel t.c:6:3\n"
    "  tensor y[N]: double, array, dense, read, written\n"
    "  tensor A[N][M]: double, array, CSR (i : dense, j : compressed), read\n"
    "  tensor x[M]: double, array, dense, read\n"
    "  forall i in [0, N)\n"
    "    forall j in [0, M) : reduction\n"
    "      y(i) += A(i,j) * x(j)\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
};

static void run_case(void **state) {
  const Case *c = *state;
  FeResult r;
  fe_run("t.c", c->src, &r);
  if (strcmp(r.dump, c->dump))
    fprintf(stderr, "%s: got dump:\n%s--- diags:\n%s", c->name, r.dump, r.diags);
  assert_string_equal(r.dump, c->dump);
  for (int i = 0; i < 6 && c->diags[i]; i++) {
    if (!strstr(r.diags, c->diags[i]))
      fprintf(stderr, "%s: missing '%s' in:\n%s", c->name, c->diags[i], r.diags);
    assert_non_null(strstr(r.diags, c->diags[i]));
  }
  for (int i = 0; i < 4 && c->locs[i]; i++)
    assert_non_null(strstr(r.diags, c->locs[i]));
  if (c->report)
    assert_non_null(strstr(r.report, c->report));
  else
    assert_null(strstr(r.report, "kernel not sparsified"));
  assert_int_equal(r.nedits, c->nedits);
  assert_int_equal(r.rc, c->rc);
  fe_free(&r);
}

static int set_case(void **state) {
  (void)state;
  return 0;
}

int main(void) {
  enum { NC = sizeof kCases / sizeof *kCases };
  struct CMUnitTest tests[NC];
  for (size_t i = 0; i < NC; i++) {
    struct CMUnitTest t = {kCases[i].name, run_case, set_case, NULL,
                           (void *)&kCases[i]};
    tests[i] = t;
  }
  return _cmocka_run_group_tests("test_extract_shapes", tests, NC, NULL, NULL);
}
