/* test_rt_hostile.c — the hostile inputs found while fuzzing the runtime
 * (tests/fuzz/; by the fuzzers or by hand), one test each: files and calls
 * that once made libsparsecc_rt hang, overflow or read inconsistently, and
 * must now end with an error code and a located message, or with the right
 * tensor. Every read runs under an alarm, so a hang fails the test. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <unistd.h>

#include "rt_test_util.h"

/* Seconds any one read may take (they take microseconds). */
#define HOSTILE_ALARM 10

/* Reads `text` as a Matrix Market stream named "h.mtx". */
static sc_status read_mtx_text(sc_tensor **t, const char *text,
                               const sc_encoding *enc, sc_value_type vt) {
  FILE *f = fmemopen((void *)(uintptr_t)text, strlen(text), "rb");
  sc_status st;
  if (!f)
    fail_msg("fmemopen");
  alarm(HOSTILE_ALARM);
  st = sc_read_mtx_stream(t, f, "h.mtx", enc, vt);
  alarm(0);
  fclose(f);
  return st;
}

/* An array file of no rows and 10^18 columns holds no value: the reader
 * walked every column looking for one (a hang). */
static void test_array_without_rows(void **state) {
  sc_tensor *t = NULL;
  sc_encoding coo = rt_named("COO", 1, (int64_t)2);
  (void)state;
  RT_OK(read_mtx_text(&t,
                      "%%MatrixMarket matrix array real general\n"
                      "0 1000000000000000000\n",
                      &coo, SC_F64));
  assert_int_equal(sc_tensor_dim_size(t, 0), 0);
  assert_int_equal(sc_tensor_dim_size(t, 1), 1000000000000000000LL);
  assert_int_equal(sc_tensor_nnz(t), 0);
  sc_tensor_free(t);
  /* the same with a value the file should not hold */
  RT_FAILS(read_mtx_text(&t,
                         "%%MatrixMarket matrix array real general\n"
                         "0 1000000000000000000\n1.5\n",
                         &coo, SC_F64),
           SC_ERR_PARSE, "h.mtx:3: more values than the 0 x");
  assert_null(t);
}

/* A token the reader quotes in a message: bytes that are not printable
 * ASCII are written \xNN (they were copied raw, a binary file's bytes into
 * the terminal), and a long one is cut with "...". */
static void test_quoted_tokens_printable(void **state) {
  sc_tensor *t = NULL;
  char text[256];
  (void)state;
  RT_FAILS(read_mtx_text(&t,
                         "%%MatrixMarket matrix coordinate real general\n"
                         "2 2 1\n1 1 1\xff\x01z\n",
                         NULL, SC_F64),
           SC_ERR_PARSE, "h.mtx:3: value '1\\xff\\x01z' is not a number");
  RT_FAILS(read_mtx_text(&t,
                         "%%MatrixMarket matrix coordinate integer general\n"
                         "2 2 1\n1 \x80 1\n",
                         NULL, SC_I32),
           SC_ERR_PARSE, "h.mtx:3: column index '\\x80' is not an integer");
  snprintf(text, sizeof text,
           "%%%%MatrixMarket matrix coordinate real general\n2 2 1\n1 1 "
           "%s\n",
           "1234567890abcdefghij1234567890abcdefghij1234567890abcdefghij");
  RT_FAILS(read_mtx_text(&t, text, NULL, SC_F64), SC_ERR_PARSE,
           "value '1234567890abcdefghij1234567890abcdefghij1234...' is not");
  assert_null(t);
}

/* A size line of 4 * 10^18 rows: DCSR and COO hold the one entry; CSR,
 * whose positions grow with the rows, is refused before any allocation,
 * the message naming the size line and the encodings that fit (it said
 * only that a positions array overflowed size_t, without a line). */
static void test_huge_sizes_by_encoding(void **state) {
  static const char *text = "%%MatrixMarket matrix coordinate real general\n"
                            "4000000000000000000 3 1\n"
                            "4000000000000000000 2 2.5\n";
  sc_encoding dcsr = rt_named("DCSR", 0), coo = rt_named("COO", 1,
                                                        (int64_t)2);
  sc_tensor *t = NULL;
  int64_t at[2] = {INT64_C(3999999999999999999), 1};
  (void)state;
  RT_OK(read_mtx_text(&t, text, &dcsr, SC_F64));
  assert_int_equal(sc_tensor_nnz(t), 1);
  assert_true(sc_tensor_get_f64(t, at) == 2.5);
  sc_tensor_free(t);
  RT_OK(read_mtx_text(&t, text, &coo, SC_F64));
  assert_true(sc_tensor_get_f64(t, at) == 2.5);
  sc_tensor_free(t);
  t = NULL;
  RT_FAILS(read_mtx_text(&t, text, NULL, SC_F64), SC_ERR_SIZE_OVERFLOW,
           "h.mtx:2: the 4000000000000000000 x 3 matrix of the size line "
           "does not fit the storage of its encoding");
  assert_non_null(strstr(sc_last_error(), "DCSR or COO"));
  assert_null(t);
}

/* The same for a FROSTT file, whose sizes are its largest coordinates:
 * CSR is refused naming the line of the largest (it said only that a
 * positions array overflowed size_t); CSF reads it. */
static void test_huge_tns_coordinates(void **state) {
  const char *dir = getenv("SC_BINARY_DIR");
  char path[1024];
  FILE *f;
  sc_tensor *t = NULL;
  sc_encoding csr = rt_named("CSR", 0);
  int64_t at[2] = {INT64_C(3999999999999999999), 1};
  (void)state;
  snprintf(path, sizeof path, "%s/hostile_huge.tns", dir && *dir ? dir : ".");
  f = fopen(path, "wb");
  assert_non_null(f);
  fputs("# one entry far out\n1 1 1.0\n4000000000000000000 2 2.5\n", f);
  fclose(f);
  alarm(HOSTILE_ALARM);
  RT_OK(sc_read_tns(&t, path, NULL, SC_F64));
  assert_true(sc_tensor_get_f64(t, at) == 2.5);
  sc_tensor_free(t);
  t = NULL;
  RT_FAILS(sc_read_tns(&t, path, &csr, SC_F64), SC_ERR_SIZE_OVERFLOW,
           "hostile_huge.tns:3: the sizes (4000000000000000000, 2) the "
           "largest coordinates give (mode 1's on this line) do not fit");
  alarm(0);
  assert_non_null(strstr(sc_last_error(), "COO or CSF"));
  assert_null(t);
  remove(path);
}

/* An ordered append into ELL with slices sized by the data (k = 0): the
 * slice coordinate took any value, and the end of the append sized the
 * level as the largest plus one (a signed overflow at INT64_MAX, an
 * allocation of 2^40 slices below it). A row holds at most as many entries
 * as the matrix has columns: a slice coordinate from there on is out of
 * range. */
static void test_append_ell_slices(void **state) {
  sc_encoding ell = rt_named("ELL", 1, (int64_t)0);
  sc_tensor *t = NULL;
  int64_t dims[2] = {3, 4};
  int64_t huge[3] = {INT64_MAX, 0, 1}, wide[3] = {4, 0, 1};
  int64_t a[3] = {0, 0, 1}, at[2] = {0, 1};
  double v = 1.5;
  (void)state;
  RT_OK(sc_tensor_new(&t, &ell, SC_F64, dims));
  RT_OK(sc_tensor_begin_append(t));
  RT_FAILS(sc_tensor_append(t, huge, &v), SC_ERR_OUT_OF_RANGE,
           "level 0 is 9223372036854775807, outside [0, 4)");
  RT_FAILS(sc_tensor_append(t, wide, &v), SC_ERR_OUT_OF_RANGE,
           "level 0 is 4, outside [0, 4)");
  RT_OK(sc_tensor_append(t, a, &v));
  RT_OK(sc_tensor_end_append(t));
  assert_true(sc_tensor_get_f64(t, at) == 1.5);
  sc_tensor_free(t);
}

/* Level coordinates of ELL in order need not be a layout: element (1, 0)
 * appended in slices 0 and 1, row 0's only entry in slice 1. The tensor's
 * reads disagreed (its dense block held one value of (1, 0), its
 * conversion to COO the sum of both). Now the slices are counted again
 * from the elements: an element appended twice is SC_ERR_DUPLICATE and
 * leaves the tensor empty; otherwise each entry lands in its slice. */
static void test_append_ell_layout(void **state) {
  sc_encoding ell = rt_named("ELL", 1, (int64_t)2), coo = rt_named("COO", 0);
  sc_tensor *t = NULL, *c = NULL;
  int64_t dims[2] = {3, 1};
  int64_t a[3] = {0, 1, 0}, b[3] = {1, 0, 0}, twice[3] = {1, 1, 0};
  int64_t r0[2] = {0, 0}, r1[2] = {1, 0};
  double x = -3, y = -2, dense[3];
  (void)state;
  RT_OK(sc_tensor_new(&t, &ell, SC_F64, dims));
  RT_OK(sc_tensor_begin_append(t));
  RT_OK(sc_tensor_append(t, a, &x));
  RT_OK(sc_tensor_append(t, b, &y));
  RT_OK(sc_tensor_append(t, twice, &x));
  RT_FAILS(sc_tensor_end_append(t), SC_ERR_DUPLICATE,
           "duplicate entry at (1, 0)");
  assert_int_equal(sc_tensor_nnz(t), 0);
  RT_OK(sc_tensor_begin_append(t));
  RT_OK(sc_tensor_append(t, a, &x));
  RT_OK(sc_tensor_append(t, b, &y));
  RT_OK(sc_tensor_end_append(t));
  RT_OK(sc_tensor_to_dense(t, dense));
  assert_true(dense[0] == -2 && dense[1] == -3 && dense[2] == 0);
  RT_OK(sc_tensor_convert(&c, t, &coo));
  assert_true(sc_tensor_get_f64(c, r0) == -2 && sc_tensor_get_f64(c, r1) == -3);
  sc_tensor_free(c);
  sc_tensor_free(t);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_array_without_rows),
      cmocka_unit_test(test_quoted_tokens_printable),
      cmocka_unit_test(test_huge_sizes_by_encoding),
      cmocka_unit_test(test_huge_tns_coordinates),
      cmocka_unit_test(test_append_ell_slices),
      cmocka_unit_test(test_append_ell_layout),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
