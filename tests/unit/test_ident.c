/* test_ident.c — identifiers found in text (src/base/ident.c), the function
 * the fission and the lowering share. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "base/ident.h"

static void test_whole_tokens(void **state) {
  (void)state;
  assert_true(ident_occurs("y[i] += 1", "y"));
  assert_true(ident_occurs("a + y", "y"));
  assert_true(ident_occurs("f(sc__A_pos1)", "sc__A_pos1"));
  assert_false(ident_occurs("yy + y_0 + y1 + _y", "y"));
  assert_false(ident_occurs("sc__A_pos10", "sc__A_pos1"));
  assert_false(ident_occurs("", "y"));
  assert_false(ident_occurs("y", ""));
  /* a later occurrence after one inside a longer name, overlapping too */
  assert_true(ident_occurs("yy, y", "y"));
  assert_true(ident_occurs("aaa aa", "aa"));
  assert_false(ident_occurs("aaaa", "aa"));
  /* bytes outside ASCII are not identifier characters */
  assert_true(ident_occurs("\xc3\xa9x", "x"));
}

static void test_ident_chars(void **state) {
  (void)state;
  const char *yes = "azAZ09_", *no = " +-*/[](),.;\"'\n\x80\xff";
  for (const char *p = yes; *p; p++) assert_true(ident_is_char(*p));
  for (const char *p = no; *p; p++) assert_false(ident_is_char(*p));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_whole_tokens),
      cmocka_unit_test(test_ident_chars),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
