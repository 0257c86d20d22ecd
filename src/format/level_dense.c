/* level_dense.c — the dense level format: every coordinate of the level is
 * stored; child position = parent position * level size + coordinate.
 * pos_bounds(p) = [p*size, p*size + size); locate(p, c) = p*size + c. */
#include "format/level_ops.h"

static void dense_pos_bounds(const LevelRef *l, const char *plo,
                             const char *phi, const char **begin,
                             const char **end) {
  (void)phi;
  const char *sz = level_size_name(l);
  *begin = arena_printf(l->arena, "(size_t)(%s) * %s", plo, sz);
  *end = arena_printf(l->arena, "(size_t)(%s) * %s + %s", plo, sz, sz);
}

static const char *dense_coord_at(const LevelRef *l, const char *p) {
  return arena_printf(l->arena, "(uint64_t)((size_t)(%s) %% %s)", p,
                      level_size_name(l));
}

static void dense_locate(const LevelRef *l, StrBuf *sb, const char *ind,
                         const char *guard, const char *pp, const char *c,
                         const char *out_p, const char *out_in) {
  sb_printf(sb, "%s%s = (size_t)(%s) * %s + (size_t)(%s);\n", ind, out_p, pp,
            level_size_name(l), c);
  sb_printf(sb, "%s%s = %s;\n", ind, out_in, guard ? guard : "1");
}

static const char *dense_locate_expr(const LevelRef *l, const char *pp,
                                     const char *c) {
  return arena_printf(l->arena, "(size_t)(%s) * %s + (size_t)(%s)", pp,
                      level_size_name(l), c);
}

const LevelOps level_dense_ops = {
  .name = "dense",
  .full = 1,
  .default_padded = 1,
  .has_pos_array = 0,
  .has_crd_array = 0,
  .has_size = 1,
  .coord_pos_iter = 0,
  .locate_o1 = 1,
  .has_append = 1,
  .pos_bounds = dense_pos_bounds,
  .coord_at = dense_coord_at,
  .locate = dense_locate,
  .locate_expr = dense_locate_expr,
  .segment_child = 0,
};
