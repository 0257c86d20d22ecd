/* source.c — loading source text and offset -> line:column; see source.h. */
#include "source.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int index_lines(SourceFile *f) {
  size_t n = 1;
  for (size_t i = 0; i < f->len; i++)
    if (f->text[i] == '\n') n++;
  f->line_starts = malloc(n * sizeof *f->line_starts);
  if (!f->line_starts) return -1;
  size_t k = 0;
  f->line_starts[k++] = 0;
  for (size_t i = 0; i < f->len; i++)
    if (f->text[i] == '\n') f->line_starts[k++] = i + 1;
  f->nlines = n;
  return 0;
}

/* Skips blanks (spaces, tabs) from p. */
static size_t blanks(const char *t, size_t len, size_t p) {
  while (p < len && (t[p] == ' ' || t[p] == '\t')) p++;
  return p;
}

/* The `#line` directive or line marker starting line [s, e), if it is one:
 * fills m (name malloc'ed, or NULL when the directive gives none). Returns
 * 1, 0 when the line is no such directive, -1 on allocation failure. */
static int line_mark(const char *t, size_t s, size_t e, SourceLineMark *m) {
  size_t p = blanks(t, e, s);
  if (p >= e || t[p] != '#') return 0;
  p = blanks(t, e, p + 1);
  if (e - p > 4 && memcmp(t + p, "line", 4) == 0 && (t[p + 4] == ' ' || t[p + 4] == '\t'))
    p = blanks(t, e, p + 4);
  if (p >= e || t[p] < '0' || t[p] > '9') return 0;
  unsigned long n = 0;
  while (p < e && t[p] >= '0' && t[p] <= '9') {
    n = n * 10 + (unsigned long)(t[p] - '0');
    if (n > 2147483647ul) return 0;
    p++;
  }
  memset(m, 0, sizeof *m);
  m->presumed = (unsigned)n;
  p = blanks(t, e, p);
  if (p < e && t[p] == '"') {
    size_t q = ++p;
    while (q < e && t[q] != '"') q += t[q] == '\\' && q + 1 < e ? 2 : 1;
    if (q >= e) return 1; /* no closing quote: the name is kept */
    m->name = malloc(q - p + 1);
    if (!m->name) return -1;
    size_t k = 0;
    for (size_t i = p; i < q; i++) {
      if (t[i] == '\\' && i + 1 < q) i++;
      m->name[k++] = t[i];
    }
    m->name[k] = '\0';
  }
  return 1;
}

static void free_marks(SourceFile *f) {
  for (size_t i = 0; i < f->nmarks; i++) free(f->marks[i].name);
  free(f->marks);
  f->marks = NULL;
  f->nmarks = 0;
}

/* The #line directives of f's text (line_starts indexed): a line that
 * starts, after blanks, with '#'. */
static int index_marks(SourceFile *f) {
  size_t cap = 0;
  for (size_t li = 0; li < f->nlines; li++) {
    size_t s = f->line_starts[li];
    size_t e = li + 1 < f->nlines ? f->line_starts[li + 1] : f->len;
    size_t p = blanks(f->text, e, s);
    if (p >= e || f->text[p] != '#') continue;
    SourceLineMark m;
    int r = line_mark(f->text, s, e, &m);
    if (r < 0) return -1;
    if (!r) continue;
    if (f->nmarks == cap) {
      size_t nc = cap ? cap * 2 : 8;
      SourceLineMark *nm = realloc(f->marks, nc * sizeof *nm);
      if (!nm) {
        free(m.name);
        return -1;
      }
      f->marks = nm;
      cap = nc;
    }
    m.line = li + 1;
    f->marks[f->nmarks++] = m;
  }
  return 0;
}

int source_init(SourceFile *f, const char *name, const char *bytes,
                size_t len) {
  memset(f, 0, sizeof *f);
  f->name = name;
  f->text = malloc(len + 1);
  if (!f->text) return -1;
  if (len) memcpy(f->text, bytes, len);
  f->text[len] = '\0';
  f->len = len;
  if (index_lines(f) != 0 || index_marks(f) != 0) {
    source_free(f);
    return -1;
  }
  return 0;
}

int source_read(SourceFile *f, const char *path) {
  memset(f, 0, sizeof *f);
  int is_stdin = strcmp(path, "-") == 0;
  FILE *in = is_stdin ? stdin : fopen(path, "rb");
  if (!in) return -1;
  size_t cap = 1 << 16, len = 0;
  char *buf = malloc(cap);
  int err = 0;
  while (buf) {
    if (len == cap) {
      char *nb = realloc(buf, cap * 2);
      if (!nb) {
        free(buf);
        buf = NULL;
        break;
      }
      buf = nb;
      cap *= 2;
    }
    size_t got = fread(buf + len, 1, cap - len, in);
    len += got;
    if (got == 0) {
      if (ferror(in)) err = errno ? errno : EIO;
      break;
    }
  }
  if (!is_stdin) fclose(in);
  if (!buf) {
    errno = ENOMEM;
    return -1;
  }
  if (err) {
    free(buf);
    errno = err;
    return -1;
  }
  f->name = is_stdin ? "<stdin>" : path;
  f->text = buf;
  f->len = len;
  /* NUL-terminate in place */
  if (len == cap) {
    char *nb = realloc(buf, cap + 1);
    if (!nb) {
      free(buf);
      memset(f, 0, sizeof *f);
      errno = ENOMEM;
      return -1;
    }
    f->text = nb;
  }
  f->text[len] = '\0';
  if (index_lines(f) != 0 || index_marks(f) != 0) {
    source_free(f);
    errno = ENOMEM;
    return -1;
  }
  return 0;
}

void source_free(SourceFile *f) {
  free(f->text);
  free(f->line_starts);
  free(f->orig_text);
  free(f->orig_line_starts);
  free(f->anchors);
  free_marks(f);
  memset(f, 0, sizeof *f);
}

static size_t line_index(const size_t *starts, size_t nlines, size_t offset) {
  size_t lo = 0, hi = nlines; /* last line_start <= offset */
  while (hi - lo > 1) {
    size_t mid = lo + (hi - lo) / 2;
    if (starts[mid] <= offset)
      lo = mid;
    else
      hi = mid;
  }
  return lo;
}

/* the anchor covering offset (the last one at or before it) */
static const SourceAnchor *anchor_of(const SourceAnchor *a, size_t n, size_t offset) {
  size_t lo = 0, hi = n;
  while (hi - lo > 1) {
    size_t mid = lo + (hi - lo) / 2;
    if (a[mid].at <= offset)
      lo = mid;
    else
      hi = mid;
  }
  return &a[lo];
}

static size_t map_back(const SourceAnchor *a, size_t n, size_t offset) {
  if (!n)
    return offset;
  const SourceAnchor *k = anchor_of(a, n, offset);
  return k->inside || offset < k->at ? k->orig : k->orig + (offset - k->at);
}

size_t source_origin(const SourceFile *f, size_t offset) {
  if (offset > f->len) offset = f->len;
  if (!f->orig_text)
    return offset;
  size_t o = map_back(f->anchors, f->nanchors, offset);
  return o > f->orig_len ? f->orig_len : o;
}

int source_adopt_rewrite(SourceFile *nf, SourceFile *old, const SourceRepl *r, size_t n) {
  /* at most two anchors per replacement, plus old's, plus the first */
  size_t cap = 2 * n + old->nanchors + 1, k = 0;
  SourceAnchor *a = malloc(cap * sizeof *a);
  if (!a) return -1;
  const SourceAnchor *oa = old->anchors;
  size_t on = old->nanchors;
  size_t prev = 0;  /* old offset where the current copied stretch starts */
  size_t delta = 0; /* new offset - old offset in the copied stretch (mod) */
  for (size_t i = 0; i <= n; i++) {
    size_t end = i < n ? r[i].start : old->len;
    /* the copied stretch [prev, end) of old: its first byte, then old's
     * anchors inside it, shifted */
    if (end > prev || i == n) {
      const SourceAnchor *c = on ? anchor_of(oa, on, prev) : NULL;
      a[k].at = prev + delta;
      a[k].orig = c ? map_back(oa, on, prev) : prev;
      a[k].inside = c && c->inside && c->at <= prev;
      k++;
      for (size_t j = 0; j < on; j++)
        if (oa[j].at > prev && oa[j].at < end) {
          if (k == cap) break;
          a[k] = oa[j];
          a[k].at += delta;
          k++;
        }
    }
    if (i == n) break;
    if (k == cap) break;
    a[k].at = r[i].start + delta;
    a[k].orig = on ? map_back(oa, on, r[i].start) : r[i].start;
    a[k].inside = 1;
    k++;
    delta += r[i].len - (r[i].end - r[i].start);
    prev = r[i].end;
  }
  nf->anchors = a;
  nf->nanchors = k;
  /* the #line directives are those of the file as read: old's */
  free_marks(nf);
  nf->marks = old->marks;
  nf->nmarks = old->nmarks;
  old->marks = NULL;
  old->nmarks = 0;
  if (old->orig_text) {
    nf->orig_text = old->orig_text;
    nf->orig_len = old->orig_len;
    nf->orig_line_starts = old->orig_line_starts;
    nf->orig_nlines = old->orig_nlines;
    old->orig_text = NULL;
    old->orig_line_starts = NULL;
  } else {
    nf->orig_text = old->text;
    nf->orig_len = old->len;
    nf->orig_line_starts = old->line_starts;
    nf->orig_nlines = old->nlines;
    old->text = NULL;
    old->line_starts = NULL;
  }
  return 0;
}

void source_line_col(const SourceFile *f, size_t offset, unsigned *line,
                     unsigned *col) {
  if (offset > f->len) offset = f->len;
  const size_t *starts = f->line_starts;
  size_t nl = f->nlines;
  if (f->orig_text) {
    offset = source_origin(f, offset);
    starts = f->orig_line_starts;
    nl = f->orig_nlines;
  }
  size_t li = line_index(starts, nl, offset);
  *line = (unsigned)(li + 1);
  *col = (unsigned)(offset - starts[li] + 1);
}

const char *source_line_text(const SourceFile *f, size_t offset, size_t *len) {
  if (offset > f->len) offset = f->len;
  const char *t = f->text;
  size_t tl = f->len, nl = f->nlines;
  const size_t *starts = f->line_starts;
  if (f->orig_text) {
    offset = source_origin(f, offset);
    t = f->orig_text;
    tl = f->orig_len;
    starts = f->orig_line_starts;
    nl = f->orig_nlines;
  }
  size_t li = line_index(starts, nl, offset);
  size_t s = starts[li], e = s;
  while (e < tl && t[e] != '\n') e++;
  if (e > s && t[e - 1] == '\r') e--;
  *len = e - s;
  return t + s;
}

const char *source_presumed_line(const SourceFile *f, unsigned line,
                                 unsigned *presumed) {
  *presumed = line;
  size_t lo = 0, hi = f->nmarks; /* marks[0..lo) are above the line */
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (f->marks[mid].line < line)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo == 0) return f->name;
  const SourceLineMark *m = &f->marks[lo - 1];
  *presumed = m->presumed + (unsigned)(line - m->line - 1);
  for (size_t i = lo; i-- > 0;)
    if (f->marks[i].name) return f->marks[i].name;
  return f->name;
}

const char *source_presumed(const SourceFile *f, size_t offset, unsigned *line,
                            unsigned *col) {
  unsigned l;
  source_line_col(f, offset, &l, col);
  return source_presumed_line(f, l, line);
}
