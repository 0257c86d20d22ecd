/* iterate.c — walking the stored entries of a tensor level by level (the
 * coordinate-hierarchy traversal every reader shares), gathering them as
 * dimension-coordinate entries, and scattering them to dense arrays. */
#include "sc_internal.h"

#include <stdlib.h>

void sc_child_range(const sc_tensor *t, int l, size_t p, size_t *lo,
                    size_t *hi) {
  const sc_level_store *lv = &t->lv[l];
  switch (t->enc.lvl_types[l].format) {
  case SC_LVL_DENSE:
    *lo = p * (size_t)t->lvl_sizes[l];
    *hi = *lo + (size_t)t->lvl_sizes[l];
    break;
  case SC_LVL_COMPRESSED:
    *lo = (size_t)sc_ld(lv->pos, t->pos_bytes, p);
    *hi = (size_t)sc_ld(lv->pos, t->pos_bytes, p + 1);
    break;
  case SC_LVL_LOOSE_COMPRESSED:
    *lo = (size_t)sc_ld(lv->pos, t->pos_bytes, 2 * p);
    *hi = (size_t)sc_ld(lv->pos, t->pos_bytes, 2 * p + 1);
    break;
  case SC_LVL_SINGLETON:
    *lo = p;
    *hi = p + 1;
    break;
  case SC_LVL_N_OUT_OF_M:
    *lo = p * (size_t)t->enc.lvl_types[l].n;
    *hi = *lo + (size_t)t->enc.lvl_types[l].n;
    break;
  }
}

int64_t sc_child_crd(const sc_tensor *t, int l, size_t p, size_t q) {
  if (t->enc.lvl_types[l].format == SC_LVL_DENSE)
    return (int64_t)(q - p * (size_t)t->lvl_sizes[l]);
  return (int64_t)sc_ld(t->lv[l].crd, t->crd_bytes, q);
}

static int sc_walk_rec(const sc_tensor *t, int l, size_t p, int64_t *lc,
                       sc_visit_fn fn, void *ctx) {
  size_t lo, hi;
  sc_child_range(t, l, p, &lo, &hi);
  for (size_t q = lo; q < hi; q++) {
    int r;
    lc[l] = sc_child_crd(t, l, p, q);
    r = l + 1 == t->lvl_rank ? fn(ctx, lc, q)
                             : sc_walk_rec(t, l + 1, q, lc, fn, ctx);
    if (r)
      return r;
  }
  return 0;
}

int sc_walk(const sc_tensor *t, sc_visit_fn fn, void *ctx) {
  int64_t lc[SC_MAX_LEVELS] = {0};
  return sc_walk_rec(t, 0, 0, lc, fn, ctx);
}

typedef struct sc_gather_ctx {
  const sc_tensor *t;
  int skip_zeros, view;
  int64_t *dc;
  unsigned char *val;
  size_t n;
} sc_gather_ctx;

static int sc_gather_visit(void *vctx, const int64_t *lc, size_t vpos) {
  sc_gather_ctx *g = vctx;
  const sc_tensor *t = g->t;
  const unsigned char *v = (const unsigned char *)t->values + vpos * t->vsize;
  if (g->skip_zeros && sc_val_is_zero(t->vt, v))
    return 0;
  if (!sc_lvl_to_dim(t, lc, g->dc + g->n * (size_t)t->dim_rank))
    return 0; /* block padding outside the dimensions */
  if (g->view && !sc_view_of(t, g->dc + g->n * (size_t)t->dim_rank))
    return 0; /* outside the slice */
  memcpy(g->val + g->n * t->vsize, v, t->vsize);
  g->n++;
  return 0;
}

sc_status sc_gather(const sc_tensor *t, int skip_zeros, int view,
                    int64_t **dc, unsigned char **val, size_t *n) {
  sc_gather_ctx g;
  sc_status st;
  size_t cap = t->nvals;
  *dc = NULL;
  *val = NULL;
  *n = 0;
  memset(&g, 0, sizeof g);
  g.t = t;
  g.skip_zeros = skip_zeros;
  g.view = view;
  if ((st = sc_alloc((void **)&g.dc, cap, (size_t)t->dim_rank * sizeof(int64_t),
                     0, "gathered coordinates")))
    return st;
  if ((st = sc_alloc((void **)&g.val, cap, t->vsize, 0, "gathered values"))) {
    free(g.dc);
    return st;
  }
  if (cap)
    sc_walk(t, sc_gather_visit, &g);
  *dc = g.dc;
  *val = g.val;
  *n = g.n;
  return SC_OK;
}

/* ---- scatter to dense ---- */

typedef struct sc_scatter_ctx {
  const sc_tensor *t;
  unsigned char *dense;    /* row-major block, or NULL */
  void *const *rows;       /* 2-D row pointers, or NULL */
  size_t strides[SC_MAX_RANK];
  int add;
} sc_scatter_ctx;

static int sc_scatter_visit(void *vctx, const int64_t *lc, size_t vpos) {
  sc_scatter_ctx *c = vctx;
  const sc_tensor *t = c->t;
  int64_t dc[SC_MAX_RANK];
  unsigned char *dst;
  const unsigned char *v = (const unsigned char *)t->values + vpos * t->vsize;
  if (!sc_lvl_to_dim(t, lc, dc) || !sc_view_of(t, dc))
    return 0;
  if (c->rows) {
    dst = (unsigned char *)c->rows[dc[0]] + (size_t)dc[1] * t->vsize;
  } else {
    size_t off = 0;
    for (int d = 0; d < t->dim_rank; d++)
      off += (size_t)dc[d] * c->strides[d];
    dst = c->dense + off * t->vsize;
  }
  /* duplicates (nonunique levels) are summed; a -0.0 on an element no
   * entry wrote yet is copied (+0.0 + -0.0 would be +0.0) */
  if (c->add && !(sc_val_is_zero(t->vt, dst) && sc_val_equals_zero(t->vt, v)))
    sc_val_add(t->vt, dst, v);
  else
    memcpy(dst, v, t->vsize);
  return 0;
}

/* Number of elements of the dense block, overflow-checked in bytes too. */
static sc_status sc_dense_count(const sc_tensor *t, size_t *count) {
  size_t c = 1, bytes;
  for (int d = 0; d < t->dim_rank; d++)
    if ((uint64_t)sc_view_size(t, d) > SIZE_MAX ||
        !sc_mul_sz(c, (size_t)sc_view_size(t, d), &c))
      return sc_set_error(SC_ERR_SIZE_OVERFLOW,
                          "the dense size of the tensor overflows size_t");
  if (!sc_mul_sz(c, t->vsize, &bytes))
    return sc_set_error(SC_ERR_SIZE_OVERFLOW,
                        "the dense size of the tensor overflows size_t");
  *count = c;
  return SC_OK;
}

sc_status sc_tensor_to_dense(sc_tensor *t, void *dense) {
  sc_scatter_ctx c;
  size_t count = 0, s = 1;
  sc_status st;
  if (!t || !dense)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT, "NULL argument");
  if ((st = sc_tensor_finalize(t)) || (st = sc_dense_count(t, &count)))
    return st;
  memset(dense, 0, count * t->vsize);
  memset(&c, 0, sizeof c);
  c.t = t;
  c.dense = dense;
  c.add = t->info.nonunique;
  for (int d = t->dim_rank - 1; d >= 0; d--) {
    c.strides[d] = s;
    s *= (size_t)sc_view_size(t, d);
  }
  if (count && t->nvals)
    sc_walk(t, sc_scatter_visit, &c);
  return SC_OK;
}

sc_status sc_tensor_to_dense_rows(sc_tensor *t, void *const *rows) {
  sc_scatter_ctx c;
  size_t count = 0;
  sc_status st;
  if (!t || !rows)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT, "NULL argument");
  if (t->dim_rank != 2)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT,
                        "row pointers need a 2-D tensor, not rank %d",
                        t->dim_rank);
  if ((st = sc_tensor_finalize(t)) || (st = sc_dense_count(t, &count)))
    return st;
  for (int64_t i = 0; sc_view_size(t, 1) && i < sc_view_size(t, 0); i++)
    if (!rows[i])
      return sc_set_error(SC_ERR_INVALID_ARGUMENT, "row %lld is NULL",
                          (long long)i);
  for (int64_t i = 0; i < sc_view_size(t, 0); i++)
    memset(rows[i], 0, (size_t)sc_view_size(t, 1) * t->vsize);
  memset(&c, 0, sizeof c);
  c.t = t;
  c.rows = rows;
  c.add = t->info.nonunique;
  if (count && t->nvals)
    sc_walk(t, sc_scatter_visit, &c);
  return SC_OK;
}
