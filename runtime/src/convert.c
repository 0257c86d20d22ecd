/* convert.c — conversion between any two encodings, organised as in the
 * PLDI'20 format-conversion scheme: (1) coordinate remapping: walk the
 * source's coordinate hierarchy and map every stored entry through the
 * source's lvl->dim inverse and the target's dim->lvl map (counters for
 * ELL counting levels); (2) attribute queries that size each target level
 * in one pass; (3) level-by-level assembly. Phases 2-3 are build.c, shared
 * with every other way of assembling a tensor, so there is one generic
 * path and no table of format pairs. Fast paths: a target with the same
 * levels is a copy (re-packed when only the widths differ); CSR <-> CSC is
 * a transpose by counting; CSR -> BSR(r, c) is one pass per block row;
 * entries that already come out in target order skip the sort (e.g. COO ->
 * CSR); small level ranges sort by counting. */
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
  const char *field = strcmp(what, "position") == 0 ? "posWidth" : "crdWidth";
  sc_status st = sc_alloc(dst, n, (size_t)db, 0, what);
  if (st)
    return st;
  for (size_t i = 0; i < n; i++) {
    uint64_t v = sc_ld(src, sb, i);
    if (dbits < 64 && v >> dbits)
      return sc_set_error(SC_ERR_WIDTH_OVERFLOW,
                          "level %d: %s %llu does not fit %s = %d (use a "
                          "wider %s)",
                          l, what, (unsigned long long)v, field, width, field);
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

/* ---- fast paths from CSR/CSC sources ---- */

/* The major dimension (level 0) of a (d0 : dense, d1 : compressed) tensor. */
static int sc_major_dim(const sc_tensor *t) {
  return t->enc.lvl_exprs[0].coef[0] == 1 ? 0 : 1;
}

/* The transpose's scatter in two passes for large inputs (64-bit source
 * arrays and target coordinates; values of 8 or 4 bytes): pass 1 walks
 * the source in order and appends (target row << 32 | source row) keys and
 * the values to the target row block of each entry, in the target's own
 * arrays (next[] gives the block starts); pass 2 copies one block at a
 * time to scratch (in cache) and scatters it to its target rows by
 * next[]. Both passes are stable, so every target row comes out sorted. */
static sc_status sc_transpose_blocked(const sc_tensor *src, sc_storage *s,
                                      size_t *next, size_t rows,
                                      size_t trows, int shift) {
  const uint64_t *sp = src->lv[1].pos, *sc = src->lv[1].crd;
  const unsigned char *sv = src->values;
  uint64_t *tk = s->lv[1].crd, *sk = NULL;
  unsigned char *tv = s->values, *svb = NULL;
  size_t vs = src->vsize, nb = ((trows - 1) >> shift) + 1, bmax = 0;
  size_t *bnext = NULL;
  sc_status st;
  if ((st = sc_alloc((void **)&bnext, nb + 1, sizeof *bnext, 0,
                     "block starts")))
    return st;
  for (size_t b = 0; b <= nb; b++) {
    size_t r = b << shift;
    bnext[b] = next[r < trows ? r : trows];
    if (b && bnext[b] - bnext[b - 1] > bmax)
      bmax = bnext[b] - bnext[b - 1];
  }
  if ((st = sc_alloc((void **)&sk, bmax, sizeof *sk, 0, "block buffer")) ||
      (st = sc_alloc((void **)&svb, bmax, vs, 0, "block buffer")))
    goto done;
  for (size_t r = 0; r < rows; r++)
    for (uint64_t p = sp[r], e = sp[r + 1]; p < e; p++) {
      size_t q = bnext[sc[p] >> shift]++;
      tk[q] = sc[p] << 32 | r;
      if (vs == 8)
        memcpy(tv + q * 8, sv + p * 8, 8);
      else
        memcpy(tv + q * 4, sv + p * 4, 4);
    }
  for (size_t b = 0, lo = 0; b < nb; b++) {
    size_t hi = bnext[b], m = hi - lo;
    if (m) {
      memcpy(sk, tk + lo, m * sizeof *sk);
      memcpy(svb, tv + lo * vs, m * vs);
    }
    if (vs == 8) {
      const uint64_t *s8 = (const uint64_t *)(void *)svb;
      uint64_t *d8 = (uint64_t *)(void *)tv;
      for (size_t i = 0; i < m; i++) {
        size_t q = next[sk[i] >> 32]++;
        tk[q] = sk[i] & 0xffffffffu;
        d8[q] = s8[i];
      }
    } else {
      const uint32_t *s4 = (const uint32_t *)(void *)svb;
      uint32_t *d4 = (uint32_t *)(void *)tv;
      for (size_t i = 0; i < m; i++) {
        size_t q = next[sk[i] >> 32]++;
        tk[q] = sk[i] & 0xffffffffu;
        d4[q] = s4[i];
      }
    }
    lo = hi;
  }
done:
  free(bnext);
  free(sk);
  free(svb);
  return st;
}

/* CSR <-> CSC: a transpose by counting. Entries of the source's minor
 * dimension are counted (the target's positions), then the source is
 * walked in order and every entry appended to its target row, which comes
 * out sorted. Every source entry is kept (explicit zeros included). */
static sc_status sc_convert_transpose(sc_tensor *t, const sc_tensor *src) {
  size_t rows = (size_t)src->lv[1].npos - 1; /* source rows */
  size_t trows = (size_t)t->dim_sizes[sc_major_dim(t)];
  size_t n = src->nvals, vs = t->vsize;
  int spb = src->pos_bytes, scb = src->crd_bytes;
  int pb = t->pos_bytes, cb = t->crd_bytes;
  size_t *next = NULL;
  int shift;
  sc_storage s;
  sc_status st;
  memset(&s, 0, sizeof s);
  s.lvl_sizes[0] = t->lvl_sizes[0];
  s.lvl_sizes[1] = t->lvl_sizes[1];
  if (pb < 8 && (uint64_t)n >> (pb * 8))
    return sc_set_error(SC_ERR_WIDTH_OVERFLOW,
                        "level 1: position %zu does not fit posWidth = %d "
                        "(use a wider posWidth)",
                        n, t->enc.pos_width);
  if (trows == SIZE_MAX)
    return sc_set_error(SC_ERR_SIZE_OVERFLOW, "too many rows");
  if ((st = sc_alloc((void **)&next, trows + 1, sizeof *next, 1,
                     "row counts")) ||
      (st = sc_alloc(&s.lv[1].pos, trows + 1, (size_t)pb, 1, "positions")) ||
      (st = sc_alloc(&s.lv[1].crd, n, (size_t)cb, 0, "coordinates")) ||
      (st = sc_alloc(&s.values, n, vs, 0, "values")))
    goto done;
  /* The target's coordinates are source rows: check the largest one. */
  for (size_t r = rows; r-- > 0;)
    if (sc_ld(src->lv[1].pos, spb, r + 1) > sc_ld(src->lv[1].pos, spb, r)) {
      if (t->crd_bits < 64 && (uint64_t)r >> t->crd_bits)
        st = sc_set_error(SC_ERR_WIDTH_OVERFLOW,
                          "level 1: coordinate %zu does not fit crdWidth = "
                          "%d (use a wider crdWidth)",
                          r, t->enc.crd_width);
      break;
    }
  if (st)
    goto done;
  shift = spb == 8 && scb == 8 && cb == 8 && (vs == 8 || vs == 4)
              ? sc_csr_block_shift(n, trows, rows)
              : -1;
  if (shift >= 0) {
    /* Count, and measure locality: an entry is near when its target row
     * is within one block's rows of its source row (scaled). When 9 in
     * 10 are near (banded matrices, stencils), the direct scatter already
     * writes within a small window: no blocking. */
    const uint64_t *sp = src->lv[1].pos, *sc = src->lv[1].crd;
    uint64_t w = (uint64_t)1 << shift, far = 0;
    double scale = (double)trows / (double)rows; /* (rows > 0 here) */
    for (size_t r = 0; r < rows; r++) {
      uint64_t rm = trows == rows ? r : (uint64_t)((double)r * scale);
      for (uint64_t p = sp[r], e = sp[r + 1]; p < e; p++) {
        next[sc[p] + 1]++;
        far += sc[p] + w < rm || sc[p] > rm + w;
      }
    }
    if (far * 10 < n)
      shift = -1;
  } else {
    for (size_t p = 0; p < n; p++)
      next[sc_ld(src->lv[1].crd, scb, p) + 1]++;
  }
  for (size_t r = 0; r < trows; r++) {
    next[r + 1] += next[r];
    sc_st(s.lv[1].pos, pb, r + 1, next[r + 1]);
  }
  if (shift >= 0) {
    st = sc_transpose_blocked(src, &s, next, rows, trows, shift);
    if (st)
      goto done;
  } else if (spb == 8 && scb == 8 && cb == 8 && vs == 8) {
    const uint64_t *sp = src->lv[1].pos, *sc = src->lv[1].crd;
    const uint64_t *sv = src->values;
    uint64_t *tc = s.lv[1].crd, *tv = s.values;
    for (size_t r = 0; r < rows; r++)
      for (uint64_t p = sp[r], e = sp[r + 1]; p < e; p++) {
        size_t q = next[sc[p]]++;
        tc[q] = r;
        tv[q] = sv[p];
      }
  } else {
    const unsigned char *sv = src->values;
    unsigned char *tv = s.values;
    for (size_t r = 0; r < rows; r++)
      for (uint64_t p = sc_ld(src->lv[1].pos, spb, r),
                    e = sc_ld(src->lv[1].pos, spb, r + 1);
           p < e; p++) {
        size_t q = next[sc_ld(src->lv[1].crd, scb, p)]++;
        sc_st(s.lv[1].crd, cb, q, r);
        memcpy(tv + q * vs, sv + p * vs, vs);
      }
  }
  s.lv[1].npos = trows + 1;
  s.lv[1].ncrd = n;
  s.nvals = n;
  s.npos[0] = trows;
  s.npos[1] = n;
done:
  free(next);
  if (st) {
    sc_storage_free(&s, 2);
    return st;
  }
  sc_storage_install(t, &s);
  return SC_OK;
}

/* Whether t is BSR(r, c) as sc_encoding_named builds it: (i floordiv r :
 * dense, j floordiv c : compressed, i mod r : dense, j mod c : dense). */
static int sc_is_bsr(const sc_tensor *t) {
  static const sc_level_format fmt[4] = {SC_LVL_DENSE, SC_LVL_COMPRESSED,
                                         SC_LVL_DENSE, SC_LVL_DENSE};
  static const sc_level_expr_kind kind[4] = {
      SC_LEXPR_FLOORDIV, SC_LEXPR_FLOORDIV, SC_LEXPR_MOD, SC_LEXPR_MOD};
  const sc_encoding *e = &t->enc;
  if (e->dim_rank != 2 || e->lvl_rank != 4)
    return 0;
  for (int l = 0; l < 4; l++) {
    const sc_level_expr *x = &e->lvl_exprs[l];
    int d = l % 2;
    if (e->lvl_types[l].format != fmt[l] ||
        (e->lvl_types[l].props &
         ~(l == 1 ? (unsigned)SC_PROP_UNPADDED : 0u)) ||
        x->kind != kind[l] || x->constant != 0 || x->coef[d] != 1 ||
        x->coef[1 - d] != 0 || x->divisor != e->lvl_exprs[l ^ 2].divisor)
      return 0;
    for (int k = 2; k < SC_MAX_RANK; k++)
      if (x->coef[k] != 0)
        return 0;
  }
  return 1;
}

static void sc_sort_u64(uint64_t *a, size_t n) {
  /* Insertion sort: a block row touches few block columns. */
  for (size_t i = 1; i < n; i++) {
    uint64_t x = a[i];
    size_t j = i;
    while (j > 0 && a[j - 1] > x) {
      a[j] = a[j - 1];
      j--;
    }
    a[j] = x;
  }
}

/* Sorts a[0, n) of values below 2^bits: insertion sort when short, else
 * an LSD radix sort of 8-bit digits through tmp (n entries), the result
 * back in a. */
static void sc_sort_blocks(uint64_t *a, size_t n, uint64_t *tmp, int bits) {
  uint64_t *src = a, *dst = tmp;
  if (n <= 64) {
    sc_sort_u64(a, n);
    return;
  }
  for (int sh = 0; sh < bits; sh += 8) {
    size_t cnt[256], acc = 0;
    memset(cnt, 0, sizeof cnt);
    for (size_t i = 0; i < n; i++)
      cnt[(src[i] >> sh) & 255]++;
    for (int d = 0; d < 256; d++) {
      size_t c = cnt[d];
      cnt[d] = acc;
      acc += c;
    }
    for (size_t i = 0; i < n; i++)
      dst[cnt[(src[i] >> sh) & 255]++] = src[i];
    src = dst;
    dst = dst == tmp ? a : tmp;
  }
  if (src != a)
    memcpy(a, src, n * sizeof *a);
}

/* CSR -> BSR(r, c): one pass per block row over its r source rows. Pass 1
 * counts the distinct block columns of every block row (the positions);
 * pass 2 lists them, sorts them, stores them and drops every entry at its
 * place in its zero-filled r x c block. */
static sc_status sc_convert_csr_bsr(sc_tensor *t, const sc_tensor *src) {
  size_t rows = (size_t)src->dim_sizes[0];
  size_t br = (size_t)t->enc.lvl_exprs[0].divisor;
  size_t bc = (size_t)t->enc.lvl_exprs[1].divisor;
  size_t nbr = (size_t)t->lvl_sizes[0], nbc = (size_t)t->lvl_sizes[1];
  size_t vs = t->vsize, nb = 0, blk, nv;
  int spb = src->pos_bytes, scb = src->crd_bytes;
  int pb = t->pos_bytes, cb = t->crd_bytes;
  const unsigned char *sv = src->values;
  size_t *mark = NULL;
  uint64_t *list = NULL, *tmp = NULL;
  int bits = 0;
  sc_storage s;
  sc_status st;
  memset(&s, 0, sizeof s);
  for (int l = 0; l < 4; l++)
    s.lvl_sizes[l] = t->lvl_sizes[l];
  if (nbr == SIZE_MAX || !sc_mul_sz(br, bc, &blk))
    return sc_set_error(SC_ERR_SIZE_OVERFLOW, "block size overflows");
  if ((st = sc_alloc((void **)&mark, nbc, sizeof *mark, 1, "block marks")) ||
      (st = sc_alloc((void **)&list, nbc, sizeof *list, 0, "block list")) ||
      (st = sc_alloc((void **)&tmp, nbc, sizeof *tmp, 0, "block list")) ||
      (st = sc_alloc(&s.lv[1].pos, nbr + 1, (size_t)pb, 1, "positions")))
    goto done;
  while (bits < 64 && ((uint64_t)1 << bits) < (uint64_t)nbc)
    bits++; /* block columns are below 2^bits */
  /* Pass 1: blocks per block row (stamp I + 1 marks block row I). */
  for (size_t I = 0; I < nbr; I++) {
    size_t r1 = (I + 1) * br < rows ? (I + 1) * br : rows;
    for (size_t i = I * br; i < r1; i++)
      for (uint64_t p = sc_ld(src->lv[1].pos, spb, i),
                    e = sc_ld(src->lv[1].pos, spb, i + 1);
           p < e; p++) {
        size_t j = (size_t)sc_ld(src->lv[1].crd, scb, p) / bc;
        if (mark[j] != I + 1) {
          mark[j] = I + 1;
          if (t->crd_bits < 64 && (uint64_t)j >> t->crd_bits) {
            st = sc_set_error(SC_ERR_WIDTH_OVERFLOW,
                              "level 1: coordinate %zu does not fit "
                              "crdWidth = %d (use a wider crdWidth)",
                              j, t->enc.crd_width);
            goto done;
          }
          nb++;
        }
      }
    if (pb < 8 && (uint64_t)nb >> (pb * 8)) {
      st = sc_set_error(SC_ERR_WIDTH_OVERFLOW,
                        "level 1: position %zu does not fit posWidth = %d "
                        "(use a wider posWidth)",
                        nb, t->enc.pos_width);
      goto done;
    }
    sc_st(s.lv[1].pos, pb, I + 1, nb);
  }
  if (!sc_mul_sz(nb, blk, &nv)) {
    st = sc_set_error(SC_ERR_SIZE_OVERFLOW, "%zu blocks of %zu x %zu values "
                      "overflow", nb, br, bc);
    goto done;
  }
  if ((st = sc_alloc(&s.lv[1].crd, nb, (size_t)cb, 0, "coordinates")) ||
      (st = sc_alloc(&s.values, nv, vs, 1, "values")))
    goto done;
  /* Pass 2: stamps nbr + 1 + I (pass 1 used 1..nbr), then mark[j] holds
   * the block's position offset by 2 * nbr + 2, past every stamp. */
  for (size_t I = 0, q0 = 0; I < nbr; I++) {
    size_t r1 = (I + 1) * br < rows ? (I + 1) * br : rows, m = 0;
    size_t stamp = nbr + 1 + I; /* distinct from every stamp of pass 1 */
    for (size_t i = I * br; i < r1; i++)
      for (uint64_t p = sc_ld(src->lv[1].pos, spb, i),
                    e = sc_ld(src->lv[1].pos, spb, i + 1);
           p < e; p++) {
        size_t j = (size_t)sc_ld(src->lv[1].crd, scb, p) / bc;
        if (mark[j] != stamp) {
          mark[j] = stamp;
          list[m++] = j;
        }
      }
    sc_sort_blocks(list, m, tmp, bits);
    /* mark[j] := position of block j, stored past the stamps' range. */
    for (size_t k = 0; k < m; k++) {
      sc_st(s.lv[1].crd, cb, q0 + k, list[k]);
      mark[list[k]] = 2 * nbr + 2 + q0 + k;
    }
    for (size_t i = I * br; i < r1; i++) {
      size_t ii = i - I * br;
      for (uint64_t p = sc_ld(src->lv[1].pos, spb, i),
                    e = sc_ld(src->lv[1].pos, spb, i + 1);
           p < e; p++) {
        size_t j = (size_t)sc_ld(src->lv[1].crd, scb, p);
        size_t q = mark[j / bc] - (2 * nbr + 2);
        size_t at = (q * br + ii) * bc + j % bc;
        if (vs == 8)
          memcpy((unsigned char *)s.values + at * 8, sv + p * 8, 8);
        else if (vs == 4)
          memcpy((unsigned char *)s.values + at * 4, sv + p * 4, 4);
        else
          memcpy((unsigned char *)s.values + at * vs, sv + p * vs, vs);
      }
    }
    q0 += m;
  }
  s.lv[1].npos = nbr + 1;
  s.lv[1].ncrd = nb;
  s.npos[0] = nbr;
  s.npos[1] = nb;
  s.npos[2] = nb * br;
  s.npos[3] = nv;
  s.nvals = nv;
done:
  free(mark);
  free(list);
  free(tmp);
  if (st) {
    sc_storage_free(&s, 4);
    return st;
  }
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
  {
    /* the target holds what the source shows: a view's entries, in view
     * coordinates, over the view's extents */
    int64_t dims[SC_MAX_RANK];
    for (int d = 0; d < src->dim_rank; d++)
      dims[d] = sc_view_size(src, d);
    if ((st = sc_tensor_new(&t, enc, src->vt, dims)))
      return st;
  }
  if (src->enc.has_slices || t->enc.has_slices) {
    st = sc_gather(src, sc_tensor_may_pad(src) &&
                            t->info.filter_mode == SC_FILTER_DROP_ALL,
                   1, &dc, &vals, &n);
    if (st == SC_OK)
      st = sc_assemble(t, dc, vals, n, SC_DUP_SUM, 0,
                       sc_tensor_may_pad(src) ? 0 : n);
  } else if (sc_same_levels(&src->enc, enc)) {
    st = sc_convert_same_levels(t, src);
  } else if (sc_csr_fast_applies(src) && sc_csr_fast_applies(t) &&
             sc_major_dim(src) != sc_major_dim(t)) {
    st = sc_convert_transpose(t, src);
  } else if (sc_csr_fast_applies(src) && sc_major_dim(src) == 0 &&
             sc_is_bsr(t)) {
    st = sc_convert_csr_bsr(t, src);
  } else {
    /* (1) coordinate remapping: source levels -> dimensions; the target's
     * dim -> lvl map is applied by the assembly pipeline. */
    int pad = sc_tensor_may_pad(src);
    st = sc_gather(src, pad && t->info.filter_mode == SC_FILTER_DROP_ALL, 0,
                   &dc, &vals, &n);
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

sc_status sc_tensor_assign(sc_tensor *dst, const sc_tensor *src) {
  sc_tensor *t = NULL;
  sc_status st;
  if (!dst || !src)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT, "NULL argument");
  if (dst == src)
    return sc_tensor_finalize(dst);
  if (dst->vt != src->vt)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT,
                        "cannot assign a tensor of another value type");
  if (dst->dim_rank != src->dim_rank)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT,
                        "cannot assign a rank-%d tensor to a rank-%d tensor",
                        src->dim_rank, dst->dim_rank);
  for (int d = 0; d < dst->dim_rank; d++)
    if (dst->dim_sizes[d] != src->dim_sizes[d])
      return sc_set_error(SC_ERR_INVALID_ARGUMENT,
                          "cannot assign a tensor whose dimension %d has size "
                          "%lld to one of size %lld",
                          d, (long long)src->dim_sizes[d],
                          (long long)dst->dim_sizes[d]);
  if ((st = sc_tensor_convert(&t, src, &dst->enc)))
    return st;
  /* t's storage moves into dst */
  sc_storage s;
  memset(&s, 0, sizeof s);
  for (int l = 0; l < t->lvl_rank; l++) {
    s.lvl_sizes[l] = t->lvl_sizes[l];
    s.npos[l] = t->npos[l];
    s.lv[l] = t->lv[l];
    t->lv[l].pos = t->lv[l].crd = NULL;
  }
  s.values = t->values;
  s.nvals = t->nvals;
  t->values = NULL;
  t->nvals = 0;
  sc_pending_free(dst);
  sc_append_free(dst);
  sc_storage_install(dst, &s);
  sc_tensor_free(t);
  return SC_OK;
}
