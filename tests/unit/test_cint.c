/* test_cint.c — C integer literals in text (src/base/cint.c): bases,
 * suffixes, what follows the literal, and text that is not one. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "base/cint.h"

static void test_bases_and_suffixes(void **state) {
  (void)state;
  static const struct {
    const char *text;
    long long value;
  } cases[] = {{"42", 42},   {"0x1F", 31}, {"010", 8},   {"16u", 16},
               {"3UL", 3},   {"7ull", 7},  {"0", 0},     {"-5", -5}};
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    long long v = -1;
    const char *rest = NULL;
    assert_int_equal(c_int_prefix(cases[i].text, &v, &rest), 1);
    assert_int_equal(v, cases[i].value);
    assert_string_equal(rest, "");
  }
}

static void test_rest_after_the_literal(void **state) {
  (void)state;
  long long v;
  const char *rest;
  const char *t = "12L) + 1";
  assert_int_equal(c_int_prefix(t, &v, &rest), 1);
  assert_int_equal(v, 12);
  assert_ptr_equal(rest, t + 3);
  t = "1.5";
  assert_int_equal(c_int_prefix(t, &v, &rest), 1);
  assert_string_equal(rest, ".5");
}

static void test_not_a_number(void **state) {
  (void)state;
  static const char *const texts[] = {"", "N", ".5", "u", "(3)"};
  for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
    long long v;
    const char *rest = NULL;
    assert_int_equal(c_int_prefix(texts[i], &v, &rest), 0);
    assert_ptr_equal(rest, texts[i]);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_bases_and_suffixes),
      cmocka_unit_test(test_rest_after_the_literal),
      cmocka_unit_test(test_not_a_number),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
