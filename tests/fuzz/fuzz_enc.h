/* fuzz_enc.h — what the tensor-building fuzz targets share: a reader over
 * the input bytes, an encoding decoded from four of them (named formats,
 * or identity/reversed maps with random level formats, properties and
 * widths), the statuses a valid request may still get, values set and
 * summed as the library does (integer sums wrap in the value type), and
 * the check of a tensor against the dense block it must hold.
 * Header-only. */
#ifndef SC_FUZZ_ENC_H
#define SC_FUZZ_ENC_H

#include "fuzz_util.h"

typedef struct fuzz_reader {
  const uint8_t *p;
  size_t n;
} fuzz_reader;

static inline uint8_t fuzz_next(fuzz_reader *r) {
  if (r->n == 0)
    return 0;
  r->n--;
  return *r->p++;
}

/* Decodes an encoding of `rank` dimensions from 4 bytes; 0 if invalid.
 * With `sparse_only`, only encodings whose storage is bounded by the
 * entries (no dense, block or n_out_of_m level): the ones a tensor of
 * huge dimension sizes may take. */
static inline int fuzz_decode_enc(fuzz_reader *r, int rank, sc_encoding *e,
                                  int sparse_only) {
  uint8_t k = fuzz_next(r), p = fuzz_next(r), q = fuzz_next(r),
          w = fuzz_next(r);
  static const int pw[4] = {0, 8, 16, 32};
  static const int cw[5] = {0, 8, 16, 2, 4};
  int64_t par[2];
  sc_status st;
  switch (k % 12) {
  case 0:
  case 1: {
    sc_level_format f[SC_MAX_LEVELS] = {SC_LVL_DENSE};
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
  if (sparse_only)
    for (int l = 0; l < e->lvl_rank; l++)
      if (e->lvl_types[l].format == SC_LVL_DENSE ||
          e->lvl_types[l].format == SC_LVL_N_OUT_OF_M ||
          e->lvl_exprs[l].kind != SC_LEXPR_AFFINE)
        return 0;
  return sc_encoding_check(e) == SC_OK;
}

/* Statuses a valid request may still get from assembly or conversion. */
static inline int fuzz_refusal_ok(sc_status st) {
  return st == SC_ERR_UNSUPPORTED || st == SC_ERR_WIDTH_OVERFLOW ||
         st == SC_ERR_BAD_ENCODING || st == SC_ERR_SIZE_OVERFLOW;
}

/* Sets element k of a block of vt to v, or (add) adds v to it, wrapping
 * in the value type as the library's sums do. */
static inline void fuzz_set_value(sc_value_type vt, void *dense, size_t k,
                                  int v, int add) {
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
#define FUZZ_SET_INT(V, T)                                                     \
  case V: {                                                                    \
    T *d = dense;                                                              \
    d[k] = (T)((uint64_t)(add ? d[k] : 0) + (uint64_t)(int64_t)v);             \
    break;                                                                     \
  }
  FUZZ_SET_INT(SC_I64, int64_t)
  FUZZ_SET_INT(SC_I32, int32_t)
  FUZZ_SET_INT(SC_U64, uint64_t)
  FUZZ_SET_INT(SC_U32, uint32_t)
  FUZZ_SET_INT(SC_I16, int16_t)
  FUZZ_SET_INT(SC_U16, uint16_t)
  FUZZ_SET_INT(SC_I8, int8_t)
  FUZZ_SET_INT(SC_U8, uint8_t)
#undef FUZZ_SET_INT
  }
}

/* Aborts unless t's dense form and every lookup equal `want`. */
static inline void fuzz_check_dense(sc_tensor *t, const void *want,
                                    size_t count, const int64_t *dims,
                                    int rank, const char *what) {
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

#endif /* SC_FUZZ_ENC_H */
