/* level_loose.c — the loose_compressed level format: pos holds a (lo, hi)
 * pair per parent position, so segments may leave gaps.
 * pos_bounds(p) = [pos[2p], pos[2p+1]); coord_at(q) = crd[q];
 * locate(p, c) = search for c in crd[pos[2p] .. pos[2p+1]). */
#include "format/level_ops.h"

static void loose_pos_bounds(const LevelRef *l, const char *plo,
                             const char *phi, const char **begin,
                             const char **end) {
  (void)phi;
  const char *pos = level_pos_name(l);
  *begin = arena_printf(l->arena, "(size_t)%s[2 * (size_t)(%s)]", pos, plo);
  *end = arena_printf(l->arena, "(size_t)%s[2 * (size_t)(%s) + 1]", pos, plo);
}

static const char *loose_coord_at(const LevelRef *l, const char *p) {
  return arena_printf(l->arena, "(uint64_t)%s[%s]", level_crd_name(l), p);
}

static void loose_locate(const LevelRef *l, StrBuf *sb, const char *ind,
                         const char *guard, const char *pp, const char *c,
                         const char *out_p, const char *out_in) {
  const char *lo, *hi;
  loose_pos_bounds(l, pp, NULL, &lo, &hi);
  level_emit_search(l, sb, ind, guard, lo, hi, c, out_p, out_in);
}

const LevelOps level_loose_ops = {
  .name = "loose_compressed",
  .full = 0,
  .default_padded = 0,
  .has_pos_array = 1,
  .has_crd_array = 1,
  .has_size = 0,
  .coord_pos_iter = 1,
  .locate_o1 = 0,
  .has_append = 0,
  .pos_bounds = loose_pos_bounds,
  .coord_at = loose_coord_at,
  .locate = loose_locate,
  .segment_child = 0,
};
