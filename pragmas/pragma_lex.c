/* pragma_lex.c — tokens of the pragma language with absolute file offsets.
 *
 * The pragma text is a span of its SourceFile, so every token's start/end
 * is directly a diagnostic location. Backslash-newline continuations are
 * whitespace; `//` comments run to the end of the logical line (a
 * continuation continues them, as in C) and `/ * ... * /` comments are
 * skipped. The lexer keeps no state: plex_at(pos) lexes the token at or
 * after pos, so the parser peeks by lexing from its current token's end. */
#include <string.h>

#include "pragma_internal.h"

/* The length of a backslash-newline at p (`\\\n` or `\\\r\n`), or 0. */
static size_t splice_len(const PLexer *L, size_t p) {
  if (p < L->end && L->text[p] == '\\') {
    if (p + 1 < L->end && L->text[p + 1] == '\n') return 2;
    if (p + 2 < L->end && L->text[p + 1] == '\r' && L->text[p + 2] == '\n')
      return 3;
  }
  return 0;
}

static int is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
         c == '\v';
}

static int is_ident_start(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static int is_digit(char c) { return c >= '0' && c <= '9'; }

/* Skips whitespace, continuations and comments from p. An unterminated
 * block comment sets *bad to its start; a `//` comment that runs over a
 * backslash-newline sets *spliced (when not NULL) to its start. */
static size_t skip_blank_at(const PLexer *L, size_t p, size_t *bad,
                            size_t *spliced) {
  for (;;) {
    size_t s;
    if (p >= L->end) return L->end;
    if (is_space(L->text[p])) {
      p++;
    } else if ((s = splice_len(L, p))) {
      p += s;
    } else if (L->text[p] == '/' && p + 1 < L->end && L->text[p + 1] == '/') {
      size_t start = p;
      while (p < L->end && L->text[p] != '\n') {
        size_t sl = splice_len(L, p);
        if (sl && spliced && *spliced == (size_t)-1) *spliced = start;
        p += sl ? sl : 1;
      }
    } else if (L->text[p] == '/' && p + 1 < L->end && L->text[p + 1] == '*') {
      size_t start = p;
      p += 2;
      while (p + 1 < L->end && !(L->text[p] == '*' && L->text[p + 1] == '/')) p++;
      if (p + 1 >= L->end) {
        *bad = start;
        return L->end;
      }
      p += 2;
    } else {
      return p;
    }
  }
}

static size_t skip_blank(const PLexer *L, size_t p, size_t *bad) {
  return skip_blank_at(L, p, bad, NULL);
}

size_t plex_spliced_comment(const PLexer *L, size_t pos) {
  size_t bad = (size_t)-1, spliced = (size_t)-1;
  skip_blank_at(L, pos, &bad, &spliced);
  return spliced;
}

PTok plex_at(const PLexer *L, size_t pos) {
  PTok t;
  memset(&t, 0, sizeof t);
  size_t bad = (size_t)-1;
  size_t p = skip_blank(L, pos, &bad);
  if (bad != (size_t)-1) {
    t.kind = PT_INVALID;
    t.start = bad;
    t.end = bad + 2;
    t.msg = "unterminated comment";
    return t;
  }
  t.start = p;
  if (p >= L->end) {
    t.kind = PT_EOF;
    /* the end of the pragma's last line, not the start of the next */
    while (t.start > pos && (L->text[t.start - 1] == '\n' || L->text[t.start - 1] == '\r'))
      t.start--;
    t.end = t.start;
    return t;
  }
  char c = L->text[p];
  if (is_ident_start(c)) {
    size_t q = p + 1;
    while (q < L->end && (is_ident_start(L->text[q]) || is_digit(L->text[q])))
      q++;
    t.kind = PT_IDENT;
    t.end = q;
    return t;
  }
  if (is_digit(c)) {
    size_t q = p;
    int64_t v = 0;
    int overflow = 0;
    while (q < L->end && is_digit(L->text[q])) {
      int d = L->text[q] - '0';
      if (v > (INT64_MAX - d) / 10) overflow = 1;
      else v = v * 10 + d;
      q++;
    }
    t.end = q;
    if (q < L->end && (is_ident_start(L->text[q]))) {
      while (q < L->end && (is_ident_start(L->text[q]) || is_digit(L->text[q])))
        q++;
      t.end = q;
      t.kind = PT_INVALID;
      t.msg = "invalid integer literal";
      return t;
    }
    if (overflow) {
      t.kind = PT_INVALID;
      t.msg = "integer literal is too large";
      return t;
    }
    t.kind = PT_INT;
    t.val = v;
    return t;
  }
  if (c == '-' && p + 1 < L->end && L->text[p + 1] == '>') {
    t.kind = PT_ARROW;
    t.end = p + 2;
    return t;
  }
  if (c != '\0' && strchr("()[]{},:=*+-?<>#.", c)) {
    t.kind = PT_PUNCT;
    t.ch = c;
    t.end = p + 1;
    return t;
  }
  t.kind = PT_INVALID;
  t.end = p + 1;
  t.msg = "invalid character in pragma";
  return t;
}

int ptok_is(PTok t, char c) { return t.kind == PT_PUNCT && t.ch == c; }

int ptok_ident(const PLexer *L, PTok t, const char *s) {
  size_t n = strlen(s);
  return t.kind == PT_IDENT && t.end - t.start == n &&
         memcmp(L->text + t.start, s, n) == 0;
}

static char closer_of(char c) {
  return c == '(' ? ')' : c == '[' ? ']' : c == '{' ? '}' : 0;
}

int plex_balanced(const PLexer *L, size_t pos, char close, size_t *end,
                  size_t *err_at, const char **msg) {
  char stack[PRAGMA_MAX_DEPTH];
  size_t where[PRAGMA_MAX_DEPTH];
  int depth = 0;
  size_t p = pos;
  while (p < L->end) {
    char c = L->text[p];
    size_t s;
    if ((s = splice_len(L, p))) {
      p += s;
      continue;
    }
    if (c == '/' && p + 1 < L->end &&
        (L->text[p + 1] == '/' || L->text[p + 1] == '*')) {
      size_t bad = (size_t)-1;
      p = skip_blank(L, p, &bad);
      if (bad != (size_t)-1) {
        *err_at = bad;
        *msg = "unterminated comment";
        return -1;
      }
      continue;
    }
    if (c == '"' || c == '\'') {
      size_t start = p++;
      while (p < L->end && L->text[p] != c && L->text[p] != '\n') {
        if (L->text[p] == '\\' && p + 1 < L->end) p++;
        p++;
      }
      if (p >= L->end || L->text[p] != c) {
        *err_at = start;
        *msg = c == '"' ? "unterminated string literal"
                        : "unterminated character literal";
        return -1;
      }
      p++;
      continue;
    }
    if (closer_of(c)) {
      if (depth == PRAGMA_MAX_DEPTH) {
        *err_at = p;
        *msg = "brackets nested too deeply";
        return -1;
      }
      stack[depth] = closer_of(c);
      where[depth++] = p;
      p++;
      continue;
    }
    if (c == ')' || c == ']' || c == '}') {
      if (depth == 0 && c == close) {
        *end = p;
        return 0;
      }
      if (depth == 0 || stack[depth - 1] != c) { /* this opener is unclosed */
        *err_at = depth ? where[depth - 1] : pos - 1;
        *msg = NULL;
        return -1;
      }
      depth--;
      p++;
      continue;
    }
    p++;
  }
  /* ran off the end: an inner bracket is unclosed, or the caller's own */
  *err_at = depth ? where[depth - 1] : pos - 1;
  *msg = NULL;
  return -1;
}
