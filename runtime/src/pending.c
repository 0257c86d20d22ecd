/* pending.c — the buffer of pending inserts and updates: key mode choice,
 * packing coordinates into one uint64 key (16 bytes per f64 entry, plus one
 * operator byte once an update was buffered), growth that is geometric but
 * with bounded slack, detection of in-order arrival, and decoding keys back
 * to dimension coordinates. */
#include "sc_internal.h"

#include <stdlib.h>

/* Growth: doubling, but never more than this many entries of slack. The
 * first buffer is big enough (128 KB of keys) for malloc to map it on its
 * own, so later growth remaps pages instead of copying them, and pages
 * never written cost no memory. */
#define SC_PEND_MAX_SLACK ((size_t)1 << 22)
#define SC_PEND_FIRST ((size_t)1 << 14)

/* Whether the product of sizes[0..n) fits in a uint64 key space. */
static int sc_radix_fits(const int64_t *sizes, int n, uint64_t *radix) {
  uint64_t prod = 1;
  for (int i = 0; i < n; i++) {
    uint64_t s = sizes[i] > 0 ? (uint64_t)sizes[i] : 1;
    if (prod > UINT64_MAX / s)
      return 0;
    prod *= s;
    radix[i] = s;
  }
  return 1;
}

void sc_pending_init(sc_tensor *t) {
  sc_pending *p = &t->pend;
  memset(p, 0, sizeof *p);
  p->vsize = t->vsize;
  p->sorted = 1;
  if (!t->info.has_count &&
      sc_radix_fits(t->lvl_sizes, t->lvl_rank, p->radix)) {
    p->mode = SC_PEND_LVL;
    p->rank = t->lvl_rank;
  } else if (sc_radix_fits(t->dim_sizes, t->dim_rank, p->radix)) {
    p->mode = SC_PEND_DIM;
    p->rank = t->dim_rank;
  } else {
    p->mode = SC_PEND_WIDE;
    p->rank = t->dim_rank;
  }
}

void sc_pending_free(sc_tensor *t) {
  sc_pending *p = &t->pend;
  free(p->key);
  free(p->crd);
  free(p->val);
  free(p->op);
  p->key = NULL;
  p->crd = NULL;
  p->val = NULL;
  p->op = NULL;
  p->n = p->cap = 0;
  p->sorted = 1;
}

static sc_status sc_realloc(void **a, size_t n, size_t size, const char *what) {
  size_t bytes;
  void *np;
  if (!sc_mul_sz(n, size, &bytes))
    return sc_set_error(SC_ERR_SIZE_OVERFLOW,
                        "%s: %zu elements of %zu bytes overflow size_t", what,
                        n, size);
  np = realloc(*a, bytes);
  if (!np)
    return sc_set_error(SC_ERR_NO_MEMORY, "%s: out of memory (%zu bytes)",
                        what, bytes);
  *a = np;
  return SC_OK;
}

static sc_status sc_pending_grow(sc_pending *p) {
  size_t add = p->cap ? p->cap : SC_PEND_FIRST, ncap;
  sc_status st;
  if (add > SC_PEND_MAX_SLACK)
    add = SC_PEND_MAX_SLACK;
  if (p->cap > SIZE_MAX - add)
    return sc_set_error(SC_ERR_SIZE_OVERFLOW, "too many pending entries");
  ncap = p->cap + add;
  /* Each array that grew keeps its new size; cap only moves once all did. */
  if (p->mode == SC_PEND_WIDE)
    st = sc_realloc((void **)&p->crd, ncap,
                    (size_t)p->rank * sizeof(int64_t), "pending coordinates");
  else
    st = sc_realloc((void **)&p->key, ncap, sizeof *p->key, "pending keys");
  if (st == SC_OK)
    st = sc_realloc((void **)&p->val, ncap, p->vsize, "pending values");
  if (st == SC_OK && p->op)
    st = sc_realloc((void **)&p->op, ncap, 1, "pending operators");
  if (st == SC_OK)
    p->cap = ncap;
  return st;
}

sc_status sc_pending_push(sc_tensor *t, const int64_t *dc, const void *val,
                          char op) {
  sc_pending *p = &t->pend;
  sc_status st;
  if (p->n == p->cap && (st = sc_pending_grow(p)))
    return st;
  if (op != '=' && !p->op) {
    if ((st = sc_alloc((void **)&p->op, p->cap, 1, 0, "pending operators")))
      return st;
    memset(p->op, '=', p->n);
  }
  if (p->mode == SC_PEND_WIDE) {
    memcpy(p->crd + p->n * (size_t)p->rank, dc,
           (size_t)p->rank * sizeof(int64_t));
    p->sorted = 0;
  } else {
    uint64_t k;
    if (p->mode == SC_PEND_LVL && !t->info.identity) {
      int64_t lc[SC_MAX_LEVELS];
      sc_dim_to_lvl(&t->enc, dc, lc);
      k = sc_pending_pack(p, lc);
    } else {
      k = sc_pending_pack(p, dc);
    }
    if (p->n && k <= p->key[p->n - 1])
      p->sorted = 0;
    p->key[p->n] = k;
  }
  sc_vcopy(p->val + p->n * p->vsize, val, p->vsize);
  if (p->op)
    p->op[p->n] = op;
  p->n++;
  return SC_OK;
}

void sc_pending_decode(const sc_tensor *t, uint64_t key, int64_t *dc) {
  const sc_pending *p = &t->pend;
  int64_t c[SC_MAX_LEVELS];
  for (int l = p->rank - 1; l >= 0; l--) {
    c[l] = (int64_t)(key % p->radix[l]);
    key /= p->radix[l];
  }
  if (p->mode == SC_PEND_DIM || t->info.identity)
    memcpy(dc, c, (size_t)t->dim_rank * sizeof(int64_t));
  else
    (void)sc_lvl_to_dim(t, c, dc);
}
