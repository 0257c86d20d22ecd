/* incpragmas.c — warns about `#pragma sparse` lines in included headers,
 * which sparsecc does not apply (see incpragmas.h). The scan is textual,
 * as the fast path of the driver is: no parse of the file is needed. */
#include "frontend/incpragmas.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/cparse.h"

enum { MAX_DEPTH = 8, MAX_SEEN = 64 };

typedef struct Scan {
  const char *const *args;
  int nargs;
  char *seen[MAX_SEEN]; /* real paths of the headers read (owned) */
  int nseen;
} Scan;

/* The directory part of path into out ("." when it has none). */
static void dir_of(const char *path, char *out, size_t n) {
  const char *slash = strrchr(path, '/');
  if (!slash)
    snprintf(out, n, ".");
  else
    snprintf(out, n, "%.*s", (int)(slash - path + (slash == path)), path);
}

/* dir/name into out (name itself when absolute); 0 when it does not fit. */
static int join(const char *dir, const char *name, char *out, size_t n) {
  int w = name[0] == '/' ? snprintf(out, n, "%s", name)
                         : snprintf(out, n, "%s/%s", dir, name);
  return w >= 0 && (size_t)w < n;
}

/* Reads the file at path into a malloc'd NUL-terminated buffer; NULL when
 * it is not a readable file. *real gets its real path (malloc'd). */
static char *read_header(const char *path, size_t *len, char **real) {
  FILE *fp = fopen(path, "rb");
  if (!fp) return NULL;
  char *buf = NULL;
  size_t cap = 0, n = 0;
  for (;;) {
    if (n + 4096 + 1 > cap) {
      cap = cap ? cap * 2 : 8192;
      char *nb = realloc(buf, cap);
      if (!nb) break;
      buf = nb;
    }
    size_t got = fread(buf + n, 1, cap - n - 1, fp);
    n += got;
    if (got == 0) break;
  }
  int bad = ferror(fp) || !buf;
  fclose(fp);
  if (bad) {
    free(buf);
    return NULL;
  }
  buf[n] = 0;
  *len = n;
  *real = realpath(path, NULL);
  return buf;
}

/* Resolves an include of a file in directory dir: the header's text (or
 * NULL); *hdir gets the header's own directory. A quoted name is looked
 * for in dir, then the -iquote and -I directories; an angled one
 * (`#include <model.h>`) in the -I directories only: the user's headers,
 * not the system's. */
static char *resolve(const Scan *sc, const char *dir, const char *name, int angled,
                     size_t *len, char **real, char *hdir, size_t n) {
  char path[PATH_MAX];
  char *t = !angled && join(dir, name, path, sizeof path) ? read_header(path, len, real)
                                                          : NULL;
  for (int i = 0; !t && i < sc->nargs; i++) {
    const char *a = sc->args[i], *d = NULL;
    if (!strcmp(a, "-I") || (!angled && !strcmp(a, "-iquote")))
      d = i + 1 < sc->nargs ? sc->args[++i] : NULL;
    else if (!strcmp(a, "-iquote"))
      i++;
    else if (!strncmp(a, "-I", 2))
      d = a + 2;
    else if (!angled && !strncmp(a, "-iquote", 7))
      d = a + 7;
    if (d && join(d, name, path, sizeof path))
      t = read_header(path, len, real);
  }
  if (t)
    dir_of(path, hdir, n);
  return t;
}

/* The name of an include starting at line offset p of t, copied into
 * name, *angled set for `<name>`; 0 when the line is not one. */
static int include_at(const char *t, size_t len, size_t p, char *name, size_t n,
                      int *angled) {
  while (p < len && (t[p] == ' ' || t[p] == '\t')) p++;
  if (p >= len || t[p] != '#') return 0;
  p++;
  while (p < len && (t[p] == ' ' || t[p] == '\t')) p++;
  if (len - p < 7 || memcmp(t + p, "include", 7)) return 0;
  p += 7;
  while (p < len && (t[p] == ' ' || t[p] == '\t')) p++;
  if (p >= len || (t[p] != '"' && t[p] != '<')) return 0;
  char close = t[p] == '<' ? '>' : '"';
  *angled = close == '>';
  size_t q = ++p;
  while (q < len && t[q] != close && t[q] != '\n') q++;
  if (q >= len || t[q] != close || q == p || q - p >= n) return 0;
  memcpy(name, t + p, q - p);
  name[q - p] = 0;
  return 1;
}

static int seen_before(Scan *sc, char *real) {
  if (!real) return 0;
  for (int i = 0; i < sc->nseen; i++)
    if (!strcmp(sc->seen[i], real)) {
      free(real);
      return 1;
    }
  if (sc->nseen == MAX_SEEN) {
    free(real);
    return 1;
  }
  sc->seen[sc->nseen++] = real;
  return 0;
}

/* The offset of the first `#pragma sparse` directive of t (its '#' first
 * on its line, so a comment line ` * #pragma sparse ...` does not count),
 * or (size_t)-1. */
static size_t first_directive(const char *t, size_t len) {
  for (size_t from = 0; from < len;) {
    size_t k = cparse_first_pragma_sparse(t + from, len - from);
    if (k == (size_t)-1) break;
    size_t at = from + k, b = at;
    while (b > 0 && (t[b - 1] == ' ' || t[b - 1] == '\t')) b--;
    if (b == 0 || t[b - 1] == '\n') return at;
    from = at + 1;
  }
  return (size_t)-1;
}

/* Whether the header `name`, included by a file of directory dir, or a
 * header it includes holds a pragma: the name of the one that does into
 * hit, the pragma's line into *line. */
static int holds(Scan *sc, const char *dir, const char *name, int angled, int depth,
                 char *hit, size_t n, unsigned *line) {
  char hdir[PATH_MAX], *real = NULL;
  size_t len = 0;
  char *h = depth < MAX_DEPTH
                ? resolve(sc, dir, name, angled, &len, &real, hdir, sizeof hdir)
                : NULL;
  if (!h) return 0;
  if (seen_before(sc, real)) {
    free(h);
    return 0;
  }
  int found = 0;
  size_t at = first_directive(h, len);
  if (at != (size_t)-1) {
    *line = 1;
    for (size_t k = 0; k < at; k++) *line += h[k] == '\n';
    snprintf(hit, n, "%s", name);
    found = 1;
  }
  for (size_t p = 0; !found && p < len;) {
    char inner[PATH_MAX];
    size_t eol = p;
    while (eol < len && h[eol] != '\n') eol++;
    int ang = 0;
    if (include_at(h, eol, p, inner, sizeof inner, &ang))
      found = holds(sc, hdir, inner, ang, depth + 1, hit, n, line);
    p = eol + 1;
  }
  free(h);
  return found;
}

void incpragmas_warn(const SourceFile *f, const char *const *args, int nargs,
                     Diags *d) {
  Scan sc = {args, nargs, {0}, 0};
  char dir[PATH_MAX];
  dir_of(strcmp(f->name, "<stdin>") ? f->name : ".", dir, sizeof dir);
  for (size_t p = 0; p < f->len;) {
    char name[PATH_MAX], hit[PATH_MAX];
    unsigned line = 0;
    size_t eol = p;
    while (eol < f->len && f->text[eol] != '\n') eol++;
    int angled = 0;
    if (include_at(f->text, eol, p, name, sizeof name, &angled) &&
        holds(&sc, dir, name, angled, 0, hit, sizeof hit, &line)) {
      size_t s = p, e = eol;
      while (s < e && f->text[s] != '#') s++;
      if (e > s && f->text[e - 1] == '\r') e--;
      int through = strcmp(hit, name) != 0;
      diag_warning(d, f, span_make(s, e),
                   "'#pragma sparse' at %s:%u is not applied: sparsecc reads the "
                   "pragmas of the file it rewrites, not those of the headers it "
                   "includes%s%s%s; put the pragma in this file",
                   hit, line, through ? " (included through '" : "",
                   through ? name : "", through ? "')" : "");
    }
    p = eol + 1;
  }
  for (int i = 0; i < sc.nseen; i++) free(sc.seen[i]);
}
