/* guarded_walk.c — the walk of a guarded nest with effects
 * (guarded_walk.h). The array is walked level by level in the loops'
 * order: when its encoding stores the levels in another order (CSC under
 * a row-major loop), or in a form the walk does not take (blocks, slices,
 * bit-packed coordinates), it is assembled or converted at entry into
 * that order (dense first level, compressed below), so the statement runs
 * in the order the dense program runs it. Each coordinate outside the
 * source loop's range is skipped; loop variables declared outside the
 * nest are left at the values the dense loops leave. A `break` of the
 * body leaves the walk of the innermost loop's level, as it leaves that
 * loop in the source. */
#include "lower/guarded_walk.h"

#include <string.h>

#include "format/level_ops.h"
#include "lower/lower.h"

/* Whether the walk takes e's levels as they are (any order). */
static int walkable(const sc_encoding *e) {
  if (e->has_slices || e->lvl_rank != e->dim_rank ||
      (e->crd_width > 0 && e->crd_width < 8))
    return 0;
  for (int l = 0; l < e->lvl_rank; l++) {
    const sc_level_type *t = &e->lvl_types[l];
    if (level_plain_dim(e, l) < 0 || !level_is_ordered(t)) return 0;
    if (t->format != SC_LVL_DENSE && t->format != SC_LVL_COMPRESSED &&
        t->format != SC_LVL_SINGLETON)
      return 0;
    /* a nonunique level only above singletons (COO): one entry each */
    if (!level_is_unique(t) &&
        (l + 1 == e->lvl_rank || e->lvl_types[l + 1].format != SC_LVL_SINGLETON))
      return 0;
  }
  return 1;
}

static const char *fmt_text(const sc_level_type *t) {
  const char *f = t->format == SC_LVL_DENSE ? "dense"
                  : t->format == SC_LVL_SINGLETON ? "singleton" : "compressed";
  return level_is_unique(t) ? f : t->format == SC_LVL_SINGLETON
                                      ? "singleton(nonunique)" : "compressed(nonunique)";
}

int lower_guarded(SparsifyCtx *ctx, const GuardedNest *g, const char *indent,
                  GuardedText text, void *user, StrBuf *out, StrBuf *notes,
                  const char **why) {
  Arena *a = ctx->arena;
  const BoundArray *ba = g->array;
  const char *A = ba->b->name, *H = ba->handle;
  const sc_encoding *e = &ba->b->enc.rt;
  int nf = g->nfixed, r = nf + g->depth;
  if (r < 1 || r > SC_MAX_LEVELS || e->dim_rank != r) {
    *why = "the guarded array's rank differs from the nest's depth";
    return -1;
  }
  /* the walk's encoding: the fixed dimensions first, then level nf + k
   * over the dimension of loop k */
  sc_encoding w = *e;
  int order_differs = 0, plain = !walkable(e);
  if (!plain)
    for (int l = 0; l < r; l++) {
      int d = level_plain_dim(e, l), at = d < nf ? d : nf + g->dim_depth[d];
      w.lvl_exprs[at] = e->lvl_exprs[l];
      order_differs |= at != l;
    }
  if (plain) {
    memset(&w, 0, sizeof w);
    w.dim_rank = w.lvl_rank = r;
    for (int l = 0; l < r; l++) {
      w.lvl_types[l].format = l ? SC_LVL_COMPRESSED : SC_LVL_DENSE;
      w.lvl_exprs[l].kind = SC_LEXPR_AFFINE;
      for (int d = 0; d < r; d++)
        if ((d < nf ? d : nf + g->dim_depth[d]) == l) w.lvl_exprs[l].coef[d] = 1;
    }
  }
  if (nf) {
    /* a fixed row: walked in place, never assembled or converted per
     * execution of the nest (each would cost a pass over all of A) */
    int dense_lead = !plain && !order_differs;
    for (int l = 0; l < nf && dense_lead; l++)
      dense_lead = w.lvl_types[l].format == SC_LVL_DENSE;
    /* the first walked level is a loop (a singleton there has none) */
    dense_lead = dense_lead && w.lvl_types[nf].format != SC_LVL_SINGLETON;
    if (!H) { /* named by a loop pragma: dense outside the nest */
      *why = arena_printf(a, "the guarded body reads a fixed %s of '%s', which is "
                          "dense here: assembling '%s' at each entry of the nest "
                          "would cost a pass over all of it; a pragma on the "
                          "declaration of '%s' stores it sparse, and the walk "
                          "reads the %s in place",
                          nf == 1 && r == 2 ? "row" : "slab", A, A, A,
                          nf == 1 && r == 2 ? "row" : "slab");
      return -1;
    }
    if (!dense_lead) {
      *why = arena_printf(a, "the guarded body reads a fixed %s of '%s', which "
                          "is walked in place only when '%s' is stored sparse "
                          "with %s first, on dense levels, then the loops' "
                          "dimensions in their order",
                          nf == 1 && r == 2 ? "row" : "slab", A, A,
                          nf == 1 ? "that dimension" : "those dimensions");
      return -1;
    }
  }
  int convert = H && (plain || order_differs);
  if (g->exit && (!H || convert)) {
    /* a jump out of the walk would skip the free of the copy */
    *why = arena_printf(a, "'%s' leaves the loop nest from its guarded body, and "
                        "'%s' would be %s at entry for the walk (freed after "
                        "it); with '%s' stored sparse in the loops' order (a "
                        "pragma on its declaration) the walk reads it in place",
                        g->exit, A, H ? "converted" : "assembled", A);
    return -1;
  }
  if (g->nbreak && w.lvl_types[r - 1].format == SC_LVL_SINGLETON) {
    /* COO: one loop over the entries of all rows, none per row to leave */
    *why = arena_printf(a, "'break' leaves the loop over '%s' from its guarded "
                        "body, and the walk of '%s' has no loop of its own over "
                        "that dimension (its level is a singleton)",
                        g->loop[g->depth - 1].var, A);
    return -1;
  }
  /* a one-loop nest left by break: its variable, declared outside, keeps
   * the coordinate it stopped at (a flag tells the walk's end) */
  int flag = g->nbreak && g->depth == 1 && !g->loop[0].decl_type;
  const char *pos_t = level_width_ctype(w.pos_width), *crd_t = level_width_ctype(w.crd_width);
  const char *val_t = ba->decl.elem_ctype ? ba->decl.elem_ctype : ir_elem_ctype(ba->decl.elem);
  unsigned line, col;
  const char *fname = source_presumed(ctx->file, g->loops.start, &line, &col);
  const char *where = arena_printf(a, "%s:%u", fname, line);
  StrBuf esc = {0};
  for (const char *p = where; *p; p++) {
    if (*p == '"' || *p == '\\' || *p == '?') sb_printf(&esc, "\\%c", *p);
    else if ((unsigned char)*p < 32) sb_printf(&esc, "\\%03o", (unsigned char)*p);
    else sb_append(&esc, p, 1);
  }
  sb_line(out, indent, 0, "{");
  sb_line(out, indent, 1, "sc_status sc__st = SC_OK;");
  if (flag) sb_line(out, indent, 1, "int sc__%s_brk = 0;", A);
  if (!H || convert) lower_encoding_decl(out, indent, A, &w);
  if (!H) {
    StrBuf dims = {0};
    for (int d = 0; d < r; d++)
      sb_printf(&dims, "%s(int64_t)(%s)", d ? ", " : "", ba->extent[d]);
    sb_line(out, indent, 1, "const int64_t sc__%s_dims[] = {%s};", A, dims.data);
    sb_free(&dims);
    sb_line(out, indent, 1, "sc_tensor *sc__%s = NULL;", A);
    if (ba->layout == IR_LAYOUT_ROW_PTRS)
      sb_line(out, indent, 1, "sc__st = sc_tensor_from_dense_rows(&sc__%s, &sc__%s_enc, %s, "
         "sc__%s_dims, (const void *const *)%s);", A, A, ir_elem_vt(ba->decl.elem), A, A);
    else
      sb_line(out, indent, 1, "sc__st = sc_tensor_from_dense(&sc__%s, &sc__%s_enc, %s, "
         "sc__%s_dims, %s);", A, A, ir_elem_vt(ba->decl.elem), A, A);
  } else if (convert) {
    sb_line(out, indent, 1, "sc_tensor *sc__%s = NULL;", A);
    sb_line(out, indent, 1, "sc__st = %s ? sc_tensor_convert(&sc__%s, %s, &sc__%s_enc) : SC_OK;",
       H, A, H, A);
  } else {
    sb_line(out, indent, 1, "sc_tensor *const sc__%s = %s;", A, H);
    sb_line(out, indent, 1, "sc__st = sc__%s ? sc_tensor_finalize(sc__%s) : SC_OK;", A, A);
  }
  sb_line(out, indent, 1, "if (sc__st != SC_OK) sc_fail(sc__st, \"%s\");", esc.data);
  sb_free(&esc);
  sb_line(out, indent, 1, "if (sc__%s) {", A);
  for (int l = 0; l < r; l++) {
    sc_level_format f = w.lvl_types[l].format;
    if (f == SC_LVL_COMPRESSED)
      sb_line(out, indent, 2, "const %s *sc__%s_pos%d = (const %s *)sc_tensor_positions(sc__%s, %d);",
         pos_t, A, l, pos_t, A, l);
    if (f != SC_LVL_DENSE)
      sb_line(out, indent, 2, "const %s *sc__%s_crd%d = (const %s *)sc_tensor_coordinates(sc__%s, %d);",
         crd_t, A, l, crd_t, A, l);
  }
  sb_line(out, indent, 2, "const %s *sc__%s_val = (const %s *)sc_tensor_values(sc__%s);",
     val_t, A, val_t, A);
  for (int l = 0; l < r; l++) {
    int dep = 2 + l;
    sc_level_format f = w.lvl_types[l].format;
    const char *parent = l ? arena_printf(a, "sc__%s_p%d", A, l - 1) : "0";
    if (l < nf) { /* a fixed coordinate on a dense level */
      sb_line(out, indent, dep, "{ const int64_t sc__%s_c%d = (int64_t)(%s);", A, l, g->fixed[l]);
      sb_line(out, indent, dep + 1, "if (sc__%s_c%d >= 0 && sc__%s_c%d < sc_tensor_level_size(sc__%s, %d)) {",
         A, l, A, l, A, l);
      if (l)
        sb_line(out, indent, dep + 1, "const size_t sc__%s_p%d = %s * (size_t)sc_tensor_level_size(sc__%s, %d) + (size_t)sc__%s_c%d;",
           A, l, parent, A, l, A, l);
      else
        sb_line(out, indent, dep + 1, "const size_t sc__%s_p0 = (size_t)sc__%s_c0;", A, A);
      continue;
    }
    if (f == SC_LVL_DENSE) {
      sb_line(out, indent, dep, "for (int64_t sc__%s_c%d = 0; sc__%s_c%d < sc_tensor_level_size(sc__%s, %d); sc__%s_c%d++) {",
         A, l, A, l, A, l, A, l);
      if (l)
        sb_line(out, indent, dep + 1, "const size_t sc__%s_p%d = %s * (size_t)sc_tensor_level_size(sc__%s, %d) + (size_t)sc__%s_c%d;",
           A, l, parent, A, l, A, l);
      else
        sb_line(out, indent, dep + 1, "const size_t sc__%s_p0 = (size_t)sc__%s_c0;", A, A);
    } else {
      if (f == SC_LVL_COMPRESSED)
        sb_line(out, indent, dep, "for (size_t sc__%s_p%d = (size_t)sc__%s_pos%d[%s]; sc__%s_p%d < (size_t)sc__%s_pos%d[%s + 1]; sc__%s_p%d++) {",
           A, l, A, l, parent, A, l, A, l, parent, A, l);
      else
        sb_line(out, indent, dep, "{ const size_t sc__%s_p%d = %s;", A, l, parent);
      sb_line(out, indent, dep + 1, "const int64_t sc__%s_c%d = (int64_t)sc__%s_crd%d[sc__%s_p%d];",
         A, l, A, l, A, l);
    }
    const GuardedLoop *gl = &g->loop[l - nf];
    sb_line(out, indent, dep + 1, "if (sc__%s_c%d < (int64_t)(%s) || sc__%s_c%d >= (int64_t)(%s)) continue;",
       A, l, gl->lo, A, l, gl->hi);
    if (gl->decl_type)
      sb_line(out, indent, dep + 1, "%s %s = (%s)sc__%s_c%d; (void)%s;", gl->decl_type, gl->var,
         gl->decl_type, A, l, gl->var);
    else
      sb_line(out, indent, dep + 1, "%s = sc__%s_c%d;", gl->var, A, l);
  }
  /* the statement as written, the guarded element read from the entry */
  StrBuf body = {0};
  size_t at = g->stmt.start;
  for (int i = 0, b = 0; i < g->naccess || (flag && b < g->nbreak);) {
    int brk = flag && b < g->nbreak &&
              (i == g->naccess || g->brk[b].start < g->access[i].start);
    Span sp = brk ? g->brk[b++] : g->access[i++];
    text(user, at, sp.start, &body);
    if (brk) sb_printf(&body, "{ sc__%s_brk = 1; break; }", A);
    else sb_printf(&body, "sc__%s_val[sc__%s_p%d]", A, A, r - 1);
    at = sp.end;
  }
  text(user, at, g->stmt.end, &body);
  sb_puts(out, indent);
  sb_indent(out, 2 + r);
  sb_puts(out, body.data);
  sb_puts(out, "\n");
  sb_free(&body);
  for (int l = r - 1; l >= 0; l--) sb_line(out, indent, 2 + l, l < nf ? "} }" : "}");
  sb_line(out, indent, 1, "}");
  if (!H || convert) sb_line(out, indent, 1, "sc_tensor_free(sc__%s);", A);
  /* loop variables declared outside: the values the dense loops leave
   * (bounds that name no loop variable: guarded.c) */
  StrBuf ran = {0};
  for (int l = 0; l < g->depth; l++) {
    const GuardedLoop *gl = &g->loop[l];
    if (!gl->decl_type)
      sb_line(out, indent, 1, "%sif (%s(%s) < (%s)) %s = (%s); else %s = (%s);%s",
         flag ? arena_printf(a, "if (!sc__%s_brk) { ", A) : "",
         ran.len ? ran.data : "", gl->lo, gl->hi, gl->var, gl->hi, gl->var, gl->lo,
         flag ? " }" : "");
    sb_printf(&ran, "(%s) < (%s) && ", gl->lo, gl->hi);
  }
  sb_free(&ran);
  sb_line(out, indent, 0, "}");
  ctx->need_runtime_include |= 1;
  /* the report */
  StrBuf lv = {0};
  for (int l = 0; l < r; l++)
    sb_printf(&lv, "%s%s : %s%s", l ? ", " : "", l < nf ? g->fixed[l] : g->loop[l - nf].var,
              fmt_text(&w.lvl_types[l]), l < nf ? " (fixed)" : "");
  sb_printf(notes, "  walk: %s's stored entries in the loops' order, levels (%s); "
            "explicit zeros skipped by the guard as written\n", A, lv.data);
  sb_free(&lv);
  sb_printf(notes, "  loop %s: not vectorized: the guarded body has effects, run "
            "one stored entry at a time in the source's order\n", g->loop[g->depth - 1].var);
  if (g->exit)
    sb_printf(notes, "  exit: '%s' leaves the walk at the first stored entry where "
              "the guard holds, the dense loops' first (the guard is false where "
              "%s is zero)\n", g->exit, A);
  if (g->nbreak)
    sb_printf(notes, "  exit: 'break' leaves the walk%s%s at the first stored "
              "entry where the body reaches it, the dense loop's first (the "
              "guard is false where %s is zero)%s%s\n",
              g->depth > 1 ? " of loop " : "",
              g->depth > 1 ? g->loop[g->depth - 1].var : "", A,
              g->depth > 1 ? "; the walk goes on at the next " : "",
              g->depth > 1 ? g->loop[g->depth - 2].var : "");
  if (plain || order_differs) {
    StrBuf lo = {0};
    for (int l = 0; l < g->depth; l++) sb_printf(&lo, "%s%s", l ? ", " : "", g->loop[l].var);
    sb_printf(notes, "  conversion: %s %s at entry in the loops' order (%s)%s, so "
              "the body runs in the order of the source\n", A,
              H ? "converted" : "assembled", lo.data,
              plain ? ", its encoding's levels not walked as they are"
                    : ", not its encoding's level order");
    sb_free(&lo);
  }
  return 0;
}
