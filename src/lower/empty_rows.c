/* empty_rows.c — in the scalar nest that a vector output runs when the
 * rows are short (short_rows.c), the row loop skips runs of empty rows 16
 * (EMPTY_ROWS) at a time when the matrix holds fewer entries than rows
 * (docs/vectorization.md, "Short rows: runs of empty rows skipped"):
 *
 *   if (SC_RARELY(sc__A_empty1)) {       (nnz < rows + 1, once per run)
 *     long i = 0;
 *     while (i < m && (m) - i >= 16) {
 *       const long sc__A_ce5 = i + 16;
 *       if ((size_t)(<end of row i + 15>) == sc__A_rb3) {
 *         for (; i < sc__A_ce5; i++) {
 *           <the row's statements, its walk left out>
 *         }
 *         continue;
 *       }
 *       for (; i < sc__A_ce5; i++) {
 *         <the row as the scalar output has it>
 *       }
 *     }
 *     for (; i < m; i++) {
 *       <the row as the scalar output has it>
 *     }
 *   } else {
 *     <the row loop as the scalar output has it>
 *   }
 *
 * Rows are contiguous and their begins never decrease, so row i + 15
 * ending where row i begins (the carried begin, row_carry.c) means the 16
 * rows are all empty: their walks would run no entry, and what is left of
 * each row (`s = 0.0; y[i] = s;`) is a loop of 16 the C compiler turns
 * into vector stores. A walk of no entry changes nothing but its row's
 * prefetch and the carried begin, which stays the next row's begin: every
 * row's statements run in order, as in the scalar output. One test per 16
 * rows; matrices with at least one entry a row on average keep the loop
 * as it was (the per-row test cost qh1484 and luxembourg 5-10 %, and the
 * chunked loop moved them ±9 %: docs/performance.md, "Vectorized SpMV:
 * runs of empty rows skipped"). Every fixed-lane backend alike (the
 * vector walk's 4 doubles on generic cost clang's zenios CSR32 0.85x).
 * The flag is told to the C compiler as rarely true (SC_RARELY, the
 * runtime header): the chunked loop is two loops deeper than the row loop
 * beside it, and gcc aligns only loops estimated to run at least 1/100 as
 * often as the function's hottest block (its align-threshold); unhinted,
 * the chunked loop's walk was that block and the row loop that every
 * other matrix runs was left unaligned, where the scalar output aligns it
 * (crack CSR64 on avx512: 0.99x to 1.19x of the scalar output;
 * docs/performance.md, "Short rows: the row loop's alignment").
 * Only on unroll.c's walk with the carried begin (the walk is the loop's
 * one loop, no IF beside it), in a loop counting up with no cursor, not
 * kept rolled.
 *
 * Built from the pieces of the loop as coiter.c emitted it (RowLoopText:
 * its `for` line, the row's statements before and after its one child
 * loop, that loop's text, its closing line), taken only when the child
 * loop's text is the walk's block and nothing else (the block's length,
 * recorded by the walk, is the child's). The statements beside the walk
 * are the kernel's statements and the locates of the other operands: no
 * jump among them reaches the row loop (a linear scan's `break` stays in
 * the scan's loop), so a chunk's loop runs them as the row loop does. */
#include "lower/empty_rows.h"

void empty_rows_walk(Lower *L, const StrBuf *sb, size_t at) {
  if (!L->empty_rows || !L->carry || at >= sb->len) return;
  L->carry->walk_len = sb->len - at;
}

void empty_rows_emit(Lower *L, const RowCarry *rc, const RowLoopText *rl,
                     StrBuf *sb, int depth) {
  const int rows = L->empty_rows;
  /* the loop's child loop is the walk's block and nothing else */
  if (!rows || rc->s < 0 || !rc->walk_len ||
      rl->walk_end - rl->walk != rc->walk_len ||
      L->nempty_notes >= LW_MAX_SPARSE)
    return;
  const IrLoopVar *lv = &L->k->vars[rc->loop->var];
  const STensor *st = &L->st[rc->s];
  const char *i = lv->name, *hi = graph_hi_str(L, lv);
  const char *b1, *e1; /* row i + rows - 1's */
  row_carry_bounds(L, rc, arena_printf(L->arena, "%s + %d", i, rows - 1), &b1,
                   &e1);
  (void)b1;
  const char *ce = arena_printf(L->arena, "sc__%s_ce%d", st->name, L->uniq++);
  const char *lo = graph_affine_str(L, &lv->lo);
  const char *text = sb->data;
  StrBuf out = {0}, empty = {0}, full = {0};
  /* the row's statements without its walk: the walk's block becomes a
   * use of the row's position (its only reader may have been the walk) */
  sb_append(&empty, text + rl->body, rl->walk - rl->body);
  ln(L, &empty, depth + 1, "(void)%s;", rc->p[rc->s]);
  sb_append(&empty, text + rl->walk_end, rl->close - rl->walk_end);
  sb_append(&full, text + rl->body, rl->close - rl->body);
  /* fewer entries than rows: the skipping loop; else the loop as it was */
  const char *flag = arena_printf(L->arena, "sc__%s_empty%d", st->name,
                                  rc->lvl[rc->s] + 1);
  ln(L, &out, depth, "if (SC_RARELY(%s)) {", flag);
  int d = depth + 1;
  if (lv->declared_in_header) {
    ln(L, &out, d, "{");
    d++;
    ln(L, &out, d, "%s %s = %s;", lv->ctype, i, lo);
  } else {
    ln(L, &out, d, "%s = %s;", i, lo);
  }
  ln(L, &out, d, "while (%s < %s && (%s) - %s >= %d) {", i, hi, hi, i, rows);
  ln(L, &out, d + 1, "const %s %s = %s + %d;", lv->ctype, ce, i, rows);
  ln(L, &out, d + 1, "if ((size_t)(%s) == %s) {", e1, rc->var);
  ln(L, &out, d + 2, "for (; %s < %s; %s++) {", i, ce, i);
  sb_indent_lines(&out, empty.data, d + 2 - depth);
  ln(L, &out, d + 2, "}");
  ln(L, &out, d + 2, "continue;");
  ln(L, &out, d + 1, "}");
  ln(L, &out, d + 1, "for (; %s < %s; %s++) {", i, ce, i);
  sb_indent_lines(&out, full.data, d + 1 - depth);
  ln(L, &out, d + 1, "}");
  ln(L, &out, d, "}");
  ln(L, &out, d, "for (; %s < %s; %s++) {", i, hi, i);
  sb_indent_lines(&out, full.data, d - depth);
  ln(L, &out, d, "}");
  if (lv->declared_in_header) ln(L, &out, depth + 1, "}");
  ln(L, &out, depth, "} else {");
  sb_indent_lines(&out, text + rl->head, 1);
  ln(L, &out, depth, "}");
  sb->len = rl->head;
  sb->data[rl->head] = '\0';
  sb_puts(sb, out.data);
  sb_free(&out);
  sb_free(&empty);
  sb_free(&full);
  L->empty_notes[L->nempty_notes++] = arena_printf(
      L->arena, "loop %s: short rows: the scalar output's loops skip empty "
      "rows of %s %d at a time when it holds fewer entries than rows (rows "
      "%s to %s + %d, when the last ends where the first begins, run their "
      "statements without the walk)", i, st->t->name, rows, i, i, rows - 1);
}
