/* Error model: bad encodings, width overflow, out-of-range coordinates,
 * size overflow, invalid arguments, unsupported requests, status names. */
#include "rt_test_util.h"

static void test_bad_encodings(void **state) {
  (void)state;
  sc_encoding e;
  RT_FAILS(sc_encoding_check(NULL), SC_ERR_INVALID_ARGUMENT, NULL);
  e = rt_named("CSR", 0);
  e.pos_width = 12;
  RT_FAILS(sc_encoding_check(&e), SC_ERR_BAD_ENCODING, "posWidth 12");
  e = rt_named("CSR", 0);
  e.crd_width = 3;
  RT_FAILS(sc_encoding_check(&e), SC_ERR_BAD_ENCODING, "crdWidth 3");
  e = rt_named("CSR", 0);
  e.lvl_exprs[1].coef[1] = 0;
  e.lvl_exprs[1].coef[0] = 1; /* j unused */
  RT_FAILS(sc_encoding_check(&e), SC_ERR_BAD_ENCODING, "dimension 1");
  e = rt_named("BSR", 2, (int64_t)2, (int64_t)2);
  e.lvl_exprs[2].divisor = 0;
  RT_FAILS(sc_encoding_check(&e), SC_ERR_BAD_ENCODING, "positive");
  e = rt_named("CSR", 0);
  e.lvl_types[1].props = SC_PROP_PADDED | SC_PROP_UNPADDED;
  RT_FAILS(sc_encoding_check(&e), SC_ERR_BAD_ENCODING, "both");
  e = rt_named("COO", 0);
  e.lvl_types[0].format = SC_LVL_SINGLETON;
  RT_FAILS(sc_encoding_check(&e), SC_ERR_BAD_ENCODING, "level 0");
  e = rt_named("NV24", 0);
  e.lvl_types[2].n = 5;
  RT_FAILS(sc_encoding_check(&e), SC_ERR_BAD_ENCODING, "n_out_of_m");
  e = rt_named("CSR", 0);
  e.lvl_rank = 0;
  RT_FAILS(sc_encoding_check(&e), SC_ERR_BAD_ENCODING, "level rank");
  e = rt_named("CSR", 0);
  e.lvl_exprs[1].coef[3] = 1;
  RT_FAILS(sc_encoding_check(&e), SC_ERR_BAD_ENCODING, "dimension 3");
  {
    sc_encoding n;
    RT_FAILS(sc_encoding_named(&n, "CSRR", NULL, 0), SC_ERR_INVALID_ARGUMENT,
             "CSRR");
    RT_FAILS(sc_encoding_named(&n, "BSR", NULL, 0), SC_ERR_INVALID_ARGUMENT,
             "2 parameter");
  }
}

static void test_unsupported_maps(void **state) {
  (void)state;
  sc_encoding e = rt_named("CSR", 0);
  int64_t dims[2] = {4, 4};
  sc_tensor *t = NULL;
  /* (i, j) -> (i + j : dense, j : compressed): i cannot be recovered. */
  e.lvl_exprs[0].coef[1] = 1;
  RT_FAILS(sc_tensor_new(&t, &e, SC_F64, dims), SC_ERR_UNSUPPORTED,
           "dimension 0 cannot be recovered");
  assert_null(t);
  e = rt_named("CSR", 0);
  e.has_slices = 1;
  for (int d = 0; d < 2; d++) {
    e.slices[d].offset = 0;
    e.slices[d].size = 2;
    e.slices[d].stride = 1;
  }
  assert_int_equal(sc_encoding_check(&e), SC_OK);
  e.slices[1].offset = 3; /* 3 + (2 - 1) * 1 = 4: past the extent 4 */
  RT_FAILS(sc_tensor_new(&t, &e, SC_F64, dims), SC_ERR_OUT_OF_RANGE,
           "past the stored extent");
  assert_null(t);
  /* n_out_of_m needs a level of size m. */
  e = rt_named("NV24", 0);
  e.lvl_exprs[2].divisor = 8;
  e.lvl_exprs[1].divisor = 8;
  RT_FAILS(sc_tensor_new(&t, &e, SC_F64, dims), SC_ERR_BAD_ENCODING,
           "size 4");
  /* A level that can go negative. */
  e = rt_named("CSR", 0);
  e.lvl_exprs[1].constant = -1;
  RT_FAILS(sc_tensor_new(&t, &e, SC_F64, dims), SC_ERR_UNSUPPORTED, NULL);
}

static void test_width_overflow(void **state) {
  (void)state;
  sc_encoding e = rt_named("CSR", 0);
  int64_t dims[2] = {1, 300};
  double row[300];
  sc_tensor *t = NULL, *u = NULL;
  for (int j = 0; j < 300; j++)
    row[j] = j + 1;
  e.pos_width = 8; /* 300 entries: position 300 > 255 */
  RT_FAILS(sc_tensor_from_dense(&t, &e, SC_F64, dims, row),
           SC_ERR_WIDTH_OVERFLOW, "posWidth = 8");
  assert_null(t);
  e.pos_width = 16;
  e.crd_width = 8; /* column 299 > 255 */
  RT_FAILS(sc_tensor_from_dense(&t, &e, SC_F64, dims, row),
           SC_ERR_WIDTH_OVERFLOW, "coordinate 299 does not fit crdWidth = 8");
  e.crd_width = 16;
  RT_OK(sc_tensor_from_dense(&t, &e, SC_F64, dims, row));
  assert_int_equal(((const uint16_t *)sc_tensor_positions(t, 1))[1], 300);
  assert_int_equal(((const uint16_t *)sc_tensor_coordinates(t, 1))[299], 299);
  /* Converting to a narrower width checks too. */
  e.crd_width = 8;
  RT_FAILS(sc_tensor_convert(&u, t, &e), SC_ERR_WIDTH_OVERFLOW,
           "level 1: coordinate 256 does not fit crdWidth = 8 (use a wider "
           "crdWidth)");
  assert_null(u);
  /* crdWidth 2 holds 0..3 only. */
  e = rt_named("DCSR", 0);
  e.crd_width = 2;
  {
    int64_t d2[2] = {1, 6};
    double r[6] = {0, 0, 0, 0, 1, 0};
    RT_FAILS(sc_tensor_from_dense(&u, &e, SC_F64, d2, r),
             SC_ERR_WIDTH_OVERFLOW, "crdWidth = 2");
    r[4] = 0;
    r[3] = 1;
    RT_OK(sc_tensor_from_dense(&u, &e, SC_F64, d2, r));
    sc_tensor_free(u);
  }
  /* Inserts that overflow fail at finalization; old entries stay. */
  {
    double v = 1;
    e = rt_named("CSR", 0);
    e.crd_width = 8;
    int64_t d3[2] = {2, 1000};
    RT_OK(sc_tensor_new(&u, &e, SC_F64, d3));
    RT_OK(sc_tensor_insert(u, (const int64_t[]){0, 255}, &v));
    assert_int_equal(sc_tensor_nnz(u), 1);
    RT_OK(sc_tensor_insert(u, (const int64_t[]){1, 256}, &v));
    RT_FAILS(sc_tensor_finalize(u), SC_ERR_WIDTH_OVERFLOW, "256");
    assert_int_equal(sc_tensor_nnz(u), 1);
    sc_tensor_free(u);
  }
  sc_tensor_free(t);
}

static void test_out_of_range(void **state) {
  (void)state;
  sc_encoding e = rt_named("CSR", 0);
  const int64_t dims[2] = {3, 3}, crd[] = {0, 0, 1, 2, 3, 1};
  sc_tensor *t = NULL;
  RT_FAILS(sc_tensor_from_coo(&t, &e, SC_F64, dims, 3, crd, NULL,
                              SC_DUP_SUM),
           SC_ERR_OUT_OF_RANGE, "coordinate (3, 1)");
  assert_null(t);
  {
    const int64_t neg[] = {0, -1};
    RT_FAILS(sc_tensor_from_coo(&t, &e, SC_F64, dims, 1, neg, NULL,
                                SC_DUP_SUM),
             SC_ERR_OUT_OF_RANGE, "(0, -1)");
  }
}

static void test_size_overflow(void **state) {
  (void)state;
  const sc_level_format dd[2] = {SC_LVL_DENSE, SC_LVL_DENSE};
  sc_encoding e = rt_simple(2, dd, NULL);
  int64_t dims[2] = {INT64_C(1) << 40, INT64_C(1) << 40};
  sc_tensor *t = NULL;
  RT_FAILS(sc_tensor_new(&t, &e, SC_F64, dims), SC_ERR_SIZE_OVERFLOW, NULL);
  assert_null(t);
  /* Hypersparse: DCSR of that shape stores only what is there. */
  e = rt_named("DCSR", 0);
  RT_OK(sc_tensor_new(&t, &e, SC_F64, dims));
  {
    double v = 2;
    int64_t c[2] = {(INT64_C(1) << 40) - 1, 5};
    RT_OK(sc_tensor_insert(t, c, &v));
    assert_true(sc_tensor_get_f64(t, c) == 2.0);
  }
  sc_tensor_free(t);
  /* (i : dense, j + (2^63 - 6) : compressed): the level size overflows. */
  e = rt_named("CSR", 0);
  e.lvl_exprs[1].constant = INT64_MAX - 5;
  RT_FAILS(sc_tensor_new(&t, &e, SC_F64, dims), SC_ERR_SIZE_OVERFLOW, NULL);
  /* from dense data: sizes no dense block can have (2^31 x 2^31 doubles is
   * 2^65 bytes) are refused before the block is read, and before CSR's
   * positions for 2^40 rows are allocated */
  {
    const double d[4] = {1, 2, 3, 4};
    int64_t d31[2] = {INT64_C(1) << 31, INT64_C(1) << 31};
    e = rt_named("DCSR", 0);
    t = (sc_tensor *)&e;
    RT_FAILS(sc_tensor_from_dense(&t, &e, SC_F64, d31, d),
             SC_ERR_SIZE_OVERFLOW, "the dense size of the tensor overflows");
    assert_null(t);
    e = rt_named("CSR", 0);
    RT_FAILS(sc_tensor_from_dense(&t, &e, SC_F64, dims, d),
             SC_ERR_SIZE_OVERFLOW, "the dense size of the tensor overflows");
    assert_null(t);
  }
}

static void test_invalid_arguments(void **state) {
  (void)state;
  sc_encoding e = rt_named("CSR", 0);
  int64_t dims[2] = {2, 2}, neg[2] = {-1, 2};
  sc_tensor *t = NULL;
  RT_FAILS(sc_tensor_new(NULL, &e, SC_F64, dims), SC_ERR_INVALID_ARGUMENT,
           NULL);
  RT_FAILS(sc_tensor_new(&t, NULL, SC_F64, dims), SC_ERR_INVALID_ARGUMENT,
           NULL);
  RT_FAILS(sc_tensor_new(&t, &e, (sc_value_type)(SC_U8 + 1), dims),
           SC_ERR_INVALID_ARGUMENT, "value type");
  RT_FAILS(sc_tensor_new(&t, &e, SC_F64, neg), SC_ERR_INVALID_ARGUMENT,
           "negative size");
  RT_FAILS(sc_tensor_from_dense(&t, &e, SC_F64, dims, NULL),
           SC_ERR_INVALID_ARGUMENT, NULL);
  RT_FAILS(sc_tensor_from_coo(&t, &e, SC_F64, dims, 1, NULL, NULL,
                              SC_DUP_SUM),
           SC_ERR_INVALID_ARGUMENT, NULL);
  {
    /* row pointers for a 3-D tensor: refused, the message naming the rank
     * (read before the half-built tensor is freed) */
    sc_encoding csf = rt_named("CSF", 0);
    const int64_t d3[3] = {2, 2, 2};
    double r0[2] = {0}, r1[2] = {0};
    const void *rows[2] = {r0, r1};
    RT_FAILS(sc_tensor_from_dense_rows(&t, &csf, SC_F64, d3, rows),
             SC_ERR_INVALID_ARGUMENT, "not rank 3");
    assert_null(t);
  }
  {
    /* a NULL row among the row pointers: an error naming it, both ways
     * (it was dereferenced) */
    double r0[2] = {1, 0}, o0[2];
    const void *rows[2] = {r0, NULL};
    void *out[2] = {o0, NULL};
    RT_FAILS(sc_tensor_from_dense_rows(&t, &e, SC_F64, dims, rows),
             SC_ERR_INVALID_ARGUMENT, "row 1 is NULL");
    assert_null(t);
    rows[1] = r0;
    RT_OK(sc_tensor_from_dense_rows(&t, &e, SC_F64, dims, rows));
    RT_FAILS(sc_tensor_to_dense_rows(t, out), SC_ERR_INVALID_ARGUMENT,
             "row 1 is NULL");
    sc_tensor_free(t);
    t = NULL;
  }
  {
    sc_encoding e3 = rt_named("CSF", 0);
    sc_tensor *u = NULL;
    RT_OK(sc_tensor_new(&t, &e, SC_F64, dims));
    RT_FAILS(sc_tensor_convert(&u, t, &e3), SC_ERR_INVALID_ARGUMENT, "rank");
    RT_FAILS(sc_write_mtx_stream(NULL, stdout), SC_ERR_INVALID_ARGUMENT, NULL);
    sc_tensor_free(t);
  }
  sc_tensor_free(NULL); /* no-op */
  assert_null(sc_tensor_values(NULL));
  assert_int_equal(sc_tensor_nnz(NULL), 0);
}

/* The functions without a status answer as docs/runtime.md section 4
 * says for a NULL tensor, an index out of range and coordinates outside
 * the sizes; the optional NULL arguments are accepted. */
static void test_answers_without_status(void **state) {
  sc_encoding e = rt_named("CSR", 0);
  int64_t dims[2] = {2, 3}, c[2] = {1, 2}, out_c[2] = {2, 0};
  const int64_t coo[2] = {1, 2};
  double v = 5;
  sc_tensor *t = NULL;
  (void)state;
  assert_null(sc_tensor_encoding(NULL));
  assert_int_equal(sc_tensor_value_type(NULL), SC_F64);
  assert_int_equal(sc_tensor_dim_rank(NULL), 0);
  assert_int_equal(sc_tensor_memory(NULL), 0);
  assert_true(sc_tensor_get_f64(NULL, c) == 0);
  /* values NULL (every value 1); coords NULL with no entry */
  RT_OK(sc_tensor_from_coo(&t, &e, SC_F64, dims, 1, coo, NULL, SC_DUP_SUM));
  assert_true(sc_tensor_get_f64(t, c) == 1);
  sc_tensor_free(t);
  RT_OK(sc_tensor_from_coo(&t, &e, SC_F64, dims, 0, NULL, NULL, SC_DUP_SUM));
  RT_OK(sc_tensor_insert(t, c, &v));
  assert_int_equal(sc_tensor_dim_size(t, 2), 0);
  assert_int_equal(sc_tensor_dim_size(t, -1), 0);
  assert_int_equal(sc_tensor_stored_dim_size(t, 2), 0);
  assert_int_equal(sc_tensor_level_size(t, 2), 0);
  assert_null(sc_tensor_positions(t, 2));
  assert_null(sc_tensor_coordinates(t, -1));
  assert_int_equal(sc_tensor_positions_size(t, 2), 0);
  assert_int_equal(sc_tensor_coordinates_size(t, 2), 0);
  assert_int_equal(sc_tensor_get_i32(t, out_c), 0);
  assert_int_equal(sc_tensor_nnz(t), 1); /* the pending insert applied */
  assert_int_equal(sc_tensor_get_i32(t, c), 5);
  assert_true(sc_tensor_memory(t) > 0);
  RT_FAILS(sc_tensor_get(t, out_c, &v), SC_ERR_OUT_OF_RANGE, "outside");
  sc_tensor_free(t);
  assert_int_equal(sc_value_size((sc_value_type)42), 0);
}

static void test_status_names(void **state) {
  (void)state;
  assert_string_equal(sc_status_name(SC_OK), "SC_OK");
  assert_string_equal(sc_status_name(SC_ERR_PARSE), "SC_ERR_PARSE");
  assert_string_equal(sc_status_name(SC_ERR_WIDTH_OVERFLOW),
                      "SC_ERR_WIDTH_OVERFLOW");
  assert_string_equal(sc_status_name(SC_ERR_UNSUPPORTED),
                      "SC_ERR_UNSUPPORTED");
  assert_string_equal(sc_status_name((sc_status)99), "SC_ERR_UNKNOWN");
  assert_int_equal(sc_value_size(SC_F32), 4);
  assert_int_equal(sc_value_size(SC_I64), 8);
}

/* The note before a dense fallback is printed once per flag, returns, and
 * keeps the last error message (it is not an error of its own). */
static void test_dense_fallback_note(void **state) {
  (void)state;
  sc_encoding e = rt_named("CSR", 0);
  int64_t dims[2] = {1, 300};
  double row[300] = {0};
  row[299] = 1.0;
  sc_tensor *t = NULL;
  e.crd_width = 8;
  sc_status st = sc_tensor_from_dense(&t, &e, SC_F64, dims, row);
  assert_int_equal(st, SC_ERR_WIDTH_OVERFLOW);
  int told = 0;
  sc_dense_fallback(st, "test.c:1", &told);
  assert_int_equal(told, 1);
  sc_dense_fallback(st, "test.c:1", &told); /* silent */
  assert_int_equal(told, 1);
  sc_dense_fallback(st, NULL, NULL);
  assert_non_null(strstr(sc_last_error(), "crdWidth = 8"));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_bad_encodings),
      cmocka_unit_test(test_unsupported_maps),
      cmocka_unit_test(test_width_overflow),
      cmocka_unit_test(test_out_of_range),
      cmocka_unit_test(test_size_overflow),
      cmocka_unit_test(test_invalid_arguments),
      cmocka_unit_test(test_answers_without_status),
      cmocka_unit_test(test_status_names),
      cmocka_unit_test(test_dense_fallback_note),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
