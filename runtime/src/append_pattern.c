/* append_pattern.c — a sparse output whose entries are exactly the stored
 * entries of another tensor (the sampling operand of SDDMM): the generated
 * code copies that pattern once and computes only the values.
 *   sc_tensor_begin_append_pattern  t becomes a copy of src's positions and
 *       coordinates (the arrays of t's previous append reused when large
 *       enough) with one value per entry, for the caller to fill;
 *   sc_tensor_end_append_pattern    drops the entries whose value is zero
 *       when t's last level is unpadded (the caller counted them).
 * Both tensors are (dense, compressed) with ordered unique coordinates and
 * the same level sizes; otherwise begin reports that it does not apply and
 * the caller takes the row-wise append (append_rows.c). */
#include "sc_internal.h"

#include <stdlib.h>

/* (dense, compressed), ordered and unique, byte-wide coordinates, no
 * slices or counting level. */
static int pattern_shape(const sc_tensor *t) {
  const sc_level_type *l0 = &t->enc.lvl_types[0], *l1 = &t->enc.lvl_types[1];
  unsigned bad = SC_PROP_NONUNIQUE | SC_PROP_NONORDERED;
  return t->lvl_rank == 2 && !t->enc.has_slices && !t->info.has_count &&
         l0->format == SC_LVL_DENSE && l1->format == SC_LVL_COMPRESSED &&
         !(l1->props & bad) && t->crd_bits == 8 * t->crd_bytes;
}

/* Whether src's entries can be stored in t as they are. */
static int pattern_fits(const sc_tensor *t, const sc_tensor *src, size_t n) {
  if (t == src || !pattern_shape(t) || !pattern_shape(src) ||
      t->lvl_sizes[0] != src->lvl_sizes[0] ||
      t->lvl_sizes[1] != src->lvl_sizes[1])
    return 0;
  if (t->pos_bytes < 8 && (uint64_t)n >> (t->pos_bytes * 8))
    return 0; /* the row-wise append reports the overflow */
  return t->crd_bits >= 64 || t->lvl_sizes[1] <= 0 ||
         !((uint64_t)(t->lvl_sizes[1] - 1) >> t->crd_bits);
}

/* An array of n elements of `size`: the spare *spare when it holds n (it
 * then moves to *out, capacity in *cap), else a new one. */
static sc_status take(void **out, size_t *cap, void **spare, size_t *spare_cap,
                      size_t n, size_t size, const char *what) {
  if (*spare && *spare_cap >= n) {
    *out = *spare;
    *cap = *spare_cap;
    *spare = NULL;
    *spare_cap = 0;
    return SC_OK;
  }
  *cap = n;
  return sc_alloc(out, n, size, 0, what);
}

/* Copies n elements between arrays of (possibly) different widths. */
static void copy_width(void *dst, int db, const void *src, int sb, size_t n) {
  if (db == sb) {
    if (n)
      memcpy(dst, src, n * (size_t)db);
    return;
  }
  for (size_t i = 0; i < n; i++)
    sc_st(dst, db, i, sc_ld(src, sb, i));
}

sc_status sc_tensor_begin_append_pattern(sc_tensor *t, sc_tensor *src,
                                         int only_if_empty, void **values,
                                         int *applies) {
  sc_status st;
  if (!t || !src || !values || !applies)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT,
                        "sc_tensor_begin_append_pattern: NULL argument");
  *values = NULL;
  *applies = 0;
  if (t->appending)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT,
                        "sc_tensor_begin_append_pattern inside an append");
  if ((st = sc_tensor_finalize(src)))
    return st;
  if (!pattern_shape(src) || !src->lv[1].pos)
    return SC_OK;
  size_t nr = (size_t)src->lvl_sizes[0];
  size_t n = (size_t)sc_ld(src->lv[1].pos, src->pos_bytes, nr);
  if (!pattern_fits(t, src, n))
    return SC_OK;
  if (only_if_empty) {
    if ((st = sc_tensor_finalize(t)))
      return st;
    if (t->nvals)
      return SC_OK;
  }
  sc_rowapp *r = &t->ra;
  sc_rowapp_reclaim(t); /* the last append's arrays, as spares */
  sc_storage s;
  memset(&s, 0, sizeof s);
  memcpy(s.lvl_sizes, t->lvl_sizes, 2 * sizeof(int64_t));
  void *no_spare = NULL;
  size_t pcap = 0, ccap = 0, vcap = 0, no_cap = 0;
  if ((st = take(&s.lv[1].pos, &pcap, &r->pos, &r->pcap, nr + 1,
                 (size_t)t->pos_bytes, "positions")) ||
      (st = take(&s.lv[1].crd, &ccap,
                 t->crd_bytes == 8 ? (void **)&r->crd : &no_spare,
                 t->crd_bytes == 8 ? &r->ccap : &no_cap, n,
                 (size_t)t->crd_bytes, "coordinates")) ||
      (st = take(&s.values, &vcap, (void **)&r->val, &r->vcap, n, t->vsize,
                 "values"))) {
    sc_storage_free(&s, 2);
    return st;
  }
  copy_width(s.lv[1].pos, t->pos_bytes, src->lv[1].pos, src->pos_bytes,
             nr + 1);
  copy_width(s.lv[1].crd, t->crd_bytes, src->lv[1].crd, src->crd_bytes, n);
  s.npos[0] = nr;
  s.lv[1].npos = nr + 1;
  s.lv[1].ncrd = n;
  s.npos[1] = n;
  s.nvals = n;
  void *pos = s.lv[1].pos, *crd = s.lv[1].crd, *val = s.values;
  sc_storage_install(t, &s);
  sc_pending_free(t);
  sc_append_free(t);
  /* taken back as spares by the next append of t */
  r->ipos = pos;
  r->ipcap = pcap;
  if (t->crd_bytes == 8 && crd) {
    r->icrd = crd;
    r->iccap = ccap;
  }
  if (val) {
    r->ival = val;
    r->ivcap = vcap;
  }
  *values = val;
  *applies = 1;
  return SC_OK;
}

/* A kernel's zero filter, as in the generated code (`v != 0`): -0.0 too. */
static int value_is_zero(const void *v, sc_value_type vt) {
  return sc_val_equals_zero(vt, v);
}

sc_status sc_tensor_end_append_pattern(sc_tensor *t, size_t zeros) {
  if (!t)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT, "tensor is NULL");
  if (zeros == 0 || (t->enc.lvl_types[1].props & SC_PROP_PADDED))
    return SC_OK;
  if (!pattern_shape(t))
    return sc_set_error(SC_ERR_INVALID_ARGUMENT,
                        "sc_tensor_end_append_pattern: not a (dense, "
                        "compressed) tensor");
  size_t nr = (size_t)t->lvl_sizes[0], vs = t->vsize, q = 0;
  int pb = t->pos_bytes, cb = t->crd_bytes;
  unsigned char *val = t->values;
  size_t b = (size_t)sc_ld(t->lv[1].pos, pb, 0);
  for (size_t i = 0; i < nr; i++) {
    size_t e = (size_t)sc_ld(t->lv[1].pos, pb, i + 1);
    for (size_t p = b; p < e; p++) {
      if (value_is_zero(val + p * vs, t->vt))
        continue;
      if (q != p) {
        sc_st(t->lv[1].crd, cb, q, sc_ld(t->lv[1].crd, cb, p));
        memmove(val + q * vs, val + p * vs, vs);
      }
      q++;
    }
    sc_st(t->lv[1].pos, pb, i + 1, q);
    b = e;
  }
  t->lv[1].ncrd = q;
  t->npos[1] = q;
  t->nvals = q;
  return SC_OK;
}
