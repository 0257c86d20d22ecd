/* test_extract_refusals.c — every refusal reason (warning 'loop not sparsified', report line, no edit) and every binding error (error at the binding, note at the declaration).
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
  {"while_loop",
    "#define N 8\n"
    "#define M 6\n"
    "double A[N][M], x[M], y[N];\n"
    "int idx[N];\n"
    "int g(int);\n"
    "void f(void) {\n"
    "  int i, j;\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (i = 0; i < N; i++) {\n"
    "    j = 0;\n"
    "    while (y[i] < 1.0) { y[i] += A[i][j]; j++; }\n"
    "  }\n"
    "}\n",
    "",
    {"warning: loop not sparsified: while loop in the nest"},
    {"t.c:11:5"},
    "t.c:9:3: kernel not sparsified: while loop in the nest",
    0, 0},
  {"band_lower_min",
    "#define N 8\n"
    "#define MIN(a, b) ((a) < (b) ? (a) : (b))\n"
    "double A[N][N], x[N], y[N];\n"
    "void f(void) {\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    for (int j = MIN(i, 3); j < N; j++)\n"
    "      y[i] += A[i][j] * x[j];\n"
    "}\n",
    "",
    {"warning: loop not sparsified: lower bound 'MIN(i, 3)' is the min of affine "
     "forms (a band is a max of lower bounds and a min of upper bounds)"},
    {"t.c:7:18"},
    "t.c:6:3: kernel not sparsified: lower bound 'MIN(i, 3)' is the min",
    0, 0},
  {"band_cond_not_minmax",
    "#define N 8\n"
    "double A[N][N], x[N], y[N];\n"
    "void f(int bw) {\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    for (int j = i > bw ? i - bw - 1 : 0; j < N; j++)\n"
    "      y[i] += A[i][j] * x[j];\n"
    "}\n",
    "",
    {"warning: loop not sparsified: loop bound 'i > bw ? i - bw - 1 : 0' is a "
     "conditional that is not the max or min of its branches"},
    {"t.c:6:18"},
    "t.c:5:3: kernel not sparsified: loop bound 'i > bw ? i - bw - 1 : 0' is a conditional",
    0, 0},
  {"band_unsigned_var",
    "#define N 8\n"
    "#define MAX(a, b) ((a) > (b) ? (a) : (b))\n"
    "double A[N][N], x[N], y[N];\n"
    "void f(void) {\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    for (unsigned j = MAX(0, i - 2); j < N; j++)\n"
    "      y[i] += A[i][j] * x[j];\n"
    "}\n",
    "",
    {"warning: loop not sparsified: band bound 'MAX(0, i - 2)' of the loop "
     "variable 'j' of type 'unsigned', which is not a signed integer type"},
    {"t.c:7:23"},
    "t.c:6:3: kernel not sparsified: band bound 'MAX(0, i - 2)'",
    0, 0},
  {"do_loop",
    "#define N 8\n"
    "#define M 6\n"
    "double A[N][M], x[M], y[N];\n"
    "int idx[N];\n"
    "int g(int);\n"
    "void f(void) {\n"
    "  int i, j;\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (i = 0; i < N; i++) {\n"
    "    j = 0;\n"
    "    do { y[i] += A[i][j]; } while (++j < M);\n"
    "  }\n"
    "}\n",
    "",
    {"warning: loop not sparsified: do-while loop in the nest"},
    {"t.c:11:5"},
    "t.c:9:3: kernel not sparsified: do-while loop in the nest",
    0, 0},
  {"goto_stmt",
    "#define N 8\n"
    "#define M 6\n"
    "double A[N][M], x[M], y[N];\n"
    "int idx[N];\n"
    "int g(int);\n"
    "void f(void) {\n"
    "  int i, j;\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (i = 0; i < N; i++)\n"
    "    for (j = 0; j < M; j++)\n"
    "      { y[i] += A[i][j]; goto done; }\n"
    "  done: ;\n"
    "}\n",
    "",
    {"warning: loop not sparsified: goto in the nest"},
    {"t.c:11:26"},
    "t.c:9:3: kernel not sparsified: goto in the nest",
    0, 0},
  {"break_stmt",
    "#define N 8\n"
    "#define M 6\n"
    "double A[N][M], x[M], y[N];\n"
    "int idx[N];\n"
    "int g(int);\n"
    "void f(void) {\n"
    "  int i, j;\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (i = 0; i < N; i++)\n"
    "    for (j = 0; j < M; j++)\n"
    "      { y[i] += A[i][j]; break; }\n"
    "}\n",
    "",
    {"warning: loop not sparsified: break in the nest"},
    {"t.c:11:26"},
    "t.c:9:3: kernel not sparsified: break in the nest",
    0, 0},
  {"continue_stmt",
    "#define N 8\n"
    "#define M 6\n"
    "double A[N][M], x[M], y[N];\n"
    "int idx[N];\n"
    "int g(int);\n"
    "void f(void) {\n"
    "  int i, j;\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (i = 0; i < N; i++)\n"
    "    for (j = 0; j < M; j++)\n"
    "      { continue; }\n"
    "}\n",
    "",
    {"warning: loop not sparsified: continue in the nest"},
    {"t.c:11:9"},
    "t.c:9:3: kernel not sparsified: continue in the nest",
    0, 0},
  {"return_stmt",
    "#define N 8\n"
    "#define M 6\n"
    "double A[N][M], x[M], y[N];\n"
    "int idx[N];\n"
    "int g(int);\n"
    "void f(void) {\n"
    "  int i, j;\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (i = 0; i < N; i++)\n"
    "    for (j = 0; j < M; j++)\n"
    "      { y[i] += A[i][j]; return; }\n"
    "}\n",
    "",
    {"warning: loop not sparsified: return in the nest"},
    {"t.c:11:26"},
    "t.c:9:3: kernel not sparsified: return in the nest",
    0, 0},
  {"impure_call",
    "#define N 8\n"
    "#define M 6\n"
    "double A[N][M], x[M], y[N];\n"
    "int idx[N];\n"
    "int g(int);\n"
    "void f(void) {\n"
    "  int i, j;\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (i = 0; i < N; i++)\n"
    "    for (j = 0; j < M; j++)\n"
    "      y[i] += A[i][j] * g(j);\n"
    "}\n",
    "",
    {"warning: loop not sparsified: call to function 'g', which may have side effects"},
    {"t.c:11:25"},
    "t.c:9:3: kernel not sparsified: call to function 'g', which may have side effects",
    0, 0},
  {"indirect_subscript",
    "#define N 8\n"
    "#define M 6\n"
    "double A[N][M], x[M], y[N];\n"
    "int idx[N];\n"
    "int g(int);\n"
    "void f(void) {\n"
    "  int i, j;\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (i = 0; i < N; i++)\n"
    "    for (j = 0; j < M; j++)\n"
    "      y[idx[i]] = A[i][j];\n"
    "}\n",
    "",
    {"warning: loop not sparsified: 'y[idx[i]]' is written at a computed position (an "
     "indirect subscript of a dense output, a scatter) with '=' (only += and -= are "
     "modelled)"},
    {"t.c:11:7"},
    "t.c:9:3: kernel not sparsified: 'y[idx[i]]' is written at a computed position",
    0, 0},
  {"pointer_arith",
    "#define N 8\n"
    "#define M 6\n"
    "double A[N][M], x[M], y[N];\n"
    "int idx[N];\n"
    "int g(int);\n"
    "void f(void) {\n"
    "  int i, j;\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (i = 0; i < N; i++)\n"
    "    for (j = 0; j < M; j++)\n"
    "      y[i] += *(A[i] + j);\n"
    "}\n",
    "",
    {"warning: loop not sparsified: pointer arithmetic on sparse array 'A'"},
    {"t.c:11:15"},
    "t.c:9:3: kernel not sparsified: pointer arithmetic on sparse array 'A'",
    0, 0},
  {"sparse_passed",
    "#define N 8\n"
    "#define M 6\n"
    "double A[N][M], x[M], y[N];\n"
    "int g(double (*)[M]);\n"
    "void f(void) {\n"
    "  int i, j;\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (i = 0; i < N; i++)\n"
    "    for (j = 0; j < M; j++)\n"
    "      y[i] += g(A);\n"
    "}\n",
    "",
    {"warning: loop not sparsified: sparse array 'A' passed to function 'g'"},
    {"t.c:10:17"},
    "t.c:8:3: kernel not sparsified: sparse array 'A' passed to function 'g'",
    0, 0},
  {"address_taken",
    "#define N 8\n"
    "#define M 6\n"
    "double A[N][M], x[M], y[N];\n"
    "double g(double *);\n"
    "void f(void) {\n"
    "  int i, j;\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (i = 0; i < N; i++)\n"
    "    for (j = 0; j < M; j++)\n"
    "      y[i] += g(&A[i][j]);\n"
    "}\n",
    "",
    {"warning: loop not sparsified: address of sparse array 'A' taken"},
    {"t.c:10:17"},
    "t.c:8:3: kernel not sparsified: address of sparse array 'A' taken",
    0, 0},
  {"label_stmt",
    "#define N 8\n"
    "#define M 6\n"
    "double A[N][M], x[M], y[N];\n"
    "int idx[N];\n"
    "int g(int);\n"
    "void f(void) {\n"
    "  int i, j;\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (i = 0; i < N; i++)\n"
    "    for (j = 0; j < M; j++)\n"
    "      { here: y[i] += A[i][j]; }\n"
    "}\n",
    "",
    {"warning: loop not sparsified: label in the nest"},
    {"t.c:11:9"},
    "t.c:9:3: kernel not sparsified: label in the nest",
    0, 0},
  {"loop_var_incr_in_body",
    "#define N 8\n"
    "#define M 6\n"
    "double A[N][M], x[M], y[N];\n"
    "int idx[N];\n"
    "int g(int);\n"
    "void f(void) {\n"
    "  int i, j;\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (i = 0; i < N; i++)\n"
    "    for (j = 0; j < M; j++)\n"
    "      { y[i] += A[i][j]; j++; }\n"
    "}\n",
    "",
    {"warning: loop not sparsified: loop variable 'j' modified in the loop body"},
    {"t.c:11:26"},
    "t.c:9:3: kernel not sparsified: loop variable 'j' modified in the loop body",
    0, 0},
  {"assign_loop_var",
    "#define N 8\n"
    "#define M 6\n"
    "double A[N][M], x[M], y[N];\n"
    "int idx[N];\n"
    "int g(int);\n"
    "void f(void) {\n"
    "  int i, j;\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (i = 0; i < N; i++)\n"
    "    for (j = 0; j < M; j++)\n"
    "      { y[i] += A[i][j]; i = 0; }\n"
    "}\n",
    "",
    {"warning: loop not sparsified: assignment to loop variable 'i'"},
    {"t.c:11:26"},
    "t.c:9:3: kernel not sparsified: assignment to loop variable 'i'",
    0, 0},
  {"element_incr",
    "#define N 8\n"
    "#define M 6\n"
    "double A[N][M], x[M], y[N];\n"
    "int idx[N];\n"
    "int g(int);\n"
    "void f(void) {\n"
    "  int i, j;\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (i = 0; i < N; i++)\n"
    "    for (j = 0; j < M; j++)\n"
    "      y[i] += A[i][j] * x[j]++;\n"
    "}\n",
    "",
    {"warning: loop not sparsified: '++' on an array element"},
    {"t.c:11:25"},
    "t.c:9:3: kernel not sparsified: '++' on an array element",
    0, 0},
  {"comma_operator",
    "#define N 8\n"
    "#define M 6\n"
    "double A[N][M], x[M], y[N];\n"
    "int idx[N];\n"
    "int g(int);\n"
    "void f(void) {\n"
    "  int i, j;\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (i = 0; i < N; i++)\n"
    "    for (j = 0; j < M; j++)\n"
    "      y[i] += A[i][j], x[j] = 0;\n"
    "}\n",
    "",
    {"warning: loop not sparsified: comma operator"},
    {"t.c:11:7"},
    "t.c:9:3: kernel not sparsified: comma operator",
    0, 0},
  {"if_reads_written",
    "#define N 8\n"
    "#define M 6\n"
    "double A[N][M], x[M], y[N];\n"
    "int idx[N];\n"
    "int g(int);\n"
    "void f(void) {\n"
    "  int i, j;\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (i = 0; i < N; i++)\n"
    "    for (j = 0; j < M; j++)\n"
    "      if (y[i] < 100) { y[i] += A[i][j]; x[j] = y[i]; }\n"
    "}\n",
    "",
    {"warning: loop not sparsified: if condition reads 'y', which its branches write"},
    {"t.c:11:10"},
    "t.c:9:3: kernel not sparsified: if condition reads 'y', which its branches write",
    0, 0},
  {"step_two",
    "#define N 8\n"
    "#define M 6\n"
    "double A[N][M], x[M], y[N];\n"
    "int idx[N];\n"
    "int g(int);\n"
    "void f(void) {\n"
    "  int i, j;\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (i = 1; i < N; i *= 2)\n"
    "    for (j = 0; j < M; j++)\n"
    "      y[i] += A[i][j];\n"
    "}\n",
    "",
    {"warning: loop not sparsified: loop step is not 'i++', '++i', 'i += 1' or 'i = i + 1'"},
    {"t.c:9:22"},
    "t.c:9:3: kernel not sparsified: loop step is not 'i++', '++i', 'i += 1' or 'i = i + 1'",
    0, 0},
  {"cond_difference",
    "#define N 8\n"
    "#define M 6\n"
    "double A[N][M], x[M], y[N];\n"
    "int idx[N];\n"
    "int g(int);\n"
    "void f(void) {\n"
    "  int i, j;\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (i = 0; N - i; i++)\n"
    "    for (j = 0; j < M; j++)\n"
    "      y[i] += A[i][j];\n"
    "}\n",
    "",
    {"warning: loop not sparsified: loop condition 'N - i' is not 'i < bound' or 'i <= bound'"},
    {"t.c:9:15"},
    "t.c:9:3: kernel not sparsified: loop condition 'N - i' is not 'i < bound' or 'i <= bound'",
    0, 0},
  {"nonaffine_product",
    "#define N 8\n"
    "#define M 6\n"
    "double A[N][M], x[M], y[N];\n"
    "int idx[N];\n"
    "int g(int);\n"
    "void f(void) {\n"
    "  int i, j;\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (i = 0; i < N; i++)\n"
    "    for (j = 0; j < M; j++)\n"
    "      y[i] += A[i][j] * x[i * j];\n"
    "}\n",
    "",
    {"warning: loop not sparsified: subscript 'i * j' is not affine in the loop variables"},
    {"t.c:11:27"},
    "t.c:9:3: kernel not sparsified: subscript 'i * j' is not affine in the loop variables",
    0, 0},
  {"symbol_written",
    "#define N 8\n"
    "#define M 6\n"
    "double A[N][M], x[M], y[N];\n"
    "int idx[N];\n"
    "int g(int);\n"
    "void f(int n) {\n"
    "  int i, j;\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (i = 0; i < N; i++) {\n"
    "    for (j = 0; j < M; j++)\n"
    "      y[i] += A[i][j] * x[n];\n"
    "    n = i;\n"
    "  }\n"
    "}\n",
    "",
    {"warning: loop not sparsified: subscript depends on 'n', which is assigned in the loop nest"},
    {"t.c:11:27"},
    "t.c:9:3: kernel not sparsified: subscript depends on 'n', which is assigned in the loop nest",
    0, 0},
  {"mod_assign",
    "#define N 8\n"
    "#define M 6\n"
    "int A[N][M], y[N];\n"
    "void f(void) {\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    for (int j = 0; j < M; j++)\n"
    "      y[i] %= A[i][j];\n"
    "}\n",
    "",
    {"warning: loop not sparsified: compound assignment '%='"},
    {"t.c:8:7"},
    "t.c:6:3: kernel not sparsified: compound assignment '%='",
    0, 0},
  {"row_used_as_value",
    "#define N 8\n"
    "#define M 6\n"
    "double A[N][M], x[M], y[N];\n"
    "int idx[N];\n"
    "int g(int);\n"
    "void f(void) {\n"
    "  int i, j;\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (i = 0; i < N; i++)\n"
    "    for (j = 0; j < M; j++)\n"
    "      y[i] += A[i] != 0;\n"
    "}\n",
    "",
    {"warning: loop not sparsified: 'A' has 1 subscript here but 2 in its declaration (a row or pointer used as a value)"},
    {"t.c:11:15"},
    "t.c:9:3: kernel not sparsified: 'A' has 1 subscript here but 2 in its declaration (a row or pointer used as a value)",
    0, 0},
  {"no_sparse_access",
    "#define N 8\n"
    "#define M 6\n"
    "double A[N][M], x[M], y[N];\n"
    "int idx[N];\n"
    "int g(int);\n"
    "void f(void) {\n"
    "  int i, j;\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (i = 0; i < N; i++)\n"
    "    for (j = 0; j < M; j++)\n"
    "      y[i] += x[j];\n"
    "}\n",
    "",
    {"warning: loop not sparsified: no array named in the pragma ('A') is accessed in the loop nest"},
    {"t.c:9:3"},
    "t.c:9:3: kernel not sparsified: no array named in the pragma ('A') is accessed in the loop nest",
    0, 0},
  {"bad_delinearize",
    "void f(int n, int m, double *A, double *y) {\n"
    "  #pragma sparse encoding(A[n][m] : CSR)\n"
    "  for (int i = 0; i < n; i++)\n"
    "    for (int j = 0; j < m; j++)\n"
    "      y[i] += A[i * m + j + 1];\n"
    "}\n",
    "",
    {"warning: loop not sparsified: cannot delinearize 'A[i * m + j + 1]': its last subscript is not provably within [0, m)"},
    {"t.c:5:15"},
    "t.c:3:3: kernel not sparsified: cannot delinearize 'A[i * m + j + 1]': its last subscript is not provably within [0, m)",
    0, 0},
  {"bad_delinearize_triangle",
    "void f(int n, double *L, double *y) {\n"
    "  int nn = n;\n"
    "  #pragma sparse encoding(L[n][n] : CSR)\n"
    "  for (int i = 0; i < nn; i++)\n"
    "    for (int j = 0; j <= i; j++)\n"
    "      y[i] += L[i * n + j + 1];\n"
    "}\n",
    "",
    {"warning: loop not sparsified: cannot delinearize 'L[i * n + j + 1]': its last subscript is not provably within [0, n)"},
    {"t.c:6:15"},
    "t.c:4:3: kernel not sparsified: cannot delinearize 'L[i * n + j + 1]': its last subscript is not provably within [0, n)",
    0, 0},
  {"bad_delinearize_assigned_bound",
    "void f(int n, double *L, double *y) {\n"
    "  int nn = n;\n"
    "  nn += 1;\n"
    "  #pragma sparse encoding(L[n][n] : CSR)\n"
    "  for (int i = 0; i < n; i++)\n"
    "    for (int j = 0; j < nn; j++)\n"
    "      y[i] += L[i * n + j];\n"
    "}\n",
    "",
    {"warning: loop not sparsified: cannot delinearize 'L[i * n + j]': its last subscript is not provably within [0, n)"},
    {"t.c:7:15"},
    "t.c:5:3: kernel not sparsified: cannot delinearize 'L[i * n + j]': its last subscript is not provably within [0, n)",
    0, 0},
  {"err_undeclared",
    "#define N 8\n"
    "#define M 6\n"
    "double y[N];\n"
    "void f(void) {\n"
    "  #pragma sparse encoding(B : CSR)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    y[i] = 0;\n"
    "}\n",
    "",
    {"error: 'B' is not declared here"},
    {"t.c:5:27"},
    NULL,
    0, -1},
  {"err_undeclared_near_array",
    "#define N 8\n"
    "double Am, Ax[N][N], y[N];\n"
    "void f(void) {\n"
    "  #pragma sparse encoding(An : CSR)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    y[i] = Ax[i][0] + Am;\n"
    "}\n",
    "",
    {"error: 'An' is not declared here; did you mean 'Ax'?"},
    {"t.c:4:27"},
    NULL,
    0, -1},
  {"err_undeclared_swapped_letters",
    "#define N 8\n"
    "double y[N];\n"
    "void f(double (*Adj)[N]) {\n"
    "  #pragma sparse encoding(Ajd : CSR)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    y[i] = Adj[i][0];\n"
    "}\n",
    "",
    {"error: 'Ajd' is not declared here; did you mean 'Adj'?"},
    {"t.c:4:27"},
    NULL,
    0, -1},
  {"err_not_array",
    "#define N 8\n"
    "#define M 6\n"
    "double B, y[N];\n"
    "void f(void) {\n"
    "  #pragma sparse encoding(B : CSR)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    y[i] = B;\n"
    "}\n",
    "",
    {"error: 'B' is not an array or pointer (it has type 'double')", "note: 'B' is declared here"},
    {"t.c:5:27"},
    NULL,
    0, -1},
  {"err_rank",
    "#define N 8\n"
    "#define M 6\n"
    "double A[N][M][4], y[N];\n"
    "void f(void) {\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    y[i] = A[i][0][0];\n"
    "}\n",
    "",
    {"error: encoding of 'A' has 2 dimensions but 'A' has rank 3", "note: 'A' is declared here"},
    {"t.c:5:27"},
    NULL,
    0, -1},
  {"no_extent_from_loops",
    "void f(int n, double *A, double *y) {\n"
    "  #pragma sparse encoding(A : SparseVector)\n"
    "  for (int i = 0; i < n; i++)\n"
    "    y[i] = A[2 * i];\n"
    "}\n",
    "",
    {"warning: loop not sparsified: cannot determine the extent of dimension 0 of 'A' (type 'double *') from the loops: its subscript is not a loop variable plus a constant; give its shape in the pragma, e.g. A[n] : ..."},
    {"t.c:2:27"},
    "t.c:3:3: kernel not sparsified: cannot determine the extent of dimension 0 of 'A' (type 'double *') from the loops: its subscript is not a loop variable plus a constant; give its shape in the pragma, e.g. A[n] : ...",
    0, 0},
  {"no_extent_triangular",
    "void f(int n, double **L, double *x) {\n"
    "  #pragma sparse encoding(L : CSR)\n"
    "  for (int i = 0; i < n; i++)\n"
    "    for (int j = 0; j < i; j++)\n"
    "      x[i] -= L[i][j] * x[j];\n"
    "}\n",
    "",
    {"warning: loop not sparsified: cannot determine the extent of dimension 1 of 'L' (type 'double **') from the loops: the bound of loop 'j' depends on loop 'i'; give its shape in the pragma, e.g. L[n][m] : ..."},
    {"t.c:2:27"},
    "t.c:3:3: kernel not sparsified: cannot determine the extent of dimension 1 of 'L' (type 'double **') from the loops: the bound of loop 'j' depends on loop 'i'; give its shape in the pragma, e.g. L[n][m] : ...",
    0, 0},
  {"err_param_shape_triangular",
    "#pragma sparse encoding(L : CSR)\n"
    "double f(int n, double **L) {\n"
    "  double s = 0;\n"
    "  for (int i = 0; i < n; i++)\n"
    "    for (int j = 0; j <= i; j++)\n"
    "      s += L[i][j];\n"
    "  return s;\n"
    "}\n",
    "",
    {"error: cannot determine the extent of dimension 0 of 'L' (type 'double **'); give its shape in the pragma, e.g. L[n][m] : ...",
     "note: 'L' is declared here",
     "note: the function's loops do not give it: the bound 'i' of the loop over 'j' is not known at the function's entry"},
    {"t.c:1:25", "t.c:2:26", "t.c:1:25"},
    NULL,
    0, -1},
  {"err_param_shape_one_based",
    "#pragma sparse encoding(a : CSR)\n"
    "float f(int n, float **a) {\n"
    "  float s = 0;\n"
    "  for (int i = 1; i <= n; i++)\n"
    "    for (int j = 1; j <= n; j++)\n"
    "      s += a[i][j];\n"
    "  return s;\n"
    "}\n",
    "",
    {"error: cannot determine the extent of dimension 0 of 'a' (type 'float **')",
     "note: the function's loops do not give it: no loop reaches index 0 of dimension 0 of 'a' (the assembly at the entry would read from there)"},
    {"t.c:1:25"},
    NULL,
    0, -1},
  {"err_param_shape_two_bounds",
    "#pragma sparse encoding(A : CSR)\n"
    "double f(int n, int m, double A[][4]) {\n"
    "  double s = 0;\n"
    "  for (int i = 0; i < n; i++) s += A[i][0];\n"
    "  for (int i = 0; i < m; i++) s += A[i][1];\n"
    "  return s;\n"
    "}\n",
    "",
    {"error: cannot determine the extent of dimension 0 of 'A' (type 'double[][4]')",
     "note: the function's loops do not give it: the loops bound dimension 0 of 'A' by both 'n' and 'm'"},
    {"t.c:1:25"},
    NULL,
    0, -1},
  {"err_param_shape_written_bound",
    "#pragma sparse encoding(v : SparseVector)\n"
    "double f(int n, const double *v) {\n"
    "  double s = 0;\n"
    "  n /= 2;\n"
    "  for (int i = 0; i < n; i++) s += v[i];\n"
    "  return s;\n"
    "}\n",
    "",
    {"error: cannot determine the extent of dimension 0 of 'v'",
     "note: the function's loops do not give it: the bound 'n' of the loop over 'i' is not known at the function's entry"},
    {"t.c:1:25"},
    NULL,
    0, -1},
  {"err_param_shape_passed_on",
    "double g(const double *r);\n"
    "#pragma sparse encoding(A : CSR)\n"
    "double f(int n, double **A) {\n"
    "  double s = 0;\n"
    "  for (int i = 0; i < n; i++)\n"
    "    for (int j = 0; j < n; j++) s += A[i][j];\n"
    "  return s + g(A[0]);\n"
    "}\n",
    "",
    {"error: cannot determine the extent of dimension 0 of 'A'",
     "note: the function's loops do not give it: 'A' is used other than as an element on line 7"},
    {"t.c:2:25"},
    NULL,
    0, -1},
  {"err_shape_mismatch",
    "void f(int n, double **A, double *y) {\n"
    "  #pragma sparse encoding(A[n][n][n] : CSF)\n"
    "  for (int i = 0; i < n; i++)\n"
    "    y[i] = A[i][i];\n"
    "}\n",
    "",
    {"error: the shape given for 'A' has 3 dimensions but 'A' (type 'double **') is subscripted with 2", "note: 'A' is declared here"},
    {"t.c:2:27"},
    NULL,
    0, -1},
  {"elem_type_unsupported",
    "#define N 8\n"
    "#define M 6\n"
    "long double A[N][M]; double y[N];\n"
    "void f(void) {\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    for (int j = 0; j < M; j++)\n"
    "      y[i] += A[i][j];\n"
    "}\n",
    "",
    {"warning: loop not sparsified: element type 'long double' of 'A' is not supported (float, double, _Bool and the other integer types)", "note: 'A' is declared here"},
    {"t.c:5:27"},
    "t.c:6:3: kernel not sparsified: element type 'long double' of 'A' is not supported",
    0, 0},
  {"member_accumulator_through_pointer",
    "#define N 8\n"
    "#define M 6\n"
    "double A[N][M];\n"
    "struct acc { double total; int n; };\n"
    "void f(struct acc *po) {\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    for (int j = 0; j < M; j++)\n"
    "      po->total += A[i][j];\n"
    "}\n",
    "",
    {"warning: loop not sparsified: assignment to member 'po->total' (the structs and pointers operands are reached through must not change in the loop nest)"},
    {"t.c:9:7"},
    "t.c:7:3: kernel not sparsified: assignment to member 'po->total' (the structs and pointers operands are reached through must not change in the loop nest)",
    0, 0},
  {"not_followed",
    "#define N 8\n"
    "#define M 6\n"
    "double y[N];\n"
    "void f(void) {\n"
    "  for (int i = 0; i < N; i++) {\n"
    "    y[i] = 0;\n"
    "    #pragma sparse encoding(y : SparseVector)\n"
    "  }\n"
    "}\n",
    "",
    {"warning: pragma sparse ignored: not followed by a declaration, function definition or loop"},
    {"t.c:7:5"},
    NULL,
    0, 0},
  {"libclang_fails",
    "#include \"does_not_exist.h\"\n"
    "#define N 8\n"
    "#define M 6\n"
    "double A[N][M], y[N];\n"
    "void f(void) {\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    for (int j = 0; j < M; j++)\n"
    "      y[i] += A[i][j];\n"
    "}\n",
    "",
    {"warning: pragma sparse not applied: libclang could not parse the file: t.c:1:10: fatal error: 'does_not_exist.h' file not found"},
    {"t.c:6:3"},
    "t.c:6:3: kernel not sparsified: libclang could not parse the file: t.c:1:10: fatal error: 'does_not_exist.h' file not found",
    0, 0},
  {"indirect_subscript_sparse_operand",
    "#define N 8\n"
    "#define M 6\n"
    "double A[N][M], x[M], y[N];\n"
    "int perm[M];\n"
    "void f(void) {\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    for (int j = 0; j < M; j++)\n"
    "      y[i] += A[i][perm[j]] * x[j];\n"
    "}\n",
    "",
    {"warning: loop not sparsified: indirect subscript 'perm[j]' of sparse array 'A': "
     "its stored entries are found by their coordinates"},
    {"t.c:9:20"},
    "t.c:7:3: kernel not sparsified: indirect subscript 'perm[j]' of sparse array 'A'",
    0, 0},
  {"gather_index_written",
    "#define N 8\n"
    "#define M 6\n"
    "double A[N][M], x[M], y[N];\n"
    "int perm[M];\n"
    "void f(void) {\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (int i = 0; i < N; i++)\n"
    "    for (int j = 0; j < M; j++) {\n"
    "      y[i] += A[i][j] * x[perm[j]];\n"
    "      perm[j] = i;\n"
    "    }\n"
    "}\n",
    "",
    {"warning: loop not sparsified: indirect subscript 'perm[j]' of 'x' reads 'perm', "
     "which the loop nest writes"},
    {"t.c:9:27"},
    "t.c:7:3: kernel not sparsified: indirect subscript 'perm[j]' of 'x' reads 'perm'",
    0, 0},
  {"strided_variable_step",
    "#define N 8\n"
    "#define M 6\n"
    "double A[N][M], x[M], y[N];\n"
    "void f(int s) {\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (int i = 0; i < N; i += s)\n"
    "    for (int j = 0; j < M; j++)\n"
    "      y[i] += A[i][j] * x[j];\n"
    "}\n",
    "",
    {"warning: loop not sparsified: loop step 's' is not an integer constant (a "
     "strided loop is modelled with a constant step, 'i += 2')"},
    {"t.c:6:31"},
    "t.c:6:3: kernel not sparsified: loop step 's' is not an integer constant",
    0, 0},
  {"row_alias_escapes",
    "#define N 8\n"
    "#define M 6\n"
    "double A[N][M], x[M], y[N];\n"
    "double first(const double *r);\n"
    "void f(void) {\n"
    "  #pragma sparse encoding(A : CSR)\n"
    "  for (int i = 0; i < N; i++) {\n"
    "    double *row = A[i];\n"
    "    for (int j = 0; j < M; j++)\n"
    "      y[i] += row[j] * first(row);\n"
    "  }\n"
    "}\n",
    "",
    {"warning: loop not sparsified: local pointer 'row' into sparse array 'A' "
     "passed to function 'first'"},
    {"t.c:10:30"},
    "t.c:7:3: kernel not sparsified: local pointer 'row' into sparse array 'A' passed",
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
  return _cmocka_run_group_tests("test_extract_refusals", tests, NC, NULL, NULL);
}
