/* block_walk.c — the level-order walk of a blocked operand (the scalar
 * output): BSR's block rows once each, their blocks, the entries of each
 * block, in place of the loops as declared, which walk a block row once
 * per row (docs/lowering.md, "Blocked levels in level order"). Called by
 * the loop emitter (coiter.c) for every loop; declines what it does not
 * take. */
#include <string.h>

#include "lower/block_walk.h"
#include "vector/overlap.h"
#include "vector/vconfig.h"
#include "vector/vectorize.h"

/* A loop nest `for i { pre; for j { body } post }` over one operand whose
 * levels are (i floordiv r : dense, j floordiv c : compressed, then i mod r
 * and j mod c dense, in either order) — BSR — is emitted in its level
 * order: each block row once, its blocks, the entries of each block, with
 * the statements before and after the j loop run for the rows of the
 * block row before and after its blocks. The loops as declared walk a
 * block row once per row (r times). The walk reorders only iterations of
 * two different rows and two different block columns; it is taken when
 * those commute exactly (lw_commutes), so every element gets the same
 * operations in the same order as in the program: each written array is
 * dense, accessed everywhere in the nest at the same subscripts, one of
 * which is i or j alone (an element belongs to one row, or to one column:
 * SpMV's y[i], the transposed y[j], SpMM's C[i][k]); a scalar written is
 * declared inside the j loop. Arrays that may overlap (pointers,
 * parameters) get a run-time check of the address ranges, once per nest,
 * and run the loops as declared when the check fails. */

typedef struct LwPlan {
  int s;               /* the operand */
  const IrNode *jn;    /* the j loop */
  int jpos;            /* its index in the i loop's body */
  int mod[2];          /* the two mod levels, in level order */
  int simd;            /* a SIMD backend is on: the walk is taken in the
                          shape vblocks.c vectorizes (lw_vec_shape) */
} LwPlan;

static int lw_acc_ok(const Lower *L, const LwPlan *pl);

/* Whether affine a is one loop variable of iv, jv alone (times a constant,
 * plus an invariant). */
static int lw_alone(const IrAffine *a, int iv, int jv) {
  int n = 0, hit = 0;
  for (int v = 0; v < IR_MAX_VARS; v++)
    if (a->coef[v]) {
      n++;
      if (v == iv || v == jv) hit = 1;
    }
  return n == 1 && hit;
}

/* Whether expression e accesses tensor t only at the subscripts of access
 * lhs. */
static int lw_expr_same(const Lower *L, const IrExpr *e, int t, int lhs) {
  if (!e) return 1;
  if (e->kind == IR_ACCESS && L->k->accesses[e->access].tensor == t &&
      !lower_same_access(L, e->access, lhs))
    return 0;
  if (!lw_expr_same(L, e->a, t, lhs) || !lw_expr_same(L, e->b, t, lhs) ||
      !lw_expr_same(L, e->c, t, lhs))
    return 0;
  for (int i = 0; i < e->nargs; i++)
    if (!lw_expr_same(L, e->args[i], t, lhs)) return 0;
  return 1;
}

static int lw_node_same(const Lower *L, const IrNode *n, int t, int lhs) {
  if (n->kind == IR_NODE_STMT)
    return (n->stmt.lhs_access < 0 ||
            L->k->accesses[n->stmt.lhs_access].tensor != t ||
            lower_same_access(L, n->stmt.lhs_access, lhs)) &&
           lw_expr_same(L, n->stmt.rhs, t, lhs);
  for (int i = 0; i < n->nbody; i++)
    if (!lw_node_same(L, n->body[i], t, lhs)) return 0;
  return 1;
}

/* Whether the statements under node m (inside the i loop `top`; `row`:
 * m is a child of top) commute across rows and block columns (see
 * above); adds their dense accesses to os for the overlap check. */
static int lw_commutes(const Lower *L, const IrNode *top, const IrNode *m,
                       int row, int iv, int jv, OvSet *os) {
  if (m->kind != IR_NODE_STMT) {
    const IrLoopVar *lv = &L->k->vars[m->var];
    if (lv->descending || lv->carries_dependence) return 0;
    for (int i = 0; i < m->nbody; i++)
      if (!lw_commutes(L, top, m->body[i], m == top, iv, jv, os)) return 0;
    return 1;
  }
  const IrStmt *s = &m->stmt;
  if (!ov_add(L, os, s->lhs_access, s->rhs)) return 0;
  if (s->lhs_access < 0) /* a scalar declared in the j loop: one iteration's */
    return s->decl_ctype && !row;
  const IrAccess *ac = &L->k->accesses[s->lhs_access];
  if (L->access_st[s->lhs_access] >= 0 || L->tensor_st[ac->tensor] >= 0)
    return 0;
  int alone = 0;
  for (int d = 0; d < ac->nsub; d++)
    if (lw_alone(&ac->sub[d], iv, jv)) alone = 1;
  return alone && lw_node_same(L, top, ac->tensor, s->lhs_access);
}

/* Whether the walk of pl over loop n has the shape the vectorizer takes
 * (vec_block_rows_plan): rows' elements held in locals (lw_acc_ok), the
 * i mod level before the j mod level (a row of a block is contiguous),
 * and loops from 0 to the extents (no bound checks inside a block). */
static int lw_vec_shape(Lower *L, const IrNode *n, const LwPlan *pl) {
  const STensor *st = &L->st[pl->s];
  const IrLoopVar *iv = &L->k->vars[n->var], *jv = &L->k->vars[pl->jn->var];
  return lw_acc_ok(L, pl) && st->lvl[pl->mod[0]].var == n->var &&
         affine_is_zero(&iv->lo) && affine_is_zero(&jv->lo) &&
         !hi_needed(L, n, 1u << pl->s) && !hi_needed(L, pl->jn, 1u << pl->s);
}

/* Whether loop n (over i) and its operands take the level-order walk. */
static int lw_plan(Lower *L, const IrNode *n, const Scope *sc, LwPlan *pl,
                   OvSet *os) {
  if (L->out || L->inplace || lower_has_push(L, n)) return 0;
  VecConfig cfg;
  const SparsifyCtx *ctx = L->ctx;
  vec_config(L->arena, ctx->opts, L->k->vec_pragma, ctx->clang_args,
             ctx->nclang_args, &cfg);
  if (cfg.psums > 1) return 0;
  pl->simd = cfg.ops != NULL;
  unsigned rel = graph_subtree_tensors(L, n);
  if (!rel || (rel & (rel - 1))) return 0;
  int s = 0;
  while (!(rel & (1u << s))) s++;
  STensor *st = &L->st[s];
  const TBind *b = &sc->b[s];
  if (st->sliced || st->shifted || st->nfixed || st->inplace || b->q ||
      b->in || st->nlvl != b->next + 4)
    return 0;
  /* the j loop: the one loop of the body; the other children are
   * statements that read no sparse operand */
  pl->jn = NULL;
  pl->jpos = 0;
  for (int c = 0; c < n->nbody; c++) {
    const IrNode *ch = n->body[c];
    if (ch->kind == IR_NODE_STMT) {
      if (graph_subtree_tensors(L, ch)) return 0;
    } else {
      if (pl->jn) return 0;
      pl->jn = ch;
      pl->jpos = c;
    }
  }
  if (!pl->jn) return 0;
  int iv = n->var, jv = pl->jn->var, l = b->next;
  const LvlInfo *l0 = &st->lvl[l], *l1 = &st->lvl[l + 1];
  if (l0->kind != LK_FLOOR || l0->var != iv || !l0->ops->full ||
      !l0->ops->locate_expr || l1->kind != LK_FLOOR || l1->var != jv ||
      l1->ops->full || !l1->ops->coord_pos_iter || !l1->ops->coord_at ||
      !level_is_unique(&l1->type) || !level_is_ordered(&l1->type))
    return 0;
  for (int m = 0; m < 2; m++) {
    const LvlInfo *lm = &st->lvl[l + 2 + m];
    if (lm->kind != LK_MOD || !lm->ops->full || !lm->ops->locate_expr ||
        (lm->var != iv && lm->var != jv))
      return 0;
    pl->mod[m] = l + 2 + m;
  }
  if (l0->partner != (st->lvl[l + 2].var == iv ? l + 2 : l + 3) ||
      l1->partner != (st->lvl[l + 2].var == jv ? l + 2 : l + 3) ||
      st->lvl[l0->partner].div != l0->div ||
      st->lvl[l1->partner].div != l1->div)
    return 0;
  if (!lat_no_effect(L, pl->jn, 1u << s)) return 0;
  memset(os, 0, sizeof *os);
  if (!lw_commutes(L, n, n, 0, iv, jv, os)) return 0;
  pl->s = s;
  /* with a SIMD backend, other shapes keep the loops as declared, whose
   * blocks vec_emit_blocks vectorizes */
  if (pl->simd && !lw_vec_shape(L, n, pl)) return 0;
  return 1;
}

static unsigned lw_vars(const IrNode *n) {
  if (n->kind == IR_NODE_STMT) return 0;
  unsigned m = 1u << n->var;
  for (int i = 0; i < n->nbody; i++) m |= lw_vars(n->body[i]);
  return m;
}

/* The run-time check that the arrays the nest writes overlap nothing else
 * it touches (pairs overlap.h asks to check; two accesses at the same
 * subscripts touch the same element in the same iteration): the range of
 * each access from its address with every loop variable of the nest at
 * its lower bound to its address with every one at its upper bound - 1.
 * Needs bounds that depend on no loop of the nest and addresses that do
 * not decrease in any of them. Emits `int <ok>` (1: apart) and returns 1,
 * or returns 0 (nothing emitted) when the ranges cannot be formed. */
static int lw_check(Lower *L, StrBuf *sb, const IrNode *n, const OvSet *os,
                    const char *ok, int depth) {
  unsigned vars = lw_vars(n);
  for (int v = 0; v < L->k->nvars; v++) {
    if (!(vars & (1u << v))) continue;
    const IrLoopVar *lv = &L->k->vars[v];
    for (int w = 0; w < L->k->nvars; w++)
      if ((vars & (1u << w)) && (lv->lo.coef[w] || lv->hi.coef[w])) return 0;
  }
  for (int i = 0; i < os->n; i++) {
    const IrAccess *ac = &L->k->accesses[os->acc[i]];
    if (L->k->tensors[ac->tensor].layout == IR_LAYOUT_ROW_PTRS) return 0;
    for (int d = 0; d < ac->nsub; d++)
      for (int v = 0; v < L->k->nvars; v++)
        if ((vars & (1u << v)) && ac->sub[d].coef[v] < 0) return 0;
  }
  int u = L->uniq++;
  StrBuf cond = {0};
  for (int v = 0; v < L->k->nvars; v++)
    if (vars & (1u << v))
      sb_printf(&cond, "%s%s < %s", cond.len ? " && " : "",
                graph_affine_str(L, &L->k->vars[v].lo),
                graph_affine_str(L, &L->k->vars[v].hi));
  ln(L, sb, depth, "int %s = 0;", ok);
  ln(L, sb, depth, "if (%s) {", cond.data);
  sb_free(&cond);
  ln(L, sb, depth + 1, "uintptr_t sc__llo%d[%d], sc__lhi%d[%d];", u, os->n, u,
     os->n);
  for (int c = 0; c < 2; c++) {
    ln(L, sb, depth + 1, "{");
    for (int v = 0; v < L->k->nvars; v++) {
      if (!(vars & (1u << v))) continue;
      const IrLoopVar *lv = &L->k->vars[v];
      const char *at = c ? arena_printf(L->arena, "(%s) - 1",
                                        graph_hi_str(L, lv))
                         : graph_affine_str(L, &lv->lo);
      ln(L, sb, depth + 2, "const %s %s = (%s)(%s);", lv->ctype, lv->name,
         lv->ctype, at);
      ln(L, sb, depth + 2, "(void)%s;", lv->name);
    }
    for (int i = 0; i < os->n; i++) {
      StrBuf a = {0};
      dense_access(L, &a, os->acc[i]);
      if (c)
        ln(L, sb, depth + 2, "sc__lhi%d[%d] = (uintptr_t)(const void *)&%s + "
           "sizeof (%s);", u, i, a.data, a.data);
      else
        ln(L, sb, depth + 2, "sc__llo%d[%d] = (uintptr_t)(const void *)&%s;",
           u, i, a.data);
      sb_free(&a);
    }
    ln(L, sb, depth + 1, "}");
  }
  ln(L, sb, depth + 1, "%s = 1;", ok);
  for (int i = 0; i < os->n; i++)
    for (int j = i + 1; j < os->n; j++)
      if (ov_pair_needed(L, os, i, j) && os->acc[i] != os->acc[j] &&
          !lower_same_access(L, os->acc[i], os->acc[j]))
        ln(L, sb, depth + 1, "if (sc__lhi%d[%d] > sc__llo%d[%d] && "
           "sc__lhi%d[%d] > sc__llo%d[%d]) %s = 0;", u, i, u, j, u, j, u, i,
           ok);
  ln(L, sb, depth, "}");
  return 1;
}

/* Binds the variable of mod level lm (coordinate `blk` * div + k) inside
 * its loop, stops at the extent (`edge`: the block may reach past it) and
 * checks the loop's bounds unless they depend on a variable bound later
 * (lw_late_checks then checks them). */
static void lw_bind(Lower *L, StrBuf *sb, const STensor *st, const LvlInfo *lm,
                    const IrNode *loop, const char *blk, const char *k,
                    unsigned bound, int edge, const char *rest, int depth) {
  const IrLoopVar *lv = &L->k->vars[lm->var];
  StrBuf chk = {0};
  if (edge)
    ln(L, &chk, depth, "if ((int64_t)(%s) >= sc__%s_dims[%d]) break;",
       lv->name, st->name, lm->dim);
  unsigned dep = 0;
  for (int v = 0; v < L->k->nvars; v++)
    if (lv->lo.coef[v] || lv->hi.coef[v]) dep |= 1u << v;
  if (!(dep & ~bound)) { /* else checked with the other variable */
    if (!affine_is_zero(&lv->lo))
      ln(L, &chk, depth, "if (%s < %s) continue;", lv->name,
         graph_affine_str(L, &lv->lo));
    if (hi_needed(L, loop, 1u << (int)(st - L->st)))
      ln(L, &chk, depth, "if (!(%s < %s)) break;", lv->name,
         graph_hi_str(L, lv));
  }
  bind_var(L, sb, lm->var, arena_printf(L->arena, "%s * %lld + %s", blk,
                                        (long long)lm->div, k),
           arena_printf(L->arena, "%s %s", chk.data ? chk.data : "", rest),
           depth);
  sb_puts(sb, chk.data ? chk.data : "");
  sb_free(&chk);
}

/* The bound checks of a variable deferred by lw_bind, once both are bound
 * (inside the innermost loop: continue). */
static void lw_late_checks(Lower *L, StrBuf *sb, const STensor *st,
                           const LvlInfo *lm, const IrNode *loop,
                           unsigned bound_before, int depth) {
  const IrLoopVar *lv = &L->k->vars[lm->var];
  unsigned dep = 0;
  for (int v = 0; v < L->k->nvars; v++)
    if (lv->lo.coef[v] || lv->hi.coef[v]) dep |= 1u << v;
  if (!(dep & ~bound_before)) return;
  if (!affine_is_zero(&lv->lo))
    ln(L, sb, depth, "if (%s < %s) continue;", lv->name,
       graph_affine_str(L, &lv->lo));
  if (hi_needed(L, loop, 1u << (int)(st - L->st)))
    ln(L, sb, depth, "if (!(%s < %s)) continue;", lv->name,
       graph_hi_str(L, lv));
}

/* Whether the j loop's body is one `+=` / `-=` of a dense element that
 * does not move with j (SpMV's y[i]) and is read nowhere else in it: the
 * elements of a block row's rows are then held in a local array across
 * its blocks (loaded before, stored after; the walk's check, or declared
 * arrays, leave nothing else that could reach them), as scalar_acc_ok
 * does for dense loops. Each element gets the program's updates in its
 * order, on a value of its type. */
static int lw_acc_ok(const Lower *L, const LwPlan *pl) {
  const IrNode *jn = pl->jn;
  if (jn->nbody != 1 || jn->body[0]->kind != IR_NODE_STMT) return 0;
  const IrStmt *s = &jn->body[0]->stmt;
  if (s->lhs_access < 0 || s->decl_ctype ||
      (s->op != IR_ADDTO && s->op != IR_SUBFROM))
    return 0;
  const IrAccess *ac = &L->k->accesses[s->lhs_access];
  for (int d = 0; d < ac->nsub; d++)
    if (ac->sub[d].coef[jn->var]) return 0;
  return !graph_reads_tensor(L, jn, ac->tensor);
}

/* The rows of block row bk that the loop over i visits: a loop over the
 * i mod level's counter `k` binding i (stops at the extent and the
 * loop's bounds), its body emitted by the caller; returns the depth of
 * the body. */
static int lw_row_loop(Lower *L, StrBuf *sb, const IrNode *n, const LwPlan *pl,
                       const Scope *sc, const char *bk, const char *k,
                       int depth) {
  STensor *st = &L->st[pl->s];
  const LvlInfo *l0 = &st->lvl[sc->b[pl->s].next];
  ln(L, sb, depth, "for (uint64_t %s = 0; %s < %lld; %s++) {", k, k,
     (long long)l0->div, k);
  /* the extent check reads i: it is declared */
  lw_bind(L, sb, st, &st->lvl[l0->partner], n, bk, k, sc->bound, 1, "",
          depth + 1);
  return depth + 1;
}

/* The statements of the i loop before (from 0 to the j loop) or after
 * the j loop, for each row of block row `blk`. */
static void lw_rows(Lower *L, StrBuf *sb, const IrNode *n, const LwPlan *pl,
                    const Scope *sc, const char *blk, int after, int depth) {
  int from = after ? pl->jpos + 1 : 0, to = after ? n->nbody : pl->jpos;
  if (from >= to) return;
  const char *k = arena_printf(L->arena, "sc__%s_r%d", L->st[pl->s].name,
                               after);
  lw_row_loop(L, sb, n, pl, sc, blk, k, depth);
  Scope in = *sc;
  in.bound |= 1u << n->var;
  for (int c = from; c < to; c++)
    emit_stmt(L, sb, &n->body[c]->stmt, &in, 0, depth + 1);
  ln(L, sb, depth, "}");
}

/* The entries of one block (block row bk, block column c1 at position
 * p1): the two dense mod levels in level order, then the j loop's body.
 * `edge`: the block may reach past an extent (each variable is checked
 * against it); else no such check (a block inside the extents, the usual
 * case: constant trip counts, loops the C compiler unrolls). Positions
 * inside a block are p * div + k (a mod level's size is its divisor). */
static void lw_block(Lower *L, StrBuf *sb, const IrNode *n, const LwPlan *pl,
                     const Scope *sc, const char *bk, const char *c1,
                     const char *p1, int edge, int depth) {
  STensor *st = &L->st[pl->s];
  const LvlInfo *lm[2];
  const char *k[2], *pm[2];
  Scope in = *sc;
  for (int m = 0; m < 2; m++) {
    lm[m] = &st->lvl[pl->mod[m]];
    k[m] = arena_printf(L->arena, "sc__%s_k%d", st->name, pl->mod[m]);
    pm[m] = arena_printf(L->arena, "sc__%s_p%d", st->name, pl->mod[m]);
    in.bound |= 1u << lm[m]->var;
  }
  in.b[pl->s].next = pl->mod[1] + 1;
  in.b[pl->s].p = pm[1];
  /* inside out, so that a variable is declared only where it is read */
  StrBuf text = {0};
  chain(L, &text, &in, graph_subtree_tensors(L, pl->jn), depth + 2);
  emit_body(L, &text, pl->jn, &in, 0, depth + 2);
  unsigned bound = sc->bound;
  for (int m = 1; m >= 0; m--) {
    StrBuf rest = {0}, loop = {0};
    if (m == 1)
      lw_late_checks(L, &rest, st, lm[0], lm[0]->var == n->var ? n : pl->jn,
                     sc->bound, depth + m + 1);
    ln(L, &rest, depth + m + 1, "const size_t %s = %s * %lld + %s;", pm[m],
       m ? pm[0] : p1, (long long)lm[m]->div, k[m]);
    sb_puts(&rest, text.data ? text.data : "");
    ln(L, &loop, depth + m, "for (uint64_t %s = 0; %s < %lld; %s++) {", k[m],
       k[m], (long long)lm[m]->div, k[m]);
    lw_bind(L, &loop, st, lm[m], lm[m]->var == n->var ? n : pl->jn,
            lm[m]->var == n->var ? bk : c1, k[m],
            m ? bound | 1u << lm[0]->var : bound, edge, rest.data,
            depth + m + 1);
    sb_puts(&loop, rest.data);
    ln(L, &loop, depth + m, "}");
    sb_free(&rest);
    sb_free(&text);
    text = loop;
  }
  sb_puts(sb, text.data);
  sb_free(&text);
}

/* The extent of dimension d of st in the test of a whole block: the
 * declaration's text when it is plain (names, literals, + - *: evaluated
 * again as at the entry, and the nest writes no scalar the walk does not
 * declare), so that the C compiler sees a constant extent (a block wider
 * than a constant dimension then never takes the unchecked loops, which
 * it would otherwise warn about); else the value taken at the entry. */
static const char *lw_extent(Lower *L, STensor *st, int d) {
  const char *e = st->t->extent[d];
  int plain = e && *e;
  for (const char *p = e; plain && *p; p++)
    if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                "0123456789_ +-*", *p))
      plain = 0;
  if (plain) return arena_printf(L->arena, "(int64_t)(%s)", e);
  st->use_dims = 1;
  return arena_printf(L->arena, "sc__%s_dims[%d]", st->name, d);
}

/* The level-order walk of pl over loop n (scope sc); with vr, its whole
 * blocks vectorized (vec_block_rows_plan took it). Returns the text of
 * the element held in locals across each block row (lw_acc_ok), or NULL. */
static const char *lw_emit(Lower *L, StrBuf *sb, const IrNode *n,
                           const LwPlan *pl, const Scope *sc,
                           VecBlockRows *vr, int depth) {
  STensor *st = &L->st[pl->s];
  const char *A = st->name;
  int l = sc->b[pl->s].next;
  LvlInfo *l0 = &st->lvl[l], *l1 = &st->lvl[l + 1];
  for (int m = l; m < l + 4; m++) mark_level(st, m);
  st->use_dims = 1;
  const char *bk = arena_printf(L->arena, "sc__%s_b%d", A, l);
  const char *p0 = arena_printf(L->arena, "sc__%s_p%d", A, l);
  const char *p1 = arena_printf(L->arena, "sc__%s_p%d", A, l + 1);
  const char *c1 = arena_printf(L->arena, "sc__%s_c%d", A, l + 1);
  const char *e1 = arena_printf(L->arena, "sc__%s_e%d", A, l + 1);
  ln(L, sb, depth, "for (size_t %s = 0; %s < %s; %s++) {", bk, bk,
     level_size_name(&l0->ref), bk);
  ln(L, sb, depth + 1, "const size_t %s = %s;", p0,
     l0->ops->locate_expr(&l0->ref, sc->b[pl->s].p, bk));
  lw_rows(L, sb, n, pl, sc, bk, 0, depth + 1);
  int acc = lw_acc_ok(L, pl) ? pl->jn->body[0]->stmt.lhs_access : -1;
  StrBuf lhs = {0};
  const char *ka = arena_printf(L->arena, "sc__%s_k%d", A, l0->partner);
  const char *lr = acc >= 0 ? arena_printf(L->arena, "sc__lr%d", L->uniq++)
                            : NULL;
  if (acc >= 0) {
    const IrTensor *t = &L->k->tensors[L->k->accesses[acc].tensor];
    dense_access(L, &lhs, acc);
    ln(L, sb, depth + 1, "%s %s[%lld] = {0};", elem_ctype(t), lr,
       (long long)l0->div);
    int d = lw_row_loop(L, sb, n, pl, sc, bk, ka, depth + 1);
    ln(L, sb, d, "%s[%s] = %s;", lr, ka, lhs.data);
    ln(L, sb, depth + 1, "}");
    L->acc_name = arena_printf(L->arena, "%s[%s]", lr, ka);
    L->acc_access = acc;
  }
  if (vr) {
    vr->acc = lr;
    vr->row0 = arena_printf(L->arena, "%s * %lld", bk, (long long)l0->div);
    vr->col0 = arena_printf(L->arena, "%s * %lld", c1, (long long)l1->div);
    vr->p = p1;
    vr->ext_i = arena_printf(L->arena, "sc__%s_dims[%d]", A, l0->dim);
    vr->ext_j = arena_printf(L->arena, "sc__%s_dims[%d]", A, l1->dim);
    vec_block_rows_init(L, vr, sb, depth + 1);
  }
  const char *begin, *end;
  l1->ops->pos_bounds(&l1->ref, p0, NULL, &begin, &end);
  ln(L, sb, depth + 1, "const size_t %s = %s;", e1, end);
  ln(L, sb, depth + 1, "for (size_t %s = %s; %s < %s; %s++) {", p1, begin, p1,
     e1, p1);
  ln(L, sb, depth + 2, "const uint64_t %s = %s;", c1,
     l1->ops->coord_at(&l1->ref, p1));
  /* the block inside both extents: (b + 1) * div <= extent, written so
   * that a constant extent below div makes it constant false */
  const char *e0 = lw_extent(L, st, l0->dim), *e1x = lw_extent(L, st, l1->dim);
  ln(L, sb, depth + 2, "if (%s >= %lld && %s <= (uint64_t)(%s - %lld) / %lld "
     "&& %s >= %lld && %s <= (uint64_t)(%s - %lld) / %lld) {", e0,
     (long long)l0->div, bk, e0, (long long)l0->div, (long long)l0->div, e1x,
     (long long)l1->div, c1, e1x, (long long)l1->div, (long long)l1->div);
  for (int edge = 0; edge < 2; edge++) {
    if (edge) ln(L, sb, depth + 2, "} else {");
    if (vr)
      vec_block_rows_block(L, vr, sb, edge, depth + 3);
    else
      lw_block(L, sb, n, pl, sc, bk, c1, p1, edge, depth + 3);
  }
  ln(L, sb, depth + 2, "}");
  ln(L, sb, depth + 1, "}");
  if (vr) vec_block_rows_reduce(L, vr, sb, depth + 1);
  if (acc >= 0) {
    L->acc_name = NULL;
    int d = lw_row_loop(L, sb, n, pl, sc, bk, ka, depth + 1);
    ln(L, sb, d, "%s = %s[%s];", lhs.data, lr, ka);
    ln(L, sb, depth + 1, "}");
  }
  const char *held = acc >= 0 ? arena_strdup(L->arena, lhs.data) : NULL;
  sb_free(&lhs);
  lw_rows(L, sb, n, pl, sc, bk, 1, depth + 1);
  ln(L, sb, depth, "}");
  return held;
}

/* Drops the vectorizer's lines of the loops as declared (from `mark` on):
 * the walk's own line replaces them. */
static void lw_drop_vector_lines(Lower *L, size_t mark) {
  if (!L->notes.data || L->notes.len <= mark) return;
  StrBuf keep = {0};
  const char *p = L->notes.data + mark, *end = L->notes.data + L->notes.len;
  while (p < end) {
    const char *e = memchr(p, '\n', (size_t)(end - p));
    size_t len = e ? (size_t)(e - p) + 1 : (size_t)(end - p);
    const char *v = strstr(p, "vectorized: ");
    if (strncmp(p, "  loop ", 7) || !v || v >= p + len)
      sb_append(&keep, p, len);
    p += len;
  }
  L->notes.len = mark;
  L->notes.data[mark] = '\0';
  sb_puts(&L->notes, keep.data ? keep.data : "");
  sb_free(&keep);
}

/* The one sparse operand of the walk varies in the j loop: the vectorizer
 * loads its values (VecLoop.invariant). */
static int lw_invariant(void *user, StrBuf *out, int a) {
  (void)user;
  (void)out;
  (void)a;
  return 0;
}

int block_walk_emit(Lower *L, StrBuf *sb, const IrNode *n, const Scope *sc,
                    int depth) {
  LwPlan pl;
  OvSet os;
  StrBuf chk = {0};
  const char *ok = NULL;
  int walk = lw_plan(L, n, sc, &pl, &os);
  if (walk && ov_needed(L, &os)) {
    ok = arena_printf(L->arena, "sc__lvok%d", L->uniq++);
    walk = lw_check(L, &chk, n, &os, ok, depth + 1);
  }
  if (!walk) {
    sb_free(&chk);
    return 0;
  }
  /* the loops as declared are emitted first (the fallback of the check,
   * else discarded): the report's loop lines and the counters are
   * theirs, and the walk reads the same levels */
  int d = ok ? depth + 2 : depth;
  int sparse_before = L->nsparse_loops;
  StrBuf decl = {0}, lw = {0};
  size_t before = L->notes.len;
  emit_loop_declared(L, &decl, n, sc, d);
  if (pl.simd) lw_drop_vector_lines(L, before);
  if (L->nsparse_loops == sparse_before) {
    L->nsparse_loops++;
    L->var_sparse[pl.jn->var] = 1;
  }
  size_t notes = L->notes.len; /* the inner loops' lines again: dropped */
  VecBlockRows vr = {
      .inner = {.shape = VEC_DENSE, .n = pl.jn, .st = pl.s,
                .lvl = pl.mod[1], .contig = 1, .invariant = lw_invariant},
      .iv = &L->k->vars[n->var],
      .rows = L->st[pl.s].lvl[sc->b[pl.s].next].div,
      .width = L->st[pl.s].lvl[sc->b[pl.s].next + 1].div};
  int vec = pl.simd && vec_block_rows_plan(L, &vr);
  const char *held = lw_emit(L, &lw, n, &pl, sc, NULL, d);
  if (vec) {
    StrBuf v = {0};
    sb_printf(&v, "#if defined(__GNUC__) && %s\n", vec_block_rows_guard(&vr));
    lw_emit(L, &v, n, &pl, sc, &vr, d);
    sb_puts(&v, "#else\n");
    sb_puts(&v, lw.data ? lw.data : "");
    sb_puts(&v, "#endif\n");
    sb_free(&lw);
    lw = v;
  }
  if (L->notes.data) {
    L->notes.len = notes;
    L->notes.data[notes] = '\0';
  }
  const STensor *st = &L->st[pl.s];
  lower_note(L, "loops %s %s: %s walked in level order (each block row "
             "once: its blocks, then the %lld x %lld entries of each); every "
             "element written gets its updates in the program's order%s%s%s"
             "%s",
             L->k->vars[n->var].name, L->k->vars[pl.jn->var].name,
             st->t->name, (long long)st->lvl[sc->b[pl.s].next].div,
             (long long)st->lvl[sc->b[pl.s].next + 1].div,
             held ? "; " : "", held ? held : "",
             held ? " of the block row's rows held in locals across its "
                    "blocks" : "",
             ok ? "; run-time check that the arrays written overlap nothing "
                  "else the loops touch, else row by row"
                : "");
  if (vec) vec_block_rows_done(L, &vr);
  if (vr.note) lower_note(L, "%s", vr.note);
  if (ok) {
    ln(L, sb, depth, "{");
    sb_puts(sb, chk.data);
    ln(L, sb, depth + 1, "if (%s) {", ok);
    sb_puts(sb, lw.data ? lw.data : "");
    ln(L, sb, depth + 1, "} else {");
    sb_puts(sb, decl.data ? decl.data : "");
    ln(L, sb, depth + 1, "}");
    ln(L, sb, depth, "}");
  } else {
    sb_puts(sb, lw.data ? lw.data : "");
  }
  sb_free(&chk);
  sb_free(&decl);
  sb_free(&lw);
  return 1;
}
