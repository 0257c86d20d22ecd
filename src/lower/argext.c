/* argext.c — the argmax/argmin walk: a running extreme and the positions
 * of its first (or last) occurrence over the stored entries of one
 * operand, the body run once more with the operand absent at the first
 * (or last) absent coordinate (chosen by the emitter, coiter.c). */
#include <string.h>

#include "lower/argext.h"
#include "lower/body_split.h"

/* ---- a running extreme and its positions (argmax, argmin) ----
 *
 *   if (A[i][j] > m) { m = A[i][j]; bi = i; bj = j; }
 *
 * is, after ir_predicate, `bi = g ? i : bi; bj = g ? j : bj; m = g ? e :
 * m;` with g the comparison of e with m. Over a range of a loop the dense
 * program ends with m the extreme and the positions of its FIRST
 * occurrence when g is strict (`>`, `<`), of its LAST with `>=`, `<=`
 * (a NaN never passes a comparison; m only moves one way). Every absent
 * entry of the range is a zero, so only the first absent coordinate (or
 * the last) can change the result: after it, m is at least 0 (at most 0),
 * or a NaN. The loop walks the stored entries in order and runs the body
 * once more, with the operand absent, at that coordinate, between the
 * entries before it and those after it: exactly the dense program's
 * updates, ties and all. A loop whose body is one loop down to the group
 * (DCSR's rows, COO's) does the same with the first or last absent row,
 * walked densely. */

/* The comparison guard of `m = g ? e : m` (the statement s), with e not
 * reading m and zero where the operands in cand are absent: g, or NULL.
 * *strict: g is `<` or `>`. */
static const IrExpr *extreme_guard(const Lower *L, const IrStmt *s,
                                   unsigned cand, int *strict) {
  const IrExpr *r = s->rhs;
  if (s->op != IR_SET || s->decl_ctype || r->kind != IR_SELECT ||
      r->a->kind != IR_CMP || !lower_is_lhs(L, r->c, s))
    return NULL;
  const IrExpr *c = r->a;
  *strict = !strcmp(c->text, "<") || !strcmp(c->text, ">");
  if (!*strict && strcmp(c->text, "<=") && strcmp(c->text, ">="))
    return NULL;
  const IrExpr *e = lower_is_lhs(L, c->a, s) ? c->b
                    : lower_is_lhs(L, c->b, s) ? c->a : NULL;
  if (!e || !lower_same_expr(L, r->b, e) || expr_mentions(L, e, s) ||
      !lat_zero(L, e, cand))
    return NULL;
  return c;
}

/* Whether statement s's target moves with a loop variable in `inner`, or
 * is an operand stored sparse. */
static int target_moves(const Lower *L, const IrStmt *s, unsigned inner) {
  if (s->lhs_access < 0) return 0;
  if (L->access_st[s->lhs_access] >= 0) return 1;
  const IrAccess *ac = &L->k->accesses[s->lhs_access];
  for (int d = 0; d < ac->nsub; d++)
    for (int v = 0; v < IR_MAX_VARS; v++)
      if ((inner & (1u << v)) && ac->sub[d].coef[v]) return 1;
  return 0;
}

/* Whether the candidate's level on loop n is walked by position with its
 * coordinates in order, the loop variable itself (no block, slice or
 * offset). */
int argext_level_ok(const Lower *L, const IrNode *n, const Scope *sc,
                    unsigned cand) {
  int s = 0;
  while (!(cand & (1u << s))) s++;
  const STensor *st = &L->st[s];
  const TBind *b = &sc->b[s];
  const LvlInfo *li = &st->lvl[b->next];
  return li->kind == LK_IDENT && li->var == n->var && !li->aoff &&
         !st->dim_off[li->dim] && !li->ops->full && li->ops->coord_pos_iter &&
         li->ops->has_crd_array && level_is_ordered(&li->type) &&
         !dense_blocks_ok(st, b, n->var) &&
         !count_walk_ok(L, st, b, n->var, sc->bound);
}

/* Whether loop n (or the chain of single loops under it) ends in a body
 * `p = g ? v : p; ...; m = g ? e : m;` (above) over the one candidate
 * operand cand: the positions before the extreme, each target written
 * once and read by no value of the group. */
int argext_ok(const Lower *L, const IrNode *n, unsigned cand,
              int *strict) {
  unsigned inner = 1u << n->var;
  while (n->nbody == 1 && n->body[0]->kind == IR_NODE_LOOP) {
    n = n->body[0];
    inner |= 1u << n->var;
  }
  if (n->nbody < 2 || n->nbody > 32) return 0;
  for (int i = 0; i < n->nbody; i++)
    if (n->body[i]->kind != IR_NODE_STMT) return 0;
  const IrStmt *ms = &n->body[n->nbody - 1]->stmt;
  const IrExpr *g = extreme_guard(L, ms, cand, strict);
  if (!g || target_moves(L, ms, inner)) return 0;
  for (int i = 0; i < n->nbody - 1; i++) {
    const IrStmt *s = &n->body[i]->stmt;
    const IrExpr *r = s->rhs;
    if (s->op != IR_SET || s->decl_ctype || r->kind != IR_SELECT ||
        !lower_same_expr(L, r->a, g) || !lower_is_lhs(L, r->c, s) ||
        target_moves(L, s, inner) || expr_mentions(L, g, s))
      return 0;
    for (int j = 0; j < n->nbody; j++)
      if (expr_mentions(L, r->b, &n->body[j]->stmt) ||
          (j != i && touches_target(L, &n->body[j]->stmt, s)))
        return 0;
  }
  return 1;
}

/* The body of loop n once, at v = z, with operand s absent: statements as
 * they are, loops dense (inside a block the caller opens). */
static void argext_absent(Lower *L, StrBuf *sb, const IrNode *n,
                          const Scope *sc, int s, const char *z, int depth) {
  Scope in = *sc;
  in.bound |= 1u << n->var;
  StrBuf body = {0};
  for (int i = 0; i < n->nbody; i++) {
    const IrNode *c = n->body[i];
    if (c->kind == IR_NODE_STMT)
      emit_stmt(L, &body, &c->stmt, &in, 1u << s, depth);
    else
      emit_dense_loop_scalar(L, &body, c, &in, 1u << s, depth);
  }
  bind_var(L, sb, n->var, z, body.data ? body.data : "", depth);
  sb_puts(sb, body.data ? body.data : "");
  sb_free(&body);
}

/* Loop n over the entries of operand s (argext_ok): the first absent
 * coordinate z in [lo, hi) (strict; else the last) and m, the end of the
 * entries before it, found by a walk from the range's start (end) that
 * stops at the first gap; then the entries [begin, m), the body at z when
 * z is in the range, the entries [m, end). */
void emit_argext(Lower *L, StrBuf *sb, const IrNode *n, const Scope *sc,
                 int s, int strict, int depth) {
  STensor *st = &L->st[s];
  const LvlInfo *li = &st->lvl[sc->b[s].next];
  const IrLoopVar *lv = &L->k->vars[n->var];
  const char *begin, *end;
  range_of(L, st, &sc->b[s], &begin, &end);
  mark_level(st, sc->b[s].next);
  const char *nm = arena_printf(L->arena, "sc__%s_%s", st->name, lv->name);
  const char *b = arena_printf(L->arena, "%s_b", nm);
  const char *e = arena_printf(L->arena, "%s_e", nm);
  const char *z = arena_printf(L->arena, "%s_z", nm);
  const char *m = arena_printf(L->arena, "%s_m", nm);
  const char *lo = graph_affine_str(L, &lv->lo), *hi = graph_hi_str(L, lv);
  ln(L, sb, depth, "{");
  ln(L, sb, depth + 1, "const size_t %s = %s, %s = %s;", b, begin, e, end);
  if (strict) {
    ln(L, sb, depth + 1, "int64_t %s = (int64_t)(%s);", z, lo);
    ln(L, sb, depth + 1, "size_t %s = %s;", m, b);
    ln(L, sb, depth + 1, "for (; %s < %s; %s++) {", m, e, m);
    ln(L, sb, depth + 2, "const int64_t sc__c = (int64_t)%s;",
       li->ops->coord_at(&li->ref, m));
    ln(L, sb, depth + 2, "if (sc__c < %s) continue;", z);
    ln(L, sb, depth + 2, "if (sc__c != %s) break;", z);
    ln(L, sb, depth + 2, "%s++;", z);
  } else {
    ln(L, sb, depth + 1, "int64_t %s = (int64_t)(%s) - 1;", z, hi);
    ln(L, sb, depth + 1, "size_t %s = %s;", m, e);
    ln(L, sb, depth + 1, "for (; %s > %s; %s--) {", m, b, m);
    ln(L, sb, depth + 2, "const int64_t sc__c = (int64_t)%s;",
       li->ops->coord_at(&li->ref, arena_printf(L->arena, "(%s - 1)", m)));
    ln(L, sb, depth + 2, "if (sc__c > %s) continue;", z);
    ln(L, sb, depth + 2, "if (sc__c != %s) break;", z);
    ln(L, sb, depth + 2, "%s--;", z);
  }
  ln(L, sb, depth + 1, "}");
  const char *first[2] = {b, m}, *second[2] = {m, e};
  emit_walk(L, sb, n, sc, s, NULL, first, depth + 1, NULL);
  if (strict) ln(L, sb, depth + 1, "if (%s < (int64_t)(%s)) {", z, hi);
  else ln(L, sb, depth + 1, "if (%s >= (int64_t)(%s)) {", z, lo);
  argext_absent(L, sb, n, sc, s, z, depth + 2);
  ln(L, sb, depth + 1, "}");
  size_t notes = L->notes.len; /* the second walk notes what the first did */
  emit_walk(L, sb, n, sc, s, NULL, second, depth + 1, NULL);
  L->notes.len = notes;
  if (L->notes.data) L->notes.data[notes] = '\0';
  ln(L, sb, depth, "}");
}
