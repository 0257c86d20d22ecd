/* extract_invariant.c — loop-invariant opaque expressions: which
 * expressions keep their value during the kernel (pure <math.h> functions,
 * side-effect-free macros, casts to type names), and their text as the
 * lowered code spells it (sizeof of a stored array rewritten). */
#include "frontend/extract_walk.h"

#include <string.h>

#include "frontend/storage.h"

/* <math.h> functions without side effects (errno aside), by their double
 * names; their float and long double forms (`sqrtf`, `fabsl`) count too.
 * Not lgamma (it sets signgam), frexp, modf, remquo (they write through a
 * pointer). */
static const char *const kPureFns[] = {
    "fabs",  "sqrt",     "cbrt",      "exp",   "exp2",  "expm1", "log",
    "log2",  "log10",    "log1p",     "logb",  "sin",   "cos",   "tan",
    "asin",  "acos",     "atan",      "atan2", "sinh",  "cosh",  "tanh",
    "asinh", "acosh",    "atanh",     "pow",   "fmax",  "fmin",  "fdim",
    "floor", "ceil",     "round",     "trunc", "rint",  "nearbyint",
    "fmod",  "remainder", "hypot",    "copysign", "erf", "erfc", "tgamma",
    "fma",   "ldexp",    "scalbn",    "nextafter"};

/* Integer and type-generic ones, by their exact names. */
static const char *const kPureExact[] = {
    "abs", "labs", "llabs", "isnan", "isinf", "isfinite", "isnormal",
    "signbit", "fpclassify"};

int is_pure_fn(const char *name) {
  if (name_in(name, kPureFns, sizeof kPureFns / sizeof *kPureFns) ||
      name_in(name, kPureExact, sizeof kPureExact / sizeof *kPureExact))
    return 1;
  size_t n = strlen(name);
  if (n < 2 || (name[n - 1] != 'f' && name[n - 1] != 'l'))
    return 0;
  char base[32];
  if (n - 1 >= sizeof base)
    return 0;
  memcpy(base, name, n - 1);
  base[n - 1] = '\0';
  return name_in(base, kPureFns, sizeof kPureFns / sizeof *kPureFns);
}

/* Whether `name` is a function-like macro of the file whose body has no
 * side effect: no assignment, ++/--, or call other than a pure <math.h>
 * function (PolyBench's SCALAR_VAL(x), SQRT_FUN(x)). Its call stays in the
 * output as written, so it expands exactly as in the input. */
/* The first definition under n (the file's root: its top level and
 * preprocessor blocks) of macro `name` whose node type is `type`
 * ("preproc_def", "preproc_function_def"; NULL: either); a null node when
 * there is none. */
static TSNode macro_def(X *x, TSNode n, const char *name, const char *type) {
  if (node_is(n, "preproc_def") || node_is(n, "preproc_function_def")) {
    TSNode nm = node_field(n, "name");
    if ((!type || node_is(n, type)) && node_is(nm, "identifier") &&
        !strcmp(ntext(x, nm), name))
      return n;
    return (TSNode){0};
  }
  if (!node_is(n, "translation_unit") && strncmp(ts_node_type(n), "preproc_", 8))
    return (TSNode){0};
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++) {
    TSNode d = macro_def(x, ts_node_named_child(n, i), name, type);
    if (!ts_node_is_null(d))
      return d;
  }
  return (TSNode){0};
}

int macro_defined(X *x, TSNode n, const char *name) {
  return !ts_node_is_null(macro_def(x, n, name, NULL));
}

/* Whether every name in a macro body is a parameter, a C keyword, a pure
 * function or another macro of the file: a body that names a variable
 * (`#define AT(i, j) A[i][j]`) hides a read the kernel model cannot see. */
static int macro_names_only_params(X *x, TSNode def, const char *t) {
  static const char *const kw[] = {
      "double", "float", "int", "long", "short", "char", "unsigned", "signed",
      "const", "sizeof", "_Bool", "size_t", "int64_t", "int32_t", "uint64_t",
      "uint32_t", "void"};
  const char *params = ntext(x, node_field(def, "parameters"));
  for (const char *p = t; *p;) {
    if (!(*p == '_' || ((*p | 32) >= 'a' && (*p | 32) <= 'z'))) {
      if (*p >= '0' && *p <= '9') /* a number: its suffix letters too */
        while (*p == '.' || *p == '_' || ((*p | 32) >= 'a' && (*p | 32) <= 'z') ||
               (*p >= '0' && *p <= '9'))
          p++;
      else
        p++;
      continue;
    }
    const char *b = p;
    while (*p == '_' || ((*p | 32) >= 'a' && (*p | 32) <= 'z') || (*p >= '0' && *p <= '9'))
      p++;
    const char *id = arena_strndup(x->a, b, (size_t)(p - b));
    int ok = is_pure_fn(id) || name_in(id, kw, sizeof kw / sizeof *kw) ||
             macro_defined(x, ts_tree_root_node(x->ctx->tree), id);
    for (const char *q = params; !ok && (q = strstr(q, id)); q++) {
      size_t n = strlen(id);
      int before = q > params && (q[-1] == '_' || ((q[-1] | 32) >= 'a' && (q[-1] | 32) <= 'z') ||
                                  (q[-1] >= '0' && q[-1] <= '9'));
      char a = q[n];
      int after = a == '_' || ((a | 32) >= 'a' && (a | 32) <= 'z') || (a >= '0' && a <= '9');
      ok = !before && !after;
    }
    if (!ok)
      return 0;
  }
  return 1;
}

/* Whether the file defines `name` as a function-like macro whose body
 * names only its parameters, pure functions and keywords, and assigns
 * nothing. */
int pure_macro(X *x, const char *name) {
  TSNode n = macro_def(x, ts_tree_root_node(x->ctx->tree), name, "preproc_function_def");
  if (ts_node_is_null(n))
    return 0;
  TSNode v = node_field(n, "value");
  if (ts_node_is_null(v))
    return 1;
  const char *t = ntext(x, v);
  if (!macro_names_only_params(x, n, t))
    return 0;
  for (const char *p = t; *p; p++) {
    if ((p[0] == '+' && p[1] == '+') || (p[0] == '-' && p[1] == '-'))
      return 0;
    if (*p == '=' && p[1] != '=' && (p == t || !strchr("=<>!", p[-1])))
      return 0;
    if (*p == '(' && p > t) {
      const char *q = p;
      while (q > t && q[-1] == ' ')
        q--;
      const char *b = q;
      while (b > t && (b[-1] == '_' || (b[-1] >= '0' && b[-1] <= '9') ||
                       ((b[-1] | 32) >= 'a' && (b[-1] | 32) <= 'z')))
        b--;
      if (b < q && !is_pure_fn(arena_strndup(x->a, b, (size_t)(q - b))))
        return 0;
    }
  }
  return 1;
}

/* ---- functions of the file that compute from their arguments alone ---- */

typedef struct PureScan {
  X *x;
  const char *self;
  const char *names[64];    /* the parameters and the body's locals */
  int n;
  int depth;
} PureScan;

static int scan_known(const PureScan *p, const char *id) {
  for (int i = 0; i < p->n; i++)
    if (!strcmp(p->names[i], id))
      return 1;
  return 0;
}

static int pure_fn_depth(X *x, const char *name, int depth);

/* An object-like macro of the file whose value names nothing (`#define EPS
 * 1e-12`). */
static int const_macro(X *x, const char *name) {
  TSNode n = macro_def(x, ts_tree_root_node(x->ctx->tree), name, "preproc_def");
  TSNode v = ts_node_is_null(n) ? n : node_field(n, "value");
  if (ts_node_is_null(v))
    return 0;
  const char *val = ntext(x, v);
  for (const char *t = val; *t; t++)
    if (*t == '_' || ((*t | 32) >= 'a' && (*t | 32) <= 'z')) {
      /* a letter only inside a number (1e-12, 0x1p3, 2.0f) */
      const char *b = t;
      while (b > val && (((b[-1] | 32) >= 'a' && (b[-1] | 32) <= 'z') ||
                         (b[-1] >= '0' && b[-1] <= '9') || b[-1] == '.'))
        b--;
      if (!(*b >= '0' && *b <= '9') && *b != '.')
        return 0;
    }
  return 1;
}

/* A declarator naming a plain variable (no pointer, array or function):
 * its name added to the scan's names. */
static int scan_declarator(PureScan *p, TSNode d) {
  if (node_is(d, "init_declarator"))
    d = node_field(d, "declarator");
  if (!node_is(d, "identifier") || p->n == (int)(sizeof p->names / sizeof *p->names))
    return 0;
  p->names[p->n++] = ntext(p->x, d);
  return 1;
}

static int scan_pure(PureScan *p, TSNode n) {
  static const char *const kOk[] = {
      "compound_statement", "expression_statement", "return_statement",
      "if_statement", "else_clause", "condition_clause", "for_statement",
      "while_statement", "do_statement", "break_statement",
      "continue_statement", "parenthesized_expression", "binary_expression",
      "unary_expression", "conditional_expression", "cast_expression",
      "type_descriptor", "primitive_type", "sized_type_specifier",
      "type_qualifier", "number_literal", "char_literal", "true", "false",
      "comment", "argument_list", "assignment_expression",
      "update_expression", "call_expression", "identifier", "declaration",
      "init_declarator", "comma_expression"};
  const char *ty = ts_node_type(n);
  if (!name_in(ty, kOk, sizeof kOk / sizeof *kOk))
    return 0;
  if (!strcmp(ty, "type_qualifier") && strcmp(ntext(p->x, n), "const"))
    return 0;
  if (!strcmp(ty, "declaration")) {
    uint32_t c = ts_node_named_child_count(n);
    for (uint32_t i = 0; i < c; i++) {
      TSNode d = ts_node_named_child(n, i);
      if (node_is(d, "storage_class_specifier"))
        return 0;
      if (node_is(d, "init_declarator") && !scan_pure(p, node_field(d, "value")))
        return 0;
      if ((node_is(d, "init_declarator") || node_is(d, "identifier")) &&
          !scan_declarator(p, d))
        return 0;
    }
    return 1;
  }
  if (!strcmp(ty, "call_expression")) {
    TSNode f = node_field(n, "function");
    if (!node_is(f, "identifier"))
      return 0;
    const char *fn = ntext(p->x, f);
    if (!is_pure_fn(fn) && !pure_macro(p->x, fn) &&
        (!strcmp(fn, p->self) || !pure_fn_depth(p->x, fn, p->depth - 1)))
      return 0;
    return scan_pure(p, node_field(n, "arguments"));
  }
  if (!strcmp(ty, "identifier"))
    return scan_known(p, ntext(p->x, n)) ||
           const_macro(p->x, ntext(p->x, n));
  if (!strcmp(ty, "assignment_expression") || !strcmp(ty, "update_expression")) {
    TSNode t = strip_parens(node_field(n, ty[0] == 'a' ? "left" : "argument"));
    if (!node_is(t, "identifier") || !scan_known(p, ntext(p->x, t)))
      return 0;
  }
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++)
    if (!scan_pure(p, ts_node_named_child(n, i)))
      return 0;
  return 1;
}

static int pure_fn_depth(X *x, const char *name, int depth) {
  if (depth <= 0)
    return 0;
  TSNode nm = node_function_definition(ts_tree_root_node(x->ctx->tree),
                                       x->ctx->file->text, name);
  if (ts_node_is_null(nm))
    return 0;
  TSNode decl = ts_node_parent(nm);
  TSNode def = ts_node_parent(decl);
  if (!node_is(decl, "function_declarator") || !node_is(def, "function_definition"))
    return 0; /* a pointer returned, or a declarator in parentheses */
  PureScan p = {.x = x, .self = name, .depth = depth};
  TSNode params = node_field(decl, "parameters");
  uint32_t c = ts_node_named_child_count(params);
  for (uint32_t i = 0; i < c; i++) {
    TSNode pd = ts_node_named_child(params, i);
    if (node_is(pd, "comment"))
      continue;
    if (!node_is(pd, "parameter_declaration"))
      return 0; /* `...` */
    TSNode d = node_field(pd, "declarator");
    if (ts_node_is_null(d))
      continue; /* (void) */
    if (!scan_declarator(&p, d))
      return 0;
  }
  return scan_pure(&p, node_field(def, "body"));
}

/* Whether the file defines `name` as a function whose value depends on its
 * arguments alone and that changes nothing outside itself: parameters and
 * locals plain variables (no pointer or array), no static or global
 * variable named (constant macros aside), assignments to its own variables
 * only, calls to such functions only (math, pure macros, or functions like
 * it, three deep). `static inline double sq(double v) { return v * v; }` */
int pure_user_fn(X *x, const char *name) {
  return pure_fn_depth(x, name, 4);
}

/* Whether the file defines a function `name` (a definition, not a
 * prototype). */
int fn_defined(X *x, const char *name) {
  return !ts_node_is_null(node_function_definition(
      ts_tree_root_node(x->ctx->tree), x->ctx->file->text, name));
}

/* Whether the file's definition of `name` follows a `#pragma sparse
 * encoding` line (comments and other pragma lines between). */
int fn_has_pragma(X *x, const char *name) {
  TSNode fd = node_function_definition(ts_tree_root_node(x->ctx->tree),
                                       x->ctx->file->text, name); /* its name */
  if (ts_node_is_null(fd))
    return 0;
  for (size_t i = 0; i < x->ctx->nsites; i++) {
    const PragmaSite *ps = &x->ctx->sites[i];
    if (!ps->ok || ps->pragma.kind != PRAGMA_ENCODING)
      continue;
    TSNode nx = ts_node_next_named_sibling(ps->node);
    while (!ts_node_is_null(nx) &&
           (node_is(nx, "comment") || node_is(nx, "preproc_call")))
      nx = ts_node_next_named_sibling(nx);
    if (node_is(nx, "function_definition") &&
        ts_node_start_byte(nx) <= ts_node_start_byte(fd) &&
        ts_node_start_byte(fd) < ts_node_end_byte(nx))
      return 1;
  }
  return 0;
}

static int type_word(X *x, const char *w, int depth);

static int type_name_in(X *x, TSNode n, const char *name, int depth) {
  if (node_is(n, "type_definition")) {
    uint32_t c = ts_node_named_child_count(n);
    for (uint32_t i = 0; i < c; i++) {
      TSNode d = ts_node_named_child(n, i);
      if (node_is(d, "type_identifier") && ts_node_start_byte(d) > ts_node_start_byte(n) &&
          !strcmp(ntext(x, d), name) && i > 0)
        return 1;
    }
    return 0;
  }
  if (node_is(n, "preproc_def")) {
    TSNode nm = node_field(n, "name"), v = node_field(n, "value");
    if (!node_is(nm, "identifier") || strcmp(ntext(x, nm), name) || ts_node_is_null(v))
      return 0;
    const char *t = ntext(x, v);
    int words = 0;
    for (const char *p = t; *p;) {
      if (*p == ' ' || *p == '\t') {
        p++;
        continue;
      }
      const char *b = p;
      while (*p == '_' || ((*p | 32) >= 'a' && (*p | 32) <= 'z') || (*p >= '0' && *p <= '9'))
        p++;
      if (p == b || (*b >= '0' && *b <= '9'))
        return 0;
      if (!type_word(x, arena_strndup(x->a, b, (size_t)(p - b)), depth + 1))
        return 0;
      words++;
    }
    return words > 0;
  }
  if (!node_is(n, "translation_unit") && strncmp(ts_node_type(n), "preproc_", 8))
    return 0;
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++)
    if (type_name_in(x, ts_node_named_child(n, i), name, depth))
      return 1;
  return 0;
}

/* Whether `name` spells a type before preprocessing: a typedef of the file
 * or an object-like macro whose body is type words (PolyBench's
 * `#define DATA_TYPE double`). tree-sitter reads `(DATA_TYPE)(e)` as a
 * call of `(DATA_TYPE)`; it is a cast. */
static int type_word(X *x, const char *w, int depth) {
  static const char *const kw[] = {
      "double", "float", "int", "long", "short", "char", "unsigned", "signed", "const",
      "_Bool", "size_t", "int64_t", "int32_t", "uint64_t", "uint32_t", "int16_t",
      "uint16_t", "int8_t", "uint8_t", "ptrdiff_t"};
  if (name_in(w, kw, sizeof kw / sizeof *kw))
    return 1;
  return depth < 8 && type_name_in(x, ts_tree_root_node(x->ctx->tree), w, depth);
}

/* `(T)(e)`, which tree-sitter reads as a call: T a typedef or type macro */
int type_cast_call(X *x, TSNode n) {
  if (!node_is(n, "call_expression"))
    return 0;
  TSNode f = node_field(n, "function");
  if (!node_is(f, "parenthesized_expression") || ts_node_named_child_count(f) != 1)
    return 0;
  TSNode id = ts_node_named_child(f, 0);
  return node_is(id, "identifier") && type_word(x, ntext(x, id), 0) &&
         ts_node_named_child_count(node_field(n, "arguments")) == 1;
}

/* Whether n is a side-effect-free expression that mentions no loop var and
 * no name assigned in the nest (so its value is fixed during the kernel). */
int invariant(X *x, TSNode n) {
  const char *ty = ts_node_type(n);
  if (!strcmp(ty, "identifier")) {
    char *t = ntext(x, n);
    return any_var(x, t) < 0 && !name_in(t, x->written.data, x->written.len);
  }
  if (!strcmp(ty, "assignment_expression") || !strcmp(ty, "update_expression") ||
      !strcmp(ty, "comma_expression") || !strcmp(ty, "compound_literal_expression"))
    return 0;
  if (type_cast_call(x, n))
    return invariant(x, node_field(n, "arguments"));
  if (!strcmp(ty, "call_expression")) {
    TSNode f = node_field(n, "function");
    if (!node_is(f, "identifier") || (!is_pure_fn(ntext(x, f)) && !pure_macro(x, ntext(x, f))))
      return 0;
    return invariant(x, node_field(n, "arguments"));
  }
  if (!strcmp(ty, "field_expression"))
    return invariant(x, node_field(n, "argument"));
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++)
    if (!invariant(x, ts_node_named_child(n, i)))
      return 0;
  return 1;
}

/* The stored array (storage replaced by a sparse tensor) that identifier n
 * names, or NULL. */
static const BoundArray *stored_named(X *x, TSNode n) {
  if ((!node_is(n, "identifier") && !node_is(n, "type_identifier")) || !x->env->nstored)
    return NULL;
  const char *name = ntext(x, n);
  CtDecl d;
  if (!ct_lookup(x->env->ct, name, ts_node_start_byte(n), &d)) return NULL;
  for (int i = 0; i < x->env->nstored; i++)
    if (x->env->stored[i].decl.name_offset == d.name_offset &&
        !strcmp(x->env->stored[i].b->name, name))
      return &x->env->stored[i];
  return NULL;
}

/* sizeof rewrites in the text of n, appended to b from *at: `sizeof A`,
 * `sizeof(A[0])` of a stored array (its declaration is gone from the
 * output) become the dense type's, `sizeof(double[8][6])`. */
static void sizeof_text(X *x, TSNode n, StrBuf *b, size_t *at) {
  if (node_is(n, "sizeof_expression")) {
    TSNode v = node_field(n, "value");
    if (ts_node_is_null(v)) { /* `sizeof(A)` may parse as a type name */
      v = node_field(n, "type");
      if (node_is(v, "type_descriptor") && ts_node_named_child_count(v) == 1)
        v = ts_node_named_child(v, 0);
    }
    v = strip_parens(v);
    int k = 0;
    while (node_is(v, "subscript_expression") ||
           (node_is(v, "pointer_expression") && !strcmp(op_of(x, v), "*"))) {
      v = strip_parens(node_field(v, "argument"));
      k++;
    }
    const BoundArray *st = stored_named(x, v);
    if (st) {
      size_t s = ts_node_start_byte(n);
      sb_append(b, x->src + *at, s - *at);
      sb_printf(b, "sizeof(%s)", storage_decl_dense_type(x->a, &st->decl, "double", k));
      *at = ts_node_end_byte(n);
      return;
    }
  }
  uint32_t c = ts_node_child_count(n);
  for (uint32_t i = 0; i < c; i++) sizeof_text(x, ts_node_child(n, i), b, at);
}

/* The text of an invariant expression as the lowered code spells it. */
const char *inv_text(X *x, TSNode n) {
  StrBuf b = {0};
  size_t at = ts_node_start_byte(n);
  sizeof_text(x, n, &b, &at);
  sb_append(&b, x->src + at, ts_node_end_byte(n) - at);
  const char *r = arena_strndup(x->a, b.data ? b.data : "", b.len);
  sb_free(&b);
  return r;
}
