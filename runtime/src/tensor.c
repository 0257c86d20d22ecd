/* tensor.c — the tensor object: creation, freeing, copying, clearing,
 * queries, and raw storage accessors with their element widths. */
#include "sc_internal.h"

#include <stdio.h>
#include <stdlib.h>

/* ---- storage ---- */

void sc_storage_free(sc_storage *s, int lvl_rank) {
  for (int l = 0; l < lvl_rank; l++) {
    free(s->lv[l].pos);
    free(s->lv[l].crd);
    s->lv[l].pos = s->lv[l].crd = NULL;
    s->lv[l].npos = s->lv[l].ncrd = 0;
  }
  free(s->values);
  s->values = NULL;
  s->nvals = 0;
}

void sc_storage_install(sc_tensor *t, sc_storage *s) {
  sc_rowapp_forget(t);
  for (int l = 0; l < t->lvl_rank; l++) {
    free(t->lv[l].pos);
    free(t->lv[l].crd);
    t->lv[l] = s->lv[l];
    t->npos[l] = s->npos[l];
    t->lvl_sizes[l] = s->lvl_sizes[l];
  }
  free(t->values);
  t->values = s->values;
  t->nvals = s->nvals;
  memset(s, 0, sizeof *s);
}

/* ---- helpers ---- */

void sc_format_coords(char *buf, size_t size, const int64_t *c, int n) {
  size_t used = 0;
  if (size == 0)
    return;
  buf[0] = '\0';
  for (int i = 0; i < n && used < size; i++) {
    int k = snprintf(buf + used, size - used, "%s%lld", i ? ", " : "(",
                     (long long)c[i]);
    if (k < 0)
      return;
    used += (size_t)k;
  }
  if (used < size)
    snprintf(buf + used, size - used, ")");
}

sc_status sc_dim_coords_error(const sc_tensor *t, const int64_t *dc) {
  for (int d = 0; d < t->dim_rank; d++) {
    if (dc[d] < 0 || dc[d] >= t->dim_sizes[d]) {
      char a[256], b[256];
      sc_format_coords(a, sizeof a, dc, t->dim_rank);
      sc_format_coords(b, sizeof b, t->dim_sizes, t->dim_rank);
      return sc_set_error(SC_ERR_OUT_OF_RANGE,
                          "coordinate %s is outside the dimension sizes %s "
                          "(dimension %d: %lld not in [0, %lld))",
                          a, b, d, (long long)dc[d],
                          (long long)t->dim_sizes[d]);
    }
  }
  return SC_OK;
}

static int sc_width_bytes(int bits) {
  switch (bits) {
  case 2: case 4: case 8: return 1;
  case 16: return 2;
  case 32: return 4;
  default: return 8;
  }
}

int sc_tensor_may_pad(const sc_tensor *t) {
  return t->info.has_fill || t->info.filter_mode != SC_FILTER_DROP_ALL;
}

/* ---- creation ---- */

sc_status sc_tensor_new(sc_tensor **out, const sc_encoding *enc,
                        sc_value_type vt, const int64_t *dim_sizes) {
  sc_tensor *t;
  sc_enc_info info;
  int64_t lsz[SC_MAX_LEVELS];
  sc_storage s;
  sc_status st;
  if (!out)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT, "out is NULL");
  *out = NULL;
  if (!enc || !dim_sizes)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT,
                        "encoding or dimension sizes NULL");
  if (!sc_value_type_valid(vt))
    return sc_set_error(SC_ERR_INVALID_ARGUMENT, "unknown value type %d",
                        (int)vt);
  if ((st = sc_encoding_analyze(enc, &info)))
    return st;
  for (int d = 0; d < enc->dim_rank; d++)
    if (dim_sizes[d] < 0)
      return sc_set_error(SC_ERR_INVALID_ARGUMENT,
                          "dimension %d has negative size %lld", d,
                          (long long)dim_sizes[d]);
  if ((st = sc_level_sizes(enc, dim_sizes, lsz)))
    return st;
  t = calloc(1, sizeof *t);
  if (!t)
    return sc_set_error(SC_ERR_NO_MEMORY, "out of memory for a tensor");
  t->enc = *enc;
  t->info = info;
  t->vt = vt;
  t->vsize = sc_value_size(vt);
  t->dim_rank = enc->dim_rank;
  t->lvl_rank = enc->lvl_rank;
  t->pos_bytes = sc_width_bytes(enc->pos_width ? enc->pos_width : 64);
  t->crd_bits = enc->crd_width ? enc->crd_width : 64;
  t->crd_bytes = sc_width_bytes(t->crd_bits);
  memcpy(t->dim_sizes, dim_sizes, (size_t)t->dim_rank * sizeof(int64_t));
  memcpy(t->lvl_sizes, lsz, (size_t)t->lvl_rank * sizeof(int64_t));
  sc_pending_init(t);
  if ((st = sc_slice_validate(t))) {
    sc_tensor_free(t);
    return st;
  }
  memset(&s, 0, sizeof s);
  if ((st = sc_build(t, lsz, NULL, 0, NULL, 0, NULL, &s))) {
    sc_tensor_free(t);
    return st;
  }
  sc_storage_install(t, &s);
  *out = t;
  return SC_OK;
}

void sc_tensor_free(sc_tensor *t) {
  if (!t)
    return;
  for (int l = 0; l < t->lvl_rank; l++) {
    free(t->lv[l].pos);
    free(t->lv[l].crd);
  }
  free(t->values);
  sc_pending_free(t);
  sc_append_free(t);
  sc_rowapp_free(t);
  free(t);
}

sc_status sc_tensor_clear(sc_tensor *t) {
  sc_storage s;
  int64_t lsz[SC_MAX_LEVELS];
  sc_status st;
  if (!t)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT, "tensor is NULL");
  if ((st = sc_level_sizes(&t->enc, t->dim_sizes, lsz)))
    return st;
  /* a kernel that clears its output before rebuilding it reuses them */
  sc_rowapp_reclaim(t);
  memset(&s, 0, sizeof s);
  if ((st = sc_build(t, lsz, NULL, 0, NULL, 0, NULL, &s)))
    return st;
  sc_storage_install(t, &s);
  sc_pending_free(t);
  sc_append_free(t);
  return SC_OK;
}

static sc_status sc_dup_array(void **dst, const void *src, size_t n,
                              size_t size) {
  sc_status st = sc_alloc(dst, n, size, 0, "tensor copy");
  if (st == SC_OK && n)
    memcpy(*dst, src, n * size);
  return st;
}

sc_status sc_tensor_copy(sc_tensor **out, const sc_tensor *src_c) {
  /* Pending inserts of src are applied first: the object is not const in
   * any observable sense, only its entries are preserved. */
  sc_tensor *src = (sc_tensor *)(uintptr_t)src_c, *t;
  sc_status st;
  if (!out)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT, "out is NULL");
  *out = NULL;
  if (!src)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT, "source tensor is NULL");
  if ((st = sc_tensor_finalize(src)))
    return st;
  t = calloc(1, sizeof *t);
  if (!t)
    return sc_set_error(SC_ERR_NO_MEMORY, "out of memory for a tensor");
  *t = *src;
  for (int l = 0; l < t->lvl_rank; l++)
    t->lv[l].pos = t->lv[l].crd = NULL;
  t->values = NULL;
  sc_pending_init(t);
  t->appending = 0;
  t->app_lc = NULL;
  t->app_val = NULL;
  t->app_n = t->app_cap = t->app_vcap = 0;
  memset(&t->ra, 0, sizeof t->ra);
  for (int l = 0; l < t->lvl_rank && st == SC_OK; l++) {
    st = sc_dup_array(&t->lv[l].pos, src->lv[l].pos, src->lv[l].npos,
                      (size_t)t->pos_bytes);
    if (st == SC_OK)
      st = sc_dup_array(&t->lv[l].crd, src->lv[l].crd, src->lv[l].ncrd,
                        (size_t)t->crd_bytes);
  }
  if (st == SC_OK)
    st = sc_dup_array(&t->values, src->values, src->nvals, t->vsize);
  if (st) {
    sc_tensor_free(t);
    return st;
  }
  *out = t;
  return SC_OK;
}

/* ---- queries ---- */

const sc_encoding *sc_tensor_encoding(const sc_tensor *t) {
  return t ? &t->enc : NULL;
}

sc_value_type sc_tensor_value_type(const sc_tensor *t) {
  return t ? t->vt : SC_F64;
}

int sc_tensor_dim_rank(const sc_tensor *t) { return t ? t->dim_rank : 0; }

int64_t sc_tensor_dim_size(const sc_tensor *t, int dim) {
  if (!t || dim < 0 || dim >= t->dim_rank)
    return 0;
  return sc_view_size(t, dim);
}

int64_t sc_tensor_stored_dim_size(const sc_tensor *t, int dim) {
  if (!t || dim < 0 || dim >= t->dim_rank)
    return 0;
  return t->dim_sizes[dim];
}

int64_t sc_tensor_level_size(const sc_tensor *t, int lvl) {
  if (!t || lvl < 0 || lvl >= t->lvl_rank)
    return 0;
  /* A counting level with an automatic number of slices is sized by the
   * pending entries: apply them. */
  if (t->enc.lvl_exprs[lvl].kind == SC_LEXPR_COUNT &&
      t->enc.lvl_exprs[lvl].divisor == 0)
    (void)sc_tensor_finalize((sc_tensor *)(uintptr_t)t);
  return t->lvl_sizes[lvl];
}

size_t sc_tensor_nnz(sc_tensor *t) {
  if (!t || sc_tensor_finalize(t))
    return 0;
  return sc_view_nnz(t);
}

size_t sc_tensor_memory(const sc_tensor *t) {
  size_t b = 0;
  if (!t)
    return 0;
  for (int l = 0; l < t->lvl_rank; l++)
    b += t->lv[l].npos * (size_t)t->pos_bytes +
         t->lv[l].ncrd * (size_t)t->crd_bytes;
  return b + t->nvals * t->vsize;
}

void *sc_tensor_positions(sc_tensor *t, int lvl) {
  if (!t || lvl < 0 || lvl >= t->lvl_rank || sc_tensor_finalize(t))
    return NULL;
  return t->lv[lvl].npos ? t->lv[lvl].pos : NULL;
}

void *sc_tensor_coordinates(sc_tensor *t, int lvl) {
  if (!t || lvl < 0 || lvl >= t->lvl_rank || sc_tensor_finalize(t))
    return NULL;
  return t->lv[lvl].ncrd ? t->lv[lvl].crd : NULL;
}

void *sc_tensor_values(sc_tensor *t) {
  if (!t || sc_tensor_finalize(t))
    return NULL;
  return t->nvals ? t->values : NULL;
}

size_t sc_tensor_positions_size(sc_tensor *t, int lvl) {
  if (!t || lvl < 0 || lvl >= t->lvl_rank || sc_tensor_finalize(t))
    return 0;
  return t->lv[lvl].npos;
}

size_t sc_tensor_coordinates_size(sc_tensor *t, int lvl) {
  if (!t || lvl < 0 || lvl >= t->lvl_rank || sc_tensor_finalize(t))
    return 0;
  return t->lv[lvl].ncrd;
}
