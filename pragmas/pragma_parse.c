/* pragma_parse.c — recursive-descent parser of `#pragma sparse ...` lines
 * (SPEC §3). Each function is named after the grammar symbol written in the
 * comment above it and leaves the parser on the first token after what it
 * read.
 *
 * The parser only checks syntax and builds RawEncodings; pragma_check.c
 * gives them meaning (names, properties, widths, resolution). A syntax
 * error is reported once and stops the parse of that pragma (`failed`), so
 * one typo never cascades; semantic errors are all reported. Expressions
 * nest at most PRAGMA_MAX_DEPTH deep, sums and products are n-ary and every
 * list is a loop, so any input is parsed or rejected in linear time with
 * bounded recursion. */
#include <stdarg.h>
#include <ctype.h>
#include <string.h>

#include "pragma_internal.h"

typedef struct P {
  Arena *arena;
  const SourceFile *f;
  Diags *diags;
  PLexer L;
  PTok tok;    /* the current token */
  size_t prev_end; /* end of the token before it */
  int failed;  /* a syntax error was reported: unwind */
  int invalid; /* an encoding did not resolve (maybe silently: the use of
                * a format whose definition failed): the pragma fails */
  int depth;   /* expression nesting */
  /* parameters of a built-in format's text, substituted in expressions */
  int nparams;
  const char *const *param_names;
  const int64_t *param_vals;
} P;

/* ---- helpers ---------------------------------------------------------- */

static void next(P *p) {
  p->prev_end = p->tok.end;
  p->tok = plex_at(&p->L, p->tok.end);
}
static PTok peek(P *p) { return plex_at(&p->L, p->tok.end); }
static PTok peek2(P *p) { return plex_at(&p->L, peek(p).end); }
static Span tspan(PTok t) { return span_make(t.start, t.end); }
static int is(P *p, char c) { return ptok_is(p->tok, c); }
static int is_kw(P *p, const char *s) { return ptok_ident(&p->L, p->tok, s); }

static char *text_of(P *p, PTok t) {
  return arena_strndup(p->arena, p->L.text + t.start, t.end - t.start);
}

/* After an error at the end of the pragma: when a `//` comment after the
 * last token ran over a backslash-newline, the rest of the pragma was
 * comment (as in C); say so. */
static void note_spliced_comment(P *p) {
  size_t c = plex_spliced_comment(&p->L, p->prev_end);
  if (c != (size_t)-1)
    diag_note(p->diags, p->f, span_make(c, c + 2),
              "this '//' comment continues over the backslash-newline to the "
              "end of the pragma, as in C; put it last or write /* ... */");
}

/* Reports a syntax error at token t (the lexer's own message for an
 * invalid token) and stops the parse. */
__attribute__((format(printf, 3, 4))) static void syntax_error(P *p, PTok t,
                                                               const char *fmt,
                                                               ...) {
  if (p->failed) return;
  p->failed = 1;
  if (t.kind == PT_INVALID) {
    diag_error(p->diags, p->f, tspan(t), "%s", t.msg);
    return;
  }
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  if (t.kind == PT_EOF) {
    diag_error(p->diags, p->f, tspan(t), "%s at end of pragma", msg);
    note_spliced_comment(p);
  } else
    diag_error(p->diags, p->f, tspan(t), "%s", msg);
}

/* Consumes punctuator c or reports "expected 'c' <ctx>". */
static int expect(P *p, char c, const char *ctx) {
  if (p->failed) return 0;
  if (is(p, c)) {
    next(p);
    return 1;
  }
  syntax_error(p, p->tok, "expected '%c'%s%s", c, *ctx ? " " : "", ctx);
  return 0;
}

/* Consumes the closing bracket matching `open`; an unclosed bracket is
 * reported at the bracket itself. */
static int expect_close(P *p, PTok open, const char *ctx) {
  char c = open.ch == '(' ? ')' : open.ch == '[' ? ']' : open.ch == '{' ? '}' : '>';
  if (p->failed) return 0;
  if (is(p, c)) {
    next(p);
    return 1;
  }
  if (p->tok.kind == PT_EOF) {
    p->failed = 1;
    diag_error(p->diags, p->f, tspan(open), "unbalanced '%c': missing '%c'%s%s",
               open.ch, c, *ctx ? " " : "", ctx);
    note_spliced_comment(p);
    return 0;
  }
  syntax_error(p, p->tok, "expected '%c'%s%s", c, *ctx ? " " : "", ctx);
  if (p->tok.kind != PT_INVALID)
    diag_note(p->diags, p->f, tspan(open), "to match this '%c'", open.ch);
  return 0;
}

/* Consumes an identifier (its text and span) or reports "expected <what>". */
static char *expect_ident(P *p, const char *what, Span *span) {
  if (p->failed) return NULL;
  if (p->tok.kind != PT_IDENT) {
    syntax_error(p, p->tok, "expected %s", what);
    return NULL;
  }
  char *s = text_of(p, p->tok);
  if (span) *span = tspan(p->tok);
  next(p);
  return s;
}

/* ['-'] INT, for values whose sign the checker reports on. */
static int signed_int(P *p, const char *what, int64_t *v, Span *span) {
  if (p->failed) return 0;
  size_t start = p->tok.start;
  int neg = 0;
  if (is(p, '-')) {
    neg = 1;
    next(p);
  }
  if (p->tok.kind != PT_INT) {
    syntax_error(p, p->tok, "expected %s", what);
    return 0;
  }
  *v = neg ? -p->tok.val : p->tok.val;
  *span = span_make(start, p->tok.end);
  next(p);
  return 1;
}

/* Appends to an arena array whose capacity is the next power of two of
 * its length (so appends are amortised O(1)). */
#define PUSH(arr, n, val)                                                     \
  do {                                                                        \
    if (((n) & ((n) - 1)) == 0)                                               \
      (arr) = arena_grow(p->arena, (arr), (size_t)(n),                        \
                         (n) ? 2 * (size_t)(n) : 1, sizeof *(arr));           \
    (arr)[(n)++] = (val);                                                     \
  } while (0)

/* No list of the language is long (8 dimensions or levels at most, which
 * the checker enforces); this cap keeps hostile input cheap everywhere,
 * including the quadratic duplicate checks. */
#define LIST_LIMIT 4096

static int list_too_long(P *p, int n, const char *what) {
  if (n < LIST_LIMIT) return 0;
  syntax_error(p, p->tok, "too many %s", what);
  return 1;
}

/* ---- affine expressions --------------------------------------------- */

static AExpr *affine(P *p);

static AExpr *new_expr(P *p, AKind k, Span s) {
  AExpr *e = arena_alloc(p->arena, sizeof *e);
  e->kind = k;
  e->span = s;
  return e;
}

static int enter(P *p) {
  if (++p->depth > PRAGMA_MAX_DEPTH) {
    syntax_error(p, p->tok, "expression nested too deeply (more than %d levels)",
                 PRAGMA_MAX_DEPTH);
    return 0;
  }
  return 1;
}

/* primary = INT | IDENT | '(' affine ')' */
static AExpr *primary(P *p) {
  PTok t = p->tok;
  if (t.kind == PT_INT) {
    next(p);
    AExpr *e = new_expr(p, AX_INT, tspan(t));
    e->val = t.val;
    return e;
  }
  if (t.kind == PT_IDENT) {
    next(p);
    char *name = text_of(p, t);
    for (int i = 0; i < p->nparams; i++)
      if (strcmp(name, p->param_names[i]) == 0) {
        AExpr *e = new_expr(p, AX_INT, tspan(t));
        e->val = p->param_vals[i];
        return e;
      }
    AExpr *e = new_expr(p, AX_VAR, tspan(t));
    e->name = name;
    return e;
  }
  if (ptok_is(t, '(')) {
    if (!enter(p)) return NULL;
    next(p);
    AExpr *e = affine(p);
    expect_close(p, t, "in expression");
    p->depth--;
    if (!e || p->failed) return NULL;
    /* the parentheses belong to the span: `(i + j) mod 2` */
    e->span = span_make(t.start, p->prev_end);
    return e;
  }
  syntax_error(p, t, "expected an expression");
  return NULL;
}

/* unary = '-' unary | primary */
static AExpr *unary(P *p) {
  if (!is(p, '-')) return primary(p);
  PTok t = p->tok;
  if (!enter(p)) return NULL;
  next(p);
  AExpr *kid = unary(p);
  p->depth--;
  if (!kid) return NULL;
  AExpr *e = new_expr(p, AX_NEG, span_make(t.start, kid->span.end));
  e->kid = kid;
  return e;
}

/* Appends operand `kid` joined by `op` to the n-ary node list. */
typedef struct Chain {
  ARRAY(AExpr *) kids;
  ARRAY(AOp) ops;
} Chain;

static AExpr *finish_chain(P *p, AKind k, Chain *c) {
  if (c->kids.len == 1) return c->kids.data[0];
  AExpr *e = new_expr(p, k, span_make(c->kids.data[0]->span.start,
                                      c->kids.data[c->kids.len - 1]->span.end));
  e->n = (int)c->kids.len;
  e->kids = c->kids.data;
  e->ops = c->ops.data;
  return e;
}

/* term = unary { ('*' | 'floordiv' | 'mod') unary } */
static AExpr *term(P *p) {
  Chain c = {{0}, {0}};
  AExpr *e = unary(p);
  if (!e) return NULL;
  ARRAY_PUSH(p->arena, c.kids, e);
  ARRAY_PUSH(p->arena, c.ops, AOP_MUL);
  for (;;) {
    AOp op;
    if (is(p, '*')) op = AOP_MUL;
    else if (is_kw(p, "floordiv")) op = AOP_FLOORDIV;
    else if (is_kw(p, "mod")) op = AOP_MOD;
    else break;
    next(p);
    if (!(e = unary(p))) return NULL;
    ARRAY_PUSH(p->arena, c.kids, e);
    ARRAY_PUSH(p->arena, c.ops, op);
  }
  return finish_chain(p, AX_PROD, &c);
}

/* affine = term { ('+' | '-') term } */
static AExpr *affine(P *p) {
  Chain c = {{0}, {0}};
  AExpr *e = term(p);
  if (!e) return NULL;
  ARRAY_PUSH(p->arena, c.kids, e);
  ARRAY_PUSH(p->arena, c.ops, AOP_ADD);
  while (is(p, '+') || is(p, '-')) {
    AOp op = is(p, '+') ? AOP_ADD : AOP_SUB;
    next(p);
    if (!(e = term(p))) return NULL;
    ARRAY_PUSH(p->arena, c.kids, e);
    ARRAY_PUSH(p->arena, c.ops, op);
  }
  return finish_chain(p, AX_SUM, &c);
}

/* ---- maps -------------------------------------------------------------- */

/* A slice value written as a C integer expression (`N / 2`, `(M - 1) * 2`,
 * a macro or a const variable): integers, names, + - * / % and
 * parentheses, evaluated over [*t, end). Returns 0 on a syntax error or
 * a division by zero; *named is set when a name occurs (the value is then
 * not known here). */
typedef struct SExpr {
  const char *t, *end;
  int named, depth;
} SExpr;

static void sx_blank(SExpr *x) {
  while (x->t < x->end && (*x->t == ' ' || *x->t == '\t' || *x->t == '\r' ||
                           *x->t == '\n' || *x->t == '\\'))
    x->t++;
}

static int sx_sum(SExpr *x, int64_t *v);

static int sx_unary(SExpr *x, int64_t *v) {
  sx_blank(x);
  if (x->t >= x->end || ++x->depth > 256) return 0;
  int ok = 1;
  if (*x->t == '-' || *x->t == '+') {
    int neg = *x->t++ == '-';
    ok = sx_unary(x, v);
    if (neg && ok && !x->named) ok = !__builtin_sub_overflow((int64_t)0, *v, v);
  } else if (*x->t == '(') {
    x->t++;
    ok = sx_sum(x, v);
    sx_blank(x);
    if (ok && x->t < x->end && *x->t == ')') x->t++;
    else ok = 0;
  } else if (*x->t >= '0' && *x->t <= '9') {
    *v = 0;
    while (x->t < x->end && *x->t >= '0' && *x->t <= '9') {
      if (*v > (INT64_MAX - 9) / 10) ok = 0;
      else *v = *v * 10 + (*x->t - '0');
      x->t++;
    }
    while (x->t < x->end && strchr("uUlL", *x->t)) x->t++; /* suffixes */
  } else if (*x->t == '_' || isalpha((unsigned char)*x->t)) {
    while (x->t < x->end && (*x->t == '_' || isalnum((unsigned char)*x->t)))
      x->t++;
    x->named = 1;
    *v = 1;
  } else {
    ok = 0;
  }
  x->depth--;
  return ok;
}

static int sx_term(SExpr *x, int64_t *v) {
  if (!sx_unary(x, v)) return 0;
  for (;;) {
    sx_blank(x);
    if (x->t >= x->end || !strchr("*/%", *x->t)) return 1;
    char op = *x->t++;
    int64_t r;
    if (!sx_unary(x, &r)) return 0;
    if (x->named) continue;
    if (op != '*' && (r == 0 || (r == -1 && *v == INT64_MIN))) return 0;
    if (op == '*') {
      if (__builtin_mul_overflow(*v, r, v)) return 0;
    } else {
      *v = op == '/' ? *v / r : *v % r;
    }
  }
}

static int sx_sum(SExpr *x, int64_t *v) {
  if (!sx_term(x, v)) return 0;
  for (;;) {
    sx_blank(x);
    if (x->t >= x->end || (*x->t != '+' && *x->t != '-')) return 1;
    char op = *x->t++;
    int64_t r;
    if (!sx_term(x, &r)) return 0;
    if (x->named) continue;
    if (op == '+' ? __builtin_add_overflow(*v, r, v)
                  : __builtin_sub_overflow(*v, r, v))
      return 0;
  }
}

/* slice_value = INT | '?' | a C integer expression (see SExpr): one that
 * names a macro or a variable is dynamic, as '?' (the access supplies the
 * value; docs/pragma.md "Slices") */
static void slice_value(P *p, RawDim *d, int k) {
  static const char *const names[3] = {"offset", "size", "stride"};
  if (is(p, '?')) {
    d->slice[k] = -1;
    d->slice_spans[k] = tspan(p->tok);
    next(p);
    return;
  }
  int64_t v;
  Span s;
  char what[64];
  snprintf(what, sizeof what, "a slice %s (an integer expression or '?')",
           names[k]);
  size_t b = p->tok.start, e = b;
  for (int depth = 0; !p->failed && e < p->L.end; e++) {
    char c = p->L.text[e];
    if ((c == ',' || c == ')') && depth == 0) break;
    depth += c == '(' ? 1 : c == ')' ? -1 : 0;
  }
  SExpr x = {p->L.text + b, p->L.text + e, 0, 0};
  if (p->failed || p->tok.kind == PT_EOF || !sx_sum(&x, &v) ||
      (sx_blank(&x), x.t != x.end)) {
    if (!p->failed) syntax_error(p, p->tok, "expected %s", what);
    return;
  }
  s = span_make(b, e);
  while (s.end > s.start && strchr(" \t\r\n\\", p->L.text[s.end - 1])) s.end--;
  p->tok = plex_at(&p->L, e);
  d->slice_spans[k] = s;
  if (x.named) {
    d->slice[k] = -1;
    return;
  }
  if (v < 0) {
    diag_error(p->diags, p->f, s, "slice %s must not be negative", names[k]);
    v = 0;
  }
  d->slice[k] = v;
}

/* slice = 'slice' '(' slice_value ',' slice_value ',' slice_value ')'
 *       | '#' 'sparse_tensor' '<' slice '>' */
static void slice(P *p, RawDim *d) {
  if (is(p, '#')) {
    next(p);
    if (!is_kw(p, "sparse_tensor")) {
      syntax_error(p, p->tok, "expected 'sparse_tensor' after '#'");
      return;
    }
    next(p);
    PTok open = p->tok;
    if (!expect(p, '<', "after '#sparse_tensor'")) return;
    slice(p, d);
    expect_close(p, open, "after the slice");
    return;
  }
  if (!is_kw(p, "slice")) {
    syntax_error(p, p->tok, "expected 'slice(offset, size, stride)'");
    return;
  }
  next(p);
  PTok open = p->tok;
  if (!expect(p, '(', "after 'slice'")) return;
  for (int k = 0; k < 3 && !p->failed; k++) {
    if (k) expect(p, ',', "between slice values");
    slice_value(p, d, k);
  }
  expect_close(p, open, "after the three slice values");
  d->has_slice = !p->failed;
}

/* dimspec = IDENT [ '=' affine ] [ ':' slice ] */
static void dimspec(P *p, RawDim *d) {
  size_t start = p->tok.start;
  d->name = expect_ident(p, "a dimension variable", &d->name_span);
  if (is(p, '=')) {
    next(p);
    d->inverse = affine(p);
  }
  if (!p->failed && is(p, ':')) {
    next(p);
    slice(p, d);
  }
  d->span = span_make(start, p->prev_end > start ? p->prev_end : start);
}

/* lvltype = IDENT [ '[' INT ',' INT ']' ] [ '(' IDENT { ',' IDENT } ')' ] */
static void lvltype(P *p, RawLevel *l) {
  l->fmt = expect_ident(p, "a level format (dense, compressed, ...)",
                        &l->fmt_span);
  if (p->failed) return;
  if (is(p, '[')) {
    PTok open = p->tok;
    next(p);
    Span s;
    if (!signed_int(p, "an integer n in [n, m]", &l->n, &s)) return;
    if (!expect(p, ',', "between n and m")) return;
    if (!signed_int(p, "an integer m in [n, m]", &l->m, &s)) return;
    if (!expect_close(p, open, "after [n, m]")) return;
    l->has_nm = 1;
    l->nm_span = span_make(open.start, p->prev_end);
  }
  if (is(p, '(')) {
    PTok open = p->tok;
    next(p);
    do {
      Span s;
      char *prop = expect_ident(p, "a level property", &s);
      if (!prop) return;
      if (list_too_long(p, l->nprops, "level properties")) return;
      int n = l->nprops;
      PUSH(l->props, l->nprops, prop);
      PUSH(l->prop_spans, n, s);
    } while (is(p, ',') && (next(p), 1));
    expect_close(p, open, "after the level properties");
  }
}

/* lvlspec = [ IDENT '=' ] affine ':' lvltype */
static void lvlspec(P *p, RawLevel *l) {
  size_t start = p->tok.start;
  if (p->tok.kind == PT_IDENT && ptok_is(peek(p), '=')) {
    l->var = text_of(p, p->tok);
    l->var_span = tspan(p->tok);
    next(p);
    next(p);
  }
  l->expr = affine(p);
  if (p->failed) return;
  if (!expect(p, ':', "and a level format after the level expression")) return;
  lvltype(p, l);
  l->span = span_make(start, p->prev_end);
}

/* ident_list = IDENT { ',' IDENT } (up to the closing bracket `open`) */
static void ident_list(P *p, PTok open, const char *what, int *n, char ***names,
                       Span **spans) {
  next(p);
  do {
    Span s;
    char *name = expect_ident(p, what, &s);
    if (!name || list_too_long(p, *n, what)) return;
    int k = *n;
    PUSH(*names, *n, name);
    PUSH(*spans, k, s);
  } while (is(p, ',') && (next(p), 1));
  expect_close(p, open, "");
}

/* map = [ '[' IDENT { ',' IDENT } ']' ] [ '{' IDENT { ',' IDENT } '}' ]
 *       '(' dimspec { ',' dimspec } ')' '->' '(' lvlspec { ',' lvlspec } ')' */
static void map(P *p, RawEncoding *e) {
  if (is(p, '[')) {
    PTok open = p->tok;
    ident_list(p, open, "a symbol name", &e->nsyms, &e->syms, &e->sym_spans);
  }
  if (!p->failed && is(p, '{')) {
    PTok open = p->tok;
    e->has_lvl_vars = 1;
    ident_list(p, open, "a level variable", &e->nlvl_vars, &e->lvl_vars,
               &e->lvl_var_spans);
    e->lvl_vars_span = span_make(open.start, p->prev_end);
  }
  if (p->failed) return;
  PTok open = p->tok;
  if (!expect(p, '(', "to start the dimension list")) return;
  do {
    RawDim d;
    memset(&d, 0, sizeof d);
    if (list_too_long(p, e->ndims, "dimensions")) return;
    dimspec(p, &d);
    if (p->failed) return;
    PUSH(e->dims, e->ndims, d);
  } while (is(p, ',') && (next(p), 1));
  if (!expect_close(p, open, "after the dimension list")) return;
  e->dims_span = span_make(open.start, p->prev_end);
  if (p->tok.kind != PT_ARROW) {
    syntax_error(p, p->tok, "expected '->' after the dimension list");
    return;
  }
  next(p);
  open = p->tok;
  if (!expect(p, '(', "to start the level list")) return;
  do {
    RawLevel l;
    memset(&l, 0, sizeof l);
    if (list_too_long(p, e->nlevels, "levels")) return;
    lvlspec(p, &l);
    if (p->failed) return;
    PUSH(e->levels, e->nlevels, l);
  } while (is(p, ',') && (next(p), 1));
  if (!expect_close(p, open, "after the level list")) return;
  e->levels_span = span_make(open.start, p->prev_end);
}

/* field = IDENT '=' INT */
static void field(P *p, RawEncoding *e) {
  RawField fl;
  memset(&fl, 0, sizeof fl);
  fl.name = expect_ident(p, "a field name", &fl.name_span);
  if (!expect(p, '=', "after the field name")) return;
  if (!signed_int(p, "an integer value", &fl.val, &fl.val_span)) return;
  if (list_too_long(p, e->nfields, "fields")) return;
  PUSH(e->fields, e->nfields, fl);
}

/* Whether `, IDENT =` follows: a field, not the next binding. */
static int field_follows(P *p) {
  return is(p, ',') && peek(p).kind == PT_IDENT && ptok_is(peek2(p), '=');
}

/* mlir_body = field { ',' field }   -- one of the fields is 'map' '=' map */
static void mlir_body(P *p, RawEncoding *e, PTok open) {
  int have_map = 0;
  do {
    if (is_kw(p, "map") && ptok_is(peek(p), '=')) {
      if (have_map) {
        syntax_error(p, p->tok, "duplicate 'map' in encoding");
        return;
      }
      have_map = 1;
      next(p);
      next(p);
      map(p, e);
    } else {
      field(p, e);
    }
  } while (!p->failed && is(p, ',') && (next(p), 1));
  if (p->failed) return;
  if (!have_map) {
    syntax_error(p, p->tok, "missing 'map = ...' in encoding");
    return;
  }
  expect_close(p, open, "after the encoding fields");
}

/* encoding = NAME [ '(' INT { ',' INT } ')' ] { ',' field }
 *          | '{' mlir_body '}'
 *          | '#' 'sparse_tensor' '.' 'encoding' '<' '{' mlir_body '}' '>'
 *          | map { ',' field } */
static void encoding(P *p, RawEncoding *e) {
  size_t start = p->tok.start;
  memset(e, 0, sizeof *e);
  if (p->tok.kind == PT_IDENT) {
    e->named = text_of(p, p->tok);
    e->named_span = tspan(p->tok);
    e->params_span = e->named_span;
    next(p);
    if (is(p, '(')) {
      PTok open = p->tok;
      e->has_params = 1;
      next(p);
      do {
        int64_t v;
        Span s;
        if (!signed_int(p, "an integer format parameter", &v, &s)) return;
        if (list_too_long(p, e->nparams, "format parameters")) return;
        int n = e->nparams;
        PUSH(e->params, e->nparams, v);
        PUSH(e->param_spans, n, s);
      } while (is(p, ',') && (next(p), 1));
      if (!expect_close(p, open, "after the format parameters")) return;
      e->params_span = span_make(e->named_span.start, p->prev_end);
    }
  } else if (is(p, '#')) {
    next(p);
    if (!is_kw(p, "sparse_tensor")) {
      syntax_error(p, p->tok, "expected 'sparse_tensor' after '#'");
      return;
    }
    next(p);
    if (!expect(p, '.', "in '#sparse_tensor.encoding'")) return;
    if (!is_kw(p, "encoding")) {
      syntax_error(p, p->tok, "expected 'encoding' in '#sparse_tensor.encoding'");
      return;
    }
    next(p);
    PTok angle = p->tok;
    if (!expect(p, '<', "after '#sparse_tensor.encoding'")) return;
    PTok brace = p->tok;
    if (!expect(p, '{', "after '<'")) return;
    mlir_body(p, e, brace);
    expect_close(p, angle, "after the encoding");
  } else if (is(p, '{') && peek(p).kind == PT_IDENT && ptok_is(peek2(p), '=')) {
    PTok brace = p->tok;
    next(p);
    mlir_body(p, e, brace);
  } else if (is(p, '(') || is(p, '[') || is(p, '{')) {
    map(p, e);
  } else {
    syntax_error(p, p->tok,
                 "expected an encoding: a format name, '{map = ...}' or a map "
                 "'(i, j) -> (...)'");
    return;
  }
  while (!p->failed && field_follows(p)) {
    next(p);
    field(p, e);
  }
  e->span = span_make(start, p->prev_end);
}

/* ---- directives ------------------------------------------------------ */

/* Resolves a parsed encoding unless the parse failed. */
static int resolve(P *p, PragmaFormats *formats, const RawEncoding *raw,
                   PragmaEncoding *out) {
  if (p->failed) return -1;
  PCheck c = {p->arena, p->f, p->diags, formats};
  int rc = pragma_check_encoding(&c, raw, out);
  if (rc) p->invalid = 1;
  return rc;
}

/* binding = IDENT { '[' c-expr ']' } ':' encoding */
static void binding(P *p, PragmaFormats *formats, PragmaBinding *b) {
  memset(b, 0, sizeof *b);
  b->name = expect_ident(p, "an array name", &b->name_span);
  if (!p->failed && (is(p, '.') || p->tok.kind == PT_ARROW)) {
    /* `m.a`, `s->vals`: a pragma binds variables, not members */
    int arrow = p->tok.kind == PT_ARROW;
    size_t end = p->tok.end;
    next(p);
    const char *member = "member";
    if (p->tok.kind == PT_IDENT) {
      member = text_of(p, p->tok);
      end = p->tok.end;
    }
    p->failed = 1;
    diag_error(p->diags, p->f, span_make(b->name_span.start, end),
               "'%s%s%s' names a member of a struct, and a pragma binds a "
               "variable: copy the member into a local pointer ('*%s = %s%s%s') "
               "and name that, with its shape",
               b->name, arrow ? "->" : ".", member, member, b->name,
               arrow ? "->" : ".", member);
    return;
  }
  while (!p->failed && is(p, '[')) {
    PTok open = p->tok;
    size_t end, err_at;
    const char *msg;
    if (plex_balanced(&p->L, open.end, ']', &end, &err_at, &msg)) {
      p->failed = 1;
      if (msg) {
        diag_error(p->diags, p->f, span_make(err_at, err_at + 1), "%s", msg);
      } else {
        char o = p->L.text[err_at];
        diag_error(p->diags, p->f, span_make(err_at, err_at + 1),
                   "unbalanced '%c': missing '%c'", o,
                   o == '(' ? ')' : o == '[' ? ']' : '}');
      }
      return;
    }
    size_t s = open.end, e = end;
    while (s < e && strchr(" \t\r\n\\", p->L.text[s])) s++;
    while (e > s && strchr(" \t\r\n\\", p->L.text[e - 1])) e--;
    if (s == e) {
      syntax_error(p, p->tok, "expected the size of a dimension inside '[]'");
      return;
    }
    if (list_too_long(p, b->nshape, "shape dimensions")) return;
    int n = b->nshape;
    PUSH(b->shape_text, b->nshape, arena_strndup(p->arena, p->L.text + s, e - s));
    PUSH(b->shape_spans, n, span_make(s, e));
    p->tok = plex_at(&p->L, end + 1);
  }
  if (!expect(p, ':', "and an encoding after the array name")) return;
  RawEncoding raw;
  encoding(p, &raw);
  if (resolve(p, formats, &raw, &b->enc) == 0 && b->nshape &&
      b->nshape != b->enc.ndims) {
    diag_error(p->diags, p->f,
               span_make(b->shape_spans[0].start - 1,
                         b->shape_spans[b->nshape - 1].end + 1),
               "shape of '%s' has %d dimension%s but its encoding has %d",
               b->name, b->nshape, b->nshape == 1 ? "" : "s", b->enc.ndims);
  }
}

/* encoding_directive = 'encoding' '(' binding { ',' binding } ')' */
static void encoding_directive(P *p, PragmaFormats *formats, Pragma *out) {
  PTok open = p->tok;
  if (!expect(p, '(', "after 'encoding'")) return;
  ARRAY(PragmaBinding) bs = {0};
  do {
    PragmaBinding b;
    if (list_too_long(p, (int)bs.len, "bindings")) return;
    binding(p, formats, &b);
    if (p->failed) return;
    for (size_t i = 0; i < bs.len; i++)
      if (strcmp(bs.data[i].name, b.name) == 0) {
        diag_error(p->diags, p->f, b.name_span,
                   "'%s' is bound twice in this pragma", b.name);
        diag_note(p->diags, p->f, bs.data[i].name_span, "first bound here");
        break;
      }
    ARRAY_PUSH(p->arena, bs, b);
  } while (is(p, ',') && (next(p), 1));
  expect_close(p, open, "after the bindings");
  out->nbindings = (int)bs.len;
  out->bindings = bs.data;
}

/* A format whose definition drew an error: its uses are then silent (one
 * problem, reported once, where it is). */
static void note_failed_format(P *p, PragmaFormats *formats, const char *name) {
  if (!formats || !name) return;
  formats->failed = arena_grow(p->arena, (void *)formats->failed,
                               (size_t)formats->nfailed,
                               (size_t)formats->nfailed + 1,
                               sizeof *formats->failed);
  formats->failed[formats->nfailed++] = name;
}

/* format_directive = 'format' NAME '=' encoding */
static void format_directive(P *p, PragmaFormats *formats, Pragma *out) {
  Span name_span;
  out->format_name = expect_ident(p, "a format name", &name_span);
  if (!expect(p, '=', "after the format name")) return;
  RawEncoding raw;
  encoding(p, &raw);
  if (p->failed) {
    note_failed_format(p, formats, out->format_name);
    return;
  }
  const BuiltinFormat *bf = pragma_find_builtin(out->format_name);
  int user = pragma_find_user(formats, out->format_name);
  int ok = resolve(p, formats, &raw, &out->format_enc) == 0;
  if (bf) {
    diag_error(p->diags, p->f, name_span,
               "cannot redefine built-in format '%s'", bf->name);
    diag_note(p->diags, NULL, span_make(0, 0), "'%s%s%s%s' is built in: %s",
              bf->name, bf->nparams ? "(" : "", bf->param_names,
              bf->nparams ? ")" : "", bf->text);
    return;
  }
  if (user >= 0) {
    diag_error(p->diags, p->f, name_span, "redefinition of format '%s'",
               out->format_name);
    diag_note(p->diags, formats->files[user], formats->name_spans[user],
              "previous definition is here");
    return;
  }
  if (!ok) {
    note_failed_format(p, formats, out->format_name);
    return;
  }
  out->format_enc.format_name = out->format_name;
  if (formats->n == formats->cap) {
    int nc = formats->cap ? formats->cap * 2 : 8;
    formats->names = arena_grow(p->arena, formats->names, (size_t)formats->n,
                                (size_t)nc, sizeof *formats->names);
    formats->encs = arena_grow(p->arena, formats->encs, (size_t)formats->n,
                               (size_t)nc, sizeof *formats->encs);
    formats->name_spans = arena_grow(p->arena, formats->name_spans,
                                     (size_t)formats->n, (size_t)nc,
                                     sizeof *formats->name_spans);
    formats->files = arena_grow(p->arena, formats->files, (size_t)formats->n,
                                (size_t)nc, sizeof *formats->files);
    formats->cap = nc;
  }
  formats->names[formats->n] = out->format_name;
  formats->encs[formats->n] = out->format_enc;
  formats->name_spans[formats->n] = name_span;
  formats->files[formats->n] = p->f;
  formats->n++;
}

static const char *const vopt_names[] = {"vl", "vla", "index32", "simd"};
static const char *const simd_names[] = {"auto", "none", "generic",
                                         "avx2", "avx512", "sve"};

static void unknown_name(P *p, Span s, const char *what, const char *word,
                         const char *const *cands, size_t n) {
  pragma_unknown_name(p->diags, p->f, s, what, word, cands, n);
}

/* vopt = 'vl' '=' INT | 'vla' | 'index32' | 'simd' '=' IDENT */
static void vopt(P *p, PragmaVectorize *v, Span *seen) {
  Span s;
  char *name = expect_ident(p, "a vectorize option (vl, vla, index32, simd)", &s);
  if (!name) return;
  int k = -1;
  for (int i = 0; i < 4; i++)
    if (strcmp(name, vopt_names[i]) == 0) k = i;
  if (k < 0) {
    unknown_name(p, s, "vectorize option", name, vopt_names, 4);
    if (is(p, '=')) { /* skip its value */
      next(p);
      if (p->tok.kind == PT_INT || p->tok.kind == PT_IDENT) next(p);
    }
    return;
  }
  if (seen[k].end) {
    diag_error(p->diags, p->f, s, "duplicate vectorize option '%s'", name);
    diag_note(p->diags, p->f, seen[k], "first given here");
  }
  seen[k] = s;
  if (k == 1) {
    v->vla = 1;
  } else if (k == 2) {
    v->index32 = 1;
  } else if (k == 0) {
    int64_t val;
    Span vs;
    if (!expect(p, '=', "after 'vl'")) return;
    if (!signed_int(p, "a vector length", &val, &vs)) return;
    if (val <= 0 || val > SC_VL_MAX)
      diag_error(p->diags, p->f, vs,
                 "vector length must be between 1 and %d, not %lld",
                 SC_VL_MAX, (long long)val);
    else
      v->vl = (int)val;
  } else {
    if (!expect(p, '=', "after 'simd'")) return;
    Span vs;
    char *val = expect_ident(p, "a SIMD backend (auto, none, generic, avx2, avx512, sve)", &vs);
    if (!val) return;
    int ok = 0;
    for (int i = 0; i < 6; i++) ok |= strcmp(val, simd_names[i]) == 0;
    if (ok)
      v->simd = val;
    else
      unknown_name(p, vs, "SIMD backend", val, simd_names, 6);
  }
}

/* vectorize_directive = 'vectorize' '(' [ vopt { ',' vopt } ] ')' */
static void vectorize_directive(P *p, Pragma *out) {
  PTok open = p->tok;
  Span seen[4];
  memset(seen, 0, sizeof seen);
  if (!expect(p, '(', "after 'vectorize'")) return;
  if (is(p, ')')) {
    next(p);
    return;
  }
  do vopt(p, &out->vec, seen);
  while (!p->failed && is(p, ',') && (next(p), 1));
  expect_close(p, open, "after the vectorize options");
}

static const char *const directive_names[] = {"encoding", "format",
                                              "vectorize", "novectorize"};

/* directive = encoding_directive | format_directive
 *           | vectorize_directive | 'novectorize' */
static void directive(P *p, PragmaFormats *formats, Pragma *out) {
  if (p->tok.kind != PT_IDENT) {
    syntax_error(p, p->tok,
                 "expected a sparse directive (encoding, format, vectorize, "
                 "novectorize)");
    return;
  }
  PTok t = p->tok;
  char *name = text_of(p, t);
  next(p);
  if (strcmp(name, "encoding") == 0) {
    out->kind = PRAGMA_ENCODING;
    encoding_directive(p, formats, out);
  } else if (strcmp(name, "format") == 0) {
    out->kind = PRAGMA_FORMAT;
    format_directive(p, formats, out);
  } else if (strcmp(name, "vectorize") == 0) {
    out->kind = PRAGMA_VECTORIZE;
    vectorize_directive(p, out);
  } else if (strcmp(name, "novectorize") == 0) {
    out->kind = PRAGMA_NOVECTORIZE;
  } else {
    unknown_name(p, tspan(t), "sparse directive", name, directive_names, 4);
    p->failed = 1;
    return;
  }
  if (!p->failed && p->tok.kind != PT_EOF) {
    if (p->tok.kind == PT_INVALID)
      syntax_error(p, p->tok, "%s", "");
    else {
      const char *extra = text_of(p, p->tok);
      int directive = 0;
      for (int k = 0; k < 4; k++)
        if (strcmp(extra, directive_names[k]) == 0) directive = 1;
      if (directive)
        /* `encoding(...) vectorize(...)` on one line: one directive a
         * pragma, each on its own line before the loop */
        syntax_error(p, p->tok, "extra tokens at end of '#pragma sparse "
                     "%s': one directive a pragma; write '#pragma sparse "
                     "%s' on a line of its own", name, extra);
      else
        syntax_error(p, p->tok, "extra tokens at end of '#pragma sparse %s'",
                     name);
    }
  }
}

/* pragma = [ '#' 'pragma' ] 'sparse' directive */
int pragma_parse(Arena *arena, const SourceFile *f, Span span,
                 PragmaFormats *formats, Diags *diags, Pragma *out) {
  P p;
  memset(&p, 0, sizeof p);
  memset(out, 0, sizeof *out);
  out->span = span;
  p.arena = arena;
  p.f = f;
  p.diags = diags;
  p.L.text = f->text;
  p.L.end = span.end < f->len ? span.end : f->len;
  size_t errors = diag_error_count(diags);
  p.tok = plex_at(&p.L, span.start);
  if (is(&p, '#')) {
    next(&p);
    if (!is_kw(&p, "pragma")) syntax_error(&p, p.tok, "expected 'pragma'");
    next(&p);
  }
  if (!p.failed && !is_kw(&p, "sparse"))
    syntax_error(&p, p.tok, "expected 'sparse'");
  if (!p.failed) {
    next(&p);
    directive(&p, formats, out);
  }
  return p.failed || p.invalid || diag_error_count(diags) > errors ? -1 : 0;
}

int pragma_parse_encoding_text(Arena *arena, const SourceFile *bf,
                               int nparams, const char *const *param_names,
                               const int64_t *param_vals, Diags *diags,
                               RawEncoding *out) {
  P p;
  memset(&p, 0, sizeof p);
  p.arena = arena;
  p.f = bf;
  p.diags = diags;
  p.L.text = bf->text;
  p.L.end = bf->len;
  p.nparams = nparams;
  p.param_names = param_names;
  p.param_vals = param_vals;
  p.tok = plex_at(&p.L, 0);
  encoding(&p, out);
  if (!p.failed && p.tok.kind != PT_EOF)
    syntax_error(&p, p.tok, "extra tokens after the encoding");
  return p.failed ? -1 : 0;
}
