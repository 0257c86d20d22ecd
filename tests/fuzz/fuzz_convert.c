/* fuzz_convert.c — libFuzzer target: assembly and conversion. The input
 * decodes into a rank (1-3), dimension sizes (1-9), a value type, a source
 * and a target encoding (named formats, or identity/reversed maps with
 * random level formats, properties and widths) and up to 64 COO entries
 * with small integer values (zeros and duplicates included). The harness
 * computes the dense array itself; the assembled source, every lookup,
 * the converted tensor and the tensor converted back must all equal it.
 * Refusals (unsupported encodings, width overflow...) must carry a
 * message and leave no output. */
#define _POSIX_C_SOURCE 200809L

#include "fuzz_util.h"

#define FUZZ_MAX_ENTRIES 64

typedef struct reader {
  const uint8_t *p;
  size_t n;
} reader;

static uint8_t next(reader *r) {
  if (r->n == 0)
    return 0;
  r->n--;
  return *r->p++;
}

/* Decodes an encoding of `rank` dimensions from 4 bytes; 0 if invalid. */
static int decode_enc(reader *r, int rank, sc_encoding *e) {
  uint8_t k = next(r), p = next(r), q = next(r), w = next(r);
  static const int pw[4] = {0, 8, 16, 32};
  static const int cw[5] = {0, 8, 16, 2, 4};
  int64_t par[2];
  sc_status st;
  switch (k % 12) {
  case 0:
  case 1: {
    sc_level_format f[SC_MAX_LEVELS];
    static const sc_level_format fmts[4] = {SC_LVL_DENSE, SC_LVL_COMPRESSED,
                                            SC_LVL_LOOSE_COMPRESSED,
                                            SC_LVL_SINGLETON};
    static const unsigned props[4] = {0, SC_PROP_NONUNIQUE, SC_PROP_PADDED,
                                      SC_PROP_NONORDERED};
    for (int l = 0; l < rank; l++)
      f[l] = fmts[(p >> (2 * l)) & 3];
    if (sc_encoding_simple(e, rank, f) != SC_OK)
      return 0;
    for (int l = 0; l < rank; l++)
      e->lvl_types[l].props = props[(q >> (2 * l)) & 3];
    if (k % 12 == 1) /* reversed: level l is dimension rank-1-l */
      for (int l = 0; l < rank; l++)
        for (int d = 0; d < rank; d++)
          e->lvl_exprs[l].coef[d] = d == rank - 1 - l;
    break;
  }
  case 2: st = sc_encoding_named(e, "CSR", NULL, 0); goto named;
  case 3: st = sc_encoding_named(e, "CSC", NULL, 0); goto named;
  case 4: st = sc_encoding_named(e, "DCSR", NULL, 0); goto named;
  case 5: st = sc_encoding_named(e, "DCSC", NULL, 0); goto named;
  case 6:
    par[0] = rank;
    st = sc_encoding_named(e, "COO", par, 1);
    goto named;
  case 7:
    par[0] = rank;
    st = sc_encoding_named(e, "CSF", par, 1);
    goto named;
  case 8:
    par[0] = 1 + p % 4;
    par[1] = 1 + q % 4;
    st = sc_encoding_named(e, "BSR", par, 2);
    goto named;
  case 9:
    par[0] = p % 4;
    st = sc_encoding_named(e, "ELL", par, 1);
    goto named;
  case 10: st = sc_encoding_named(e, "NV24", NULL, 0); goto named;
  default: st = sc_encoding_named(e, "SparseVector", NULL, 0); goto named;
  }
  goto widths;
named:
  if (st != SC_OK || e->dim_rank != rank)
    return 0;
widths:
  if (w & 0x80) {
    e->pos_width = pw[w & 3];
    e->crd_width = cw[((w >> 2) & 7) % 5];
  }
  return sc_encoding_check(e) == SC_OK;
}

/* Statuses a valid request may still get from assembly or conversion. */
static int refusal_ok(sc_status st) {
  return st == SC_ERR_UNSUPPORTED || st == SC_ERR_WIDTH_OVERFLOW ||
         st == SC_ERR_BAD_ENCODING || st == SC_ERR_SIZE_OVERFLOW;
}

static void set_value(sc_value_type vt, void *dense, size_t k, int v,
                      int add) {
  switch (vt) {
  case SC_F64: {
    double *d = dense;
    d[k] = (add ? d[k] : 0) + v;
    break;
  }
  case SC_F32: {
    float *d = dense;
    d[k] = (add ? d[k] : 0) + (float)v;
    break;
  }
  case SC_I64: {
    int64_t *d = dense;
    d[k] = (add ? d[k] : 0) + v;
    break;
  }
  case SC_I32: {
    int32_t *d = dense;
    d[k] = (add ? d[k] : 0) + v;
    break;
  }
#define SET_INT(V, T)                                                          \
  case V: {                                                                    \
    T *d = dense;                                                              \
    d[k] = (T)((uint64_t)(add ? d[k] : 0) + (uint64_t)(int64_t)v);             \
    break;                                                                     \
  }
  SET_INT(SC_U64, uint64_t)
  SET_INT(SC_U32, uint32_t)
  SET_INT(SC_I16, int16_t)
  SET_INT(SC_U16, uint16_t)
  SET_INT(SC_I8, int8_t)
  SET_INT(SC_U8, uint8_t)
#undef SET_INT
  }
}

/* Aborts unless t's dense form and every lookup equal `want`. */
static void check_tensor(sc_tensor *t, const void *want, size_t count,
                         const int64_t *dims, int rank, const char *what) {
  sc_value_type vt = sc_tensor_value_type(t);
  size_t vs = sc_value_size(vt);
  unsigned char *got = malloc(count * vs);
  FUZZ_CHECK(got != NULL, "out of memory");
  FUZZ_CHECK(sc_tensor_to_dense(t, got) == SC_OK, "%s: to_dense", what);
  for (size_t k = 0; k < count; k++) {
    int64_t c[SC_MAX_RANK];
    unsigned char v[8];
    size_t rem = k;
    FUZZ_CHECK(fuzz_elem_eq(vt, got, want, k), "%s: element %zu differs",
               what, k);
    for (int d = rank - 1; d >= 0; d--) {
      c[d] = (int64_t)(rem % (size_t)dims[d]);
      rem /= (size_t)dims[d];
    }
    FUZZ_CHECK(sc_tensor_get(t, c, v) == SC_OK, "%s: get", what);
    FUZZ_CHECK(fuzz_elem_eq(vt, v, (const unsigned char *)want + k * vs, 0),
               "%s: lookup of element %zu differs", what, k);
  }
  free(got);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  reader r = {data, size};
  int rank = 1 + next(&r) % 3;
  int64_t dims[SC_MAX_RANK], coords[FUZZ_MAX_ENTRIES * 3];
  sc_value_type vt;
  sc_encoding se, te;
  unsigned char vals[FUZZ_MAX_ENTRIES * 8], *want;
  size_t count = 1, n = 0, vs;
  sc_tensor *src = NULL, *dst = NULL, *back = NULL;
  sc_status st;
  for (int d = 0; d < rank; d++) {
    dims[d] = 1 + next(&r) % 9;
    count *= (size_t)dims[d];
  }
  vt = (sc_value_type)(next(&r) % 10); /* SC_F64 .. SC_U8 */
  vs = sc_value_size(vt);
  if (!decode_enc(&r, rank, &se) || !decode_enc(&r, rank, &te))
    return 0;
  want = calloc(count, vs);
  FUZZ_CHECK(want != NULL, "out of memory");
  while (r.n >= (size_t)rank + 1 && n < FUZZ_MAX_ENTRIES) {
    size_t k = 0;
    int v;
    for (int d = 0; d < rank; d++) {
      coords[n * (size_t)rank + (size_t)d] = next(&r) % dims[d];
      k = k * (size_t)dims[d] + (size_t)coords[n * (size_t)rank + (size_t)d];
    }
    v = (int)(next(&r) % 7) - 3;
    set_value(vt, vals, n, v, 0);
    set_value(vt, want, k, v, 1);
    n++;
  }
  st = sc_tensor_from_coo(&src, &se, vt, dims, n, coords, vals, SC_DUP_SUM);
  if (st != SC_OK) {
    FUZZ_CHECK(refusal_ok(st), "from_coo: %s", sc_status_name(st));
    fuzz_failed_cleanly(st, src);
    goto done;
  }
  check_tensor(src, want, count, dims, rank, "assembled source");
  st = sc_tensor_convert(&dst, src, &te);
  if (st != SC_OK) {
    FUZZ_CHECK(refusal_ok(st), "convert: %s", sc_status_name(st));
    fuzz_failed_cleanly(st, dst);
    goto done;
  }
  check_tensor(dst, want, count, dims, rank, "converted");
  st = sc_tensor_convert(&back, dst, &se);
  if (st != SC_OK) {
    FUZZ_CHECK(refusal_ok(st), "convert back: %s", sc_status_name(st));
    fuzz_failed_cleanly(st, back);
    goto done;
  }
  check_tensor(back, want, count, dims, rank, "converted back");
done:
  sc_tensor_free(src);
  sc_tensor_free(dst);
  sc_tensor_free(back);
  free(want);
  return 0;
}
