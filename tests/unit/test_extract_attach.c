/* test_extract_attach.c — attaching pragmas: declarations (case 1), function definitions (case 2), pragma groups, nested pragmas, user formats, conditional blocks.
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
  {"decl_global",
    "#include <stdio.h>\n"
    "#define N 8\n"
    "#define M 6\n"
    "#pragma sparse encoding(A : CSR)\n"
    "double A[N][M];\n"
    "double x[M], y[N];\n"
    "void spmv(void) {\n"
    "  for (int i = 0; i < N; i++)\n"
    "    for (int j = 0; j < M; j++)\n"
    "      y[i] += A[i][j] * x[j];\n"
    "}\n"
    "void other(void) {\n"
    "  for (int i = 0; i < N; i++)\n"
    "    y[i] = 0;\n"
    "}\n"
    "void timed(int T) {\n"
    "  for (int t = 0; t < T; t++) {\n"
    "    printf(\"%d\\n\", t);\n"
    "    for (int i = 0; i < N; i++)\n"
    "      for (int j = 0; j < M; j++)\n"
    "        y[i] += A[i][j];\n"
    "  }\n"
    "}\n"
    "void shadow(double *A) {\n"
    "  for (int i = 0; i < N; i++)\n"
    "    y[i] += A[i];\n"
    "}\n",
    "kernel t.c:8:3\n"
    "  tensor y[N]: double, array, dense, read, written\n"
    "  tensor A[N][M]: double, array, CSR (i : dense, j : compressed), read\n"
    "  tensor x[M]: double, array, dense, read\n"
    "  forall i in [0, N)\n"
    "    forall j in [0, M) : reduction\n"
    "      y(i) += A(i,j) * x(j)\n"
    "kernel t.c:19:5\n"
    "  tensor y[N]: double, array, dense, read, written\n"
    "  tensor A[N][M]: double, array, CSR (i : dense, j : compressed), read\n"
    "  forall i in [0, N)\n"
    "    forall j in [0, M) : reduction\n"
    "      y(i) += A(i,j)\n",
    {NULL},
    {NULL},
    NULL,
    5, 0}, /* 2 kernels; A's declaration, its pragma line, the helpers */
  {"decl_local",
    "#include <stdio.h>\n"
    "#define N 8\n"
    "#define M 6\n"
    "double x[M], y[N];\n"
    "void f(void) {\n"
    "  #pragma sparse encoding(B : DCSR)\n"
    "  double B[N][M];\n"
    "  for (int i = 0; i < N; i++)\n"
    "    for (int j = 0; j < M; j++)\n"
    "      B[i][j] = 0;\n"
    "  for (int i = 0; i < N; i++) {\n"
    "    y[i] = 0;\n"
    "    for (int j = 0; j < M; j++)\n"
    "      y[i] += B[i][j] * x[j];\n"
    "  }\n"
    "  while (y[0] > 1) {\n"
    "    for (int i = 0; i < N; i++)\n"
    "      y[i] /= 2;\n"
    "  }\n"
    "}\n",
    /* the zeroing nest clears B's storage (frontend/uses.c), not a kernel */
    "kernel t.c:11:3\n"
    "  tensor y[N]: double, array, dense, read, written\n"
    "  tensor B[N][M]: double, array, DCSR (i : compressed, j : compressed), read\n"
    "  tensor x[M]: double, array, dense, read\n"
    "  forall i in [0, N)\n"
    "    y(i) = 0\n"
    "    forall j in [0, M) : reduction\n"
    "      y(i) += B(i,j) * x(j)\n",
    {NULL},
    {NULL},
    NULL,
    6, 0}, /* the kernel, the clearing nest, B's declaration and pragma
             line, its free at the block's end, the helpers */
  {"func_def",
    "#include <stdio.h>\n"
    "#define N 8\n"
    "#define M 6\n"
    "#pragma sparse encoding(A[n][m] : CSR)\n"
    "void spmv(int n, int m, double **A, double *x, double *y) {\n"
    "  for (int i = 0; i < n; i++)\n"
    "    for (int j = 0; j < m; j++)\n"
    "      y[i] += A[i][j] * x[j];\n"
    "  for (int i = 0; i < n; i++)\n"
    "    y[i] *= 2;\n"
    "}\n",
    "kernel t.c:6:3\n"
    "  tensor y[?]: double, flat, dense, read, written\n"
    "  tensor A[n][m]: double, row pointers, CSR (i : dense, j : compressed), read\n"
    "  tensor x[?]: double, flat, dense, read\n"
    "  forall i in [0, n)\n"
    "    forall j in [0, m) : reduction\n"
    "      y(i) += A(i,j) * x(j)\n",
    {NULL},
    {NULL},
    NULL,
    /* the kernel; `static`, the name and the parameters of the tensor
     * version, its parameters marked used; spmv itself after it; the
     * helpers */
    7, 0},
  {"err_func_not_param",
    "#include <stdio.h>\n"
    "#define N 8\n"
    "#define M 6\n"
    "double B[N][M];\n"
    "#pragma sparse encoding(B : CSR)\n"
    "void f(int n, double *y) {\n"
    "  for (int i = 0; i < n; i++)\n"
    "    y[i] = B[i][0];\n"
    "}\n",
    "",
    {"error: 'B' is not a parameter of the function that follows the pragma"},
    {"t.c:5:25"},
    NULL,
    0, -1},
  {"err_decl_not_declared",
    "#include <stdio.h>\n"
    "#define N 8\n"
    "#define M 6\n"
    "double C[N][M];\n"
    "#pragma sparse encoding(C : CSR)\n"
    "double D[N][M];\n",
    "",
    {"error: 'C' is not declared by the declaration that follows the pragma"},
    {"t.c:5:25"},
    NULL,
    0, -1},
  {"err_decl_prototype",
    "#include <stdio.h>\n"
    "#define N 8\n"
    "#pragma sparse encoding(A : CSR)\n"
    "double frob(int n, double A[N][N]);\n",
    "",
    {"error: 'A' is a parameter of a function prototype; a pragma binding "
     "parameters goes before the function's definition"},
    {"t.c:3:25"},
    NULL,
    0, -1},
  {"group_two_encodings",
    "#include <stdio.h>\n"
    "#define N 8\n"
    "#define M 6\n"
    "double A[N][M], B[N][M], y[N];\n"
    "void f(void) {\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  // both arrays are sparse here\n"
    "  #pragma sparse novectorize\n"
    "  #pragma sparse encoding(B : CSR)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    for (int j = 0; j < M; j++)\n"
    "      y[i] += A[i][j] * B[i][j];\n"
    "}\n",
    "kernel t.c:10:3\n"
    "  tensor y[N]: double, array, dense, read, written\n"
    "  tensor A[N][M]: double, array, CSR (i : dense, j : compressed), read\n"
    "  tensor B[N][M]: double, array, CSR (i : dense, j : compressed), read\n"
    "  novectorize\n"
    "  forall i in [0, N)\n"
    "    forall j in [0, M) : reduction\n"
    "      y(i) += A(i,j) * B(i,j)\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"nested_pragma",
    "#include <stdio.h>\n"
    "#define N 8\n"
    "#define M 6\n"
    "double A[N][M], y[N];\n"
    "void f(void) {\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (int i = 0; i < N; i++) {\n"
    "    #pragma sparse encoding(A : CSR)\n"
    "    for (int j = 0; j < M; j++)\n"
    "      y[i] += A[i][j];\n"
    "  }\n"
    "}\n",
    "kernel t.c:7:3\n"
    "  tensor y[N]: double, array, dense, read, written\n"
    "  tensor A[N][M]: double, array, CSR (i : dense, j : compressed), read\n"
    "  forall i in [0, N)\n"
    "    forall j in [0, M) : reduction\n"
    "      y(i) += A(i,j)\n",
    {"warning: pragma sparse ignored: inside a loop nest sparsified by an earlier pragma"},
    {"t.c:8:5"},
    NULL,
    1, 0},
  {"format_then_encoding",
    "#include <stdio.h>\n"
    "#define N 8\n"
    "#define M 6\n"
    "#pragma sparse format MyCSR = (i, j) -> (i : dense, j : compressed)\n"
    "double A[N][M], y[N];\n"
    "void f(void) {\n"
    "  #pragma sparse encoding(A : MyCSR)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    for (int j = 0; j < M; j++)\n"
    "      y[i] += A[i][j];\n"
    "}\n",
    "kernel t.c:8:3\n"
    "  tensor y[N]: double, array, dense, read, written\n"
    "  tensor A[N][M]: double, array, MyCSR (i : dense, j : compressed), read\n"
    "  forall i in [0, N)\n"
    "    forall j in [0, M) : reduction\n"
    "      y(i) += A(i,j)\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"in_active_ifndef",
    "#include <stdio.h>\n"
    "#define N 8\n"
    "#define M 6\n"
    "double A[N][M], y[N];\n"
    "void f(void) {\n"
    "#ifndef NO_SPARSE\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    for (int j = 0; j < M; j++)\n"
    "      y[i] += A[i][j];\n"
    "#endif\n"
    "}\n",
    "kernel t.c:8:3\n"
    "  tensor y[N]: double, array, dense, read, written\n"
    "  tensor A[N][M]: double, array, CSR (i : dense, j : compressed), read\n"
    "  forall i in [0, N)\n"
    "    forall j in [0, M) : reduction\n"
    "      y(i) += A(i,j)\n",
    {NULL},
    {NULL},
    NULL,
    1, 0},
  {"in_inactive_ifdef",
    "#include <stdio.h>\n"
    "#define N 8\n"
    "#define M 6\n"
    "double A[N][M], y[N];\n"
    "void f(void) {\n"
    "#ifdef USE_SPARSE\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    for (int j = 0; j < M; j++)\n"
    "      y[i] += A[i][j];\n"
    "#endif\n"
    "}\n",
    "",
    {NULL},
    {NULL},
    NULL,
    0, 0},
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
  return _cmocka_run_group_tests("test_extract_attach", tests, NC, NULL, NULL);
}
