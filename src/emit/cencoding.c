/* cencoding.c — an sc_encoding as a positional C initializer (see
 * cencoding.h for why positional). The member order is the runtime
 * header's: dim_rank, lvl_rank, lvl_types, lvl_exprs, pos_width,
 * crd_width, has_slices, slices; a level type is format, props, n, m; a
 * level expression kind, coef, constant, divisor. Every member of a struct
 * is given (gcc's -Wmissing-field-initializers); arrays may stop early. */
#include "emit/cencoding.h"

#include <stddef.h>

/* The order written below is the header's: a member added, removed or
 * moved there stops the build here instead of shifting the values. */
#define SC_FOLLOWS(T, a, b) (offsetof(T, a) < offsetof(T, b))
#define SC_LAST(T, m) (offsetof(T, m) + sizeof(((T *)0)->m) == sizeof(T))
_Static_assert(SC_FOLLOWS(sc_encoding, dim_rank, lvl_rank) &&
                   SC_FOLLOWS(sc_encoding, lvl_rank, lvl_types) &&
                   SC_FOLLOWS(sc_encoding, lvl_types, lvl_exprs) &&
                   SC_FOLLOWS(sc_encoding, lvl_exprs, pos_width) &&
                   SC_FOLLOWS(sc_encoding, pos_width, crd_width) &&
                   SC_FOLLOWS(sc_encoding, crd_width, has_slices) &&
                   SC_FOLLOWS(sc_encoding, has_slices, slices) &&
                   SC_LAST(sc_encoding, slices),
               "cenc_init writes sc_encoding's members in this order");
_Static_assert(SC_FOLLOWS(sc_level_type, format, props) &&
                   SC_FOLLOWS(sc_level_type, props, n) &&
                   SC_FOLLOWS(sc_level_type, n, m) && SC_LAST(sc_level_type, m),
               "cenc_level_types writes sc_level_type's members in this order");
_Static_assert(SC_FOLLOWS(sc_level_expr, kind, coef) &&
                   SC_FOLLOWS(sc_level_expr, coef, constant) &&
                   SC_FOLLOWS(sc_level_expr, constant, divisor) &&
                   SC_LAST(sc_level_expr, divisor),
               "cenc_level_exprs writes sc_level_expr's members in this order");
_Static_assert(SC_FOLLOWS(sc_dim_slice, offset, size) &&
                   SC_FOLLOWS(sc_dim_slice, size, stride) &&
                   SC_LAST(sc_dim_slice, stride),
               "cenc_init writes an sc_dim_slice as three members");

static const char *format_name(sc_level_format f) {
  switch (f) {
  case SC_LVL_DENSE: return "SC_LVL_DENSE";
  case SC_LVL_COMPRESSED: return "SC_LVL_COMPRESSED";
  case SC_LVL_LOOSE_COMPRESSED: return "SC_LVL_LOOSE_COMPRESSED";
  case SC_LVL_SINGLETON: return "SC_LVL_SINGLETON";
  case SC_LVL_N_OUT_OF_M: return "SC_LVL_N_OUT_OF_M";
  }
  return "SC_LVL_DENSE";
}

static const char *kind_name(sc_level_expr_kind k) {
  switch (k) {
  case SC_LEXPR_AFFINE: return "SC_LEXPR_AFFINE";
  case SC_LEXPR_FLOORDIV: return "SC_LEXPR_FLOORDIV";
  case SC_LEXPR_MOD: return "SC_LEXPR_MOD";
  case SC_LEXPR_COUNT: return "SC_LEXPR_COUNT";
  }
  return "SC_LEXPR_AFFINE";
}

void cenc_level_types(StrBuf *sb, const sc_encoding *e) {
  sb_puts(sb, "{");
  for (int l = 0; l < e->lvl_rank; l++) {
    const sc_level_type *t = &e->lvl_types[l];
    sb_printf(sb, "%s{%s, %uu, %d, %d}", l ? ", " : "", format_name(t->format),
              t->props, t->n, t->m);
  }
  sb_puts(sb, "}");
}

void cenc_level_exprs(StrBuf *sb, const sc_encoding *e) {
  sb_puts(sb, "{");
  for (int l = 0; l < e->lvl_rank; l++) {
    const sc_level_expr *x = &e->lvl_exprs[l];
    sb_printf(sb, "%s{%s, {", l ? ", " : "", kind_name(x->kind));
    for (int d = 0; d < e->dim_rank; d++)
      sb_printf(sb, "%s%lld", d ? ", " : "", (long long)x->coef[d]);
    /* an ELL counting level is sized from the data (divisor 0): a row with
     * more entries than the pragma's k slices must not fail at run time */
    sb_printf(sb, "}, %lld, %lld}", (long long)x->constant,
              x->kind == SC_LEXPR_COUNT ? 0LL : (long long)x->divisor);
  }
  sb_puts(sb, "}");
}

void cenc_init(StrBuf *sb, const sc_encoding *e) {
  sb_printf(sb, "{%d, %d, ", e->dim_rank, e->lvl_rank);
  cenc_level_types(sb, e);
  sb_puts(sb, ", ");
  cenc_level_exprs(sb, e);
  sb_printf(sb, ", %d, %d, 0, {{0, 0, 0}}}", e->pos_width, e->crd_width);
}
