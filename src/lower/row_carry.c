/* row_carry.c — the begin of a compressed row carried from the end of the
 * row before it, in the scalar output's dense row loop (CSR SpMV):
 *
 *   size_t sc__A_rb3 = 0;
 *   { const long sc__A_ri4 = 0; if (sc__A_ri4 < m) sc__A_rb3 = pos[... ri4]; }
 *   for (long i = 0; i < m; i++) {
 *     const size_t sc__A_p0 = ... + (size_t)((uint64_t)(i));
 *     { const size_t sc__A_e1 = pos[sc__A_p0 + 1];
 *       size_t sc__A_u1 = sc__A_rb3;  ... the row's walk ...
 *       sc__A_rb3 = sc__A_e1; }
 *   }
 *
 * A compressed level's rows are contiguous (row p is [pos[p], pos[p+1])),
 * so when consecutive iterations locate consecutive positions p of the
 * dense level above it and every iteration walks its row, the row's begin
 * is the previous row's end: the positions are read once per row instead
 * of twice, and the row's first addresses do not wait on a load (banded
 * and Poisson CSR32 larger than the cache 1.04-1.07x / 1.00-1.05x in one
 * process, docs/performance.md, "Row begin carried"). Taken only where
 * that holds by construction: a dense loop counting up whose only child
 * loop is the walk (no IF: every iteration reaches it), the dense level on
 * the loop's variable alone, located in this loop and nowhere else,
 * directly over a unique compressed level walked in full by the scalar
 * (unrolled) walk, or by the SIMD row of a backend (coiter.c emit_vec_row:
 * its length test, prefetch, vector, short and scalar loops all start from
 * the carried begin), or clamped to a band (coiter.c band_range: its search
 * starts from the carried begin, which is set to the row's end after the
 * walk). Everything else reads both positions as before. */
#include "lower/row_carry.h"

#include <string.h>

void row_carry_offer(Lower *L, RowCarry *rc, const IrNode *n,
                     const Scope *before, const Scope *in) {
  memset(rc, 0, sizeof *rc);
  rc->loop = n;
  rc->s = -1;
  const IrLoopVar *lv = &L->k->vars[n->var];
  if (L->out || L->inplace || lv->descending || !lv->ctype) return;
  for (int i = 0; i < n->nbody; i++) {
    const IrNode *c = n->body[i];
    if (c->kind == IR_NODE_IF || (c->kind == IR_NODE_LOOP && rc->walk)) {
      rc->walk = NULL;
      return;
    }
    if (c->kind == IR_NODE_LOOP) rc->walk = c;
  }
  if (!rc->walk) return;
  const char *coord = arena_printf(L->arena, "(uint64_t)(%s)", lv->name);
  for (int s = 0; s < L->nst; s++) {
    const STensor *st = &L->st[s];
    const TBind *b = &before->b[s], *a = &in->b[s];
    int k = b->next;
    if (a->next != k + 1 || k + 1 >= st->nlvl || b->q || b->in || a->q ||
        a->in)
      continue;
    const LvlInfo *li = &st->lvl[k];
    if (li->kind != LK_IDENT || li->var != n->var || li->aoff ||
        strcmp(li->ops->name, "dense") || !li->ops->locate_expr ||
        !li->coord || strcmp(li->coord, coord))
      continue;
    rc->st_ok |= 1u << s;
    rc->pp[s] = b->p;
    rc->lvl[s] = k;
    rc->p[s] = a->p;
  }
}

const char *row_carry_take(Lower *L, const IrNode *w, const Scope *sc,
                           int s) {
  RowCarry *rc = L->carry;
  if (!rc || rc->walk != w || rc->s >= 0 || !(rc->st_ok & (1u << s)))
    return NULL;
  const STensor *st = &L->st[s];
  const TBind *b = &sc->b[s];
  if (b->q || b->in || !b->p || strcmp(b->p, rc->p[s]) || b->next >= st->nlvl)
    return NULL;
  const LvlInfo *li = &st->lvl[b->next];
  if (li->kind != LK_IDENT || li->aoff || strcmp(li->ops->name, "compressed") ||
      !level_is_unique(&li->type))
    return NULL;
  rc->s = s;
  rc->var = arena_printf(L->arena, "sc__%s_rb%d", st->name, L->uniq++);
  return rc->var;
}

void row_carry_bounds(Lower *L, const RowCarry *rc, const char *row,
                      const char **begin, const char **end) {
  const STensor *st = &L->st[rc->s];
  /* the dense level the loop locates, and the walked level under it */
  const LvlInfo *dli = &st->lvl[rc->lvl[rc->s]];
  const LvlInfo *cli = &st->lvl[rc->lvl[rc->s] + 1];
  const char *p = dli->ops->locate_expr(
      &dli->ref, rc->pp[rc->s], arena_printf(L->arena, "(uint64_t)(%s)", row));
  cli->ops->pos_bounds(&cli->ref, p, NULL, begin, end);
}

void row_carry_finish(Lower *L, RowCarry *rc, StrBuf *sb, size_t at,
                      int depth) {
  if (rc->s < 0) return;
  const IrLoopVar *lv = &L->k->vars[rc->loop->var];
  STensor *st = &L->st[rc->s];
  const char *ri = arena_printf(L->arena, "sc__%s_ri%d", st->name, L->uniq++);
  const char *begin, *end;
  row_carry_bounds(L, rc, ri, &begin, &end);
  StrBuf tail = {0};
  if (sb->data) {
    sb_puts(&tail, sb->data + at);
    sb->len = at;
    sb->data[at] = '\0';
  }
  ln(L, sb, depth, "size_t %s = 0;", rc->var);
  ln(L, sb, depth, "{");
  ln(L, sb, depth + 1, "const %s %s = %s;", lv->ctype, ri,
     graph_affine_str(L, &lv->lo));
  ln(L, sb, depth + 1, "if (%s < %s) %s = %s;", ri, graph_hi_str(L, lv),
     rc->var, begin);
  ln(L, sb, depth, "}");
  sb_puts(sb, tail.data ? tail.data : "");
  sb_free(&tail);
  lower_note(L, "loop %s: the positions of %s read once per row (each row "
             "begins where the one before it ended)", lv->name, st->t->name);
}
