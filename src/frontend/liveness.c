/* liveness.c — whether a loop variable declared outside a loop nest may be
 * read after the nest (IrLoopVar.live_after; see liveness.h).
 *
 * The variable is dead after the nest when, in execution order after it,
 * every path writes it with a plain assignment (`j = e;` with e not reading
 * j, `for (j = 0; ...)`) before any read, or ends (return, end of the
 * function) without a reference. The walk covers what follows the nest in
 * each enclosing block up to the function's end and, for each loop that
 * encloses the nest, that loop's condition and update and its whole body
 * (the next iteration runs it again). Anything not analysed is a read:
 * goto or labels in the function, `&j`, a static, global or volatile
 * variable, a macro of the file whose body names j, a switch or case
 * label around the nest, a preprocessor conditional around it. References
 * are resolved with libclang, so a shadowing declaration is another
 * variable. */
#include "frontend/liveness.h"
#include "frontend/tsnode.h"

#include <string.h>

/* Path outcomes of running a statement from its start, as a bit set:
 * no bit = every path writes the variable first or leaves the function. */
enum {
  F_LIVE = 1, /* some path reads it first */
  F_FALL = 2, /* some path reaches the next statement without a reference */
  F_ESC = 4   /* some path leaves by break/continue without a reference */
};

typedef struct Lv {
  const SourceFile *f;
  CTypes *ct;
  const char *name;
  size_t nlen;
  size_t decl_off; /* CtDecl.name_offset of the variable */
} Lv;

/* Whether identifier node n names the variable (scope-correctly). */
static int ref_of(const Lv *l, TSNode n, int strict) {
  if (!node_is(n, "identifier"))
    return 0;
  size_t s = ts_node_start_byte(n), e = ts_node_end_byte(n);
  if (e - s != l->nlen || memcmp(l->f->text + s, l->name, l->nlen))
    return 0;
  CtDecl d;
  /* a name clang does not resolve here (a macro argument...) counts as a
   * read, never as a write */
  if (!ct_lookup(l->ct, l->name, s, &d))
    return !strict;
  return d.name_offset == l->decl_off;
}

static int is_ref(const Lv *l, TSNode n) { return ref_of(l, n, 0); }

static int mentions(const Lv *l, TSNode n) {
  if (ts_node_is_null(n))
    return 0;
  if (is_ref(l, n))
    return 1;
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++)
    if (mentions(l, ts_node_named_child(n, i)))
      return 1;
  return 0;
}

/* Whether n holds a break/continue that leaves n (in_loop/in_switch: the
 * nearest enclosing target inside n). */
static int escapes(TSNode n, int in_loop, int in_switch) {
  const char *ty = ts_node_type(n);
  if (!strcmp(ty, "break_statement"))
    return !in_loop && !in_switch;
  if (!strcmp(ty, "continue_statement"))
    return !in_loop;
  if (!strcmp(ty, "for_statement") || !strcmp(ty, "while_statement") ||
      !strcmp(ty, "do_statement"))
    in_loop = 1;
  if (!strcmp(ty, "switch_statement"))
    in_switch = 1;
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++)
    if (escapes(ts_node_named_child(n, i), in_loop, in_switch))
      return 1;
  return 0;
}

/* `v = e` with e not reading v. */
static int is_kill(const Lv *l, TSNode e) {
  e = strip_parens(e);
  if (!node_is(e, "assignment_expression"))
    return 0;
  TSNode op = node_field(e, "operator");
  if (ts_node_is_null(op) || ts_node_end_byte(op) - ts_node_start_byte(op) != 1 ||
      l->f->text[ts_node_start_byte(op)] != '=')
    return 0;
  return ref_of(l, strip_parens(node_field(e, "left")), 1) && !mentions(l, node_field(e, "right"));
}

static unsigned first_ref(const Lv *l, TSNode n);

/* Statements run one after the other (the named children of a block). */
static unsigned sequence(const Lv *l, TSNode parent, uint32_t from) {
  unsigned acc = 0;
  int fall = 1;
  uint32_t c = ts_node_named_child_count(parent);
  for (uint32_t i = from; i < c && fall; i++) {
    unsigned r = first_ref(l, ts_node_named_child(parent, i));
    acc |= r & (F_LIVE | F_ESC);
    fall = (r & F_FALL) != 0;
  }
  return acc | (fall ? F_FALL : 0);
}

/* A loop statement analysed as a whole: its break/continue are its own. */
static unsigned loop_ref(const Lv *l, TSNode n) {
  const char *ty = ts_node_type(n);
  TSNode body = node_field(n, "body");
  if (!strcmp(ty, "for_statement")) {
    TSNode init = node_field(n, "initializer");
    if (!ts_node_is_null(init)) {
      if (is_kill(l, init))
        return 0;
      if (mentions(l, init))
        return F_LIVE;
    }
    if (mentions(l, node_field(n, "condition")) || mentions(l, node_field(n, "update")))
      return F_LIVE;
    unsigned r = ts_node_is_null(body) ? F_FALL : first_ref(l, body);
    return (r & F_LIVE) ? F_LIVE : F_FALL;
  }
  if (!strcmp(ty, "while_statement")) {
    if (mentions(l, node_field(n, "condition")))
      return F_LIVE;
    unsigned r = first_ref(l, body);
    return (r & F_LIVE) ? F_LIVE : F_FALL;
  }
  /* do: the body runs once before the condition */
  unsigned r = first_ref(l, body);
  if (r & F_LIVE)
    return F_LIVE;
  if (!(r & (F_FALL | F_ESC)))
    return 0;
  if (mentions(l, node_field(n, "condition")))
    return F_LIVE;
  return F_FALL;
}

static unsigned first_ref(const Lv *l, TSNode n) {
  const char *ty = ts_node_type(n);
  if (!strcmp(ty, "comment"))
    return F_FALL;
  if (!strcmp(ty, "compound_statement"))
    return sequence(l, n, 0);
  if (!strcmp(ty, "expression_statement")) {
    if (ts_node_named_child_count(n) && is_kill(l, ts_node_named_child(n, 0)))
      return 0;
    return mentions(l, n) ? F_LIVE : F_FALL;
  }
  if (!strcmp(ty, "if_statement")) {
    if (mentions(l, node_field(n, "condition")))
      return F_LIVE;
    TSNode alt = node_field(n, "alternative");
    if (node_is(alt, "else_clause") && ts_node_named_child_count(alt))
      alt = ts_node_named_child(alt, 0);
    unsigned r = first_ref(l, node_field(n, "consequence"));
    return r | (ts_node_is_null(alt) ? F_FALL : first_ref(l, alt));
  }
  if (!strcmp(ty, "for_statement") || !strcmp(ty, "while_statement") ||
      !strcmp(ty, "do_statement"))
    return loop_ref(l, n);
  if (!strcmp(ty, "return_statement"))
    return mentions(l, n) ? F_LIVE : 0;
  if (!strcmp(ty, "break_statement") || !strcmp(ty, "continue_statement"))
    return F_ESC;
  if (!strcmp(ty, "goto_statement") || !strcmp(ty, "labeled_statement"))
    return F_LIVE;
  if (!strcmp(ty, "preproc_call")) /* #pragma, #define...: no control */
    return mentions(l, n) ? F_LIVE : F_FALL;
  if (!strncmp(ty, "preproc_", 8)) /* #if branches: not analysed */
    return F_LIVE;
  /* declarations, switch, anything else: a reference anywhere is a read */
  if (mentions(l, n))
    return F_LIVE;
  return F_FALL | (escapes(n, 0, 0) ? F_ESC : 0);
}

/* Any node of one of the kinds in n's subtree. */
static int contains_kind(TSNode n, const char *a, const char *b) {
  if (node_is(n, a) || node_is(n, b))
    return 1;
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++)
    if (contains_kind(ts_node_named_child(n, i), a, b))
      return 1;
  return 0;
}

/* `&v` somewhere in n. */
static int address_taken(const Lv *l, TSNode n) {
  if (node_is(n, "pointer_expression")) {
    TSNode op = node_field(n, "operator");
    if (!ts_node_is_null(op) && l->f->text[ts_node_start_byte(op)] == '&' &&
        is_ref(l, strip_parens(node_field(n, "argument"))))
      return 1;
  }
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++)
    if (address_taken(l, ts_node_named_child(n, i)))
      return 1;
  return 0;
}

/* Whether token `name` occurs in text [s, e). */
static int has_token(const char *s, const char *e, const char *name, size_t n) {
  for (const char *p = s; p + n <= e; p++) {
    if (memcmp(p, name, n))
      continue;
    int before = p > s && (p[-1] == '_' || (p[-1] >= '0' && p[-1] <= '9') ||
                           ((p[-1] | 32) >= 'a' && (p[-1] | 32) <= 'z'));
    char a = p + n < e ? p[n] : ' ';
    int after = a == '_' || (a >= '0' && a <= '9') || ((a | 32) >= 'a' && (a | 32) <= 'z');
    if (!before && !after)
      return 1;
  }
  return 0;
}

/* A macro of the file whose body names the variable (other than as one of
 * its parameters) may read it where it is expanded. */
static int macro_names(const Lv *l, TSNode n) {
  if (node_is(n, "preproc_def") || node_is(n, "preproc_function_def")) {
    TSNode v = node_field(n, "value");
    if (ts_node_is_null(v))
      return 0;
    const char *t = l->f->text;
    if (!has_token(t + ts_node_start_byte(v), t + ts_node_end_byte(v), l->name, l->nlen))
      return 0;
    TSNode ps = node_field(n, "parameters");
    if (!ts_node_is_null(ps) &&
        has_token(t + ts_node_start_byte(ps), t + ts_node_end_byte(ps), l->name, l->nlen))
      return 0;
    return 1;
  }
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++)
    if (macro_names(l, ts_node_named_child(n, i)))
      return 1;
  return 0;
}

int liveness_after_nest(const SourceFile *f, TSTree *tree, CTypes *ct,
                        TSNode nest, const char *name) {
  CtDecl d;
  if (!ct_lookup(ct, name, ts_node_start_byte(nest), &d))
    return 1;
  if (d.kind != CT_SCALAR || d.is_global || !d.in_main_file || !d.name_offset ||
      d.decl_span.end <= d.decl_span.start)
    return 1;
  {
    /* the whole declaration statement (clang's extent may be one
     * declarator of `static int i, j;`) */
    TSNode dn = ts_node_descendant_for_byte_range(ts_tree_root_node(tree),
                                                  (uint32_t)d.name_offset,
                                                  (uint32_t)(d.name_offset + strlen(name)));
    while (!ts_node_is_null(dn) && !node_is(dn, "declaration") &&
           !node_is(dn, "parameter_declaration") && !node_is(dn, "translation_unit"))
      dn = ts_node_parent(dn);
    if (ts_node_is_null(dn) || node_is(dn, "translation_unit"))
      return 1;
    const char *s = f->text + ts_node_start_byte(dn), *e = f->text + ts_node_end_byte(dn);
    if (has_token(s, e, "static", 6) || has_token(s, e, "extern", 6) ||
        has_token(s, e, "volatile", 8))
      return 1;
  }
  Lv l = {f, ct, name, strlen(name), d.name_offset};
  TSNode fn = nest;
  while (!ts_node_is_null(fn) && !node_is(fn, "function_definition"))
    fn = ts_node_parent(fn);
  if (ts_node_is_null(fn))
    return 1;
  TSNode body = node_field(fn, "body");
  if (contains_kind(body, "goto_statement", "labeled_statement") ||
      address_taken(&l, body) || macro_names(&l, ts_tree_root_node(tree)))
    return 1;
  TSNode cur = nest;
  for (;;) {
    TSNode p = ts_node_parent(cur);
    if (ts_node_is_null(p))
      return 1;
    const char *ty = ts_node_type(p);
    if (!strcmp(ty, "function_definition"))
      return 0; /* the end of the function: locals are gone */
    if (!strcmp(ty, "compound_statement")) {
      uint32_t c = ts_node_named_child_count(p), at = c;
      for (uint32_t i = 0; i < c; i++)
        if (ts_node_start_byte(ts_node_named_child(p, i)) == ts_node_start_byte(cur) &&
            ts_node_end_byte(ts_node_named_child(p, i)) == ts_node_end_byte(cur))
          at = i;
      if (at == c)
        return 1;
      unsigned r = sequence(&l, p, at + 1);
      if (r & F_LIVE)
        return 1;
      if (!(r & (F_FALL | F_ESC)))
        return 0; /* written (or the function left) on every path */
    } else if (!strcmp(ty, "for_statement") || !strcmp(ty, "while_statement") ||
               !strcmp(ty, "do_statement")) {
      TSNode b = node_field(p, "body");
      if (ts_node_is_null(b) || ts_node_start_byte(b) != ts_node_start_byte(cur))
        return 1;
      /* the next iteration: condition, update, then the body from its start */
      if (mentions(&l, node_field(p, "condition")) || mentions(&l, node_field(p, "update")))
        return 1;
      if (first_ref(&l, b) & F_LIVE)
        return 1;
    } else if (!strcmp(ty, "if_statement") || !strcmp(ty, "else_clause")) {
      /* the other branch does not run after this one */
    } else {
      return 1; /* switch, case label, preprocessor conditional, ... */
    }
    cur = p;
  }
}
