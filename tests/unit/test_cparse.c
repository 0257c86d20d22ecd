/* test_cparse.c — finding `#pragma sparse` lines and the `#if 0` rule
 * (src/frontend/cparse.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "frontend/cparse.h"

/* The 1-based lines of the pragma sites found in text. */
static size_t find(const char *text, unsigned *lines, size_t max) {
  SourceFile f;
  assert_int_equal(source_init(&f, "t.c", text, strlen(text)), 0);
  CParse cp;
  assert_int_equal(cparse_file(&f, &cp), 0);
  Arena a = {0};
  PragmaSite *sites;
  size_t n = cparse_find_pragmas(&f, cp.tree, &a, &sites);
  for (size_t i = 0; i < n && i < max; i++) {
    unsigned col;
    source_line_col(&f, sites[i].span.start, &lines[i], &col);
    /* the span is the whole line(s) with the newline */
    assert_true(sites[i].span.end > sites[i].span.start);
    assert_true(sites[i].span.end == f.len ||
                f.text[sites[i].span.end - 1] == '\n');
    assert_string_equal(ts_node_type(sites[i].node), "preproc_call");
  }
  arena_free(&a);
  cparse_free(&cp);
  source_free(&f);
  return n;
}

static void test_scan(void **state) {
  (void)state;
  const char *yes[] = {"#pragma sparse encoding(A : CSR)\n", "# pragma sparse",
                       "#pragma\tsparse\\\n x", "x\n  #  pragma  sparse(\n"};
  const char *no[] = {"", "#pragma sparsely", "#pragma omp sparse",
                      "#pragmasparse", "pragma sparse", "#pragma spa rse"};
  for (size_t i = 0; i < sizeof yes / sizeof *yes; i++)
    assert_true(cparse_mentions_pragma_sparse(yes[i], strlen(yes[i])));
  for (size_t i = 0; i < sizeof no / sizeof *no; i++)
    assert_false(cparse_mentions_pragma_sparse(no[i], strlen(no[i])));
}

static void test_real_pragmas(void **state) {
  (void)state;
  unsigned lines[8];
  const char *src = "#pragma sparse encoding(A : CSR)\n"
                    "void f(void) {\n"
                    "  #pragma sparse vectorize(vl = 8)\n"
                    "  for (;;) {}\n"
                    "# pragma sparse \\\n"
                    "    novectorize\n"
                    "}\n"
                    "#pragma omp parallel\n";
  assert_int_equal(find(src, lines, 8), 3);
  assert_int_equal(lines[0], 1);
  assert_int_equal(lines[1], 3);
  assert_int_equal(lines[2], 5);
}

static void test_not_pragmas(void **state) {
  (void)state;
  unsigned lines[8];
  const char *src = "/* #pragma sparse encoding(A : CSR) */\n"
                    "// #pragma sparse encoding(A : CSR)\n"
                    "const char *s = \"#pragma sparse x\";\n"
                    "#define P \"#pragma sparse\"\n"
                    "#if 0\n#pragma sparse a\n#endif\n"
                    "#if (0)\n#pragma sparse b\n#elif 0\n#pragma sparse c\n"
                    "#endif\n"
                    "#if 1\nint x;\n#elif FOO\n#pragma sparse d\n#else\n"
                    "#pragma sparse e\n#endif\n"
                    "#if 0\n#if 1\n#pragma sparse f\n#endif\n#endif\n";
  assert_int_equal(find(src, lines, 8), 0);
}

static void test_live_branches(void **state) {
  (void)state;
  unsigned lines[8];
  const char *src = "#if 0\n#else\n#pragma sparse a\n#endif\n"   /* 3 */
                    "#if 1\n#pragma sparse b\n#endif\n"          /* 6 */
                    "#ifdef X\n#pragma sparse c\n#else\n"        /* 9 */
                    "#pragma sparse d\n#endif\n"                 /* 11 */
                    "#if X > 1\n#pragma sparse e\n#endif\n"      /* 14 */
                    "#if 0\n#elif 1\n#pragma sparse f\n#endif\n"; /* 18 */
  assert_int_equal(find(src, lines, 8), 6);
  unsigned want[] = {3, 6, 9, 11, 14, 18};
  for (int i = 0; i < 6; i++) assert_int_equal(lines[i], want[i]);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_scan),
      cmocka_unit_test(test_real_pragmas),
      cmocka_unit_test(test_not_pragmas),
      cmocka_unit_test(test_live_branches),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
