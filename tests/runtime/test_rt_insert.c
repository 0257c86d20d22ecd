/* Buffered insert/update with lazy finalization, lookups, ordered append,
 * clear, copy. */
#include "rt_test_util.h"

static double get2(sc_tensor *t, int64_t i, int64_t j) {
  const int64_t c[2] = {i, j};
  return sc_tensor_get_f64(t, c);
}

static void ins(sc_tensor *t, int64_t i, int64_t j, double v) {
  const int64_t c[2] = {i, j};
  RT_OK(sc_tensor_insert(t, c, &v));
}

static void upd(sc_tensor *t, int64_t i, int64_t j, char op, double v) {
  const int64_t c[2] = {i, j};
  RT_OK(sc_tensor_update(t, c, op, &v));
}

static void test_insert_then_read(void **state) {
  (void)state;
  const char *names[] = {"CSR", "CSC", "DCSR", "COO", "BSR", "ELL"};
  for (int f = 0; f < 6; f++) {
    sc_encoding e = f == 4   ? rt_named("BSR", 2, (int64_t)2, (int64_t)2)
                    : f == 5 ? rt_named("ELL", 1, (int64_t)0)
                             : rt_named(names[f], 0);
    int64_t dims[2] = {5, 6};
    sc_tensor *t = NULL;
    RT_OK(sc_tensor_new(&t, &e, SC_F64, dims));
    assert_int_equal(sc_tensor_nnz(t), 0);
    ins(t, 4, 5, 1.0);
    ins(t, 0, 0, 2.0);
    ins(t, 2, 3, 3.0);
    ins(t, 0, 0, 4.0); /* replaces 2.0 */
    upd(t, 2, 3, '+', 10.0);
    upd(t, 1, 1, '-', 5.0); /* absent: 0 - 5 */
    upd(t, 4, 5, '*', 3.0);
    assert_true(get2(t, 0, 0) == 4.0);
    assert_true(get2(t, 2, 3) == 13.0);
    assert_true(get2(t, 1, 1) == -5.0);
    assert_true(get2(t, 4, 5) == 3.0);
    assert_true(get2(t, 3, 3) == 0.0);
    if (f != 4)
      assert_int_equal(sc_tensor_nnz(t), 4);
    /* Second batch on top of stored entries, in program order. */
    upd(t, 2, 3, '/', 2.0);
    ins(t, 2, 3, 1.0);
    upd(t, 2, 3, '+', 0.5);
    ins(t, 3, 0, 9.0);
    ins(t, 1, 1, 0.0); /* zero: removed from an unpadded level */
    assert_true(get2(t, 2, 3) == 1.5);
    assert_true(get2(t, 3, 0) == 9.0);
    assert_true(get2(t, 1, 1) == 0.0);
    if (f != 4)
      assert_int_equal(sc_tensor_nnz(t), 4);
    {
      double d[30], want[30] = {0};
      want[0] = 4;
      want[2 * 6 + 3] = 1.5;
      want[3 * 6 + 0] = 9;
      want[4 * 6 + 5] = 3;
      RT_OK(sc_tensor_to_dense(t, d));
      rt_assert_dense_eq(d, want, 30, names[f]);
    }
    sc_tensor_free(t);
  }
}

/* Inserts only (no update), out of order, into CSR and a sparse vector:
 * rows one apart, a few apart and far apart (the build steps from row to
 * row, or divides past a gap), duplicates (the last one wins), zeros
 * (dropped). */
static void test_insert_only_rows(void **state) {
  (void)state;
  sc_encoding e = rt_named("CSR", 0);
  int64_t dims[2] = {1000, 7};
  sc_tensor *t = NULL;
  RT_OK(sc_tensor_new(&t, &e, SC_F64, dims));
  const int64_t rows[] = {999, 0, 1, 5, 6, 500, 2, 0, 999, 37};
  for (int r = 0; r < 10; r++)
    for (int64_t j = 6; j >= 0; j -= 2)
      ins(t, rows[r], j, (double)(rows[r] * 10 + j + r));
  ins(t, 5, 4, 0.0); /* a zero replaces the value: no entry */
  for (int64_t i = 0; i < 1000; i++)
    for (int64_t j = 0; j < 7; j++) {
      double want = 0;
      for (int r = 0; r < 10; r++)
        if (rows[r] == i && j % 2 == 0)
          want = (double)(i * 10 + j + r);
      if (i == 5 && j == 4)
        want = 0;
      assert_true(get2(t, i, j) == want);
    }
  assert_int_equal(sc_tensor_nnz(t), 8 * 4 - 1);
  sc_tensor_free(t);
  sc_encoding v = rt_named("SparseVector", 0);
  int64_t n[1] = {100000};
  RT_OK(sc_tensor_new(&t, &v, SC_F64, n));
  for (int64_t k = 0; k < 50; k++) {
    const int64_t c[1] = {(k * 7919) % 100000};
    double x = (double)k + 1;
    RT_OK(sc_tensor_insert(t, c, &x));
  }
  for (int64_t k = 0; k < 50; k++) {
    const int64_t c[1] = {(k * 7919) % 100000};
    assert_true(sc_tensor_get_f64(t, c) == (double)k + 1);
  }
  assert_int_equal(sc_tensor_nnz(t), 50);
  sc_tensor_free(t);
}

/* Many inserts in random order with duplicates, checked against a dense
 * shadow; reads are interleaved. */
static void test_insert_many(void **state) {
  (void)state;
  sc_encoding e = rt_named("CSR", 0);
  int64_t dims[2] = {50, 40};
  double shadow[50][40];
  uint64_t s = 42;
  sc_tensor *t = NULL;
  memset(shadow, 0, sizeof shadow);
  RT_OK(sc_tensor_new(&t, &e, SC_F64, dims));
  for (int k = 0; k < 5000; k++) {
    int64_t i = (int64_t)(rt_rand(&s) % 50), j = (int64_t)(rt_rand(&s) % 40);
    double v = (double)(rt_rand(&s) % 7);
    if (k % 3 == 0) {
      upd(t, i, j, '+', v);
      shadow[i][j] += v;
    } else {
      ins(t, i, j, v);
      shadow[i][j] = v;
    }
    if (k % 1000 == 999) {
      double d[50][40];
      RT_OK(sc_tensor_to_dense(t, d));
      rt_assert_dense_eq(&d[0][0], &shadow[0][0], 2000, "interleaved");
    }
  }
  {
    size_t nz = 0;
    for (int i = 0; i < 2000; i++)
      nz += (&shadow[0][0])[i] != 0;
    assert_int_equal(sc_tensor_nnz(t), nz);
  }
  sc_tensor_free(t);
}

static void test_integer_updates(void **state) {
  (void)state;
  sc_encoding e = rt_named("DCSR", 0);
  int64_t dims[2] = {3, 3}, c[2] = {1, 2};
  int64_t v = 7, two = 2, zero = 0, out;
  sc_tensor *t = NULL;
  RT_OK(sc_tensor_new(&t, &e, SC_I64, dims));
  RT_OK(sc_tensor_insert(t, c, &v));
  RT_OK(sc_tensor_update(t, c, '/', &two));
  RT_OK(sc_tensor_get(t, c, &out));
  assert_int_equal(out, 3);
  RT_FAILS(sc_tensor_update(t, c, '/', &zero), SC_ERR_INVALID_ARGUMENT,
           "division by zero");
  RT_FAILS(sc_tensor_update(t, c, '%', &two), SC_ERR_INVALID_ARGUMENT,
           "operator");
  assert_int_equal(sc_tensor_get_i64(t, c), 3);
  sc_tensor_free(t);
}

/* Ordered append: the generated code's sparse outputs. */
static void test_append(void **state) {
  (void)state;
  sc_encoding e = rt_named("CSR", 0);
  int64_t dims[2] = {3, 4};
  const int64_t l0[2] = {0, 1}, l1[2] = {0, 3}, l2[2] = {2, 0}, bad[2] = {1, 0};
  const uint64_t pos[] = {0, 2, 2, 3};
  double v = 1.0;
  sc_tensor *t = NULL;
  RT_OK(sc_tensor_new(&t, &e, SC_F64, dims));
  ins(t, 1, 1, 5.0);
  RT_OK(sc_tensor_begin_append(t)); /* clears, pending inserts too */
  RT_OK(sc_tensor_append(t, l0, &v));
  v = 2.0;
  RT_OK(sc_tensor_append(t, l1, &v));
  v = 3.0;
  RT_OK(sc_tensor_append(t, l2, &v));
  RT_FAILS(sc_tensor_append(t, bad, &v), SC_ERR_INVALID_ARGUMENT,
           "not after the previous");
  RT_FAILS(sc_tensor_append(t, (const int64_t[]){2, 4}, &v),
           SC_ERR_OUT_OF_RANGE, "level 1");
  RT_OK(sc_tensor_end_append(t));
  assert_memory_equal(sc_tensor_positions(t, 1), pos, sizeof pos);
  assert_true(get2(t, 0, 3) == 2.0);
  assert_true(get2(t, 1, 1) == 0.0);
  RT_FAILS(sc_tensor_end_append(t), SC_ERR_INVALID_ARGUMENT, "without");
  RT_FAILS(sc_tensor_append(t, l0, &v), SC_ERR_INVALID_ARGUMENT, "without");
  /* A read during an append ends it. */
  RT_OK(sc_tensor_begin_append(t));
  RT_OK(sc_tensor_append(t, l2, &v));
  assert_int_equal(sc_tensor_nnz(t), 1);
  sc_tensor_free(t);

  /* BSR append in level order (block row, block col, row, col). */
  e = rt_named("BSR", 2, (int64_t)2, (int64_t)2);
  dims[0] = 4;
  RT_OK(sc_tensor_new(&t, &e, SC_F64, dims));
  RT_OK(sc_tensor_begin_append(t));
  for (int64_t ii = 0; ii < 2; ii++)
    for (int64_t jj = 0; jj < 2; jj++) {
      const int64_t lc[4] = {1, 1, ii, jj};
      v = (double)(10 * ii + jj + 1);
      RT_OK(sc_tensor_append(t, lc, &v));
    }
  RT_OK(sc_tensor_end_append(t));
  assert_int_equal(sc_tensor_nnz(t), 4);
  assert_true(get2(t, 2, 2) == 1.0 && get2(t, 2, 3) == 2.0);
  assert_true(get2(t, 3, 2) == 11.0 && get2(t, 3, 3) == 12.0);
  sc_tensor_free(t);
}

/* Nonordered levels accept appends in any order within the level. */
static void test_append_nonordered(void **state) {
  (void)state;
  const sc_level_format f[2] = {SC_LVL_DENSE, SC_LVL_COMPRESSED};
  const unsigned p[2] = {0, SC_PROP_NONORDERED};
  sc_encoding e = rt_simple(2, f, p);
  int64_t dims[2] = {2, 5};
  double v = 1;
  sc_tensor *t = NULL;
  RT_OK(sc_tensor_new(&t, &e, SC_F64, dims));
  RT_OK(sc_tensor_begin_append(t));
  RT_OK(sc_tensor_append(t, (const int64_t[]){0, 4}, &v));
  v = 2;
  RT_OK(sc_tensor_append(t, (const int64_t[]){0, 1}, &v));
  RT_OK(sc_tensor_end_append(t));
  assert_true(get2(t, 0, 4) == 1.0 && get2(t, 0, 1) == 2.0);
  sc_tensor_free(t);
}

static void test_clear_and_copy(void **state) {
  (void)state;
  sc_encoding e = rt_named("DCSC", 0);
  int64_t dims[2] = {4, 4};
  sc_tensor *t = NULL, *c = NULL;
  RT_OK(sc_tensor_new(&t, &e, SC_F64, dims));
  ins(t, 1, 2, 3.0);
  RT_OK(sc_tensor_copy(&c, t)); /* applies the pending insert first */
  assert_true(get2(c, 1, 2) == 3.0);
  ins(t, 0, 0, 1.0);
  RT_OK(sc_tensor_clear(t));
  assert_int_equal(sc_tensor_nnz(t), 0);
  assert_true(get2(t, 0, 0) == 0.0);
  assert_int_equal(sc_tensor_dim_size(t, 1), 4);
  assert_true(get2(c, 0, 0) == 0.0); /* the copy is independent */
  sc_tensor_free(t);
  sc_tensor_free(c);
}

/* A finalization that fails reports the error once and keeps the previous
 * entries. */
static void test_failed_finalize(void **state) {
  (void)state;
  sc_encoding e = rt_named("NV24", 0);
  int64_t dims[2] = {1, 4};
  sc_tensor *t = NULL;
  RT_OK(sc_tensor_new(&t, &e, SC_F64, dims));
  ins(t, 0, 0, 1.0);
  ins(t, 0, 2, 2.0);
  assert_int_equal(sc_tensor_nnz(t), 2);
  ins(t, 0, 3, 3.0);
  RT_FAILS(sc_tensor_finalize(t), SC_ERR_UNSUPPORTED, "more than");
  assert_true(get2(t, 0, 0) == 1.0 && get2(t, 0, 2) == 2.0);
  assert_true(get2(t, 0, 3) == 0.0);
  sc_tensor_free(t);
}

static void test_lookup_errors(void **state) {
  (void)state;
  sc_encoding e = rt_named("CSR", 0);
  int64_t dims[2] = {2, 2};
  double v = 1;
  sc_tensor *t = NULL;
  RT_OK(sc_tensor_new(&t, &e, SC_F64, dims));
  RT_FAILS(sc_tensor_get(t, (const int64_t[]){2, 0}, &v), SC_ERR_OUT_OF_RANGE,
           "(2, 0)");
  assert_true(sc_tensor_get_f64(t, (const int64_t[]){-1, 0}) == 0.0);
  RT_FAILS(sc_tensor_insert(t, (const int64_t[]){0, 2}, &v),
           SC_ERR_OUT_OF_RANGE, "dimension 1");
  RT_FAILS(sc_tensor_get(NULL, (const int64_t[]){0, 0}, &v),
           SC_ERR_INVALID_ARGUMENT, NULL);
  assert_true(sc_tensor_get_f64(NULL, (const int64_t[]){0, 0}) == 0.0);
  sc_tensor_free(t);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_insert_then_read),
      cmocka_unit_test(test_insert_many),
      cmocka_unit_test(test_integer_updates),
      cmocka_unit_test(test_append),
      cmocka_unit_test(test_append_nonordered),
      cmocka_unit_test(test_clear_and_copy),
      cmocka_unit_test(test_failed_finalize),
      cmocka_unit_test(test_lookup_errors),
      cmocka_unit_test(test_insert_only_rows),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
