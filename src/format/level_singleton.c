/* level_singleton.c — the singleton level format (COO's trailing levels):
 * crd only, one coordinate per parent position.
 * pos_bounds(segment [plo, phi)) = [plo, phi) (phi = plo + 1 when unique);
 * coord_at(q) = crd[q]; locate(p, c) = p, found iff crd[p] == c. */
#include "format/level_ops.h"

static void singleton_pos_bounds(const LevelRef *l, const char *plo,
                                 const char *phi, const char **begin,
                                 const char **end) {
  *begin = arena_printf(l->arena, "(size_t)(%s)", plo);
  if (phi)
    *end = arena_printf(l->arena, "(size_t)(%s)", phi);
  else
    *end = arena_printf(l->arena, "(size_t)(%s) + 1", plo);
}

static const char *singleton_coord_at(const LevelRef *l, const char *p) {
  return arena_printf(l->arena, "(uint64_t)%s[%s]", level_crd_name(l), p);
}

static void singleton_locate(const LevelRef *l, StrBuf *sb, const char *ind,
                             const char *guard, const char *pp, const char *c,
                             const char *out_p, const char *out_in) {
  sb_printf(sb, "%s%s = (size_t)(%s);\n", ind, out_p, pp);
  if (guard)
    sb_printf(sb, "%s%s = (%s) && (uint64_t)%s[%s] == (%s);\n", ind, out_in,
              guard, level_crd_name(l), out_p, c);
  else
    sb_printf(sb, "%s%s = (uint64_t)%s[%s] == (%s);\n", ind, out_in,
              level_crd_name(l), out_p, c);
}

const LevelOps level_singleton_ops = {
  .name = "singleton",
  .full = 0,
  .default_padded = 0,
  .has_pos_array = 0,
  .has_crd_array = 1,
  .has_size = 0,
  .coord_pos_iter = 1,
  .locate_o1 = 1,
  .has_append = 1,
  .pos_bounds = singleton_pos_bounds,
  .coord_at = singleton_coord_at,
  .locate = singleton_locate,
  .segment_child = 1,
};
