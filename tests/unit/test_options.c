/* test_options.c — the command line of SPEC section 2 (src/options.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "options.h"

/* Parses a NULL-terminated argument list; errors text in *err (malloc). */
static int parse(Options *o, char **err, ...) {
  char *argv[64];
  int argc = 0;
  argv[argc++] = "sparsecc";
  va_list ap;
  va_start(ap, err);
  char *a;
  while ((a = va_arg(ap, char *)) != NULL) argv[argc++] = a;
  va_end(ap);
  argv[argc] = NULL;
  size_t len;
  FILE *f = open_memstream(err, &len);
  int rc = options_parse(o, argc, argv, f);
  fclose(f);
  return rc;
}

static void test_defaults(void **state) {
  (void)state;
  Options o;
  char *err;
  assert_int_equal(parse(&o, &err, "in.c", NULL), 0);
  assert_string_equal(o.input, "in.c");
  assert_null(o.output);
  assert_int_equal(o.simd, SIMD_AUTO);
  assert_int_equal(o.vl, 0);
  assert_int_equal(o.nclang_args, 0);
  assert_int_equal(o.report, 0);
  assert_string_equal(err, "");
  free(err);
  options_free(&o);
}

static void test_everything(void **state) {
  (void)state;
  Options o;
  char *err;
  assert_int_equal(
      parse(&o, &err, "-I", "inc", "-Iinc2", "-DA=1", "-D", "B", "-UC",
            "-std=c99", "-include", "pre.h", "in.c", "-o", "out.c", "--vl=16",
            "--simd=avx512", "--index32", "--report=r.txt", "--dump=ir",
            "--dump=lattice,formats", "--check", "--no-line", "-Werror", "-w",
            "-p", "build", "--", "-O2", "-o", "--weird", NULL),
      0);
  assert_string_equal(o.input, "in.c");
  assert_string_equal(o.output, "out.c");
  assert_int_equal(o.vl, 16);
  assert_int_equal(o.simd, SIMD_AVX512);
  assert_true(o.index32 && o.check && o.no_line && o.werror && o.no_warnings);
  assert_true(o.report);
  assert_string_equal(o.report_file, "r.txt");
  assert_int_equal(o.dump, DUMP_IR | DUMP_LATTICE | DUMP_FORMATS);
  assert_string_equal(o.compdb_dir, "build");
  const char *want[] = {"-I",       "inc",   "-Iinc2", "-DA=1", "-D",
                        "B",        "-UC",   "-std=c99", "-include", "pre.h",
                        "-O2",      "-o",    "--weird"};
  assert_int_equal(o.nclang_args, (int)(sizeof want / sizeof *want));
  for (size_t i = 0; i < sizeof want / sizeof *want; i++)
    assert_string_equal(o.clang_args[i], want[i]);
  free(err);
  options_free(&o);
}

static void test_report_stderr_and_stdio(void **state) {
  (void)state;
  Options o;
  char *err;
  assert_int_equal(parse(&o, &err, "--report", "-", "-o", "-", NULL), 0);
  assert_true(o.report);
  assert_null(o.report_file);
  assert_string_equal(o.input, "-");
  assert_string_equal(o.output, "-");
  free(err);
  options_free(&o);
}

static void test_informational(void **state) {
  (void)state;
  Options o;
  char *err;
  assert_int_equal(parse(&o, &err, "--help", NULL), 0);
  assert_true(o.help);
  free(err);
  options_free(&o);
  assert_int_equal(parse(&o, &err, "--cflags", "--libs", NULL), 0);
  assert_true(o.print_cflags && o.print_libs);
  assert_null(o.input);
  free(err);
  options_free(&o);
}

/* expect_error(substring, args...): parsing fails and says substring. */
#define expect_error(what, ...)                                              \
  do {                                                                       \
    Options o_;                                                              \
    char *err_;                                                              \
    assert_int_equal(parse(&o_, &err_, __VA_ARGS__, NULL), -1);              \
    if (!strstr(err_, what)) fail_msg("'%s' not in: %s", what, err_);        \
    free(err_);                                                              \
    options_free(&o_);                                                       \
  } while (0)

static void test_errors(void **state) {
  (void)state;
  expect_error("did you mean '--report'?", "--reprot", "x.c");
  expect_error("did you mean '--no-line'?", "--noline", "x.c");
  expect_error("unknown option '--zzzzzzzz'", "--zzzzzzzz", "x.c");
  expect_error("did you mean 'avx2'", "--simd=avx", "x.c");
  expect_error("unknown SIMD backend 'quantum'", "--simd=quantum", "x.c");
  expect_error("did you mean 'pragmas'", "--dump=pragma", "x.c");
  expect_error("unknown dump", "--dump=ir,,formats", "x.c");
  expect_error("needs a value", "--dump", "x.c");
  expect_error("vector length must be between 1 and 64, not 128 (in '--vl=128')",
               "--vl=128", "x.c");
  expect_error("vector length must be between 1 and 64, not 65", "--vl=65", "x.c");
  expect_error("vector length must be between 1 and 64, not 0", "--vl=0", "x.c");
  expect_error("vector length must be between 1 and 64, not '8x'", "--vl=8x", "x.c");
  expect_error("no input file", "--check");
  expect_error("two input files", "a.c", "b.c");
  expect_error("missing file name after '-o'", "x.c", "-o");
  expect_error("missing argument to '-I'", "x.c", "-I");
  expect_error("missing argument to '-include'", "x.c", "-include");
  expect_error("two output files", "x.c", "-o", "a", "-o", "b");
  expect_error("refusing to overwrite the input", "x.c", "-o", "x.c");
  expect_error("Try 'sparsecc --help'", "--bogus");
}

/* every vl a vectorize pragma takes, powers of two or not (3, 12: the
 * vectorizer lowers them to what a backend holds and reports it) */
static void test_vl_range(void **state) {
  (void)state;
  for (int vl = 1; vl <= 64; vl++) {
    char arg[16];
    snprintf(arg, sizeof arg, "--vl=%d", vl);
    Options o;
    char *err;
    assert_int_equal(parse(&o, &err, arg, "x.c", NULL), 0);
    assert_int_equal(o.vl, vl);
    free(err);
    options_free(&o);
  }
}

static void test_usage_mentions_every_option(void **state) {
  (void)state;
  char *text;
  size_t len;
  FILE *f = open_memstream(&text, &len);
  options_usage(f);
  fclose(f);
  const char *opts[] = {"-o FILE", "--no-line", "--check", "-I DIR", "-D NAME",
                        "-U NAME", "-std=", "-include", "-p DIR", "--vl=N",
                        "--simd=", "--index32", "--report", "--dump=",
                        "-Werror", "-w ", "--cflags", "--libs", "--version",
                        "--help", "-- FLAGS"};
  for (size_t i = 0; i < sizeof opts / sizeof *opts; i++)
    if (!strstr(text, opts[i])) fail_msg("usage lacks %s", opts[i]);
  free(text);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_defaults),
      cmocka_unit_test(test_everything),
      cmocka_unit_test(test_report_stderr_and_stdio),
      cmocka_unit_test(test_informational),
      cmocka_unit_test(test_errors),
      cmocka_unit_test(test_vl_range),
      cmocka_unit_test(test_usage_mentions_every_option),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
