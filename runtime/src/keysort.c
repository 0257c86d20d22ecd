/* keysort.c — stable sorting of the packed pending entries (key, value,
 * optional operator) by key. When the key's used bits plus the bits of an
 * entry index fit 64, each key gets its index appended below it, which
 * makes every key unique and an in-place MSD radix sort (American flag
 * sort, insertion sort for small buckets) stable without scratch memory;
 * used for large buffers. Small buffers, and keys without room for the
 * index, take a stable LSD radix sort with one scratch copy: digits of
 * up to 11 bits over the bits that vary, ping-ponging between the buffer
 * and the scratch (which becomes the buffer when it holds the result). */
#include "sc_internal.h"

#include <stdlib.h>

/* Below this many entries the scratch copy of the LSD sort is small (a few
 * MB) and its streaming passes beat the in-place sort's random swaps. */
#define SC_SORT_INPLACE_MIN ((size_t)1 << 18)

typedef struct sc_ents {
  uint64_t *k;
  unsigned char *v;
  char *o;
  size_t vs;
} sc_ents;

static inline void sc_ent_swap(const sc_ents *e, size_t a, size_t b) {
  uint64_t tk = e->k[a];
  e->k[a] = e->k[b];
  e->k[b] = tk;
  if (e->vs == 8) {
    uint64_t x, y;
    memcpy(&x, e->v + a * 8, 8);
    memcpy(&y, e->v + b * 8, 8);
    memcpy(e->v + a * 8, &y, 8);
    memcpy(e->v + b * 8, &x, 8);
  } else if (e->vs == 4) {
    uint32_t x, y;
    memcpy(&x, e->v + a * 4, 4);
    memcpy(&y, e->v + b * 4, 4);
    memcpy(e->v + a * 4, &y, 4);
    memcpy(e->v + b * 4, &x, 4);
  } else { /* 1- and 2-byte integers */
    unsigned char x[2];
    memcpy(x, e->v + a * e->vs, e->vs);
    memcpy(e->v + a * e->vs, e->v + b * e->vs, e->vs);
    memcpy(e->v + b * e->vs, x, e->vs);
  }
  if (e->o) {
    char t = e->o[a];
    e->o[a] = e->o[b];
    e->o[b] = t;
  }
}

static void sc_insertion(const sc_ents *e, size_t lo, size_t n) {
  for (size_t i = lo + 1; i < lo + n; i++)
    for (size_t j = i; j > lo && e->k[j - 1] > e->k[j]; j--)
      sc_ent_swap(e, j - 1, j);
}

/* Keys are unique here, so the unstable sort is deterministic. */
static void sc_msd(const sc_ents *e, size_t lo, size_t n, int shift) {
  size_t cnt[256] = {0}, next[256], end[256], s = 0;
  if (n <= 48) {
    sc_insertion(e, lo, n);
    return;
  }
  for (size_t i = lo; i < lo + n; i++)
    cnt[(e->k[i] >> shift) & 255]++;
  for (int b = 0; b < 256; b++) {
    next[b] = lo + s;
    s += cnt[b];
    end[b] = lo + s;
  }
  for (int b = 0; b < 256; b++)
    while (next[b] < end[b]) {
      size_t i = next[b];
      unsigned d = (unsigned)((e->k[i] >> shift) & 255);
      if (d == (unsigned)b)
        next[b]++;
      else
        sc_ent_swap(e, i, next[d]++);
    }
  if (shift == 0)
    return;
  /* The last digit may overlap bits already equal within a bucket. */
  for (int b = 0; b < 256; b++)
    if (cnt[b] > 1)
      sc_msd(e, end[b] - cnt[b], cnt[b], shift >= 8 ? shift - 8 : 0);
}

static int sc_bits(uint64_t v) {
  int b = 0;
  while (v) {
    b++;
    v >>= 1;
  }
  return b;
}

/* Digits of at most 11 bits (2048 buckets: the counts stay in cache),
 * as few passes as the bits that vary need, all counted in one pass. */
#define SC_LSD_MAX_BITS 11
#define SC_LSD_MAX_PASSES 8

static sc_status sc_lsd(sc_pending *p) {
  size_t n = p->n, vs = p->vsize;
  uint64_t *k2 = NULL, all_or = 0, all_and = UINT64_MAX, vary;
  unsigned char *v2 = NULL;
  char *o2 = NULL;
  size_t *cnt = NULL;
  int lo = 0, hi, passes, dbits, shift[SC_LSD_MAX_PASSES];
  sc_status st;
  for (size_t i = 0; i < n; i++) {
    all_or |= p->key[i];
    all_and &= p->key[i];
  }
  vary = all_or ^ all_and;
  if (!vary)
    return SC_OK; /* all keys equal: program order is the order */
  while (!((vary >> lo) & 1))
    lo++;
  hi = sc_bits(vary);
  passes = (hi - lo + SC_LSD_MAX_BITS - 1) / SC_LSD_MAX_BITS;
  dbits = (hi - lo + passes - 1) / passes;
  for (int j = 0; j < passes; j++)
    shift[j] = lo + j * dbits;
  if ((st = sc_alloc((void **)&cnt, (size_t)passes << dbits, sizeof *cnt, 1,
                     "sort counts")) ||
      (st = sc_alloc((void **)&k2, n, sizeof *k2, 0, "sort buffer")) ||
      (st = sc_alloc((void **)&v2, n, vs, 0, "sort buffer")) ||
      (p->op && (st = sc_alloc((void **)&o2, n, 1, 0, "sort buffer"))))
    goto done;
  {
    uint64_t mask = ((uint64_t)1 << dbits) - 1;
    uint64_t *ks = p->key, *kd = k2;
    unsigned char *vsrc = p->val, *vd = v2;
    char *os = p->op, *od = o2;
    for (size_t i = 0; i < n; i++)
      for (int j = 0; j < passes; j++)
        cnt[((size_t)j << dbits) + ((ks[i] >> shift[j]) & mask)]++;
    for (int j = 0; j < passes; j++) {
      size_t *c = cnt + ((size_t)j << dbits), sum = 0;
      for (size_t b = 0; b <= mask; b++) {
        size_t x = c[b];
        c[b] = sum;
        sum += x;
      }
      for (size_t i = 0; i < n; i++) {
        size_t d = c[(ks[i] >> shift[j]) & mask]++;
        kd[d] = ks[i];
        sc_vcopy(vd + d * vs, vsrc + i * vs, vs);
        if (od)
          od[d] = os[i];
      }
      { uint64_t *tk = ks; ks = kd; kd = tk; }
      { unsigned char *tv = vsrc; vsrc = vd; vd = tv; }
      { char *to = os; os = od; od = to; }
    }
    if (ks != p->key) { /* the result is in the scratch arrays: swap */
      uint64_t *tk = p->key;
      unsigned char *tv = p->val;
      char *to = p->op;
      p->key = k2;
      p->val = v2;
      p->op = o2;
      p->cap = n;
      k2 = tk;
      v2 = tv;
      o2 = to;
    }
  }
done:
  free(cnt);
  free(k2);
  free(v2);
  free(o2);
  return st;
}

sc_status sc_pending_sort(sc_pending *p) {
  size_t n = p->n;
  uint64_t all_or = 0;
  int kb, sb;
  if (n < 2 || p->sorted)
    return SC_OK;
  for (size_t i = 0; i < n; i++)
    all_or |= p->key[i];
  kb = sc_bits(all_or);
  sb = sc_bits((uint64_t)(n - 1));
  if (n >= SC_SORT_INPLACE_MIN && sb < 64 && kb + sb <= 64) {
    sc_ents e = {p->key, p->val, p->op, p->vsize};
    int top = kb + sb;
    for (size_t i = 0; i < n; i++)
      p->key[i] = p->key[i] << sb | (uint64_t)i; /* n >= 2: sb >= 1 */
    /* First digit: the top 8 used bits. */
    sc_msd(&e, 0, n, top > 8 ? top - 8 : 0);
    for (size_t i = 0; i < n; i++)
      p->key[i] >>= sb;
  } else {
    sc_status st = sc_lsd(p);
    if (st)
      return st;
  }
  p->sorted = 1;
  return SC_OK;
}
