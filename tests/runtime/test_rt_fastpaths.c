/* test_rt_fastpaths.c — the runtime's fast paths give exactly what the
 * general code gives: decimal parsing (bit for bit equal to strtod on many
 * random strings, through the Matrix Market and FROSTT readers), COO ->
 * CSR/CSC assembly (long rows, duplicates summed in input order, width
 * checks), and the CSR <-> CSC transpose and CSR -> BSR conversions
 * (array for array equal to assembling the target from COO). */
#define _POSIX_C_SOURCE 200809L
#include "rt_test_util.h"

#include <math.h>

/* ---- decimal parsing ---- */

/* A random decimal token: sign, 1-22 digits with an optional point, an
 * optional exponent; some short "typical" ones, some special cases. */
static void rand_number(uint64_t *s, char *buf, size_t size) {
  static const char *special[] = {"0",
                                  "-0",
                                  "0.0",
                                  "1e22",
                                  "1e23",
                                  "9007199254740992",
                                  "9007199254740993",
                                  "18014398509481985",
                                  "4.9e-324",
                                  "2.2250738585072014e-308",
                                  "1.7976931348623157e308",
                                  "0.1",
                                  "0.30000000000000004",
                                  "123456789012345678",
                                  "1234567890123456789",
                                  "12345678901234567890",
                                  ".5",
                                  "5.",
                                  "-.25e+3",
                                  "0000000000000000000000123",
                                  "1e-22",
                                  "1e-23",
                                  "8.5e-22",
                                  "1E5"};
  uint64_t r = rt_rand(s);
  size_t k = 0;
  int nd, point, expo;
  if (r % 16 == 0) {
    snprintf(buf, size, "%s", special[(r >> 8) % (sizeof special /
                                                   sizeof *special)]);
    return;
  }
  if ((r >> 4) % 4 == 0)
    buf[k++] = '-';
  nd = 1 + (int)((r >> 8) % ((r >> 20) % 3 == 0 ? 22 : 12));
  point = (int)((r >> 16) % (uint64_t)(nd + 2)) - 1; /* -1: no point */
  for (int i = 0; i < nd; i++) {
    if (i == point)
      buf[k++] = '.';
    buf[k++] = (char)('0' + rt_rand(s) % 10);
  }
  if ((r >> 28) % 3 == 0) {
    expo = (int)((r >> 32) % 661) - 330;
    if ((r >> 40) % 2)
      expo = (int)((r >> 32) % 61) - 30;
    k += (size_t)snprintf(buf + k, size - k, "e%d", expo);
  }
  buf[k] = '\0';
}

static void test_double_parsing_is_exact(void **state) {
  enum { N = 200000 };
  char (*tok)[64] = malloc((size_t)N * sizeof *tok);
  size_t cap = (size_t)N * 96 + 128, len = 0;
  char *text = malloc(cap);
  uint64_t s = 0x9e3779b97f4a7c15ull;
  sc_tensor *t = NULL, *t32 = NULL;
  FILE *f;
  (void)state;
  assert_non_null(tok);
  assert_non_null(text);
  len += (size_t)snprintf(text + len, cap - len,
                          "%%%%MatrixMarket matrix coordinate real general\n"
                          "%d 1 %d\n",
                          N, N);
  for (int i = 0; i < N; i++) {
    rand_number(&s, tok[i], sizeof tok[i]);
    /* Every 7th line takes the checked path (a '+' on the index). */
    len += (size_t)snprintf(text + len, cap - len, "%s%d 1 %s%s\n",
                            i % 7 == 3 ? "+" : "", i + 1, tok[i],
                            i % 11 == 5 ? " " : "");
  }
  f = fmemopen(text, len, "rb");
  RT_OK(sc_read_mtx_stream(&t, f, "random.mtx", NULL, SC_F64));
  fclose(f);
  f = fmemopen(text, len, "rb");
  RT_OK(sc_read_mtx_stream(&t32, f, "random.mtx", NULL, SC_F32));
  fclose(f);
  {
    const double *v = sc_tensor_values(t);
    const float *v32 = sc_tensor_values(t32);
    const uint64_t *pos = sc_tensor_positions(t, 1);
    for (int i = 0; i < N; i++) {
      double want = strtod(tok[i], NULL);
      float want32 = (float)want;
      /* a zero is an explicit entry: every row holds one */
      assert_int_equal(pos[i + 1] - pos[i], 1);
      if (memcmp(&v[i], &want, sizeof want) != 0)
        fail_msg("'%s' read as %.17g, strtod gives %.17g", tok[i], v[i],
                 want);
      if (memcmp(&v32[i], &want32, sizeof want32) != 0)
        fail_msg("'%s' read as f32 %.9g, expected %.9g", tok[i],
                 (double)v32[i], (double)want32);
    }
  }
  sc_tensor_free(t);
  sc_tensor_free(t32);
  free(tok);
  free(text);
}

/* Indices of every length around the 8-digit chunks of the entry fast
 * path (and past its 18 digits: the checked path), leading zeros, values
 * with long integer or fraction parts: each entry lands where it should
 * with the value strtod gives. COO storage: the sizes can be huge. */
static void test_mtx_long_indices(void **state) {
  static const char *idx[] = {"1",
                              "12345678",
                              "123456789",
                              "1234567890123456",
                              "12345678901234567",
                              "123456789012345678",
                              "0000000000000000000000000042",
                              "00000007",
                              "99999999"};
  static const char *val[] = {"-209.622129204", "12345678.87654321",
                              "0.0000000001",   "1234567890123456789",
                              "12345678901234567890", ".5",
                              "-0",             "7.",
                              "1e3"};
  enum { K = sizeof idx / sizeof *idx };
  char text[4096];
  size_t len = 0;
  sc_encoding coo = rt_named("COO", 0);
  sc_tensor *t = NULL;
  FILE *f;
  (void)state;
  len += (size_t)snprintf(text + len, sizeof text - len,
                          "%%%%MatrixMarket matrix coordinate real general\n"
                          "999999999999999999 999999999999999999 %d\n",
                          K * K);
  for (int i = 0; i < K; i++)
    for (int j = 0; j < K; j++)
      len += (size_t)snprintf(text + len, sizeof text - len, "%s %s %s\n",
                              idx[i], idx[j], val[(i + j) % K]);
  f = fmemopen(text, len, "rb");
  RT_OK(sc_read_mtx_stream(&t, f, "long.mtx", &coo, SC_F64));
  fclose(f);
  assert_int_equal(sc_tensor_nnz(t), K * K);
  for (int i = 0; i < K; i++)
    for (int j = 0; j < K; j++) {
      int64_t c[2] = {strtoll(idx[i], NULL, 10) - 1,
                      strtoll(idx[j], NULL, 10) - 1};
      double got = sc_tensor_get_f64(t, c), want = strtod(val[(i + j) % K],
                                                          NULL);
      /* (a lookup gives +0 for a stored -0; test_double_parsing_is_exact
       * checks the sign of zeros) */
      if (want == 0 ? got != 0 : memcmp(&got, &want, sizeof got) != 0)
        fail_msg("entry %s %s: %.17g, expected %.17g", idx[i], idx[j], got,
                 want);
    }
  sc_tensor_free(t);
}

static void test_tns_values_exact(void **state) {
  char path[512], tok[64];
  const char *dir = getenv("SC_BINARY_DIR");
  uint64_t s = 12345;
  double want[2000];
  sc_tensor *t = NULL;
  FILE *f;
  (void)state;
  snprintf(path, sizeof path, "%s/rt_fast_values.tns", dir && *dir ? dir : ".");
  f = fopen(path, "wb");
  assert_non_null(f);
  for (int i = 0; i < 2000; i++) {
    rand_number(&s, tok, sizeof tok);
    want[i] = strtod(tok, NULL);
    fprintf(f, "%d %s\n", i + 1, tok);
  }
  fclose(f);
  RT_OK(sc_read_tns(&t, path, NULL, SC_F64));
  {
    const double *v = sc_tensor_values(t);
    assert_int_equal(sc_tensor_nnz(t), 2000);
    for (int i = 0; i < 2000; i++)
      assert_memory_equal(&v[i], &want[i], sizeof(double));
  }
  sc_tensor_free(t);
  remove(path);
}

/* ---- comparing storage ---- */

static void assert_same_storage(sc_tensor *a, sc_tensor *b) {
  const sc_encoding *e = sc_tensor_encoding(a);
  size_t vs = sc_value_size(sc_tensor_value_type(a));
  int pb = e->pos_width ? e->pos_width / 8 : 8;
  int cb = e->crd_width == 0 ? 8 : e->crd_width <= 8 ? 1 : e->crd_width / 8;
  assert_int_equal(sc_tensor_nnz(a), sc_tensor_nnz(b));
  for (int l = 0; l < e->lvl_rank; l++) {
    size_t np = sc_tensor_positions_size(a, l);
    size_t nc = sc_tensor_coordinates_size(a, l);
    assert_int_equal(np, sc_tensor_positions_size(b, l));
    assert_int_equal(nc, sc_tensor_coordinates_size(b, l));
    assert_int_equal(sc_tensor_level_size(a, l), sc_tensor_level_size(b, l));
    if (np)
      assert_memory_equal(sc_tensor_positions(a, l),
                          sc_tensor_positions(b, l), np * (size_t)pb);
    if (nc)
      assert_memory_equal(sc_tensor_coordinates(a, l),
                          sc_tensor_coordinates(b, l), nc * (size_t)cb);
  }
  if (sc_tensor_nnz(a))
    assert_memory_equal(sc_tensor_values(a), sc_tensor_values(b),
                        sc_tensor_nnz(a) * vs);
}

/* A random m x n matrix: empty rows, explicit zeros, no duplicates. */
static size_t rand_matrix(uint64_t *s, int64_t m, int64_t n, int per_mille,
                          int64_t *rc, double *v) {
  size_t k = 0;
  for (int64_t i = 0; i < m; i++) {
    if (i % 5 == 2)
      continue; /* empty row */
    for (int64_t j = 0; j < n; j++)
      if ((int)(rt_rand(s) % 1000) < per_mille) {
        rc[2 * k] = i;
        rc[2 * k + 1] = j;
        v[k] = (k % 9 == 4) ? 0.0 : (double)(rt_rand(s) % 1000) / 8.0 - 60;
        k++;
      }
  }
  /* shuffle: the COO input is in any order */
  for (size_t a = k; a > 1; a--) {
    size_t b = (size_t)(rt_rand(s) % a);
    int64_t r0 = rc[2 * (a - 1)], c0 = rc[2 * (a - 1) + 1];
    double v0 = v[a - 1];
    rc[2 * (a - 1)] = rc[2 * b];
    rc[2 * (a - 1) + 1] = rc[2 * b + 1];
    v[a - 1] = v[b];
    rc[2 * b] = r0;
    rc[2 * b + 1] = c0;
    v[b] = v0;
  }
  return k;
}

static void with_widths(sc_encoding *e, int pw, int cw) {
  e->pos_width = pw;
  e->crd_width = cw;
}

static void test_transpose_and_bsr_match_assembly(void **state) {
  static const int64_t shapes[][2] = {{37, 53}, {1, 1}, {64, 8}, {9, 130},
                                      {0, 5}};
  static const int widths[][2] = {{0, 0}, {16, 16}, {32, 8}, {8, 8}};
  static const int64_t blocks[][2] = {{4, 4}, {3, 5}, {1, 1}, {2, 7}};
  uint64_t s = 77;
  (void)state;
  for (size_t sh = 0; sh < sizeof shapes / sizeof *shapes; sh++) {
    int64_t dims[2] = {shapes[sh][0], shapes[sh][1]};
    size_t cap = (size_t)(dims[0] * dims[1]) + 1;
    int64_t *rc = malloc(2 * cap * sizeof *rc);
    double *v = malloc(cap * sizeof *v);
    size_t n = rand_matrix(&s, dims[0], dims[1], 150, rc, v);
    for (size_t w = 0; w < sizeof widths / sizeof *widths; w++) {
      sc_encoding csr = rt_named("CSR", 0), csc = rt_named("CSC", 0);
      sc_tensor *a = NULL, *b = NULL, *ref = NULL;
      int fits = dims[0] < 256 && dims[1] < 256 && n < 256;
      with_widths(&csr, widths[w][0], widths[w][1]);
      with_widths(&csc, widths[(w + 1) % 4][0], widths[(w + 1) % 4][1]);
      if (!fits && (widths[w][0] == 8 || widths[(w + 1) % 4][0] == 8))
        continue;
      RT_OK(sc_tensor_from_coo(&a, &csr, SC_F64, dims, n, rc, v,
                               SC_DUP_REJECT));
      /* CSR -> CSC and back, against direct assembly. */
      RT_OK(sc_tensor_convert(&b, a, &csc));
      RT_OK(sc_tensor_from_coo(&ref, &csc, SC_F64, dims, n, rc, v,
                               SC_DUP_REJECT));
      assert_same_storage(b, ref);
      sc_tensor_free(ref);
      sc_tensor_free(a);
      RT_OK(sc_tensor_convert(&a, b, &csr));
      RT_OK(sc_tensor_from_coo(&ref, &csr, SC_F64, dims, n, rc, v,
                               SC_DUP_REJECT));
      assert_same_storage(a, ref);
      sc_tensor_free(ref);
      /* CSR -> BSR against the general assembly of BSR. */
      for (size_t k = 0; k < sizeof blocks / sizeof *blocks; k++) {
        sc_encoding bsr = rt_named("BSR", 2, blocks[k][0], blocks[k][1]);
        sc_tensor *c = NULL;
        with_widths(&bsr, widths[w][0] == 8 ? 16 : widths[w][0],
                    widths[w][1] == 8 ? 16 : widths[w][1]);
        RT_OK(sc_tensor_convert(&c, a, &bsr));
        RT_OK(sc_tensor_from_coo(&ref, &bsr, SC_F64, dims, n, rc, v,
                                 SC_DUP_REJECT));
        assert_same_storage(c, ref);
        sc_tensor_free(c);
        sc_tensor_free(ref);
      }
      sc_tensor_free(a);
      sc_tensor_free(b);
    }
    free(rc);
    free(v);
  }
}

static void test_fast_conversion_width_errors(void **state) {
  int64_t dims[2] = {300, 4}, rc[4] = {299, 1, 0, 3};
  double v[2] = {1, 2};
  sc_encoding csr = rt_named("CSR", 0), csc = rt_named("CSC", 0);
  sc_encoding bsr = rt_named("BSR", 2, (int64_t)1, (int64_t)1);
  sc_tensor *a = NULL, *b = NULL;
  (void)state;
  RT_OK(sc_tensor_from_coo(&a, &csr, SC_F64, dims, 2, rc, v, SC_DUP_SUM));
  csc.crd_width = 8; /* row 299 does not fit */
  RT_FAILS(sc_tensor_convert(&b, a, &csc), SC_ERR_WIDTH_OVERFLOW,
           "coordinate 299");
  assert_null(b);
  bsr.pos_width = 8;
  bsr.crd_width = 2; /* block column 3 fits 2 bits */
  RT_OK(sc_tensor_convert(&b, a, &bsr));
  sc_tensor_free(b);
  b = NULL;
  dims[0] = 4;
  dims[1] = 300;
  rc[0] = 1;
  rc[1] = 299;
  sc_tensor_free(a);
  RT_OK(sc_tensor_from_coo(&a, &csr, SC_F64, dims, 2, rc, v, SC_DUP_SUM));
  RT_FAILS(sc_tensor_convert(&b, a, &bsr), SC_ERR_WIDTH_OVERFLOW,
           "coordinate 299");
  assert_null(b);
  sc_tensor_free(a);
}

/* ---- COO -> CSR ---- */

static void test_coo_csr_long_rows_sum_in_order(void **state) {
  enum { N = 5000 };
  static int64_t rc[2 * N];
  static double v[N];
  int64_t dims[2] = {3, 400};
  sc_encoding csr = rt_named("CSR", 0), csc = rt_named("CSC", 0);
  sc_tensor *t = NULL, *c = NULL;
  double dense[3 * 400], want[3 * 400];
  uint64_t s = 5;
  (void)state;
  memset(want, 0, sizeof want);
  for (int k = 0; k < N; k++) {
    /* row 1 is long (merge sort), rows 0 and 2 short or empty */
    int64_t i = k % 50 == 0 ? 0 : 1, j = (int64_t)(rt_rand(&s) % 400);
    /* magnitudes where the order of the sum changes the result */
    v[k] = (k % 3 == 0) ? 1e16 : (k % 3 == 1) ? 1.0 : -1e16;
    rc[2 * k] = i;
    rc[2 * k + 1] = j;
  }
  /* the reference: duplicates summed in input order, first value first */
  {
    static int seen[3 * 400];
    memset(seen, 0, sizeof seen);
    for (int k = 0; k < N; k++) {
      size_t at = (size_t)(rc[2 * k] * 400 + rc[2 * k + 1]);
      want[at] = seen[at] ? want[at] + v[k] : v[k];
      seen[at] = 1;
    }
  }
  RT_OK(sc_tensor_from_coo(&t, &csr, SC_F64, dims, N, rc, v, SC_DUP_SUM));
  RT_OK(sc_tensor_to_dense(t, dense));
  assert_memory_equal(dense, want, sizeof want);
  {
    const uint64_t *pos = sc_tensor_positions(t, 1);
    const uint64_t *crd = sc_tensor_coordinates(t, 1);
    for (int64_t i = 0; i < 3; i++)
      for (uint64_t p = pos[i] + 1; p < pos[i + 1]; p++)
        assert_true(crd[p - 1] < crd[p]);
  }
  RT_OK(sc_tensor_from_coo(&c, &csc, SC_F64, dims, N, rc, v, SC_DUP_SUM));
  RT_OK(sc_tensor_to_dense(c, dense));
  assert_memory_equal(dense, want, sizeof want);
  sc_tensor_free(t);
  sc_tensor_free(c);
  t = NULL;
  RT_FAILS(sc_tensor_from_coo(&t, &csr, SC_F64, dims, N, rc, v,
                              SC_DUP_REJECT),
           SC_ERR_DUPLICATE, "duplicate entry at (");
  assert_null(t);
  csr.crd_width = 8; /* column 399 does not fit */
  RT_FAILS(sc_tensor_from_coo(&t, &csr, SC_F64, dims, N, rc, v, SC_DUP_SUM),
           SC_ERR_WIDTH_OVERFLOW, "crdWidth = 8");
  csr.crd_width = 16;
  csr.pos_width = 8; /* more than 255 entries */
  RT_FAILS(sc_tensor_from_coo(&t, &csr, SC_F64, dims, N, rc, v, SC_DUP_SUM),
           SC_ERR_WIDTH_OVERFLOW, "posWidth = 8");
  assert_null(t);
}

static void test_dense_nonunique_is_rejected(void **state) {
  sc_level_format f[2] = {SC_LVL_DENSE, SC_LVL_COMPRESSED};
  unsigned props[2] = {SC_PROP_NONUNIQUE, 0};
  sc_encoding e = rt_simple(2, f, NULL);
  (void)state;
  e.lvl_types[0].props = props[0];
  RT_FAILS(sc_encoding_check(&e), SC_ERR_BAD_ENCODING,
           "'nonunique' does not apply to a dense level");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_double_parsing_is_exact),
      cmocka_unit_test(test_tns_values_exact),
      cmocka_unit_test(test_mtx_long_indices),
      cmocka_unit_test(test_transpose_and_bsr_match_assembly),
      cmocka_unit_test(test_fast_conversion_width_errors),
      cmocka_unit_test(test_coo_csr_long_rows_sum_in_order),
      cmocka_unit_test(test_dense_nonunique_is_rejected),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
