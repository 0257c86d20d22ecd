/* fuzz_assemble.c — libFuzzer target: COO assembly (sc_tensor_from_coo)
 * of hostile entries, then conversion and the writers' round trip. The
 * input decodes into a rank (1-3), dimension sizes (small ones, the
 * limits of 8- and 16-bit coordinates, or, with only encodings whose
 * storage the entries bound, up to 2^63 - 1), a value type, a duplicate
 * policy, values or none (every value 1), two encodings (narrow widths
 * included) and up to 768 entries in any order: single ones, runs along
 * the last dimension (enough to overflow an 8-bit position) and repeats
 * of earlier coordinates; a coordinate may be -1, the size, 2^31, 2^32,
 * INT64_MIN... The harness knows the answer: a coordinate out of range
 * must be SC_ERR_OUT_OF_RANGE naming it, a repeat under SC_DUP_REJECT
 * SC_ERR_DUPLICATE; otherwise the tensor (or a refusal with a message:
 * width overflow, unsupported) and every lookup, the dense block when it
 * is small, the converted tensor, the tensor converted back, the tensor
 * written (Matrix Market for matrices, FROSTT otherwise) and read again,
 * and the second encoding assembled from the dense block (and its rows)
 * must hold the elements the harness summed; written again, the read
 * tensor gives the same text. */
#define _POSIX_C_SOURCE 200809L
#include "fuzz_enc.h"

/* Internal to libsparsecc_rt (sc_internal.h): the FROSTT stream forms. */
sc_status sc_read_tns_stream(sc_tensor **out, FILE *in, const char *name,
                             const sc_encoding *enc, sc_value_type vt);
sc_status sc_write_entries(sc_tensor *t, FILE *out, size_t *count);

#define MAX_ENTRIES 768
/* Largest dense block the small mode builds (elements): a row of 65537,
 * past 16-bit coordinates; every check walks it several times. */
#define SMALL_MAX ((size_t)65537)

typedef struct model {
  int rank;
  sc_value_type vt;
  size_t vs;
  int64_t dims[SC_MAX_RANK];
  size_t n;
  int64_t crd[MAX_ENTRIES * 3];
  unsigned char val[MAX_ENTRIES * 8];
  int ival[MAX_ENTRIES]; /* the values as ints (all small) */
  /* the distinct coordinates, sorted, and their summed elements */
  size_t nd;
  int64_t dcrd[MAX_ENTRIES * 3];
  unsigned char dval[MAX_ENTRIES * 8];
  int repeat; /* some coordinate has several entries */
} model;

static const int64_t small_dims[16] = {1,  2,  3,   4,   5,   7,     8,    9,
                                       15, 16, 17, 255, 256, 257, 65536, 65537};
static const int64_t big_dims[16] = {1,
                                     3,
                                     256,
                                     65537,
                                     INT64_C(2147483647),
                                     INT64_C(2147483648),
                                     INT64_C(4294967296),
                                     INT64_C(4294967297),
                                     INT64_C(1000000000000),
                                     INT64_C(9007199254740993),
                                     INT64_C(4611686018427387904),
                                     INT64_MAX - 1,
                                     INT64_MAX,
                                     7,
                                     INT64_C(1) << 40,
                                     INT64_C(1) << 33};

/* A coordinate of a dimension of size `dim` from one byte: most inside,
 * some near the top (for the widths), some of the special values. */
static int64_t pick_coord(uint8_t b, int64_t dim) {
  if (b < 0xC0)
    return (int64_t)(b % (uint64_t)dim);
  if (b < 0xE0)
    return dim - 1 - (b - 0xC0);
  switch (b - 0xE0) {
  case 0: return -1;
  case 1: return INT64_MIN;
  case 2: return INT64_MAX;
  case 3: return dim;
  case 4: return dim + (dim < INT64_MAX);
  case 5: return INT64_C(2147483647);
  case 6: return INT64_C(2147483648);
  case 7: return INT64_C(4294967295);
  case 8: return INT64_C(4294967296);
  case 9: return 255;
  case 10: return 256;
  case 11: return 65535;
  case 12: return 65536;
  case 13: return dim / 2;
  case 14: return INT64_C(1) << 62;
  case 15: return -INT64_C(2147483648);
  default: return (int64_t)((uint64_t)dim - 2 - (b - 0xF0));
  }
}

static int in_range(const model *m, const int64_t *c) {
  for (int d = 0; d < m->rank; d++)
    if (c[d] < 0 || c[d] >= m->dims[d])
      return 0;
  return 1;
}

static int same_coords(const model *m, const int64_t *a, const int64_t *b) {
  return !memcmp(a, b, (size_t)m->rank * sizeof *a);
}

static const model *cmp_model;

static int cmp_entry(const void *a, const void *b) {
  size_t rank = (size_t)cmp_model->rank;
  const int64_t *x = cmp_model->crd + *(const size_t *)a * rank,
                *y = cmp_model->crd + *(const size_t *)b * rank;
  for (int d = 0; d < cmp_model->rank; d++)
    if (x[d] != y[d])
      return x[d] < y[d] ? -1 : 1;
  return 0;
}

/* Sorts the entries' coordinates and sums the values of each (the values
 * are small integers: the sums are exact in any order). */
static void model_sum(model *m) {
  size_t ord[MAX_ENTRIES];
  for (size_t k = 0; k < m->n; k++)
    ord[k] = k;
  cmp_model = m;
  qsort(ord, m->n, sizeof *ord, cmp_entry);
  m->nd = 0;
  m->repeat = 0;
  for (size_t k = 0; k < m->n; k++) {
    const int64_t *c = m->crd + ord[k] * (size_t)m->rank;
    if (m->nd == 0 ||
        !same_coords(m, m->dcrd + (m->nd - 1) * (size_t)m->rank, c)) {
      memcpy(m->dcrd + m->nd * (size_t)m->rank, c,
             (size_t)m->rank * sizeof *c);
      memset(m->dval + m->nd * 8, 0, 8);
      m->nd++;
    } else {
      m->repeat = 1;
    }
    fuzz_set_value(m->vt, m->dval + (m->nd - 1) * 8, 0, m->ival[ord[k]], 1);
  }
}

/* The element at c (0 where no entry is). */
static void model_get(const model *m, const int64_t *c, unsigned char *v) {
  size_t lo = 0, hi = m->nd;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    const int64_t *x = m->dcrd + mid * (size_t)m->rank;
    int d = 0;
    while (d < m->rank && x[d] == c[d])
      d++;
    if (d == m->rank) {
      memcpy(v, m->dval + mid * 8, 8);
      return;
    }
    if (x[d] < c[d])
      lo = mid + 1;
    else
      hi = mid;
  }
  memset(v, 0, 8);
}

/* Lookups at every entry, next to it, and at the corners. */
static void check_lookups(const model *m, sc_tensor *t, const char *what) {
  unsigned char got[8], want[8];
  for (size_t k = 0; k < m->n; k++) {
    for (int shift = 0; shift < 2; shift++) {
      int64_t c[SC_MAX_RANK];
      memcpy(c, m->crd + k * (size_t)m->rank, (size_t)m->rank * sizeof *c);
      if (shift && c[m->rank - 1] + 1 < m->dims[m->rank - 1])
        c[m->rank - 1]++;
      model_get(m, c, want);
      FUZZ_CHECK(sc_tensor_get(t, c, got) == SC_OK, "%s: get", what);
      FUZZ_CHECK(fuzz_elem_eq(m->vt, got, want, 0),
                 "%s: lookup at entry %zu (+%d)", what, k, shift);
    }
  }
  {
    int64_t c[SC_MAX_RANK];
    for (int d = 0; d < m->rank; d++)
      c[d] = m->dims[d] - 1;
    model_get(m, c, want);
    FUZZ_CHECK(sc_tensor_get(t, c, got) == SC_OK, "%s: get", what);
    FUZZ_CHECK(fuzz_elem_eq(m->vt, got, want, 0), "%s: last corner", what);
    /* out of range: an error with a message, never a read outside */
    c[0] = m->dims[0];
    FUZZ_CHECK(sc_tensor_get(t, c, got) == SC_ERR_OUT_OF_RANGE,
               "%s: get out of range", what);
  }
}

/* The dense block of the model (malloc'ed), NULL when it is not small. */
static unsigned char *model_dense(const model *m, size_t *count) {
  unsigned char *want;
  *count = 1;
  for (int d = 0; d < m->rank; d++) {
    if ((size_t)m->dims[d] > SMALL_MAX)
      return NULL;
    *count *= (size_t)m->dims[d]; /* at most 2^51: no overflow */
  }
  if (*count > SMALL_MAX)
    return NULL;
  want = calloc(*count, m->vs);
  FUZZ_CHECK(want != NULL, "out of memory");
  for (size_t k = 0; k < m->nd; k++) {
    size_t off = 0;
    const int64_t *c = m->dcrd + k * (size_t)m->rank;
    for (int d = 0; d < m->rank; d++)
      off = off * (size_t)m->dims[d] + (size_t)c[d];
    memcpy(want + off * m->vs, m->dval + k * 8, m->vs);
  }
  return want;
}

/* Dense comparison, when the block is small. */
static void check_dense(const model *m, sc_tensor *t, const char *what) {
  size_t count;
  unsigned char *want = model_dense(m, &count), *got;
  if (!want)
    return;
  got = malloc(count * m->vs);
  FUZZ_CHECK(got != NULL, "out of memory");
  FUZZ_CHECK(sc_tensor_to_dense(t, got) == SC_OK, "%s: to_dense", what);
  for (size_t k = 0; k < count; k++)
    FUZZ_CHECK(fuzz_elem_eq(m->vt, got, want, k), "%s: element %zu", what,
               k);
  free(want);
  free(got);
}

static void check(const model *m, sc_tensor *t, const char *what) {
  check_lookups(m, t, what);
  check_dense(m, t, what);
}

/* Assembly from the dense block (and, for a matrix, from its rows through
 * row pointers) in encoding e holds the same elements. */
static void check_from_dense(const model *m, const sc_encoding *e) {
  size_t count;
  unsigned char *want = model_dense(m, &count);
  sc_tensor *t = NULL;
  sc_status st;
  if (!want)
    return;
  st = sc_tensor_from_dense(&t, e, m->vt, m->dims, want);
  if (st == SC_OK)
    check(m, t, "from dense");
  else {
    FUZZ_CHECK(fuzz_refusal_ok(st), "from_dense: %s", sc_status_name(st));
    fuzz_failed_cleanly(st, t);
  }
  sc_tensor_free(t);
  t = NULL;
  if (m->rank == 2 && m->dims[0] <= 4096) {
    const void *rows[4096];
    for (int64_t i = 0; i < m->dims[0]; i++)
      rows[i] = want + (size_t)i * (size_t)m->dims[1] * m->vs;
    st = sc_tensor_from_dense_rows(&t, e, m->vt, m->dims, rows);
    if (st == SC_OK)
      check(m, t, "from dense rows");
    else {
      FUZZ_CHECK(fuzz_refusal_ok(st), "from_dense_rows: %s",
                 sc_status_name(st));
      fuzz_failed_cleanly(st, t);
    }
    sc_tensor_free(t);
  }
  free(want);
}

/* Writes t (Matrix Market or FROSTT) into a malloc'ed text. */
static char *write_text(sc_tensor *t, int mtx, size_t *len) {
  char *buf = NULL;
  FILE *w = open_memstream(&buf, len);
  FUZZ_CHECK(w != NULL, "open_memstream");
  FUZZ_CHECK((mtx ? sc_write_mtx_stream(t, w) : sc_write_entries(t, w, NULL)) ==
                 SC_OK,
             "write");
  fclose(w);
  return buf;
}

static sc_status read_text(const model *m, const char *text, size_t len,
                           const sc_encoding *enc, sc_tensor **r) {
  sc_status st;
  FILE *f = fmemopen((void *)(uintptr_t)text, len, "rb");
  FUZZ_CHECK(f != NULL, "fmemopen");
  st = m->rank == 2 ? sc_read_mtx_stream(r, f, "rt.mtx", enc, m->vt)
                    : sc_read_tns_stream(r, f, "rt.tns", enc, m->vt);
  fclose(f);
  return st;
}

/* read(write(t)) holds t's elements (FROSTT: inside the sizes the file
 * shows); read in t's own encoding, it writes the same text (the writers
 * follow the storage order). */
static void check_round_trip(const model *m, sc_tensor *t) {
  int mtx = m->rank == 2, same_enc = 1;
  size_t len = 0, len2 = 0;
  char *text = write_text(t, mtx, &len), *again;
  sc_tensor *r = NULL;
  sc_encoding coo;
  int64_t rank = m->rank;
  sc_status st;
  FUZZ_CHECK(sc_encoding_named(&coo, "COO", &rank, 1) == SC_OK, "COO");
  if (len == 0) { /* an empty FROSTT file: nothing to read back */
    free(text);
    return;
  }
  st = read_text(m, text, len, sc_tensor_encoding(t), &r);
  if (st != SC_OK) {
    FUZZ_CHECK(fuzz_refusal_ok(st), "reading back in the tensor's encoding: "
               "%s\n%s", sc_status_name(st), text);
    same_enc = 0;
    st = read_text(m, text, len, &coo, &r);
  }
  FUZZ_CHECK(st == SC_OK, "reading back the written text:\n%s", text);
  for (size_t k = 0; k < m->n; k++) {
    const int64_t *c = m->crd + k * (size_t)m->rank;
    unsigned char got[8], want[8];
    int inside = 1;
    model_get(m, c, want);
    for (int d = 0; d < m->rank; d++)
      inside &= c[d] < sc_tensor_dim_size(r, d);
    if (!inside) {
      static const unsigned char zero[8];
      FUZZ_CHECK(!mtx && fuzz_elem_eq(m->vt, want, zero, 0),
                 "an element outside the read tensor's sizes");
      continue;
    }
    FUZZ_CHECK(sc_tensor_get(r, c, got) == SC_OK, "get (read back)");
    FUZZ_CHECK(fuzz_elem_eq(m->vt, got, want, 0), "read back: entry %zu", k);
  }
  if (mtx)
    for (int d = 0; d < 2; d++)
      FUZZ_CHECK(sc_tensor_dim_size(r, d) == m->dims[d], "read back: size");
  again = write_text(r, mtx, &len2);
  FUZZ_CHECK(!same_enc || (len == len2 && !memcmp(text, again, len)),
             "written again, another text:\n%s\n---\n%s", text, again);
  free(again);
  free(text);
  sc_tensor_free(r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_reader r = {data, size};
  static model m;
  uint8_t mode = fuzz_next(&r);
  int big = (mode & 0x10) != 0, no_values = (mode & 0x40) != 0, any_out = 0;
  sc_dup_policy dup = (mode & 0x20) ? SC_DUP_REJECT : SC_DUP_SUM;
  sc_encoding se, te;
  sc_tensor *src = NULL, *dst = NULL, *back = NULL;
  sc_status st;
  size_t count = 1;
  m.rank = 1 + mode % 3;
  m.n = 0;
  for (int d = 0; d < m.rank; d++) {
    uint8_t b = fuzz_next(&r);
    m.dims[d] = big ? big_dims[b % 16] : small_dims[b % 16];
    if (!big && (count *= (size_t)m.dims[d]) > SMALL_MAX)
      return 0;
  }
  m.vt = (sc_value_type)(fuzz_next(&r) % 10);
  m.vs = sc_value_size(m.vt);
  if (!fuzz_decode_enc(&r, m.rank, &se, big) ||
      !fuzz_decode_enc(&r, m.rank, &te, big))
    return 0;
  while (r.n > 0 && m.n < MAX_ENTRIES) {
    uint8_t op = fuzz_next(&r);
    int64_t c[SC_MAX_RANK];
    size_t run = 1;
    if ((op & 3) == 3 && m.n > 0) {
      memcpy(c, m.crd + (fuzz_next(&r) % m.n) * (size_t)m.rank,
             (size_t)m.rank * sizeof *c);
    } else {
      for (int d = 0; d < m.rank; d++)
        c[d] = pick_coord(fuzz_next(&r), m.dims[d]);
      if ((op & 3) == 2)
        run = 1 + (size_t)fuzz_next(&r);
    }
    for (size_t t = 0; t < run && m.n < MAX_ENTRIES; t++) {
      int v = no_values ? 1 : (int)((op >> 2) % 7) - 3 + (int)(t % 3);
      int64_t *e = m.crd + m.n * (size_t)m.rank;
      memcpy(e, c, (size_t)m.rank * sizeof *c);
      e[m.rank - 1] = (int64_t)((uint64_t)c[m.rank - 1] + t);
      any_out |= !in_range(&m, e);
      m.ival[m.n] = v;
      fuzz_set_value(m.vt, m.val, m.n, v, 0);
      m.n++;
    }
  }
  st = sc_tensor_from_coo(&src, &se, m.vt, m.dims, m.n, m.crd,
                          no_values ? NULL : m.val, dup);
  if (st != SC_OK)
    fuzz_failed_cleanly(st, src);
  if (any_out) {
    FUZZ_CHECK(st == SC_ERR_OUT_OF_RANGE ||
                   (st != SC_OK && fuzz_refusal_ok(st)),
               "a coordinate out of range: %s", sc_status_name(st));
    FUZZ_CHECK(st != SC_ERR_OUT_OF_RANGE ||
                   strstr(sc_last_error(), "outside the dimension sizes"),
               "the message names the coordinate");
    return 0;
  }
  model_sum(&m);
  if (dup == SC_DUP_REJECT && m.repeat) {
    FUZZ_CHECK(st == SC_ERR_DUPLICATE || (st != SC_OK && fuzz_refusal_ok(st)),
               "a repeated coordinate under SC_DUP_REJECT: %s",
               sc_status_name(st));
    FUZZ_CHECK(st != SC_ERR_DUPLICATE ||
                   strstr(sc_last_error(), "duplicate entry at ("),
               "the message names the coordinate");
    return 0;
  }
  if (st != SC_OK) {
    FUZZ_CHECK(fuzz_refusal_ok(st), "from_coo: %s", sc_status_name(st));
    return 0;
  }
  check(&m, src, "assembled");
  st = sc_tensor_convert(&dst, src, &te);
  if (st == SC_OK) {
    check(&m, dst, "converted");
    st = sc_tensor_convert(&back, dst, &se);
    FUZZ_CHECK(st == SC_OK || fuzz_refusal_ok(st), "convert back: %s",
               sc_status_name(st));
    if (st == SC_OK)
      check(&m, back, "converted back");
    else
      fuzz_failed_cleanly(st, back);
  } else {
    FUZZ_CHECK(fuzz_refusal_ok(st), "convert: %s", sc_status_name(st));
    fuzz_failed_cleanly(st, dst);
  }
  check_round_trip(&m, src);
  check_from_dense(&m, &te);
  sc_tensor_free(src);
  sc_tensor_free(dst);
  sc_tensor_free(back);
  return 0;
}
