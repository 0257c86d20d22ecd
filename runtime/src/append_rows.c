/* append_rows.c — the row-wise ordered append of the generated code's
 * sparse outputs (2 levels, the last compressed): the caller writes each
 * entry's level-1 coordinate and value straight into buffers the tensor
 * owns (sc_tensor_append_reserve), closes every non-empty row with its end
 * (sc_tensor_append_row), and sc_tensor_end_append_rows checks the entries
 * once and fills the positions. For (dense | compressed, compressed)
 * encodings the value buffer (and the coordinate buffer when crdWidth is
 * 64) becomes the storage as it is, and the next append takes it back, so
 * a kernel called repeatedly reuses its capacity; other encodings go
 * through the generic build of assemble.c. */
#include "sc_internal.h"

#include <stdlib.h>

void sc_rowapp_forget(sc_tensor *t) {
  t->ra.icrd = t->ra.ival = t->ra.ipos = NULL;
  t->ra.iccap = t->ra.ivcap = t->ra.ipcap = 0;
}

void sc_rowapp_reclaim(sc_tensor *t) {
  sc_rowapp *r = &t->ra;
  if (t->lvl_rank == 2 && r->icrd && r->icrd == t->lv[1].crd && !r->crd) {
    r->crd = r->icrd;
    r->ccap = r->iccap;
    t->lv[1].crd = NULL;
    t->lv[1].ncrd = 0;
  }
  if (t->lvl_rank == 2 && r->ipos && r->ipos == t->lv[1].pos && !r->pos) {
    r->pos = r->ipos;
    r->pcap = r->ipcap;
    t->lv[1].pos = NULL;
    t->lv[1].npos = 0;
  }
  if (r->ival && r->ival == t->values && !r->val) {
    r->val = r->ival;
    r->vcap = r->ivcap;
    t->values = NULL;
    t->nvals = 0;
  }
  sc_rowapp_forget(t);
}

void sc_rowapp_free(sc_tensor *t) {
  sc_rowapp *r = &t->ra;
  free(r->crd);
  free(r->val);
  free(r->pos);
  free(r->row);
  free(r->end);
  memset(r, 0, sizeof *r);
}

static sc_status sc_rowapp_check(const sc_tensor *t, const char *fn) {
  if (!t)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT, "%s: tensor is NULL", fn);
  if (!t->appending)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT,
                        "%s without sc_tensor_begin_append", fn);
  if (t->lvl_rank != 2)
    return sc_set_error(SC_ERR_UNSUPPORTED,
                        "%s: the tensor has %d levels, not 2", fn,
                        t->lvl_rank);
  if (t->app_n)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT,
                        "%s after sc_tensor_append in the same append", fn);
  return SC_OK;
}

sc_status sc_tensor_append_reserve(sc_tensor *t, size_t need, int64_t **crd,
                                   void **values, size_t *cap) {
  sc_status st;
  if ((st = sc_rowapp_check(t, "sc_tensor_append_reserve")))
    return st;
  if (!crd || !values || !cap)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT,
                        "sc_tensor_append_reserve: NULL argument");
  if ((st = sc_grow((void **)&t->ra.crd, &t->ra.ccap, need, sizeof(int64_t),
                    "appended coordinates")) ||
      (st = sc_grow((void **)&t->ra.val, &t->ra.vcap, need, t->vsize,
                    "appended values")))
    return st;
  t->ra.active = 1;
  *crd = t->ra.crd;
  *values = t->ra.val;
  *cap = t->ra.ccap < t->ra.vcap ? t->ra.ccap : t->ra.vcap;
  return SC_OK;
}

sc_status sc_tensor_append_row(sc_tensor *t, int64_t row, size_t end) {
  sc_rowapp *r;
  sc_status st;
  /* the common case, one call per row of a kernel: every test of the
   * checked path below, with the row arrays already large enough */
  if (t && t->appending && t->lvl_rank == 2 && !t->app_n) {
    r = &t->ra;
    size_t nr = r->nrows;
    if (nr < r->rcap && nr < r->ecap && row >= 0 &&
        row < t->lvl_sizes[0] && end <= r->ccap && end <= r->vcap &&
        (nr == 0 || (row > r->row[nr - 1] && end >= r->end[nr - 1]))) {
      r->active = 1;
      r->row[nr] = row;
      r->end[nr] = end;
      r->nrows = nr + 1;
      return SC_OK;
    }
  }
  if ((st = sc_rowapp_check(t, "sc_tensor_append_row")))
    return st;
  r = &t->ra;
  if (row < 0 || row >= t->lvl_sizes[0])
    return sc_set_error(SC_ERR_OUT_OF_RANGE,
                        "appended row %lld is outside [0, %lld)",
                        (long long)row, (long long)t->lvl_sizes[0]);
  if (r->nrows && row <= r->row[r->nrows - 1])
    return sc_set_error(SC_ERR_INVALID_ARGUMENT,
                        "appended row %lld is not after row %lld (rows are "
                        "closed in increasing order)",
                        (long long)row, (long long)r->row[r->nrows - 1]);
  if (end > r->ccap || end > r->vcap ||
      (r->nrows && end < r->end[r->nrows - 1]))
    return sc_set_error(SC_ERR_INVALID_ARGUMENT,
                        "appended row %lld ends at entry %zu, outside the "
                        "reserved entries or before the previous row's end",
                        (long long)row, end);
  if ((st = sc_grow((void **)&r->row, &r->rcap, r->nrows + 1, sizeof *r->row,
                    "appended rows")) ||
      (st = sc_grow((void **)&r->end, &r->ecap, r->nrows + 1, sizeof *r->end,
                    "appended row ends")))
    return st;
  r->active = 1;
  r->row[r->nrows] = row;
  r->end[r->nrows++] = end;
  return SC_OK;
}

/* Checks the n entries: every one inside a closed row, coordinates in
 * range, strictly increasing per row, fitting crdWidth; n fits posWidth. */
static sc_status sc_rowapp_validate(const sc_tensor *t, size_t n) {
  const sc_rowapp *r = &t->ra;
  int64_t ncol = t->lvl_sizes[1];
  int pbits = t->pos_bytes * 8;
  /* n is where the last closed row ends (0 with no row closed): fewer
   * entries would leave positions pointing past the coordinates */
  if (r->nrows ? r->end[r->nrows - 1] != n : n > 0)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT,
                        "%zu entries appended but the closed rows end at "
                        "entry %zu",
                        n, r->nrows ? r->end[r->nrows - 1] : (size_t)0);
  if (pbits < 64 && ((uint64_t)n >> pbits || (uint64_t)r->nrows >> pbits))
    return sc_set_error(SC_ERR_WIDTH_OVERFLOW,
                        "level 1: position %zu does not fit posWidth = %d "
                        "(use a wider posWidth)",
                        n, t->enc.pos_width);
  for (size_t i = 0, q = 0; i < r->nrows; i++) {
    int64_t prev = -1;
    for (; q < r->end[i]; q++) {
      int64_t c = r->crd[q];
      if (c <= prev || c >= ncol) {
        if (c >= 0 && c < ncol)
          return sc_set_error(SC_ERR_INVALID_ARGUMENT,
                              "appended level coordinates (%lld, %lld) are "
                              "not after the previous ones (append needs "
                              "strictly increasing lexicographic order)",
                              (long long)r->row[i], (long long)c);
        return sc_set_error(SC_ERR_OUT_OF_RANGE,
                            "appended level coordinates (%lld, %lld): level "
                            "1 is %lld, outside [0, %lld)",
                            (long long)r->row[i], (long long)c, (long long)c,
                            (long long)ncol);
      }
      prev = c;
    }
    if (t->crd_bits < 64 && prev >= 0 && (uint64_t)prev >> t->crd_bits)
      return sc_set_error(SC_ERR_WIDTH_OVERFLOW,
                          "level 1: coordinate %lld does not fit crdWidth = "
                          "%d (use a wider crdWidth)",
                          (long long)prev, t->enc.crd_width);
    if (t->crd_bits < 64 && (uint64_t)r->row[i] >> t->crd_bits &&
        t->enc.lvl_types[0].format != SC_LVL_DENSE)
      return sc_set_error(SC_ERR_WIDTH_OVERFLOW,
                          "level 0: coordinate %lld does not fit crdWidth = "
                          "%d (use a wider crdWidth)",
                          (long long)r->row[i], t->enc.crd_width);
  }
  return SC_OK;
}

/* (dense | compressed, compressed), ordered, unique, no counting level. */
static int sc_rowapp_direct(const sc_tensor *t) {
  const sc_level_type *l0 = &t->enc.lvl_types[0], *l1 = &t->enc.lvl_types[1];
  unsigned bad = SC_PROP_NONUNIQUE | SC_PROP_NONORDERED;
  if (t->lvl_rank != 2 || t->info.has_count)
    return 0;
  if (l0->format == SC_LVL_COMPRESSED ? (l0->props & (bad | SC_PROP_PADDED))
                                      : l0->format != SC_LVL_DENSE)
    return 0;
  return l1->format == SC_LVL_COMPRESSED && !(l1->props & bad);
}

/* Builds the storage around the buffers; on success they belong to it. */
static sc_status sc_rowapp_install(sc_tensor *t, size_t n) {
  sc_rowapp *r = &t->ra;
  int dense0 = t->enc.lvl_types[0].format == SC_LVL_DENSE;
  int pb = t->pos_bytes, cb = t->crd_bytes;
  size_t nr = dense0 ? (size_t)t->lvl_sizes[0] : r->nrows;
  sc_storage s;
  sc_status st;
  memset(&s, 0, sizeof s);
  memcpy(s.lvl_sizes, t->lvl_sizes, 2 * sizeof(int64_t));
  if (!dense0) {
    if ((st = sc_alloc(&s.lv[0].pos, 2, (size_t)pb, 0, "positions")) ||
        (st = sc_alloc(&s.lv[0].crd, nr, (size_t)cb, 0, "coordinates")))
      goto fail;
    sc_st(s.lv[0].pos, pb, 0, 0);
    sc_st(s.lv[0].pos, pb, 1, nr);
    for (size_t i = 0; i < nr; i++)
      sc_st(s.lv[0].crd, cb, i, (uint64_t)r->row[i]);
    s.lv[0].npos = 2;
    s.lv[0].ncrd = nr;
  }
  s.npos[0] = nr;
  size_t pcap = nr + 1;
  if (r->pos && r->pcap >= nr + 1) { /* the last call's positions */
    s.lv[1].pos = r->pos;
    pcap = r->pcap;
  } else {
    free(r->pos);
    if ((st = sc_alloc(&s.lv[1].pos, nr + 1, (size_t)pb, 0, "positions"))) {
      r->pos = NULL;
      r->pcap = 0;
      goto fail;
    }
  }
  r->pos = NULL;
  r->pcap = 0;
  sc_st(s.lv[1].pos, pb, 0, 0);
  if (dense0) {
    size_t q = 0, i = 0;
    for (size_t row = 0; row < nr; row++) {
      if (i < r->nrows && (size_t)r->row[i] == row)
        q = r->end[i++];
      sc_st(s.lv[1].pos, pb, row + 1, q);
    }
  } else {
    for (size_t i = 0; i < nr; i++)
      sc_st(s.lv[1].pos, pb, i + 1, r->end[i]);
  }
  s.lv[1].npos = nr + 1;
  s.lv[1].ncrd = n;
  s.npos[1] = n;
  if (cb == 8) {
    s.lv[1].crd = n ? r->crd : NULL;
  } else if ((st = sc_alloc(&s.lv[1].crd, n, (size_t)cb, 0, "coordinates"))) {
    goto fail;
  } else {
    for (size_t q = 0; q < n; q++)
      sc_st(s.lv[1].crd, cb, q, (uint64_t)r->crd[q]);
  }
  s.values = n ? r->val : NULL;
  s.nvals = n;
  void *posarr = s.lv[1].pos;
  sc_storage_install(t, &s);
  r->ipos = posarr; /* taken back by the next begin */
  r->ipcap = pcap;
  if (n) {
    if (cb == 8) {
      r->icrd = r->crd;
      r->iccap = r->ccap;
      r->crd = NULL;
      r->ccap = 0;
    }
    r->ival = r->val;
    r->ivcap = r->vcap;
    r->val = NULL;
    r->vcap = 0;
  }
  return SC_OK;
fail:
  sc_storage_free(&s, 2);
  return st;
}

/* Other encodings: the entries as level coordinates through the generic
 * end of the ordered append. */
static sc_status sc_rowapp_generic(sc_tensor *t, size_t n) {
  sc_rowapp *r = &t->ra;
  sc_status st;
  if ((st = sc_alloc((void **)&t->app_lc, n, 2 * sizeof(int64_t), 0,
                     "appended coordinates")) ||
      (st = sc_alloc((void **)&t->app_val, n, t->vsize, 0,
                     "appended values")))
    return st;
  for (size_t i = 0, q = 0; i < r->nrows; i++)
    for (; q < r->end[i]; q++) {
      t->app_lc[2 * q] = r->row[i];
      t->app_lc[2 * q + 1] = r->crd[q];
    }
  if (n)
    memcpy(t->app_val, r->val, n * t->vsize);
  t->app_n = t->app_cap = n;
  t->app_vcap = n;
  r->active = 0;
  return sc_tensor_end_append(t);
}

sc_status sc_tensor_end_append_rows(sc_tensor *t, size_t n) {
  sc_status st;
  if (!t)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT, "tensor is NULL");
  if ((st = sc_rowapp_check(t, "sc_tensor_end_append_rows")) == SC_OK &&
      n > 0 && (n > t->ra.ccap || n > t->ra.vcap))
    st = sc_set_error(SC_ERR_INVALID_ARGUMENT,
                      "sc_tensor_end_append_rows: %zu entries but only %zu "
                      "reserved",
                      n, t->ra.ccap < t->ra.vcap ? t->ra.ccap : t->ra.vcap);
  if (st == SC_OK)
    st = sc_rowapp_validate(t, n);
  if (st == SC_OK)
    st = sc_rowapp_direct(t) ? sc_rowapp_install(t, n)
                             : sc_rowapp_generic(t, n);
  /* On failure the appended entries are dropped: the tensor stays empty. */
  t->ra.nrows = 0;
  t->ra.active = 0;
  sc_append_free(t);
  return st;
}
