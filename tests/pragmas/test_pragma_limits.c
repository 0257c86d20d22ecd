/* test_pragma_limits.c — hostile input: deep nesting gives a clear error,
 * never a stack overflow; 100 KB lines parse or fail cleanly; random token
 * soup never crashes, and a pragma fails exactly when an error is
 * reported. */
#include "pragma_test.h"

/* A malloc'd string of prefix, then `n` copies of `unit`, then suffix. */
static char *repeat(const char *prefix, const char *unit, int n,
                    const char *suffix) {
  size_t lp = strlen(prefix), lu = strlen(unit), ls = strlen(suffix);
  char *s = malloc(lp + lu * (size_t)n + ls + 1);
  assert_non_null(s);
  memcpy(s, prefix, lp);
  for (int i = 0; i < n; i++) memcpy(s + lp + lu * (size_t)i, unit, lu);
  memcpy(s + lp + lu * (size_t)n, suffix, ls + 1);
  return s;
}

/* The first line of the rendered diagnostics. */
static void first_line_is(T *t, const char *expected) {
  const char *nl = strchr(t->out, '\n');
  assert_non_null(nl);
  char *line = strndup(t->out, (size_t)(nl - t->out));
  if (strcmp(line, expected) != 0) fprintf(stderr, "got: %s\n", line);
  assert_string_equal(line, expected);
  free(line);
}

static void nested_parens_10000(void **state) {
  const char *pre = "#pragma sparse encoding(A : (i, j) -> (";
  char *s1 = repeat(pre, "(", 10000, "");
  char *s2 = repeat(s1, "i", 1, "");
  char *src = repeat(s2, ")", 10000, " : dense, j : compressed))\n");
  T *t = t_new();
  assert_int_equal(t_parse(t, src), 1);
  /* the 257th parenthesis is the one too deep */
  char want[128];
  snprintf(want, sizeof want,
           "t.c:1:%zu: error: expression nested too deeply (more than 256 levels)",
           strlen(pre) + 257);
  first_line_is(t, want);
  assert_int_equal(t->diags.len, 1);
  t_free(t);
  free(s1);
  free(s2);
  free(src);
}

static void nested_parens_256_ok(void **state) {
  char *s1 = repeat("#pragma sparse encoding(A : (i, j) -> (", "(", 256, "");
  char *s2 = repeat(s1, "i", 1, "");
  char *src = repeat(s2, ")", 256, " floordiv 2 : dense, j : compressed, i mod 2 : dense))\n");
  T *t = t_new();
  t_ok(t, src);
  assert_int_equal(t_enc(t, 0)->rt.lvl_exprs[0].kind, SC_LEXPR_FLOORDIV);
  assert_string_equal(t_enc(t, 0)->levels[0].expr_text, "i floordiv 2");
  t_free(t);
  free(s1);
  free(s2);
  free(src);
}

static void nested_unary_minus_10000(void **state) {
  char *src = repeat("#pragma sparse encoding(A : (i) -> (", "-", 10000,
                     "i : compressed))\n");
  T *t = t_new();
  assert_int_equal(t_parse(t, src), 1);
  char want[128];
  snprintf(want, sizeof want,
           "t.c:1:%zu: error: expression nested too deeply (more than 256 levels)",
           strlen("#pragma sparse encoding(A : (i) -> (") + 257);
  first_line_is(t, want);
  t_free(t);
  free(src);
}

static void nested_shape_brackets_10000(void **state) {
  char *s1 = repeat("#pragma sparse encoding(A[", "[", 10000, "n");
  char *src = repeat(s1, "]", 10001, " : CSR)\n");
  T *t = t_new();
  assert_int_equal(t_parse(t, src), 1);
  char want[128];
  snprintf(want, sizeof want, "t.c:1:%zu: error: brackets nested too deeply",
           strlen("#pragma sparse encoding(A[") + 257);
  first_line_is(t, want);
  t_free(t);
  free(s1);
  free(src);
}

static void nested_dim_lists(void **state) {
  char *src = repeat("#pragma sparse encoding(A : ", "(", 10000, "\n");
  T *t = t_new();
  assert_int_equal(t_parse(t, src), 1);
  first_line_is(t, "t.c:1:30: error: expected a dimension variable");
  t_free(t);
  free(src);
}

static void long_sum_100k(void **state) {
  /* (i, j) -> (i + i + ... + i : dense, j : compressed, i : dense): ~100 KB */
  char *s1 = repeat("#pragma sparse encoding(A : (i, j) -> (i", " + i", 25000, "");
  char *src = repeat(s1, "", 0, " : dense, j : compressed, i : dense))\n");
  assert_true(strlen(src) > 100000);
  T *t = t_new();
  t_ok(t, src);
  assert_int_equal(t_enc(t, 0)->rt.lvl_exprs[0].coef[0], 25001);
  t_free(t);
  free(s1);
  free(src);
}

static void long_line_of_blanks_and_comments(void **state) {
  char *s1 = repeat("#pragma sparse encoding(A", " /* c */ \\\n  ", 8000, "");
  char *src = repeat(s1, "", 0, ": CSR) // done\n");
  assert_true(strlen(src) > 100000);
  T *t = t_new();
  Pragma *p = t_ok(t, src);
  assert_int_equal(p->nbindings, 1);
  assert_string_equal(p->bindings[0].enc.format_name, "CSR");
  t_free(t);
  free(s1);
  free(src);
}

static void long_identifier(void **state) {
  char *s1 = repeat("#pragma sparse encoding(A : ", "x", 100000, ")\n");
  T *t = t_new();
  assert_int_equal(t_parse(t, s1), 1);
  assert_int_equal(t->diags.len, 1);
  assert_non_null(strstr(t->out, "t.c:1:29: error: unknown format 'xxxx"));
  assert_null(strstr(t->out, "did you mean"));
  t_free(t);
  free(s1);
}

static void many_bindings_and_fields(void **state) {
  char *src = repeat("#pragma sparse encoding(A : CSR", ", posWidth = 8", 8000, ")\n");
  T *t = t_new();
  assert_int_equal(t_parse(t, src), 1);
  assert_non_null(strstr(t->out, "error: too many fields"));
  t_free(t);
  free(src);
  src = repeat("#pragma sparse encoding(A : CSR", ", B : CSR", 10000, ")\n");
  t = t_new();
  assert_int_equal(t_parse(t, src), 1);
  assert_non_null(strstr(t->out, "error: too many bindings"));
  t_free(t);
  free(src);
  src = repeat("#pragma sparse encoding(A : (i", ", i", 30000, ") -> (i : dense))\n");
  t = t_new();
  assert_int_equal(t_parse(t, src), 1);
  assert_non_null(strstr(t->out, "error: too many dimensions"));
  t_free(t);
  free(src);
}

static void huge_constants(void **state) {
  T *t = t_new();
  assert_int_equal(t_parse(t, "#pragma sparse encoding(A : (i) -> (i * 4611686018427387904 * 4 : dense))\n"
                              "#pragma sparse encoding(A : (i) -> (i floordiv 99999999999999999999 : dense))\n"),
                   2);
  assert_non_null(strstr(t->out, "t.c:1:37: error: integer overflow in level expression"));
  assert_non_null(strstr(t->out, "t.c:2:48: error: integer literal is too large"));
  t_free(t);
}

/* Random soup of the language's tokens: no crash, no leak (under the
 * sanitizers), and a pragma fails iff it reported an error. */
static void token_soup(void **state) {
  static const char *const words[] = {
      "(", ")", "[", "]", "{", "}", ",", ":", "=", "->", "*", "+", "-", "?",
      "<", ">", "#", ".", "i", "j", "k", "c", "ib", "0", "2", "3", "4", "32",
      "floordiv", "mod", "dense", "compressed", "singleton", "block2_4",
      "n_out_of_m", "nonunique", "padded", "unpadded", "map", "posWidth",
      "crdWidth", "slice", "sparse_tensor", "encoding", "CSR", "BSR", "ELL",
      "NV24", "A", "x", "\\\n", "/*c*/", "$", "'", "\""};
  const int nw = (int)(sizeof words / sizeof words[0]);
  const char *prefixes[] = {"#pragma sparse encoding(A : ",
                            "#pragma sparse encoding(A : (i, j) -> (",
                            "#pragma sparse format F = {map = ",
                            "#pragma sparse vectorize("};
  unsigned seed = 12345;
  for (int iter = 0; iter < 3000; iter++) {
    char buf[512];
    size_t len = (size_t)snprintf(buf, sizeof buf, "%s", prefixes[iter % 4]);
    int n = 1 + (int)((seed = seed * 1103515245u + 12345u) >> 16) % 24;
    for (int k = 0; k < n && len < sizeof buf - 40; k++) {
      seed = seed * 1103515245u + 12345u;
      len += (size_t)snprintf(buf + len, sizeof buf - len, "%s ",
                              words[(seed >> 16) % (unsigned)nw]);
    }
    snprintf(buf + len, sizeof buf - len, "\n");
    T *t = t_new();
    int failed = t_parse(t, buf);
    assert_int_equal(failed > 0, diag_error_count(&t->diags) > 0);
    t_free(t);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(nested_parens_10000),
      cmocka_unit_test(nested_parens_256_ok),
      cmocka_unit_test(nested_unary_minus_10000),
      cmocka_unit_test(nested_shape_brackets_10000),
      cmocka_unit_test(nested_dim_lists),
      cmocka_unit_test(long_sum_100k),
      cmocka_unit_test(long_line_of_blanks_and_comments),
      cmocka_unit_test(long_identifier),
      cmocka_unit_test(many_bindings_and_fields),
      cmocka_unit_test(huge_constants),
      cmocka_unit_test(token_soup),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
