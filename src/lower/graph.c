/* graph.c — the iteration graph of one kernel: loop depths, which sparse
 * operands each subtree reads, each sparse operand's level map expressed
 * over loop variables, and the reorder-or-convert decision: when a
 * tensor's level order would force random access (a search) into a
 * non-full level because the loops bind its coordinates in another order,
 * the operand (assembled from dense data at entry anyway) is assembled
 * with its level expressions reordered to follow the loops, and the
 * report calls it a conversion. Loops are never reordered. An encoding
 * the loops cannot walk at all (a counting level that is not dense, a
 * nonunique level over a non-singleton level) or, on lower.c's retry, one
 * that kept a loop from skipping (a block, 2:4 or ELL counting level in a
 * merge, an unordered level where order matters) is converted through the
 * runtime to its plain form. */
#include <stdlib.h>
#include <string.h>

#include "lower/lower_int.h"

const char *graph_var_name(const Lower *L, int v) {
  return L->k->vars[v].name;
}

static void idx_hook(void *user, StrBuf *out, int var) {
  const Lower *L = user;
  sb_puts(out, graph_var_name(L, var));
}

void graph_affine(const Lower *L, StrBuf *out, const IrAffine *a) {
  CPrintHooks h = {NULL, idx_hook, (void *)L};
  cprint_affine(out, a, L->k->nvars, &h);
}

const char *graph_affine_str(const Lower *L, const IrAffine *a) {
  StrBuf sb = {0};
  graph_affine(L, &sb, a);
  const char *s = arena_strdup(L->arena, sb.data ? sb.data : "0");
  sb_free(&sb);
  return s;
}

const char *graph_hi_str(const Lower *L, const IrLoopVar *lv) {
  const char *hi = graph_affine_str(L, &lv->hi);
  return lv->hi_cast ? arena_printf(L->arena, "(%s)(%s)", lv->hi_cast, hi) : hi;
}

static void walk_depth(Lower *L, const IrNode *n, int depth) {
  if (n->kind != IR_NODE_LOOP) return;
  if (n->var >= 0 && n->var < IR_MAX_VARS) {
    if (!L->var_nloops[n->var]) L->var_depth[n->var] = depth;
    L->var_nloops[n->var]++;
  }
  for (int i = 0; i < n->nbody; i++) walk_depth(L, n->body[i], depth + 1);
}

static unsigned expr_tensors(const Lower *L, const IrExpr *e) {
  if (!e) return 0;
  unsigned m = 0;
  if (e->kind == IR_ACCESS && L->access_st[e->access] >= 0)
    m |= 1u << L->access_st[e->access];
  m |= expr_tensors(L, e->a) | expr_tensors(L, e->b) | expr_tensors(L, e->c);
  for (int i = 0; i < e->nargs; i++) m |= expr_tensors(L, e->args[i]);
  return m;
}

unsigned graph_subtree_tensors(const Lower *L, const IrNode *n) {
  if (n->kind == IR_NODE_STMT) {
    unsigned m = expr_tensors(L, n->stmt.rhs);
    if (n->stmt.lhs_access >= 0 && L->access_st[n->stmt.lhs_access] >= 0)
      m |= 1u << L->access_st[n->stmt.lhs_access];
    return m;
  }
  unsigned m = 0;
  for (int i = 0; i < n->nbody; i++) m |= graph_subtree_tensors(L, n->body[i]);
  return m;
}

int graph_only_reductions(const IrNode *n) {
  if (n->kind == IR_NODE_STMT)
    return ir_update_class(n->stmt.op) != 0;
  for (int i = 0; i < n->nbody; i++)
    if (!graph_only_reductions(n->body[i])) return 0;
  return 1;
}

int graph_expr_reads(const IrKernel *k, const IrExpr *e, int t) {
  if (!e) return 0;
  if (e->kind == IR_ACCESS && k->accesses[e->access].tensor == t) return 1;
  if (graph_expr_reads(k, e->a, t) || graph_expr_reads(k, e->b, t) ||
      graph_expr_reads(k, e->c, t))
    return 1;
  for (int i = 0; i < e->nargs; i++)
    if (graph_expr_reads(k, e->args[i], t)) return 1;
  return 0;
}

int graph_reads_tensor(const Lower *L, const IrNode *n, int t) {
  if (n->kind == IR_NODE_STMT) return graph_expr_reads(L->k, n->stmt.rhs, t);
  for (int i = 0; i < n->nbody; i++)
    if (graph_reads_tensor(L, n->body[i], t)) return 1;
  return 0;
}

/* The loop variable of a subscript that is exactly one variable, or -1. */
static int pure_var(const Lower *L, const IrAffine *a) {
  if (a->sym || a->constant) return -1;
  int v = -1;
  for (int i = 0; i < L->k->nvars && i < IR_MAX_VARS; i++) {
    if (!a->coef[i]) continue;
    if (a->coef[i] != 1 || v >= 0) return -1;
    v = i;
  }
  return v;
}

/* Whether a subscript changes with some loop variable of the kernel. */
static int moves(const Lower *L, const IrAffine *a) {
  for (int i = 0; i < L->k->nvars && i < IR_MAX_VARS; i++)
    if (a->coef[i]) return 1;
  return 0;
}

/* Whether two subscripts are the same affine form. */
static int same_affine(const Lower *L, const IrAffine *a, const IrAffine *b) {
  if (a->constant != b->constant || !a->sym != !b->sym ||
      (a->sym && strcmp(a->sym, b->sym)))
    return 0;
  for (int i = 0; i < L->k->nvars && i < IR_MAX_VARS; i++)
    if (a->coef[i] != b->coef[i]) return 0;
  return 1;
}

int lower_same_access(const Lower *L, int a, int b) {
  const IrAccess *x = &L->k->accesses[a], *y = &L->k->accesses[b];
  if (x->tensor != y->tensor || x->nsub != y->nsub) return 0;
  for (int d = 0; d < x->nsub; d++)
    if (!same_affine(L, &x->sub[d], &y->sub[d])) return 0;
  return 1;
}

int lower_same_expr(const Lower *L, const IrExpr *a, const IrExpr *b) {
  if (!a || !b) return a == b;
  if (a->kind != b->kind || a->nargs != b->nargs) return 0;
  if ((a->text || b->text) && (!a->text || !b->text || strcmp(a->text, b->text)))
    return 0;
  if (a->kind == IR_INDEX && a->var != b->var) return 0;
  if (a->kind == IR_ACCESS && !lower_same_access(L, a->access, b->access)) return 0;
  if (!lower_same_expr(L, a->a, b->a) || !lower_same_expr(L, a->b, b->b) ||
      !lower_same_expr(L, a->c, b->c))
    return 0;
  for (int i = 0; i < a->nargs; i++)
    if (!lower_same_expr(L, a->args[i], b->args[i])) return 0;
  return 1;
}

int lower_is_lhs(const Lower *L, const IrExpr *e, const IrStmt *s) {
  if (s->lhs_access < 0)
    return e->kind == IR_SCALAR && !strcmp(e->text, s->lhs_scalar);
  return e->kind == IR_ACCESS && lower_same_access(L, e->access, s->lhs_access);
}

int lower_is_push(const Lower *L, const IrStmt *s) {
  if (s->lhs_access < 0) return 0;
  const IrAccess *ac = &L->k->accesses[s->lhs_access];
  if (ac->nsub != 1 || !ac->sub[0].sym) return 0;
  for (int i = 0; i < L->k->nscalars_written; i++)
    if (!strcmp(L->k->scalars_written[i], ac->sub[0].sym)) return 1;
  return 0;
}

int lower_has_push(const Lower *L, const IrNode *n) {
  if (n->kind == IR_NODE_STMT) return lower_is_push(L, &n->stmt);
  for (int i = 0; i < n->nbody; i++)
    if (lower_has_push(L, n->body[i])) return 1;
  return 0;
}

/* Fills lvl[] of st from st->enc and dim_var[]. 0, or -1 with a reason. */
static int level_map(Lower *L, STensor *st, const char **why) {
  const sc_encoding *enc = &st->enc;
  st->nlvl = enc->lvl_rank;
  for (int l = 0; l < enc->lvl_rank; l++) {
    LvlInfo *li = &st->lvl[l];
    memset(li, 0, sizeof *li);
    li->type = enc->lvl_types[l];
    li->ops = level_ops_for(&li->type);
    li->expr = enc->lvl_exprs[l];
    li->var = li->dim = -1;
    li->partner = -1;
    li->ref.arena = L->arena;
    li->ref.tensor = st->name;
    li->ref.lvl = l;
    li->ref.type = li->type;
    li->ref.pos_type = st->pos_type;
    li->ref.crd_type = st->crd_type;
    const sc_level_expr *x = &li->expr;
    if (x->kind == SC_LEXPR_COUNT) {
      /* the s-th stored entry of each row: a dense level of k slices that
       * no loop binds; a loop over the last level walks the slices
       * (coiter.c) */
      if (li->type.format != SC_LVL_DENSE) {
        *why = "an ELL counting level that is not dense";
        return -1;
      }
      for (int d = 0; d < enc->dim_rank; d++)
        if (st->dim_off[d]) {
          *why = "an ELL counting level read through a slice view";
          return -1;
        }
      li->kind = LK_COUNT;
      li->div = x->divisor;
      for (int d = 0; d < enc->dim_rank; d++)
        if (x->coef[d]) li->dim = d;
      li->coord = "0";
      continue;
    }
    int nd = 0, d1 = -1, nfix = 0;
    for (int d = 0; d < enc->dim_rank; d++)
      if (x->coef[d]) {
        nd++;
        d1 = d;
        if (st->dim_fix[d]) nfix++;
        else li->varmask |= 1u << st->dim_var[d];
      }
    int single = nd == 1 && x->coef[d1] == 1;
    if (nfix && nfix == nd) {
      li->kind = LK_FIXED; /* a fixed coordinate: located, never walked */
      li->dim = nd == 1 ? d1 : -1;
    } else if (nfix) {
      li->kind = LK_OTHER; /* fixed and loop dimensions mixed: located */
    } else if (single && x->kind == SC_LEXPR_AFFINE && x->constant == 0) {
      li->kind = LK_IDENT;
    } else if (single && x->kind == SC_LEXPR_FLOORDIV && x->divisor > 0) {
      li->kind = LK_FLOOR;
      li->div = x->divisor;
    } else if (single && x->kind == SC_LEXPR_MOD && x->divisor > 0) {
      li->kind = LK_MOD;
      li->div = x->divisor;
    } else {
      li->kind = LK_OTHER;
    }
    if (li->kind != LK_OTHER && li->kind != LK_FIXED && st->dim_off[d1] &&
        li->kind != LK_IDENT)
      li->kind = LK_OTHER; /* a block level over a view: located only */
    if (li->kind != LK_OTHER && li->kind != LK_FIXED) {
      li->dim = d1;
      li->var = st->dim_var[d1];
      if (st->dim_off[d1]) {
        li->aoff = st->dim_off[d1];
        li->astride = st->dim_stride[d1];
      }
    }
    /* the coordinate over loop variables */
    StrBuf sb = {0};
    if (li->kind == LK_IDENT ||
        (li->kind == LK_FIXED && single && x->kind == SC_LEXPR_AFFINE &&
         x->constant == 0)) {
      sb_printf(&sb, "(uint64_t)(%s)", slice_dim_text(L, st, d1));
    } else if (li->kind == LK_FLOOR || li->kind == LK_MOD) {
      sb_printf(&sb, "((uint64_t)(%s) %s %lld)", graph_var_name(L, li->var),
                li->kind == LK_FLOOR ? "/" : "%", (long long)li->div);
    } else {
      if (x->kind != SC_LEXPR_AFFINE && x->divisor <= 0) {
        *why = "a level expression with a non-positive divisor";
        return -1;
      }
      sb_puts(&sb, "((uint64_t)(");
      int first = 1;
      for (int d = 0; d < enc->dim_rank; d++) {
        if (!x->coef[d]) continue;
        sb_printf(&sb, "%s%lld * (int64_t)(%s)", first ? "" : " + ",
                  (long long)x->coef[d], slice_dim_text(L, st, d));
        first = 0;
      }
      if (x->kind == SC_LEXPR_AFFINE)
        sb_printf(&sb, "%s%lld))", first ? "" : " + ", (long long)x->constant);
      else
        sb_printf(&sb, "%s0) %s %lld)", first ? "" : " + ",
                  x->kind == SC_LEXPR_FLOORDIV ? "/" : "%",
                  (long long)x->divisor);
    }
    li->coord = arena_strdup(L->arena, sb.data);
    sb_free(&sb);
  }
  /* FLOOR/MOD partners; segment rules */
  for (int l = 0; l < st->nlvl; l++) {
    LvlInfo *li = &st->lvl[l];
    if (li->kind == LK_FLOOR)
      for (int m = l + 1; m < st->nlvl; m++)
        if (st->lvl[m].kind == LK_MOD && st->lvl[m].dim == li->dim &&
            st->lvl[m].div == li->div) {
          li->partner = m;
          break;
        }
    if (!level_is_unique(&li->type) && l + 1 < st->nlvl &&
        !st->lvl[l + 1].ops->segment_child) {
      *why = "a nonunique level followed by a level other than singleton";
      return -1;
    }
    if (l > 0 && !level_is_unique(&st->lvl[l - 1].type) &&
        !level_is_unique(&li->type) && l + 1 < st->nlvl) {
      *why = "nested nonunique levels";
      return -1;
    }
  }
  return 0;
}

/* Depth at which level l's coordinate is bound (deepest of its vars). */
static int level_depth(const Lower *L, const STensor *st, int l) {
  /* (a fixed level, varmask 0, is bound before every loop: -1) */
  int d = -1;
  for (int v = 0; v < L->k->nvars; v++)
    if (st->lvl[l].varmask & (1u << v))
      if (L->var_depth[v] > d) d = L->var_depth[v];
  return d;
}

/* Whether walking the levels in order forces a search into a non-full
 * level whose coordinate was bound before its parent level. */
static int needs_search(const Lower *L, const STensor *st) {
  int bd = -1;
  for (int l = 0; l < st->nlvl; l++) {
    /* a fixed coordinate below a walked level (a column of CSR stored
     * sparse) is searched per visit rather than converting the storage */
    if (st->lvl[l].kind == LK_FIXED && st->t->handle) continue;
    int d = level_depth(L, st, l);
    if (d < bd && !st->lvl[l].ops->full) return 1;
    if (d > bd) bd = d;
  }
  return 0;
}

/* Dimension d's name in the report: its loop variable, or the fixed
 * subscript's text. */
static const char *dim_name(const Lower *L, const STensor *st, int d) {
  return st->dim_fix[d] ? slice_fix_text(L, st->dim_fix[d])
                        : graph_var_name(L, st->dim_var[d]);
}

static const char *enc_text(const Lower *L, const STensor *st) {
  StrBuf sb = {0};
  sb_puts(&sb, "(");
  for (int d = 0; d < st->enc.dim_rank; d++)
    sb_printf(&sb, "%s%s", d ? ", " : "", dim_name(L, st, d));
  sb_puts(&sb, ") -> (");
  for (int l = 0; l < st->nlvl; l++) {
    const LvlInfo *li = &st->lvl[l];
    if (l) sb_puts(&sb, ", ");
    if (li->kind == LK_IDENT)
      sb_puts(&sb, graph_var_name(L, li->var));
    else if (li->kind == LK_FLOOR || li->kind == LK_MOD)
      sb_printf(&sb, "%s %s %lld", graph_var_name(L, li->var),
                li->kind == LK_FLOOR ? "floordiv" : "mod", (long long)li->div);
    else if (li->kind == LK_COUNT && li->dim >= 0)
      sb_printf(&sb, "c * %lld * %s", (long long)li->div,
                dim_name(L, st, li->dim));
    else if ((li->kind == LK_OTHER || li->kind == LK_FIXED) &&
             li->expr.kind != SC_LEXPR_COUNT) {
      /* (a block level over a slice view is located: LK_OTHER) */
      int first = 1;
      for (int d = 0; d < st->enc.dim_rank; d++) {
        if (!li->expr.coef[d]) continue;
        sb_printf(&sb, "%s", first ? "" : " + ");
        if (li->expr.coef[d] != 1)
          sb_printf(&sb, "%lld * ", (long long)li->expr.coef[d]);
        sb_puts(&sb, dim_name(L, st, d));
        first = 0;
      }
      if (li->expr.kind == SC_LEXPR_AFFINE && li->expr.constant)
        sb_printf(&sb, " + %lld", (long long)li->expr.constant);
      else if (li->expr.kind != SC_LEXPR_AFFINE)
        sb_printf(&sb, " %s %lld",
                  li->expr.kind == SC_LEXPR_FLOORDIV ? "floordiv" : "mod",
                  (long long)li->expr.divisor);
    } else
      sb_puts(&sb, "<affine>");
    sb_printf(&sb, " : %s", li->ops->name);
    if (li->type.format == SC_LVL_N_OUT_OF_M)
      sb_printf(&sb, "[%d, %d]", li->type.n, li->type.m);
    unsigned p = li->type.props;
    if (p & (SC_PROP_NONUNIQUE | SC_PROP_NONORDERED | SC_PROP_PADDED |
             SC_PROP_UNPADDED)) {
      int f = 1;
      sb_puts(&sb, "(");
      if (p & SC_PROP_NONUNIQUE) { sb_printf(&sb, "%snonunique", f ? "" : ", "); f = 0; }
      if (p & SC_PROP_NONORDERED) { sb_printf(&sb, "%snonordered", f ? "" : ", "); f = 0; }
      if (p & SC_PROP_PADDED) { sb_printf(&sb, "%spadded", f ? "" : ", "); f = 0; }
      if (p & SC_PROP_UNPADDED) { sb_printf(&sb, "%sunpadded", f ? "" : ", "); f = 0; }
      sb_puts(&sb, ")");
    }
  }
  sb_puts(&sb, ")");
  const char *s = arena_strdup(L->arena, sb.data);
  sb_free(&sb);
  return s;
}

/* Whether permuting the level expressions keeps a valid encoding: every
 * level a plain dimension (no block map, ELL count or constant) stored
 * dense or compressed with default uniqueness. Block, 2:4, singleton and
 * loose levels only mean something in their written order. */
static int reorderable(const STensor *st) {
  for (int l = 0; l < st->nlvl; l++) {
    const sc_level_expr *x = &st->enc.lvl_exprs[l];
    const sc_level_type *lt = &st->enc.lvl_types[l];
    if (x->kind != SC_LEXPR_AFFINE || x->constant != 0) return 0;
    int ones = 0;
    for (int d = 0; d < SC_MAX_RANK; d++) {
      if (x->coef[d] == 1) ones++;
      else if (x->coef[d] != 0) return 0;
    }
    if (ones != 1) return 0;
    if (lt->format != SC_LVL_DENSE && lt->format != SC_LVL_COMPRESSED)
      return 0;
    if (lt->props & SC_PROP_NONUNIQUE) return 0;
  }
  return 1;
}

/* Reorders the level expressions (formats stay in place, as CSC becomes
 * CSR) by the depth at which the loops bind them. */
static void convert_order(Lower *L, STensor *st) {
  int n = st->nlvl, order[SC_MAX_LEVELS], depth[SC_MAX_LEVELS];
  for (int l = 0; l < n; l++) {
    order[l] = l;
    depth[l] = level_depth(L, st, l);
  }
  for (int a = 1; a < n; a++) /* stable insertion sort */
    for (int b = a; b > 0 && depth[order[b - 1]] > depth[order[b]]; b--) {
      int t = order[b]; order[b] = order[b - 1]; order[b - 1] = t;
    }
  sc_encoding e = st->enc;
  for (int l = 0; l < n; l++) e.lvl_exprs[l] = st->enc.lvl_exprs[order[l]];
  st->enc = e;
}

/* Whether two encodings denote the same storage (field by field). */
static int same_enc(const sc_encoding *a, const sc_encoding *b) {
  if (a->dim_rank != b->dim_rank || a->lvl_rank != b->lvl_rank ||
      a->pos_width != b->pos_width || a->crd_width != b->crd_width ||
      a->has_slices || b->has_slices)
    return 0;
  for (int l = 0; l < a->lvl_rank; l++) {
    const sc_level_type *x = &a->lvl_types[l], *y = &b->lvl_types[l];
    const sc_level_expr *p = &a->lvl_exprs[l], *q = &b->lvl_exprs[l];
    if (x->format != y->format || x->props != y->props || x->n != y->n ||
        x->m != y->m || p->kind != q->kind || p->constant != q->constant ||
        p->divisor != q->divisor)
      return 0;
    for (int d = 0; d < a->dim_rank; d++)
      if (p->coef[d] != q->coef[d]) return 0;
  }
  return 1;
}

/* Whether every subscript of access ac is one loop variable, all distinct
 * (an access a sparse operand can be bound to). */
static int distinct_vars(const Lower *L, const IrAccess *ac) {
  unsigned seen = 0;
  for (int d = 0; d < ac->nsub; d++) {
    int v = pure_var(L, &ac->sub[d]);
    if (v < 0 || (seen & (1u << v))) return 0;
    seen |= 1u << v;
  }
  return 1;
}

/* A tensor written in place (`A[i][j] = 2.5 * A[i][j]`, `a[i] *= 3`,
 * `A[i][j] = -A[i][j]`): read too, every access of it subscripted by the
 * same distinct loop variables (one element at a time, the one the
 * statement writes), and no other tensor of the kernel written in place.
 * Its structure at the kernel's entry drives the loops and its values are
 * read and written where they live; the lattice (lat_no_effect) skips an
 * element only where its statements leave a zero a zero. An element the
 * loops never visit keeps its zero, so the structure at entry stays a
 * superset of the non-zeros while the kernel runs (also when an outer
 * loop repeats the update). */
/* Whether every statement writing tensor ti uses `=` or `*=`, or (when
 * self_acc) `+=`/`-=` of an expression that reads ti itself (`A[i][j] -=
 * 0.5 * A[i][j]`, written `A = A - 0.5 * A`). */
static int writes_set_or_scale(const Lower *L, const IrNode *n, int ti,
                               int self_acc) {
  if (n->kind == IR_NODE_STMT) {
    const IrStmt *s = &n->stmt;
    if (s->lhs_access < 0 || L->k->accesses[s->lhs_access].tensor != ti)
      return 1;
    if (self_acc && (s->op == IR_ADDTO || s->op == IR_SUBFROM))
      return graph_reads_tensor(L, n, ti);
    return s->op == IR_SET || s->op == IR_MULBY;
  }
  for (int i = 0; i < n->nbody; i++)
    if (!writes_set_or_scale(L, n->body[i], ti, self_acc)) return 0;
  return 1;
}

/* Whether e negates an element (`-A[i][j]`, `-(2 * A[i][j])`): at an
 * absent element the dense program stores -0.0 there, which prints as
 * "-0"; a negated constant factor (`-2.5 * A`) is a product with an absent
 * entry instead, zero by SPEC §4. */
static int negates_element(const IrExpr *e) {
  if (!e) return 0;
  if (e->kind == IR_NEG) {
    for (const IrExpr *x = e->a; x; ) {
      if (x->kind == IR_ACCESS) return 1;
      if (x->kind == IR_CAST || x->kind == IR_NEG) { x = x->a; continue; }
      if (x->kind == IR_MUL || x->kind == IR_DIV || x->kind == IR_ADD ||
          x->kind == IR_SUB || x->kind == IR_SELECT)
        return 1; /* conservative: any compound operand */
      break;
    }
  }
  if (negates_element(e->a) || negates_element(e->b) || negates_element(e->c))
    return 1;
  for (int i = 0; i < e->nargs; i++)
    if (negates_element(e->args[i])) return 1;
  return 0;
}

/* Whether a statement writing tensor ti negates an element. */
static int writes_negation(const Lower *L, const IrNode *n, int ti) {
  if (n->kind == IR_NODE_STMT) {
    const IrStmt *s = &n->stmt;
    if (s->lhs_access < 0 || L->k->accesses[s->lhs_access].tensor != ti)
      return 0;
    return negates_element(s->rhs);
  }
  for (int i = 0; i < n->nbody; i++)
    if (writes_negation(L, n->body[i], ti)) return 1;
  return 0;
}

static int inplace_ok(const Lower *L, int ti) {
  const IrKernel *k = L->k;
  const IrTensor *t = &k->tensors[ti];
  if (!t->is_read || !t->is_written || L->inplace) return 0;
  /* `+=`/`-=` skip where their rhs is zero whether the element is stored
   * or not: the structure would only be located, unless the rhs reads the
   * element itself (stored sparse: they accumulate into a rebuilt output
   * instead) */
  if (!writes_set_or_scale(L, k->root, ti, !t->handle)) return 0;
  /* a dense array keeps the -0.0 of a negated absent element (a stored
   * sparse array reads +0.0 there, SPEC §4) */
  if (!t->handle && (t->elem == IR_F32 || t->elem == IR_F64) &&
      writes_negation(L, k->root, ti))
    return 0;
  int first = -1;
  for (int a = 0; a < k->naccesses; a++) {
    const IrAccess *ac = &k->accesses[a];
    if (ac->tensor != ti) continue;
    if (ac->nsub != t->rank) return 0;
    unsigned seen = 0;
    for (int d = 0; d < ac->nsub; d++) {
      int v = pure_var(L, &ac->sub[d]);
      if (v < 0 && t->handle && !moves(L, &ac->sub[d]) &&
          (first < 0 || same_affine(L, &k->accesses[first].sub[d], &ac->sub[d])))
        continue; /* a fixed row or column of an array stored sparse
                     (`A[r][j] = f * A[r][j]`): located once (slice.c) */
      if (v < 0 || (seen & (1u << v))) return 0;
      seen |= 1u << v;
      if (first >= 0 && pure_var(L, &k->accesses[first].sub[d]) != v) return 0;
    }
    if (first < 0) first = a;
  }
  for (int ti2 = 0; ti2 < k->ntensors; ti2++)
    if (ti2 != ti && k->tensors[ti2].binding && k->tensors[ti2].is_written)
      return 0;
  return first >= 0;
}

int graph_inplace_lhs(const Lower *L, const IrStmt *s) {
  if (!L->inplace || s->lhs_access < 0) return -1;
  int st = L->access_st[s->lhs_access];
  return st >= 0 && (L->inplace & (1u << st)) ? st : -1;
}

/* Whether st can be walked as it is by every loop order that binds its
 * levels outermost first: plain dimensions, dense or ordered unique
 * compressed levels. */
static int is_plain(const STensor *st) {
  if (!reorderable(st)) return 0;
  for (int l = 0; l < st->nlvl; l++)
    if (!level_is_ordered(&st->enc.lvl_types[l])) return 0;
  return 1;
}

/* Replaces st's encoding with its plain form: one level per dimension in
 * the order the loops bind them, the outermost dense (compressed for a
 * vector), the others compressed, native widths (CSR or CSC, CSF-like for
 * 3-D). Every loop can walk or locate it; the runtime converts to it (from
 * dense data at entry, or from the stored tensor), and a kernel's reads see
 * the same values. */
static int dim_depth(const Lower *L, const STensor *st, int d) {
  return st->dim_var[d] < 0 ? -1 : L->var_depth[st->dim_var[d]];
}

static void plain_encoding(Lower *L, STensor *st) {
  int n = st->enc.dim_rank, order[SC_MAX_RANK];
  for (int d = 0; d < n; d++) order[d] = d;
  for (int a = 1; a < n; a++) /* stable insertion sort by loop depth */
    for (int b = a; b > 0 && dim_depth(L, st, order[b - 1]) >
                                 dim_depth(L, st, order[b]); b--) {
      int t = order[b]; order[b] = order[b - 1]; order[b - 1] = t;
    }
  sc_encoding e;
  memset(&e, 0, sizeof e);
  e.dim_rank = e.lvl_rank = n;
  for (int l = 0; l < n; l++) {
    e.lvl_types[l].format = l == 0 && n > 1 ? SC_LVL_DENSE : SC_LVL_COMPRESSED;
    e.lvl_exprs[l].kind = SC_LEXPR_AFFINE;
    e.lvl_exprs[l].coef[order[l]] = 1;
  }
  st->enc = e;
  st->pos_type = level_width_ctype(0);
  st->crd_type = level_width_ctype(0);
}

/* "row", "column" or "slab": what a fixed access of rank `rank` reads. */
static const char *fixed_what(const STensor *st, int rank) {
  if (rank == 2) return st->dim_fix[0] ? "row" : "column";
  return rank - st->nfixed == 1 ? "fiber" : "slab";
}

/* An access as the source wrote it: "G[src][j]" (st: its fixed
 * dimensions' text, or NULL). */
static const char *access_text(const Lower *L, const IrAccess *ac,
                               const STensor *st) {
  StrBuf sb = {0};
  sb_puts(&sb, L->k->tensors[ac->tensor].name);
  for (int d = 0; d < ac->nsub; d++)
    sb_printf(&sb, "[%s]", st && d < SC_MAX_RANK && st->dim_fix[d]
                               ? slice_fix_text(L, st->dim_fix[d])
                               : graph_affine_str(L, &ac->sub[d]));
  const char *r = arena_strdup(L->arena, sb.data);
  sb_free(&sb);
  return r;
}

/* Why tensor ti cannot be co-iterated when one of its accesses repeats a
 * loop variable in two subscripts (a diagonal, `A[i][i]`): the element
 * is located, not walked; NULL when no access does. */
static const char *diagonal_why(const Lower *L, int ti) {
  for (int a = 0; a < L->k->naccesses; a++) {
    const IrAccess *ac = &L->k->accesses[a];
    if (ac->tensor != ti) continue;
    unsigned seen = 0;
    for (int d = 0; d < ac->nsub; d++) {
      int v = pure_var(L, &ac->sub[d]);
      if (v < 0) continue;
      if (seen & (1u << v))
        return arena_printf(L->arena, "%s reads a diagonal (one loop "
                            "variable in two subscripts): each element is "
                            "located by a lookup", access_text(L, ac, NULL));
      seen |= 1u << v;
    }
  }
  return NULL;
}

/* The report for an operand read at fixed coordinates: per fixed
 * dimension its subscript, per level at a fixed coordinate how it is
 * located (indexed, binary search, scan) and when (once at entry when the
 * levels above it are fixed too, else at each visit of the level above). */
static void fixed_note(Lower *L, const STensor *st) {
  StrBuf sb = {0};
  const IrAccess *ac = &L->k->accesses[st->access];
  sb_printf(&sb, "%s: %s reads a fixed %s:", st->name, access_text(L, ac, st),
            fixed_what(st, st->t->rank));
  int first = 1;
  for (int d = 0; d < st->t->rank && d < SC_MAX_RANK; d++)
    if (st->dim_fix[d]) {
      sb_printf(&sb, "%s dimension %d at '%s'", first ? "" : ",", d,
                slice_fix_text(L, st->dim_fix[d]));
      first = 0;
    }
  sb_puts(&sb, " (outside the extent: nothing is read, as zeros)");
  int above_fixed = 1;
  for (int l = 0; l < st->nlvl; l++) {
    const LvlInfo *li = &st->lvl[l];
    if (li->kind == LK_FIXED || (li->kind == LK_OTHER && !li->varmask)) {
      const char *how =
          li->ops->locate_expr ? "indexed"
          : li->type.format == SC_LVL_SINGLETON ? "compared"
          : level_is_ordered(&li->type) ? "located by binary search"
                                        : "located by a linear scan";
      sb_printf(&sb, "; level %d (%s) %s %s", l, li->ops->name, how,
                above_fixed ? "once at entry"
                            : arena_printf(L->arena, "at each visit of level %d",
                                           l - 1));
    } else {
      above_fixed = 0;
    }
  }
  lower_note(L, "%s", sb.data);
  sb_free(&sb);
}

/* Adds tensor ti as a sparse operand bound to its first access not bound
 * yet; `name` names its generated variables (a tensor stored sparse,
 * IrTensor.handle, may be added once per loop nest that reads it, e.g.
 * A[i][j] in two sibling j loops: each walks the same storage). */
static int add_sparse(Lower *L, int ti, const char *name, int copy) {
  const IrKernel *k = L->k;
  const IrTensor *t = &k->tensors[ti];
  const char *why = NULL;
  int access = -1;
  int inplace = 0;
  if (t->is_written) {
    if (inplace_ok(L, ti)) {
      inplace = 1;
    } else {
      if (!t->handle) /* else a sparse output (assemble.c) */
        lower_note(L, "%s: written in the nest: computed in its dense array "
                   "(not assembled)", t->name);
      return 0;
    }
  }
  const sc_encoding *enc = &t->binding->enc.rt;
  if (enc->dim_rank != t->rank) why = "its encoding's rank differs";
  else if (enc->lvl_rank <= 0 || enc->lvl_rank > SC_MAX_LEVELS)
    why = "an unsupported number of levels";
  else if (t->rank > SC_MAX_RANK) why = "rank too large";
  STensor tmp;
  memset(&tmp, 0, sizeof tmp);
  size_t notes_mark = L->notes.len; /* a dropped binding leaves no notes */
  const char *snote = NULL;         /* slice.c: what was not checked */
  if (!why && enc->has_slices) {
    /* a slice view: the first access whose subscripts stay in the view */
    tmp.t = t;
    for (int a = 0; a < k->naccesses && access < 0; a++) {
      const IrAccess *ac = &k->accesses[a];
      const char *swhy = NULL;
      if (ac->tensor != ti || L->access_st[a] >= 0) continue;
      if (slice_bind(L, &tmp, ac, enc, &swhy, &snote) == 0) access = a;
      else if (!why) why = swhy;
    }
    if (access >= 0) why = NULL;
    else if (!why) why = "no access subscripted by distinct loop variables";
    tmp.sliced = access >= 0;
  } else if (!why) {
    for (int a = 0; a < k->naccesses; a++) {
      const IrAccess *ac = &k->accesses[a];
      if (ac->tensor != ti || L->access_st[a] >= 0) continue;
      int ok = ac->nsub == t->rank;
      unsigned seen = 0;
      for (int d = 0; ok && d < ac->nsub; d++) {
        int v = pure_var(L, &ac->sub[d]);
        if (v < 0 || (seen & (1u << v))) ok = 0;
        else {
          seen |= 1u << v;
          tmp.dim_var[d] = v;
        }
      }
      if (ok) {
        access = a;
        break;
      }
    }
    if (access < 0) {
      /* shifted or strided subscripts (`A[i + 1][j + 1]`, `u[2 * k]`): the
       * operand is walked as a view of the whole stored array, as if its
       * encoding had dynamic slices the access supplies (slice.c) */
      sc_encoding view = *enc;
      view.has_slices = 1;
      for (int d = 0; d < view.dim_rank && d < SC_MAX_RANK; d++)
        view.slices[d].offset = view.slices[d].size = view.slices[d].stride = -1;
      tmp.t = t;
      for (int a = 0; a < k->naccesses && access < 0; a++) {
        const IrAccess *ac = &k->accesses[a];
        const char *swhy = NULL;
        if (ac->tensor != ti || L->access_st[a] >= 0) continue;
        if (slice_bind(L, &tmp, ac, &view, &swhy, &snote) == 0) access = a;
      }
      tmp.sliced = access >= 0;
      for (int d = 0; access >= 0 && d < t->rank && d < SC_MAX_RANK; d++)
        if (tmp.dim_off[d]) tmp.shifted = 1;
    }
    if (access < 0) why = diagonal_why(L, ti);
    if (access < 0 && !why)
      why = "no access subscripted by distinct loop variables";
  }
  if (!why && tmp.nfixed && !t->handle && !t->entry_cache)
    why = arena_printf(L->arena, "it is read at a fixed %s (%s), and "
                       "assembling the whole array at every entry of the "
                       "nest costs more than the dense loop (annotate its "
                       "declaration, or put the pragma on a loop that "
                       "repeats the nest)", fixed_what(&tmp, t->rank),
                       access_text(L, &k->accesses[access], &tmp));
  if (!why && L->nst >= LW_MAX_SPARSE) why = "too many sparse operands";
  STensor *st = &tmp;
  if (!why) {
    st->tensor = ti;
    st->t = t;
    st->name = name;
    st->access = access;
    st->enc = *enc;
    /* a view is walked over the stored array: the storage is the unsliced
     * encoding's, the subscripts (dim_off, dim_stride) select the view */
    st->enc.has_slices = 0;
    memset(st->enc.slices, 0, sizeof st->enc.slices);
    st->pos_type = level_width_ctype(enc->pos_width);
    st->crd_type = level_width_ctype(enc->crd_width);
    const char *declared = NULL, *pwhy = NULL;
    int mapped = level_map(L, st, &pwhy) == 0;
    if (mapped) declared = enc_text(L, st);
    if (!mapped || (ti < 32 && (L->plain & (1u << ti)))) {
      plain_encoding(L, st);
      if (level_map(L, st, &why) == 0) {
        st->converted = 1;
        st->plain = 1;
        if (declared)
          lower_note(L, "conversion: %s %s assembled as %s: the loops cannot "
                     "skip over its levels as declared", t->name, declared,
                     enc_text(L, st));
        else
          lower_note(L, "conversion: %s assembled as %s: its encoding has %s, "
                     "which the loops cannot walk", t->name, enc_text(L, st),
                     pwhy);
      }
    } else if (needs_search(L, st) && reorderable(st)) {
      const char *before = enc_text(L, st);
      convert_order(L, st);
      if (level_map(L, st, &why) == 0) {
        st->converted = 1;
        lower_note(L, "conversion: %s %s assembled as %s to follow the loop "
                   "order (the loops are kept)", t->name, before,
                   enc_text(L, st));
      }
    }
    if (!why) st->plain = st->plain || is_plain(st);
  }
  if (why) {
    if (t->handle) /* stored sparse: the nest stays as written */
      lower_note(L, "%s: read by element lookups (%s)", t->name, why);
    else
      lower_note(L, "%s: read from its dense array (%s)", t->name, why);
    if (!L->refuse)
      L->refuse = arena_printf(L->arena, "'%s' cannot be co-iterated: %s",
                               t->name, why);
    return 0;
  }
  tmp.inplace = inplace;
  tmp.alias = -1;
  tmp.copy = copy;
  if (!t->handle && L->tensor_st[ti] >= 0) {
    /* another access of a dense array: as an alias of the first assembly
     * (one entry assembly per array, which may be kept across an enclosing
     * loop); in another loop order, an assembly of its own in that order
     * (STensor.copy: kept in a cache of its own across an enclosing loop
     * as the first one is), only in the attempt that allows it (L->copies:
     * lower.c, for a nest refused without: `A[i][j] - A[j][i]`), since a
     * product reads the dense array faster */
    for (int o = 0; o < L->nst; o++)
      if (L->st[o].tensor == ti && L->st[o].alias < 0 &&
          same_enc(&L->st[o].enc, &tmp.enc))
        tmp.alias = o;
    if (tmp.alias < 0 && !(L->copies && st->converted)) {
      if (st->converted) L->copies_req = 1;
      if (L->notes.data) L->notes.data[L->notes.len = notes_mark] = '\0';
      lower_note(L, "%s: an access in another loop order reads its dense "
                 "array", t->name);
      return 0;
    }
  }
  int idx = L->nst++;
  L->st[idx] = tmp;
  if (tmp.nfixed) fixed_note(L, &L->st[idx]);
  if (tmp.sliced && (tmp.shifted || !tmp.nfixed)) {
    StrBuf sb = {0};
    const IrAccess *ac = &k->accesses[access];
    sb_printf(&sb, "%s", t->name);
    for (int d = 0; d < ac->nsub; d++)
      sb_printf(&sb, "[%s]", graph_affine_str(L, &ac->sub[d]));
    if (tmp.shifted) {
      lower_note(L, "%s: subscripts %s walked as a view of the stored array: "
                 "stored coordinates the subscripts cannot reach are skipped",
                 t->name, sb.data);
    } else {
      sb_puts(&sb, " of ");
      for (int d = 0; d < enc->dim_rank; d++)
        sb_printf(&sb, "%s%s", d ? ", " : "", slice_text(L, enc, d));
      lower_note(L, "%s: walked as a slice view: %s; the whole array is "
                 "stored, stored coordinates outside the view are skipped",
                 t->name, sb.data);
    }
    if (snote)
      lower_note(L, "%s: %s: the loops read the stored array where the "
                 "subscripts say", t->name, snote);
    sb_free(&sb);
  }
  if (inplace) {
    L->inplace |= 1u << idx;
    lower_note(L, "%s: updated in place: the loops visit its entries stored "
               "at entry, values are read and written in %s", t->name,
               t->handle ? "its sparse storage" : "its dense array");
  }
  if (L->tensor_st[ti] < 0) L->tensor_st[ti] = idx;
  L->access_st[access] = idx;
  /* identical accesses share the primary binding */
  for (int a = 0; a < k->naccesses; a++) {
    const IrAccess *ac = &k->accesses[a], *p = &k->accesses[access];
    if (a == access || ac->tensor != ti || ac->nsub != p->nsub ||
        L->access_st[a] >= 0)
      continue;
    int same = 1;
    for (int d = 0; d < ac->nsub; d++)
      if (tmp.sliced ? !same_affine(L, &ac->sub[d], &p->sub[d])
                     : pure_var(L, &ac->sub[d]) != tmp.dim_var[d])
        same = 0;
    if (same)
      L->access_st[a] = idx;
  }
  return 0;
}

int graph_analyze(Lower *L) {
  const IrKernel *k = L->k;
  L->tensor_st = arena_alloc(L->arena, sizeof(int) * (size_t)(k->ntensors + 1));
  L->access_st = arena_alloc(L->arena, sizeof(int) * (size_t)(k->naccesses + 1));
  for (int i = 0; i < k->ntensors; i++) L->tensor_st[i] = -1;
  for (int i = 0; i < k->naccesses; i++) L->access_st[i] = -1;
  if (!k->root || k->root->kind != IR_NODE_LOOP) {
    L->refuse = "the kernel is not a loop nest";
    return -1;
  }
  if (k->nvars > IR_MAX_VARS || k->nvars > 31) {
    L->refuse = "too many loop variables";
    return -1;
  }
  walk_depth(L, k->root, 0);
  for (int ti = 0; ti < k->ntensors; ti++) {
    if (!k->tensors[ti].binding) continue;
    add_sparse(L, ti, k->tensors[ti].name, 0);
    /* replaced storage has no dense copy: bind its other accesses too;
     * a dense array read in sibling loops (`for j s += A[i][j]; for j
     * B[i][j] = A[i][j] / s;`) shares its assembly when the encoding is
     * the same (STensor.alias) */
    int dense_ro = !k->tensors[ti].handle && !k->tensors[ti].is_written;
    for (int extra = 1; (k->tensors[ti].handle || dense_ro) &&
                        L->tensor_st[ti] >= 0 && extra < LW_MAX_SPARSE;
         extra++) {
      int left = 0;
      for (int a = 0; a < k->naccesses; a++)
        left |= k->accesses[a].tensor == ti && L->access_st[a] < 0 &&
                (!dense_ro || distinct_vars(L, &k->accesses[a]));
      int before = L->nst;
      if (!left) break;
      add_sparse(L, ti, arena_printf(L->arena, "%s_%d", k->tensors[ti].name, extra),
                 extra);
      if (L->nst == before) break;
    }
  }
  if (L->nst == 0 && !k->dense_part) {
    if (!L->refuse) {
      L->refuse = "no sparse operand is only read in the nest";
      for (int ti = 0; ti < k->ntensors; ti++) {
        const IrTensor *t = &k->tensors[ti];
        if (!t->binding) continue;
        if (t->is_written && t->is_read)
          L->refuse = arena_printf(L->arena, "'%s' is both read and written in "
                                   "the nest", t->name);
        else if (!t->is_written)
          L->refuse = arena_printf(L->arena, "no access of '%s' is subscripted "
                                   "by distinct loop variables (a diagonal "
                                   "'%s[i][i]')", t->name, t->name);
        break;
      }
    }
    return -1;
  }
  L->refuse = NULL; /* some operand is co-iterated; the others read dense */
  return 0;
}
