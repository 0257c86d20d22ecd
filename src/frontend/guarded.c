/* guarded.c — recognizes a nest whose whole body is `if (G) S` with G
 * false wherever one sparse array's element is zero (guarded.h). The
 * checks keep the dense program's meaning when S runs at the stored
 * entries only, in the loops' order: G is pure; S leaves the nest only by
 * return or goto (not to a label inside it), or the innermost loop by
 * break (whose variable, declared outside a nest of two loops or more,
 * is not read after it: the walk would leave it at the loop's end);
 * assigns neither the loop variables nor the names of their bounds, and
 * uses the array only by reading the guarded element; it
 * is no subscript of another array whose uses are rewritten; a function
 * of the file it calls names neither the array nor a global that a bound
 * or a fixed subscript reads. */
#include "frontend/guarded.h"

#include <stdlib.h>
#include <string.h>

#include "frontend/extract_walk.h"
#include "frontend/liveness.h"
#include "frontend/tsnode.h"

typedef struct G {
  const ExtractEnv *env;
  const char *text;
  GuardedNest *g;
  ExtractRefusal *why;
} G;

static const char *txt(const G *m, TSNode n) {
  return arena_strndup(m->env->ctx->arena, m->text + ts_node_start_byte(n),
                       ts_node_end_byte(n) - ts_node_start_byte(n));
}

static int is_text(const G *m, TSNode n, const char *s) {
  size_t a = ts_node_start_byte(n), b = ts_node_end_byte(n);
  return b - a == strlen(s) && !memcmp(m->text + a, s, b - a);
}

static TSNode unparen(TSNode n) {
  while (node_is(n, "parenthesized_expression")) n = ts_node_named_child(n, 0);
  return n;
}

/* The only statement of a block (comments aside), or n itself. */
static TSNode only_stmt(TSNode n) {
  if (!node_is(n, "compound_statement")) return n;
  TSNode one = {0};
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++) {
    TSNode k = ts_node_named_child(n, i);
    if (node_is(k, "comment")) continue;
    if (!ts_node_is_null(one)) {
      TSNode none = {0};
      return none;
    }
    one = k;
  }
  return one;
}

static int refuse_at(G *m, TSNode n, const char *reason) {
  m->why->reason = reason;
  m->why->where = span_make(ts_node_start_byte(n), ts_node_end_byte(n));
  return 2;
}

static int pure(G *m, TSNode n);

/* A header `for (T v = lo; v < hi; v++)` (also `v = lo`, `<=`, `++v`,
 * `v += 1`) into *l; 0 or -1. */
static int header(G *m, TSNode f, GuardedLoop *l) {
  TSNode init = node_field(f, "initializer"), cond = node_field(f, "condition"),
         upd = node_field(f, "update");
  TSNode var = {0}, lo = {0};
  l->decl_type = NULL;
  if (node_is(init, "declaration")) {
    TSNode d = node_field(init, "declarator");
    if (ts_node_named_child_count(init) != 2 || !node_is(d, "init_declarator"))
      return -1;
    var = node_field(d, "declarator");
    lo = node_field(d, "value");
    l->decl_type = txt(m, node_field(init, "type"));
  } else if (node_is(init, "assignment_expression") &&
             is_text(m, node_field(init, "operator"), "=")) {
    var = node_field(init, "left");
    lo = node_field(init, "right");
  }
  if (!node_is(var, "identifier") || ts_node_is_null(lo)) return -1;
  l->var = txt(m, var);
  l->lo = txt(m, lo);
  if (!node_is(cond, "binary_expression") ||
      !is_text(m, node_field(cond, "left"), l->var) || !pure(m, lo) ||
      !pure(m, node_field(cond, "right")))
    return -1;
  TSNode op = node_field(cond, "operator");
  const char *hi = txt(m, node_field(cond, "right"));
  if (is_text(m, op, "<")) l->hi = hi;
  else if (is_text(m, op, "<=")) l->hi = arena_printf(m->env->ctx->arena, "(%s) + 1", hi);
  else return -1;
  if (node_is(upd, "update_expression")) {
    if (!is_text(m, node_field(upd, "argument"), l->var) ||
        !strstr(txt(m, upd), "++"))
      return -1;
  } else if (node_is(upd, "assignment_expression")) {
    if (!is_text(m, node_field(upd, "left"), l->var) ||
        !is_text(m, node_field(upd, "operator"), "+=") ||
        !is_text(m, node_field(upd, "right"), "1"))
      return -1;
  } else
    return -1;
  return 0;
}

/* The bound array identifier n names (scope-correctly), or NULL. */
static const BoundArray *array_of(const G *m, TSNode n) {
  if (!node_is(n, "identifier")) return NULL;
  const char *name = txt(m, n);
  CtDecl d;
  if (!ct_lookup(m->env->ct, name, ts_node_start_byte(n), &d)) return NULL;
  for (int pass = 0; pass < 2; pass++) {
    /* an array whose storage is replaced first: read through its handle */
    const BoundArray *b = pass ? m->env->bound : m->env->stored;
    int nb = pass ? m->env->nbound : m->env->nstored;
    for (int i = 0; i < nb; i++)
      if (!strcmp(b[i].b->name, name) && b[i].decl.canon_offset == d.canon_offset)
        return &b[i];
  }
  return NULL;
}

/* An element of a bound array: the array, the loop of each dimension
 * (-1 for a leading fixed one) and the fixed subscripts' text. */
typedef struct Elem {
  const BoundArray *arr;
  int dd[SC_MAX_RANK];
  const char *fixed[SC_MAX_RANK];
  int nfixed;
} Elem;

static int names(const char *s, const char *name);

/* Whether n is an element of a bound array whose subscripts are the loop
 * variables, each once, in any order, after leading subscripts that name
 * no loop variable and are pure (a fixed row): A[i][j], A[j][i], A[r][j]. */
static int element(G *m, TSNode n, Elem *e) {
  n = unparen(n);
  TSNode idx[SC_MAX_RANK];
  int k = 0;
  while (node_is(n, "subscript_expression") && k < SC_MAX_RANK) {
    idx[k++] = unparen(node_field(n, "index"));
    n = unparen(node_field(n, "argument"));
  }
  const BoundArray *b = array_of(m, n);
  if (!b || b->rank != k || b->delinearize) return 0;
  unsigned seen = 0;
  e->nfixed = 0;
  for (int d = 0; d < k; d++) {
    TSNode x = idx[k - 1 - d];
    int dep = -1;
    for (int l = 0; l < m->g->depth; l++)
      if (node_is(x, "identifier") && is_text(m, x, m->g->loop[l].var)) dep = l;
    if (dep < 0) {
      const char *t = txt(m, x);
      if (d != e->nfixed || !pure(m, x)) return 0;
      for (int l = 0; l < m->g->depth; l++)
        if (names(t, m->g->loop[l].var)) return 0;
      e->fixed[e->nfixed++] = t;
      e->dd[d] = -1;
      continue;
    }
    if (seen & (1u << dep)) return 0;
    seen |= 1u << dep;
    e->dd[d] = dep;
  }
  if (k - e->nfixed != m->g->depth) return 0;
  e->arr = b;
  return 1;
}

/* Whether two elements are the same (array and subscripts). */
static int same_elem(const Elem *a, const Elem *b) {
  if (a->arr != b->arr || a->nfixed != b->nfixed ||
      memcmp(a->dd, b->dd, sizeof(int) * (size_t)a->arr->rank))
    return 0;
  for (int d = 0; d < a->nfixed; d++)
    if (strcmp(a->fixed[d], b->fixed[d])) return 0;
  return 1;
}

/* A numeric literal, possibly negated, into *v. */
static int literal(G *m, TSNode n, double *v) {
  n = unparen(n);
  int neg = 0;
  if (node_is(n, "unary_expression") && is_text(m, node_field(n, "operator"), "-")) {
    neg = 1;
    n = unparen(node_field(n, "argument"));
  }
  if (!node_is(n, "number_literal")) return 0;
  const char *t = txt(m, n);
  if (t[0] == '0' && (t[1] == 'x' || t[1] == 'X')) *v = (double)strtoull(t, NULL, 16);
  else *v = strtod(t, NULL);
  if (neg) *v = -*v;
  return 1;
}

/* Whether n is the guarded element, or |element| (*absv) through fabs. */
static int elem_or_abs(G *m, TSNode n, Elem *e, int *absv) {
  n = unparen(n);
  *absv = 0;
  if (node_is(n, "call_expression")) {
    TSNode f = node_field(n, "function"), args = node_field(n, "arguments");
    if (!node_is(f, "identifier") || ts_node_named_child_count(args) != 1) return 0;
    if (!is_text(m, f, "fabs") && !is_text(m, f, "fabsf") && !is_text(m, f, "fabsl"))
      return 0;
    *absv = 1;
    n = ts_node_named_child(args, 0);
  }
  return element(m, n, e);
}

/* Whether condition n is false wherever the element it tests is zero:
 * `A[i][j]`, `A[i][j] != 0`, `A[i][j] > c` (c >= 0), `fabs(A[i][j]) > c`,
 * `A[i][j] < c` (c <= 0), ... and `X && Y` with either side so. */
static int false_at_zero(G *m, TSNode n, Elem *e) {
  n = unparen(n);
  if (node_is(n, "subscript_expression")) return element(m, n, e);
  if (!node_is(n, "binary_expression")) return 0;
  TSNode op = node_field(n, "operator"), a = node_field(n, "left"),
         b = node_field(n, "right");
  if (is_text(m, op, "&&"))
    return false_at_zero(m, a, e) || false_at_zero(m, b, e);
  static const char *const ops[] = {"!=", ">", ">=", "<", "<="};
  int o = -1;
  for (int i = 0; i < 5; i++)
    if (is_text(m, op, ops[i])) o = i;
  if (o < 0) return 0;
  double c;
  int absv;
  if (literal(m, a, &c)) { /* c OP X: X mirror(OP) c */
    static const int mirror[] = {0, 3, 4, 1, 2};
    TSNode t = a;
    a = b;
    b = t;
    o = mirror[o];
  } else if (!literal(m, b, &c))
    return 0;
  if (!elem_or_abs(m, a, e, &absv)) return 0;
  switch (o) {
  case 0: return c == 0;                 /* X != 0 */
  case 1: return c >= 0;                 /* X > c */
  case 2: return c > 0;                  /* X >= c */
  case 3: return !absv && c <= 0;        /* X < c */
  default: return !absv && c < 0;        /* X <= c */
  }
}

/* Whether expression n is pure: no assignment, ++/--, or call other than
 * a pure <math.h> function. */
static int pure(G *m, TSNode n) {
  if (node_is(n, "assignment_expression") || node_is(n, "update_expression"))
    return 0;
  if (node_is(n, "call_expression")) {
    TSNode f = node_field(n, "function");
    if (!node_is(f, "identifier") || !is_pure_fn(txt(m, f))) return 0;
  }
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++)
    if (!pure(m, ts_node_named_child(n, i))) return 0;
  return 1;
}

/* Whether n holds an assignment, ++/-- or a call (or leaves the loop). */
static int effects(TSNode n) {
  const char *t = ts_node_type(n);
  if (!strcmp(t, "assignment_expression") || !strcmp(t, "update_expression") ||
      !strcmp(t, "call_expression") || !strcmp(t, "break_statement") ||
      !strcmp(t, "return_statement") || !strcmp(t, "goto_statement"))
    return 1;
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++)
    if (effects(ts_node_named_child(n, i))) return 1;
  return 0;
}

/* The identifier assigned, incremented or whose address is taken by n
 * (an identifier or an element of one), else a null node. */
static TSNode target(TSNode n) {
  TSNode t = {0};
  if (node_is(n, "assignment_expression")) t = node_field(n, "left");
  else if (node_is(n, "update_expression")) t = node_field(n, "argument");
  else if (node_is(n, "pointer_expression") &&
           !strcmp(ts_node_type(ts_node_child(n, 0)), "&"))
    t = node_field(n, "argument");
  else
    return t;
  for (;;) {
    t = unparen(t);
    if (node_is(t, "subscript_expression")) t = node_field(t, "argument");
    else if (node_is(t, "field_expression")) t = node_field(t, "argument");
    else break;
  }
  return t;
}

static int ident_char(char c) {
  return c == '_' || (c >= '0' && c <= '9') || ((c | 32) >= 'a' && (c | 32) <= 'z');
}

/* Whether text s names identifier name (a whole word). */
static int names(const char *s, const char *name) {
  size_t n = strlen(name);
  for (const char *p = strstr(s, name); p; p = strstr(p + 1, name)) {
    if (!(p > s && ident_char(p[-1])) && !ident_char(p[n])) return 1;
  }
  return 0;
}

/* Whether name is one the bodies or bounds of the nest must keep: a loop
 * variable, or a name in a bound. */
static int kept_name(const G *m, const char *name) {
  for (int l = 0; l < m->g->depth; l++)
    if (!strcmp(m->g->loop[l].var, name) || names(m->g->loop[l].lo, name) ||
        names(m->g->loop[l].hi, name))
      return 1;
  for (int d = 0; d < m->g->nfixed; d++)
    if (names(m->g->fixed[d], name)) return 1;
  return 0;
}

/* Whether text (a function of the file the body calls at n) names a
 * global variable a loop bound or a fixed subscript reads: the call may
 * change it. */
static int bound_global_in(const G *m, TSNode n, const char *text) {
  for (int l = 0; l < m->g->depth + m->g->nfixed; l++)
    for (int hi = 0; hi < 2; hi++)
      for (const char *p = l >= m->g->depth ? (hi ? m->g->fixed[l - m->g->depth] : "")
                           : hi ? m->g->loop[l].hi : m->g->loop[l].lo;
           *p;) {
        if (!ident_char(*p) || (*p >= '0' && *p <= '9')) {
          while (ident_char(*p)) p++; /* a number's suffix */
          if (*p) p++;
          continue;
        }
        const char *q = p;
        while (ident_char(*q)) q++;
        const char *name = arena_strndup(m->env->ctx->arena, p, (size_t)(q - p));
        CtDecl d;
        if (ct_lookup(m->env->ct, name, ts_node_start_byte(n), &d) && d.is_global &&
            names(text, name))
          return 1;
        p = q;
      }
  return 0;
}

/* Checks the statement's body (n, inside the nest; `inner` counts the
 * loops and switches around n inside the statement). 0 or 2. */
static int body_ok(G *m, TSNode n, int inner) {
  const char *ty = ts_node_type(n);
  /* return, or goto a label outside the nest (one inside is refused
   * below): the first entry in the loops' order where the guard holds is
   * the dense program's, since the guard is false where the element is
   * zero (lower_guarded refuses a walk that would have a copy to free) */
  if (!strcmp(ty, "return_statement") || !strcmp(ty, "goto_statement")) {
    if (!m->g->exit) m->g->exit = txt(m, ts_node_child(n, 0));
  } else if (!strcmp(ty, "break_statement") && !inner) {
    /* leaves the innermost loop at the first entry of its walk where the
     * body reaches it: the dense loop's, for the same reason */
    if (m->g->nbreak == (int)(sizeof m->g->brk / sizeof *m->g->brk))
      return refuse_at(m, n, "the guarded body has too many 'break' statements");
    m->g->brk[m->g->nbreak++] = span_make(ts_node_start_byte(n), ts_node_end_byte(n));
  } else if (!strcmp(ty, "labeled_statement"))
    return refuse_at(m, n, "'label' leaves the loop nest from its guarded body "
                     "(run at the stored entries only, the nest would not stop "
                     "where the dense one does)");
  TSNode t = target(n);
  if (node_is(t, "identifier")) {
    const char *name = txt(m, t);
    if (kept_name(m, name))
      return refuse_at(m, n, arena_printf(m->env->ctx->arena,
                       "the guarded body changes '%s', which the loops read", name));
  }
  if (node_is(n, "identifier")) {
    const BoundArray *b = array_of(m, n);
    if (b && b != m->g->array) {
      /* stored sparse: its uses are rewritten (lookups), which must not
       * hold the guarded element */
      TSNode e = n, p = ts_node_parent(n);
      while (node_is(p, "subscript_expression") || node_is(p, "parenthesized_expression")) {
        e = p;
        p = ts_node_parent(p);
      }
      for (int a = 0; a < m->g->naccess; a++)
        if (ts_node_start_byte(e) <= m->g->access[a].start &&
            m->g->access[a].end <= ts_node_end_byte(e))
          return refuse_at(m, e, arena_printf(m->env->ctx->arena,
                           "the guarded element is a subscript of '%s'",
                           b->b->name));
    }
    if (b == m->g->array) {
      /* only as the guarded element, read */
      TSNode e = n, p = ts_node_parent(n);
      while (node_is(p, "subscript_expression") &&
             ts_node_start_byte(node_field(p, "argument")) == ts_node_start_byte(e)) {
        e = p;
        p = ts_node_parent(p);
      }
      int ok = 0;
      for (int a = 0; a < m->g->naccess; a++)
        if (m->g->access[a].start == ts_node_start_byte(e) &&
            m->g->access[a].end == ts_node_end_byte(e))
          ok = 1;
      TSNode w = target(p); /* the element written, or its address taken */
      if (!ok || (node_is(w, "identifier") && ts_node_start_byte(w) == ts_node_start_byte(n)))
        return refuse_at(m, e, arena_printf(m->env->ctx->arena,
                         "the guarded body uses '%s' other than by reading the "
                         "element its guard tests", b->b->name));
    }
  }
  if (node_is(n, "call_expression")) {
    TSNode f = node_field(n, "function");
    if (node_is(f, "identifier")) {
      TSNode def = node_function_definition(ts_tree_root_node(m->env->ctx->tree),
                                            m->text, txt(m, f));
      if (!ts_node_is_null(def)) {
        TSNode fn = def;
        while (!ts_node_is_null(fn) && !node_is(fn, "function_definition"))
          fn = ts_node_parent(fn);
        const char *body = ts_node_is_null(fn) ? "" : txt(m, fn);
        int bad = names(body, m->g->array->b->name) || bound_global_in(m, n, body);
        if (bad)
          return refuse_at(m, n, arena_printf(m->env->ctx->arena,
                           "the guarded body calls '%s', which may change '%s' or "
                           "the loops' bounds", txt(m, f), m->g->array->b->name));
      }
    }
  }
  int in = inner + (!strcmp(ty, "for_statement") || !strcmp(ty, "while_statement") ||
                    !strcmp(ty, "do_statement") || !strcmp(ty, "switch_statement"));
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++)
    if (body_ok(m, ts_node_named_child(n, i), in)) return 2;
  return 0;
}

/* Collects the reads of the guarded element under n. */
static void collect(G *m, const Elem *tested, TSNode n) {
  Elem e;
  if (node_is(n, "subscript_expression") && element(m, n, &e)) {
    if (!same_elem(&e, tested) || m->g->naccess == 16)
      return; /* body_ok refuses it */
    m->g->access[m->g->naccess++] =
        span_make(ts_node_start_byte(n), ts_node_end_byte(n));
    return;
  }
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++) collect(m, tested, ts_node_named_child(n, i));
}

int guarded_match(const ExtractEnv *env, TSNode f, GuardedNest *g,
                  ExtractRefusal *why) {
  G m = {env, env->ctx->file->text, g, why};
  memset(g, 0, sizeof *g);
  TSNode n = f, stmt = {0};
  while (node_is(n, "for_statement")) {
    if (g->depth == SC_MAX_RANK || header(&m, n, &g->loop[g->depth])) return 1;
    g->depth++;
    n = only_stmt(node_field(n, "body"));
    if (node_is(n, "if_statement")) stmt = n;
  }
  if (ts_node_is_null(stmt) || !ts_node_is_null(node_field(stmt, "alternative")))
    return 1;
  for (int l = 0; l < g->depth; l++)
    for (int k = 0; k < g->depth; k++)
      if (names(g->loop[l].lo, g->loop[k].var) || names(g->loop[l].hi, g->loop[k].var))
        g->loop[l].rect = -1;
  for (int l = 0; l < g->depth; l++) g->loop[l].rect = g->loop[l].rect == 0;
  TSNode cond = node_field(stmt, "condition");
  Elem e;
  if (!false_at_zero(&m, cond, &e)) return 1;
  g->array = e.arr;
  g->nfixed = e.nfixed;
  memcpy(g->fixed, e.fixed, sizeof e.fixed);
  memcpy(g->dim_depth, e.dd, sizeof e.dd);
  if (g->array->layout == IR_LAYOUT_FLAT || !g->array->decl.elem_ok) return 1;
  for (int d = 0; d < g->array->rank; d++)
    if (!g->array->extent[d] && !g->array->handle) return 1;
  if (!pure(&m, cond))
    return refuse_at(&m, cond, "the guard of the body has side effects");
  for (int l = 0; l < g->depth; l++) {
    if (!g->loop[l].decl_type && !g->loop[l].rect)
      return refuse_at(&m, f, arena_printf(env->ctx->arena,
                       "loop variable '%s' is declared outside the nest and its "
                       "bounds depend on another loop's", g->loop[l].var));
  }
  if (!effects(node_field(stmt, "consequence")))
    return 1; /* the kernel model says why */
  g->stmt = span_make(ts_node_start_byte(stmt), ts_node_end_byte(stmt));
  g->loops = span_make(ts_node_start_byte(f), ts_node_end_byte(f));
  collect(&m, &e, stmt);
  if (body_ok(&m, stmt, 0)) return 2;
  const GuardedLoop *in = &g->loop[g->depth - 1];
  if (g->nbreak && g->depth > 1 && !in->decl_type &&
      liveness_after_nest(env->ctx->file, env->ctx->tree, env->ct, f, in->var))
    return refuse_at(&m, f, arena_printf(env->ctx->arena,
                     "'break' leaves the loop over '%s' from its guarded body, "
                     "and '%s', declared outside the nest, is read after it "
                     "(the walk of the stored entries would not leave it at "
                     "the last row's value)", in->var, in->var));
  return 0;
}
