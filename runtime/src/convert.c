/* convert.c — conversion between any two encodings, organised as in the
 * PLDI'20 format-conversion scheme: (1) coordinate remapping: walk the
 * source's coordinate hierarchy and map every stored entry through the
 * source's lvl->dim inverse and the target's dim->lvl map (counters for
 * ELL counting levels); (2) attribute queries that size each target level
 * in one pass; (3) level-by-level assembly. Phases 2-3 are build.c, shared
 * with every other way of assembling a tensor, so there is one generic
 * path and no table of format pairs. Fast paths: a target with the same
 * levels is a copy (re-packed when only the widths differ); entries that
 * already come out in target order skip the sort (e.g. COO -> CSR); small
 * level ranges sort by counting (e.g. CSR -> CSC). */
#include "sc_internal.h"

#include <stdlib.h>

static int sc_same_levels(const sc_encoding *a, const sc_encoding *b) {
  if (a->dim_rank != b->dim_rank || a->lvl_rank != b->lvl_rank ||
      a->has_slices || b->has_slices)
    return 0;
  for (int l = 0; l < a->lvl_rank; l++) {
    const sc_level_type *x = &a->lvl_types[l], *y = &b->lvl_types[l];
    const sc_level_expr *e = &a->lvl_exprs[l], *f = &b->lvl_exprs[l];
    if (x->format != y->format || x->props != y->props)
      return 0;
    if (x->format == SC_LVL_N_OUT_OF_M && (x->n != y->n || x->m != y->m))
      return 0;
    if (e->kind != f->kind || e->constant != f->constant ||
        e->divisor != f->divisor)
      return 0;
    if (e->kind == SC_LEXPR_COUNT && e->divisor == 0)
      return 0; /* sized by the data: rebuild */
    for (int d = 0; d < SC_MAX_RANK; d++)
      if (e->coef[d] != f->coef[d])
        return 0;
  }
  return 1;
}

/* Copies an array of n unsigned elements between widths, checking fit. */
static sc_status sc_rewidth(void **dst, const void *src, size_t n, int sb,
                            int db, int dbits, const char *what, int l,
                            int width) {
  sc_status st = sc_alloc(dst, n, (size_t)db, 0, what);
  if (st)
    return st;
  for (size_t i = 0; i < n; i++) {
    uint64_t v = sc_ld(src, sb, i);
    if (dbits < 64 && v >> dbits)
      return sc_set_error(SC_ERR_WIDTH_OVERFLOW,
                          "level %d: %s value %llu does not fit width %d", l,
                          what, (unsigned long long)v, width);
    sc_st(*dst, db, i, v);
  }
  return SC_OK;
}

static sc_status sc_convert_same_levels(sc_tensor *t, const sc_tensor *src) {
  sc_storage s;
  sc_status st = SC_OK;
  memset(&s, 0, sizeof s);
  for (int l = 0; l < t->lvl_rank && st == SC_OK; l++) {
    s.lvl_sizes[l] = src->lvl_sizes[l];
    s.npos[l] = src->npos[l];
    s.lv[l].npos = src->lv[l].npos;
    s.lv[l].ncrd = src->lv[l].ncrd;
    st = sc_rewidth(&s.lv[l].pos, src->lv[l].pos, src->lv[l].npos,
                    src->pos_bytes, t->pos_bytes, t->pos_bytes * 8,
                    "position", l, t->enc.pos_width);
    if (st == SC_OK)
      st = sc_rewidth(&s.lv[l].crd, src->lv[l].crd, src->lv[l].ncrd,
                      src->crd_bytes, t->crd_bytes, t->crd_bits, "coordinate",
                      l, t->enc.crd_width);
  }
  if (st == SC_OK)
    st = sc_alloc(&s.values, src->nvals, t->vsize, 0, "values");
  if (st) {
    sc_storage_free(&s, t->lvl_rank);
    return st;
  }
  if (src->nvals)
    memcpy(s.values, src->values, src->nvals * t->vsize);
  s.nvals = src->nvals;
  sc_storage_install(t, &s);
  return SC_OK;
}

sc_status sc_tensor_convert(sc_tensor **out, const sc_tensor *src_c,
                            const sc_encoding *enc) {
  /* Pending inserts of src are applied first (see sc_tensor_copy). */
  sc_tensor *src = (sc_tensor *)(uintptr_t)src_c, *t = NULL;
  int64_t *dc = NULL;
  unsigned char *vals = NULL;
  size_t n = 0;
  sc_status st;
  if (!out)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT, "out is NULL");
  *out = NULL;
  if (!src || !enc)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT, "NULL argument");
  if (enc->dim_rank != src->dim_rank)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT,
                        "cannot convert a rank-%d tensor to an encoding of "
                        "rank %d",
                        src->dim_rank, enc->dim_rank);
  if ((st = sc_tensor_finalize(src)))
    return st;
  if ((st = sc_tensor_new(&t, enc, src->vt, src->dim_sizes)))
    return st;
  if (sc_same_levels(&src->enc, enc)) {
    st = sc_convert_same_levels(t, src);
  } else {
    /* (1) coordinate remapping: source levels -> dimensions; the target's
     * dim -> lvl map is applied by the assembly pipeline. */
    int pad = sc_tensor_may_pad(src);
    st = sc_gather(src, pad && t->info.filter_mode == SC_FILTER_DROP_ALL, &dc,
                   &vals, &n);
    /* (2) + (3) attribute queries and level-by-level assembly. Zeros of a
     * source that may pad go through the target's zero filter; an unpadded
     * source holds only entries someone gave, explicit zeros included. */
    if (st == SC_OK)
      st = sc_assemble(t, dc, vals, n, SC_DUP_SUM, 0, pad ? 0 : n);
  }
  free(dc);
  free(vals);
  if (st) {
    sc_tensor_free(t);
    return st;
  }
  *out = t;
  return SC_OK;
}
