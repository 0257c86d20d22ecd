/* empty_rows.c — in the scalar nest that a vector output runs when the
 * rows are short (short_rows.c), the row loop skips runs of empty rows 16
 * (EMPTY_ROWS) at a time when the matrix holds fewer entries than rows
 * (docs/vectorization.md, "Short rows: runs of empty rows skipped"):
 *
 *   if (sc__A_empty1) {                  (nnz < rows + 1, once per run)
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
 * Only on unroll.c's walk with
 * the carried begin (the walk is the loop's one loop, no IF beside it),
 * in a loop counting up with no cursor, not kept rolled, whose row holds
 * no break, goto or return outside the walk. */
#include "lower/empty_rows.h"

#include <string.h>

void empty_rows_walk(Lower *L, const StrBuf *sb, size_t at) {
  if (!L->empty_rows || !L->carry || !sb->data || at >= sb->len) return;
  L->carry->walk_text = arena_printf(L->arena, "%s", sb->data + at);
}

void empty_rows_emit(Lower *L, const RowCarry *rc, StrBuf *sb, size_t at,
                     int depth) {
  const int rows = L->empty_rows;
  if (!rows || rc->s < 0 || !rc->walk_text || !sb->data || at >= sb->len ||
      L->nempty_notes >= LW_MAX_SPARSE)
    return;
  const char *text = sb->data + at;
  const char *head_end = strchr(text, '\n');
  if (!head_end || strncmp(text + strspn(text, " \t"), "for (", 5)) return;
  const char *body = head_end + 1;
  /* the loop's closing line */
  const char *last = sb->data + sb->len - 1; /* its newline */
  while (last > body && last[-1] != '\n') last--;
  if (last <= body) return;
  const char *w = strstr(body, rc->walk_text);
  const size_t wn = strlen(rc->walk_text);
  if (!w || w + wn > last || strstr(w + 1, rc->walk_text)) return;
  const IrLoopVar *lv = &L->k->vars[rc->loop->var];
  const STensor *st = &L->st[rc->s];
  const char *i = lv->name, *hi = graph_hi_str(L, lv);
  const char *b1, *e1; /* row i + rows - 1's */
  row_carry_bounds(L, rc, arena_printf(L->arena, "%s + %d", i, rows - 1), &b1,
                   &e1);
  (void)b1;
  const char *ce = arena_printf(L->arena, "sc__%s_ce%d", st->name, L->uniq++);
  const char *lo = graph_affine_str(L, &lv->lo);
  StrBuf out = {0}, empty = {0};
  /* the row's statements without its walk: the walk's block becomes a
   * use of the row's position (its only reader may have been the walk) */
  sb_append(&empty, body, (size_t)(w - body));
  sb_append(&empty, w, strspn(w, " \t"));
  sb_printf(&empty, "(void)%s;\n", rc->p[rc->s]);
  sb_append(&empty, w + wn, (size_t)(last - (w + wn)));
  /* a row's own jump would leave a chunk's loop, not the row loop */
  if (lower_uses_ident(empty.data, "break") ||
      lower_uses_ident(empty.data, "goto") ||
      lower_uses_ident(empty.data, "return")) {
    sb_free(&empty);
    return;
  }
  StrBuf full = {0};
  sb_append(&full, body, (size_t)(last - body));
  /* fewer entries than rows: the skipping loop; else the loop as it was */
  const char *flag = arena_printf(L->arena, "sc__%s_empty%d", st->name,
                                  rc->lvl[rc->s] + 1);
  ln(L, &out, depth, "if (%s) {", flag);
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
  sb_indent_lines(&out, empty.data ? empty.data : "", d + 2 - depth);
  ln(L, &out, d + 2, "}");
  ln(L, &out, d + 2, "continue;");
  ln(L, &out, d + 1, "}");
  ln(L, &out, d + 1, "for (; %s < %s; %s++) {", i, ce, i);
  sb_indent_lines(&out, full.data ? full.data : "", d + 1 - depth);
  ln(L, &out, d + 1, "}");
  ln(L, &out, d, "}");
  ln(L, &out, d, "for (; %s < %s; %s++) {", i, hi, i);
  sb_indent_lines(&out, full.data ? full.data : "", d - depth);
  ln(L, &out, d, "}");
  if (lv->declared_in_header) ln(L, &out, depth + 1, "}");
  ln(L, &out, depth, "} else {");
  sb_indent_lines(&out, text, 1);
  ln(L, &out, depth, "}");
  sb->len = at;
  sb->data[at] = '\0';
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
