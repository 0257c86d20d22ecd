/* build_sorted.c — storage built straight from sorted, unique packed level
 * keys (finalization of pending inserts for encodings made of dense levels
 * then unique, ordered, unpadded compressed levels: CSR, CSC, DCSR, DCSC,
 * CSF, sparse vectors). Stored entries are merged in by one walk (a
 * pending key replaces a stored one, a pending zero removes it); one
 * counting pass sizes every level exactly at its final width, a second
 * fills them. The key and value buffers become the last level's
 * coordinates and the values in place (then shrunk), so no second full
 * copy of the entries exists when the tensor was empty. */
#include "sc_internal.h"

#include <stdlib.h>

int sc_sorted_build_applies(const sc_tensor *t) {
  int l = 0;
  if (t->pend.mode != SC_PEND_LVL || t->info.has_count ||
      t->info.nonunique || t->info.nonordered || t->info.has_fill ||
      t->info.filter_mode != SC_FILTER_DROP_ALL)
    return 0;
  while (l < t->lvl_rank && t->enc.lvl_types[l].format == SC_LVL_DENSE)
    l++;
  if (l == t->lvl_rank)
    return 0;
  for (; l < t->lvl_rank; l++) {
    const sc_level_type *lt = &t->enc.lvl_types[l];
    if (lt->format != SC_LVL_COMPRESSED || sc_level_is_padded(lt) ||
        (lt->props & (SC_PROP_NONUNIQUE | SC_PROP_NONORDERED)))
      return 0;
  }
  return 1;
}

/* sc_val_is_zero with the common f64 case inlined (+0.0 only). */
static inline int sc_zero(sc_value_type vt, const unsigned char *v) {
  if (vt == SC_F64) {
    uint64_t x;
    memcpy(&x, v, sizeof x);
    return x == 0;
  }
  return sc_val_is_zero(vt, v);
}

/* ---- merging stored entries with the pending ones ---- */

typedef struct sc_merge {
  const sc_tensor *t;
  const uint64_t *pk;
  const unsigned char *pv;
  size_t pi, pn;
  uint64_t *mk;
  unsigned char *mv;
  size_t m;
} sc_merge;

static void sc_merge_pending(sc_merge *g) {
  size_t vs = g->t->vsize;
  if (!sc_zero(g->t->vt, g->pv + g->pi * vs)) {
    g->mk[g->m] = g->pk[g->pi];
    sc_vcopy(g->mv + g->m * vs, g->pv + g->pi * vs, vs);
    g->m++;
  }
  g->pi++;
}

static int sc_merge_visit(void *ctx, const int64_t *lc, size_t vpos) {
  sc_merge *g = ctx;
  uint64_t key = sc_pending_pack(&g->t->pend, lc);
  size_t vs = g->t->vsize;
  while (g->pi < g->pn && g->pk[g->pi] < key)
    sc_merge_pending(g);
  if (g->pi < g->pn && g->pk[g->pi] == key) {
    sc_merge_pending(g); /* replaces (or removes) the stored entry */
    return 0;
  }
  g->mk[g->m] = key;
  sc_vcopy(g->mv + g->m * vs,
           (const unsigned char *)g->t->values + vpos * vs, vs);
  g->m++;
  return 0;
}

/* Leaves the merged entries in t->pend (key, val, n). */
static sc_status sc_merge_stored(sc_tensor *t) {
  sc_pending *p = &t->pend;
  sc_merge g;
  sc_status st;
  memset(&g, 0, sizeof g);
  g.t = t;
  g.pk = p->key;
  g.pv = p->val;
  g.pn = p->n;
  if (t->nvals > SIZE_MAX - p->n)
    return sc_set_error(SC_ERR_SIZE_OVERFLOW, "too many entries to merge");
  if ((st = sc_alloc((void **)&g.mk, t->nvals + p->n, sizeof *g.mk, 0,
                     "merged keys")))
    return st;
  if ((st = sc_alloc((void **)&g.mv, t->nvals + p->n, t->vsize, 0,
                     "merged values"))) {
    free(g.mk);
    return st;
  }
  sc_walk(t, sc_merge_visit, &g);
  while (g.pi < g.pn)
    sc_merge_pending(&g);
  free(p->key);
  free(p->val);
  p->key = g.mk;
  p->val = g.mv;
  p->n = p->cap = g.m;
  return SC_OK;
}

/* Empty tensor: only drop the zeros, in place. */
static void sc_drop_zeros(sc_tensor *t) {
  sc_pending *p = &t->pend;
  size_t out = 0, vs = t->vsize;
  for (size_t i = 0; i < p->n; i++)
    if (!sc_zero(t->vt, p->val + i * vs)) {
      if (out != i) {
        p->key[out] = p->key[i];
        sc_vcopy(p->val + out * vs, p->val + i * vs, vs);
      }
      out++;
    }
  p->n = out;
}

/* ---- building ---- */

/* Level coordinates of a key (c[a..L-1]); returns the flattened position
 * of the dense prefix (levels 0..a-1). One divide per compressed level. */
static inline uint64_t sc_split(uint64_t key, const uint64_t *size, int a,
                                int L, uint64_t *c) {
  for (int l = L - 1; l >= a; l--) {
    uint64_t qt = key / size[l];
    c[l] = key - qt * size[l];
    key = qt;
  }
  return key;
}

/* The last stored entry (levels a..L-1 in c, dense prefix in *top) and
 * its key; 0 when there is none or a compressed position has no child
 * (then the general merge handles it). */
static int sc_last_stored(const sc_tensor *t, const uint64_t *size, int a,
                          uint64_t *c, uint64_t *top, uint64_t *key) {
  int L = t->lvl_rank, pb = t->pos_bytes, cb = t->crd_bytes;
  size_t np = 1, q;
  uint64_t k;
  for (int l = 0; l < a; l++)
    np *= (size_t)size[l];
  /* The last dense-prefix position with children at level a. */
  q = np;
  while (q > 0 && sc_ld(t->lv[a].pos, pb, q) == sc_ld(t->lv[a].pos, pb, q - 1))
    q--;
  if (q == 0)
    return 0;
  *top = (uint64_t)(q - 1);
  k = *top;
  for (int l = a; l < L; l++) {
    size_t last = (size_t)sc_ld(t->lv[l].pos, pb, l == a ? q : q + 1);
    size_t first = (size_t)sc_ld(t->lv[l].pos, pb, l == a ? q - 1 : q);
    if (last == first)
      return 0;
    q = last - 1;
    c[l] = sc_ld(t->lv[l].crd, cb, q);
    k = k * size[l] + c[l];
  }
  *key = k;
  return 1;
}

static sc_status sc_grow_to(void **a, size_t n, size_t size,
                            const char *what) {
  void *np;
  size_t bytes;
  if (!sc_mul_sz(n, size, &bytes))
    return sc_set_error(SC_ERR_SIZE_OVERFLOW, "%s: size overflows", what);
  if (bytes == 0)
    return SC_OK;
  np = realloc(*a, bytes);
  if (!np)
    return sc_set_error(SC_ERR_NO_MEMORY, "%s: out of memory (%zu bytes)",
                        what, bytes);
  *a = np;
  return SC_OK;
}

sc_status sc_build_sorted(sc_tensor *t) {
  sc_pending *p = &t->pend;
  sc_rowapp_forget(t); /* the storage arrays are regrown in place */
  int L = t->lvl_rank, a = 0, cb = t->crd_bytes, pb = t->pos_bytes;
  int append = 0, have_prev = 0;
  uint64_t size[SC_MAX_LEVELS] = {0};
  size_t kold[SC_MAX_LEVELS] = {0}, k[SC_MAX_LEVELS] = {0};
  size_t npar[SC_MAX_LEVELS] = {0}, nparold[SC_MAX_LEVELS] = {0};
  size_t q[SC_MAX_LEVELS] = {0}, ps[SC_MAX_LEVELS], n;
  uint64_t maxc[SC_MAX_LEVELS] = {0}, c[SC_MAX_LEVELS] = {0};
  uint64_t pc[SC_MAX_LEVELS] = {0}, lc0[SC_MAX_LEVELS] = {0};
  uint64_t *key, top = 0, ptop = 0, ptop0 = 0, lastkey = 0;
  void *pos[SC_MAX_LEVELS] = {0}, *crd[SC_MAX_LEVELS] = {0};
  unsigned char *val;
  sc_storage s;
  sc_status st = SC_OK;
  memset(&s, 0, sizeof s);
  while (t->enc.lvl_types[a].format == SC_LVL_DENSE)
    a++;
  for (int l = 0; l < L; l++)
    size[l] = p->radix[l];
  /* Stored entries: appended to in place when every pending key comes
   * after the last stored one (the usual fill loop), merged otherwise. */
  if (t->nvals) {
    if (p->n && sc_last_stored(t, size, a, lc0, &ptop0, &lastkey) &&
        p->key[0] > lastkey) {
      append = have_prev = 1;
      for (int l = a; l < L; l++) {
        kold[l] = t->npos[l];
        pc[l] = lc0[l];
      }
      ptop = ptop0;
      sc_drop_zeros(t); /* new coordinates only */
    } else if ((st = sc_merge_stored(t))) {
      return st;
    }
  } else {
    sc_drop_zeros(t);
  }
  n = p->n;
  key = p->key;
  if (append && n == 0)
    return SC_OK;
  /* Attribute query: entries and largest coordinate of each level. Only
   * needed for levels above the last (the last has one entry per key) and
   * for widths narrower than 64 bits. */
  k[L - 1] = n;
  if (a < L - 1 || t->crd_bits < 64 || pb < 8) {
    for (size_t i = 0; i < n; i++) {
      int ch;
      top = sc_split(key[i], size, a, L, c);
      for (ch = a; ch < L - 1 && (i > 0 || have_prev) &&
                   (ch > a || top == ptop) && c[ch] == pc[ch];
           ch++)
        ;
      for (int l = ch; l < L - 1; l++)
        k[l]++;
      for (int l = a; l < L; l++) {
        if (c[l] > maxc[l])
          maxc[l] = c[l];
        pc[l] = c[l];
      }
      ptop = top;
    }
    for (int l = a; l < L; l++) {
      if (t->crd_bits < 64 && maxc[l] >> t->crd_bits)
        return sc_set_error(SC_ERR_WIDTH_OVERFLOW,
                            "level %d: coordinate %llu does not fit "
                            "crdWidth = %d (use a wider crdWidth)",
                            l, (unsigned long long)maxc[l], t->enc.crd_width);
      if (kold[l] > SIZE_MAX - k[l])
        return sc_set_error(SC_ERR_SIZE_OVERFLOW,
                            "level %d: too many positions", l);
      if (pb < 8 && (uint64_t)(kold[l] + k[l]) >> (pb * 8))
        return sc_set_error(SC_ERR_WIDTH_OVERFLOW,
                            "level %d: position %zu does not fit posWidth = "
                            "%d (use a wider posWidth)",
                            l, kold[l] + k[l], t->enc.pos_width);
    }
    for (int l = a; l < L; l++)
      pc[l] = lc0[l];
    ptop = ptop0;
  }
  /* Parents of the first compressed level: the dense prefix, flattened. */
  npar[a] = 1;
  for (int l = 0; l < a; l++) {
    if (!sc_mul_sz(npar[a], (size_t)size[l], &npar[a]))
      return sc_set_error(SC_ERR_SIZE_OVERFLOW,
                          "dense level %d: too many positions", l);
    s.npos[l] = npar[a];
  }
  nparold[a] = npar[a];
  for (int l = a + 1; l < L; l++) {
    npar[l] = kold[l - 1] + k[l - 1];
    nparold[l] = kold[l - 1];
  }
  for (int l = a; l < L; l++)
    if (npar[l] == SIZE_MAX)
      return sc_set_error(SC_ERR_SIZE_OVERFLOW,
                          "level %d: too many positions", l);
  if (append) {
    /* Grow the stored arrays; contents and sizes change only once every
     * allocation succeeded, so a failure leaves the tensor as it was. */
    for (int l = a; l < L && st == SC_OK; l++) {
      st = sc_grow_to(&t->lv[l].pos, npar[l] + 1, (size_t)pb, "positions");
      if (st == SC_OK)
        st = sc_grow_to(&t->lv[l].crd, kold[l] + k[l], (size_t)cb,
                        "coordinates");
    }
    if (st == SC_OK)
      st = sc_grow_to(&t->values, t->nvals + n, t->vsize, "values");
    if (st)
      return st;
    for (int l = a; l < L; l++) {
      pos[l] = t->lv[l].pos;
      crd[l] = t->lv[l].crd;
      /* New parents start with no children after the stored ones. */
      for (size_t i = nparold[l] + 1; i <= npar[l]; i++)
        sc_st(pos[l], pb, i, kold[l]);
    }
    val = (unsigned char *)t->values + t->nvals * t->vsize;
    memcpy(val, p->val, n * t->vsize);
  } else {
    for (int l = 0; l < L; l++)
      s.lvl_sizes[l] = t->lvl_sizes[l];
    for (int l = a; l < L && st == SC_OK; l++) {
      st = sc_alloc(&s.lv[l].pos, npar[l] + 1, (size_t)pb, 1, "positions");
      s.lv[l].npos = npar[l] + 1;
      if (st == SC_OK && l < L - 1)
        st = sc_alloc(&s.lv[l].crd, k[l], (size_t)cb, 0, "coordinates");
      s.lv[l].ncrd = k[l];
      s.npos[l] = k[l];
      pos[l] = s.lv[l].pos;
      crd[l] = s.lv[l].crd;
    }
    if (st) {
      sc_storage_free(&s, L);
      return st;
    }
    /* The last level's coordinate of entry i goes to key slot i (its bytes
     * are already read). */
    crd[L - 1] = key;
  }
  /* Coordinate insertion; children counted per parent in pos (on top of
   * the stored count kold, which every later parent already holds). */
  for (int l = a; l < L; l++) {
    q[l] = kold[l];
    ps[l] = SIZE_MAX;
  }
  /* One compressed level (CSR, CSC, sparse vectors): the keys are sorted,
   * so the parent advances instead of being divided out of each key. */
  uint64_t row = 0, base = 0, last = size[L - 1];
  int one = a == L - 1 && last > 0;
  for (size_t i = 0; i < n; i++) {
    int ch;
    if (one) {
      for (int step = 0; key[i] - base >= last; step++) {
        if (step == 4) { /* far ahead: divide */
          row = key[i] / last;
          base = row * last;
          break;
        }
        row++;
        base += last;
      }
      top = row;
      c[L - 1] = key[i] - base;
    } else {
      top = sc_split(key[i], size, a, L, c);
    }
    for (ch = a; ch < L - 1 && (i > 0 || have_prev) &&
                 (ch > a || top == ptop) && c[ch] == pc[ch];
         ch++)
      ;
    for (int l = ch; l < L; l++) {
      size_t parent = l == a ? (size_t)top : q[l - 1] - 1;
      sc_st(crd[l], cb, q[l], c[l]);
      sc_st(pos[l], pb, parent + 1, sc_ld(pos[l], pb, parent + 1) + 1);
      if (ps[l] == SIZE_MAX)
        ps[l] = parent;
      q[l]++;
    }
    for (int l = a; l < L - 1; l++)
      pc[l] = c[l];
    ptop = top;
  }
  /* Prefix sums from the first parent that got children. */
  for (int l = a; l < L; l++) {
    if (ps[l] == SIZE_MAX)
      continue;
    for (size_t i = ps[l] + 2; i <= npar[l]; i++)
      sc_st(pos[l], pb, i,
            sc_ld(pos[l], pb, i) + sc_ld(pos[l], pb, i - 1) - kold[l]);
  }
  if (append) {
    for (int l = a; l < L; l++) {
      t->lv[l].npos = npar[l] + 1;
      t->lv[l].ncrd = kold[l] + k[l];
      t->npos[l] = kold[l] + k[l];
    }
    t->nvals += n;
    free(p->key);
    free(p->val);
  } else if (n) {
    /* The buffers become the last level's coordinates and the values
     * (shrunk, their pages collapsed into huge pages: sc_shrink_huge). */
    s.lv[L - 1].crd = sc_shrink_huge(key, n * (size_t)cb);
    s.values = sc_shrink_huge(p->val, n * t->vsize);
  } else {
    free(key);
    free(p->val);
  }
  p->key = NULL;
  p->val = NULL;
  p->n = p->cap = 0;
  if (!append) {
    s.nvals = n;
    sc_storage_install(t, &s);
  }
  return SC_OK;
}
