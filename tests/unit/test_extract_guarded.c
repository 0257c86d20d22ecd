/* test_extract_guarded.c — the guarded nest with effects
 * (frontend/guarded.h) through the front end, lowering stubbed
 * (fe_fake_lower.c): the bodies a guarded walk takes (the guard false where
 * the element is zero: truth test, `!= 0`, `> c`, `fabs() > c`, `&&`; a
 * transposed subscript; a 3-level tensor; a return or goto out of the
 * nest; a break out of the inner loop), the shapes it leaves to the
 * kernel model (a guard true at zero, an else branch, a statement beside
 * the if), and the bodies it refuses, each with its reason. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "fe_harness.h"

#define HEAD                                                                  \
  "#include <math.h>\n"                                                       \
  "#include <stdio.h>\n"                                                      \
  "#define N 8\n"                                                             \
  "double A[N][N], T[N][N][4];\n"                                             \
  "int cnt, n = N, gi, gj;\n"                                                 \
  "double h[7];\n"                                                            \
  "void touch(void) { A[0][0] = 1; }\n"                                       \
  "void shrink(void) { n = 2; }\n"

typedef struct Case {
  const char *name, *loops, *body, *want; /* want: in the diagnostics, or
                                             NULL: walked */
} Case;

#define IJ "  for (int i = 0; i < N; i++)\n    for (int j = 0; j < N; j++)\n"

static const Case kCases[] = {
    {"truth", IJ, "      if (A[i][j]) printf(\"%g\", A[i][j]);\n", NULL},
    {"not_zero_double", IJ, "      if (A[i][j] != 0.0) { cnt++; puts(\"x\"); }\n", NULL},
    {"greater", IJ, "      if (A[i][j] > 0) printf(\"%d\", i);\n", NULL},
    {"mirrored", IJ, "      if (0 < A[i][j]) printf(\"%d\", i);\n", NULL},
    {"fabs", IJ, "      if (fabs(A[i][j]) > 1e-9) printf(\"%d\", j);\n", NULL},
    {"and_other", IJ, "      if (i != j && A[i][j] != 0) printf(\"%d\", j);\n", NULL},
    {"update_other", IJ, "      if (A[i][j] != 0) h[(i + j) % 7] += A[i][j];\n", NULL},
    {"transposed", IJ, "      if (A[j][i] != 0) printf(\"%d %d\", i, j);\n", NULL},
    {"outside_vars", "  for (gi = 0; gi < N; gi++)\n    for (gj = 0; gj <= N - 1; ++gj)\n",
     "      if (A[gi][gj] != 0) printf(\"%d\", gj);\n", NULL},
    {"tensor3",
     "  for (int i = 0; i < N; i++)\n    for (int j = 0; j < N; j++)\n"
     "      for (int k = 0; k < 4; k++)\n",
     "        if (T[i][j][k] != 0) printf(\"%d\", k);\n", NULL},
    {"break", IJ, "      if (A[i][j] != 0) { if (j > 2) break; printf(\"x\"); }\n", NULL},
    {"break_one_loop", "  for (gj = 0; gj < N; gj++)\n",
     "      if (A[3][gj] > 0.5) { printf(\"x\"); break; }\n", NULL},
    {"break_inner_read_after", "  for (gi = 0; gi < N; gi++)\n    for (gj = 0; gj < N; gj++)\n",
     "      if (A[gi][gj] != 0) { printf(\"x\"); break; }\n",
     "'break' leaves the loop over 'gj' from its guarded body, and 'gj', declared "
     "outside the nest, is read after it"},
    {"return", IJ, "      if (A[i][j] != 0) { printf(\"x\"); return; }\n", NULL},
    {"goto", IJ, "      if (A[i][j] > 0.5) { cnt = i; goto out; }\n", NULL},
    {"label", IJ, "      if (A[i][j] != 0) { again: printf(\"x\"); if (cnt++ < 2) goto again; }\n",
     "'label' leaves the loop nest from its guarded body"},
    {"writes_a", IJ, "      if (A[i][j] != 0) { printf(\"x\"); A[i][j] = 0; }\n",
     "the guarded body uses 'A' other than by reading the element its guard tests"},
    {"loop_var", IJ, "      if (A[i][j] != 0) { printf(\"x\"); j++; }\n",
     "the guarded body changes 'j', which the loops read"},
    {"calls_writer", IJ, "      if (A[i][j] != 0) touch();\n",
     "the guarded body calls 'touch', which may change 'A' or the loops' bounds"},
    {"bound_global", "  for (int i = 0; i < n; i++)\n    for (int j = 0; j < N; j++)\n",
     "      if (A[i][j] != 0) shrink();\n",
     "the guarded body calls 'shrink', which may change 'A' or the loops' bounds"},
    {"impure_guard", IJ, "      if (A[i][j] != 0 && cnt++ < 3) printf(\"x\");\n",
     "the guard of the body has side effects"},
    {"true_at_zero", IJ, "      if (A[i][j] < 1.0) printf(\"x\");\n",
     "call to function 'printf', which may have side effects"},
    {"else", IJ, "      if (A[i][j] != 0) printf(\"x\"); else puts(\"y\");\n",
     "call to function 'printf', which may have side effects"},
    {"beside", IJ, "      { if (A[i][j] != 0) printf(\"x\"); puts(\"y\"); }\n",
     "call to function 'printf', which may have side effects"},
};

static void cases(void **state) {
  (void)state;
  for (size_t c = 0; c < sizeof kCases / sizeof *kCases; c++) {
    char src[2048];
    snprintf(src, sizeof src,
             HEAD "void f(void) {\n"
                  "  #pragma sparse encoding(A : CSR, T : CSF)\n"
                  "%s%s"
                  "out:;\n"
                  "}\n",
             kCases[c].loops, kCases[c].body);
    FeResult r;
    fe_run("t.c", src, &r);
    const char *want = kCases[c].want;
    int ok = want ? strstr(r.diags, want) && r.nedits == 0
                  : r.warnings == 0 && r.nedits == 1 &&
                        strstr(r.report, "kernel sparsified: guarded body with effects");
    if (!ok)
      fprintf(stderr, "%s: want %s%s%s, got %zu edits:\n%s%s", kCases[c].name,
              want ? "'" : "a guarded walk", want ? want : "", want ? "'" : "",
              r.nedits, r.diags, r.report);
    assert_true(ok);
    fe_free(&r);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(cases),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
