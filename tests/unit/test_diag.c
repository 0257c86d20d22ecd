/* test_diag.c — collecting diagnostics (src/base/diag.c): a warning
 * repeated at the same place is said once, with its notes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/diag.h"

static void test_repeated_warning_once(void **state) {
  (void)state;
  SourceFile f;
  memset(&f, 0, sizeof f);
  Diags d;
  memset(&d, 0, sizeof d);
  diag_warning(&d, &f, span_make(4, 9), "loop not sparsified: %s", "x");
  diag_note(&d, &f, span_make(1, 2), "first note");
  diag_warning(&d, &f, span_make(4, 9), "loop not sparsified: %s", "x");
  diag_note(&d, &f, span_make(1, 2), "dropped note");
  diag_warning(&d, &f, span_make(4, 10), "loop not sparsified: x");
  diag_warning(&d, &f, span_make(4, 9), "loop not sparsified: y");
  assert_int_equal(d.len, 4);
  assert_int_equal(diag_warning_count(&d), 3);
  assert_string_equal(d.items[1].message, "first note");
  diag_free(&d);
}

static void test_repeated_warning_werror(void **state) {
  (void)state;
  SourceFile f;
  memset(&f, 0, sizeof f);
  Diags d;
  memset(&d, 0, sizeof d);
  d.werror = 1;
  diag_warning(&d, &f, span_make(0, 3), "w");
  diag_warning(&d, &f, span_make(0, 3), "w");
  diag_error(&d, &f, span_make(0, 3), "e");
  diag_error(&d, &f, span_make(0, 3), "e");
  assert_int_equal(d.len, 3);
  assert_int_equal(diag_error_count(&d), 3);
  diag_free(&d);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_repeated_warning_once),
      cmocka_unit_test(test_repeated_warning_werror),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
