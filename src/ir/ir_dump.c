/* ir_dump.c — the text form of the iteration-space IR (ir_dump.h). */
#include "ir/ir_dump.h"

#include <string.h>

static void affine_plain(const IrKernel *k, const IrAffine *a, StrBuf *out) {
  int n = 0;
  for (int v = 0; v < IR_MAX_VARS; v++) {
    int64_t c = a->coef[v];
    if (!c)
      continue;
    const char *name = v < k->nvars ? k->vars[v].name : "?";
    if (n)
      sb_puts(out, c < 0 ? " - " : " + ");
    else if (c < 0)
      sb_puts(out, "-");
    int64_t m = c < 0 ? -c : c;
    if (m != 1)
      sb_printf(out, "%lld*", (long long)m);
    sb_puts(out, name);
    n++;
  }
  if (a->sym) {
    if (n && a->sym[0] == '-')
      sb_printf(out, " - %s", a->sym + 1);
    else
      sb_printf(out, "%s%s", n ? " + " : "", a->sym);
    n++;
  }
  if (a->constant || !n) {
    if (n)
      sb_printf(out, " %c %lld", a->constant < 0 ? '-' : '+',
                (long long)(a->constant < 0 ? -a->constant : a->constant));
    else
      sb_printf(out, "%lld", (long long)a->constant);
  }
}

/* A band bound prints as max(lo, ...) or min(hi, ...) (ispace.h). */
void ir_affine_print(const IrKernel *k, const IrAffine *a, StrBuf *out) {
  if (a->nalt)
    sb_puts(out, a->alt_op == '>' ? "max(" : "min(");
  affine_plain(k, a, out);
  for (int i = 0; i < a->nalt; i++) {
    sb_puts(out, ", ");
    affine_plain(k, &a->alt[i], out);
  }
  if (a->nalt)
    sb_puts(out, ")");
}

static void access_print(const IrKernel *k, int ai, StrBuf *out) {
  const IrAccess *a = &k->accesses[ai];
  if (a->scatter) { /* `y[perm(i)]` */
    ir_expr_print(k, a->scatter, out);
    return;
  }
  sb_printf(out, "%s(", k->tensors[a->tensor].name);
  for (int d = 0; d < a->nsub; d++) {
    if (d)
      sb_puts(out, ",");
    ir_affine_print(k, &a->sub[d], out);
  }
  sb_puts(out, ")");
}

static int prec(const IrExpr *e) {
  switch (e->kind) {
  case IR_SELECT: return 1;
  case IR_OR: return 2;
  case IR_AND: return 3;
  case IR_BITOP: return 4; /* dumped with its operands parenthesized */
  case IR_CMP: return 4;
  case IR_ADD: case IR_SUB: return 5;
  case IR_MUL: case IR_DIV: case IR_MOD: return 6;
  case IR_NEG: case IR_NOT: case IR_CAST: return 7;
  default: return 8;
  }
}

static void ep(const IrKernel *k, const IrExpr *e, int min, StrBuf *out) {
  int p = prec(e);
  int paren = p < min;
  if (paren)
    sb_puts(out, "(");
  static const char *bin[] = {[IR_ADD] = " + ", [IR_SUB] = " - ",
                              [IR_MUL] = " * ", [IR_DIV] = " / ",
                              [IR_MOD] = " % ",
                              [IR_AND] = " && ", [IR_OR] = " || "};
  switch (e->kind) {
  case IR_CONST:
  case IR_SCALAR:
    sb_puts(out, e->text);
    break;
  case IR_INDEX:
    sb_puts(out, e->var >= 0 && e->var < k->nvars ? k->vars[e->var].name : "?");
    break;
  case IR_ACCESS:
    access_print(k, e->access, out);
    break;
  case IR_NEG:
  case IR_NOT:
    sb_puts(out, e->kind == IR_NEG ? "-" : "!");
    ep(k, e->a, 7, out);
    break;
  case IR_CAST:
    sb_printf(out, "(%s)", e->text);
    ep(k, e->a, 7, out);
    break;
  case IR_ADD: case IR_SUB: case IR_MUL: case IR_DIV: case IR_AND: case IR_OR:
  case IR_MOD:
    ep(k, e->a, p, out);
    sb_puts(out, bin[e->kind]);
    ep(k, e->b, p + 1, out);
    break;
  case IR_CMP:
    ep(k, e->a, p + 1, out);
    sb_printf(out, " %s ", e->text);
    ep(k, e->b, p + 1, out);
    break;
  case IR_BITOP:
    ep(k, e->a, 7, out);
    sb_printf(out, " %s ", e->text);
    ep(k, e->b, 7, out);
    break;
  case IR_SELECT:
    ep(k, e->a, 2, out);
    sb_puts(out, " ? ");
    ep(k, e->b, 1, out);
    sb_puts(out, " : ");
    ep(k, e->c, 1, out);
    break;
  case IR_CALL:
    sb_printf(out, "%s(", e->text);
    for (int i = 0; i < e->nargs; i++) {
      if (i)
        sb_puts(out, ", ");
      ep(k, e->args[i], 0, out);
    }
    sb_puts(out, ")");
    break;
  case IR_GATHER:
    sb_puts(out, e->text);
    for (int i = 0; i < e->nargs; i++) {
      if (e->member && i == e->member_at)
        sb_puts(out, e->member);
      sb_puts(out, "[");
      ep(k, e->args[i], 0, out);
      sb_puts(out, "]");
    }
    if (e->member && e->member_at == e->nargs)
      sb_puts(out, e->member);
    break;
  }
  if (paren)
    sb_puts(out, ")");
}

void ir_expr_print(const IrKernel *k, const IrExpr *e, StrBuf *out) {
  ep(k, e, 0, out);
}

static const char *level_format_name(const sc_level_type *t, char *buf, size_t n) {
  switch (t->format) {
  case SC_LVL_DENSE: return "dense";
  case SC_LVL_COMPRESSED: return "compressed";
  case SC_LVL_LOOSE_COMPRESSED: return "loose_compressed";
  case SC_LVL_SINGLETON: return "singleton";
  case SC_LVL_N_OUT_OF_M:
    if (t->n == 2 && t->m == 4)
      return "block2_4";
    snprintf(buf, n, "n_out_of_m[%d, %d]", t->n, t->m);
    return buf;
  }
  return "?";
}

void ir_encoding_print(const PragmaEncoding *e, StrBuf *out) {
  if (e->format_name)
    sb_printf(out, "%s ", e->format_name);
  sb_puts(out, "(");
  for (int l = 0; l < e->nlevels; l++) {
    const PragmaLevel *lv = &e->levels[l];
    char buf[48];
    if (l)
      sb_puts(out, ", ");
    sb_printf(out, "%s : %s", lv->expr_text ? lv->expr_text : "?",
              level_format_name(&lv->type, buf, sizeof buf));
    static const struct {
      unsigned bit;
      const char *name;
    } props[] = {{SC_PROP_NONUNIQUE, "nonunique"}, {SC_PROP_NONORDERED, "nonordered"},
                 {SC_PROP_PADDED, "padded"},       {SC_PROP_UNPADDED, "unpadded"},
                 {SC_PROP_HIGH, "high"}};
    int np = 0;
    for (size_t i = 0; i < sizeof props / sizeof *props; i++)
      if (lv->type.props & props[i].bit)
        sb_printf(out, "%s%s", np++ ? ", " : "(", props[i].name);
    if (np)
      sb_puts(out, ")");
  }
  sb_puts(out, ")");
  if (e->pos_width || e->crd_width)
    sb_printf(out, ", posWidth = %d, crdWidth = %d", e->pos_width, e->crd_width);
}

static const char *layout_name(IrLayout l) {
  switch (l) {
  case IR_LAYOUT_ARRAY: return "array";
  case IR_LAYOUT_PTR_TO_ARRAY: return "pointer to array";
  case IR_LAYOUT_ROW_PTRS: return "row pointers";
  case IR_LAYOUT_FLAT: return "flat";
  }
  return "?";
}

static void node_print(const IrKernel *k, const IrNode *n, int depth, StrBuf *out) {
  sb_indent(out, depth);
  if (n->kind == IR_NODE_LOOP) {
    const IrLoopVar *v = &k->vars[n->var];
    sb_printf(out, "forall %s in [", v->name);
    ir_affine_print(k, &v->lo, out);
    sb_puts(out, ", ");
    ir_affine_print(k, &v->hi, out);
    sb_puts(out, ")");
    const char *flags[4];
    int nf = 0;
    if (v->is_reduction)
      flags[nf++] = "reduction";
    if (v->carries_dependence)
      flags[nf++] = "carries dependence";
    if (v->live_after)
      flags[nf++] = "live after";
    if (v->descending)
      flags[nf++] = "descending";
    for (int i = 0; i < nf; i++)
      sb_printf(out, "%s%s", i ? ", " : " : ", flags[i]);
    if (v->stride > 1) /* the loop counts the source's steps */
      sb_printf(out, " (counts steps of %lld from %s)", (long long)v->stride,
                v->stride_from);
    sb_puts(out, "\n");
    for (int i = 0; i < n->nbody; i++)
      node_print(k, n->body[i], depth + 1, out);
    return;
  }
  if (n->kind == IR_NODE_IF) {
    sb_puts(out, "if ");
    ir_expr_print(k, n->cond, out);
    sb_puts(out, "\n");
    for (int i = 0; i < n->nbody; i++)
      node_print(k, n->body[i], depth + 1, out);
    if (n->nels) {
      sb_indent(out, depth);
      sb_puts(out, "else\n");
      for (int i = 0; i < n->nels; i++)
        node_print(k, n->els[i], depth + 1, out);
    }
    return;
  }
  const IrStmt *s = &n->stmt;
  if (s->decl_ctype)
    sb_printf(out, "%s ", s->decl_ctype);
  if (s->lhs_access >= 0)
    access_print(k, s->lhs_access, out);
  else
    sb_puts(out, s->lhs_scalar);
  sb_printf(out, " %s ", ir_op_text(s->op));
  ir_expr_print(k, s->rhs, out);
  sb_puts(out, "\n");
}

void ir_dump(const IrKernel *k, const SourceFile *f, StrBuf *out) {
  unsigned line = 0, col = 0;
  size_t at = k->root ? k->root->span.start : k->span.start;
  const char *fname = source_presumed(f, at, &line, &col);
  sb_printf(out, "kernel %s:%u:%u\n", fname, line, col);
  for (int t = 0; t < k->ntensors; t++) {
    const IrTensor *ts = &k->tensors[t];
    sb_printf(out, "  tensor %s", ts->name);
    for (int d = 0; d < ts->rank; d++)
      sb_printf(out, "[%s]", ts->extent[d] ? ts->extent[d] : "?");
    sb_printf(out, ": %s, %s%s, ", ts->elem_ctype, layout_name(ts->layout),
              ts->via_pointer ? " through a pointer" : "");
    if (ts->binding)
      ir_encoding_print(&ts->binding->enc, out);
    else
      sb_puts(out, "dense");
    if (ts->is_read)
      sb_puts(out, ", read");
    if (ts->is_written)
      sb_puts(out, ", written");
    sb_puts(out, "\n");
  }
  if (k->nscalars_written) {
    sb_puts(out, "  scalars written:");
    for (int i = 0; i < k->nscalars_written; i++)
      sb_printf(out, "%s %s", i ? "," : "", k->scalars_written[i]);
    sb_puts(out, "\n");
  }
  if (k->vec_pragma) {
    const Pragma *p = k->vec_pragma;
    if (p->kind == PRAGMA_NOVECTORIZE) {
      sb_puts(out, "  novectorize\n");
    } else {
      sb_puts(out, "  vectorize(");
      int n = 0;
      if (p->vec.vl)
        sb_printf(out, "%svl = %d", n++ ? ", " : "", p->vec.vl);
      if (p->vec.vla)
        sb_printf(out, "%svla", n++ ? ", " : "");
      if (p->vec.index32)
        sb_printf(out, "%sindex32", n++ ? ", " : "");
      if (p->vec.simd)
        sb_printf(out, "%ssimd = %s", n++ ? ", " : "", p->vec.simd);
      sb_puts(out, ")\n");
    }
  }
  if (k->root)
    node_print(k, k->root, 1, out);
}
