/* test_foreign_pragmas.c — other tools' pragma lines before a loop
 * (src/frontend/foreign_pragmas.c): which apply to the loop, and what
 * replaces an `omp for`, and which may run their statement on several
 * threads. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "frontend/foreign_pragmas.h"

static void test_loop_constructs_and_hints(void **state) {
  (void)state;
  static const char *const loop[] = {
      "#pragma omp parallel for", "#pragma omp for schedule(static)",
      "# pragma omp parallel for private(j) reduction(+:s)",
      "#pragma omp simd", "#pragma omp taskloop", "#pragma acc parallel loop",
      "#pragma GCC ivdep", "#pragma GCC unroll 4", "#pragma clang loop vectorize(enable)",
      "#pragma ivdep", "#pragma unroll"};
  for (size_t i = 0; i < sizeof loop / sizeof *loop; i++)
    assert_true(foreign_loop_pragma(loop[i]));
}

static void test_regions_and_others(void **state) {
  (void)state;
  static const char *const other[] = {
      "#pragma omp parallel", "#pragma omp barrier", "#pragma omp critical",
      "#pragma omp parallel num_threads(for_count)", "#pragma GCC diagnostic push",
      "#pragma pack(1)", "#pragma once", "#pragma sparse encoding(A : CSR)",
      "#pragma omp", "#pragma", "pragma omp for", "#pragma openmp for"};
  for (size_t i = 0; i < sizeof other / sizeof *other; i++)
    assert_false(foreign_loop_pragma(other[i]));
}

static void test_omp_for_becomes_single(void **state) {
  (void)state;
  assert_string_equal(foreign_omp_single("#pragma omp for"), "#pragma omp single");
  assert_string_equal(foreign_omp_single("#pragma omp for schedule(dynamic) nowait"),
                      "#pragma omp single nowait");
  assert_null(foreign_omp_single("#pragma omp parallel for"));
  assert_null(foreign_omp_single("#pragma omp simd"));
  assert_null(foreign_omp_single("#pragma GCC ivdep"));
}

static void test_parallel_constructs(void **state) {
  (void)state;
  static const char *const par[] = {
      "#pragma omp parallel", "#pragma omp parallel for reduction(+:s)",
      "#pragma omp for", "# pragma omp parallel num_threads(4)",
      "#pragma omp taskloop grainsize(8)", "#pragma omp task", "#pragma omp target teams",
      "#pragma omp for simd", "#pragma acc parallel loop", "#pragma acc kernels"};
  for (size_t i = 0; i < sizeof par / sizeof *par; i++)
    assert_true(foreign_parallel_pragma(par[i]));
  static const char *const seq[] = {
      "#pragma omp simd", "#pragma omp critical", "#pragma omp single",
      "#pragma omp barrier", "#pragma omp taskwait", "#pragma omp sections",
      "#pragma omp parallel sections", "#pragma omp atomic", "#pragma acc data copy(a)",
      "#pragma GCC ivdep", "#pragma omp simd private(task)", "#pragma sparse encoding(A : CSR)"};
  for (size_t i = 0; i < sizeof seq / sizeof *seq; i++)
    assert_false(foreign_parallel_pragma(seq[i]));
}

static void test_omp_directive_word(void **state) {
  (void)state;
  assert_true(foreign_omp_is("#pragma omp critical", "critical"));
  assert_true(foreign_omp_is("# pragma omp critical(upd)", "critical"));
  assert_true(foreign_omp_is("#pragma omp single nowait", "single"));
  assert_false(foreign_omp_is("#pragma omp parallel for", "for"));
  assert_false(foreign_omp_is("#pragma omp singles", "single"));
  assert_false(foreign_omp_is("#pragma acc single", "single"));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_loop_constructs_and_hints),
      cmocka_unit_test(test_regions_and_others),
      cmocka_unit_test(test_omp_for_becomes_single),
      cmocka_unit_test(test_parallel_constructs),
      cmocka_unit_test(test_omp_directive_word),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
