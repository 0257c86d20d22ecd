/* coo_csr.c — the COO -> CSR/CSC fast path of assembly: one counting
 * sort (the row counts are the attribute query that sizes the positions)
 * scatters every entry into its row of the final coordinate and value
 * arrays; each row is then sorted by column (insertion sort, merge sort
 * for long rows; stable, so duplicates are summed in input order),
 * duplicates merged and the rows compacted in place, checking the widths.
 * Used for (d0 : dense, d1 : compressed) maps with d0, d1 a permutation of
 * the two dimensions; other maps take the generic path of assemble.c. */
#include "sc_internal.h"

#include <stdlib.h>

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

sc_status sc_assemble_csr_fast(sc_tensor *t, const int64_t *dc,
                               const unsigned char *val, size_t n, int dup) {
  size_t major = t->enc.lvl_exprs[0].coef[0] == 1 ? 0 : 1, minor = 1 - major;
  size_t rows = (size_t)t->dim_sizes[major], vs = t->vsize, k = 0;
  size_t cols = (size_t)t->dim_sizes[minor], longest = 0;
  int pb = t->pos_bytes, cb = t->crd_bytes;
  int crd_check = t->crd_bits < 64 && (uint64_t)cols > (1ull << t->crd_bits);
  size_t *next = NULL;
  int64_t *crd = NULL, *tmp_c = NULL; /* crd: the final array when 64-bit */
  void *tmp_v = NULL;
  unsigned char *vals;
  sc_storage s;
  sc_status st;
  memset(&s, 0, sizeof s);
  s.lvl_sizes[0] = t->lvl_sizes[0];
  s.lvl_sizes[1] = t->lvl_sizes[1];
  if (rows == SIZE_MAX)
    return sc_set_error(SC_ERR_SIZE_OVERFLOW, "too many rows");
  if ((st = sc_alloc((void **)&next, rows + 1, sizeof *next, 1,
                     "row counts")) ||
      (st = sc_alloc(&s.lv[1].pos, rows + 1, (size_t)pb, 1, "positions")) ||
      (st = sc_alloc(&s.lv[1].crd, n, (size_t)cb, 0, "coordinates")) ||
      (st = sc_alloc(&s.values, n, vs, 0, "values")))
    goto done;
  if (cb == 8)
    crd = s.lv[1].crd;
  else if ((st = sc_alloc((void **)&crd, n, sizeof *crd, 0, "coordinates")))
    goto done;
  s.lv[1].npos = rows + 1;
  vals = s.values;
  /* Attribute query: entries per row; next[r] = start of row r. */
  for (size_t i = 0; i < n; i++)
    next[(size_t)dc[2 * i + major] + 1]++;
  for (size_t r = 0; r < rows; r++) {
    if (next[r + 1] > longest)
      longest = next[r + 1];
    next[r + 1] += next[r];
  }
  /* One counting-sort pass: every entry to its row, in input order; next[r]
   * ends as the end of row r. */
  if (vs == 8) {
    uint64_t *v8 = (uint64_t *)(void *)vals;
    for (size_t i = 0; i < n; i++) {
      size_t p = next[(size_t)dc[2 * i + major]]++;
      crd[p] = dc[2 * i + minor];
      memcpy(&v8[p], val + i * 8, 8);
    }
  } else {
    uint32_t *v4 = (uint32_t *)(void *)vals;
    for (size_t i = 0; i < n; i++) {
      size_t p = next[(size_t)dc[2 * i + major]]++;
      crd[p] = dc[2 * i + minor];
      memcpy(&v4[p], val + i * 4, 4);
    }
  }
  if (longest > 32 &&
      ((st = sc_alloc((void **)&tmp_c, longest, sizeof *tmp_c, 0,
                      "row buffer")) ||
       (st = sc_alloc(&tmp_v, longest, vs, 0, "row buffer"))))
    goto done;
  /* Per row: sort by coordinate, merge duplicates, compact in place (the
   * write position k never passes the read position). */
  for (size_t r = 0, lo = 0; r < rows; r++) {
    size_t hi = next[r], row_start = k;
    if (hi > lo && vs == 8) /* (crd and vals are NULL when n == 0) */
      sc_row_sort64(crd + lo, (uint64_t *)(void *)vals + lo, hi - lo, tmp_c,
                    tmp_v);
    else if (hi > lo)
      sc_row_sort32(crd + lo, (uint32_t *)(void *)vals + lo, hi - lo, tmp_c,
                    tmp_v);
    for (size_t i = lo; i < hi; i++) {
      int64_t c = crd[i];
      if (k > row_start && crd[k - 1] == c)
        goto dup;
      if (crd_check && (uint64_t)c >> t->crd_bits) {
        st = sc_set_error(SC_ERR_WIDTH_OVERFLOW,
                          "level 1: coordinate %lld does not fit crdWidth = "
                          "%d (use a wider crdWidth)",
                          (long long)c, t->enc.crd_width);
        goto done;
      }
      crd[k] = c;
      if (cb != 8)
        sc_st(s.lv[1].crd, cb, k, (uint64_t)c);
      if (k != i)
        memcpy(vals + k * vs, vals + i * vs, vs);
      k++;
      continue;
    dup:
      if (dup == SC_DUP_REJECT) {
        char buf[128];
        int64_t cc[2];
        cc[major] = (int64_t)r;
        cc[minor] = c;
        sc_format_coords(buf, sizeof buf, cc, 2);
        st = sc_set_error(SC_ERR_DUPLICATE, "duplicate entry at %s", buf);
        goto done;
      }
      sc_val_add(t->vt, vals + (k - 1) * vs, vals + i * vs);
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
  if (cb != 8)
    free(crd);
  free(tmp_c);
  free(tmp_v);
  if (st) {
    sc_storage_free(&s, 2);
    return st;
  }
  sc_storage_install(t, &s);
  return SC_OK;
}
