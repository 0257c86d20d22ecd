/* level_nm.c — the n_out_of_m level format (block2_4 = n_out_of_m[2,4]):
 * n coordinates (0..m-1) stored per block, crd only.
 * pos_bounds(p) = [p*n, p*n + n); coord_at(q) = crd[q];
 * locate(p, c) = linear search among the n entries of block p. */
#include "format/level_ops.h"

static void nm_pos_bounds(const LevelRef *l, const char *plo, const char *phi,
                          const char **begin, const char **end) {
  (void)phi;
  int n = l->type.n;
  *begin = arena_printf(l->arena, "(size_t)(%s) * %d", plo, n);
  *end = arena_printf(l->arena, "(size_t)(%s) * %d + %d", plo, n, n);
}

static const char *nm_coord_at(const LevelRef *l, const char *p) {
  return arena_printf(l->arena, "(uint64_t)%s[%s]", level_crd_name(l), p);
}

static void nm_locate(const LevelRef *l, StrBuf *sb, const char *ind,
                      const char *guard, const char *pp, const char *c,
                      const char *out_p, const char *out_in) {
  const char *lo, *hi;
  nm_pos_bounds(l, pp, NULL, &lo, &hi);
  LevelRef lin = *l;
  lin.type.props |= SC_PROP_NONORDERED; /* n entries: a linear scan */
  level_emit_search(&lin, sb, ind, guard, lo, hi, c, out_p, out_in);
}

const LevelOps level_nm_ops = {
  .name = "n_out_of_m",
  .full = 0,
  .default_padded = 1,
  .has_pos_array = 0,
  .has_crd_array = 1,
  .has_size = 0,
  .coord_pos_iter = 1,
  .locate_o1 = 0,
  .has_append = 0,
  .pos_bounds = nm_pos_bounds,
  .coord_at = nm_coord_at,
  .locate = nm_locate,
  .segment_child = 0,
};
