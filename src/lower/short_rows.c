/* short_rows.c — the scalar output's nest chosen for a whole run of a
 * kernel when the rows its vector row walk reads are short (docs/
 * vectorization.md, "Short rows: the scalar output's nest chosen per
 * call"). The kernel's loops (coiter_emit) become
 *
 *   if (sc__A_scalar1) {
 *     <the kernel's loops as the scalar output emits them>
 *   } else {
 *     <the kernel's loops with the vector row walk>
 *   }
 *
 * with sc__A_scalar1 = nnz < MIN * (rows + 1) of level 1 of A, set where
 * the kernel binds A's arrays (two size reads per run of the kernel).
 *
 * The vector row walk of a backend with fixed lanes runs its vector code
 * only on rows of at least the backend's seg_min entries and sends shorter
 * rows to a scalar short loop behind a length test; on matrices whose rows
 * are almost all short that is the scalar output's row plus the test and
 * the vector row's register demand, 0.88-0.90x of the scalar output
 * (avx512 CSR32, docs/performance.md). Below seg_min the whole kernel is
 * the scalar output's, as --simd=none emits it (temporaries numbered
 * apart), one block of its own: not a copy of the row loop beside the
 * vector copy in each of the unswitched branches (prefetch, short rows);
 * the vector branch drops its copy for short rows, dead there. The two
 * branches in this order: the other order put zenios and luxembourg CSR64
 * at 0.65x / 0.81x on every backend (docs/performance.md, "Vectorized
 * SpMV: the scalar output's nest per call"). Not a remainder loop: every
 * row of a run goes to one walk, and the vector walk keeps its masked
 * last chunk. Only where the carried row begin holds (a dense loop
 * counting up over the rows of a compressed level). With several such
 * walks the scalar nest runs when every one of their levels is short. */
#include "lower/short_rows.h"

#include "vector/vconfig.h"
#include "vector/vectorize.h"

#include <string.h>

void short_rows_offer(Lower *L, ShortRows *sr, const RowCarry *rc) {
  memset(sr, 0, sizeof *sr);
  if (!rc->walk || !rc->st_ok) return;
  VecConfig cfg;
  const SparsifyCtx *ctx = L->ctx;
  vec_config(L->arena, ctx->opts, L->k->vec_pragma, ctx->clang_args,
             ctx->nclang_args, &cfg);
  if (!cfg.ops || !cfg.ops->lanes || !cfg.ops->seg_min) return;
  sr->walk = rc->walk;
}

void short_rows_finish(Lower *L, const ShortRows *sr, const RowCarry *rc) {
  if (!sr->min || rc->s < 0) return;
  const int l = rc->lvl[rc->s] + 1; /* the walked level */
  int *min = &L->scalar_rows[rc->s][l];
  if (sr->min > *min) *min = sr->min;
  const STensor *st = &L->st[rc->s];
  lower_note(L, "loop %s: short rows: the scalar output's loops when "
             "nnz/rows of %s < %d (the mean length of its rows, from its "
             "stored entries and rows, tested each time the kernel runs: "
             "below it the whole kernel runs as the scalar output, else "
             "with the vector row walk, rows shorter than %d in its short "
             "loop)", L->k->vars[rc->loop->var].name, st->t->name, sr->min,
             sr->row_min);
}

const char *short_rows_cond(Lower *L) {
  StrBuf c = {0};
  for (int s = 0; s < L->nst; s++)
    for (int l = 0; l < L->st[s].nlvl; l++)
      if (L->scalar_rows[s][l])
        sb_printf(&c, "%ssc__%s_scalar%d", c.len ? " && " : "",
                  L->st[s].name, l);
  const char *r = c.data ? arena_printf(L->arena, "%s", c.data) : NULL;
  sb_free(&c);
  return r;
}

int short_rows_dead(const Lower *L, const char *text) {
  int any = 0;
  for (int s = 0; s < L->nst; s++)
    for (int l = 0; l < L->st[s].nlvl; l++) {
      const int min = L->scalar_rows[s][l];
      if (!min) continue;
      /* not below min entries a row: not below UNROLL_BY either */
      if (min < UNROLL_BY ||
          !lower_uses_ident(text, arena_printf(L->arena, "sc__%s_short%d",
                                               L->st[s].name, l)))
        return 0;
      any = 1;
    }
  return any;
}
