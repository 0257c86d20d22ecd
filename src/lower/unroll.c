/* unroll.c — the scalar output's reduction over a compressed range, walked
 * UNROLL_BY entries a step in program order.
 *
 *   for (size_t p = begin; p < e; p++) { BODY }
 * becomes
 *   size_t sc__A_u1 = begin;
 *   for (; sc__A_u1 + 4 <= e; sc__A_u1 += 4) {
 *     { const size_t p = sc__A_u1; BODY }
 *     { const size_t p = sc__A_u1 + 1; BODY } ...
 *   }
 *   for (; sc__A_u1 < e; sc__A_u1++) { const size_t p = sc__A_u1; BODY }
 *
 * The entries run in the same order with the same operations, so every
 * result is bit-identical as C for every element type (nothing is
 * reassociated; a C compiler that fuses a * b + c may fuse other steps
 * than in the rolled loop, as it may in the input program). Why (docs/performance.md, "In-cache SpMV: cause and
 * fix"): the rolled loop of a short body is a ~26-byte loop whose speed on
 * cache-resident rows depended on where it fell in the code (0.57-0.88x
 * MLIR's loop when it straddled a 64-byte line), and gcc turned the
 * 64-bit-index form into an in-order gather reduction (0.59-0.74x); the
 * unrolled walk is neither. Only the scalar output (a SIMD backend or
 * partial sums take the rolled loop as their fallback, unchanged).
 * Given a short-row flag (coiter.c: a carried row begin, coordinates
 * narrower than 64 bits), the rolled loop is emitted too, for tensors
 * whose rows hold fewer than UNROLL_BY entries on average, where the
 * walk's skipped step and peeled remainder were placement-sensitive
 * (docs/lowering.md, "Short rows: one entry a step"). */
#include "lower/lower_int.h"
#include "vector/vconfig.h"
#include "vector/vectorize.h"

#include <string.h>

#define UNROLL_MAX_LINES 6 /* longer bodies (searches) stay rolled: 5
                              copies of them would bloat the output */

int unroll_reduction_ok(Lower *L, const IrNode *n, const char *body) {
  if (L->out || L->inplace || !vec_innermost(n) || n->nbody == 0 ||
      !L->k->vars[n->var].is_reduction || lower_has_push(L, n))
    return 0;
  VecConfig cfg;
  const SparsifyCtx *ctx = L->ctx;
  vec_config(L->arena, ctx->opts, L->k->vec_pragma, ctx->clang_args,
             ctx->nclang_args, &cfg);
  if (cfg.ops || cfg.psums > 1) return 0;
  int updates = 0;
  for (int i = 0; i < n->nbody; i++) {
    const IrStmt *s = &n->body[i]->stmt;
    if (s->decl_ctype) continue;
    if (s->op == IR_SET) return 0;
    updates++;
  }
  if (!updates) return 0;
  /* straight-line text: a jump would leave a block of the step */
  static const char *const jumps[] = {"continue", "break", "goto", "return"};
  for (size_t j = 0; j < sizeof jumps / sizeof *jumps; j++)
    if (lower_uses_ident(body, jumps[j])) return 0;
  int lines = 0;
  for (const char *c = body; *c; c++) lines += *c == '\n';
  return lines <= UNROLL_MAX_LINES;
}

/* Appends text with `extra` more levels of indentation on each line. */
static void put_indented(StrBuf *sb, const char *text, int extra) {
  while (*text) {
    const char *nl = strchr(text, '\n');
    size_t len = nl ? (size_t)(nl - text) + 1 : strlen(text);
    if (len > 1) sb_indent(sb, extra);
    sb_append(sb, text, len);
    text += len;
  }
}

static void line(Lower *L, StrBuf *sb, int depth, const char *text) {
  sb_puts(sb, L->k->indent ? L->k->indent : "");
  sb_indent(sb, depth);
  sb_puts(sb, text);
  sb_puts(sb, "\n");
}

/* The rolled loop from u to e, one entry a step; `extra` more levels of
 * indentation for the body's text. */
static void rolled(Lower *L, StrBuf *sb, const char *p, const char *u,
                   const char *e, const char *body, int depth, int extra) {
  Arena *a = L->arena;
  line(L, sb, depth, arena_printf(a, "for (; %s < %s; %s++) {", u, e, u));
  line(L, sb, depth + 1, arena_printf(a, "const size_t %s = %s;", p, u));
  put_indented(sb, body, extra);
  line(L, sb, depth, "}");
}

void unroll_emit(Lower *L, StrBuf *sb, const IrNode *n, const char *p,
                 const char *u, const char *begin, const char *e,
                 const char *body, const char *short_rows, int depth) {
  Arena *a = L->arena;
  line(L, sb, depth, arena_printf(a, "size_t %s = %s;", u, begin));
  int d = depth;
  if (short_rows) {
    /* the copy for rows of fewer than UNROLL_BY entries on average */
    line(L, sb, depth, arena_printf(a, "if (%s) {", short_rows));
    rolled(L, sb, p, u, e, body, depth + 1, 1);
    line(L, sb, depth, "} else {");
    d = depth + 1;
  }
  line(L, sb, d, arena_printf(a, "for (; %s + %d <= %s; %s += %d) {", u,
                              UNROLL_BY, e, u, UNROLL_BY));
  for (int k = 0; k < UNROLL_BY; k++) {
    line(L, sb, d + 1, "{");
    line(L, sb, d + 2,
         k ? arena_printf(a, "const size_t %s = %s + %d;", p, u, k)
           : arena_printf(a, "const size_t %s = %s;", p, u));
    put_indented(sb, body, 1 + d - depth);
    line(L, sb, d + 1, "}");
  }
  line(L, sb, d, "}");
  rolled(L, sb, p, u, e, body, d, d - depth);
  if (short_rows) line(L, sb, depth, "}");
  lower_note(L, "loop %s: reduction over the stored entries walked %d at a "
             "time in program order (exact)",
             L->k->vars[n->var].name, UNROLL_BY);
}
