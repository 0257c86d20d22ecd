/* fuzz_append.c — libFuzzer target: the ordered appends generated code
 * builds sparse outputs with, fed hostile sequences. The input decodes
 * into a rank (1-3), dimension sizes (1-9, 17, 257), a value type, an
 * encoding (any map: BSR, ELL with slices sized by the data, reversed,
 * narrow widths), then up to 64 appends of level coordinates (in range,
 * at the top of a level, or -1, the size, 2^31, 2^40, INT64_MAX),
 * sometimes in order, sometimes not; for a two-level encoding whose last
 * level is compressed, the row-wise append too (reserve, entries written
 * in place, rows closed in any order and at any end). Every call returns
 * SC_OK or a status with a message; a refused append changes nothing; the
 * tensor an append ends with, or the empty one a refused end leaves, reads
 * consistently: its dense block (when small), a lookup at every appended
 * coordinate that the map sends back inside the sizes, nnz, and a
 * conversion to COO that holds the same elements. With an identity map
 * and levels ordered and unique, the accepted appends in strictly
 * increasing order must all be accepted, and the tensor must hold them. */
#define _POSIX_C_SOURCE 200809L
#include "fuzz_enc.h"

#define MAX_APPENDS 64
#define MAX_COUNT 729

static const int64_t dim_table[12] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 17, 257, 3};

static int64_t pick_level_coord(uint8_t b, int64_t size) {
  if (size < 1)
    size = 1;
  if (b < 0xE0)
    return (int64_t)(b % (uint64_t)size);
  if (b < 0xF0)
    return size - 1 - (b - 0xE0) % size;
  switch (b - 0xF0) {
  case 0: return -1;
  case 1: return size;
  case 2: return INT64_C(2147483648);
  case 3: return INT64_C(1) << 40;
  case 4: return INT64_MAX;
  case 5: return INT64_MIN;
  case 6: return size + 1;
  default: return size * 2;
  }
}

/* What an append may answer (SC_ERR_DUPLICATE: an element appended twice
 * through a counting level's slices). */
static int statuses_ok(sc_status st) {
  return st == SC_OK || st == SC_ERR_OUT_OF_RANGE ||
         st == SC_ERR_INVALID_ARGUMENT || st == SC_ERR_DUPLICATE ||
         fuzz_refusal_ok(st);
}

static void expect_status(sc_status st, const char *what) {
  FUZZ_CHECK(statuses_ok(st), "%s: %s", what, sc_status_name(st));
  if (st != SC_OK)
    FUZZ_CHECK(sc_last_error()[0] != '\0', "%s failed without a message",
               what);
}

/* Whether level l is the identity on dimension l (and so every level). */
static int identity_map(const sc_encoding *e) {
  if (e->lvl_rank != e->dim_rank)
    return 0;
  for (int l = 0; l < e->lvl_rank; l++) {
    const sc_level_expr *x = &e->lvl_exprs[l];
    if (x->kind != SC_LEXPR_AFFINE || x->constant != 0)
      return 0;
    for (int d = 0; d < e->dim_rank; d++)
      if (x->coef[d] != (d == l))
        return 0;
    if (e->lvl_types[l].props & (SC_PROP_NONUNIQUE | SC_PROP_NONORDERED))
      return 0;
  }
  return 1;
}

static int lex_less(const int64_t *a, const int64_t *b, int n) {
  for (int l = 0; l < n; l++)
    if (a[l] != b[l])
      return a[l] < b[l];
  return 0;
}

/* The tensor reads consistently; with a model (identity map), it holds
 * exactly the model's block. */
static void check_tensor(sc_tensor *t, int rank, size_t count,
                         const unsigned char *model) {
  sc_value_type vt = sc_tensor_value_type(t);
  size_t vs = sc_value_size(vt);
  unsigned char got[MAX_COUNT * 8], back[MAX_COUNT * 8];
  sc_tensor *coo = NULL;
  sc_encoding ce;
  int64_t r = rank;
  size_t nz = 0;
  sc_status st;
  FUZZ_CHECK(sc_tensor_to_dense(t, got) == SC_OK, "to_dense");
  for (size_t k = 0; k < count; k++) {
    static const unsigned char zero[8];
    nz += !fuzz_elem_eq(vt, got + k * vs, zero, 0);
    if (model)
      FUZZ_CHECK(fuzz_elem_eq(vt, got, model, k), "element %zu", k);
  }
  FUZZ_CHECK(sc_tensor_nnz(t) >= nz, "nnz %zu below %zu nonzeros",
             sc_tensor_nnz(t), nz);
  FUZZ_CHECK(sc_encoding_named(&ce, "COO", &r, 1) == SC_OK, "COO");
  st = sc_tensor_convert(&coo, t, &ce);
  FUZZ_CHECK(st == SC_OK, "convert to COO: %s", sc_status_name(st));
  FUZZ_CHECK(sc_tensor_to_dense(coo, back) == SC_OK, "COO to_dense");
  for (size_t k = 0; k < count; k++)
    FUZZ_CHECK(fuzz_elem_eq(vt, got, back, k), "COO element %zu", k);
  sc_tensor_free(coo);
}

/* The level sizes, read before an append (reading one during the append
 * would end it: a counting level sized by the data applies it). */
static void level_sizes(sc_tensor *t, int L, int64_t *lsz) {
  for (int l = 0; l < L; l++) {
    lsz[l] = sc_tensor_level_size(t, l);
    if (lsz[l] < 1)
      lsz[l] = 1;
  }
}

static size_t offset_of(const int64_t *c, const int64_t *dims, int rank) {
  size_t k = 0;
  for (int d = 0; d < rank; d++)
    k = k * (size_t)dims[d] + (size_t)c[d];
  return k;
}

/* The ordered append: sc_tensor_append one entry at a time. */
static void ordered(fuzz_reader *r, sc_tensor *t, const sc_encoding *e,
                    const int64_t *dims, int rank, size_t count) {
  sc_value_type vt = sc_tensor_value_type(t);
  size_t vs = sc_value_size(vt);
  int L = e->lvl_rank, model_ok = identity_map(e), have_prev = 0;
  int64_t prev[SC_MAX_LEVELS], lsz[SC_MAX_LEVELS];
  unsigned char model[MAX_COUNT * 8];
  sc_status st;
  memset(model, 0, sizeof model);
  level_sizes(t, L, lsz);
  st = sc_tensor_begin_append(t);
  expect_status(st, "begin_append");
  if (st != SC_OK)
    return;
  for (int n = 0; n < MAX_APPENDS && r->n > 0; n++) {
    int64_t lc[SC_MAX_LEVELS];
    unsigned char v[8] = {0};
    int inside = 1;
    uint8_t code = fuzz_next(r);
    for (int l = 0; l < L; l++) {
      lc[l] = pick_level_coord(fuzz_next(r), lsz[l]);
      inside &= lc[l] >= 0 && lc[l] < lsz[l];
    }
    fuzz_set_value(vt, v, 0, (int)(code % 7) - 3, 0);
    st = sc_tensor_append(t, lc, v);
    expect_status(st, "append");
    if (model_ok && inside) {
      int after = !have_prev || lex_less(prev, lc, L);
      FUZZ_CHECK((st == SC_OK) == after,
                 "append in %s order: %s", after ? "increasing" : "another",
                 sc_status_name(st));
    }
    if (st == SC_OK) {
      FUZZ_CHECK(inside || !model_ok, "append outside the levels accepted");
      memcpy(prev, lc, sizeof prev);
      have_prev = 1;
      if (model_ok)
        memcpy(model + offset_of(lc, dims, rank) * vs, v, vs);
    }
  }
  st = sc_tensor_end_append(t);
  expect_status(st, "end_append");
  if (st != SC_OK) /* the tensor is left empty */
    memset(model, 0, sizeof model);
  check_tensor(t, rank, count, model_ok || st != SC_OK ? model : NULL);
}

/* The row-wise append of a two-level tensor whose last level is
 * compressed: entries written in place, rows closed. */
static void row_wise(fuzz_reader *r, sc_tensor *t, int rank, size_t count) {
  size_t q = 0, cap = 0;
  int64_t *crd = NULL;
  void *vals = NULL;
  sc_value_type vt = sc_tensor_value_type(t);
  size_t vs = sc_value_size(vt);
  int64_t lsz[2];
  size_t n_end;
  sc_status st;
  level_sizes(t, 2, lsz);
  st = sc_tensor_begin_append(t);
  expect_status(st, "begin_append");
  if (st != SC_OK)
    return;
  for (int n = 0; n < MAX_APPENDS && r->n > 0; n++) {
    uint8_t code = fuzz_next(r);
    if (code & 1) { /* an entry */
      st = sc_tensor_append_reserve(t, q + 1, &crd, &vals, &cap);
      expect_status(st, "append_reserve");
      if (st != SC_OK)
        break;
      FUZZ_CHECK(cap >= q + 1, "reserve gave %zu < %zu", cap, q + 1);
      crd[q] = pick_level_coord(fuzz_next(r), lsz[1]);
      memset((unsigned char *)vals + q * vs, 0, vs);
      fuzz_set_value(vt, vals, q, (int)((code >> 1) % 7) - 3, 0);
      q++;
    } else { /* close a row at some end */
      int64_t row = pick_level_coord(fuzz_next(r), lsz[0]);
      size_t end = (code & 2) ? q : q + (code >> 2) % 3 - 1;
      st = sc_tensor_append_row(t, row, end);
      expect_status(st, "append_row");
    }
  }
  /* n: where the last closed row ends, or not */
  n_end = (fuzz_next(r) & 1) ? q / 2 : q;
  st = sc_tensor_end_append_rows(t, n_end);
  expect_status(st, "end_append_rows");
  {
    unsigned char zero[MAX_COUNT * 8];
    memset(zero, 0, sizeof zero);
    check_tensor(t, rank, count, st == SC_OK ? NULL : zero);
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_reader r = {data, size};
  int rank = 1 + fuzz_next(&r) % 3;
  int64_t dims[SC_MAX_RANK];
  size_t count = 1;
  sc_value_type vt;
  sc_encoding e;
  sc_tensor *t = NULL;
  sc_status st;
  uint8_t how;
  for (int d = 0; d < rank; d++) {
    dims[d] = dim_table[fuzz_next(&r) % 12];
    count *= (size_t)dims[d];
  }
  if (count > MAX_COUNT)
    return 0;
  vt = (sc_value_type)(fuzz_next(&r) % 10);
  if (!fuzz_decode_enc(&r, rank, &e, 0))
    return 0;
  how = fuzz_next(&r);
  st = sc_tensor_new(&t, &e, vt, dims);
  if (st != SC_OK) {
    FUZZ_CHECK(fuzz_refusal_ok(st), "new: %s", sc_status_name(st));
    fuzz_failed_cleanly(st, t);
    return 0;
  }
  if ((how & 1) && e.lvl_rank == 2 &&
      e.lvl_types[1].format == SC_LVL_COMPRESSED)
    row_wise(&r, t, rank, count);
  else
    ordered(&r, t, &e, dims, rank, count);
  /* a second append reuses the arrays of the first */
  if (how & 2)
    ordered(&r, t, &e, dims, rank, count);
  sc_tensor_free(t);
  return 0;
}
