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

/* Whether the file's lines end in "\r\n": its first line end says. */
static int file_is_crlf(const SourceFile *f) {
  const char *nl = memchr(f->text, '\n', f->len);
  return nl && nl > f->text && nl[-1] == '\r';
}

/* Appends generated text; in a CRLF file every line end it adds is "\r\n"
 * (a "\n" the text already has a '\r' before is left as it is). */
static void put(StrBuf *out, const char *text, int crlf) {
  if (!crlf) {
    sb_puts(out, text);
    return;
  }
  for (const char *p = text; *p;) {
    const char *nl = strchr(p, '\n');
    size_t n = nl ? (size_t)(nl - p) : strlen(p);
    sb_append(out, p, n);
    if (!nl) break;
    int has_cr = n ? p[n - 1] == '\r' : out->len && out->data[out->len - 1] == '\r';
    sb_puts(out, has_cr ? "\n" : "\r\n");
    p = nl + 1;
  }
}

static void ensure_newline(StrBuf *out, int crlf) {
  if (out->len && out->data[out->len - 1] != '\n') put(out, "\n", crlf);
}

/* splice_line_directive, with the file's line end. */
static void line_directive(StrBuf *out, unsigned line, const char *name,
                           int crlf) {
  StrBuf d = {0};
  splice_line_directive(&d, line, name);
  put(out, d.data, crlf);
  sb_free(&d);
}

int splice_apply(const SourceFile *f, Edits *edits, const SpliceOptions *o,
                 StrBuf *out, Diags *diags) {
  /* a UTF-8 byte order mark stays the file's first bytes: text inserted
   * at the start of the file (the inline functions of arrays stored
   * sparse) goes after it, where compilers do not read it as a stray
   * token */
  int bom = f->len >= 3 && memcmp(f->text, "\xef\xbb\xbf", 3) == 0;
  for (size_t i = 0; bom && i < edits->len; i++)
    if (edits->data[i].start == 0 && edits->data[i].end == 0)
      edits->data[i].start = edits->data[i].end = 3;
  sort_edits(edits);
  int crlf = file_is_crlf(f);
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
    /* the byte order mark before the added lines too */
    if (bom && (edits->len == 0 || edits->data[0].start >= 3)) {
      sb_append(out, f->text, 3);
      pos = 3;
    }
    put(out, "#include \"sparsecc_rt.h\"\n", crlf);
    if (o->runtime_include & 2) /* vector loops (src/vector) */
      put(out, "#if defined(__GNUC__) && (defined(__AVX2__) || "
                   "defined(__AVX512F__))\n#include <immintrin.h>\n#endif\n"
                   "#if defined(__GNUC__) && defined(__ARM_FEATURE_SVE)\n"
                   "#include <arm_sve.h>\n#endif\n", crlf);
    if (o->runtime_include & 4) /* sparse output workspaces (src/lower) */
      put(out, "#include <stdlib.h>\n", crlf);
    if (!o->no_line) line_directive(out, 1, f->name, crlf);
  }
  for (size_t i = 0; i < edits->len; i++) {
    const Edit *e = &edits->data[i];
    sb_append(out, f->text + pos, e->start - pos);
    put(out, e->text, crlf);
    pos = e->end;
    if (e->line_after && !o->no_line) {
      /* Finish the original line the edit ended in (usually just its
       * newline), so the directive names the line that really follows. */
      size_t limit = i + 1 < edits->len ? edits->data[i + 1].start : f->len;
      unsigned line, col;
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
      /* the text that follows starts on the line of pos (the rest of the
       * region's last line, when no newline ends it before the next edit
       * or the end of the file) */
      source_line_col(f, pos, &line, &col);
      /* below a #line of the input, the line and file it gives */
      unsigned presumed;
      const char *name = source_presumed_line(f, line, &presumed);
      ensure_newline(out, crlf);
      line_directive(out, presumed, name, crlf);
    }
  }
  sb_append(out, f->text + pos, f->len - pos);
  return 0;
}
