/* level_factory.c — the one switch on the level format: maps a level type
 * to its LevelOps table; property predicates with format defaults; shared
 * helpers (array names, width types, the coordinate search). */
#include "format/level_ops.h"

extern const LevelOps level_dense_ops;
extern const LevelOps level_compressed_ops;
extern const LevelOps level_loose_ops;
extern const LevelOps level_singleton_ops;
extern const LevelOps level_nm_ops;

const LevelOps *level_ops_for(const sc_level_type *t) {
  switch (t->format) {
  case SC_LVL_DENSE: return &level_dense_ops;
  case SC_LVL_COMPRESSED: return &level_compressed_ops;
  case SC_LVL_LOOSE_COMPRESSED: return &level_loose_ops;
  case SC_LVL_SINGLETON: return &level_singleton_ops;
  case SC_LVL_N_OUT_OF_M: return &level_nm_ops;
  }
  return &level_dense_ops;
}

int level_is_unique(const sc_level_type *t) {
  return !(t->props & SC_PROP_NONUNIQUE);
}

int level_is_ordered(const sc_level_type *t) {
  return !(t->props & SC_PROP_NONORDERED);
}

int level_is_padded(const sc_level_type *t) {
  if (t->props & SC_PROP_PADDED) return 1;
  if (t->props & SC_PROP_UNPADDED) return 0;
  return level_ops_for(t)->default_padded;
}

int level_is_full(const sc_level_type *t) { return level_ops_for(t)->full; }

int level_plain_dim(const sc_encoding *e, int l) {
  const sc_level_expr *x = &e->lvl_exprs[l];
  if (x->kind != SC_LEXPR_AFFINE || x->constant) return -1;
  int dim = -1;
  for (int d = 0; d < e->dim_rank; d++) {
    if (!x->coef[d]) continue;
    if (x->coef[d] != 1 || dim >= 0) return -1;
    dim = d;
  }
  return dim;
}

const char *level_pos_name(const LevelRef *l) {
  return arena_printf(l->arena, "sc__%s_pos%d", l->tensor, l->lvl);
}

const char *level_crd_name(const LevelRef *l) {
  return arena_printf(l->arena, "sc__%s_crd%d", l->tensor, l->lvl);
}

const char *level_size_name(const LevelRef *l) {
  return arena_printf(l->arena, "sc__%s_size%d", l->tensor, l->lvl);
}

const char *level_width_ctype(int width) {
  switch (width) {
  case 2: case 4: case 8: return "uint8_t";
  case 16: return "uint16_t";
  case 32: return "uint32_t";
  default: return "uint64_t";
  }
}

/* Binary search (lower bound) on ordered levels, linear scan otherwise. */
void level_emit_search(const LevelRef *l, StrBuf *sb, const char *ind,
                       const char *guard, const char *lo, const char *hi,
                       const char *c, const char *out_p, const char *out_in) {
  const char *crd = level_crd_name(l);
  const char *in2 = guard ? "  " : "";
  if (guard) sb_printf(sb, "%sif (%s) {\n", ind, guard);
  if (level_is_ordered(&l->type)) {
    sb_printf(sb, "%s%s{\n", ind, in2);
    sb_printf(sb, "%s%s  size_t sc__lo = (size_t)(%s), sc__hi = (size_t)(%s);\n",
              ind, in2, lo, hi);
    sb_printf(sb, "%s%s  const size_t sc__end = sc__hi;\n", ind, in2);
    sb_printf(sb, "%s%s  while (sc__lo < sc__hi) {\n", ind, in2);
    sb_printf(sb, "%s%s    const size_t sc__mid = sc__lo + (sc__hi - sc__lo) / 2;\n",
              ind, in2);
    sb_printf(sb, "%s%s    if ((uint64_t)%s[sc__mid] < (%s))\n", ind, in2, crd, c);
    sb_printf(sb, "%s%s      sc__lo = sc__mid + 1;\n", ind, in2);
    sb_printf(sb, "%s%s    else\n", ind, in2);
    sb_printf(sb, "%s%s      sc__hi = sc__mid;\n", ind, in2);
    sb_printf(sb, "%s%s  }\n", ind, in2);
    sb_printf(sb, "%s%s  %s = sc__lo;\n", ind, in2, out_p);
    sb_printf(sb, "%s%s  %s = sc__lo < sc__end && (uint64_t)%s[sc__lo] == (%s);\n",
              ind, in2, out_in, crd, c);
    sb_printf(sb, "%s%s}\n", ind, in2);
  } else {
    sb_printf(sb, "%s%sfor (size_t sc__q = (size_t)(%s); sc__q < (size_t)(%s); sc__q++) {\n",
              ind, in2, lo, hi);
    sb_printf(sb, "%s%s  if ((uint64_t)%s[sc__q] == (%s)) {\n", ind, in2, crd, c);
    sb_printf(sb, "%s%s    %s = sc__q;\n", ind, in2, out_p);
    sb_printf(sb, "%s%s    %s = 1;\n", ind, in2, out_in);
    sb_printf(sb, "%s%s    break;\n", ind, in2);
    sb_printf(sb, "%s%s  }\n", ind, in2);
    sb_printf(sb, "%s%s}\n", ind, in2);
  }
  if (guard) sb_printf(sb, "%s}\n", ind);
}
