/* level_compressed.c — the compressed level format (CSR's column level):
 * pos has one entry per parent position plus one, crd one per position.
 * pos_bounds(p) = [pos[p], pos[p+1]); coord_at(q) = crd[q];
 * locate(p, c) = search for c in crd[pos[p] .. pos[p+1]). */
#include "format/level_ops.h"

static void compressed_pos_bounds(const LevelRef *l, const char *plo,
                                  const char *phi, const char **begin,
                                  const char **end) {
  const char *pos = level_pos_name(l);
  *begin = arena_printf(l->arena, "(size_t)%s[%s]", pos, plo);
  if (phi)
    *end = arena_printf(l->arena, "(size_t)%s[%s]", pos, phi);
  else
    *end = arena_printf(l->arena, "(size_t)%s[(size_t)(%s) + 1]", pos, plo);
}

static const char *compressed_coord_at(const LevelRef *l, const char *p) {
  return arena_printf(l->arena, "(uint64_t)%s[%s]", level_crd_name(l), p);
}

static void compressed_locate(const LevelRef *l, StrBuf *sb, const char *ind,
                              const char *guard, const char *pp, const char *c,
                              const char *out_p, const char *out_in) {
  const char *lo, *hi;
  compressed_pos_bounds(l, pp, NULL, &lo, &hi);
  level_emit_search(l, sb, ind, guard, lo, hi, c, out_p, out_in);
}

const LevelOps level_compressed_ops = {
  .name = "compressed",
  .full = 0,
  .default_padded = 0,
  .has_pos_array = 1,
  .has_crd_array = 1,
  .has_size = 0,
  .coord_pos_iter = 1,
  .locate_o1 = 0,
  .has_append = 1,
  .pos_bounds = compressed_pos_bounds,
  .coord_at = compressed_coord_at,
  .locate = compressed_locate,
  .segment_child = 0,
};
