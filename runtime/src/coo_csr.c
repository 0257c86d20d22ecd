/* coo_csr.c — the COO -> CSR/CSC fast path of assembly: two counting
 * sorts (LSD: by the minor coordinate, then stably by the major one) put
 * every row in order without a comparison; the major counts are the
 * attribute query that sizes the positions; one last pass merges
 * duplicates and writes coordinates and values at their final widths. Used for (d0 : dense, d1 : compressed) maps
 * with d0, d1 a permutation of the two dimensions; other maps take the
 * generic path of assemble.c. */
#include "sc_internal.h"

#include <stdlib.h>

/* Entries travel with their payload so both passes read sequentially and
 * only write at random. */
typedef struct sc_ce3 {
  int64_t major, minor;
  uint64_t v; /* the value's bytes (<= 8) */
} sc_ce3;
typedef struct sc_ce {
  int64_t crd; /* minor coordinate */
  uint64_t v;
} sc_ce;

int sc_csr_fast_applies(const sc_tensor *t) {
  const sc_encoding *e = &t->enc;
  if (e->dim_rank != 2 || e->lvl_rank != 2 || t->info.has_count)
    return 0;
  if (e->lvl_types[0].format != SC_LVL_DENSE ||
      e->lvl_types[1].format != SC_LVL_COMPRESSED ||
      (e->lvl_types[1].props & (SC_PROP_NONUNIQUE | SC_PROP_PADDED)))
    return 0;
  for (int l = 0; l < 2; l++) {
    const sc_level_expr *x = &e->lvl_exprs[l];
    if (x->kind != SC_LEXPR_AFFINE || x->constant != 0)
      return 0;
  }
  return (e->lvl_exprs[0].coef[0] == 1 && e->lvl_exprs[0].coef[1] == 0 &&
          e->lvl_exprs[1].coef[0] == 0 && e->lvl_exprs[1].coef[1] == 1) ||
         (e->lvl_exprs[0].coef[0] == 0 && e->lvl_exprs[0].coef[1] == 1 &&
          e->lvl_exprs[1].coef[0] == 1 && e->lvl_exprs[1].coef[1] == 0);
}

sc_status sc_assemble_csr_fast(sc_tensor *t, const int64_t *dc,
                               const unsigned char *val, size_t n, int dup) {
  int major = t->enc.lvl_exprs[0].coef[0] == 1 ? 0 : 1, minor = 1 - major;
  size_t rows = (size_t)t->dim_sizes[major], vs = t->vsize, k = 0;
  int pb = t->pos_bytes, cb = t->crd_bytes;
  size_t cols = (size_t)t->dim_sizes[minor];
  size_t *next = NULL, *cnt = NULL;
  sc_ce3 *tmp = NULL;
  sc_ce *ce = NULL;
  unsigned char *vals;
  sc_storage s;
  sc_status st;
  memset(&s, 0, sizeof s);
  s.lvl_sizes[0] = t->lvl_sizes[0];
  s.lvl_sizes[1] = t->lvl_sizes[1];
  if (rows == SIZE_MAX || cols == SIZE_MAX)
    return sc_set_error(SC_ERR_SIZE_OVERFLOW, "too many rows");
  if ((st = sc_alloc((void **)&next, rows + 1, sizeof *next, 1,
                     "row counts")) ||
      (st = sc_alloc((void **)&cnt, cols + 1, sizeof *cnt, 1,
                     "column counts")) ||
      (st = sc_alloc((void **)&tmp, n, sizeof *tmp, 0, "entry buffer")) ||
      (st = sc_alloc((void **)&ce, n, sizeof *ce, 0, "row entries")) ||
      (st = sc_alloc(&s.lv[1].pos, rows + 1, (size_t)pb, 1, "positions")) ||
      (st = sc_alloc(&s.lv[1].crd, n, (size_t)cb, 0, "coordinates")) ||
      (st = sc_alloc(&s.values, n, vs, 0, "values")))
    goto done;
  s.lv[1].npos = rows + 1;
  vals = s.values;
  /* Attribute queries: entries per row and per column. */
  for (size_t i = 0; i < n; i++) {
    next[(size_t)dc[2 * i + (size_t)major] + 1]++;
    cnt[(size_t)dc[2 * i + (size_t)minor] + 1]++;
  }
  for (size_t r = 0; r < rows; r++)
    next[r + 1] += next[r];
  for (size_t c = 0; c < cols; c++)
    cnt[c + 1] += cnt[c];
  /* Pass 1: by column. Pass 2: stably by row; next[r] ends as the end of
   * row r. Ties keep the input order. */
  for (size_t i = 0; i < n; i++) {
    sc_ce3 *d = &tmp[cnt[(size_t)dc[2 * i + (size_t)minor]]++];
    d->major = dc[2 * i + (size_t)major];
    d->minor = dc[2 * i + (size_t)minor];
    d->v = 0;
    memcpy(&d->v, val + i * vs, vs);
  }
  for (size_t j = 0; j < n; j++) {
    sc_ce *d = &ce[next[(size_t)tmp[j].major]++];
    d->crd = tmp[j].minor;
    d->v = tmp[j].v;
  }
  /* Merge duplicates, write crd and values. */
  for (size_t r = 0, lo = 0; r < rows; r++) {
    size_t hi = next[r], row_start = k;
    for (size_t i = lo; i < hi; i++) {
      const void *v = &ce[i].v;
      if (k > row_start && i > lo && ce[i - 1].crd == ce[i].crd) {
        if (dup == SC_DUP_REJECT) {
          char buf[128];
          int64_t c[2];
          c[major] = (int64_t)r;
          c[minor] = ce[i].crd;
          sc_format_coords(buf, sizeof buf, c, 2);
          st = sc_set_error(SC_ERR_DUPLICATE, "duplicate entry at %s", buf);
          goto done;
        }
        sc_val_add(t->vt, vals + (k - 1) * vs, v);
        continue;
      }
      if (t->crd_bits < 64 && (uint64_t)ce[i].crd >> t->crd_bits) {
        st = sc_set_error(SC_ERR_WIDTH_OVERFLOW,
                          "level 1: coordinate %lld does not fit crdWidth = "
                          "%d (use a wider crdWidth)",
                          (long long)ce[i].crd, t->enc.crd_width);
        goto done;
      }
      sc_st(s.lv[1].crd, cb, k, (uint64_t)ce[i].crd);
      if (vs == 8)
        memcpy(vals + k * 8, v, 8);
      else
        memcpy(vals + k * 4, v, 4);
      k++;
    }
    if (pb < 8 && (uint64_t)k >> (pb * 8)) {
      st = sc_set_error(SC_ERR_WIDTH_OVERFLOW,
                        "level 1: position %zu does not fit posWidth = %d "
                        "(use a wider posWidth)",
                        k, t->enc.pos_width);
      goto done;
    }
    sc_st(s.lv[1].pos, pb, r + 1, k);
    lo = hi;
  }
  s.lv[1].ncrd = k;
  s.nvals = k;
  s.npos[0] = rows;
  s.npos[1] = k;
  /* Duplicates merged: give back the unused tail. */
  if (k < n && k > 0) {
    void *p = realloc(s.lv[1].crd, k * (size_t)cb);
    if (p)
      s.lv[1].crd = p;
    p = realloc(s.values, k * vs);
    if (p)
      s.values = p;
  } else if (k == 0) {
    free(s.lv[1].crd);
    free(s.values);
    s.lv[1].crd = NULL;
    s.values = NULL;
  }
done:
  free(next);
  free(cnt);
  free(tmp);
  free(ce);
  if (st) {
    sc_storage_free(&s, 2);
    return st;
  }
  sc_storage_install(t, &s);
  return SC_OK;
}
