/* test_extract_liveness.c — IrLoopVar.live_after of loop variables declared
 * outside the nest (frontend/liveness.c): dead when every path after the
 * nest writes them before reading them, live on a read, `&j`, goto, a
 * static, a macro naming them, a read at the next iteration of an
 * enclosing loop, an escaping break.
 * Each case: the code after a `for (i..) for (j..)` SpMV nest (and around
 * it), and which of i, j must be "live after" in --dump=ir. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "fe_harness.h"

typedef struct Case {
  const char *name;
  const char *before; /* function text before the nest (after `int i, j;`) */
  const char *after;  /* function text after the nest */
  const char *macros; /* file-level text before the function, or NULL */
  int live_i, live_j;
} Case;

#define NEST                                                                  \
  "  #pragma sparse encoding(A : CSR)\n"                                      \
  "  for (i = 0; i < N; i++)\n"                                               \
  "    for (j = 0; j < M; j++)\n"                                             \
  "      y[i] += A[i][j] * x[j];\n"

static const Case kCases[] = {
    {"end_of_function", "", "", NULL, 0, 0},
    {"return_value", "", "  return 0;\n", NULL, 0, 0},
    {"return_reads", "", "  return j;\n", NULL, 0, 1},
    {"read_after", "", "  y[0] = i;\n", NULL, 1, 0},
    {"reused_by_for", "",
     "  for (i = 0; i < N; i++)\n    for (j = 0; j < M; j++)\n      x[j] += y[i];\n",
     NULL, 0, 0},
    {"print_loop", "",
     "  for (i = 0; i < N; i++) p(y[i]);\n  for (j = 0; j < M; j++) p(x[j]);\n",
     NULL, 0, 0},
    {"plain_assignment", "", "  j = 3;\n  y[j] = 1;\n", NULL, 0, 0},
    {"self_update", "", "  j = j + 1;\n", NULL, 0, 1},
    {"compound_update", "", "  j += 1;\n", NULL, 0, 1},
    {"increment", "", "  j++;\n", NULL, 0, 1},
    {"while_cond", "", "  while (j < M) j = j + 2;\n", NULL, 0, 1},
    {"address_taken", "", "  i = 0; j = 0;\n  q(&j);\n", NULL, 0, 1},
    {"address_before", "  q(&i);\n", "", NULL, 1, 0},
    {"goto_in_function", "", "  i = 0; j = 0;\n  goto end;\nend:\n  ;\n", NULL, 1, 1},
    {"if_both_write", "", "  if (N > 2) j = 0; else j = 1;\n  y[j] = 0;\n", NULL, 0, 0},
    {"if_one_writes", "", "  if (N > 2) j = 0;\n  y[j] = 0;\n", NULL, 0, 1},
    {"if_cond_reads", "", "  if (j > 2) j = 0;\n", NULL, 0, 1},
    {"if_then_return", "", "  if (N > 2) return 1;\n  j = 0;\n  return j;\n", NULL, 0, 0},
    {"shadowed", "", "  { int j = 5; y[j] = 0; }\n", NULL, 0, 0},
    {"shadow_init_reads", "", "  { int k = j; y[k] = 0; }\n", NULL, 0, 1},
    {"macro_names_it", "", "  SHOW;\n", "#define SHOW y[0] = j\n", 0, 1},
    {"macro_param", "", "  SET(j);\n  y[j] = 0;\n", "#define SET(j) (j) = 0\n", 0, 1},
    {"unused_macro_param", "", "", "#define TWICE(j) ((j) + (j))\n", 0, 0},
    {"later_loop_without_init", "", "  for (; j < M; j++) x[j] = 0;\n", NULL, 0, 1},
    {"do_body_writes", "", "  do { j = 0; } while (j < 0);\n  y[j] = 1;\n", NULL, 0, 0},
};

/* Nests inside an enclosing loop: the next iteration runs its body again. */
static const char *const kLoopBodyRead =
    "void f(int T) {\n"
    "  int i, j, t;\n"
    "  for (t = 0; t < T; t++) {\n"
    "    y[0] += j;\n" NEST "  }\n"
    "}\n";
static const char *const kLoopBodyWrites =
    "void f(int T) {\n"
    "  int i, j, t;\n"
    "  for (t = 0; t < T; t++) {\n"
    "    j = 0;\n"
    "    y[0] += j;\n" NEST "  }\n"
    "}\n";
static const char *const kLoopBreak =
    "void f(int T) {\n"
    "  int i, j, t;\n"
    "  for (t = 0; t < T; t++) {\n" NEST
    "    if (y[0] > 1) break;\n"
    "    j = 0;\n"
    "  }\n"
    "  y[1] = j;\n"
    "}\n";
static const char *const kLoopCondReads =
    "void f(int T) {\n"
    "  int i, j, t;\n"
    "  for (t = 0; t < T + j; t++) {\n" NEST "  }\n"
    "}\n";
static const char *const kStatic =
    "void f(void) {\n"
    "  static int i, j;\n" NEST "}\n";
static const char *const kParam =
    "void f(int i, int j) {\n" NEST "}\n";
static const char *const kSwitch =
    "void f(int c) {\n"
    "  int i, j;\n"
    "  switch (c) {\n"
    "  case 1:\n" NEST "    break;\n"
    "  }\n"
    "}\n";

static const char *const kHead =
    "#define N 8\n"
    "#define M 6\n"
    "double A[N][M], x[M], y[N];\n"
    "void p(double);\n"
    "void q(int *);\n";

/* Whether the dump's first `forall NAME in` line says `live after`. */
static int live(const char *dump, const char *name) {
  char key[64];
  snprintf(key, sizeof key, "forall %s in", name);
  const char *l = strstr(dump, key);
  if (!l) {
    fprintf(stderr, "no loop %s in:\n%s", name, dump);
    fail();
  }
  const char *e = strchr(l, '\n');
  const char *la = strstr(l, "live after");
  return la && (!e || la < e);
}

static char *build(const Case *c) {
  size_t n = strlen(kHead) + strlen(c->before) + strlen(c->after) + strlen(NEST) +
             (c->macros ? strlen(c->macros) : 0) + 128;
  char *s = malloc(n);
  snprintf(s, n, "%s%sint f(void) {\n  int i, j;\n%s" NEST "%s  return 0;\n}\n",
           kHead, c->macros ? c->macros : "", c->before, c->after);
  return s;
}

static void run_case(void **state) {
  const Case *c = *state;
  char *src = build(c);
  FeResult r;
  fe_run("t.c", src, &r);
  if (live(r.dump, "i") != c->live_i || live(r.dump, "j") != c->live_j)
    fprintf(stderr, "%s:\n%s--- dump:\n%s--- diags:\n%s", c->name, src, r.dump,
            r.diags);
  assert_int_equal(live(r.dump, "i"), c->live_i);
  assert_int_equal(live(r.dump, "j"), c->live_j);
  assert_int_equal(r.errors, 0);
  fe_free(&r);
  free(src);
}

static void check_whole(const char *body, int li, int lj) {
  size_t n = strlen(kHead) + strlen(body) + 1;
  char *src = malloc(n);
  snprintf(src, n, "%s%s", kHead, body);
  FeResult r;
  fe_run("t.c", src, &r);
  if (live(r.dump, "i") != li || live(r.dump, "j") != lj)
    fprintf(stderr, "%s--- dump:\n%s--- diags:\n%s", src, r.dump, r.diags);
  assert_int_equal(live(r.dump, "i"), li);
  assert_int_equal(live(r.dump, "j"), lj);
  fe_free(&r);
  free(src);
}

static void enclosing_loops(void **state) {
  (void)state;
  check_whole(kLoopBodyRead, 0, 1);
  check_whole(kLoopBodyWrites, 0, 0);
  check_whole(kLoopBreak, 0, 1);
  check_whole(kLoopCondReads, 0, 1);
}

static void not_analysed(void **state) {
  (void)state;
  check_whole(kStatic, 1, 1);
  check_whole(kSwitch, 1, 1);
  check_whole(kParam, 0, 0); /* parameters are locals too */
}

int main(void) {
  enum { NC = sizeof kCases / sizeof *kCases };
  struct CMUnitTest tests[NC + 2];
  for (size_t i = 0; i < NC; i++) {
    struct CMUnitTest t = {kCases[i].name, run_case, NULL, NULL, (void *)&kCases[i]};
    tests[i] = t;
  }
  struct CMUnitTest a = cmocka_unit_test(enclosing_loops);
  struct CMUnitTest b = cmocka_unit_test(not_analysed);
  tests[NC] = a;
  tests[NC + 1] = b;
  return _cmocka_run_group_tests("test_extract_liveness", tests, NC + 2, NULL, NULL);
}
