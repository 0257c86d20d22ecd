/* Slice views (MLIR's slices): tensors created with a sliced encoding and
 * views taken with sc_tensor_slice show the sub-block
 * V[i][j] = A[oi + i*si][oj + j*sj]; every reading operation (dims, nnz,
 * lookup, scatter to dense, conversion both ways, copy, Matrix Market and
 * FROSTT writing, inserts) is checked against the sub-block computed by
 * hand from the dense array, over CSR, CSC, DCSR, COO and BSR storage,
 * static and '?' values, strides 1 and > 1, an empty view, the whole
 * array; bad slices fail with an error. */
#include "rt_test_util.h"

#define R 7
#define C 9

/* A 7 x 9 matrix with a pattern of nonzeros (about a third). */
static void fill_a(double *a) {
  uint64_t s = 0x9e3779b97f4a7c15ull;
  for (int i = 0; i < R * C; i++) {
    uint64_t x = rt_rand(&s);
    a[i] = x % 3 == 0 ? (double)(int)(x % 97) - 40.0 : 0.0;
    if (a[i] == 0.0 && x % 3 == 0)
      a[i] = 1.5;
  }
}

/* The sub-block by hand. */
static void sub_block(const double *a, const int64_t *o, const int64_t *n,
                      const int64_t *s, double *v) {
  for (int64_t i = 0; i < n[0]; i++)
    for (int64_t j = 0; j < n[1]; j++)
      v[i * n[1] + j] = a[(o[0] + i * s[0]) * C + o[1] + j * s[1]];
}

static size_t nonzeros(const double *v, size_t n) {
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    k += v[i] != 0.0;
  return k;
}

static sc_encoding sliced(sc_encoding e, const int64_t *o, const int64_t *n,
                          const int64_t *s) {
  e.has_slices = 1;
  for (int d = 0; d < 2; d++) {
    e.slices[d].offset = o[d];
    e.slices[d].size = n[d];
    e.slices[d].stride = s[d];
  }
  return e;
}

/* Every reading operation of view t agrees with the sub-block want. */
static void check_view(sc_tensor *t, const double *want, const int64_t *n,
                       int padded, const char *what) {
  size_t cnt = (size_t)(n[0] * n[1]);
  double *got = calloc(cnt, sizeof *got);
  assert_non_null(got);
  assert_int_equal(sc_tensor_dim_size(t, 0), n[0]);
  assert_int_equal(sc_tensor_dim_size(t, 1), n[1]);
  assert_int_equal(sc_tensor_stored_dim_size(t, 0), R);
  assert_int_equal(sc_tensor_stored_dim_size(t, 1), C);
  /* stored values inside the view (BSR blocks hold zeros too) */
  if (padded)
    assert_true(sc_tensor_nnz(t) >= nonzeros(want, cnt));
  else
    assert_int_equal(sc_tensor_nnz(t), nonzeros(want, cnt));
  RT_OK(sc_tensor_to_dense(t, got));
  rt_assert_dense_eq(got, want, cnt, what);
  for (int64_t i = 0; i < n[0]; i++)
    for (int64_t j = 0; j < n[1]; j++) {
      int64_t c[2] = {i, j};
      double v = -1;
      RT_OK(sc_tensor_get(t, c, &v));
      assert_true(v == want[i * n[1] + j]);
      assert_true(sc_tensor_get_f64(t, c) == want[i * n[1] + j]);
    }
  {
    int64_t c[2] = {n[0], 0};
    double v;
    RT_FAILS(sc_tensor_get(t, c, &v), SC_ERR_OUT_OF_RANGE, "outside");
    assert_true(sc_tensor_get_f64(t, c) == 0.0);
  }
  /* conversions to every other encoding see the view's entries */
  {
    const char *names[] = {"CSR", "CSC", "DCSR", "DCSC", "COO", "BSR", "ELL"};
    for (size_t k = 0; k < sizeof names / sizeof *names; k++) {
      int64_t p[2] = {2, 3};
      int np = !strcmp(names[k], "BSR") ? 2 : !strcmp(names[k], "ELL") ? 1 : 0;
      if (np == 1)
        p[0] = 0;
      sc_encoding e;
      sc_tensor *u = NULL, *back = NULL;
      RT_OK(sc_encoding_named(&e, names[k], p, np));
      RT_OK(sc_tensor_convert(&u, t, &e));
      assert_int_equal(sc_tensor_dim_size(u, 0), n[0]);
      assert_int_equal(sc_tensor_dim_size(u, 1), n[1]);
      memset(got, 0xff, cnt * sizeof *got);
      RT_OK(sc_tensor_to_dense(u, got));
      rt_assert_dense_eq(got, want, cnt, names[k]);
      /* and back to CSR */
      e = rt_named("CSR", 0);
      RT_OK(sc_tensor_convert(&back, u, &e));
      memset(got, 0xff, cnt * sizeof *got);
      RT_OK(sc_tensor_to_dense(back, got));
      rt_assert_dense_eq(got, want, cnt, "back to CSR");
      sc_tensor_free(back);
      sc_tensor_free(u);
    }
  }
  /* a deep copy is the same view */
  {
    sc_tensor *u = NULL;
    RT_OK(sc_tensor_copy(&u, t));
    memset(got, 0xff, cnt * sizeof *got);
    RT_OK(sc_tensor_to_dense(u, got));
    rt_assert_dense_eq(got, want, cnt, "copy");
    assert_int_equal(sc_tensor_nnz(u), sc_tensor_nnz(t));
    sc_tensor_free(u);
  }
  /* Matrix Market: the view's sizes and entries; read back, equal */
  {
    FILE *f = tmpfile();
    sc_tensor *u = NULL;
    assert_non_null(f);
    RT_OK(sc_write_mtx_stream(t, f));
    rewind(f);
    RT_OK(sc_read_mtx_stream(&u, f, "view.mtx", NULL, SC_F64));
    fclose(f);
    assert_int_equal(sc_tensor_dim_size(u, 0), n[0]);
    assert_int_equal(sc_tensor_dim_size(u, 1), n[1]);
    memset(got, 0xff, cnt * sizeof *got);
    RT_OK(sc_tensor_to_dense(u, got));
    rt_assert_dense_eq(got, want, cnt, "mtx round trip");
    sc_tensor_free(u);
  }
  free(got);
}

typedef struct Case {
  int64_t o[2], n[2], s[2];
} Case;

static const Case cases[] = {
    {{2, 1}, {4, 5}, {1, 1}},   /* stride 1 */
    {{1, 0}, {3, 4}, {2, 2}},   /* stride 2 */
    {{0, 2}, {7, 3}, {1, 3}},   /* mixed strides */
    {{0, 0}, {R, C}, {1, 1}},   /* the whole array */
    {{6, 8}, {1, 1}, {1, 1}},   /* one element */
};

static void run_encoding(sc_encoding base, int padded) {
  double a[R * C], want[R * C];
  fill_a(a);
  int64_t dims[2] = {R, C};
  for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
    const Case *c = &cases[k];
    sub_block(a, c->o, c->n, c->s, want);
    /* created from dense data of the full extents */
    sc_encoding e = sliced(base, c->o, c->n, c->s);
    sc_tensor *t = NULL, *v = NULL, *full = NULL;
    RT_OK(sc_tensor_from_dense(&t, &e, SC_F64, dims, a));
    check_view(t, want, c->n, padded, "from_dense view");
    /* the same view taken from an unsliced tensor */
    RT_OK(sc_tensor_from_dense(&full, &base, SC_F64, dims, a));
    RT_OK(sc_tensor_slice(&v, full, c->o, c->n, c->s));
    sc_tensor_free(full);
    check_view(v, want, c->n, padded, "sc_tensor_slice view");
    sc_tensor_free(v);
    sc_tensor_free(t);
  }
}

static void test_csr(void **state) { (void)state; run_encoding(rt_named("CSR", 0), 0); }
static void test_csc(void **state) { (void)state; run_encoding(rt_named("CSC", 0), 0); }
static void test_dcsr(void **state) { (void)state; run_encoding(rt_named("DCSR", 0), 0); }
static void test_coo(void **state) { (void)state; run_encoding(rt_named("COO", 0), 0); }
static void test_bsr(void **state) {
  (void)state;
  run_encoding(rt_named("BSR", 2, (int64_t)2, (int64_t)3), 1);
}

/* From COO triples in stored coordinates, '?' values supplied before
 * creation; entries outside the view are stored but not shown. */
static void test_coo_input_dynamic(void **state) {
  (void)state;
  int64_t dims[2] = {6, 6};
  int64_t crd[] = {0, 0, 1, 3, 2, 2, 3, 5, 5, 5, 3, 1};
  double val[] = {1, 2, 3, 4, 5, 6};
  sc_encoding e = rt_named("DCSR", 0);
  sc_tensor *t = NULL;
  e.has_slices = 1;
  e.slices[0] = (sc_dim_slice){1, -1, 1}; /* slice(1, ?, 1) */
  e.slices[1] = (sc_dim_slice){-1, 3, 2}; /* slice(?, 3, 2) */
  assert_int_equal(sc_encoding_check(&e), SC_OK);
  RT_FAILS(sc_tensor_from_coo(&t, &e, SC_F64, dims, 6, crd, val, SC_DUP_SUM),
           SC_ERR_INVALID_ARGUMENT, "dynamic ('?')");
  assert_null(t);
  e.slices[0].size = 4; /* rows 1..4 */
  e.slices[1].offset = 1; /* columns 1, 3, 5 */
  RT_OK(sc_tensor_from_coo(&t, &e, SC_F64, dims, 6, crd, val, SC_DUP_SUM));
  /* shown: (1,3)=2 -> (0,1); (3,5)=4 -> (2,2); (3,1)=6 -> (2,0) */
  double want[12] = {0, 2, 0, 0, 0, 0, 6, 0, 4, 0, 0, 0}, got[12];
  RT_OK(sc_tensor_to_dense(t, got));
  rt_assert_dense_eq(got, want, 12, "coo view");
  assert_int_equal(sc_tensor_nnz(t), 3);
  /* raw storage is the stored array: every entry, stored coordinates */
  assert_int_equal(sc_tensor_coordinates_size(t, 1), 6);
  /* an insert through the view lands at the stored element it shows */
  {
    int64_t c[2] = {1, 2};
    double x = 9;
    RT_OK(sc_tensor_insert(t, c, &x));
    assert_true(sc_tensor_get_f64(t, c) == 9.0);
    int64_t bad[2] = {4, 0};
    RT_FAILS(sc_tensor_insert(t, bad, &x), SC_ERR_OUT_OF_RANGE, "outside");
    sc_tensor *u = NULL;
    sc_encoding plain = rt_named("CSR", 0);
    RT_OK(sc_tensor_convert(&u, t, &plain)); /* stored (2, 5) = 9 */
    assert_int_equal(sc_tensor_nnz(u), 4);
    sc_tensor_free(u);
  }
  /* an ordered append into a view is refused */
  RT_FAILS(sc_tensor_begin_append(t), SC_ERR_UNSUPPORTED, "slice view");
  sc_tensor_free(t);
}

/* A view of a view composes; a conversion into a sliced encoding slices
 * the converted entries; empty views. */
static void test_compose_and_empty(void **state) {
  (void)state;
  double a[R * C], want[R * C], got[R * C];
  int64_t dims[2] = {R, C};
  fill_a(a);
  sc_encoding csr = rt_named("CSR", 0);
  sc_tensor *t = NULL, *v1 = NULL, *v2 = NULL, *u = NULL;
  RT_OK(sc_tensor_from_dense(&t, &csr, SC_F64, dims, a));
  int64_t o1[2] = {1, 1}, n1[2] = {6, 8}, s1[2] = {1, 1};
  int64_t o2[2] = {1, 0}, n2[2] = {3, 4}, s2[2] = {2, 2};
  RT_OK(sc_tensor_slice(&v1, t, o1, n1, s1));
  RT_OK(sc_tensor_slice(&v2, v1, o2, n2, s2));
  {
    int64_t o[2] = {2, 1}, s[2] = {2, 2};
    sub_block(a, o, n2, s, want);
  }
  RT_OK(sc_tensor_to_dense(v2, got));
  rt_assert_dense_eq(got, want, 12, "view of a view");
  /* convert a tensor into a sliced encoding: the target stores what the
   * source shows and shows its own slice of it */
  {
    int64_t o[2] = {0, 1}, n[2] = {2, 2}, s[2] = {1, 2};
    sc_encoding e = sliced(rt_named("COO", 0), o, n, s);
    double w2[4];
    RT_OK(sc_tensor_convert(&u, v2, &e));
    RT_OK(sc_tensor_to_dense(u, got));
    for (int i = 0; i < 2; i++)
      for (int j = 0; j < 2; j++)
        w2[i * 2 + j] = want[i * 4 + 1 + 2 * j];
    rt_assert_dense_eq(got, w2, 4, "sliced target");
    sc_tensor_free(u);
  }
  /* an empty view: a block of zeros */
  {
    double z[R * C];
    memset(z, 0, sizeof z);
    z[0] = 5; /* outside the view */
    int64_t o[2] = {2, 2}, n[2] = {3, 3}, s[2] = {1, 1};
    sc_encoding e = sliced(csr, o, n, s);
    RT_OK(sc_tensor_from_dense(&u, &e, SC_F64, dims, z));
    assert_int_equal(sc_tensor_nnz(u), 0);
    RT_OK(sc_tensor_to_dense(u, got));
    for (int i = 0; i < 9; i++)
      assert_true(got[i] == 0.0);
    FILE *f = tmpfile();
    assert_non_null(f);
    RT_OK(sc_write_mtx_stream(u, f));
    rewind(f);
    char line[128];
    assert_non_null(fgets(line, sizeof line, f));
    assert_non_null(fgets(line, sizeof line, f));
    assert_string_equal(line, "3 3 0\n");
    fclose(f);
    sc_tensor_free(u);
  }
  sc_tensor_free(v2);
  sc_tensor_free(v1);
  sc_tensor_free(t);
}

/* Bad slices fail with an error, never a crash; nothing is created. */
static void test_bad_slices(void **state) {
  (void)state;
  int64_t dims[2] = {4, 5};
  double a[20] = {0};
  sc_encoding e = rt_named("CSR", 0);
  sc_tensor *t = NULL, *v = NULL;
  e.has_slices = 1;
  e.slices[0] = (sc_dim_slice){0, 0, 1};
  e.slices[1] = (sc_dim_slice){0, 2, 1};
  RT_FAILS(sc_encoding_check(&e), SC_ERR_BAD_ENCODING, "bad slice");
  RT_FAILS(sc_tensor_from_dense(&t, &e, SC_F64, dims, a),
           SC_ERR_BAD_ENCODING, "bad slice");
  e.slices[0] = (sc_dim_slice){0, 2, -3};
  RT_FAILS(sc_tensor_from_dense(&t, &e, SC_F64, dims, a),
           SC_ERR_BAD_ENCODING, "bad slice");
  e.slices[0] = (sc_dim_slice){1, 2, 3}; /* 1 + 3 = 4: past the 4 rows */
  RT_FAILS(sc_tensor_from_dense(&t, &e, SC_F64, dims, a),
           SC_ERR_OUT_OF_RANGE, "past the stored extent 4");
  e.slices[0] = (sc_dim_slice){-1, 2, 1};
  RT_FAILS(sc_tensor_new(&t, &e, SC_F64, dims), SC_ERR_INVALID_ARGUMENT,
           "not supplied");
  e.slices[0] = (sc_dim_slice){INT64_MAX, 2, INT64_MAX};
  RT_FAILS(sc_tensor_new(&t, &e, SC_F64, dims), SC_ERR_OUT_OF_RANGE,
           "past the stored extent");
  assert_null(t);
  /* sc_tensor_slice */
  e = rt_named("CSR", 0);
  RT_OK(sc_tensor_from_dense(&t, &e, SC_F64, dims, a));
  {
    int64_t o[2] = {0, 0}, n[2] = {2, 2}, s[2] = {1, 1};
    RT_FAILS(sc_tensor_slice(NULL, t, o, n, s), SC_ERR_INVALID_ARGUMENT, NULL);
    RT_FAILS(sc_tensor_slice(&v, NULL, o, n, s), SC_ERR_INVALID_ARGUMENT,
             NULL);
    n[0] = 0;
    RT_FAILS(sc_tensor_slice(&v, t, o, n, s), SC_ERR_INVALID_ARGUMENT,
             "size > 0");
    n[0] = 2;
    s[1] = -1;
    RT_FAILS(sc_tensor_slice(&v, t, o, n, s), SC_ERR_INVALID_ARGUMENT,
             "stride > 0");
    s[1] = 4; /* 0 + 1 * 4 = 4 < 5: fits */
    RT_OK(sc_tensor_slice(&v, t, o, n, s));
    /* a view of that view cannot leave it */
    int64_t o2[2] = {1, 1}, n2[2] = {2, 1}, s2[2] = {1, 1};
    sc_tensor *w = NULL;
    RT_FAILS(sc_tensor_slice(&w, v, o2, n2, s2), SC_ERR_OUT_OF_RANGE,
             "past the extent 2");
    assert_null(w);
    o[1] = INT64_MAX;
    RT_FAILS(sc_tensor_slice(&w, t, o, n, s), SC_ERR_OUT_OF_RANGE, NULL);
    sc_tensor_free(v);
  }
  sc_tensor_free(t);
}

/* The lower bound generated code starts a view's walk at, per width. */
static void test_crd_lower_bound(void **state) {
  (void)state;
  const uint8_t c8[] = {1, 3, 3, 7, 200};
  const uint16_t c16[] = {1, 3, 3, 7, 60000};
  const uint32_t c32[] = {1, 3, 3, 7, 4000000000u};
  const uint64_t c64[] = {1, 3, 3, 7, UINT64_MAX - 1};
  const void *arr[4] = {c8, c16, c32, c64};
  const size_t w[4] = {1, 2, 4, 8};
  for (int k = 0; k < 4; k++) {
    assert_int_equal(sc_crd_lower_bound(arr[k], w[k], 0, 5, 0), 0);
    assert_int_equal(sc_crd_lower_bound(arr[k], w[k], 0, 5, 1), 0);
    assert_int_equal(sc_crd_lower_bound(arr[k], w[k], 0, 5, 2), 1);
    assert_int_equal(sc_crd_lower_bound(arr[k], w[k], 0, 5, 3), 1);
    assert_int_equal(sc_crd_lower_bound(arr[k], w[k], 2, 5, 3), 2);
    assert_int_equal(sc_crd_lower_bound(arr[k], w[k], 0, 5, 8), 4);
    assert_int_equal(sc_crd_lower_bound(arr[k], w[k], 0, 4, 8), 4);
    assert_int_equal(sc_crd_lower_bound(arr[k], w[k], 3, 3, 0), 3);
  }
  assert_int_equal(sc_crd_lower_bound(c64, 8, 0, 5, UINT64_MAX), 5);
  assert_int_equal(sc_crd_lower_bound(NULL, 8, 0, 0, 4), 0);
}

/* The inline band searches of generated band walks (sparsecc_rt.h) give
 * sc_crd_lower_bound's positions, per width: every row [rb, e) of a
 * strictly increasing array (rows shorter and longer than SC_BAND_SHORT,
 * empty ones) and every band [lo, hi), empty and reversed ones included;
 * and a nonunique array, whose band may hold more than hi - lo entries. */
#define BAND_CHECK(SUFFIX, ARR, W, UNIQUE)                                    \
  do {                                                                        \
    const size_t n = sizeof ARR / sizeof *ARR;                                \
    for (size_t rb = 0; rb <= n; rb += 3)                                     \
      for (size_t e = rb; e <= n; e++)                                        \
        for (uint64_t lo = 0; lo < 130; lo += 3)                              \
          for (uint64_t hi = 0; hi < 130; hi += 4) {                          \
            const size_t b = sc_crd_lower_bound(ARR, W, rb, e, lo);           \
            size_t z = 0;                                                     \
            assert_int_equal(sc_band_##SUFFIX(ARR, rb, e, lo, hi, UNIQUE, &z), \
                             b);                                              \
            assert_int_equal(z, sc_crd_lower_bound(ARR, W, b, e, hi));        \
            assert_int_equal(sc_band_begin_##SUFFIX(ARR, rb, e, lo), b);      \
          }                                                                   \
  } while (0)

static void test_band_search(void **state) {
  (void)state;
  uint8_t c8[40];
  uint16_t c16[40];
  uint32_t c32[40];
  uint64_t c64[40], dup[40];
  for (int k = 0; k < 40; k++) {
    c8[k] = (uint8_t)(3 * k + k % 2); /* 0, 4, 6, 10, ...: gaps of 2 and 4 */
    c16[k] = c8[k];
    c32[k] = c8[k];
    c64[k] = c8[k];
    dup[k] = (uint64_t)(k / 4 * 5); /* 0, 0, 0, 0, 5, ... */
  }
  BAND_CHECK(u8, c8, 1, SC_BAND_UNIQUE);
  BAND_CHECK(u16, c16, 2, SC_BAND_UNIQUE);
  BAND_CHECK(u32, c32, 4, SC_BAND_UNIQUE);
  BAND_CHECK(u64, c64, 8, SC_BAND_UNIQUE);
  BAND_CHECK(u64, dup, 8, SC_BAND_NONUNIQUE);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_csr),
      cmocka_unit_test(test_csc),
      cmocka_unit_test(test_dcsr),
      cmocka_unit_test(test_coo),
      cmocka_unit_test(test_bsr),
      cmocka_unit_test(test_coo_input_dynamic),
      cmocka_unit_test(test_compose_and_empty),
      cmocka_unit_test(test_bad_slices),
      cmocka_unit_test(test_crd_lower_bound),
      cmocka_unit_test(test_band_search),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
