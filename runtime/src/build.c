/* build.c — level-by-level assembly of storage from entries sorted in
 * level order (the last phase of the seed-004 conversion scheme). For each
 * level, top to bottom: an attribute query sizes the level in one pass over
 * the entries (children per parent position, largest coordinate), the
 * arrays are allocated once at their final width, then a second pass
 * inserts the coordinates and moves every entry to its position in the new
 * level. The values go last, one per position of the last level. */
#include "sc_internal.h"

#include <stdlib.h>

#define SC_LC(i, l) (lc[ord[i] * stride + (size_t)(l)])

static sc_status sc_pos_fits(const sc_tensor *t, int l, uint64_t v) {
  int bits = t->pos_bytes * 8;
  if (bits < 64 && v >> bits)
    return sc_set_error(SC_ERR_WIDTH_OVERFLOW,
                        "level %d: position %llu does not fit posWidth = %d "
                        "(use a wider posWidth)",
                        l, (unsigned long long)v, t->enc.pos_width);
  return SC_OK;
}

static sc_status sc_crd_fits(const sc_tensor *t, int l, uint64_t v) {
  if (t->crd_bits < 64 && v >> t->crd_bits)
    return sc_set_error(SC_ERR_WIDTH_OVERFLOW,
                        "level %d: coordinate %llu does not fit crdWidth = %d "
                        "(use a wider crdWidth)",
                        l, (unsigned long long)v, t->enc.crd_width);
  return SC_OK;
}

/* Compressed and loose_compressed levels. */
static sc_status sc_build_compressed(const sc_tensor *t, int l, size_t np,
                                     const int64_t *lc, size_t stride,
                                     const size_t *ord, size_t n,
                                     uint64_t *epos, sc_storage *s,
                                     size_t *np_out) {
  const sc_level_type *lt = &t->enc.lvl_types[l];
  int loose = lt->format == SC_LVL_LOOSE_COMPRESSED;
  int nonunique = (lt->props & SC_PROP_NONUNIQUE) != 0;
  int pb = t->pos_bytes, cb = t->crd_bytes;
  size_t k = 0, npos;
  uint64_t maxc = 0;
  sc_status st;
  /* Attribute query: number of children, largest coordinate. */
  for (size_t i = 0; i < n; i++) {
    if (i == 0 || nonunique || epos[i] != epos[i - 1] ||
        SC_LC(i, l) != SC_LC(i - 1, l))
      k++;
    if ((uint64_t)SC_LC(i, l) > maxc)
      maxc = (uint64_t)SC_LC(i, l);
  }
  if ((st = sc_pos_fits(t, l, k)) || (st = sc_crd_fits(t, l, maxc)))
    return st;
  if (loose) {
    if (!sc_mul_sz(np, 2, &npos))
      return sc_set_error(SC_ERR_SIZE_OVERFLOW, "level %d: too many positions",
                          l);
  } else {
    if (np == SIZE_MAX)
      return sc_set_error(SC_ERR_SIZE_OVERFLOW, "level %d: too many positions",
                          l);
    npos = np + 1;
  }
  if ((st = sc_alloc(&s->lv[l].pos, npos, (size_t)pb, 1, "positions")))
    return st;
  s->lv[l].npos = npos;
  if ((st = sc_alloc(&s->lv[l].crd, k, (size_t)cb, 0, "coordinates")))
    return st;
  s->lv[l].ncrd = k;
  /* Coordinate insertion; children counted per parent in pos. */
  k = 0;
  for (size_t i = 0, prev = 0; i < n; i++) {
    size_t p = (size_t)epos[i]; /* parent; epos[i] becomes the child */
    if (i == 0 || nonunique || p != prev || SC_LC(i, l) != SC_LC(i - 1, l)) {
      size_t slot = loose ? 2 * p + 1 : p + 1;
      sc_st(s->lv[l].crd, cb, k, (uint64_t)SC_LC(i, l));
      sc_st(s->lv[l].pos, pb, slot, sc_ld(s->lv[l].pos, pb, slot) + 1);
      k++;
    }
    prev = p;
    epos[i] = k - 1;
  }
  if (loose) {
    uint64_t sum = 0;
    for (size_t p = 0; p < np; p++) {
      uint64_t c = sc_ld(s->lv[l].pos, pb, 2 * p + 1);
      sc_st(s->lv[l].pos, pb, 2 * p, sum);
      sum += c;
      sc_st(s->lv[l].pos, pb, 2 * p + 1, sum);
    }
  } else {
    uint64_t sum = 0;
    for (size_t p = 1; p <= np; p++) {
      sum += sc_ld(s->lv[l].pos, pb, p);
      sc_st(s->lv[l].pos, pb, p, sum);
    }
  }
  *np_out = k;
  return SC_OK;
}

static sc_status sc_build_singleton(const sc_tensor *t, int l, size_t np,
                                    const int64_t *lc, size_t stride,
                                    const size_t *ord, size_t n,
                                    const uint64_t *epos, sc_storage *s) {
  int cb = t->crd_bytes;
  sc_status st;
  for (size_t i = 0; i < n; i++) {
    if (i > 0 && epos[i] == epos[i - 1]) {
      char buf[256];
      sc_format_coords(buf, sizeof buf, lc + ord[i] * stride, t->lvl_rank);
      return sc_set_error(SC_ERR_UNSUPPORTED,
                          "singleton level %d: a parent position has more "
                          "than one child (level coordinates %s); make the "
                          "parent level nonunique",
                          l, buf);
    }
    if ((st = sc_crd_fits(t, l, (uint64_t)SC_LC(i, l))))
      return st;
  }
  /* Parents without an entry (under a dense level) get coordinate 0 and a
   * zero value: padding. */
  if ((st = sc_alloc(&s->lv[l].crd, np, (size_t)cb, 1, "coordinates")))
    return st;
  s->lv[l].ncrd = np;
  for (size_t i = 0; i < n; i++)
    sc_st(s->lv[l].crd, cb, (size_t)epos[i], (uint64_t)SC_LC(i, l));
  return SC_OK;
}

static sc_status sc_build_n_of_m(const sc_tensor *t, int l, size_t np,
                                 const int64_t *lc, size_t stride,
                                 const size_t *ord, size_t n, uint64_t *epos,
                                 sc_storage *s, size_t *np_out) {
  const sc_level_type *lt = &t->enc.lvl_types[l];
  size_t nn = (size_t)lt->n, m = (size_t)lt->m, total;
  int cb = t->crd_bytes;
  unsigned char *used = NULL;
  int64_t *slot = NULL; /* coordinate -> index within the block */
  sc_status st;
  if (!sc_mul_sz(np, nn, &total))
    return sc_set_error(SC_ERR_SIZE_OVERFLOW, "level %d: too many positions",
                        l);
  if ((st = sc_crd_fits(t, l, m - 1)))
    return st;
  if ((st = sc_alloc(&s->lv[l].crd, total, (size_t)cb, 0, "coordinates")))
    return st;
  s->lv[l].ncrd = total;
  for (size_t q = 0; q < total; q++)
    sc_st(s->lv[l].crd, cb, q, q % nn);
  if ((st = sc_alloc((void **)&used, m, 1, 1, "block scratch")))
    return st;
  if ((st = sc_alloc((void **)&slot, m, sizeof *slot, 0, "block scratch"))) {
    free(used);
    return st;
  }
  for (size_t a = 0; a < n;) {
    size_t b = a, distinct = 0, idx = 0;
    uint64_t p = epos[a];
    while (b < n && epos[b] == p)
      b++;
    memset(used, 0, m);
    for (size_t i = a; i < b; i++) {
      size_t c = (size_t)SC_LC(i, l);
      if (!used[c]) {
        used[c] = 1;
        distinct++;
      }
    }
    if (distinct > nn) {
      char buf[256];
      sc_format_coords(buf, sizeof buf, lc + ord[a] * stride, t->lvl_rank);
      free(used);
      free(slot);
      return sc_set_error(SC_ERR_UNSUPPORTED,
                          "level %d: a block holds %zu nonzeros, more than "
                          "the %zu of n_out_of_m[%zu, %zu] (block at level "
                          "coordinates %s)",
                          l, distinct, nn, nn, m, buf);
    }
    /* Fill up with the smallest unused coordinates, keep them ordered. */
    for (size_t c = 0; c < m && distinct < nn; c++)
      if (!used[c]) {
        used[c] = 2;
        distinct++;
      }
    for (size_t c = 0; c < m; c++)
      if (used[c]) {
        sc_st(s->lv[l].crd, cb, (size_t)p * nn + idx, c);
        slot[c] = (int64_t)idx++;
      }
    for (size_t i = a; i < b; i++)
      epos[i] = p * nn + (uint64_t)slot[(size_t)SC_LC(i, l)];
    a = b;
  }
  free(used);
  free(slot);
  *np_out = total;
  return SC_OK;
}

sc_status sc_build(const sc_tensor *t, const int64_t *lvl_sizes,
                   const int64_t *lc, size_t stride, const size_t *ord,
                   size_t n, const unsigned char *val, sc_storage *s) {
  uint64_t *epos = NULL;
  size_t np = 1;
  sc_status st;
  memset(s, 0, sizeof *s);
  memcpy(s->lvl_sizes, lvl_sizes, (size_t)t->lvl_rank * sizeof(int64_t));
  if ((st = sc_alloc((void **)&epos, n, sizeof *epos, 1, "entry positions")))
    return st;
  for (int l = 0; l < t->lvl_rank && st == SC_OK; l++) {
    size_t np2 = np;
    switch (t->enc.lvl_types[l].format) {
    case SC_LVL_DENSE: {
      size_t size = (size_t)lvl_sizes[l];
      if ((uint64_t)lvl_sizes[l] > SIZE_MAX || !sc_mul_sz(np, size, &np2)) {
        st = sc_set_error(SC_ERR_SIZE_OVERFLOW,
                          "dense level %d: %zu x %lld positions overflow", l,
                          np, (long long)lvl_sizes[l]);
        break;
      }
      for (size_t i = 0; i < n; i++)
        epos[i] = epos[i] * size + (uint64_t)SC_LC(i, l);
      break;
    }
    case SC_LVL_COMPRESSED:
    case SC_LVL_LOOSE_COMPRESSED:
      st = sc_build_compressed(t, l, np, lc, stride, ord, n, epos, s, &np2);
      break;
    case SC_LVL_SINGLETON:
      st = sc_build_singleton(t, l, np, lc, stride, ord, n, epos, s);
      break;
    case SC_LVL_N_OUT_OF_M:
      st = sc_build_n_of_m(t, l, np, lc, stride, ord, n, epos, s, &np2);
      break;
    }
    s->npos[l] = np2;
    np = np2;
  }
  if (st == SC_OK)
    st = sc_alloc(&s->values, np, t->vsize, 1, "values");
  if (st == SC_OK) {
    s->nvals = np;
    for (size_t i = 0; i < n; i++)
      memcpy((unsigned char *)s->values + epos[i] * t->vsize,
             val + ord[i] * t->vsize, t->vsize);
  }
  free(epos);
  if (st)
    sc_storage_free(s, t->lvl_rank);
  return st;
}
