/* numdiff.c — compares two program outputs token by token, numbers with a
 * tolerance: the e2e harness's "same printed output (floating point up to
 * reassociation)". Usage: numdiff EXPECTED ACTUAL [RELTOL [ABSTOL]].
 *
 * Tokens: numbers (as strtod reads them, starting with a digit, a sign or a
 * point followed by a digit) and runs of other non-blank characters;
 * whitespace only separates. Numbers a, b match when |a-b| <= abstol or
 * |a-b| <= reltol * max(|a|,|b|) (defaults 1e-9 and 1e-12); infinities
 * match by sign; NaNs match NaNs. Other tokens match exactly. Exit 0 when
 * everything matches, 1 at the first difference (printed), 2 on IO errors. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Tok {
  const char *s; /* start in the buffer */
  size_t n;
  int is_num;
  double v;
  size_t line;
} Tok;

typedef struct Scan {
  const char *p, *end;
  size_t line;
} Scan;

static char *slurp(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 4096, n = 0;
  char *buf = malloc(cap + 1);
  size_t got;
  while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
    n += got;
    if (n == cap) {
      char *nb = realloc(buf, cap * 2 + 1);
      if (!nb) {
        free(buf);
        buf = NULL;
        break;
      }
      buf = nb;
      cap *= 2;
    }
  }
  fclose(f);
  if (buf) buf[n] = '\0';
  *len = n;
  return buf;
}

static int starts_number(const char *p, const char *end) {
  if (p < end && isdigit((unsigned char)*p)) return 1;
  if (p + 1 < end && *p == '.' && isdigit((unsigned char)p[1])) return 1;
  if (p + 1 < end && (*p == '-' || *p == '+'))
    return starts_number(p + 1, end) ||
           (end - p >= 4 && (strncmp(p + 1, "inf", 3) == 0 ||
                             strncmp(p + 1, "nan", 3) == 0));
  return 0;
}

static int next_token(Scan *s, Tok *t) {
  while (s->p < s->end && isspace((unsigned char)*s->p)) {
    if (*s->p == '\n') s->line++;
    s->p++;
  }
  if (s->p >= s->end) return 0;
  t->s = s->p;
  t->line = s->line;
  t->is_num = 0;
  if (starts_number(s->p, s->end)) {
    char *e;
    t->v = strtod(s->p, &e);
    if (e > s->p) {
      t->is_num = 1;
      t->n = (size_t)(e - s->p);
      s->p = e;
      return 1;
    }
  }
  const char *q = s->p + 1;
  while (q < s->end && !isspace((unsigned char)*q) && !starts_number(q, s->end))
    q++;
  t->n = (size_t)(q - s->p);
  /* "nan", "-nan", "inf" as printf writes them are numbers too */
  if ((t->n == 3 || t->n == 4) &&
      (strncmp(t->s + (t->n == 4), "nan", 3) == 0 ||
       strncmp(t->s + (t->n == 4), "inf", 3) == 0) &&
      (t->n == 3 || *t->s == '-')) {
    t->is_num = 1;
    t->v = strtod(t->s, NULL);
  }
  s->p = q;
  return 1;
}

static int same(const Tok *a, const Tok *b, double rel, double abs_) {
  if (a->is_num != b->is_num)
    return 0;
  if (!a->is_num) return a->n == b->n && memcmp(a->s, b->s, a->n) == 0;
  if (isnan(a->v) || isnan(b->v)) return isnan(a->v) && isnan(b->v);
  if (isinf(a->v) || isinf(b->v)) return a->v == b->v;
  double d = fabs(a->v - b->v), m = fmax(fabs(a->v), fabs(b->v));
  return d <= abs_ || d <= rel * m;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: numdiff EXPECTED ACTUAL [RELTOL [ABSTOL]]\n");
    return 2;
  }
  double rel = argc > 3 ? atof(argv[3]) : 1e-9;
  double abs_ = argc > 4 ? atof(argv[4]) : 1e-12;
  size_t la, lb;
  char *a = slurp(argv[1], &la), *b = slurp(argv[2], &lb);
  if (!a || !b) {
    fprintf(stderr, "numdiff: cannot read %s\n", !a ? argv[1] : argv[2]);
    free(a);
    free(b);
    return 2;
  }
  Scan sa = {a, a + la, 1}, sb = {b, b + lb, 1};
  Tok ta, tb;
  int rc = 0;
  for (;;) {
    int ha = next_token(&sa, &ta), hb = next_token(&sb, &tb);
    if (!ha && !hb) break;
    if (ha != hb) {
      fprintf(stderr, "numdiff: %s ends early (line %zu of the other)\n",
              ha ? argv[2] : argv[1], ha ? ta.line : tb.line);
      rc = 1;
      break;
    }
    if (!same(&ta, &tb, rel, abs_)) {
      fprintf(stderr, "numdiff: line %zu: expected '%.*s', got '%.*s' (line %zu)\n",
              ta.line, (int)ta.n, ta.s, (int)tb.n, tb.s, tb.line);
      rc = 1;
      break;
    }
  }
  free(a);
  free(b);
  return rc;
}
