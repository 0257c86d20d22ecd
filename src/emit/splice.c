/* splice.c — edits against original offsets -> output text; see splice.h.
 * One pass: copy the gap before an edit, then its text, then its #line. */
#include "emit/splice.h"

#include <stdlib.h>
#include <string.h>

void edits_add(Arena *a, Edits *e, size_t start, size_t end, const char *text,
               unsigned line_after) {
  if (e->len == e->cap) {
    size_t nc = e->cap ? e->cap * 2 : 16;
    e->data = arena_grow(a, e->data, e->len, nc, sizeof *e->data);
    e->cap = nc;
  }
  Edit ed = {start, end, arena_strdup(a, text ? text : ""), line_after};
  e->data[e->len++] = ed;
}

void splice_line_directive(StrBuf *out, unsigned line, const char *name) {
  sb_printf(out, "#line %u \"", line);
  for (const unsigned char *p = (const unsigned char *)name; *p; p++) {
    if (*p == '"' || *p == '\\' || *p == '?') /* '?': no trigraph */
      sb_printf(out, "\\%c", *p);
    else if (*p < 0x20 || *p == 0x7f)
      sb_printf(out, "\\%03o", *p);
    else
      sb_append(out, (const char *)p, 1);
  }
  sb_puts(out, "\"\n");
}

/* Stable sort by start offset: insertion sort on the (short) edit list
 * keeps edits at one offset in the order they were added. */
static void sort_edits(Edits *e) {
  for (size_t i = 1; i < e->len; i++) {
    Edit x = e->data[i];
    size_t j = i;
    while (j > 0 && e->data[j - 1].start > x.start) {
      e->data[j] = e->data[j - 1];
      j--;
    }
    e->data[j] = x;
  }
}

static void ensure_newline(StrBuf *out) {
  if (out->len && out->data[out->len - 1] != '\n') sb_puts(out, "\n");
}

int splice_apply(const SourceFile *f, Edits *edits, const SpliceOptions *o,
                 StrBuf *out, Diags *diags) {
  sort_edits(edits);
  size_t pos = 0;
  for (size_t i = 0; i < edits->len; i++) {
    const Edit *e = &edits->data[i];
    if (e->start > e->end || e->end > f->len || e->start < pos) {
      diag_error(diags, f, span_make(e->start <= f->len ? e->start : f->len,
                                     e->start <= f->len ? e->start : f->len),
                 "internal error: rewrite of bytes %zu..%zu overlaps another "
                 "or leaves the file; nothing was written",
                 e->start, e->end);
      return -1;
    }
    pos = e->end;
  }
  pos = 0;
  if (o->runtime_include) {
    /* a UTF-8 byte order mark stays the file's first bytes: after the
     * added lines, compilers would read it as a stray token */
    if (f->len >= 3 && memcmp(f->text, "\xef\xbb\xbf", 3) == 0 &&
        (edits->len == 0 || edits->data[0].start >= 3)) {
      sb_append(out, f->text, 3);
      pos = 3;
    }
    sb_puts(out, "#include \"sparsecc_rt.h\"\n");
    if (o->runtime_include & 2) /* vector loops (src/vector) */
      sb_puts(out, "#if defined(__GNUC__) && (defined(__AVX2__) || "
                   "defined(__AVX512F__))\n#include <immintrin.h>\n#endif\n"
                   "#if defined(__GNUC__) && defined(__ARM_FEATURE_SVE)\n"
                   "#include <arm_sve.h>\n#endif\n");
    if (o->runtime_include & 4) /* sparse output workspaces (src/lower) */
      sb_puts(out, "#include <stdlib.h>\n");
    if (!o->no_line) splice_line_directive(out, 1, f->name);
  }
  for (size_t i = 0; i < edits->len; i++) {
    const Edit *e = &edits->data[i];
    sb_append(out, f->text + pos, e->start - pos);
    sb_puts(out, e->text);
    pos = e->end;
    if (e->line_after && !o->no_line) {
      /* Finish the original line the edit ended in (usually just its
       * newline), so the directive names the line that really follows. */
      size_t limit = i + 1 < edits->len ? edits->data[i + 1].start : f->len;
      unsigned line = e->line_after, col;
      int at_line_start = pos > 0 && f->text[pos - 1] == '\n';
      if (!at_line_start) {
        size_t nl = pos;
        while (nl < limit && f->text[nl] != '\n') nl++;
        if (nl < limit) {
          sb_append(out, f->text + pos, nl + 1 - pos);
          pos = nl + 1;
          at_line_start = 1;
        }
      }
      if (at_line_start) source_line_col(f, pos, &line, &col);
      ensure_newline(out);
      splice_line_directive(out, line, f->name);
    }
  }
  sb_append(out, f->text + pos, f->len - pos);
  return 0;
}
