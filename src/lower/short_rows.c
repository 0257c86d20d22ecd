/* short_rows.c — the scalar row walk chosen for a whole execution of a
 * dense row loop when its rows are short (docs/vectorization.md, "Short
 * rows: the scalar walk chosen per call"):
 *
 *   {
 *     const long sc__A_sr5 = LO;                  (the loop's first row)
 *     if (sc__A_sr5 < HI && (size_t)(END of row HI - 1) -
 *         (size_t)(BEGIN of row sc__A_sr5) < (size_t)24 * (size_t)(HI - sc__A_sr5)) {
 *       <the row loop as the scalar output emits it>
 *     } else {
 *       <the row loop with the vector row walk>
 *     }
 *   }
 *
 * The vector row walk of a backend with fixed lanes runs its vector code
 * only on rows of at least the backend's seg_min entries and sends shorter
 * rows to a scalar short loop behind a length test; on matrices whose rows
 * are almost all short that is the scalar output's row plus the test and
 * the vector row's register demand, 0.88-0.90x of the scalar output
 * (avx512 CSR32, docs/performance.md). Two loads of the position array
 * and a multiply per execution of the loop (O(1)) decide instead, from
 * nnz / rows over the loop's rows: below seg_min the whole loop is the
 * scalar output's, as --simd=none emits it (temporaries numbered apart).
 * Not a remainder loop: every row of a call goes to one walk, and the
 * vector walk keeps its masked last chunk. Only where the carried row
 * begin holds (a dense loop counting up over the rows of a compressed
 * level: the positions of its first and last row bound the whole loop's
 * entries). */
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

/* Appends text with every line but a preprocessor line indented `extra`
 * levels more. */
static void indent_by(StrBuf *sb, const char *text, int extra) {
  for (const char *p = text; *p;) {
    const char *e = strchr(p, '\n');
    size_t n = e ? (size_t)(e - p) + 1 : strlen(p);
    if (*p != '#' && *p != '\n') sb_indent(sb, extra);
    sb_append(sb, p, n);
    p += n;
  }
}

void short_rows_finish(Lower *L, const ShortRows *sr, const RowCarry *rc,
                       StrBuf *sb, size_t at, const Scope *sc, unsigned zero,
                       int depth) {
  if (!sr->min || rc->s < 0 || !sb->data) return;
  const IrNode *n = rc->loop;
  const IrLoopVar *lv = &L->k->vars[n->var];
  StrBuf vec = {0};
  sb_puts(&vec, sb->data + at);
  sb->len = at;
  sb->data[at] = '\0';
  /* the scalar output's loop: the kernel as `novectorize` has it; its
   * report lines and counters stay the vector copy's */
  static const Pragma novec = {.kind = PRAGMA_NOVECTORIZE};
  IrKernel *k = arena_alloc(L->arena, sizeof *k);
  *k = *L->k;
  k->vec_pragma = &novec;
  const IrKernel *k0 = L->k;
  const ReportMark m = report_mark(L);
  StrBuf scalar = {0};
  L->k = k;
  emit_dense_loop_scalar(L, &scalar, n, sc, zero, depth + 2);
  L->k = k0;
  report_back(L, &m);
  /* nnz / rows < min over the loop's rows, without a division: the
   * entries from the first row's begin to the last row's end */
  const STensor *st = &L->st[rc->s];
  const char *lo = graph_affine_str(L, &lv->lo);
  const char *hi = graph_affine_str(L, &lv->hi);
  const char *r0 = arena_printf(L->arena, "sc__%s_sr%d", st->name, L->uniq++);
  const char *first, *last, *unused;
  row_carry_bounds(L, rc, r0, &first, &unused);
  row_carry_bounds(L, rc, arena_printf(L->arena, "(%s) - 1", hi), &unused,
                   &last);
  ln(L, sb, depth, "{");
  ln(L, sb, depth + 1, "const %s %s = %s;", lv->ctype, r0, lo);
  ln(L, sb, depth + 1,
     "if (%s < %s && (size_t)(%s) - (size_t)(%s) < (size_t)%d * "
     "(size_t)((%s) - %s)) {",
     r0, hi, last, first, sr->min, hi, r0);
  sb_puts(sb, scalar.data ? scalar.data : "");
  ln(L, sb, depth + 1, "} else {");
  indent_by(sb, vec.data, 2);
  ln(L, sb, depth + 1, "}");
  ln(L, sb, depth, "}");
  lower_note(L, "loop %s: short rows: scalar walk when nnz/rows < %d (the "
             "mean length of the rows of %s over the loop, from its first "
             "and last row's positions, tested each time the loop runs: "
             "below it the whole loop runs the scalar output's row walk, "
             "else the vector row walk, rows shorter than %d in its short "
             "loop)", lv->name, sr->min, st->t->name, sr->min);
  sb_free(&scalar);
  sb_free(&vec);
}
