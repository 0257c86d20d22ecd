/* test_rt_coo_large.c — COO -> CSR/CSC on inputs large enough for the
 * two-pass (row block, then in-cache radix sort) assembly, against a
 * reference computed here by sorting entry indices: positions,
 * coordinates and values byte for byte (duplicates summed in input order),
 * for CSR and CSC, f64 and f32, narrow widths, skewed rows, the packing
 * boundary of 2^32 columns (one pass above it), tiny key ranges; and the
 * first error in row order (duplicate, coordinate width, position width)
 * as the one-pass loop reports it. The CSR <-> CSC transpose of such
 * inputs (also two passes) and CSR -> BSR (block rows with many block
 * columns: radix-sorted) against direct assembly. */
#define _POSIX_C_SOURCE 200809L
#include "rt_test_util.h"

/* An input: n entries over m x n, rows/cols drawn below dims, some
 * duplicates, values whose sum depends on the order. */
typedef struct coo_case {
  int64_t dims[2];
  size_t n;
  int64_t *rc;
  double *v;
} coo_case;

static void make_case(coo_case *c, int64_t m, int64_t ncols, size_t n,
                      uint64_t seed, int skew) {
  uint64_t s = seed;
  c->dims[0] = m;
  c->dims[1] = ncols;
  c->n = n;
  c->rc = malloc(2 * n * sizeof *c->rc);
  c->v = malloc(n * sizeof *c->v);
  assert_non_null(c->rc);
  assert_non_null(c->v);
  for (size_t k = 0; k < n; k++) {
    uint64_t r = rt_rand(&s);
    if (k > 10 && r % 10 == 0) { /* a duplicate of an earlier entry */
      size_t e = (size_t)(rt_rand(&s) % k);
      c->rc[2 * k] = c->rc[2 * e];
      c->rc[2 * k + 1] = c->rc[2 * e + 1];
    } else {
      c->rc[2 * k] = skew && r % 3 ? m / 2 : (int64_t)(rt_rand(&s) %
                                                      (uint64_t)m);
      c->rc[2 * k + 1] = (int64_t)(rt_rand(&s) % (uint64_t)ncols);
    }
    c->v[k] = k % 7 == 3   ? 0.0
              : k % 3 == 0 ? 1e16
              : k % 3 == 1 ? 1.0 + (double)(k % 5)
                           : -1e16;
  }
}

static void free_case(coo_case *c) {
  free(c->rc);
  free(c->v);
}

/* Element i of an array of unsigned `width`-bit elements (0: 64). */
static uint64_t rt_ld(const void *a, int width, size_t i) {
  switch (width) {
  case 8: return ((const uint8_t *)a)[i];
  case 16: return ((const uint16_t *)a)[i];
  case 32: return ((const uint32_t *)a)[i];
  default: return ((const uint64_t *)a)[i];
  }
}

/* Sort key of the reference: (major, minor, input index). */
static const coo_case *g_case;
static int g_major;
static int cmp_entry(const void *a, const void *b) {
  size_t x = *(const size_t *)a, y = *(const size_t *)b;
  const int64_t *p = g_case->rc + 2 * x, *q = g_case->rc + 2 * y;
  int mj = g_major, mn = 1 - g_major;
  if (p[mj] != q[mj])
    return p[mj] < q[mj] ? -1 : 1;
  if (p[mn] != q[mn])
    return p[mn] < q[mn] ? -1 : 1;
  return (x > y) - (x < y);
}

/* The reference CSR (major = 0) or CSC (major = 1): pos (rows + 1),
 * crd and f64 values of *nz entries, summed in input order. */
static void reference(const coo_case *c, int major, uint64_t **pos,
                      uint64_t **crd, double **val, size_t *nz) {
  size_t rows = (size_t)c->dims[major], k = 0;
  size_t *ord = malloc((c->n ? c->n : 1) * sizeof *ord);
  assert_non_null(ord);
  for (size_t i = 0; i < c->n; i++)
    ord[i] = i;
  g_case = c;
  g_major = major;
  qsort(ord, c->n, sizeof *ord, cmp_entry);
  *pos = calloc(rows + 1, sizeof **pos);
  *crd = malloc((c->n ? c->n : 1) * sizeof **crd);
  *val = malloc((c->n ? c->n : 1) * sizeof **val);
  for (size_t i = 0; i < c->n; i++) {
    const int64_t *e = c->rc + 2 * ord[i];
    if (i > 0 && e[0] == c->rc[2 * ord[i - 1]] &&
        e[1] == c->rc[2 * ord[i - 1] + 1]) {
      (*val)[k - 1] += c->v[ord[i]];
      continue;
    }
    (*crd)[k] = (uint64_t)e[1 - major];
    (*val)[k] = c->v[ord[i]];
    (*pos)[e[major] + 1]++;
    k++;
  }
  for (size_t r = 0; r < rows; r++)
    (*pos)[r + 1] += (*pos)[r];
  *nz = k;
  free(ord);
}

/* Builds c with encoding "CSR"/"CSC" of widths pw/cw and value type vt;
 * compares every array with the reference. */
static void check_case(const coo_case *c, const char *name, int pw, int cw,
                       sc_value_type vt) {
  int major = strcmp(name, "CSC") == 0;
  sc_encoding e = rt_named(name, 0);
  sc_tensor *t = NULL;
  uint64_t *pos, *crd;
  double *val;
  size_t nz, rows = (size_t)c->dims[major];
  const void *vin = c->v;
  float *v32 = NULL;
  e.pos_width = pw;
  e.crd_width = cw;
  if (vt == SC_F32) {
    v32 = malloc(c->n * sizeof *v32);
    for (size_t i = 0; i < c->n; i++)
      v32[i] = (float)(c->v[i] / 1e12); /* still order-sensitive */
    vin = v32;
  }
  reference(c, major, &pos, &crd, &val, &nz);
  RT_OK(sc_tensor_from_coo(&t, &e, vt, c->dims, c->n, c->rc, vin,
                           SC_DUP_SUM));
  assert_int_equal(sc_tensor_nnz(t), nz);
  for (size_t r = 0; r <= rows; r++)
    assert_int_equal(rt_ld(sc_tensor_positions(t, 1), pw, r), pos[r]);
  for (size_t k = 0; k < nz; k++)
    assert_int_equal(rt_ld(sc_tensor_coordinates(t, 1), cw, k), crd[k]);
  if (vt == SC_F64) {
    assert_memory_equal(sc_tensor_values(t), val, nz * sizeof *val);
  } else { /* the f32 reference: the same order of additions in f32 */
    const float *tv = sc_tensor_values(t);
    size_t k = 0;
    float acc = 0;
    g_case = c;
    g_major = major;
    {
      size_t *ord = malloc(c->n * sizeof *ord);
      for (size_t i = 0; i < c->n; i++)
        ord[i] = i;
      qsort(ord, c->n, sizeof *ord, cmp_entry);
      for (size_t i = 0; i < c->n; i++) {
        const int64_t *p = c->rc + 2 * ord[i];
        if (i > 0 && p[0] == c->rc[2 * ord[i - 1]] &&
            p[1] == c->rc[2 * ord[i - 1] + 1]) {
          acc += v32[ord[i]];
          continue;
        }
        if (i > 0) {
          assert_memory_equal(&tv[k], &acc, sizeof acc);
          k++;
        }
        acc = v32[ord[i]];
      }
      if (c->n) {
        assert_memory_equal(&tv[k], &acc, sizeof acc);
        k++;
      }
      assert_int_equal(k, nz);
      free(ord);
    }
  }
  sc_tensor_free(t);
  free(pos);
  free(crd);
  free(val);
  free(v32);
}

static void test_blocked_matches_reference(void **state) {
  coo_case c;
  (void)state;
  make_case(&c, 20000, 30000, 200000, 11, 0);
  check_case(&c, "CSR", 0, 0, SC_F64);
  check_case(&c, "CSC", 0, 0, SC_F64);
  check_case(&c, "CSR", 32, 32, SC_F64);
  check_case(&c, "CSC", 32, 16, SC_F32);
  free_case(&c);
}

static void test_blocked_skewed_rows(void **state) {
  coo_case c;
  (void)state;
  /* two thirds of the entries in one row: one block holds most of them,
   * and that row is long */
  make_case(&c, 5000, 100000, 150000, 12, 1);
  check_case(&c, "CSR", 0, 0, SC_F64);
  check_case(&c, "CSC", 0, 0, SC_F64);
  free_case(&c);
}

static void test_blocked_key_ranges(void **state) {
  coo_case c;
  (void)state;
  /* 64 x 8: the sort key has 6 bits (one radix pass, through a copy) */
  make_case(&c, 64, 8, 70000, 13, 0);
  check_case(&c, "CSR", 0, 0, SC_F64);
  free_case(&c);
  /* 4 x 1: every key of a block is the same (no sort) */
  make_case(&c, 4, 1, 70000, 14, 0);
  check_case(&c, "CSR", 0, 0, SC_F64);
  check_case(&c, "CSC", 0, 0, SC_F64);
  free_case(&c);
  /* below the size of the two-pass path, and too few rows for it */
  make_case(&c, 3000, 3000, 65535, 15, 0);
  check_case(&c, "CSR", 0, 0, SC_F64);
  free_case(&c);
  make_case(&c, 2, 300000, 100000, 16, 0);
  check_case(&c, "CSR", 0, 0, SC_F64);
  free_case(&c);
  /* rows already in order (columns not): the direct scatter */
  make_case(&c, 20000, 30000, 200000, 26, 0);
  for (size_t k = 0; k < c.n; k++) {
    c.rc[2 * k] = (int64_t)(k * 20000 / c.n);
    if (k % 10 == 9)
      c.rc[2 * k + 1] = c.rc[2 * k - 1]; /* a duplicate */
  }
  check_case(&c, "CSR", 0, 0, SC_F64);
  check_case(&c, "CSC", 0, 0, SC_F64); /* columns out of order: blocked */
  free_case(&c);
}

static void test_blocked_column_packing_boundary(void **state) {
  coo_case c;
  (void)state;
  /* 2^32 columns: the largest column still packs into 32 bits */
  make_case(&c, 1000, (int64_t)1 << 32, 70000, 17, 0);
  c.rc[1] = ((int64_t)1 << 32) - 1;
  check_case(&c, "CSR", 0, 0, SC_F64);
  free_case(&c);
  /* 2^32 + 1 columns: the one-pass path */
  make_case(&c, 1000, ((int64_t)1 << 32) + 1, 70000, 18, 0);
  c.rc[1] = (int64_t)1 << 32;
  c.rc[3] = (int64_t)1 << 32;
  check_case(&c, "CSR", 0, 0, SC_F64);
  free_case(&c);
}

/* The first error in row order, as the one-pass loop finds it. */
static void test_blocked_errors(void **state) {
  coo_case c;
  sc_encoding csr = rt_named("CSR", 0);
  sc_tensor *t = NULL;
  uint64_t *pos, *crd;
  double *val;
  size_t nz;
  char want[128];
  const char *msg = want; /* (RT_FAILS tests its argument for NULL) */
  (void)state;
  make_case(&c, 20000, 30000, 200000, 19, 0);
  reference(&c, 0, &pos, &crd, &val, &nz);
  /* the first duplicate: the first row whose entries outnumber its
   * distinct columns, at its first repeated column */
  {
    size_t *ord = malloc(c.n * sizeof *ord);
    for (size_t i = 0; i < c.n; i++)
      ord[i] = i;
    g_case = &c;
    g_major = 0;
    qsort(ord, c.n, sizeof *ord, cmp_entry);
    for (size_t i = 1; i < c.n; i++) {
      const int64_t *p = c.rc + 2 * ord[i], *q = c.rc + 2 * ord[i - 1];
      if (p[0] == q[0] && p[1] == q[1]) {
        snprintf(want, sizeof want, "duplicate entry at (%lld, %lld)",
                 (long long)p[0], (long long)p[1]);
        break;
      }
    }
    free(ord);
  }
  RT_FAILS(sc_tensor_from_coo(&t, &csr, SC_F64, c.dims, c.n, c.rc, c.v,
                              SC_DUP_REJECT),
           SC_ERR_DUPLICATE, msg);
  assert_null(t);
  /* crdWidth 8: the first stored coordinate of 256 or more */
  for (size_t k = 0; k < nz; k++)
    if (crd[k] >= 256) {
      snprintf(want, sizeof want, "coordinate %llu does not fit crdWidth = 8",
               (unsigned long long)crd[k]);
      break;
    }
  csr.crd_width = 8;
  RT_FAILS(sc_tensor_from_coo(&t, &csr, SC_F64, c.dims, c.n, c.rc, c.v,
                              SC_DUP_SUM),
           SC_ERR_WIDTH_OVERFLOW, msg);
  /* posWidth 16: the end of the first row past 65535 */
  for (size_t r = 1; r <= 20000; r++)
    if (pos[r] > 65535) {
      snprintf(want, sizeof want, "position %llu does not fit posWidth = 16",
               (unsigned long long)pos[r]);
      break;
    }
  csr.crd_width = 0;
  csr.pos_width = 16;
  RT_FAILS(sc_tensor_from_coo(&t, &csr, SC_F64, c.dims, c.n, c.rc, c.v,
                              SC_DUP_SUM),
           SC_ERR_WIDTH_OVERFLOW, msg);
  assert_null(t);
  /* out of range: the first such entry in input order */
  c.rc[2 * 150000 + 1] = 30000;
  c.rc[2 * 160000] = -1;
  csr.pos_width = 0;
  RT_FAILS(sc_tensor_from_coo(&t, &csr, SC_F64, c.dims, c.n, c.rc, c.v,
                              SC_DUP_SUM),
           SC_ERR_OUT_OF_RANGE, "(dimension 1: 30000 not in [0, 30000))");
  assert_null(t);
  free(pos);
  free(crd);
  free(val);
  free_case(&c);
}

/* A CSR / CSC of c converted to the other equals its direct assembly. */
static void check_transpose(const coo_case *c, sc_value_type vt) {
  static const char *names[2] = {"CSR", "CSC"};
  float *v32 = NULL;
  const void *vin = c->v;
  if (vt == SC_F32) {
    v32 = malloc(c->n * sizeof *v32);
    for (size_t i = 0; i < c->n; i++)
      v32[i] = (float)c->v[i];
    vin = v32;
  }
  for (int d = 0; d < 2; d++) {
    sc_encoding from = rt_named(names[d], 0), to = rt_named(names[1 - d], 0);
    sc_tensor *a = NULL, *b = NULL, *ref = NULL;
    size_t vs = sc_value_size(vt), nz, np;
    RT_OK(sc_tensor_from_coo(&a, &from, vt, c->dims, c->n, c->rc, vin,
                             SC_DUP_SUM));
    RT_OK(sc_tensor_convert(&b, a, &to));
    RT_OK(sc_tensor_from_coo(&ref, &to, vt, c->dims, c->n, c->rc, vin,
                             SC_DUP_SUM));
    nz = sc_tensor_nnz(ref);
    np = sc_tensor_positions_size(ref, 1);
    assert_int_equal(sc_tensor_nnz(b), nz);
    assert_int_equal(sc_tensor_positions_size(b, 1), np);
    assert_memory_equal(sc_tensor_positions(b, 1),
                        sc_tensor_positions(ref, 1), np * 8);
    assert_memory_equal(sc_tensor_coordinates(b, 1),
                        sc_tensor_coordinates(ref, 1), nz * 8);
    assert_memory_equal(sc_tensor_values(b), sc_tensor_values(ref), nz * vs);
    sc_tensor_free(a);
    sc_tensor_free(b);
    sc_tensor_free(ref);
  }
  free(v32);
}

/* CSR of c converted to BSR(r, cc) equals the BSR assembled from COO. */
static void check_bsr(const coo_case *c, int64_t r, int64_t cc) {
  sc_encoding csr = rt_named("CSR", 0), bsr = rt_named("BSR", 2, r, cc);
  sc_tensor *a = NULL, *b = NULL, *ref = NULL;
  size_t nb, np;
  RT_OK(sc_tensor_from_coo(&a, &csr, SC_F64, c->dims, c->n, c->rc, c->v,
                           SC_DUP_SUM));
  RT_OK(sc_tensor_convert(&b, a, &bsr));
  RT_OK(sc_tensor_from_coo(&ref, &bsr, SC_F64, c->dims, c->n, c->rc, c->v,
                           SC_DUP_SUM));
  nb = sc_tensor_coordinates_size(ref, 1);
  np = sc_tensor_positions_size(ref, 1);
  assert_int_equal(sc_tensor_coordinates_size(b, 1), nb);
  assert_int_equal(sc_tensor_positions_size(b, 1), np);
  assert_int_equal(sc_tensor_nnz(b), sc_tensor_nnz(ref));
  assert_memory_equal(sc_tensor_positions(b, 1), sc_tensor_positions(ref, 1),
                      np * 8);
  assert_memory_equal(sc_tensor_coordinates(b, 1),
                      sc_tensor_coordinates(ref, 1), nb * 8);
  assert_memory_equal(sc_tensor_values(b), sc_tensor_values(ref),
                      sc_tensor_nnz(ref) * sizeof(double));
  sc_tensor_free(a);
  sc_tensor_free(b);
  sc_tensor_free(ref);
}

static void test_bsr_many_block_columns(void **state) {
  coo_case c;
  (void)state;
  /* row 2500 holds two thirds of the entries: its block row has tens of
   * thousands of block columns; the other block rows have few */
  make_case(&c, 5000, 100000, 150000, 24, 1);
  check_bsr(&c, 4, 4);
  check_bsr(&c, 2, 7);
  free_case(&c);
}

static void test_blocked_transpose(void **state) {
  coo_case c;
  (void)state;
  make_case(&c, 20000, 30000, 200000, 21, 0);
  check_transpose(&c, SC_F64);
  check_transpose(&c, SC_F32);
  free_case(&c);
  make_case(&c, 5000, 100000, 150000, 22, 1); /* one long row */
  check_transpose(&c, SC_F64);
  free_case(&c);
  make_case(&c, 3000, 3000, 60000, 23, 0); /* one pass: few entries */
  check_transpose(&c, SC_F64);
  free_case(&c);
  /* banded (entries near the diagonal): large, but the direct scatter is
   * already local and is kept */
  make_case(&c, 40000, 40000, 200000, 25, 0);
  for (size_t k = 0; k < c.n; k++)
    c.rc[2 * k + 1] =
        (c.rc[2 * k] + (int64_t)(k % 7) - 3 + 40000) % 40000;
  check_transpose(&c, SC_F64);
  free_case(&c);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_blocked_matches_reference),
      cmocka_unit_test(test_blocked_skewed_rows),
      cmocka_unit_test(test_blocked_key_ranges),
      cmocka_unit_test(test_blocked_column_packing_boundary),
      cmocka_unit_test(test_blocked_errors),
      cmocka_unit_test(test_blocked_transpose),
      cmocka_unit_test(test_bsr_many_block_columns),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
