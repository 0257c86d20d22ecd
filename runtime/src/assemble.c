/* assemble.c — the one assembly pipeline every producer of entries goes
 * through (dense arrays, COO triples, pending inserts, conversion):
 * coordinate remapping dim -> lvl (with counters for ELL counting levels),
 * a stable lexicographic sort in level order, the duplicate policy, the
 * padded model's zero filter, then level-by-level building (build.c).
 * Also the ordered append used by generated code for sparse outputs. */
#include "sc_internal.h"

#include <stdlib.h>

static int sc_rows_equal(const int64_t *key, size_t stride, int k, size_t a,
                         size_t b) {
  return memcmp(key + a * stride, key + b * stride,
                (size_t)k * sizeof(int64_t)) == 0;
}

/* Applies the duplicate policy to the sorted ord; compacts it. */
static sc_status sc_dedup(const sc_tensor *t, size_t *ord, size_t *n_io,
                          const int64_t *key, size_t stride, int k,
                          unsigned char *vals, int dup, size_t first_new,
                          const int64_t *dc) {
  size_t n = *n_io, out = 0;
  size_t vs = t->vsize;
  for (size_t a = 0; a < n;) {
    size_t b = a + 1;
    while (b < n && sc_rows_equal(key, stride, k, ord[a], ord[b]))
      b++;
    if (b - a == 1) {
      ord[out++] = ord[a];
    } else if (dup == SC_DUP_REJECT) {
      char buf[256];
      sc_format_coords(buf, sizeof buf, dc + ord[a] * (size_t)t->dim_rank,
                       t->dim_rank);
      return sc_set_error(SC_ERR_DUPLICATE,
                          "duplicate entry at %s (%zu times)", buf, b - a);
    } else if (dup == SC_DUP_LAST_) {
      if (ord[b - 1] >= first_new || !t->info.nonunique)
        ord[out++] = ord[b - 1];
      else
        for (size_t i = a; i < b; i++)
          ord[out++] = ord[i];
    } else if (t->info.nonunique) {
      for (size_t i = a; i < b; i++)
        ord[out++] = ord[i];
    } else {
      unsigned char *dst = vals + ord[a] * vs;
      for (size_t i = a + 1; i < b; i++)
        sc_val_add(t->vt, dst, vals + ord[i] * vs);
      ord[out++] = ord[a];
    }
    a = b;
  }
  *n_io = out;
  return SC_OK;
}

/* The padded model (SPEC section 3): zeros stay only where a padded sparse
 * level may hold them, inside subtrees that hold a nonzero. */
static void sc_filter(const sc_tensor *t, size_t *ord, size_t *n_io,
                      const int64_t *key, size_t stride,
                      const unsigned char *vals, int mode, int level,
                      size_t filter_from) {
  size_t n = *n_io, out = 0, vs = t->vsize;
#define SC_LIVE(e) ((e) < filter_from || !sc_val_is_zero(t->vt, vals + (e) * vs))
  if (mode == SC_FILTER_KEEP_ALL)
    return;
  if (mode == SC_FILTER_DROP_ALL) {
    for (size_t i = 0; i < n; i++)
      if (SC_LIVE(ord[i]))
        ord[out++] = ord[i];
    *n_io = out;
    return;
  }
  for (size_t a = 0; a < n;) {
    size_t b = a + 1;
    int live = SC_LIVE(ord[a]);
    while (b < n && sc_rows_equal(key, stride, level + 1, ord[a], ord[b])) {
      if (SC_LIVE(ord[b]))
        live = 1;
      b++;
    }
#undef SC_LIVE
    if (live)
      for (size_t i = a; i < b; i++)
        ord[out++] = ord[i];
    a = b;
  }
  *n_io = out;
}

/* ELL counting levels: entry e (in dimension order) is the s-th stored
 * entry of its coordinate on the counted dimension; s is its level
 * coordinate. Sizes automatic levels (divisor 0). */
static sc_status sc_count_levels(const sc_tensor *t, const size_t *ord,
                                 size_t n, const int64_t *dc, int64_t *lc,
                                 int64_t *lsz) {
  int D = t->dim_rank, L = t->lvl_rank;
  for (int l = 0; l < L; l++) {
    const sc_level_expr *e = &t->enc.lvl_exprs[l];
    int64_t *counter = NULL, maxc = 0;
    int d = 0;
    sc_status st;
    if (e->kind != SC_LEXPR_COUNT)
      continue;
    while (e->coef[d] == 0)
      d++;
    if ((st = sc_alloc((void **)&counter, (size_t)t->dim_sizes[d],
                       sizeof *counter, 1, "slice counters")))
      return st;
    for (size_t i = 0; i < n; i++) {
      size_t ent = ord[i];
      int64_t c = dc[ent * (size_t)D + (size_t)d];
      int64_t s = counter[c]++;
      if (e->divisor > 0 && s >= e->divisor) {
        free(counter);
        return sc_set_error(SC_ERR_UNSUPPORTED,
                            "counting level %d: coordinate %lld of dimension "
                            "%d has more than %lld stored entries (the number "
                            "of slices); use more slices, or 0 to size them "
                            "automatically",
                            l, (long long)c, d, (long long)e->divisor);
      }
      if (s + 1 > maxc)
        maxc = s + 1;
      lc[ent * (size_t)L + (size_t)l] = s;
    }
    free(counter);
    if (e->divisor == 0)
      lsz[l] = maxc;
  }
  return SC_OK;
}

sc_status sc_assemble(sc_tensor *t, const int64_t *dc, const void *val,
                      size_t n, int dup, size_t first_new, size_t filter_from) {
  int D = t->dim_rank, L = t->lvl_rank;
  int64_t lsz[SC_MAX_LEVELS];
  size_t *ord = NULL, n_in = n; /* n shrinks with duplicates and zeros */
  unsigned char *vals = NULL;
  int64_t *lc = NULL;
  const int64_t *key;
  size_t stride;
  sc_storage s;
  sc_status st;
  if ((st = sc_level_sizes(&t->enc, t->dim_sizes, lsz)))
    return st;
  if (filter_from >= n && dup != SC_DUP_LAST_ && sc_csr_fast_applies(t))
    return sc_assemble_csr_fast(t, dc, val, n, dup);
  if ((st = sc_alloc((void **)&ord, n, sizeof *ord, 0, "entry order")))
    goto done;
  if ((st = sc_alloc((void **)&vals, n, t->vsize, 0, "entry values")))
    goto done;
  if (n)
    memcpy(vals, val, n * t->vsize);
  for (size_t i = 0; i < n; i++)
    ord[i] = i;
  if (!t->info.has_count) {
    /* Coordinate remapping (skipped for the identity map). */
    if (t->info.identity) {
      key = dc;
      stride = (size_t)D;
    } else {
      if ((st = sc_alloc((void **)&lc, n, (size_t)L * sizeof(int64_t), 0,
                         "level coordinates")))
        goto done;
      for (size_t i = 0; i < n; i++)
        sc_dim_to_lvl(&t->enc, dc + i * (size_t)D, lc + i * (size_t)L);
      key = lc;
      stride = (size_t)L;
    }
    if ((st = sc_sort_lex(ord, n, key, stride, L, lsz)))
      goto done;
    if ((st = sc_dedup(t, ord, &n, key, stride, L, vals, dup, first_new, dc)))
      goto done;
    if (filter_from < n_in)
      sc_filter(t, ord, &n, key, stride, vals, t->info.filter_mode,
                t->info.filter_level, filter_from);
  } else {
    /* Counters need the entries in dimension order first. */
    if ((st = sc_sort_lex(ord, n, dc, (size_t)D, D, t->dim_sizes)))
      goto done;
    if ((st = sc_dedup(t, ord, &n, dc, (size_t)D, D, vals, dup, first_new,
                       dc)))
      goto done;
    if (filter_from < n_in)
      sc_filter(t, ord, &n, dc, (size_t)D, vals, SC_FILTER_DROP_ALL, 0,
                filter_from);
    {
      size_t total = 0;
      for (size_t i = 0; i < n; i++)
        if (ord[i] + 1 > total)
          total = ord[i] + 1;
      if ((st = sc_alloc((void **)&lc, total, (size_t)L * sizeof(int64_t), 0,
                         "level coordinates")))
        goto done;
    }
    for (size_t i = 0; i < n; i++)
      sc_dim_to_lvl(&t->enc, dc + ord[i] * (size_t)D, lc + ord[i] * (size_t)L);
    if ((st = sc_count_levels(t, ord, n, dc, lc, lsz)))
      goto done;
    key = lc;
    stride = (size_t)L;
    if ((st = sc_sort_lex(ord, n, key, stride, L, lsz)))
      goto done;
  }
  if ((st = sc_build(t, lsz, key, stride, ord, n, vals, &s)))
    goto done;
  sc_storage_install(t, &s);
done:
  free(ord);
  free(vals);
  free(lc);
  return st;
}

/* ---- from dense ---- */

static sc_status sc_from_dense_impl(sc_tensor **out, const sc_encoding *enc,
                                    sc_value_type vt, const int64_t *dims,
                                    const void *dense,
                                    const void *const *rows, int use_rows) {
  sc_tensor *t = NULL;
  size_t count = 1, n = 0, k = 0, vs, ncols = 1;
  int64_t *dc = NULL, idx[SC_MAX_RANK] = {0};
  unsigned char *vals = NULL;
  int keep_zeros;
  sc_status st;
  if (!out)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT, "out is NULL");
  *out = NULL;
  /* sizes no dense block can have are refused before the empty tensor
   * (whose dense levels may be large) is built; the rest is checked there */
  if (enc && dims && enc->dim_rank > 0 && enc->dim_rank <= SC_MAX_RANK) {
    size_t bytes = sc_value_size(vt) ? sc_value_size(vt) : 1;
    for (int d = 0; d < enc->dim_rank; d++)
      if (dims[d] >= 0 && !sc_mul_sz(bytes, (size_t)dims[d], &bytes))
        return sc_set_error(SC_ERR_SIZE_OVERFLOW,
                            "the dense size of the tensor overflows size_t");
  }
  if ((st = sc_tensor_new(&t, enc, vt, dims)))
    return st;
  vs = t->vsize;
  for (int d = 0; d < t->dim_rank; d++)
    count *= (size_t)dims[d]; /* fits: checked above */
  if (count && (use_rows ? !rows : !dense)) {
    sc_tensor_free(t);
    return sc_set_error(SC_ERR_INVALID_ARGUMENT, "dense data is NULL");
  }
  if (use_rows) {
    if (t->dim_rank != 2) {
      int rank = t->dim_rank;
      sc_tensor_free(t);
      return sc_set_error(SC_ERR_INVALID_ARGUMENT,
                          "row pointers need a 2-D tensor, not rank %d",
                          rank);
    }
    ncols = (size_t)dims[1];
    for (int64_t i = 0; ncols && i < dims[0]; i++)
      if (!rows[i]) {
        sc_tensor_free(t);
        return sc_set_error(SC_ERR_INVALID_ARGUMENT, "row %lld is NULL",
                            (long long)i);
      }
  }
#define SC_ELEM(i)                                                             \
  (use_rows ? (const unsigned char *)rows[(i) / ncols] + ((i) % ncols) * vs        \
        : (const unsigned char *)dense + (i) * vs)
  keep_zeros = t->info.filter_mode != SC_FILTER_DROP_ALL;
  if (keep_zeros) {
    n = count;
  } else {
    for (size_t i = 0; i < count; i++)
      if (!sc_val_is_zero(vt, SC_ELEM(i)))
        n++;
  }
  if ((st = sc_alloc((void **)&dc, n, (size_t)t->dim_rank * sizeof(int64_t),
                     0, "dense entries")) ||
      (st = sc_alloc((void **)&vals, n, vs, 0, "dense values")))
    goto fail;
  for (size_t i = 0; i < count; i++) {
    const unsigned char *v = SC_ELEM(i);
    if (keep_zeros || !sc_val_is_zero(vt, v)) {
      memcpy(dc + k * (size_t)t->dim_rank, idx,
             (size_t)t->dim_rank * sizeof(int64_t));
      memcpy(vals + k * vs, v, vs);
      k++;
    }
    for (int d = t->dim_rank - 1; d >= 0; d--) {
      if (++idx[d] < dims[d])
        break;
      idx[d] = 0;
    }
  }
#undef SC_ELEM
  if ((st = sc_assemble(t, dc, vals, n, SC_DUP_SUM, 0, 0)))
    goto fail;
  free(dc);
  free(vals);
  *out = t;
  return SC_OK;
fail:
  free(dc);
  free(vals);
  sc_tensor_free(t);
  return st;
}

sc_status sc_tensor_from_dense(sc_tensor **out, const sc_encoding *enc,
                               sc_value_type vt, const int64_t *dim_sizes,
                               const void *dense) {
  return sc_from_dense_impl(out, enc, vt, dim_sizes, dense, NULL, 0);
}

sc_status sc_tensor_from_dense_rows(sc_tensor **out, const sc_encoding *enc,
                                    sc_value_type vt, const int64_t *dim_sizes,
                                    const void *const *rows) {
  return sc_from_dense_impl(out, enc, vt, dim_sizes, NULL, rows, 1);
}

/* ---- from COO ---- */

/* Whether every coordinate is inside the dimension sizes: one branch-free
 * scan (a negative coordinate is a huge unsigned one). */
static int sc_coords_in_range(const sc_tensor *t, const int64_t *c,
                              size_t n) {
  uint64_t bad = 0;
  if (t->dim_rank == 2) {
    uint64_t s0 = (uint64_t)t->dim_sizes[0], s1 = (uint64_t)t->dim_sizes[1];
    for (size_t i = 0; i < n; i++)
      bad |= ((uint64_t)c[2 * i] >= s0) | ((uint64_t)c[2 * i + 1] >= s1);
  } else {
    size_t D = (size_t)t->dim_rank;
    for (size_t i = 0; i < n; i++)
      for (size_t d = 0; d < D; d++)
        bad |= (uint64_t)c[i * D + d] >= (uint64_t)t->dim_sizes[d];
  }
  return !bad;
}

sc_status sc_tensor_from_coo(sc_tensor **out, const sc_encoding *enc,
                             sc_value_type vt, const int64_t *dim_sizes,
                             size_t nnz, const int64_t *coords,
                             const void *values, sc_dup_policy dup) {
  sc_tensor *t = NULL;
  unsigned char *ones = NULL;
  sc_status st;
  if (!out)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT, "out is NULL");
  *out = NULL;
  if (nnz && !coords)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT, "coordinates are NULL");
  if (dup != SC_DUP_SUM && dup != SC_DUP_REJECT)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT,
                        "unknown duplicate policy %d", (int)dup);
  if ((st = sc_tensor_new(&t, enc, vt, dim_sizes)))
    return st;
  if (!sc_coords_in_range(t, coords, nnz))
    for (size_t i = 0; i < nnz; i++) /* find and report the first one */
      if ((st = sc_check_dim_coords(t, coords + i * (size_t)t->dim_rank))) {
        sc_tensor_free(t);
        return st;
      }
  if (!values && nnz) {
    if ((st = sc_alloc((void **)&ones, nnz, t->vsize, 0, "values"))) {
      sc_tensor_free(t);
      return st;
    }
    for (size_t i = 0; i < nnz; i++)
      sc_val_set_one(vt, ones + i * t->vsize);
    values = ones;
  }
  st = sc_assemble(t, coords, values, nnz, dup, 0, nnz);
  free(ones);
  if (st) {
    sc_tensor_free(t);
    return st;
  }
  *out = t;
  return SC_OK;
}

/* ---- ordered append ---- */

void sc_append_free(sc_tensor *t) {
  free(t->app_lc);
  free(t->app_val);
  t->app_lc = NULL;
  t->app_val = NULL;
  t->app_n = t->app_cap = t->app_vcap = 0;
  t->appending = 0;
  t->ra.nrows = 0;
  t->ra.active = 0;
}

sc_status sc_tensor_begin_append(sc_tensor *t) {
  sc_status st;
  if (!t)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT, "tensor is NULL");
  if (t->enc.has_slices)
    return sc_set_error(SC_ERR_UNSUPPORTED,
                        "an ordered append into a slice view (append to the "
                        "stored tensor, then take the view)");
  sc_rowapp_reclaim(t); /* before clear frees the storage */
  if ((st = sc_tensor_clear(t)))
    return st;
  t->appending = 1;
  return SC_OK;
}

/* The bound of level l's coordinates in an append. A counting level sized
 * by the data (ELL with 0 slices): the k-th stored entry of a coordinate of
 * the counted dimension, so k is below the number of elements sharing that
 * coordinate, the product of the other dimensions' sizes (saturated). */
static int64_t sc_append_bound(const sc_tensor *t, int l) {
  const sc_level_expr *e = &t->enc.lvl_exprs[l];
  int64_t b = 1;
  if (e->kind != SC_LEXPR_COUNT || e->divisor != 0)
    return t->lvl_sizes[l];
  for (int d = 0; d < t->dim_rank; d++) {
    if (e->coef[d] != 0)
      continue;
    if (t->dim_sizes[d] != 0 && b > INT64_MAX / t->dim_sizes[d])
      return INT64_MAX;
    b *= t->dim_sizes[d];
  }
  return b;
}

sc_status sc_tensor_append(sc_tensor *t, const int64_t *lvl_coords,
                           const void *value) {
  size_t L, need;
  sc_status st;
  if (!t || !lvl_coords || !value)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT, "NULL argument");
  if (!t->appending)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT,
                        "sc_tensor_append without sc_tensor_begin_append");
  if (t->ra.active)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT,
                        "sc_tensor_append after sc_tensor_append_reserve or "
                        "sc_tensor_append_row in the same append");
  L = (size_t)t->lvl_rank;
  for (int l = 0; l < t->lvl_rank; l++) {
    int64_t bound = sc_append_bound(t, l);
    if (lvl_coords[l] < 0 || lvl_coords[l] >= bound) {
      char buf[256];
      sc_format_coords(buf, sizeof buf, lvl_coords, t->lvl_rank);
      return sc_set_error(SC_ERR_OUT_OF_RANGE,
                          "appended level coordinates %s: level %d is %lld, "
                          "outside [0, %lld)",
                          buf, l, (long long)lvl_coords[l],
                          (long long)bound);
    }
  }
  if (t->app_n > 0 && !t->info.nonordered) {
    const int64_t *prev = t->app_lc + (t->app_n - 1) * L;
    int c = 0;
    for (size_t l = 0; l < L && c == 0; l++)
      c = prev[l] < lvl_coords[l] ? -1 : prev[l] > lvl_coords[l] ? 1 : 0;
    if (c > 0 || (c == 0 && !t->info.nonunique)) {
      char buf[256];
      sc_format_coords(buf, sizeof buf, lvl_coords, t->lvl_rank);
      return sc_set_error(SC_ERR_INVALID_ARGUMENT,
                          "appended level coordinates %s are not after the "
                          "previous ones (append needs strictly increasing "
                          "lexicographic order)",
                          buf);
    }
  }
  if (!sc_mul_sz(t->app_n + 1, L, &need))
    return sc_set_error(SC_ERR_SIZE_OVERFLOW, "too many appended entries");
  if ((st = sc_grow((void **)&t->app_lc, &t->app_cap, need, sizeof(int64_t),
                    "appended coordinates")) ||
      (st = sc_grow((void **)&t->app_val, &t->app_vcap, t->app_n + 1,
                    t->vsize, "appended values")))
    return st;
  memcpy(t->app_lc + t->app_n * L, lvl_coords, L * sizeof(int64_t));
  memcpy(t->app_val + t->app_n * t->vsize, value, t->vsize);
  t->app_n++;
  return SC_OK;
}

/* The end of an ordered append into an encoding with a counting level
 * (ELL): level coordinates in order do not make a layout (the same element
 * in two slices, a row's second entry in slice 3), so the entries go back
 * to dimension coordinates and through the assembly, which counts the
 * slices itself; an element appended twice is SC_ERR_DUPLICATE. Explicit
 * zeros are kept, as the other appends keep them. */
static sc_status sc_end_append_counted(sc_tensor *t) {
  size_t n = t->app_n, L = (size_t)t->lvl_rank, D = (size_t)t->dim_rank;
  int64_t *dc = NULL;
  sc_status st = sc_alloc((void **)&dc, n, D * sizeof *dc, 0,
                          "appended coordinates");
  for (size_t i = 0; st == SC_OK && i < n; i++)
    if (!sc_lvl_to_dim(t, t->app_lc + i * L, dc + i * D)) {
      char buf[256];
      sc_format_coords(buf, sizeof buf, t->app_lc + i * L, t->lvl_rank);
      st = sc_set_error(SC_ERR_OUT_OF_RANGE,
                        "appended level coordinates %s name no element of "
                        "the tensor",
                        buf);
    }
  /* installs the storage only when it succeeds: else the tensor stays as
   * the begin left it, empty */
  if (st == SC_OK)
    st = sc_assemble(t, dc, t->app_val, n, SC_DUP_REJECT, 0, n);
  free(dc);
  sc_append_free(t);
  return st;
}

sc_status sc_tensor_end_append(sc_tensor *t) {
  int64_t lsz[SC_MAX_LEVELS];
  size_t *ord = NULL, n, L;
  sc_storage s;
  sc_status st;
  if (!t)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT, "tensor is NULL");
  if (!t->appending)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT,
                        "sc_tensor_end_append without sc_tensor_begin_append");
  if (t->ra.active) {
    sc_append_free(t);
    return sc_set_error(SC_ERR_INVALID_ARGUMENT,
                        "sc_tensor_end_append after sc_tensor_append_reserve "
                        "(end with sc_tensor_end_append_rows)");
  }
  if (t->info.has_count)
    return sc_end_append_counted(t);
  n = t->app_n;
  L = (size_t)t->lvl_rank;
  if ((st = sc_level_sizes(&t->enc, t->dim_sizes, lsz)))
    return st;
  for (int l = 0; l < t->lvl_rank; l++)
    if (t->enc.lvl_exprs[l].kind == SC_LEXPR_COUNT &&
        t->enc.lvl_exprs[l].divisor == 0)
      for (size_t i = 0; i < n; i++)
        if (t->app_lc[i * L + (size_t)l] + 1 > lsz[l])
          lsz[l] = t->app_lc[i * L + (size_t)l] + 1;
  if ((st = sc_alloc((void **)&ord, n, sizeof *ord, 0, "entry order")))
    return st;
  for (size_t i = 0; i < n; i++)
    ord[i] = i;
  if (t->info.nonordered)
    st = sc_sort_lex(ord, n, t->app_lc, L, t->lvl_rank, lsz);
  if (st == SC_OK)
    st = sc_build(t, lsz, t->app_lc, L, ord, n, t->app_val, &s);
  free(ord);
  if (st == SC_OK)
    sc_storage_install(t, &s);
  /* On failure the appended entries are dropped: the tensor stays empty. */
  sc_append_free(t);
  return st;
}
