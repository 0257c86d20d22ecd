/* merge_cursor.c — merge cursors: a dense loop over an ordered level on
 * its variable (a union with a dense side, `y[i] += A[i][j] + x[j]`) walks
 * the level's positions beside the loop, one comparison a step, instead of
 * a search per coordinate; the emitter (coiter.c) opens and steps them
 * (docs/lowering.md, "Unions with a dense side"). */
#include "lower/merge_cursor.h"

/* Whether dense loop n can walk the next level of operand s with a merge
 * cursor instead of a search per coordinate: an ordered level with a
 * coordinate array (compressed, loose_compressed, or a singleton segment
 * below a nonunique level) whose coordinate is n's variable, growing with
 * it, over bound levels, in a loop counting up. Its values are read, not
 * written in place. */
static int cursor_ok(const Lower *L, const IrNode *n, const Scope *sc, int s) {
  const STensor *st = &L->st[s];
  const TBind *b = &sc->b[s];
  if (L->k->vars[n->var].descending || st->inplace || b->next >= st->nlvl)
    return 0;
  const LvlInfo *li = &st->lvl[b->next];
  if (li->kind != LK_IDENT || li->var != n->var || li->ops->full ||
      !li->ops->coord_pos_iter || !li->ops->has_crd_array ||
      !level_is_ordered(&li->type))
    return 0;
  if (li->aoff && li->astride <= 0) return 0;
  if (li->varmask & ~(sc->bound | (1u << n->var))) return 0;
  if (b->q) return li->ops->segment_child;
  return li->ops->has_pos_array; /* a unique singleton is located in O(1) */
}

/* The operands (a bit set) that dense loop n walks with merge cursors. */
unsigned cursor_mask(const Lower *L, const IrNode *n, const Scope *sc,
                     unsigned zero) {
  unsigned rel = graph_subtree_tensors(L, n) & ~zero, m = 0;
  for (int s = 0; s < L->nst; s++)
    if ((rel & (1u << s)) && cursor_ok(L, n, sc, s)) m |= 1u << s;
  return m;
}

/* Before dense loop n: each cursor starts at its level's first position
 * under the bound parent (an empty range where the parent is absent). */
void cursor_begin(Lower *L, StrBuf *sb, const Scope *sc, unsigned m,
                  Cursor *cur, int depth) {
  for (int s = 0; s < L->nst; s++) {
    if (!(m & (1u << s))) continue;
    STensor *st = &L->st[s];
    const TBind *b = &sc->b[s];
    const LvlInfo *li = &st->lvl[b->next];
    const char *lo, *hi;
    range_of(L, st, b, &lo, &hi);
    mark_level(st, b->next);
    const int u = L->uniq++;
    Cursor *k = &cur[s];
    k->m = arena_printf(L->arena, "sc__%s_m%d_%d", st->name, b->next, u);
    k->e = arena_printf(L->arena, "sc__%s_me%d_%d", st->name, b->next, u);
    k->c = arena_printf(L->arena, "sc__%s_mc%d_%d", st->name, b->next, u);
    ln(L, sb, depth, "size_t %s = %s;", k->m, lo);
    ln(L, sb, depth, "const size_t %s = %s;", k->e, hi);
    ln(L, sb, depth, "uint64_t %s = %s < %s ? %s : UINT64_MAX;", k->c, k->m,
       k->e, li->ops->coord_at(&li->ref, k->m));
  }
}

/* Inside the loop, at coordinate v: a cursor behind v (at the loop's
 * first coordinate, or after the entry at v - 1 was used) moves past the
 * stored coordinates below v, so each position is passed once over the
 * whole loop and the common step is one comparison; the level is present
 * at v iff the cursor's coordinate equals v. A nonunique level's segment
 * is the run of equal coordinates. Binds the level in `in` as a locate
 * would. */
void cursor_step(Lower *L, StrBuf *sb, Scope *in, unsigned m,
                 const Cursor *cur, int depth) {
  for (int s = 0; s < L->nst; s++) {
    if (!(m & (1u << s))) continue;
    STensor *st = &L->st[s];
    TBind *b = &in->b[s];
    int l = b->next;
    const LvlInfo *li = &st->lvl[l];
    const Cursor *k = &cur[s];
    const char *p = arena_printf(L->arena, "sc__%s_p%d", st->name, l);
    const char *pin = arena_printf(L->arena, "sc__%s_in%d", st->name, l);
    ln(L, sb, depth, "if (%s < %s) {", k->c, li->coord);
    ln(L, sb, depth + 1, "do %s++; while (%s < %s && %s < %s);", k->m, k->m,
       k->e, li->ops->coord_at(&li->ref, k->m), li->coord);
    ln(L, sb, depth + 1, "%s = %s < %s ? %s : UINT64_MAX;", k->c, k->m, k->e,
       li->ops->coord_at(&li->ref, k->m));
    ln(L, sb, depth, "}");
    ln(L, sb, depth, "const size_t %s = %s;", p, k->m);
    ln(L, sb, depth, "const int %s = %s == %s;", pin, k->c, li->coord);
    b->q = NULL;
    if (!level_is_unique(&li->type)) {
      const char *q = arena_printf(L->arena, "sc__%s_q%d", st->name, l);
      ln(L, sb, depth, "size_t %s = %s;", q, p);
      ln(L, sb, depth, "if (%s)", pin);
      ln(L, sb, depth + 1, "while (%s < %s && %s == %s) %s++;", q, k->e,
         li->ops->coord_at(&li->ref, q), li->coord, q);
      b->q = q;
    }
    b->p = p;
    b->in = pin;
    b->next++;
  }
}
