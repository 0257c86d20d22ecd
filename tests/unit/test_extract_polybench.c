/* test_extract_polybench.c — PolyBench-style kernels with #define bounds and outside-declared loop variables (atax, bicg, mvt, gesummv, gemver, trmv, syrk, symm, 2mm).
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
  {"atax",
    "#define N 40\n"
    "#define M 30\n"
    "double A[M][N], x[N], y[N], tmp[M];\n"
    "void kernel_atax(void) {\n"
    "  int i, j;\n"
    "  for (i = 0; i < N; i++)\n"
    "    y[i] = 0;\n"
    "#pragma sparse encoding(A : CSR)\n"
    "  for (i = 0; i < M; i++) {\n"
    "    tmp[i] = 0.0;\n"
    "    for (j = 0; j < N; j++)\n"
    "      tmp[i] = tmp[i] + A[i][j] * x[j];\n"
    "    for (j = 0; j < N; j++)\n"
    "      y[j] = y[j] + A[i][j] * tmp[i];\n"
    "  }\n"
    "}\n",
    "kernel t.c:9:3\n"
    "  tensor tmp[M]: double, array, dense, read, written\n"
    "  tensor A[M][N]: double, array, CSR (i : dense, j : compressed), read\n"
    "  tensor x[N]: double, array, dense, read\n"
    "  tensor y[N]: double, array, dense, read, written\n"
    "  forall i in [0, M)\n"
    "    tmp(i) = 0.0\n"
    "    forall j in [0, N) : reduction\n"
    "      tmp(i) += A(i,j) * x(j)\n"
    "    forall j in [0, N)\n"
    "      y(j) += A(i,j) * tmp(i)\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"bicg",
    "#define N 40\n"
    "#define M 30\n"
    "double A[N][M], s[M], q[N], p[M], r[N];\n"
    "void kernel_bicg(void) {\n"
    "  int i, j;\n"
    "#pragma sparse encoding(A : CSR)\n"
    "  for (i = 0; i < N; i++) {\n"
    "    q[i] = 0.0;\n"
    "    for (j = 0; j < M; j++) {\n"
    "      s[j] = s[j] + r[i] * A[i][j];\n"
    "      q[i] = q[i] + A[i][j] * p[j];\n"
    "    }\n"
    "  }\n"
    "}\n",
    "kernel t.c:7:3\n"
    "  tensor q[N]: double, array, dense, read, written\n"
    "  tensor s[M]: double, array, dense, read, written\n"
    "  tensor r[N]: double, array, dense, read\n"
    "  tensor A[N][M]: double, array, CSR (i : dense, j : compressed), read\n"
    "  tensor p[M]: double, array, dense, read\n"
    "  forall i in [0, N)\n"
    "    q(i) = 0.0\n"
    "    forall j in [0, M)\n"
    "      s(j) += r(i) * A(i,j)\n"
    "      q(i) += A(i,j) * p(j)\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"mvt",
    "#define N 40\n"
    "#define M 30\n"
    "double A[N][N], x1[N], x2[N], y_1[N], y_2[N];\n"
    "void kernel_mvt(void) {\n"
    "  int i, j;\n"
    "#pragma sparse encoding(A : CSR)\n"
    "  for (i = 0; i < N; i++)\n"
    "    for (j = 0; j < N; j++)\n"
    "      x1[i] = x1[i] + A[i][j] * y_1[j];\n"
    "#pragma sparse encoding(A : CSC)\n"
    "  for (i = 0; i < N; i++)\n"
    "    for (j = 0; j < N; j++)\n"
    "      x2[i] = x2[i] + A[j][i] * y_2[j];\n"
    "}\n",
    "kernel t.c:7:3\n"
    "  tensor x1[N]: double, array, dense, read, written\n"
    "  tensor A[N][N]: double, array, CSR (i : dense, j : compressed), read\n"
    "  tensor y_1[N]: double, array, dense, read\n"
    "  forall i in [0, N)\n"
    "    forall j in [0, N) : reduction\n"
    "      x1(i) += A(i,j) * y_1(j)\n"
    "kernel t.c:11:3\n"
    "  tensor x2[N]: double, array, dense, read, written\n"
    "  tensor A[N][N]: double, array, CSC (j : dense, i : compressed), read\n"
    "  tensor y_2[N]: double, array, dense, read\n"
    "  forall i in [0, N)\n"
    "    forall j in [0, N) : reduction\n"
    "      x2(i) += A(j,i) * y_2(j)\n",
    {NULL},
    {NULL},
    NULL,
    2, 0},
  {"gesummv",
    "#define N 40\n"
    "#define M 30\n"
    "double A[N][N], B[N][N], tmp[N], x[N], y[N];\n"
    "void kernel_gesummv(double alpha, double beta) {\n"
    "  int i, j;\n"
    "#pragma sparse encoding(A : CSR, B : CSR)\n"
    "  for (i = 0; i < N; i++) {\n"
    "    tmp[i] = 0.0;\n"
    "    y[i] = 0.0;\n"
    "    for (j = 0; j < N; j++) {\n"
    "      tmp[i] = A[i][j] * x[j] + tmp[i];\n"
    "      y[i] = B[i][j] * x[j] + y[i];\n"
    "    }\n"
    "    y[i] = alpha * tmp[i] + beta * y[i];\n"
    "  }\n"
    "}\n",
    "kernel t.c:7:3\n"
    "  tensor tmp[N]: double, array, dense, read, written\n"
    "  tensor y[N]: double, array, dense, read, written\n"
    "  tensor A[N][N]: double, array, CSR (i : dense, j : compressed), read\n"
    "  tensor x[N]: double, array, dense, read\n"
    "  tensor B[N][N]: double, array, CSR (i : dense, j : compressed), read\n"
    "  forall i in [0, N)\n"
    "    tmp(i) = 0.0\n"
    "    y(i) = 0.0\n"
    "    forall j in [0, N) : reduction\n"
    "      tmp(i) += A(i,j) * x(j)\n"
    "      y(i) += B(i,j) * x(j)\n"
    "    y(i) = alpha * tmp(i) + beta * y(i)\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"gemver",
    "#define N 40\n"
    "#define M 30\n"
    "double A[N][N], u1[N], v1[N], u2[N], v2[N], w[N], x[N], y[N], z[N];\n"
    "void kernel_gemver(double alpha, double beta) {\n"
    "  int i, j;\n"
    "#pragma sparse encoding(A : CSR)\n"
    "  for (i = 0; i < N; i++)\n"
    "    for (j = 0; j < N; j++)\n"
    "      x[i] = x[i] + beta * A[j][i] * y[j];\n"
    "#pragma sparse encoding(A : CSR)\n"
    "  for (i = 0; i < N; i++)\n"
    "    for (j = 0; j < N; j++)\n"
    "      w[i] = w[i] + alpha * A[i][j] * x[j];\n"
    "}\n",
    "kernel t.c:7:3\n"
    "  tensor x[N]: double, array, dense, read, written\n"
    "  tensor A[N][N]: double, array, CSR (i : dense, j : compressed), read\n"
    "  tensor y[N]: double, array, dense, read\n"
    "  forall i in [0, N)\n"
    "    forall j in [0, N) : reduction\n"
    "      x(i) += beta * A(j,i) * y(j)\n"
    "kernel t.c:11:3\n"
    "  tensor w[N]: double, array, dense, read, written\n"
    "  tensor A[N][N]: double, array, CSR (i : dense, j : compressed), read\n"
    "  tensor x[N]: double, array, dense, read\n"
    "  forall i in [0, N)\n"
    "    forall j in [0, N) : reduction\n"
    "      w(i) += alpha * A(i,j) * x(j)\n",
    {NULL},
    {NULL},
    NULL,
    2, 0},
  {"trmv",
    "#define N 40\n"
    "#define M 30\n"
    "double A[N][N], x[N], b[N];\n"
    "void kernel_trmv(void) {\n"
    "#pragma sparse encoding(A : CSR)\n"
    "  for (int i = 0; i < N; i++) {\n"
    "    b[i] = 0;\n"
    "    for (int j = i; j < N; j++)\n"
    "      b[i] += A[i][j] * x[j];\n"
    "  }\n"
    "}\n",
    "kernel t.c:6:3\n"
    "  tensor b[N]: double, array, dense, read, written\n"
    "  tensor A[N][N]: double, array, CSR (i : dense, j : compressed), read\n"
    "  tensor x[N]: double, array, dense, read\n"
    "  forall i in [0, N)\n"
    "    b(i) = 0\n"
    "    forall j in [i, N) : reduction\n"
    "      b(i) += A(i,j) * x(j)\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"syrk",
    "#define N 40\n"
    "#define M 30\n"
    "double A[N][M], C[N][N];\n"
    "void kernel_syrk(double alpha, double beta) {\n"
    "  int i, j, k;\n"
    "#pragma sparse encoding(A : CSR)\n"
    "  for (i = 0; i < N; i++) {\n"
    "    for (j = 0; j <= i; j++)\n"
    "      C[i][j] *= beta;\n"
    "    for (k = 0; k < M; k++)\n"
    "      for (j = 0; j <= i; j++)\n"
    "        C[i][j] += alpha * A[i][k] * A[j][k];\n"
    "  }\n"
    "}\n",
    "kernel t.c:7:3\n"
    "  tensor C[N][N]: double, array, dense, read, written\n"
    "  tensor A[N][M]: double, array, CSR (i : dense, j : compressed), read\n"
    "  forall i in [0, N)\n"
    "    forall j in [0, i + 1)\n"
    "      C(i,j) *= beta\n"
    "    forall k in [0, M) : reduction\n"
    "      forall j in [0, i + 1)\n"
    "        C(i,j) += alpha * A(i,k) * A(j,k)\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"symm",
    "#define N 40\n"
    "#define M 30\n"
    "double A[M][M], B[M][N], C[M][N];\n"
    "void kernel_symm(double alpha, double beta) {\n"
    "  int i, j, k;\n"
    "  double temp2;\n"
    "#pragma sparse encoding(A : CSR)\n"
    "  for (i = 0; i < M; i++)\n"
    "    for (j = 0; j < N; j++) {\n"
    "      temp2 = 0;\n"
    "      for (k = 0; k < i; k++) {\n"
    "        C[k][j] += alpha * B[i][j] * A[i][k];\n"
    "        temp2 += B[k][j] * A[i][k];\n"
    "      }\n"
    "      C[i][j] = beta * C[i][j] + alpha * B[i][j] * A[i][i] + alpha * temp2;\n"
    "    }\n"
    "}\n",
    "kernel t.c:8:3\n"
    "  tensor C[M][N]: double, array, dense, read, written\n"
    "  tensor B[M][N]: double, array, dense, read\n"
    "  tensor A[M][M]: double, array, CSR (i : dense, j : compressed), read\n"
    "  scalars written: temp2\n"
    "  forall i in [0, M) : carries dependence\n"
    "    forall j in [0, N)\n"
    "      temp2 = 0\n"
    "      forall k in [0, i)\n"
    "        C(k,j) += alpha * B(i,j) * A(i,k)\n"
    "        temp2 += B(k,j) * A(i,k)\n"
    "      C(i,j) = beta * C(i,j) + alpha * B(i,j) * A(i,i) + alpha * temp2\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"2mm",
    "#define N 40\n"
    "#define M 30\n"
    "#define NK 20\n"
    "#define NL 10\n"
    "double A[N][NK], B[NK][M], C[M][NL], D[N][NL], tmp[N][M];\n"
    "void kernel_2mm(double alpha, double beta) {\n"
    "  int i, j, k;\n"
    "#pragma sparse encoding(A : CSR)\n"
    "  for (i = 0; i < N; i++)\n"
    "    for (j = 0; j < M; j++) {\n"
    "      tmp[i][j] = 0.0;\n"
    "      for (k = 0; k < NK; ++k)\n"
    "        tmp[i][j] += alpha * A[i][k] * B[k][j];\n"
    "    }\n"
    "  for (i = 0; i < N; i++)\n"
    "    for (j = 0; j < NL; j++) {\n"
    "      D[i][j] *= beta;\n"
    "      for (k = 0; k < M; ++k)\n"
    "        D[i][j] += tmp[i][k] * C[k][j];\n"
    "    }\n"
    "}\n",
    "kernel t.c:9:3\n"
    "  tensor tmp[N][M]: double, array, dense, read, written\n"
    "  tensor A[N][NK]: double, array, CSR (i : dense, j : compressed), read\n"
    "  tensor B[NK][M]: double, array, dense, read\n"
    "  forall i in [0, N)\n"
    "    forall j in [0, M)\n"
    "      tmp(i,j) = 0.0\n"
    "      forall k in [0, NK) : reduction\n"
    "        tmp(i,j) += alpha * A(i,k) * B(k,j)\n",
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
  return _cmocka_run_group_tests("test_extract_polybench", tests, NC, NULL, NULL);
}
