/* lookup.c — element lookup at dimension coordinates: descends the levels,
 * binary search on ordered compressed levels, linear search on nonordered
 * ones and inside n_out_of_m blocks, every slice of an ELL counting level.
 * Duplicates on nonunique levels are summed (their dense meaning); a single
 * entry is returned as stored (a stored -0.0 keeps its sign). */
#include "sc_internal.h"

static void sc_find(const sc_tensor *t, int l, size_t p, const int64_t *lc,
                    unsigned char *acc, int *found) {
  const sc_level_type *lt;
  size_t lo, hi;
  int64_t c;
  if (l == t->lvl_rank) {
    /* the first entry as stored (0 + -0.0 would be +0.0), duplicates on
     * nonunique levels added to it */
    const unsigned char *v = (const unsigned char *)t->values + p * t->vsize;
    if (*found)
      sc_val_add(t->vt, acc, v);
    else
      memcpy(acc, v, t->vsize);
    *found = 1;
    return;
  }
  lt = &t->enc.lvl_types[l];
  c = lc[l];
  if (t->enc.lvl_exprs[l].kind == SC_LEXPR_COUNT) {
    sc_child_range(t, l, p, &lo, &hi);
    for (size_t q = lo; q < hi; q++)
      sc_find(t, l + 1, q, lc, acc, found);
    return;
  }
  if (c < 0 || c >= t->lvl_sizes[l])
    return;
  switch (lt->format) {
  case SC_LVL_DENSE:
    sc_find(t, l + 1, p * (size_t)t->lvl_sizes[l] + (size_t)c, lc, acc,
            found);
    return;
  case SC_LVL_SINGLETON:
    if ((int64_t)sc_ld(t->lv[l].crd, t->crd_bytes, p) == c)
      sc_find(t, l + 1, p, lc, acc, found);
    return;
  default:
    break;
  }
  sc_child_range(t, l, p, &lo, &hi);
  if (lt->format != SC_LVL_N_OUT_OF_M && !(lt->props & SC_PROP_NONORDERED)) {
    size_t a = lo, b = hi; /* first q with crd[q] >= c */
    while (a < b) {
      size_t mid = a + (b - a) / 2;
      if ((int64_t)sc_ld(t->lv[l].crd, t->crd_bytes, mid) < c)
        a = mid + 1;
      else
        b = mid;
    }
    for (size_t q = a;
         q < hi && (int64_t)sc_ld(t->lv[l].crd, t->crd_bytes, q) == c; q++)
      sc_find(t, l + 1, q, lc, acc, found);
    return;
  }
  for (size_t q = lo; q < hi; q++)
    if ((int64_t)sc_ld(t->lv[l].crd, t->crd_bytes, q) == c)
      sc_find(t, l + 1, q, lc, acc, found);
}

void sc_lookup(const sc_tensor *t, const int64_t *dc, void *value,
               int *found) {
  int64_t lc[SC_MAX_LEVELS];
  memset(value, 0, t->vsize);
  *found = 0;
  sc_dim_to_lvl(&t->enc, dc, lc);
  sc_find(t, 0, 0, lc, value, found);
}

sc_status sc_tensor_get(sc_tensor *t, const int64_t *coords, void *value) {
  int found;
  sc_status st;
  if (!t || !coords || !value)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT, "NULL argument");
  if ((st = sc_tensor_finalize(t)))
    return st;
  if (t->enc.has_slices) {
    int64_t dc[SC_MAX_RANK];
    if ((st = sc_view_to_stored(t, coords, dc)))
      return st;
    sc_lookup(t, dc, value, &found);
    return SC_OK;
  }
  if ((st = sc_check_dim_coords(t, coords)))
    return st;
  sc_lookup(t, coords, value, &found);
  return SC_OK;
}

/* The stored value as 8 aligned bytes, or zeros when absent/invalid. */
static int sc_get_raw(sc_tensor *t, const int64_t *coords, void *buf) {
  int found;
  int64_t dc[SC_MAX_RANK];
  if (!t || !coords || sc_tensor_finalize(t))
    return 0;
  for (int d = 0; d < t->dim_rank; d++) {
    if (coords[d] < 0 || coords[d] >= sc_view_size(t, d))
      return 0;
    dc[d] = t->enc.has_slices ? t->enc.slices[d].offset +
                                    coords[d] * t->enc.slices[d].stride
                              : coords[d];
  }
  sc_lookup(t, dc, buf, &found);
  return 1;
}

double sc_tensor_get_f64(sc_tensor *t, const int64_t *coords) {
  uint64_t buf = 0;
  if (!sc_get_raw(t, coords, &buf))
    return 0.0;
  return sc_val_to_f64(t->vt, &buf);
}

float sc_tensor_get_f32(sc_tensor *t, const int64_t *coords) {
  uint64_t buf = 0;
  if (!sc_get_raw(t, coords, &buf))
    return 0.0f;
  return (float)sc_val_to_f64(t->vt, &buf);
}

int64_t sc_tensor_get_i64(sc_tensor *t, const int64_t *coords) {
  uint64_t buf = 0;
  if (!sc_get_raw(t, coords, &buf))
    return 0;
  return sc_val_to_i64(t->vt, &buf);
}

int32_t sc_tensor_get_i32(sc_tensor *t, const int64_t *coords) {
  uint64_t buf = 0;
  int64_t v;
  if (!sc_get_raw(t, coords, &buf))
    return 0;
  v = sc_val_to_i64(t->vt, &buf);
  return (int32_t)(v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN : v);
}

/* the narrow and unsigned lookups: C's conversion of the stored integer */
#define SC_GET_INT(T, S)                                                       \
  T sc_tensor_get_##S(sc_tensor *t, const int64_t *coords) {                   \
    uint64_t buf = 0;                                                          \
    if (!sc_get_raw(t, coords, &buf))                                          \
      return 0;                                                                \
    return (T)sc_val_to_u64(t->vt, &buf);                                      \
  }
SC_GET_INT(uint64_t, u64)
SC_GET_INT(uint32_t, u32)
SC_GET_INT(int16_t, i16)
SC_GET_INT(uint16_t, u16)
SC_GET_INT(int8_t, i8)
SC_GET_INT(uint8_t, u8)
#undef SC_GET_INT
