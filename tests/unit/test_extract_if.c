/* test_extract_if.c — if statements in kernels (ispace.h IR_NODE_IF): the
 * --dump=ir text of guards over loop variables, zero tests on the sparse
 * operand, else branches, nested ifs; and the refusals (a condition with
 * side effects, a condition reading what its branches write, a
 * name declared under an if and elsewhere, an if without effect); the
 * compiled branch of a preprocessor conditional in the body. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "fe_harness.h"

#define HEAD                                                                  \
  "#include <math.h>\n"                                                       \
  "#define N 8\n"                                                             \
  "#define M 6\n"                                                             \
  "double A[N][M], x[M], y[N];\n"                                             \
  "int g(int);\n"                                                            \
  "long double acc;\n"

#define TENSORS                                                               \
  "  tensor A[N][M]: double, array, CSR (i : dense, j : compressed), read\n"  \
  "  tensor y[N]: double, array, dense, read, written\n"

static void zero_test(void **state) {
  (void)state;
  FE_DUMP_EQ(HEAD
             "void f(void) {\n"
             "  #pragma sparse encoding(A : CSR)\n"
             "  for (int i = 0; i < N; i++)\n"
             "    for (int j = 0; j < M; j++)\n"
             "      if (A[i][j] != 0) y[i] += A[i][j] * x[j];\n"
             "}\n",
             "kernel t.c:9:3\n" TENSORS
             "  tensor x[M]: double, array, dense, read\n"
             "  forall i in [0, N)\n"
             "    forall j in [0, M) : reduction\n"
             "      if A(i,j) != 0\n"
             "        y(i) += A(i,j) * x(j)\n");
}

static void else_branch_and_nesting(void **state) {
  (void)state;
  FE_DUMP_EQ(HEAD
             "void f(double eps) {\n"
             "  #pragma sparse encoding(A : CSR)\n"
             "  for (int i = 0; i < N; i++)\n"
             "    for (int j = 0; j < M; j++) {\n"
             "      if (j <= i) {\n"
             "        if (fabs(A[i][j]) > eps) y[i] += A[i][j];\n"
             "      } else\n"
             "        y[i] -= 2 * A[i][j];\n"
             "    }\n"
             "}\n",
             "kernel t.c:9:3\n" TENSORS
             "  forall i in [0, N)\n"
             "    forall j in [0, M) : reduction\n"
             "      if j <= i\n"
             "        if fabs(A(i,j)) > eps\n"
             "          y(i) += A(i,j)\n"
             "      else\n"
             "        y(i) -= 2 * A(i,j)\n");
}

static void guarded_assignment(void **state) {
  (void)state;
  /* a guarded `=` is not a reduction: the loop carries no dependence */
  FE_DUMP_EQ(HEAD
             "double B[N][M];\n"
             "void f(void) {\n"
             "  #pragma sparse encoding(A : CSR)\n"
             "  for (int i = 0; i < N; i++)\n"
             "    for (int j = 0; j < M; j++)\n"
             "      if (i != j) B[i][j] = A[i][j];\n"
             "}\n",
             "kernel t.c:10:3\n"
             "  tensor B[N][M]: double, array, dense, written\n"
             "  tensor A[N][M]: double, array, CSR (i : dense, j : compressed), read\n"
             "  forall i in [0, N)\n"
             "    forall j in [0, M)\n"
             "      if i != j\n"
             "        B(i,j) = A(i,j)\n");
}

typedef struct Refusal {
  const char *name, *body, *reason;
} Refusal;

static const Refusal kRefusals[] = {
    {"cond_call", "      if (g(j) > 0) y[i] += A[i][j];\n",
     "call to function 'g', which may have side effects"},
    {"cond_assign", "      if ((y[0] = 1) > 0) y[i] += A[i][j];\n",
     "assignment inside an expression"},
    {"cond_reads_written",
     "      if (y[i] < 4) y[i] += A[i][j]; else y[i] = 0;\n",
     "if condition reads 'y', which its branches write"},
    {"decl_under_if_twice",
     "      if (i) { double t = A[i][j]; y[i] += t; } else { double t = 2; y[i] += t; }\n",
     "local declaration of 't' under an if: the nest names another 't' outside that if"},
    {"guarded_other_type", "      if (A[i][j] != 1) acc = acc + A[i][j];\n",
     "guarded update of 'acc', whose type 'long double' is not float"},
    {"no_effect", "      if (A[i][j] != 0) ;\n", "if statement without an effect"},
    {"break_in_if", "      if (A[i][j] < 0.5) break;\n", "break in the nest"},
};

static void refusals(void **state) {
  (void)state;
  for (size_t c = 0; c < sizeof kRefusals / sizeof *kRefusals; c++) {
    char src[1024];
    snprintf(src, sizeof src,
             HEAD "void f(void) {\n"
                  "  #pragma sparse encoding(A : CSR)\n"
                  "  for (int i = 0; i < N; i++)\n"
                  "    for (int j = 0; j < M; j++)\n"
                  "%s"
                  "}\n",
             kRefusals[c].body);
    FeResult r;
    fe_run("t.c", src, &r);
    if (!strstr(r.diags, kRefusals[c].reason))
      fprintf(stderr, "%s: want '%s' in:\n%s", kRefusals[c].name,
              kRefusals[c].reason, r.diags);
    assert_non_null(strstr(r.diags, kRefusals[c].reason));
    assert_string_equal(r.dump, "");
    assert_int_equal(r.nedits, 0);
    fe_free(&r);
  }
}

/* A preprocessor conditional in the body: the branch the parser compiles
 * is in the IR (the `#elif`, a counter under `#if`), the others are not
 * (frontend/ppcond.h); a declaration in a compiled branch is refused. */
static void preprocessor_branches(void **state) {
  (void)state;
  FE_DUMP_EQ(HEAD
             "#define LEVEL 2\n"
             "void f(void) {\n"
             "  #pragma sparse encoding(A : CSR)\n"
             "  for (int i = 0; i < N; i++)\n"
             "    for (int j = 0; j < M; j++) {\n"
             "#ifdef NOT_DEFINED_HERE\n"
             "      y[i] -= A[i][j];\n"
             "#endif\n"
             "#if LEVEL > 3\n"
             "      y[i] += 3 * A[i][j];\n"
             "#elif LEVEL > 1\n"
             "      y[i] += 2 * A[i][j];\n"
             "#else\n"
             "      y[i] += A[i][j];\n"
             "#endif\n"
             "    }\n"
             "}\n",
             "kernel t.c:10:3\n"
             "  tensor y[N]: double, array, dense, read, written\n"
             "  tensor A[N][M]: double, array, CSR (i : dense, j : compressed), read\n"
             "  forall i in [0, N)\n"
             "    forall j in [0, M) : reduction\n"
             "      y(i) += 2 * A(i,j)\n");
  FeResult r;
  fe_run("t.c", HEAD "void f(void) {\n"
                     "  #pragma sparse encoding(A : CSR)\n"
                     "  for (int i = 0; i < N; i++)\n"
                     "    for (int j = 0; j < M; j++) {\n"
                     "#if 1\n"
                     "      double t = A[i][j];\n"
                     "      y[i] += t;\n"
                     "#endif\n"
                     "    }\n"
                     "}\n", &r);
  assert_non_null(strstr(r.diags, "declaration in a preprocessor branch of the loop nest"));
  assert_int_equal(r.nedits, 0);
  fe_free(&r);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(preprocessor_branches),
      cmocka_unit_test(zero_test),
      cmocka_unit_test(else_branch_and_nesting),
      cmocka_unit_test(guarded_assignment),
      cmocka_unit_test(refusals),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
