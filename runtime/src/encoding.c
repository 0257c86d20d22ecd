/* encoding.c — encodings: consistency checks, the padded defaults, named
 * formats, level sizes derived from dimension sizes through the map, the
 * dim->lvl coordinate map and its inverse (lvl->dim). */
#include "sc_internal.h"

#include <string.h>

int sc_level_is_padded(const sc_level_type *lt) {
  if (!lt)
    return 0;
  if (lt->props & SC_PROP_PADDED)
    return 1;
  if (lt->props & SC_PROP_UNPADDED)
    return 0;
  return lt->format == SC_LVL_DENSE || lt->format == SC_LVL_N_OUT_OF_M;
}

static int sc_single_dim(const sc_level_expr *e, int dim_rank, int *dim) {
  int found = -1;
  for (int d = 0; d < dim_rank; d++) {
    if (e->coef[d] == 0)
      continue;
    if (e->coef[d] != 1 || found >= 0)
      return 0;
    found = d;
  }
  if (found < 0)
    return 0;
  *dim = found;
  return 1;
}

sc_status sc_encoding_check(const sc_encoding *enc) {
  int used[SC_MAX_RANK] = {0};
  if (!enc)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT, "encoding is NULL");
  if (enc->dim_rank < 1 || enc->dim_rank > SC_MAX_RANK)
    return sc_set_error(SC_ERR_BAD_ENCODING,
                        "dimension rank %d outside 1..%d", enc->dim_rank,
                        SC_MAX_RANK);
  if (enc->lvl_rank < 1 || enc->lvl_rank > SC_MAX_LEVELS)
    return sc_set_error(SC_ERR_BAD_ENCODING, "level rank %d outside 1..%d",
                        enc->lvl_rank, SC_MAX_LEVELS);
  for (int l = 0; l < enc->lvl_rank; l++) {
    const sc_level_type *lt = &enc->lvl_types[l];
    const sc_level_expr *e = &enc->lvl_exprs[l];
    int any = 0;
    if ((unsigned)lt->format > (unsigned)SC_LVL_N_OUT_OF_M)
      return sc_set_error(SC_ERR_BAD_ENCODING, "level %d: unknown format %d",
                          l, (int)lt->format);
    if (lt->props & ~(unsigned)0x1f)
      return sc_set_error(SC_ERR_BAD_ENCODING,
                          "level %d: unknown property bits 0x%x", l,
                          lt->props & ~(unsigned)0x1f);
    if ((lt->props & SC_PROP_PADDED) && (lt->props & SC_PROP_UNPADDED))
      return sc_set_error(SC_ERR_BAD_ENCODING,
                          "level %d is both padded and unpadded", l);
    if (lt->format == SC_LVL_DENSE && (lt->props & SC_PROP_NONUNIQUE))
      return sc_set_error(SC_ERR_BAD_ENCODING,
                          "level %d: property 'nonunique' does not apply to "
                          "a dense level (every coordinate has one position)",
                          l);
    if (lt->format == SC_LVL_N_OUT_OF_M &&
        (lt->n < 1 || lt->m < 1 || lt->n > lt->m))
      return sc_set_error(SC_ERR_BAD_ENCODING,
                          "level %d: n_out_of_m[%d, %d] needs 1 <= n <= m", l,
                          lt->n, lt->m);
    if (lt->format == SC_LVL_SINGLETON && l == 0)
      return sc_set_error(SC_ERR_BAD_ENCODING,
                          "level 0 cannot be singleton (it has no parent)");
    if ((unsigned)e->kind > (unsigned)SC_LEXPR_COUNT)
      return sc_set_error(SC_ERR_BAD_ENCODING,
                          "level %d: unknown expression kind %d", l,
                          (int)e->kind);
    for (int d = 0; d < SC_MAX_RANK; d++) {
      if (e->coef[d] == 0)
        continue;
      if (d >= enc->dim_rank)
        return sc_set_error(SC_ERR_BAD_ENCODING,
                            "level %d uses dimension %d of a rank-%d tensor",
                            l, d, enc->dim_rank);
      any = 1;
      if (e->kind != SC_LEXPR_COUNT)
        used[d] = 1;
    }
    if (!any)
      return sc_set_error(SC_ERR_BAD_ENCODING,
                          "level %d does not use any dimension", l);
    switch (e->kind) {
    case SC_LEXPR_FLOORDIV:
    case SC_LEXPR_MOD:
      if (e->divisor <= 0)
        return sc_set_error(SC_ERR_BAD_ENCODING,
                            "level %d: %s by %lld; the divisor must be "
                            "positive",
                            l, e->kind == SC_LEXPR_MOD ? "mod" : "floordiv",
                            (long long)e->divisor);
      break;
    case SC_LEXPR_COUNT: {
      int d;
      if (!sc_single_dim(e, enc->dim_rank, &d) || e->constant != 0)
        return sc_set_error(SC_ERR_BAD_ENCODING,
                            "level %d: a counting level names exactly one "
                            "dimension with coefficient 1",
                            l);
      if (e->divisor < 0)
        return sc_set_error(SC_ERR_BAD_ENCODING,
                            "level %d: negative number of slices %lld", l,
                            (long long)e->divisor);
      if (lt->format != SC_LVL_DENSE)
        return sc_set_error(SC_ERR_UNSUPPORTED,
                            "level %d: a counting level must be dense", l);
      break;
    }
    default:
      break;
    }
  }
  for (int d = 0; d < enc->dim_rank; d++)
    if (!used[d])
      return sc_set_error(SC_ERR_BAD_ENCODING,
                          "dimension %d is not used by any level", d);
  if (enc->pos_width != 0 && enc->pos_width != 8 && enc->pos_width != 16 &&
      enc->pos_width != 32 && enc->pos_width != 64)
    return sc_set_error(SC_ERR_BAD_ENCODING,
                        "posWidth %d is not 0, 8, 16, 32 or 64",
                        enc->pos_width);
  if (enc->crd_width != 0 && enc->crd_width != 2 && enc->crd_width != 4 &&
      enc->crd_width != 8 && enc->crd_width != 16 && enc->crd_width != 32 &&
      enc->crd_width != 64)
    return sc_set_error(SC_ERR_BAD_ENCODING,
                        "crdWidth %d is not 0, 2, 4, 8, 16, 32 or 64",
                        enc->crd_width);
  if (enc->has_slices) {
    for (int d = 0; d < enc->dim_rank; d++) {
      const sc_dim_slice *s = &enc->slices[d];
      if (s->offset < -1 || s->size < -1 || s->size == 0 || s->stride < -1 ||
          s->stride == 0)
        return sc_set_error(SC_ERR_BAD_ENCODING,
                            "dimension %d: bad slice (%lld, %lld, %lld)", d,
                            (long long)s->offset, (long long)s->size,
                            (long long)s->stride);
    }
  }
  return SC_OK;
}

sc_status sc_encoding_analyze(const sc_encoding *enc, sc_enc_info *info) {
  sc_status st = sc_encoding_check(enc);
  int L, D, u = -1, last_padded_sparse = -1, any_padded_sparse = 0;
  int all_dense = 1, seen_sparse = 0;
  if (st)
    return st;
  memset(info, 0, sizeof *info);
  L = enc->lvl_rank;
  D = enc->dim_rank;
  info->identity = (L == D);
  for (int l = 0; l < L; l++) {
    const sc_level_type *lt = &enc->lvl_types[l];
    const sc_level_expr *e = &enc->lvl_exprs[l];
    int d;
    if (!(e->kind == SC_LEXPR_AFFINE && e->constant == 0 &&
          sc_single_dim(e, D, &d) && d == l))
      info->identity = 0;
    if (e->kind == SC_LEXPR_COUNT)
      info->has_count = 1;
    if (lt->props & SC_PROP_NONUNIQUE)
      info->nonunique = 1;
    if (lt->props & SC_PROP_NONORDERED)
      info->nonordered = 1;
    if (lt->format != SC_LVL_DENSE)
      all_dense = 0;
    /* Padding created by the format itself (written files skip zeros). */
    if ((lt->format == SC_LVL_DENSE && seen_sparse) ||
        lt->format == SC_LVL_N_OUT_OF_M ||
        (lt->format == SC_LVL_SINGLETON &&
         enc->lvl_types[l - 1].format == SC_LVL_DENSE))
      info->has_fill = 1;
    if (lt->format != SC_LVL_DENSE)
      seen_sparse = 1;
    /* The padded model: U = levels that drop zeros, P = sparse levels that
     * keep them. */
    if (lt->format == SC_LVL_N_OUT_OF_M ||
        (sc_is_sparse_fmt(lt->format) && !sc_level_is_padded(lt)))
      u = l;
    if (sc_is_sparse_fmt(lt->format) && sc_level_is_padded(lt)) {
      any_padded_sparse = 1;
      last_padded_sparse = l;
    }
  }
  if (all_dense)
    info->has_fill = 1;
  if (!any_padded_sparse)
    info->filter_mode = SC_FILTER_DROP_ALL;
  else if (u < 0)
    info->filter_mode = SC_FILTER_KEEP_ALL;
  else if (last_padded_sparse < u)
    info->filter_mode = SC_FILTER_DROP_ALL;
  else
    info->filter_mode = SC_FILTER_GROUP;
  info->filter_level = u;

  /* The inverse map: each dimension from an identity level or from a
   * floordiv/mod pair with the same divisor. */
  for (int d = 0; d < D; d++) {
    int ok = 0;
    for (int l = 0; l < L && !ok; l++) {
      const sc_level_expr *e = &enc->lvl_exprs[l];
      int dd;
      if (e->kind == SC_LEXPR_AFFINE && sc_single_dim(e, D, &dd) && dd == d &&
          e->constant >= 0) {
        info->inv[d].kind = SC_INV_IDENT;
        info->inv[d].l0 = l;
        info->inv[d].a = e->constant;
        ok = 1;
      }
    }
    for (int q = 0; q < L && !ok; q++) {
      const sc_level_expr *eq = &enc->lvl_exprs[q];
      int dq;
      if (eq->kind != SC_LEXPR_FLOORDIV || eq->constant != 0 ||
          !sc_single_dim(eq, D, &dq) || dq != d)
        continue;
      for (int m = 0; m < L && !ok; m++) {
        const sc_level_expr *em = &enc->lvl_exprs[m];
        int dm;
        if (em->kind == SC_LEXPR_MOD && em->constant == 0 &&
            em->divisor == eq->divisor && sc_single_dim(em, D, &dm) &&
            dm == d) {
          info->inv[d].kind = SC_INV_DIVMOD;
          info->inv[d].l0 = q;
          info->inv[d].l1 = m;
          info->inv[d].a = eq->divisor;
          ok = 1;
        }
      }
    }
    if (!ok)
      return sc_set_error(SC_ERR_UNSUPPORTED,
                          "dimension %d cannot be recovered from the level "
                          "coordinates (the runtime inverts identity levels "
                          "and floordiv/mod pairs)",
                          d);
  }
  /* Under a counting level the slots a row does not fill hold nothing only
   * when the last level stores entries alone: a dense, singleton,
   * n_out_of_m or padded last level would pad them, and that padding
   * (zeros in slots) cannot be told from the row's entries. */
  if (info->has_count) {
    const sc_level_type *last = &enc->lvl_types[L - 1];
    if ((last->format != SC_LVL_COMPRESSED &&
         last->format != SC_LVL_LOOSE_COMPRESSED) ||
        sc_level_is_padded(last))
      return sc_set_error(SC_ERR_UNSUPPORTED,
                          "level %d: with a counting level the last level "
                          "must be compressed or loose_compressed and "
                          "unpadded (as ELL's 'j : compressed'), else the "
                          "empty slots would hold padding",
                          L - 1);
  }
  info->redundant = 0;
  for (int l = 0; l < L; l++)
    if (enc->lvl_exprs[l].kind != SC_LEXPR_COUNT)
      info->redundant |= 1u << l;
  for (int d = 0; d < D; d++) {
    info->redundant &= ~(1u << info->inv[d].l0);
    if (info->inv[d].kind == SC_INV_DIVMOD)
      info->redundant &= ~(1u << info->inv[d].l1);
  }
  return SC_OK;
}

sc_status sc_level_sizes(const sc_encoding *enc, const int64_t *dim_sizes,
                         int64_t *lvl_sizes) {
  for (int l = 0; l < enc->lvl_rank; l++) {
    const sc_level_expr *e = &enc->lvl_exprs[l];
    const sc_level_type *lt = &enc->lvl_types[l];
    int64_t lo = e->constant, hi = e->constant, size;
    int empty = 0;
    if (e->kind == SC_LEXPR_COUNT) {
      lvl_sizes[l] = e->divisor;
      continue;
    }
    for (int d = 0; d < enc->dim_rank; d++) {
      int64_t c = e->coef[d], term, mag;
      if (c == 0)
        continue;
      if (dim_sizes[d] == 0) {
        empty = 1;
        continue;
      }
      if (c == INT64_MIN || !sc_mul_i64(c < 0 ? -c : c, dim_sizes[d] - 1, &mag))
        return sc_set_error(SC_ERR_SIZE_OVERFLOW,
                            "level %d: coefficient %lld times dimension size "
                            "%lld overflows",
                            l, (long long)c, (long long)dim_sizes[d]);
      term = mag;
      if (c > 0) {
        if (hi > INT64_MAX - term)
          return sc_set_error(SC_ERR_SIZE_OVERFLOW,
                              "level %d: size overflows int64", l);
        hi += term;
      } else {
        if (lo < INT64_MIN + term)
          return sc_set_error(SC_ERR_SIZE_OVERFLOW,
                              "level %d: size overflows int64", l);
        lo -= term;
      }
    }
    if (e->kind == SC_LEXPR_MOD) {
      size = e->divisor;
    } else if (empty) {
      size = 0;
    } else {
      if (lo < 0)
        return sc_set_error(SC_ERR_BAD_ENCODING,
                            "level %d: the level expression can be negative "
                            "(%lld) for these dimension sizes",
                            l, (long long)lo);
      if (e->kind == SC_LEXPR_FLOORDIV)
        size = hi / e->divisor + 1;
      else if (hi == INT64_MAX)
        return sc_set_error(SC_ERR_SIZE_OVERFLOW,
                            "level %d: size overflows int64", l);
      else
        size = hi + 1;
    }
    if (lt->format == SC_LVL_N_OUT_OF_M && size != lt->m)
      return sc_set_error(SC_ERR_BAD_ENCODING,
                          "level %d: n_out_of_m[%d, %d] needs a level of size "
                          "%d (e.g. 'j mod %d'), not %lld",
                          l, lt->n, lt->m, lt->m, lt->m, (long long)size);
    lvl_sizes[l] = size;
  }
  return SC_OK;
}

void sc_dim_to_lvl(const sc_encoding *enc, const int64_t *dc, int64_t *lc) {
  for (int l = 0; l < enc->lvl_rank; l++) {
    const sc_level_expr *e = &enc->lvl_exprs[l];
    int64_t s = e->constant;
    if (e->kind == SC_LEXPR_COUNT) {
      lc[l] = 0;
      continue;
    }
    for (int d = 0; d < enc->dim_rank; d++)
      s += e->coef[d] * dc[d];
    /* rounded toward -inf without an intermediate past int64 (a divisor
     * near INT64_MAX overflowed `s % d + d`) */
    if (e->kind == SC_LEXPR_FLOORDIV)
      s = s / e->divisor - (s % e->divisor < 0);
    else if (e->kind == SC_LEXPR_MOD)
      s = s % e->divisor < 0 ? s % e->divisor + e->divisor
                             : s % e->divisor;
    lc[l] = s;
  }
}

int sc_lvl_to_dim(const sc_tensor *t, const int64_t *lc, int64_t *dc) {
  for (int d = 0; d < t->dim_rank; d++) {
    const sc_dim_recipe *r = &t->info.inv[d];
    int64_t v = r->kind == SC_INV_IDENT ? lc[r->l0] - r->a
                                        : lc[r->l0] * r->a + lc[r->l1];
    if (v < 0 || v >= t->dim_sizes[d])
      return 0;
    dc[d] = v;
  }
  if (t->info.redundant) {
    int64_t back[SC_MAX_LEVELS];
    sc_dim_to_lvl(&t->enc, dc, back);
    for (int l = 0; l < t->lvl_rank; l++)
      if (t->info.redundant >> l & 1u && back[l] != lc[l])
        return 0; /* padding of a level the inverse does not read */
  }
  return 1;
}

static void sc_enc_clear(sc_encoding *enc, int dim_rank, int lvl_rank) {
  memset(enc, 0, sizeof *enc);
  enc->dim_rank = dim_rank;
  enc->lvl_rank = lvl_rank;
}

static void sc_lvl(sc_encoding *enc, int l, sc_level_format f, unsigned props,
                   sc_level_expr_kind kind, int dim, int64_t divisor) {
  enc->lvl_types[l].format = f;
  enc->lvl_types[l].props = props;
  enc->lvl_exprs[l].kind = kind;
  enc->lvl_exprs[l].coef[dim] = 1;
  enc->lvl_exprs[l].divisor = divisor;
}

sc_status sc_encoding_simple(sc_encoding *enc, int rank,
                             const sc_level_format *formats) {
  if (!enc || !formats)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT, "NULL argument");
  if (rank < 1 || rank > SC_MAX_RANK || rank > SC_MAX_LEVELS)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT, "rank %d outside 1..%d",
                        rank, SC_MAX_RANK);
  sc_enc_clear(enc, rank, rank);
  for (int l = 0; l < rank; l++)
    sc_lvl(enc, l, formats[l], 0, SC_LEXPR_AFFINE, l, 0);
  return sc_encoding_check(enc);
}

sc_status sc_encoding_named(sc_encoding *enc, const char *name,
                            const int64_t *params, int nparams) {
  const sc_level_format D_ = SC_LVL_DENSE, C_ = SC_LVL_COMPRESSED;
  if (!enc || !name || (nparams > 0 && !params))
    return sc_set_error(SC_ERR_INVALID_ARGUMENT, "NULL argument");
#define SC_NEED(k)                                                             \
  do {                                                                         \
    if (nparams != (k))                                                        \
      return sc_set_error(SC_ERR_INVALID_ARGUMENT,                             \
                          "format %s takes %d parameter(s), not %d", name,     \
                          (k), nparams);                                       \
  } while (0)
  if (!strcmp(name, "SparseVector")) {
    SC_NEED(0);
    sc_enc_clear(enc, 1, 1);
    sc_lvl(enc, 0, C_, 0, SC_LEXPR_AFFINE, 0, 0);
  } else if (!strcmp(name, "CSR") || !strcmp(name, "CSC") ||
             !strcmp(name, "DCSR") || !strcmp(name, "DCSC")) {
    int col = name[strlen(name) - 1] == 'C';
    SC_NEED(0);
    sc_enc_clear(enc, 2, 2);
    sc_lvl(enc, 0, name[0] == 'D' ? C_ : D_, 0, SC_LEXPR_AFFINE, col ? 1 : 0,
           0);
    sc_lvl(enc, 1, C_, 0, SC_LEXPR_AFFINE, col ? 0 : 1, 0);
  } else if (!strcmp(name, "COO")) {
    int rank = 2;
    if (nparams == 1)
      rank = (int)params[0];
    else
      SC_NEED(0);
    if (rank < 1 || rank > SC_MAX_RANK)
      return sc_set_error(SC_ERR_INVALID_ARGUMENT, "COO rank %d outside 1..%d",
                          rank, SC_MAX_RANK);
    sc_enc_clear(enc, rank, rank);
    sc_lvl(enc, 0, C_, rank > 1 ? SC_PROP_NONUNIQUE : 0, SC_LEXPR_AFFINE, 0,
           0);
    for (int l = 1; l < rank; l++)
      sc_lvl(enc, l, SC_LVL_SINGLETON, l < rank - 1 ? SC_PROP_NONUNIQUE : 0,
             SC_LEXPR_AFFINE, l, 0);
  } else if (!strcmp(name, "CSF")) {
    int rank = 3;
    if (nparams == 1)
      rank = (int)params[0];
    else
      SC_NEED(0);
    if (rank < 1 || rank > SC_MAX_RANK)
      return sc_set_error(SC_ERR_INVALID_ARGUMENT, "CSF rank %d outside 1..%d",
                          rank, SC_MAX_RANK);
    sc_enc_clear(enc, rank, rank);
    for (int l = 0; l < rank; l++)
      sc_lvl(enc, l, C_, 0, SC_LEXPR_AFFINE, l, 0);
  } else if (!strcmp(name, "BSR")) {
    SC_NEED(2);
    if (params[0] < 1 || params[1] < 1)
      return sc_set_error(SC_ERR_INVALID_ARGUMENT,
                          "BSR block sizes must be positive");
    sc_enc_clear(enc, 2, 4);
    sc_lvl(enc, 0, D_, 0, SC_LEXPR_FLOORDIV, 0, params[0]);
    sc_lvl(enc, 1, C_, 0, SC_LEXPR_FLOORDIV, 1, params[1]);
    sc_lvl(enc, 2, D_, 0, SC_LEXPR_MOD, 0, params[0]);
    sc_lvl(enc, 3, D_, 0, SC_LEXPR_MOD, 1, params[1]);
  } else if (!strcmp(name, "ELL")) {
    SC_NEED(1);
    if (params[0] < 0)
      return sc_set_error(SC_ERR_INVALID_ARGUMENT,
                          "ELL needs k >= 0 slices (0: as many as needed)");
    sc_enc_clear(enc, 2, 3);
    sc_lvl(enc, 0, D_, 0, SC_LEXPR_COUNT, 0, params[0]);
    sc_lvl(enc, 1, D_, 0, SC_LEXPR_AFFINE, 0, 0);
    sc_lvl(enc, 2, C_, 0, SC_LEXPR_AFFINE, 1, 0);
  } else if (!strcmp(name, "NV24")) {
    SC_NEED(0);
    sc_enc_clear(enc, 2, 3);
    sc_lvl(enc, 0, D_, 0, SC_LEXPR_AFFINE, 0, 0);
    sc_lvl(enc, 1, D_, 0, SC_LEXPR_FLOORDIV, 1, 4);
    sc_lvl(enc, 2, SC_LVL_N_OUT_OF_M, 0, SC_LEXPR_MOD, 1, 4);
    enc->lvl_types[2].n = 2;
    enc->lvl_types[2].m = 4;
    enc->crd_width = 2;
  } else {
    return sc_set_error(SC_ERR_INVALID_ARGUMENT,
                        "unknown format name '%s' (SparseVector, CSR, CSC, "
                        "DCSR, DCSC, COO, CSF, BSR, ELL, NV24)",
                        name);
  }
#undef SC_NEED
  return sc_encoding_check(enc);
}
