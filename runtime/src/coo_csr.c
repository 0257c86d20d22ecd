/* coo_csr.c — the COO -> CSR/CSC fast path of assembly. Every entry goes
 * to its row of the final coordinate and value arrays by counting sort;
 * each row is then sorted by column (insertion sort, merge sort for long
 * rows; stable, so duplicates are summed in input order), duplicates
 * merged and the rows compacted in place, checking the widths.
 *
 * Large inputs take two passes so the random writes stay in cache: pass 1
 * distributes the entries by row block (a few hundred blocks of about 16 K
 * entries: one write stream per block) as packed (row, column) keys; pass
 * 2 copies one block at a time to a scratch buffer that fits in cache,
 * scatters it to its rows, sorts and compacts them while they are hot.
 * Small inputs, inputs already in row order, or coordinates of 2^32 and
 * more take one pass.
 * Used for (d0 : dense, d1 : compressed) maps with d0, d1 a permutation of
 * the two dimensions; other maps take the generic path of assemble.c. */
#include "sc_internal.h"

#include <stdlib.h>

int sc_csr_fast_applies(const sc_tensor *t) {
  const sc_encoding *e = &t->enc;
  if (e->dim_rank != 2 || e->lvl_rank != 2 || t->info.has_count ||
      (t->vsize != 4 && t->vsize != 8)) /* 1- and 2-byte values: generic */
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

/* Sorts one row's entries [0, n) by coordinate, stably (duplicates keep
 * the input order, so they are summed in that order): insertion sort for
 * short rows, a merge sort through tmp_c/tmp_v (n entries) for long ones.
 * One instance per value width: the payload moves as an integer. */
#define SC_ROW_SORT(NAME, VT)                                                  \
  static void NAME(int64_t *c, VT *v, size_t n, int64_t *tmp_c, VT *tmp_v) {   \
    if (n <= 32) {                                                             \
      for (size_t i = 1; i < n; i++) {                                         \
        int64_t x = c[i];                                                      \
        VT y = v[i];                                                           \
        size_t j = i;                                                          \
        while (j > 0 && c[j - 1] > x) {                                        \
          c[j] = c[j - 1];                                                     \
          v[j] = v[j - 1];                                                     \
          j--;                                                                 \
        }                                                                      \
        c[j] = x;                                                              \
        v[j] = y;                                                              \
      }                                                                        \
      return;                                                                  \
    }                                                                          \
    {                                                                          \
      size_t h = n / 2, i = 0, j = h, o = 0;                                   \
      NAME(c, v, h, tmp_c, tmp_v);                                             \
      NAME(c + h, v + h, n - h, tmp_c, tmp_v);                                 \
      if (c[h - 1] <= c[h])                                                    \
        return;                                                                \
      while (i < h && j < n) {                                                 \
        if (c[j] < c[i]) {                                                     \
          tmp_c[o] = c[j];                                                     \
          tmp_v[o++] = v[j++];                                                 \
        } else {                                                               \
          tmp_c[o] = c[i];                                                     \
          tmp_v[o++] = v[i++];                                                 \
        }                                                                      \
      }                                                                        \
      while (i < h) {                                                          \
        tmp_c[o] = c[i];                                                       \
        tmp_v[o++] = v[i++];                                                   \
      }                                                                        \
      /* the tail j..n is already in place */                                  \
      memcpy(c, tmp_c, o * sizeof *c);                                         \
      memcpy(v, tmp_v, o * sizeof *v);                                         \
    }                                                                          \
  }
SC_ROW_SORT(sc_row_sort64, uint64_t)
SC_ROW_SORT(sc_row_sort32, uint32_t)
#undef SC_ROW_SORT

/* The result being built and what the row loop needs. */
typedef struct sc_csr_job {
  sc_tensor *t;
  sc_storage s;
  size_t major, minor, vs, k; /* k: entries kept so far */
  int pb, cb, crd_check, dup;
  int64_t *crd; /* working coordinates: the final array when 64-bit */
  unsigned char *vals;
  int64_t *tmp_c; /* merge-sort buffers of tmp_cap entries */
  void *tmp_v;
  size_t tmp_cap;
} sc_csr_job;

static sc_status sc_csr_row_buffers(sc_csr_job *j, size_t longest) {
  sc_status st;
  size_t cap_v = j->tmp_cap;
  if (longest <= 32 || longest <= j->tmp_cap)
    return SC_OK;
  if ((st = sc_grow((void **)&j->tmp_c, &j->tmp_cap, longest,
                    sizeof *j->tmp_c, "row buffer")))
    return st;
  return sc_grow(&j->tmp_v, &cap_v, j->tmp_cap, j->vs, "row buffer");
}

/* Entry i of row r, coordinate c, read from crd/vals: merged into the
 * entry before when that is the same element of the row (which started at
 * row_start), else checked and moved to position j->k. */
static inline sc_status sc_csr_keep(sc_csr_job *j, size_t r, size_t row_start,
                                    size_t i, int64_t c) {
  sc_tensor *t = j->t;
  size_t k = j->k, vs = j->vs;
  if (k > row_start && j->crd[k - 1] == c) {
    if (j->dup == SC_DUP_REJECT) {
      char buf[128];
      int64_t cc[2];
      cc[j->major] = (int64_t)r;
      cc[j->minor] = c;
      sc_format_coords(buf, sizeof buf, cc, 2);
      return sc_set_error(SC_ERR_DUPLICATE, "duplicate entry at %s", buf);
    }
    sc_val_add(t->vt, j->vals + (k - 1) * vs, j->vals + i * vs);
    return SC_OK;
  }
  if (j->crd_check && (uint64_t)c >> t->crd_bits)
    return sc_set_error(SC_ERR_WIDTH_OVERFLOW,
                        "level 1: coordinate %lld does not fit crdWidth = "
                        "%d (use a wider crdWidth)",
                        (long long)c, t->enc.crd_width);
  j->crd[k] = c;
  if (j->cb != 8)
    sc_st(j->s.lv[1].crd, j->cb, k, (uint64_t)c);
  if (k != i)
    sc_vcopy(j->vals + k * vs, j->vals + i * vs, vs);
  j->k = k + 1;
  return SC_OK;
}

/* Row r is complete: its end position, checked against posWidth. */
static inline sc_status sc_csr_end_row(sc_csr_job *j, size_t r) {
  if (j->pb < 8 && (uint64_t)j->k >> (j->pb * 8))
    return sc_set_error(SC_ERR_WIDTH_OVERFLOW,
                        "level 1: position %zu does not fit posWidth = %d "
                        "(use a wider posWidth)",
                        j->k, j->t->enc.pos_width);
  sc_st(j->s.lv[1].pos, j->pb, r + 1, j->k);
  return SC_OK;
}

/* Rows 0 .. rows-1, row r holding entries [ends[r - 1], ends[r]) of
 * crd/vals (row 0 from 0): each sorted by coordinate, then kept or merged
 * entry by entry. */
static sc_status sc_csr_rows(sc_csr_job *j, size_t rows, const size_t *ends) {
  int64_t *crd = j->crd;
  unsigned char *vals = j->vals;
  sc_status st;
  for (size_t r = 0, lo = 0; r < rows; r++) {
    size_t hi = ends[r], row_start = j->k;
    if (hi > lo && j->vs == 8) /* (crd and vals are NULL when n == 0) */
      sc_row_sort64(crd + lo, (uint64_t *)(void *)vals + lo, hi - lo,
                    j->tmp_c, j->tmp_v);
    else if (hi > lo)
      sc_row_sort32(crd + lo, (uint32_t *)(void *)vals + lo, hi - lo,
                    j->tmp_c, j->tmp_v);
    for (size_t i = lo; i < hi; i++)
      if ((st = sc_csr_keep(j, r, row_start, i, crd[i])))
        return st;
    if ((st = sc_csr_end_row(j, r)))
      return st;
    lo = hi;
  }
  return SC_OK;
}

/* One pass: count the rows, scatter every entry to its row in input order,
 * then the row loop. */
static sc_status sc_csr_one_pass(sc_csr_job *j, const int64_t *dc,
                                 const unsigned char *val, size_t n,
                                 size_t rows) {
  size_t major = j->major, minor = j->minor, longest = 0;
  size_t *next = NULL;
  int64_t *crd = j->crd;
  sc_status st;
  if ((st = sc_alloc((void **)&next, rows + 1, sizeof *next, 1,
                     "row counts")))
    return st;
  /* Attribute query: entries per row; next[r] = start of row r. */
  for (size_t i = 0; i < n; i++)
    next[(size_t)dc[2 * i + major] + 1]++;
  for (size_t r = 0; r < rows; r++) {
    if (next[r + 1] > longest)
      longest = next[r + 1];
    next[r + 1] += next[r];
  }
  /* next[r] ends as the end of row r. */
  if (j->vs == 8) {
    uint64_t *v8 = (uint64_t *)(void *)j->vals;
    for (size_t i = 0; i < n; i++) {
      size_t p = next[(size_t)dc[2 * i + major]]++;
      crd[p] = dc[2 * i + minor];
      memcpy(&v8[p], val + i * 8, 8);
    }
  } else {
    uint32_t *v4 = (uint32_t *)(void *)j->vals;
    for (size_t i = 0; i < n; i++) {
      size_t p = next[(size_t)dc[2 * i + major]]++;
      crd[p] = dc[2 * i + minor];
      memcpy(&v4[p], val + i * 4, 4);
    }
  }
  if ((st = sc_csr_row_buffers(j, longest)) == SC_OK)
    st = sc_csr_rows(j, rows, next);
  free(next);
  return st;
}

/* The one pass from coordinate pairs, or from packed (i << 32 | j) keys
 * expanded to pairs first. */
static sc_status sc_csr_one_pass_any(sc_csr_job *j, const int64_t *dc,
                                     const uint64_t *pk,
                                     const unsigned char *val, size_t n,
                                     size_t rows) {
  int64_t *tmp = NULL;
  sc_status st;
  if (!pk)
    return sc_csr_one_pass(j, dc, val, n, rows);
  if ((st = sc_alloc((void **)&tmp, n, 2 * sizeof *tmp, 0, "coordinates")))
    return st;
  for (size_t i = 0; i < n; i++) {
    tmp[2 * i] = (int64_t)(pk[i] >> 32);
    tmp[2 * i + 1] = (int64_t)(pk[i] & 0xffffffffu);
  }
  st = sc_csr_one_pass(j, tmp, val, n, rows);
  free(tmp);
  return st;
}

/* Entries of a row block in the two-pass path: about this many. */
#define SC_CSR_BLOCK_ENTRIES ((size_t)1 << 14)
/* At most this many row blocks (write streams of pass 1). */
#define SC_CSR_MAX_BLOCKS ((size_t)2048)

/* log2 of the rows per block for the two-pass path, or -1 when one pass
 * is better: few entries, few blocks, or coordinates that do not pack
 * into 32 + 32 bits. */
int sc_csr_block_shift(size_t n, size_t rows, size_t cols) {
  int shift = 0;
  uint64_t target;
  if (n < ((size_t)1 << 16) || (uint64_t)rows > ((uint64_t)1 << 32) ||
      (uint64_t)cols > ((uint64_t)1 << 32))
    return -1;
  /* rows per block: rows * SC_CSR_BLOCK_ENTRIES / n rounded down to a
   * power of two (no overflow: rows <= 2^32) */
  target = (uint64_t)rows * SC_CSR_BLOCK_ENTRIES / n;
  while (shift < 32 && target >> (shift + 1))
    shift++;
  while (shift < 32 && ((uint64_t)rows >> shift) >= SC_CSR_MAX_BLOCKS)
    shift++;
  return ((uint64_t)rows >> shift) < 3 ? -1 : shift;
}

/* One stable counting-sort pass of m (key, value) pairs by the digit
 * (key >> sh) & mask; pos holds the digit's starting offsets in dst. */
static void sc_csr_digit_pass(const uint64_t *ks, const unsigned char *vsrc,
                              uint64_t *kd, unsigned char *vdst, size_t m,
                              int sh, uint64_t mask, size_t *pos, size_t vs) {
  if (vs == 8) {
    const uint64_t *s8 = (const uint64_t *)(const void *)vsrc;
    uint64_t *d8 = (uint64_t *)(void *)vdst;
    for (size_t i = 0; i < m; i++) {
      size_t p = pos[(ks[i] >> sh) & mask]++;
      kd[p] = ks[i];
      d8[p] = s8[i];
    }
  } else {
    const uint32_t *s4 = (const uint32_t *)(const void *)vsrc;
    uint32_t *d4 = (uint32_t *)(void *)vdst;
    for (size_t i = 0; i < m; i++) {
      size_t p = pos[(ks[i] >> sh) & mask]++;
      kd[p] = ks[i];
      d4[p] = s4[i];
    }
  }
}

/* Scratch of the two-pass path: two (key, value) buffers of cap entries
 * and the digit counts. */
typedef struct sc_csr_scratch {
  uint64_t *ka, *kb;
  unsigned char *va, *vb;
  size_t *cnt; /* SC_CSR_MAX_DIGITS x 2^SC_CSR_DIGIT_BITS */
} sc_csr_scratch;

#define SC_CSR_DIGIT_BITS 11
#define SC_CSR_MAX_DIGITS 6 /* ceil(64 / 11) */

/* Sorts the m entries of one row block (keys row << 32 | column at key,
 * values at vals; rows r0 ..) by (row, column), stably: the keys become
 * local ((row - r0) << colbits | column) and an LSD radix sort of digits
 * of at most 11 bits runs through the scratch buffers (in cache), the last
 * pass writing back in place. */
static void sc_csr_block_sort(uint64_t *key, unsigned char *vals, size_t m,
                              size_t r0, int lbits, int colbits, size_t vs,
                              sc_csr_scratch *sc) {
  int total = lbits + colbits, nd, w;
  uint64_t dmask;
  size_t nbk;
  const uint64_t *sk = key;
  const unsigned char *sv = vals;
  for (size_t i = 0; i < m; i++)
    key[i] = ((key[i] >> 32) - r0) << colbits | (key[i] & 0xffffffffu);
  if (total == 0 || m < 2)
    return; /* one key: input order is sorted */
  nd = (total + SC_CSR_DIGIT_BITS - 1) / SC_CSR_DIGIT_BITS;
  w = (total + nd - 1) / nd;
  dmask = ((uint64_t)1 << w) - 1;
  nbk = (size_t)1 << w;
  memset(sc->cnt, 0, (size_t)nd * nbk * sizeof *sc->cnt);
  for (size_t i = 0; i < m; i++)
    for (int d = 0; d < nd; d++)
      sc->cnt[(size_t)d * nbk + ((key[i] >> (d * w)) & dmask)]++;
  for (int d = 0; d < nd; d++) {
    size_t *c = sc->cnt + (size_t)d * nbk, acc = 0;
    for (size_t x = 0; x < nbk; x++) {
      size_t t = c[x];
      c[x] = acc;
      acc += t;
    }
  }
  if (nd == 1) { /* the only pass writes in place: read a copy */
    memcpy(sc->ka, key, m * sizeof *key);
    memcpy(sc->va, vals, m * vs);
    sk = sc->ka;
    sv = sc->va;
  }
  for (int d = 0; d < nd; d++) {
    int last = d == nd - 1;
    uint64_t *dk = last ? key : d % 2 ? sc->kb : sc->ka;
    unsigned char *dv = last ? vals : d % 2 ? sc->vb : sc->va;
    sc_csr_digit_pass(sk, sv, dk, dv, m, d * w, dmask,
                      sc->cnt + (size_t)d * nbk, vs);
    sk = dk;
    sv = dv;
  }
}

/* Two passes (see the top of the file): keys (row << 32 | column) go to
 * the working coordinate array by row block, values to the value array;
 * then per block: sort by (row, column) in cache, then one walk merges
 * duplicates, checks widths, compacts and stores the row ends, row after
 * row in the order of the one-pass loop (same first error). */
static sc_status sc_csr_two_pass(sc_csr_job *j, const int64_t *dc,
                                 const uint64_t *pk,
                                 const unsigned char *val, size_t n,
                                 size_t rows, size_t cols, int shift) {
  size_t major = j->major, minor = j->minor, vs = j->vs;
  size_t nb = ((rows - 1) >> shift) + 1, bmax = 0;
  size_t brows = (size_t)1 << shift;
  size_t *bpos = NULL;
  uint64_t *key = (uint64_t *)(void *)j->crd;
  unsigned char *vals = j->vals;
  int colbits = 0;
  uint64_t colmask;
  sc_csr_scratch sc;
  sc_status st;
  memset(&sc, 0, sizeof sc);
  while (colbits < 32 && ((uint64_t)1 << colbits) < (uint64_t)cols)
    colbits++;
  colmask = ((uint64_t)1 << colbits) - 1;
  if ((st = sc_alloc((void **)&bpos, nb + 1, sizeof *bpos, 1,
                     "block counts")) ||
      (st = sc_alloc((void **)&sc.cnt,
                     (size_t)SC_CSR_MAX_DIGITS << SC_CSR_DIGIT_BITS,
                     sizeof *sc.cnt, 0, "digit counts")))
    goto done;
  /* Pass 0: entries per block; bpos[b] = start of block b. Input already
   * in row order (a sorted COO) is best scattered directly. */
  {
    uint64_t prev = 0, desc = 0;
    if (pk) {
      int sh = major ? 0 : 32;
      for (size_t i = 0; i < n; i++) {
        uint64_t r = (pk[i] >> sh) & 0xffffffffu;
        bpos[(r >> shift) + 1]++;
        desc += r < prev;
        prev = r;
      }
    } else {
      for (size_t i = 0; i < n; i++) {
        uint64_t r = (uint64_t)dc[2 * i + major];
        bpos[(r >> shift) + 1]++;
        desc += r < prev;
        prev = r;
      }
    }
    if (desc == 0) {
      free(bpos);
      free(sc.cnt);
      return sc_csr_one_pass_any(j, dc, pk, val, n, rows);
    }
  }
  for (size_t b = 0; b < nb; b++) {
    if (bpos[b + 1] > bmax)
      bmax = bpos[b + 1];
    bpos[b + 1] += bpos[b];
  }
  if ((st = sc_alloc((void **)&sc.ka, bmax, sizeof *sc.ka, 0,
                     "block buffer")) ||
      (st = sc_alloc((void **)&sc.kb, bmax, sizeof *sc.kb, 0,
                     "block buffer")) ||
      (st = sc_alloc((void **)&sc.va, bmax, vs, 0, "block buffer")) ||
      (st = sc_alloc((void **)&sc.vb, bmax, vs, 0, "block buffer")))
    goto done;
  /* Pass 1: by block, in input order; bpos[b] ends as the end of b. */
  if (pk) { /* packed (i << 32 | j): CSC swaps the halves */
    int rot = major ? 32 : 0;
    for (size_t i = 0; i < n; i++) {
      uint64_t x = rot ? pk[i] << 32 | pk[i] >> 32 : pk[i];
      size_t p = bpos[(x >> 32) >> shift]++;
      key[p] = x;
      if (vs == 8)
        memcpy(vals + p * 8, val + i * 8, 8);
      else
        memcpy(vals + p * 4, val + i * 4, 4);
    }
  } else if (vs == 8) {
    uint64_t *v8 = (uint64_t *)(void *)vals;
    for (size_t i = 0; i < n; i++) {
      uint64_t r = (uint64_t)dc[2 * i + major];
      size_t p = bpos[r >> shift]++;
      key[p] = r << 32 | (uint64_t)dc[2 * i + minor];
      memcpy(&v8[p], val + i * 8, 8);
    }
  } else {
    uint32_t *v4 = (uint32_t *)(void *)vals;
    for (size_t i = 0; i < n; i++) {
      uint64_t r = (uint64_t)dc[2 * i + major];
      size_t p = bpos[r >> shift]++;
      key[p] = r << 32 | (uint64_t)dc[2 * i + minor];
      memcpy(&v4[p], val + i * 4, 4);
    }
  }
  /* Pass 2, block by block in row order. */
  for (size_t b = 0, lo = 0; b < nb; b++) {
    size_t hi = bpos[b], r0 = b << shift, r = r0, row_start = j->k;
    size_t r1 = r0 + brows < rows ? r0 + brows : rows;
    sc_csr_block_sort(key + lo, vals + lo * vs, hi - lo, r0, shift, colbits,
                      vs, &sc);
    for (size_t i = lo; i < hi; i++) {
      uint64_t x = key[i]; /* read before crd[k] (k <= i) is written */
      size_t row = r0 + (size_t)(x >> colbits);
      for (; r < row; r++, row_start = j->k)
        if ((st = sc_csr_end_row(j, r)))
          goto done;
      if ((st = sc_csr_keep(j, r, row_start, i, (int64_t)(x & colmask))))
        goto done;
    }
    for (; r < r1; r++)
      if ((st = sc_csr_end_row(j, r)))
        goto done;
    lo = hi;
  }
done:
  free(bpos);
  free(sc.cnt);
  free(sc.ka);
  free(sc.kb);
  free(sc.va);
  free(sc.vb);
  return st;
}

/* Input: coordinate pairs dc, or packed keys pk (the other NULL). */
static sc_status sc_csr_assemble(sc_tensor *t, const int64_t *dc,
                                 const uint64_t *pk,
                                 const unsigned char *val, size_t n,
                                 int dup) {
  sc_csr_job j;
  size_t rows, cols, k;
  int shift;
  sc_status st;
  memset(&j, 0, sizeof j);
  j.t = t;
  j.major = t->enc.lvl_exprs[0].coef[0] == 1 ? 0 : 1;
  j.minor = 1 - j.major;
  j.vs = t->vsize;
  j.pb = t->pos_bytes;
  j.cb = t->crd_bytes;
  j.dup = dup;
  rows = (size_t)t->dim_sizes[j.major];
  cols = (size_t)t->dim_sizes[j.minor];
  j.crd_check = t->crd_bits < 64 && (uint64_t)cols > (1ull << t->crd_bits);
  j.s.lvl_sizes[0] = t->lvl_sizes[0];
  j.s.lvl_sizes[1] = t->lvl_sizes[1];
  if (rows == SIZE_MAX)
    return sc_set_error(SC_ERR_SIZE_OVERFLOW, "too many rows");
  if ((st = sc_alloc(&j.s.lv[1].pos, rows + 1, (size_t)j.pb, 1,
                     "positions")) ||
      (st = sc_alloc(&j.s.lv[1].crd, n, (size_t)j.cb, 0, "coordinates")) ||
      (st = sc_alloc(&j.s.values, n, j.vs, 0, "values")))
    goto done;
  if (j.cb == 8)
    j.crd = j.s.lv[1].crd;
  else if ((st = sc_alloc((void **)&j.crd, n, sizeof *j.crd, 0,
                          "coordinates")))
    goto done;
  j.s.lv[1].npos = rows + 1;
  j.vals = j.s.values;
  shift = sc_csr_block_shift(n, rows, cols);
  st = shift < 0 ? sc_csr_one_pass_any(&j, dc, pk, val, n, rows)
                 : sc_csr_two_pass(&j, dc, pk, val, n, rows, cols, shift);
  if (st)
    goto done;
  k = j.k;
  j.s.lv[1].ncrd = k;
  j.s.nvals = k;
  j.s.npos[0] = rows;
  j.s.npos[1] = k;
  /* Duplicates merged: give back the unused tail. */
  if (k < n && k > 0) {
    void *p = realloc(j.s.lv[1].crd, k * (size_t)j.cb);
    if (p)
      j.s.lv[1].crd = p;
    p = realloc(j.s.values, k * j.vs);
    if (p)
      j.s.values = p;
  } else if (k == 0) {
    free(j.s.lv[1].crd);
    free(j.s.values);
    j.s.lv[1].crd = NULL;
    j.s.values = NULL;
  }
done:
  if (j.cb != 8)
    free(j.crd);
  free(j.tmp_c);
  free(j.tmp_v);
  if (st) {
    sc_storage_free(&j.s, 2);
    return st;
  }
  sc_storage_install(t, &j.s);
  return SC_OK;
}

sc_status sc_assemble_csr_fast(sc_tensor *t, const int64_t *dc,
                               const unsigned char *val, size_t n, int dup) {
  return sc_csr_assemble(t, dc, NULL, val, n, dup);
}

sc_status sc_assemble_csr_packed(sc_tensor *t, const uint64_t *pk,
                                 const unsigned char *val, size_t n,
                                 int dup) {
  return sc_csr_assemble(t, NULL, pk, val, n, dup);
}
