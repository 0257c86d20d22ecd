/* slice.c — dimension slices (MLIR's slice views): a sliced tensor stores
 * the whole underlying array (its stored extents, t->dim_sizes) in the
 * level format of its map, and shows the view V[v] = A[off + v * stride]
 * for v < size on every dimension. This file owns the checks of a view
 * against the stored extents, the view <-> stored coordinate maps, the
 * count of the entries a view shows, and sc_tensor_slice (a view of a
 * tensor). Everything that reads a tensor as the user sees it (lookup,
 * scatter to dense, conversion, Matrix Market and FROSTT writing, the
 * queries) goes through these maps; raw storage accessors show the stored
 * array. */
#include "sc_internal.h"

#include <stdlib.h>

sc_status sc_slice_validate(const sc_tensor *t) {
  if (!t->enc.has_slices)
    return SC_OK;
  for (int d = 0; d < t->dim_rank; d++) {
    const sc_dim_slice *s = &t->enc.slices[d];
    int64_t last;
    if (s->offset < 0 || s->size < 0 || s->stride < 0)
      return sc_set_error(SC_ERR_INVALID_ARGUMENT,
                          "dimension %d: slice (%lld, %lld, %lld) has a "
                          "dynamic ('?') value that was not supplied",
                          d, (long long)s->offset, (long long)s->size,
                          (long long)s->stride);
    if (s->size == 0 || s->stride == 0)
      return sc_set_error(SC_ERR_BAD_ENCODING,
                          "dimension %d: slice size and stride must be "
                          "positive, not (%lld, %lld)",
                          d, (long long)s->size, (long long)s->stride);
    if (!sc_mul_i64(s->size - 1, s->stride, &last) ||
        last > INT64_MAX - s->offset ||
        s->offset + last >= t->dim_sizes[d])
      return sc_set_error(SC_ERR_OUT_OF_RANGE,
                          "dimension %d: slice (%lld, %lld, %lld) reaches "
                          "past the stored extent %lld",
                          d, (long long)s->offset, (long long)s->size,
                          (long long)s->stride, (long long)t->dim_sizes[d]);
  }
  return SC_OK;
}

sc_status sc_view_to_stored(const sc_tensor *t, const int64_t *vc,
                            int64_t *dc) {
  for (int d = 0; d < t->dim_rank; d++) {
    if (vc[d] < 0 || vc[d] >= sc_view_size(t, d)) {
      char a[256], b[256];
      int64_t sz[SC_MAX_RANK];
      for (int e = 0; e < t->dim_rank; e++)
        sz[e] = sc_view_size(t, e);
      sc_format_coords(a, sizeof a, vc, t->dim_rank);
      sc_format_coords(b, sizeof b, sz, t->dim_rank);
      return sc_set_error(SC_ERR_OUT_OF_RANGE,
                          "coordinate %s is outside the dimension sizes %s "
                          "(dimension %d: %lld not in [0, %lld))",
                          a, b, d, (long long)vc[d], (long long)sz[d]);
    }
    dc[d] = t->enc.has_slices
                ? t->enc.slices[d].offset + vc[d] * t->enc.slices[d].stride
                : vc[d];
  }
  return SC_OK;
}

typedef struct sc_count_ctx {
  const sc_tensor *t;
  size_t n;
} sc_count_ctx;

static int sc_count_visit(void *vctx, const int64_t *lc, size_t vpos) {
  sc_count_ctx *c = vctx;
  int64_t dc[SC_MAX_RANK];
  (void)vpos;
  if (sc_lvl_to_dim(c->t, lc, dc) && sc_view_of(c->t, dc))
    c->n++;
  return 0;
}

size_t sc_view_nnz(const sc_tensor *t) {
  sc_count_ctx c;
  if (!t->enc.has_slices)
    return t->nvals;
  c.t = t;
  c.n = 0;
  if (t->nvals)
    sc_walk(t, sc_count_visit, &c);
  return c.n;
}

sc_status sc_tensor_slice(sc_tensor **out, const sc_tensor *parent,
                          const int64_t *offsets, const int64_t *sizes,
                          const int64_t *strides) {
  sc_tensor *t = NULL;
  sc_dim_slice v[SC_MAX_RANK];
  sc_status st;
  if (!out)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT, "out is NULL");
  *out = NULL;
  if (!parent || !offsets || !sizes || !strides)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT, "NULL argument");
  /* the view is relative to what the parent shows: compose with its slice */
  for (int d = 0; d < parent->dim_rank; d++) {
    int64_t ext = sc_view_size(parent, d), last, po = 0, ps = 1;
    if (offsets[d] < 0 || sizes[d] <= 0 || strides[d] <= 0)
      return sc_set_error(SC_ERR_INVALID_ARGUMENT,
                          "dimension %d: slice (%lld, %lld, %lld) needs an "
                          "offset >= 0, a size > 0 and a stride > 0",
                          d, (long long)offsets[d], (long long)sizes[d],
                          (long long)strides[d]);
    if (!sc_mul_i64(sizes[d] - 1, strides[d], &last) ||
        last > INT64_MAX - offsets[d] || offsets[d] + last >= ext)
      return sc_set_error(SC_ERR_OUT_OF_RANGE,
                          "dimension %d: slice (%lld, %lld, %lld) reaches "
                          "past the extent %lld",
                          d, (long long)offsets[d], (long long)sizes[d],
                          (long long)strides[d], (long long)ext);
    if (parent->enc.has_slices) {
      po = parent->enc.slices[d].offset;
      ps = parent->enc.slices[d].stride;
    }
    /* in range of the parent's view, so no overflow: po + off * ps and
     * ps * stride stay below the stored extent times the strides */
    v[d].offset = po + offsets[d] * ps;
    v[d].size = sizes[d];
    if (!sc_mul_i64(ps, strides[d], &v[d].stride))
      return sc_set_error(SC_ERR_SIZE_OVERFLOW,
                          "dimension %d: the composed stride overflows", d);
  }
  if ((st = sc_tensor_copy(&t, parent)))
    return st;
  t->enc.has_slices = 1;
  for (int d = 0; d < t->dim_rank; d++)
    t->enc.slices[d] = v[d];
  if ((st = sc_slice_validate(t))) {
    sc_tensor_free(t);
    return st;
  }
  *out = t;
  return SC_OK;
}

size_t sc_crd_lower_bound(const void *crd, size_t width, size_t lo,
                          size_t hi, uint64_t key) {
  int bytes = width == 1 || width == 2 || width == 4 ? (int)width : 8;
  if (!crd)
    return hi;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (sc_ld(crd, bytes, mid) < key)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}
