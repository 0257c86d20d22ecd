/* diag.c — collecting and rendering diagnostics; see diag.h. */
#include "diag.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void diag_add(Diags *d, DiagSeverity sev, const SourceFile *f, Span span,
              const char *fmt, ...) {
  if (sev == DIAG_WARNING && d->no_warnings) {
    d->drop_notes = 1;
    return;
  }
  if (sev == DIAG_NOTE && d->drop_notes) return;
  if (sev != DIAG_NOTE) d->drop_notes = 0;
  if (d->len == d->cap) {
    size_t nc = d->cap ? d->cap * 2 : 16;
    Diag *ni = realloc(d->items, nc * sizeof *ni);
    if (!ni) return; /* diagnostics are best effort under OOM */
    d->items = ni;
    d->cap = nc;
  }
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  char *msg = malloc(n > 0 ? (size_t)n + 1 : 1);
  if (!msg) return;
  va_start(ap, fmt);
  vsnprintf(msg, n > 0 ? (size_t)n + 1 : 1, fmt, ap);
  va_end(ap);
  if (sev == DIAG_WARNING) {
    /* the same warning at the same place (a nest reached from two
     * pragmas) is said once; its notes go with it */
    for (size_t i = 0; i < d->len; i++) {
      const Diag *o = &d->items[i];
      if (o->file == f && o->span.start == span.start && o->span.end == span.end &&
          o->severity == (d->werror ? DIAG_ERROR : DIAG_WARNING) &&
          !strcmp(o->message, msg)) {
        free(msg);
        d->drop_notes = 1;
        return;
      }
    }
  }
  if (sev == DIAG_WARNING && d->werror) sev = DIAG_ERROR;
  d->items[d->len++] = (Diag){sev, f, span, msg, NULL};
}

void diag_set_fixit(Diags *d, const char *replacement) {
  if (!d->len || d->drop_notes) return;
  Diag *last = &d->items[d->len - 1];
  free(last->fixit);
  last->fixit = replacement ? strdup(replacement) : NULL;
}

static size_t count(const Diags *d, DiagSeverity sev) {
  size_t n = 0;
  for (size_t i = 0; i < d->len; i++) n += d->items[i].severity == sev;
  return n;
}

size_t diag_error_count(const Diags *d) { return count(d, DIAG_ERROR); }
size_t diag_warning_count(const Diags *d) { return count(d, DIAG_WARNING); }

static const char *sev_name(DiagSeverity s) {
  return s == DIAG_ERROR ? "error" : s == DIAG_WARNING ? "warning" : "note";
}

static const char *sev_colour(DiagSeverity s) {
  return s == DIAG_ERROR ? "\033[1;31m" : s == DIAG_WARNING ? "\033[1;35m"
                                                            : "\033[1;36m";
}

/* Blanks under the first n bytes of a shown line, so a caret lands under
 * its byte: tabs kept, one blank per UTF-8 character (continuation bytes
 * and a byte order mark take no column on a terminal). */
static void pad_to(FILE *out, const char *ltext, size_t n) {
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)ltext[i];
    if ((c & 0xC0) == 0x80) continue;
    if (c == 0xEF && i + 2 < n && (unsigned char)ltext[i + 1] == 0xBB &&
        (unsigned char)ltext[i + 2] == 0xBF) {
      i += 2;
      continue;
    }
    fputc(c == '\t' ? '\t' : ' ', out);
  }
}

static void render_one(const Diag *g, FILE *out, int colour) {
  const char *bold = colour ? "\033[1m" : "", *reset = colour ? "\033[0m" : "";
  if (g->file) {
    unsigned line, col;
    /* the presumed place, below a #line directive as a compiler says it */
    const char *name = source_presumed(g->file, g->span.start, &line, &col);
    fprintf(out, "%s%s:%u:%u: %s", bold, name, line, col, reset);
  } else {
    fprintf(out, "%ssparsecc: %s", bold, reset);
  }
  fprintf(out, "%s%s:%s %s%s%s\n", colour ? sev_colour(g->severity) : "",
          sev_name(g->severity), reset, bold, g->message, reset);
  if (!g->file) return;
  /* the line as read (a text whose macros were expanded maps back) */
  size_t llen;
  const char *ltext = source_line_text(g->file, g->span.start, &llen);
  unsigned sline, scol;
  source_line_col(g->file, g->span.start, &sline, &scol);
  const size_t max_shown = 4096; /* a 100 KB line is not echoed whole */
  size_t shown = llen > max_shown ? max_shown : llen;
  size_t caret = scol - 1;
  if (caret > shown) return; /* caret beyond what we show: message only */
  fprintf(out, "  %.*s%s\n  ", (int)shown, ltext, shown < llen ? " ..." : "");
  pad_to(out, ltext, caret);
  size_t ostart = source_origin(g->file, g->span.start);
  size_t oend = g->span.end > g->span.start ? source_origin(g->file, g->span.end) : ostart;
  size_t len = oend > ostart ? oend - ostart : 1;
  if (caret + len > shown) len = shown > caret ? shown - caret : 1;
  if (len < 1) len = 1;
  fprintf(out, "%s^", colour ? "\033[1;32m" : "");
  for (size_t i = 1; i < len; i++) fputc('~', out);
  fprintf(out, "%s\n", reset);
  if (g->fixit) {
    fputs("  ", out);
    pad_to(out, ltext, caret);
    fprintf(out, "%s%s%s\n", colour ? "\033[32m" : "", g->fixit, reset);
  }
}

/* A diagnostic and the notes that follow it, kept together when sorting. */
typedef struct DiagGroup {
  size_t first, count;
} DiagGroup;

/* Groups without a location first (command line), then by file offset;
 * equal keys keep the order they were reported in. */
static int group_before(const Diags *d, const DiagGroup *a,
                        const DiagGroup *b) {
  const Diag *x = &d->items[a->first], *y = &d->items[b->first];
  if (!x->file != !y->file) return !x->file;
  if (!x->file) return 0;
  return x->span.start < y->span.start;
}

void diag_render(const Diags *d, FILE *out, int colour) {
  DiagGroup *groups = malloc((d->len ? d->len : 1) * sizeof *groups);
  size_t ng = 0;
  for (size_t i = 0; i < d->len; i++) {
    if (groups && (d->items[i].severity != DIAG_NOTE || ng == 0))
      groups[ng++] = (DiagGroup){i, 1};
    else if (groups)
      groups[ng - 1].count++;
  }
  /* insertion sort: stable, and diagnostics are few and mostly in order */
  for (size_t i = 1; groups && i < ng; i++) {
    DiagGroup g = groups[i];
    size_t j = i;
    while (j > 0 && group_before(d, &g, &groups[j - 1])) {
      groups[j] = groups[j - 1];
      j--;
    }
    groups[j] = g;
  }
  if (groups) {
    for (size_t gi = 0; gi < ng; gi++)
      for (size_t k = 0; k < groups[gi].count; k++)
        render_one(&d->items[groups[gi].first + k], out, colour);
  } else {
    for (size_t i = 0; i < d->len; i++) render_one(&d->items[i], out, colour);
  }
  free(groups);
  size_t e = diag_error_count(d), w = diag_warning_count(d);
  if (e || w) {
    if (e && w)
      fprintf(out, "%zu error%s and %zu warning%s generated.\n", e,
              e == 1 ? "" : "s", w, w == 1 ? "" : "s");
    else if (e)
      fprintf(out, "%zu error%s generated.\n", e, e == 1 ? "" : "s");
    else
      fprintf(out, "%zu warning%s generated.\n", w, w == 1 ? "" : "s");
  }
}

void diag_free(Diags *d) {
  for (size_t i = 0; i < d->len; i++) {
    free(d->items[i].message);
    free(d->items[i].fixit);
  }
  free(d->items);
  memset(d, 0, sizeof *d);
}

static size_t edit_distance(const char *a, const char *b) {
  size_t la = strlen(a), lb = strlen(b);
  if (la > 64 || lb > 64) return (size_t)-1;
  size_t row[65];
  for (size_t j = 0; j <= lb; j++) row[j] = j;
  for (size_t i = 1; i <= la; i++) {
    size_t diag = row[0];
    row[0] = i;
    for (size_t j = 1; j <= lb; j++) {
      size_t up = row[j];
      size_t best = diag + (a[i - 1] != b[j - 1]);
      if (row[j] + 1 < best) best = row[j] + 1;
      if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
      row[j] = best;
      diag = up;
    }
  }
  return row[lb];
}

const char *diag_did_you_mean(const char *word, const char *const *candidates,
                              size_t n) {
  size_t len = strlen(word), limit = len / 3 > 1 ? len / 3 : 1;
  /* the same name in other case (AVX2, csr) first, whatever its length */
  for (size_t i = 0; i < n; i++) {
    size_t k = 0;
    while (k < len && candidates[i][k] &&
           tolower((unsigned char)word[k]) ==
               tolower((unsigned char)candidates[i][k]))
      k++;
    if (k == len && !candidates[i][k] && strcmp(word, candidates[i]) != 0)
      return candidates[i];
  }
  const char *best = NULL;
  size_t best_d = (size_t)-1;
  for (size_t i = 0; i < n; i++) {
    size_t dd = edit_distance(word, candidates[i]);
    if (dd < best_d) {
      best_d = dd;
      best = candidates[i];
    }
  }
  return best && best_d <= limit && best_d > 0 ? best : NULL;
}
