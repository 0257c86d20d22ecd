/* extract_walk.c — the walk's shared helpers (extract_walk.h): refusals,
 * node text and spans, the names assigned in the nest (collect_writes),
 * loop variables and sparse arrays by name. */
#include "frontend/extract_walk.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int refuse(X *x, TSNode n, const char *fmt, ...) {
  if (!x->refused) {
    va_list ap;
    va_start(ap, fmt);
    char buf[512];
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    x->refused = 1;
    x->why.reason = arena_strdup(x->a, buf);
    x->why.where = span_make(ts_node_start_byte(n), ts_node_end_byte(n));
  }
  return -1;
}

Span nspan(TSNode n) {
  return span_make(ts_node_start_byte(n), ts_node_end_byte(n));
}

char *ntext(X *x, TSNode n) {
  return arena_strndup(x->a, x->src + ts_node_start_byte(n),
                       ts_node_end_byte(n) - ts_node_start_byte(n));
}

/* A short excerpt of a construct for messages (first line, <= 40 bytes). */
const char *excerpt(X *x, TSNode n) {
  size_t s = ts_node_start_byte(n), e = ts_node_end_byte(n);
  size_t len = 0;
  while (s + len < e && x->src[s + len] != '\n' && len < 40)
    len++;
  if (s + len < e)
    return arena_printf(x->a, "%.*s...", (int)len, x->src + s);
  return arena_strndup(x->a, x->src + s, len);
}

/* The operator token of a binary/assignment/unary/update node. */
const char *op_of(X *x, TSNode n) {
  TSNode o = node_field(n, "operator");
  if (ts_node_is_null(o))
    return "";
  return ntext(x, o);
}

int extract_mentions(const SourceFile *f, TSNode n, const char *name) {
  if (node_is(n, "identifier")) {
    size_t s = ts_node_start_byte(n), e = ts_node_end_byte(n);
    return e - s == strlen(name) && !memcmp(f->text + s, name, e - s);
  }
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++)
    if (extract_mentions(f, ts_node_named_child(n, i), name))
      return 1;
  return 0;
}

int name_in(const char *name, const char *const *v, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (!strcmp(v[i], name))
      return 1;
  return 0;
}

static void add_written(X *x, const char *name) {
  if (!name_in(name, x->written.data, x->written.len))
    ARRAY_PUSH(x->a, x->written, name);
}

/* The identifier at the base of `a[i][j]`, `a`, `(a)`; NULL otherwise. */
TSNode base_ident(TSNode n) {
  n = strip_parens(n);
  while (node_is(n, "subscript_expression"))
    n = strip_parens(node_field(n, "argument"));
  return n;
}

/* Pre-pass: every name assigned (=, op=, ++, --) or declared in the nest. */
void collect_writes(X *x, TSNode n) {
  const char *ty = ts_node_type(n);
  if (!strcmp(ty, "assignment_expression") || !strcmp(ty, "update_expression")) {
    TSNode t = node_field(n, !strcmp(ty, "assignment_expression") ? "left" : "argument");
    TSNode b = base_ident(t);
    if (node_is(b, "identifier"))
      add_written(x, ntext(x, b));
    else if (!node_is(strip_parens(t), "subscript_expression")) {
      /* a write to a member or through a pointer (`y->data = p`, `*q = 0`):
       * its root variable is assigned in the nest */
      TSNode r = strip_parens(t);
      while (node_is(r, "field_expression") || node_is(r, "pointer_expression") ||
             node_is(r, "subscript_expression"))
        r = strip_parens(node_field(r, "argument"));
      if (node_is(r, "identifier"))
        add_written(x, ntext(x, r));
    }
  } else if (!strcmp(ty, "init_declarator")) {
    TSNode d = node_field(n, "declarator");
    if (node_is(d, "identifier"))
      add_written(x, ntext(x, d));
  } else if (!strcmp(ty, "declaration")) {
    uint32_t c = ts_node_named_child_count(n);
    for (uint32_t i = 0; i < c; i++) {
      TSNode d = ts_node_named_child(n, i);
      if (node_is(d, "identifier"))
        add_written(x, ntext(x, d));
    }
  }
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++)
    collect_writes(x, ts_node_named_child(n, i));
}

int find_var(X *x, const char *name) {
  for (int d = x->depth - 1; d >= 0; d--)
    if (!strcmp(x->k->vars[x->stack[d]].name, name))
      return x->stack[d];
  return -1;
}

/* Any loop var of the kernel (in scope or not) by name. */
int any_var(X *x, const char *name) {
  for (int v = 0; v < x->k->nvars; v++)
    if (!strcmp(x->k->vars[v].name, name))
      return v;
  return -1;
}

const BoundArray *bound_of(X *x, const char *name) {
  for (int i = 0; i < x->env->nbound; i++)
    if (!strcmp(x->env->bound[i].b->name, name))
      return &x->env->bound[i];
  return NULL;
}

/* The first sparse array named in n's subtree, or NULL. */
const char *mentioned_bound(X *x, TSNode n) {
  if (node_is(n, "identifier")) {
    const BoundArray *b = bound_of(x, ntext(x, n));
    return b ? b->b->name : NULL;
  }
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++) {
    const char *r = mentioned_bound(x, ts_node_named_child(n, i));
    if (r)
      return r;
  }
  return NULL;
}
