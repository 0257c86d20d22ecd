/* param_shape.c — an array parameter's missing extents read off the loops
 * of its function (see param_shape.h). */
#include "frontend/param_shape.h"

#include <stdio.h>
#include <string.h>

#include "base/cint.h"
#include "frontend/tsnode.h"

typedef struct P {
  const SourceFile *f;
  CTypes *ct;
  Arena *a;
  TSNode body;
  const char *name;
  size_t decl;                 /* where the parameter is declared */
  int rank;
  const char **found;          /* per dimension: the extent, once seen */
  int reach0[SC_MAX_RANK];     /* per dimension: an access reaches index 0 */
  const char *why;
} P;

static const char *text_of(const P *p, TSNode n) {
  return arena_strndup(p->a, p->f->text + ts_node_start_byte(n),
                       ts_node_end_byte(n) - ts_node_start_byte(n));
}

static int is_name(const P *p, TSNode n, const char *name) {
  size_t len = strlen(name);
  return node_is(n, "identifier") && ts_node_end_byte(n) - ts_node_start_byte(n) == len &&
         !memcmp(p->f->text + ts_node_start_byte(n), name, len);
}

static int same_node(TSNode a, TSNode b) {
  return !ts_node_is_null(a) && !ts_node_is_null(b) &&
         ts_node_start_byte(a) == ts_node_start_byte(b) &&
         ts_node_end_byte(a) == ts_node_end_byte(b) && ts_node_symbol(a) == ts_node_symbol(b);
}

/* Whether n writes `name` (an assignment or ++/-- to it, or its address
 * taken) anywhere below it. */
static int writes(const P *p, TSNode n, const char *name) {
  if (ts_node_is_null(n)) return 0;
  if (node_is(n, "assignment_expression") &&
      is_name(p, strip_parens(node_field(n, "left")), name))
    return 1;
  if (node_is(n, "update_expression") &&
      is_name(p, strip_parens(node_field(n, "argument")), name))
    return 1;
  if (node_is(n, "pointer_expression") && ts_node_child_count(n) > 0 &&
      p->f->text[ts_node_start_byte(n)] == '&' &&
      is_name(p, strip_parens(node_field(n, "argument")), name))
    return 1;
  uint32_t nc = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < nc; i++)
    if (writes(p, ts_node_named_child(n, i), name)) return 1;
  return 0;
}

/* Whether bound B is a C expression of the function's entry: constants,
 * macros or enumerators, and scalar parameters the body never writes. */
static int entry_expr(P *p, TSNode n) {
  n = strip_parens(n);
  if (node_is(n, "number_literal")) return 1;
  if (node_is(n, "identifier")) {
    const char *id = text_of(p, n);
    CtDecl d;
    if (!ct_lookup(p->ct, id, ts_node_start_byte(n), &d)) return 1; /* macro, enumerator */
    return d.is_param && d.kind == CT_SCALAR && !writes(p, p->body, id);
  }
  if (node_is(n, "binary_expression")) {
    TSNode op = ts_node_child_by_field_name(n, "operator", 8);
    size_t ob = ts_node_start_byte(op), oe = ts_node_end_byte(op);
    if (oe - ob != 1 || !strchr("+-*/", p->f->text[ob])) return 0;
    return entry_expr(p, node_field(n, "left")) && entry_expr(p, node_field(n, "right"));
  }
  return 0;
}

/* The loop variable and constant of subscript idx (`v`, `v + 2`, `v - 1`,
 * `2 + v`): the variable's node, *c the constant; a null node otherwise. */
static TSNode var_plus_const(const P *p, TSNode idx, long long *c) {
  idx = strip_parens(idx);
  *c = 0;
  if (node_is(idx, "identifier")) return idx;
  if (!node_is(idx, "binary_expression")) return (TSNode){0};
  TSNode op = ts_node_child_by_field_name(idx, "operator", 8);
  char o = p->f->text[ts_node_start_byte(op)];
  TSNode l = strip_parens(node_field(idx, "left")), r = strip_parens(node_field(idx, "right"));
  long long v;
  const char *end;
  if ((o == '+' || o == '-') && node_is(l, "identifier") && node_is(r, "number_literal") &&
      c_int_prefix(p->f->text + ts_node_start_byte(r), &v, &end) &&
      end == p->f->text + ts_node_end_byte(r)) {
    *c = o == '+' ? v : -v;
    return l;
  }
  if (o == '+' && node_is(r, "identifier") && node_is(l, "number_literal") &&
      c_int_prefix(p->f->text + ts_node_start_byte(l), &v, &end) &&
      end == p->f->text + ts_node_end_byte(l)) {
    *c = v;
    return r;
  }
  return (TSNode){0};
}

/* The integer constant a `for` starts its variable v at (`int v = 0`,
 * `v = 1`); 0 with *known 0 when it starts elsewhere. */
static long long loop_start(const P *p, TSNode loop, const char *v, int *known) {
  TSNode init = node_field(loop, "initializer");
  TSNode val = {0};
  if (node_is(init, "declaration")) {
    TSNode d = node_field(init, "declarator");
    if (node_is(d, "init_declarator") && is_name(p, node_field(d, "declarator"), v))
      val = node_field(d, "value");
  } else if (node_is(init, "assignment_expression") &&
             is_name(p, strip_parens(node_field(init, "left")), v)) {
    val = node_field(init, "right");
  }
  val = strip_parens(val);
  long long k;
  const char *end;
  *known = node_is(val, "number_literal") &&
           c_int_prefix(p->f->text + ts_node_start_byte(val), &k, &end) &&
           end == p->f->text + ts_node_end_byte(val);
  return *known ? k : 0;
}

/* The extent that the `for` around `at` counting `v` gives an index
 * v + c: its bound (+ 1 for `<=`, + c), or NULL with p->why set. *zero:
 * whether the loop's first index is 0 (it starts v at -c). */
static const char *loop_extent(P *p, TSNode at, const char *v, long long c, int *zero) {
  for (TSNode n = ts_node_parent(at); !ts_node_is_null(n) && !same_node(n, p->body);
       n = ts_node_parent(n)) {
    if (!node_is(n, "for_statement")) continue;
    TSNode cond = strip_parens(node_field(n, "condition"));
    TSNode body = node_field(n, "body");
    if (!node_is(cond, "binary_expression")) continue;
    TSNode l = strip_parens(node_field(cond, "left")), r = strip_parens(node_field(cond, "right"));
    TSNode op = ts_node_child_by_field_name(cond, "operator", 8);
    const char *o = text_of(p, op);
    TSNode bound;
    int le;
    if (is_name(p, l, v) && (!strcmp(o, "<") || !strcmp(o, "<="))) {
      bound = r;
      le = o[1] == '=';
    } else if (is_name(p, r, v) && (!strcmp(o, ">") || !strcmp(o, ">="))) {
      bound = l;
      le = o[1] == '=';
    } else {
      continue; /* a loop over another variable */
    }
    /* the access in the loop's body, where the test holds */
    if (ts_node_start_byte(at) < ts_node_start_byte(body) ||
        ts_node_end_byte(at) > ts_node_end_byte(body)) {
      p->why = arena_printf(p->a, "'%s' is read in the header of the loop over '%s'",
                            p->name, v);
      return NULL;
    }
    if (writes(p, body, v)) {
      p->why = arena_printf(p->a, "the loop over '%s' changes it in its body", v);
      return NULL;
    }
    if (!entry_expr(p, bound)) {
      p->why = arena_printf(p->a, "the bound '%s' of the loop over '%s' is not known at "
                            "the function's entry", text_of(p, bound), v);
      return NULL;
    }
    /* the bound's text with its blanks squeezed, so that equal bounds
     * compare equal */
    const char *b = text_of(p, bound);
    char *sq = arena_alloc(p->a, strlen(b) + 1), *w = sq;
    for (const char *q = b; *q; q++)
      if (*q != ' ' && *q != '\t' && *q != '\n' && *q != '\r') *w++ = *q;
    *w = 0;
    int known;
    long long k = loop_start(p, n, v, &known);
    *zero = known && k + c == 0;
    long long add = c + (le ? 1 : 0);
    if (!add) return sq;
    return arena_printf(p->a, "(%s) %c %lld", sq, add > 0 ? '+' : '-', add > 0 ? add : -add);
  }
  p->why = arena_printf(p->a, "'%s' is indexed by '%s', which no enclosing loop bounds",
                        p->name, v);
  return NULL;
}

/* One use of the parameter (identifier n): every subscript, each missing
 * extent checked against the ones seen. */
static int use(P *p, TSNode n) {
  TSNode idx[SC_MAX_RANK];
  TSNode cur = n;
  for (int k = 0; k < p->rank; k++) {
    TSNode s = ts_node_parent(cur);
    while (node_is(s, "parenthesized_expression")) {
      cur = s;
      s = ts_node_parent(s);
    }
    if (!node_is(s, "subscript_expression") || !same_node(node_field(s, "argument"), cur)) {
      unsigned line, col;
      source_presumed(p->f, ts_node_start_byte(n), &line, &col);
      p->why = arena_printf(p->a, "'%s' is used other than as an element on line %u",
                            p->name, line);
      return -1;
    }
    idx[k] = node_field(s, "index");
    cur = s;
  }
  for (int k = 0; k < p->rank; k++) {
    if (!p->found[SC_MAX_RANK + k]) continue; /* known */
    long long c;
    TSNode v = var_plus_const(p, idx[k], &c);
    if (ts_node_is_null(v)) {
      p->why = arena_printf(p->a, "subscript '%s' of '%s' is not a loop variable plus a "
                            "constant", text_of(p, idx[k]), p->name);
      return -1;
    }
    int zero = 0;
    const char *e = loop_extent(p, cur, text_of(p, v), c, &zero);
    if (!e) return -1;
    p->reach0[k] |= zero;
    if (p->found[k] && strcmp(p->found[k], e)) {
      p->why = arena_printf(p->a, "the loops bound dimension %d of '%s' by both '%s' and "
                            "'%s'", k, p->name, p->found[k], e);
      return -1;
    }
    p->found[k] = e;
  }
  return 0;
}

static int walk(P *p, TSNode n) {
  if (is_name(p, n, p->name)) {
    CtDecl d;
    if (ct_lookup(p->ct, p->name, ts_node_start_byte(n), &d) && d.name_offset == p->decl)
      return use(p, n);
    return 0; /* another variable of that name */
  }
  uint32_t nc = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < nc; i++)
    if (walk(p, ts_node_named_child(n, i))) return -1;
  return 0;
}

int param_shape_from_loops(const SourceFile *f, CTypes *ct, TSNode def,
                           const char *name, int rank, const char **extent,
                           Arena *a, const char **why) {
  P p;
  memset(&p, 0, sizeof p);
  p.f = f;
  p.ct = ct;
  p.a = a;
  p.body = node_field(def, "body");
  p.name = name;
  p.rank = rank;
  CtDecl d;
  if (ts_node_is_null(p.body) || rank < 1 || rank > SC_MAX_RANK ||
      !ct_lookup(ct, name, ts_node_start_byte(p.body) + 1, &d) || !d.is_param) {
    *why = "it is not a parameter of the function";
    return -1;
  }
  p.decl = d.name_offset;
  /* found[k]: the extent seen so far; found[SC_MAX_RANK + k] non-NULL
   * marks a dimension to read off the loops */
  const char *found[2 * SC_MAX_RANK] = {0};
  for (int k = 0; k < rank; k++)
    if (!extent[k]) found[SC_MAX_RANK + k] = "";
  p.found = found;
  if (walk(&p, p.body)) {
    *why = p.why;
    return -1;
  }
  for (int k = 0; k < rank; k++) {
    if (extent[k]) continue;
    if (!found[k]) {
      *why = arena_printf(a, "no loop of the function indexes dimension %d of '%s'", k, name);
      return -1;
    }
    /* the entry assembly reads from index 0: a 1-based routine (a
     * Numerical Recipes `float **` whose row 0 does not exist) would have
     * it read what the function never does */
    if (!p.reach0[k]) {
      *why = arena_printf(a, "no loop reaches index 0 of dimension %d of '%s' (the "
                          "assembly at the entry would read from there)", k, name);
      return -1;
    }
  }
  for (int k = 0; k < rank; k++)
    if (!extent[k]) extent[k] = found[k];
  return 0;
}
