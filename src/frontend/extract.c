/* extract.c — loop nest (tree-sitter) → IrKernel (see extract.h).
 *
 * One walk over the nest: loop headers become IrLoopVars with affine
 * bounds, statements become IrStmts over IrAccesses, expressions become
 * IrExprs. Subscripts and bounds go through a small polynomial form
 * (ir/affine.h) so flat `A[i*m + j]` can be delinearized against a shape.
 * Anything else is a refusal with the construct's span. Dependence facts
 * (reduction, carried dependence) are computed at the end (ir/depend.c). */
#include "frontend/extract.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/consts.h"
#include "frontend/extents.h"
#include "frontend/liveness.h"
#include "frontend/rows.h"
#include "frontend/storage.h"
#include "frontend/tsnode.h"
#include "ir/affine.h"
#include "ir/depend.h"
#include "ir/predicate.h"

/* ---- binding resolution ---------------------------------------------- */

/* Whether a size text is an integer literal (in parentheses or not). */
static int const_text(const char *t, long long *v) {
  while (*t == ' ' || *t == '(') t++;
  char *end;
  *v = strtoll(t, &end, 0);
  if (end == t)
    return 0;
  while (*end == ' ' || *end == ')' || *end == 'u' || *end == 'U' ||
         *end == 'l' || *end == 'L')
    end++;
  return *end == 0;
}

int extract_bind(SparsifyCtx *ctx, CTypes *ct, const PragmaBinding *b,
                 size_t offset, int open_extents, BoundArray *out) {
  memset(out, 0, sizeof *out);
  out->b = b;
  CtDecl *d = &out->decl;
  if (!ct_lookup(ct, b->name, offset, d)) {
    diag_error(ctx->diags, ctx->file, b->name_span, "'%s' is not declared here",
               b->name);
    return -1;
  }
#define NOTE_DECL()                                                          \
  do {                                                                       \
    if (d->in_main_file && d->decl_span.end > d->decl_span.start)            \
      diag_note(ctx->diags, ctx->file,                                       \
                span_make(d->name_offset, d->name_offset + strlen(b->name)), \
                "'%s' is declared here", b->name);                           \
  } while (0)
  if (d->kind != CT_ARRAY) {
    diag_error(ctx->diags, ctx->file, b->name_span,
               "'%s' is not an array or pointer (it has type '%s')", b->name,
               d->type_text);
    NOTE_DECL();
    return -1;
  }
  if (!d->elem_ok) {
    diag_error(ctx->diags, ctx->file, b->name_span,
               "element type '%s' of '%s' is not supported (float, double, "
               "integer types other than _Bool)",
               d->elem_ctype, b->name);
    NOTE_DECL();
    return -1;
  }
  int rank = d->rank;
  out->layout = d->layout;
  for (int i = 0; i < d->rank; i++)
    out->extent[i] = d->extent[i];
  /* a pointer to rows: the row count from its allocation */
  const char *rows = NULL, *rows_why = NULL;
  if (d->layout == IR_LAYOUT_PTR_TO_ARRAY && !out->extent[0] &&
      (b->nshape == 0 || b->nshape == d->rank))
    rows = rows_from_alloc(ctx, ct, d, &rows_why);
  if (b->nshape > 0) {
    if (b->nshape == d->rank) {
      for (int i = 0; i < rank; i++) {
        long long given, known = i == 0 && rows ? -1 : d->cextent[i];
        if (i == 0 && rows && !const_text(rows, &known))
          known = -1;
        if (known >= 0 && const_text(b->shape_text[i], &given) && given != known) {
          diag_error(ctx->diags, ctx->file, b->name_span,
                     "the shape given for '%s' says %lld for dimension %d but "
                     "its %s says %lld",
                     b->name, given, i, i == 0 && rows ? "allocation" : "type",
                     known);
          NOTE_DECL();
          return -1;
        }
        if (!out->extent[i])
          out->extent[i] = b->shape_text[i];
      }
    } else if (d->rank == 1 && b->nshape > 1 && b->nshape <= SC_MAX_RANK) {
      rank = b->nshape;
      out->delinearize = 1;
      out->layout = IR_LAYOUT_FLAT;
      for (int i = 0; i < rank; i++)
        out->extent[i] = b->shape_text[i];
    } else {
      diag_error(ctx->diags, ctx->file, b->name_span,
                 "the shape given for '%s' has %d dimension%s but '%s' "
                 "(type '%s') is subscripted with %d",
                 b->name, b->nshape, b->nshape == 1 ? "" : "s", b->name,
                 d->type_text, d->rank);
      NOTE_DECL();
      return -1;
    }
  }
  out->rank = rank;
  size_t before = diag_error_count(ctx->diags);
  if (pragma_check_rank(ctx->file, b, rank, ctx->diags) != 0 ||
      diag_error_count(ctx->diags) > before) {
    NOTE_DECL();
    return -1;
  }
  if (!out->extent[0] && rows)
    out->extent[0] = rows;
  for (int i = 0; i < rank; i++) {
    if (!out->extent[i] && open_extents && !out->delinearize) {
      out->open_extents = 1; /* read off the nest's loops (extents.h) */
      continue;
    }
    if (!out->extent[i]) {
      /* the example shape keeps the extents that are known */
      static const char *const letters[] = {"n", "m", "k", "l", "p", "q", "r", "s"};
      const char *shape = "";
      for (int k = 0; k < rank; k++)
        shape = arena_printf(ctx->arena, "%s[%s]", shape,
                             out->extent[k] ? out->extent[k] : letters[k % 8]);
      diag_error(ctx->diags, ctx->file, b->name_span,
                 "cannot determine the extent of dimension %d of '%s' (type "
                 "'%s')%s%s; give its shape in the pragma, e.g. %s%s : ...",
                 i, b->name, d->type_text,
                 i == 0 && rows_why ? ": " : "", i == 0 && rows_why ? rows_why : "",
                 b->name, shape);
      NOTE_DECL();
      return -1;
    }
  }
#undef NOTE_DECL
  return 0;
}

/* ---- the walk ----------------------------------------------------------- */

typedef struct TensorInfo {
  int crank;        /* subscripts C expects */
  int delinearize;  /* flat: split one subscript into rank */
  int inferred;     /* dense flat split on a symbolic stride we inferred */
  size_t decl_off;  /* name_offset of its declaration (shadowing check) */
  int member;       /* reached through a struct member (`p->f`, `s.f`) */
} TensorInfo;

typedef struct X {
  const ExtractEnv *env;
  SparsifyCtx *ctx;
  Arena *a;
  const char *src;
  IrKernel *k;
  ARRAY(IrTensor) tensors;
  ARRAY(TensorInfo) tinfo;
  ARRAY(IrAccess) accesses;
  ARRAY(const char *) scalars;
  ARRAY(const char *) written;  /* every name assigned in the nest */
  ARRAY(const char *) scoped;   /* `int j;` in a body of the nest, j used
                                   only as the variable of later loops
                                   there: those loops declare it */
  int stack[IR_MAX_VARS];       /* loop vars enclosing the current point */
  int depth;
  int in_if;                    /* statements under an if_statement */
  TSNode nest;                  /* the nest's outermost for statement */
  TSNode branch;                /* the innermost if branch being built */
  uint32_t skip_byte;           /* a statement already taken as the
                                   initializer of a declaration (or 0) */
  int refused;
  ExtractRefusal why;
  unsigned reversed;            /* loop vars of loops counting down */
  TSNode rev_node[IR_MAX_VARS]; /* their for statements */
  ARRAY(int) pushed;            /* tensors appended to (`q[t++] = v`) */
} X;

static int refuse(X *x, TSNode n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int refuse(X *x, TSNode n, const char *fmt, ...) {
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

static Span nspan(TSNode n) {
  return span_make(ts_node_start_byte(n), ts_node_end_byte(n));
}

static char *ntext(X *x, TSNode n) {
  return arena_strndup(x->a, x->src + ts_node_start_byte(n),
                       ts_node_end_byte(n) - ts_node_start_byte(n));
}

/* A short excerpt of a construct for messages (first line, <= 40 bytes). */
static const char *excerpt(X *x, TSNode n) {
  size_t s = ts_node_start_byte(n), e = ts_node_end_byte(n);
  size_t len = 0;
  while (s + len < e && x->src[s + len] != '\n' && len < 40)
    len++;
  if (s + len < e)
    return arena_printf(x->a, "%.*s...", (int)len, x->src + s);
  return arena_strndup(x->a, x->src + s, len);
}

/* The operator token of a binary/assignment/unary/update node. */
static const char *op_of(X *x, TSNode n) {
  TSNode o = node_field(n, "operator");
  if (ts_node_is_null(o))
    return "";
  return ntext(x, o);
}

static TSNode strip_parens(TSNode n) {
  while (node_is(n, "parenthesized_expression") && ts_node_named_child_count(n) == 1)
    n = ts_node_named_child(n, 0);
  return n;
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

static int name_in(const char *name, const char *const *v, size_t n) {
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
static TSNode base_ident(TSNode n) {
  n = strip_parens(n);
  while (node_is(n, "subscript_expression"))
    n = strip_parens(node_field(n, "argument"));
  return n;
}

/* Pre-pass: every name assigned (=, op=, ++, --) or declared in the nest. */
static void collect_writes(X *x, TSNode n) {
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

static int find_var(X *x, const char *name) {
  for (int d = x->depth - 1; d >= 0; d--)
    if (!strcmp(x->k->vars[x->stack[d]].name, name))
      return x->stack[d];
  return -1;
}

/* Any loop var of the kernel (in scope or not) by name. */
static int any_var(X *x, const char *name) {
  for (int v = 0; v < x->k->nvars; v++)
    if (!strcmp(x->k->vars[v].name, name))
      return v;
  return -1;
}

static const BoundArray *bound_of(X *x, const char *name) {
  for (int i = 0; i < x->env->nbound; i++)
    if (!strcmp(x->env->bound[i].b->name, name))
      return &x->env->bound[i];
  return NULL;
}

/* The first sparse array named in n's subtree, or NULL. */
static const char *mentioned_bound(X *x, TSNode n) {
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

/* ---- loop-invariant opaque expressions --------------------------------- */

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

static int is_pure_fn(const char *name) {
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
static int macro_defined(X *x, TSNode n, const char *name) {
  if (node_is(n, "preproc_def") || node_is(n, "preproc_function_def")) {
    TSNode nm = node_field(n, "name");
    return node_is(nm, "identifier") && !strcmp(ntext(x, nm), name);
  }
  if (!node_is(n, "translation_unit") && strncmp(ts_node_type(n), "preproc_", 8))
    return 0;
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++)
    if (macro_defined(x, ts_node_named_child(n, i), name))
      return 1;
  return 0;
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

static int pure_macro_in(X *x, TSNode n, const char *name) {
  if (node_is(n, "preproc_function_def")) {
    TSNode nm = node_field(n, "name"), v = node_field(n, "value");
    if (!node_is(nm, "identifier") || strcmp(ntext(x, nm), name))
      return 0;
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
  if (!node_is(n, "translation_unit") && strncmp(ts_node_type(n), "preproc_", 8))
    return 0;
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++)
    if (pure_macro_in(x, ts_node_named_child(n, i), name))
      return 1;
  return 0;
}

static int pure_macro(X *x, const char *name) {
  return pure_macro_in(x, ts_tree_root_node(x->ctx->tree), name);
}

/* Whether the file defines a function `name` (a definition, not a
 * prototype). */
static int fn_defined(X *x, const char *name) {
  return !ts_node_is_null(node_function_definition(
      ts_tree_root_node(x->ctx->tree), x->ctx->file->text, name));
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
static int type_cast_call(X *x, TSNode n) {
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
static int invariant(X *x, TSNode n) {
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
static const char *inv_text(X *x, TSNode n) {
  StrBuf b = {0};
  size_t at = ts_node_start_byte(n);
  sizeof_text(x, n, &b, &at);
  sb_append(&b, x->src + at, ts_node_end_byte(n) - at);
  const char *r = arena_strndup(x->a, b.data ? b.data : "", b.len);
  sb_free(&b);
  return r;
}

/* ---- affine forms ------------------------------------------------------ */

static int int_literal(X *x, TSNode n, int64_t *out) {
  if (!node_is(n, "number_literal"))
    return 0;
  char *t = ntext(x, n);
  char *end;
  long long v = strtoll(t, &end, 0);
  while (*end == 'u' || *end == 'U' || *end == 'l' || *end == 'L')
    end++;
  if (*end)
    return 0;
  *out = v;
  return 1;
}

/* Whether a cast to type t (`(size_t)j * lda`) leaves an index's value
 * unchanged: an integer type of 64 bits, which holds every index the
 * dense program can use (a narrower one may wrap). */
static int wide_index_type(const char *t) {
  static const char *const names[] = {
      "size_t", "ssize_t", "ptrdiff_t", "intptr_t", "uintptr_t", "int64_t",
      "uint64_t", "long", "long int", "signed long", "unsigned long",
      "unsigned long int", "long long", "long long int", "unsigned long long",
      "unsigned long long int"};
  char w[64];
  size_t n = 0;
  for (int blank = 0; *t && n + 1 < sizeof w; t++) { /* blanks folded to one */
    if (*t == ' ' || *t == '\t' || *t == '\n') {
      blank = n > 0;
      continue;
    }
    if (blank) w[n++] = ' ';
    blank = 0;
    w[n++] = *t;
  }
  w[n] = 0;
  if (sizeof(long) < 8 && strstr(w, "long") && !strstr(w, "long long"))
    return 0;
  for (size_t i = 0; i < sizeof names / sizeof *names; i++)
    if (!strcmp(w, names[i])) return 1;
  return 0;
}

/* Polynomial of an integer expression; what kind of use it is goes into
 * refusal messages ("subscript", "loop bound"). */
static int poly_of(X *x, TSNode n, AfPoly *p, const char *what) {
  n = strip_parens(n);
  const char *ty = ts_node_type(n);
  int64_t c;
  af_zero(p);
  if (!strcmp(ty, "cast_expression") &&
      wide_index_type(ntext(x, node_field(n, "type"))))
    return poly_of(x, node_field(n, "value"), p, what);
  if (int_literal(x, n, &c)) {
    af_add_term(p, c, -1, NULL);
    return 0;
  }
  if (!strcmp(ty, "identifier")) {
    char *t = ntext(x, n);
    int v = find_var(x, t);
    if (v >= 0) {
      af_add_term(p, 1, v, NULL);
      return 0;
    }
    if (any_var(x, t) >= 0)
      return refuse(x, n, "%s uses loop variable '%s' outside its loop", what, t);
    if (name_in(t, x->written.data, x->written.len))
      return refuse(x, n, "%s depends on '%s', which is assigned in the loop nest",
                    what, t);
    af_add_term(p, 1, -1, t);
    return 0;
  }
  if (!strcmp(ty, "unary_expression")) {
    const char *op = op_of(x, n);
    if (!strcmp(op, "-") || !strcmp(op, "+")) {
      if (poly_of(x, node_field(n, "argument"), p, what))
        return -1;
      if (op[0] == '-')
        af_scale(p, -1);
      return 0;
    }
  }
  if (!strcmp(ty, "binary_expression")) {
    const char *op = op_of(x, n);
    if (!strcmp(op, "+") || !strcmp(op, "-") || !strcmp(op, "*")) {
      AfPoly l, r;
      if (poly_of(x, node_field(n, "left"), &l, what) ||
          poly_of(x, node_field(n, "right"), &r, what))
        return -1;
      if (op[0] == '*') {
        if (af_mul(&l, &r, p))
          return refuse(x, n, "%s '%s' is not affine in the loop variables", what,
                        excerpt(x, n));
        return 0;
      }
      if (op[0] == '-')
        af_scale(&r, -1);
      *p = l;
      af_add(p, &r);
      return 0;
    }
  }
  if (invariant(x, n)) {
    const char *t = inv_text(x, n);
    if (!node_is(n, "identifier") && !node_is(n, "number_literal") &&
        !node_is(n, "call_expression") && !node_is(n, "subscript_expression") &&
        !node_is(n, "field_expression"))
      t = arena_printf(x->a, "(%s)", t);
    af_add_term(p, 1, -1, t);
    return 0;
  }
  if (node_is(n, "subscript_expression"))
    return refuse(x, n, "indirect %s '%s' is not affine in the loop variables",
                  what, excerpt(x, n));
  if (node_is(n, "call_expression"))
    return refuse(x, n, "call in %s '%s'", what, excerpt(x, n));
  return refuse(x, n, "%s '%s' is not affine in the loop variables", what,
                excerpt(x, n));
}

static int to_affine(X *x, TSNode n, const AfPoly *p, IrAffine *out,
                     const char *what) {
  if (af_to_ir(x->a, p, out))
    return refuse(x, n, "%s '%s' is not affine in the loop variables "
                        "(a coefficient is not an integer constant)",
                  what, excerpt(x, n));
  return 0;
}

/* ---- band bounds: max/min of affine forms ------------------------------ */

/* A bound as the max (op '>') or min ('<') of n affine pieces; op 0 and n
 * 1 for a plain affine bound. */
#define BAND_MAX 4
typedef struct Band {
  char op;
  int n;
  AfPoly p[BAND_MAX];
} Band;

static int af_same(const AfPoly *a, const AfPoly *b) {
  AfPoly d = *a, nb = *b;
  af_scale(&nb, -1);
  af_add(&d, &nb);
  return !d.overflow && d.n == 0;
}

static int band_same(const Band *a, const Band *b) {
  if (a->op != b->op || a->n != b->n) return 0;
  for (int i = 0; i < a->n; i++)
    if (!af_same(&a->p[i], &b->p[i])) return 0;
  return 1;
}

/* max or min (op) of a and b, each plain or already of that kind. */
static int band_join(char op, const Band *a, const Band *b, Band *out) {
  if ((a->op && a->op != op) || (b->op && b->op != op) || a->n + b->n > BAND_MAX)
    return 0;
  *out = *a;
  out->op = op;
  for (int i = 0; i < b->n; i++) {
    int dup = 0;
    for (int j = 0; j < out->n; j++) dup |= af_same(&out->p[j], &b->p[i]);
    if (!dup) out->p[out->n++] = b->p[i];
  }
  if (out->n == 1) out->op = 0;
  return 1;
}

static void band_negate(Band *b) {
  for (int i = 0; i < b->n; i++) af_scale(&b->p[i], -1);
  b->op = b->op == '>' ? '<' : b->op == '<' ? '>' : 0;
}

/* Whether b is a plain number (*c). */
static int band_number(const Band *b, int64_t *c) {
  const AfPoly *p = &b->p[0];
  if (b->op || p->n > 1 || (p->n == 1 && (p->t[0].var >= 0 || p->t[0].nsym)))
    return 0;
  *c = p->n ? p->t[0].coef : 0;
  return 1;
}

/* a + b: max(p, q) + r is max(p + r, q + r); two bands of one kind add
 * piece by piece (every sum, as max(p, q) + max(r, s) is the max of the
 * four). */
static int band_add(const Band *a, const Band *b, Band *out) {
  if (a->op && b->op && a->op != b->op) return 0;
  if (a->n * b->n > BAND_MAX) return 0;
  out->op = a->op ? a->op : b->op;
  out->n = 0;
  for (int i = 0; i < a->n; i++)
    for (int j = 0; j < b->n; j++) {
      AfPoly s = a->p[i];
      af_add(&s, &b->p[j]);
      if (s.overflow) return 0;
      out->p[out->n++] = s;
    }
  return 1;
}

/* The band of e (an expression after macro expansion, frontend/ctypes.h):
 * sums and constant multiples of loop variables, loop-invariant names and
 * constants, and `c ? x : y` where c compares what x and y are (`a > b ?
 * a : b` is max(a, b); `i > BW ? i - BW : 0` too, as i - BW - 0 is i - BW). */
static int band_of_expr(X *x, const CtExpr *e, Band *out, const char **why) {
  memset(out, 0, sizeof *out);
  out->n = 1;
  switch (e->kind) {
  case CTX_INT:
    af_add_term(&out->p[0], e->value, -1, NULL);
    return 1;
  case CTX_NAME: {
    int v = find_var(x, e->name);
    if (v >= 0) {
      af_add_term(&out->p[0], 1, v, NULL);
      return 1;
    }
    if (any_var(x, e->name) >= 0 || name_in(e->name, x->written.data, x->written.len))
      return 0;
    af_add_term(&out->p[0], 1, -1, e->name);
    return 1;
  }
  case CTX_NEG:
    if (!band_of_expr(x, e->a, out, why)) return 0;
    band_negate(out);
    return 1;
  case CTX_BIN: {
    Band l, r;
    if (!band_of_expr(x, e->a, &l, why) || !band_of_expr(x, e->b, &r, why)) return 0;
    if (!strcmp(e->op, "-")) band_negate(&r);
    if (e->op[0] == '+' || e->op[0] == '-') return band_add(&l, &r, out);
    if (e->op[0] != '*') return 0; /* a comparison is no bound */
    /* a number times a band */
    int64_t c;
    const Band *k = band_number(&l, &c) ? &l : band_number(&r, &c) ? &r : NULL;
    if (!k) {
      if (l.op || r.op) return 0;
      out->op = 0;
      return !af_mul(&l.p[0], &r.p[0], &out->p[0]) && !out->p[0].overflow;
    }
    *out = k == &l ? r : l;
    for (int i = 0; i < out->n; i++) af_scale(&out->p[i], c < 0 ? -c : c);
    if (c < 0) band_negate(out);
    if (c == 0) { out->op = 0; out->n = 1; }
    return 1;
  }
  case CTX_COND: {
    const CtExpr *c = e->a;
    if (c->kind != CTX_BIN || c->op[0] == '+' || c->op[0] == '-' || c->op[0] == '*')
      return 0;
    Band l, r, t, f;
    if (!band_of_expr(x, c->a, &l, why) || !band_of_expr(x, c->b, &r, why) ||
        !band_of_expr(x, e->b, &t, why) || !band_of_expr(x, e->c, &f, why))
      return 0;
    /* `l > r ? t : f` with t - f == l - r is max(t, f) (at l == r, t ==
     * f); with t - f == r - l it is min(t, f); `<` the other way round */
    int gt = c->op[0] == '>', same;
    if (!l.op && !r.op && !t.op && !f.op) {
      AfPoly d = l.p[0], dr = r.p[0], tf = t.p[0], nf = f.p[0];
      af_scale(&dr, -1);
      af_add(&d, &dr);
      af_scale(&nf, -1);
      af_add(&tf, &nf);
      if (af_same(&tf, &d)) same = 1;
      else {
        af_scale(&d, -1);
        same = 0;
        if (!af_same(&tf, &d)) {
          *why = "a conditional that is not the max or min of its branches";
          return 0;
        }
      }
    } else if (band_same(&l, &t) && band_same(&r, &f)) {
      same = 1; /* MAX(MAX(a, b), c) */
    } else if (band_same(&l, &f) && band_same(&r, &t)) {
      same = 0;
    } else {
      *why = "a conditional that is not the max or min of its branches";
      return 0;
    }
    return band_join(gt == same ? '>' : '<', &t, &f, out);
  }
  default:
    return 0;
  }
}

/* The loop variables a piece names. */
static unsigned piece_vars(const AfPoly *p) {
  unsigned m = 0;
  for (int i = 0; i < p->n; i++)
    if (p->t[i].var >= 0 && p->t[i].var < 32) m |= 1u << p->t[i].var;
  return m;
}

/* Whether a loop variable of type t is signed (a band bound below zero
 * converted to an unsigned variable would start the loop past its end,
 * where the clamped walk would start at 0). */
static int signed_ctype(const char *t) {
  static const char *const names[] = {
      "int", "long", "long int", "long long", "long long int", "short",
      "short int", "signed", "signed int", "signed long", "ptrdiff_t",
      "ssize_t", "intptr_t", "int64_t", "int32_t", "int16_t"};
  for (size_t i = 0; i < sizeof names / sizeof *names; i++)
    if (!strcmp(t, names[i])) return 1;
  return 0;
}

/* Whether n holds a call or a conditional (what poly_of refuses). */
static int call_or_cond(TSNode n) {
  if (node_is(n, "call_expression") || node_is(n, "conditional_expression"))
    return 1;
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++)
    if (call_or_cond(ts_node_named_child(n, i))) return 1;
  return 0;
}

/* A loop bound written as the max (lower bounds) or min (upper bounds) of
 * affine forms in the enclosing loop variables, through a macro, a
 * ternary or a small function (libclang's view of it, ct_expr): the
 * bound as an IrAffine with its other pieces in alt (ispace.h). The piece
 * kept in front names every loop variable another piece names; pieces
 * that are plain numbers fold into one. Returns 1 when bound is such a
 * bound (upper: *out is hi, half-open, +1 when incl), 0 when it is not:
 * the caller's refusal stands, -1 when it is a max or min that is no band
 * bound (refused here). */
static int band_bound(X *x, TSNode for_n, TSNode bound, int upper, int incl,
                      IrAffine *out) {
  if (!call_or_cond(bound) || invariant(x, bound)) return 0;
  const CtExpr *e = ct_expr(x->env->ct, ts_node_start_byte(for_n),
                            ts_node_start_byte(bound), ts_node_end_byte(bound));
  Band b;
  const char *why = NULL;
  if (!e) return 0;
  if (!band_of_expr(x, e, &b, &why)) {
    if (why) refuse(x, bound, "loop bound '%s' is %s", excerpt(x, bound), why);
    return why ? -1 : 0;
  }
  char want = upper ? '<' : '>';
  if (b.op && b.op != want) /* j >= min(a, b) is a union of ranges */
    return refuse(x, bound, "%s bound '%s' is the %s of affine forms (a band "
                  "is a max of lower bounds and a min of upper bounds)",
                  upper ? "upper" : "lower", excerpt(x, bound),
                  b.op == '<' ? "min" : "max");
  for (int i = 0; i < b.n && upper && incl; i++)
    af_add_term(&b.p[i], 1, -1, NULL);
  /* fold the plain numbers */
  int k = -1;
  int64_t ck = 0;
  for (int i = 0; i < b.n; i++) {
    Band one = {.op = 0, .n = 1};
    int64_t c;
    one.p[0] = b.p[i];
    if (!band_number(&one, &c)) continue;
    if (k < 0) {
      k = i;
      ck = c;
      continue;
    }
    if ((want == '>') == (c > ck)) {
      b.p[k] = b.p[i];
      ck = c;
    }
    b.p[i--] = b.p[--b.n];
  }
  /* the front piece: one naming every variable */
  unsigned all = 0;
  int front = -1;
  for (int i = 0; i < b.n; i++) all |= piece_vars(&b.p[i]);
  for (int i = 0; i < b.n && front < 0; i++)
    if (piece_vars(&b.p[i]) == all) front = i;
  if (front < 0 || (b.n > 1 && !all)) return 0;
  IrAffine *alt = b.n > 1 ? arena_alloc(x->a, sizeof *alt * (size_t)(b.n - 1)) : NULL;
  int na = 0;
  for (int i = 0; i < b.n; i++) {
    IrAffine *dst = i == front ? out : &alt[na++];
    if (af_to_ir(x->a, &b.p[i], dst)) return 0;
  }
  out->nalt = na;
  out->alt_op = na ? want : 0;
  out->alt = alt;
  return 1;
}

/* ---- tensors and accesses ---------------------------------------------- */

static const char *crd_width_misfit(X *x, const IrTensor *t);

static int get_tensor(X *x, TSNode ident, int *out) {
  char *name = ntext(x, ident);
  for (size_t i = 0; i < x->tensors.len; i++)
    if (!strcmp(x->tensors.data[i].name, name)) {
      *out = (int)i;
      return 0;
    }
  CtDecl d;
  if (!ct_lookup(x->env->ct, name, ts_node_start_byte(ident), &d))
    return refuse(x, ident, "'%s' is not a declared variable", name);
  const BoundArray *ba = bound_of(x, name);
  if (ba && ba->decl.canon_offset != d.canon_offset)
    return refuse(x, ident, "'%s' here is not the array named in the pragma "
                            "(it is shadowed)", name);
  /* storage replaced by a sparse tensor: sparse here too, via its handle */
  const BoundArray *stored = NULL;
  for (int i = 0; i < x->env->nstored; i++)
    if (x->env->stored[i].decl.name_offset == d.name_offset &&
        !strcmp(x->env->stored[i].b->name, name)) {
      stored = &x->env->stored[i];
      if (!ba || ba->rank != stored->rank)
        ba = stored;
      break;
    }
  if (d.kind != CT_ARRAY)
    return refuse(x, ident, "'%s' is subscripted but is not an array or pointer",
                  name);
  if (!d.elem_ok)
    return refuse(x, ident, "element type '%s' of '%s' is not supported", d.elem_ctype,
                  name);
  IrTensor t;
  memset(&t, 0, sizeof t);
  TensorInfo ti;
  memset(&ti, 0, sizeof ti);
  t.name = name;
  if (stored) {
    t.handle = stored->handle;
    t.handle_enc = &stored->b->enc.rt;
  }
  t.elem = d.elem;
  t.elem_ctype = d.elem_ctype;
  t.decl_span = d.in_main_file ? span_make(d.name_offset, d.name_offset + strlen(name))
                               : span_make(0, 0);
  ti.crank = d.rank;
  ti.decl_off = d.name_offset;
  if (ba) {
    t.rank = ba->rank;
    for (int i = 0; i < ba->rank; i++)
      t.extent[i] = ba->extent[i];
    t.layout = ba->layout;
    t.binding = ba->b;
    ti.delinearize = ba->delinearize;
    const char *misfit = stored ? NULL : crd_width_misfit(x, &t);
    if (misfit)
      return refuse(x, ident, "%s", misfit);
  } else {
    t.rank = d.rank;
    for (int i = 0; i < d.rank; i++)
      t.extent[i] = d.extent[i];
    t.layout = d.layout;
  }
  ARRAY_PUSH(x->a, x->tensors, t);
  ARRAY_PUSH(x->a, x->tinfo, ti);
  *out = (int)x->tensors.len - 1;
  return 0;
}

/* The value of `name` when it is an object-like macro defined once in the
 * file, at top level, as an integer literal (`#define M 16`), and never
 * #undef'd: 1 and *v, else 0. */
static int macro_int(X *x, const char *name, int64_t *v) {
  TSNode root = ts_tree_root_node(x->ctx->tree);
  uint32_t c = ts_node_named_child_count(root);
  int found = 0;
  for (uint32_t i = 0; i < c; i++) {
    TSNode n = ts_node_named_child(root, i);
    if (node_is(n, "preproc_call")) {
      const char *t = ntext(x, n);
      if (strstr(t, "undef") && strstr(t, name)) return 0;
      continue;
    }
    if (macro_defined(x, n, name)) {
      TSNode val = node_field(n, "value");
      char *end;
      if (found++ || !node_is(n, "preproc_def") || ts_node_is_null(val)) return 0;
      const char *t = ntext(x, val);
      while (*t == ' ' || *t == '\t') t++;
      long long k = strtoll(t, &end, 0);
      while (*end == 'u' || *end == 'U' || *end == 'l' || *end == 'L') end++;
      while (*end == ' ' || *end == '\t' || *end == '\n' || *end == '\r') end++;
      if (end == t || *end) return 0;
      *v = k;
    }
  }
  return found == 1;
}

/* An integer: a literal or a macro_int. */
static int int_value(X *x, const char *text, int64_t *v) {
  char *end;
  if (!text) return 0;
  long long k = strtoll(text, &end, 0);
  if (end != text && *end == 0) {
    *v = k;
    return 1;
  }
  return macro_int(x, text, v);
}

/* ---- the range proof of a delinearized subscript ----------------------- */

/* A bound c + sym: sym is loop-invariant C text compared as written (a
 * parameter `n`, a macro or const variable whose value is not known
 * here), NULL when the bound is the number c. */
typedef struct Bound {
  const char *sym;
  int64_t c;
} Bound;

/* out += k * b; 0 when the sum is not a bound of that form (two symbols,
 * a symbol scaled, an overflow). */
static int bound_add(Bound *out, int64_t k, Bound b) {
  int64_t t;
  if (b.sym && (k != 1 || out->sym)) return 0;
  if (b.sym) out->sym = b.sym;
  return !__builtin_mul_overflow(k, b.c, &t) &&
         !__builtin_add_overflow(out->c, t, &out->c);
}

static int affine_bound(X *x, const IrAffine *a, int want_max, Bound *out,
                        int depth);

/* What loop-invariant text stands for at the nest: a number (literal or
 * macro), or a name followed through the initializers of variables
 * assigned nowhere (frontend/consts.h) while the name reached keeps its
 * value too; anything else is its own symbol. */
static Bound bound_of_text(X *x, const char *text) {
  Bound b = {text, 0};
  size_t at = ts_node_start_byte(x->nest);
  for (int hops = 0; hops < 8 && b.sym; hops++) {
    if (int_value(x, b.sym, &b.c)) {
      b.sym = NULL;
      break;
    }
    const char *init = const_init_text(x->ctx, x->env->ct, b.sym, at);
    if (!init || (!int_value(x, init, &b.c) &&
                  !const_unassigned(x->ctx, x->env->ct, init, at)))
      break;
    b.sym = init;
  }
  return b;
}

/* The largest (want_max) or smallest value loop variable v takes: its
 * bounds, with an outer loop variable in them replaced by that variable's
 * own bounds (`j < i` under `i < n`: j <= n - 2). */
static int var_bound(X *x, int v, int want_max, Bound *out, int depth) {
  const IrLoopVar *lv = &x->k->vars[v];
  if (!want_max) return affine_bound(x, &lv->lo, 0, out, depth + 1);
  if (!affine_bound(x, &lv->hi, 1, out, depth + 1)) return 0;
  return !__builtin_sub_overflow(out->c, 1, &out->c); /* hi is exclusive */
}

static int affine_bound_plain(X *x, const IrAffine *a, int want_max,
                              Bound *out, int depth);

/* A band (ispace.h): max(p, q) >= p, min(p, q) <= p, so any piece bounds
 * it from that side; the tightest of those that compare is taken. */
static int affine_bound(X *x, const IrAffine *a, int want_max, Bound *out,
                        int depth) {
  if (!a->nalt) return affine_bound_plain(x, a, want_max, out, depth);
  if ((a->alt_op == '>') == want_max) return 0;
  int found = 0;
  out->sym = NULL;
  out->c = 0;
  for (int i = -1; i < a->nalt; i++) {
    Bound b;
    if (!affine_bound_plain(x, i < 0 ? a : &a->alt[i], want_max, &b, depth))
      continue;
    int same_sym = (!b.sym && !out->sym) || (b.sym && out->sym && !strcmp(b.sym, out->sym));
    if (!found || (same_sym && (want_max ? b.c < out->c : b.c > out->c)))
      *out = b;
    found = 1;
  }
  return found;
}

static int affine_bound_plain(X *x, const IrAffine *a, int want_max,
                              Bound *out, int depth) {
  if (depth > IR_MAX_VARS) return 0;
  out->sym = NULL;
  out->c = a->constant;
  if (a->sym) {
    if (!bound_add(out, 1, bound_of_text(x, a->sym))) return 0;
  }
  for (int w = 0; w < IR_MAX_VARS; w++) {
    int64_t k = a->coef[w];
    Bound b;
    /* a positive coefficient takes w's own extreme, a negative the other */
    if (k && (!var_bound(x, w, (k > 0) == want_max, &b, depth) ||
              !bound_add(out, k, b)))
      return 0;
  }
  return 1;
}

/* Whether the two texts are the same, ignoring blanks. */
static int same_blank_free(const char *a, const char *b) {
  for (;; a++, b++) {
    while (*a == ' ' || *a == '\t') a++;
    while (*b == ' ' || *b == '\t') b++;
    if (*a != *b) return 0;
    if (!*a) return 1;
  }
}

/* The inner subscript of a delinearized access must stay within [0, E):
 * its smallest value is a number >= 0 and its largest a number below E,
 * or E - 1 or less when E is a symbol. Loop variables range over their
 * bounds (var_bound, transitively through the enclosing loops); bounds
 * and E may be literals, macros defined as integers, or any other
 * loop-invariant name (`n`, a const variable), compared as written. */
static int inner_in_range(X *x, const AfPoly *s, const char *ext) {
  IrAffine a;
  memset(&a, 0, sizeof a);
  for (int i = 0; i < s->n; i++) {
    const AfTerm *t = &s->t[i];
    if (t->var >= IR_MAX_VARS || (t->nsym && (t->var >= 0 || t->nsym != 1 ||
                                              t->coef != 1 || a.sym)))
      return 0;
    if (t->nsym) a.sym = t->sym[0];
    else if (t->var >= 0) a.coef[t->var] += t->coef;
    else a.constant += t->coef;
  }
  Bound lo, hi;
  if (!affine_bound(x, &a, 0, &lo, 0) || !affine_bound(x, &a, 1, &hi, 0) ||
      lo.sym || lo.c < 0)
    return 0;
  Bound e = bound_of_text(x, ext);
  if (!e.sym) return !hi.sym && hi.c < e.c;
  return hi.sym && same_blank_free(hi.sym, e.sym) && hi.c <= -1;
}

/* With integer extents, whether every level of the encoding that stores
 * coordinates (compressed, loose_compressed, singleton) can hold its
 * largest coordinate in a narrow crdWidth (8, 16 or 32 bits): when one
 * cannot, the assembly at the nest's entry would fail at run time, so the
 * nest stays dense. Levels whose largest coordinate is not known here are
 * left to the runtime's check. Returns the message, or NULL. */
static const char *crd_width_misfit(X *x, const IrTensor *t) {
  const PragmaEncoding *e = &t->binding->enc;
  int w = e->crd_width;
  if (w != 8 && w != 16 && w != 32)
    return NULL;
  for (int l = 0; l < e->rt.lvl_rank; l++) {
    int f = e->rt.lvl_types[l].format;
    if (f != SC_LVL_COMPRESSED && f != SC_LVL_LOOSE_COMPRESSED && f != SC_LVL_SINGLETON)
      continue;
    const sc_level_expr *le = &e->rt.lvl_exprs[l];
    int dim = -1, n = 0;
    for (int d = 0; d < t->rank && d < SC_MAX_RANK; d++)
      if (le->coef[d]) {
        dim = d;
        n++;
      }
    if (n != 1 || le->coef[dim] != 1)
      continue;
    const char *ext = t->extent[dim];
    while (ext && (*ext == '(' || *ext == ' '))
      ext++;
    char buf[64];
    size_t len = ext ? strcspn(ext, ") ") : 0;
    if (!len || len >= sizeof buf)
      continue;
    memcpy(buf, ext, len);
    buf[len] = 0;
    int64_t v;
    if (!int_value(x, buf, &v) || v <= 0)
      continue;
    int64_t top;
    if (le->kind == SC_LEXPR_AFFINE && le->constant == 0)
      top = v - 1;
    else if (le->kind == SC_LEXPR_FLOORDIV && le->divisor > 0)
      top = (v - 1) / le->divisor;
    else
      continue;
    if (top >> w)
      return arena_printf(x->a, "crdWidth = %d cannot hold the coordinates of "
                          "'%s' at level %d (up to %lld, from its extent %s); "
                          "use a wider crdWidth", w, t->name, l, (long long)top,
                          t->extent[dim]);
  }
  return NULL;
}

/* The root variable of a member chain `p->f`, `s.f.g`: its identifier
 * node, with *through_ptr set when some link is `->`; a null node when the
 * chain holds anything else (a call, a subscript, a dereference...). */
static TSNode member_root(X *x, TSNode n, int *through_ptr) {
  *through_ptr = 0;
  n = strip_parens(n);
  while (node_is(n, "field_expression")) {
    if (strstr(op_of(x, n), "->"))
      *through_ptr = 1;
    n = strip_parens(node_field(n, "argument"));
  }
  if (!node_is(n, "identifier")) {
    TSNode none;
    memset(&none, 0, sizeof none);
    return none;
  }
  return n;
}

/* A dense operand reached through a struct member (`y->data`, `w.v`,
 * `s.m`): named by its C text, typed by the member's declaration. The
 * member must be a pointer, or an array of a struct variable reached by
 * `.` alone (an array behind `->` could be the same storage as another
 * operand's without any pointer showing it), and the chain's root must not
 * be assigned in the nest. */
static int get_member_tensor(X *x, TSNode base, int *out) {
  char *name = ntext(x, base);
  for (size_t i = 0; i < x->tensors.len; i++)
    if (!strcmp(x->tensors.data[i].name, name)) {
      *out = (int)i;
      return 0;
    }
  int through_ptr = 0;
  TSNode root = member_root(x, base, &through_ptr);
  if (ts_node_is_null(root) || strpbrk(name, " \t\n()"))
    return refuse(x, base, "subscripted expression '%s' is not an array name "
                           "or a plain member ('p->f', 's.f')", excerpt(x, base));
  const char *rn = ntext(x, root);
  if (any_var(x, rn) >= 0 || name_in(rn, x->written.data, x->written.len))
    return refuse(x, base, "'%s' may change in the loop nest: '%s' is assigned "
                           "in it", name, rn);
  if (bound_of(x, rn))
    return refuse(x, base, "'%s' is a member of sparse array '%s'", name, rn);
  CtDecl d;
  TSNode field = node_field(strip_parens(base), "field");
  if (ts_node_is_null(field) ||
      !ct_member(x->env->ct, ts_node_start_byte(field), &d))
    return refuse(x, base, "the type of member '%s' is not known", name);
  if (d.kind != CT_ARRAY)
    return refuse(x, base, "'%s' is subscripted but is not an array or pointer",
                  name);
  if (!d.elem_ok)
    return refuse(x, base, "element type '%s' of '%s' is not supported",
                  d.elem_ctype, name);
  /* a union's members share storage: no member of one is an operand */
  for (TSNode l = strip_parens(base); node_is(l, "field_expression");
       l = strip_parens(node_field(l, "argument"))) {
    CtDecl ld;
    TSNode lf = node_field(l, "field");
    if (ts_node_is_null(lf) || !ct_member(x->env->ct, ts_node_start_byte(lf), &ld) ||
        ld.in_union)
      return refuse(x, base, "'%s' is reached through a member of a union (its "
                             "storage may be another operand's)", name);
  }
  if (d.layout == IR_LAYOUT_ARRAY && through_ptr)
    return refuse(x, base, "member array '%s' is reached through a pointer "
                           "(it may be another operand's storage); only "
                           "pointer members and arrays of struct variables "
                           "are dense operands", name);
  if (d.layout != IR_LAYOUT_ARRAY && !(d.layout == IR_LAYOUT_FLAT && d.rank == 1))
    return refuse(x, base, "member '%s' is not a pointer to elements or an "
                           "array", name);
  IrTensor t;
  memset(&t, 0, sizeof t);
  TensorInfo ti;
  memset(&ti, 0, sizeof ti);
  t.name = name;
  t.elem = d.elem;
  t.elem_ctype = d.elem_ctype;
  t.decl_span = span_make(0, 0);
  t.rank = d.rank;
  for (int i = 0; i < d.rank; i++)
    t.extent[i] = d.extent[i];
  t.layout = d.layout;
  ti.crank = d.rank;
  ti.decl_off = 0;
  ti.member = 1;
  ARRAY_PUSH(x->a, x->tensors, t);
  ARRAY_PUSH(x->a, x->tinfo, ti);
  *out = (int)x->tensors.len - 1;
  return 0;
}

static int build_access(X *x, TSNode n, int *out) {
  TSNode idx[SC_MAX_RANK + 1];
  int nidx = 0;
  TSNode cur = strip_parens(n);
  while (node_is(cur, "subscript_expression")) {
    if (nidx == SC_MAX_RANK)
      return refuse(x, n, "too many subscripts");
    idx[nidx++] = node_field(cur, "index");
    cur = strip_parens(node_field(cur, "argument"));
  }
  int member = node_is(cur, "field_expression");
  if (!member && !node_is(cur, "identifier"))
    return refuse(x, n, "subscripted expression '%s' is not an array name",
                  excerpt(x, cur));
  for (int i = 0; i < nidx / 2; i++) {
    TSNode t = idx[i];
    idx[i] = idx[nidx - 1 - i];
    idx[nidx - 1 - i] = t;
  }
  int ti = -1;
  if (member ? get_member_tensor(x, cur, &ti) : get_tensor(x, cur, &ti))
    return -1;
  IrTensor *t = &x->tensors.data[ti];
  TensorInfo *info = &x->tinfo.data[ti];
  IrAccess acc;
  memset(&acc, 0, sizeof acc);
  acc.tensor = ti;
  acc.span = nspan(n);
  if (nidx != info->crank)
    return refuse(x, n, "'%s' has %d subscript%s here but %d in its declaration "
                        "(a row or pointer used as a value)",
                  t->name, nidx, nidx == 1 ? "" : "s", info->crank);
  AfPoly polys[SC_MAX_RANK];
  for (int i = 0; i < nidx; i++)
    if (poly_of(x, idx[i], &polys[i], "subscript"))
      return -1;
  if (info->crank == 1 && !t->binding && !info->delinearize && !info->member) {
    /* dense flat block indexed with symbolic strides (`i*n + j`,
     * `i*m*n + j*n + k`): infer its shape */
    const char *ext[SC_MAX_RANK];
    int rank = 0;
    if (af_symbolic_shape(&polys[0], SC_MAX_RANK, &rank, ext) && rank) {
      info->delinearize = 1;
      info->inferred = 1;
      t->rank = rank;
      for (int d = 0; d < rank; d++)
        t->extent[d] = ext[d];
      t->layout = IR_LAYOUT_FLAT;
    }
  }
  if (info->delinearize) {
    AfPoly split[SC_MAX_RANK];
    if (af_delinearize(&polys[0], t->rank, t->extent, split))
      return refuse(x, n, "cannot delinearize '%s' with the shape of '%s'",
                    excerpt(x, n), t->name);
    if (!info->inferred &&
        !inner_in_range(x, &split[t->rank - 1], t->extent[t->rank - 1]))
      return refuse(x, n, "cannot delinearize '%s': its last subscript is not "
                          "provably within [0, %s)",
                    excerpt(x, n), t->extent[t->rank - 1]);
    for (int d = 0; d < t->rank; d++)
      if (to_affine(x, n, &split[d], &acc.sub[d], "subscript"))
        return -1;
    acc.nsub = t->rank;
  } else {
    for (int d = 0; d < nidx; d++)
      if (to_affine(x, idx[d], &polys[d], &acc.sub[d], "subscript"))
        return -1;
    acc.nsub = nidx;
  }
  ARRAY_PUSH(x->a, x->accesses, acc);
  *out = (int)x->accesses.len - 1;
  return 0;
}

/* ---- expressions ------------------------------------------------------- */

static IrExpr *mk(X *x, IrExprKind k, TSNode n) {
  IrExpr *e = arena_alloc(x->a, sizeof *e);
  e->kind = k;
  e->span = nspan(n);
  e->var = -1;
  e->access = -1;
  return e;
}

static IrExpr *expr_of(X *x, TSNode n);

/* A name used as a value. */
static IrExpr *scalar_of(X *x, TSNode n) {
  char *t = ntext(x, n);
  int v = find_var(x, t);
  if (v >= 0) {
    IrExpr *e = mk(x, IR_INDEX, n);
    e->var = v;
    return e;
  }
  if (any_var(x, t) >= 0) {
    refuse(x, n, "loop variable '%s' used outside its loop", t);
    return NULL;
  }
  if (bound_of(x, t)) {
    refuse(x, n, "sparse array '%s' used as a value", t);
    return NULL;
  }
  CtDecl d;
  if (ct_lookup(x->env->ct, t, ts_node_start_byte(n), &d) && d.kind != CT_SCALAR) {
    refuse(x, n, "'%s' used as a value is not an arithmetic scalar", t);
    return NULL;
  }
  IrExpr *e = mk(x, IR_SCALAR, n);
  e->text = t;
  return e;
}

static IrExpr *expr_of(X *x, TSNode n) {
  const char *ty = ts_node_type(n);
  if (!strcmp(ty, "parenthesized_expression")) {
    if (ts_node_named_child_count(n) != 1 ||
        node_is(ts_node_named_child(n, 0), "comma_expression")) {
      refuse(x, n, "comma operator");
      return NULL;
    }
    return expr_of(x, ts_node_named_child(n, 0));
  }
  if (!strcmp(ty, "number_literal") || !strcmp(ty, "true") ||
      !strcmp(ty, "false") || !strcmp(ty, "char_literal") ||
      !strcmp(ty, "sizeof_expression")) {
    IrExpr *e = mk(x, IR_CONST, n);
    e->text = ntext(x, n);
    return e;
  }
  if (!strcmp(ty, "identifier"))
    return scalar_of(x, n);
  if (!strcmp(ty, "subscript_expression")) {
    int a;
    if (build_access(x, n, &a))
      return NULL;
    x->tensors.data[x->accesses.data[a].tensor].is_read = 1;
    IrExpr *e = mk(x, IR_ACCESS, n);
    e->access = a;
    return e;
  }
  if (!strcmp(ty, "unary_expression")) {
    const char *op = op_of(x, n);
    IrExpr *a = expr_of(x, node_field(n, "argument"));
    if (!a)
      return NULL;
    if (!strcmp(op, "+"))
      return a;
    if (!strcmp(op, "-") || !strcmp(op, "!")) {
      IrExpr *e = mk(x, op[0] == '-' ? IR_NEG : IR_NOT, n);
      e->a = a;
      return e;
    }
    refuse(x, n, "operator '%s'", op);
    return NULL;
  }
  if (!strcmp(ty, "binary_expression")) {
    const char *op = op_of(x, n);
    static const struct {
      const char *op;
      IrExprKind k;
    } ops[] = {{"+", IR_ADD}, {"-", IR_SUB},  {"*", IR_MUL},  {"/", IR_DIV},
               {"<", IR_CMP}, {"<=", IR_CMP}, {">", IR_CMP},  {">=", IR_CMP},
               {"==", IR_CMP}, {"!=", IR_CMP}, {"&&", IR_AND}, {"||", IR_OR},
               {"%", IR_MOD}};
    for (size_t i = 0; i < sizeof ops / sizeof *ops; i++)
      if (!strcmp(ops[i].op, op)) {
        IrExpr *l = expr_of(x, node_field(n, "left"));
        IrExpr *r = l ? expr_of(x, node_field(n, "right")) : NULL;
        if (!r)
          return NULL;
        IrExpr *e = mk(x, ops[i].k, n);
        e->a = l;
        e->b = r;
        if (ops[i].k == IR_CMP)
          e->text = op;
        return e;
      }
    refuse(x, n, "operator '%s'", op);
    return NULL;
  }
  if (!strcmp(ty, "conditional_expression")) {
    IrExpr *c = expr_of(x, node_field(n, "condition"));
    IrExpr *a = c ? expr_of(x, node_field(n, "consequence")) : NULL;
    IrExpr *b = a ? expr_of(x, node_field(n, "alternative")) : NULL;
    if (!b)
      return NULL;
    IrExpr *e = mk(x, IR_SELECT, n);
    e->a = c;
    e->b = a;
    e->c = b;
    return e;
  }
  if (!strcmp(ty, "cast_expression")) {
    TSNode tn = node_field(n, "type");
    char *tt = ntext(x, tn);
    if (strchr(tt, '*') || strchr(tt, '[')) {
      refuse(x, n, "pointer cast '%s'", excerpt(x, n));
      return NULL;
    }
    IrExpr *a = expr_of(x, node_field(n, "value"));
    if (!a)
      return NULL;
    IrExpr *e = mk(x, IR_CAST, n);
    e->text = tt;
    e->a = a;
    return e;
  }
  if (!strcmp(ty, "call_expression")) {
    TSNode f = node_field(n, "function");
    char *fname = ntext(x, f);
    if (type_cast_call(x, n)) {
      /* `(T)(e)` with T a typedef or a type macro: a cast */
      IrExpr *a = expr_of(x, ts_node_named_child(node_field(n, "arguments"), 0));
      if (!a)
        return NULL;
      IrExpr *e = mk(x, IR_CAST, n);
      e->text = ntext(x, ts_node_named_child(f, 0));
      e->a = a;
      return e;
    }
    TSNode args = node_field(n, "arguments");
    uint32_t na = ts_node_named_child_count(args);
    for (uint32_t i = 0; i < na; i++) {
      TSNode arg = strip_parens(ts_node_named_child(args, i));
      if (node_is(arg, "pointer_expression") && !strcmp(op_of(x, arg), "&") &&
          mentioned_bound(x, arg)) {
        refuse(x, arg, "address of sparse array '%s' taken", mentioned_bound(x, arg));
        return NULL;
      }
      if (node_is(arg, "identifier") && bound_of(x, ntext(x, arg))) {
        refuse(x, arg, "sparse array '%s' passed to function '%s'%s",
               ntext(x, arg), fname,
               fn_defined(x, fname) ? arena_printf(x->a, " (a pragma on the definition "
                                                   "of '%s' makes its loops kernels)",
                                                   fname)
                                    : "");
        return NULL;
      }
    }
    if (node_is(f, "identifier") && !is_pure_fn(fname) && !pure_macro(x, fname) &&
        macro_defined(x, ts_tree_root_node(x->ctx->tree), fname)) {
      refuse(x, n, "'%s' is a macro whose body names variables or calls "
             "(an element-access macro is not expanded: write the subscript "
             "out in the loop nest)", excerpt(x, n));
      return NULL;
    }
    if (!node_is(f, "identifier") || (!is_pure_fn(fname) && !pure_macro(x, fname))) {
      refuse(x, n, "call to function '%s', which may have side effects", fname);
      return NULL;
    }
    IrExpr *e = mk(x, IR_CALL, n);
    e->text = fname;
    e->nargs = (int)na;
    e->args = arena_alloc(x->a, sizeof(IrExpr *) * (na ? na : 1));
    for (uint32_t i = 0; i < na; i++) {
      TSNode arg = ts_node_named_child(args, i);
      if (node_is(arg, "comment"))
        continue;
      if (!(e->args[i] = expr_of(x, arg)))
        return NULL;
    }
    return e;
  }
  if (!strcmp(ty, "update_expression")) {
    TSNode b = base_ident(node_field(n, "argument"));
    const char *nm = node_is(b, "identifier") ? ntext(x, b) : "";
    if (any_var(x, nm) >= 0)
      refuse(x, n, "loop variable '%s' modified in the loop body", nm);
    else if (node_is(strip_parens(node_field(n, "argument")), "subscript_expression"))
      refuse(x, n, "'%s' on an array element", op_of(x, n));
    else if (!node_is(strip_parens(node_field(n, "argument")), "identifier"))
      refuse(x, n, "'%s' on '%s', which is neither a variable nor an array element",
             op_of(x, n), excerpt(x, node_field(n, "argument")));
    else
      refuse(x, n, "'%s' inside an expression", op_of(x, n));
    return NULL;
  }
  if (!strcmp(ty, "assignment_expression")) {
    refuse(x, n, "assignment inside an expression");
    return NULL;
  }
  if (!strcmp(ty, "comma_expression")) {
    refuse(x, n, "comma operator");
    return NULL;
  }
  if (!strcmp(ty, "pointer_expression")) {
    const char *op = op_of(x, n);
    const char *nm = mentioned_bound(x, n);
    if (nm) {
      if (strchr(ntext(x, n), '&'))
        refuse(x, n, "address of sparse array '%s' taken", nm);
      else
        refuse(x, n, "pointer arithmetic on sparse array '%s'", nm);
    } else {
      refuse(x, n, "pointer %s '%s'", op[0] == '&' ? "address-of" : "dereference",
             excerpt(x, n));
    }
    return NULL;
  }
  refuse(x, n, "unsupported expression '%s'", excerpt(x, n));
  return NULL;
}

/* ---- statements -------------------------------------------------------- */

typedef ARRAY(IrNode *) NodeList;

static int build_for(X *x, TSNode n, IrNode **out);

static void add_scalar(X *x, const char *name) {
  if (!name_in(name, x->scalars.data, x->scalars.len))
    ARRAY_PUSH(x->a, x->scalars, name);
}

static IrNode *stmt_node(X *x, TSNode n) {
  IrNode *s = arena_alloc(x->a, sizeof *s);
  s->kind = IR_NODE_STMT;
  s->var = -1;
  s->span = nspan(n);
  s->stmt.span = nspan(n);
  s->stmt.lhs_access = -1;
  return s;
}

/* Same text up to blanks and parentheses around the whole. */
static int same_text(X *x, TSNode a, TSNode b) {
  a = strip_parens(a);
  b = strip_parens(b);
  const char *p = ntext(x, a), *q = ntext(x, b);
  for (;;) {
    while (*p == ' ' || *p == '\t' || *p == '\n')
      p++;
    while (*q == ' ' || *q == '\t' || *q == '\n')
      q++;
    if (*p != *q)
      return 0;
    if (!*p)
      return 1;
    p++, q++;
  }
}

/* `q[t++] = e;`: an append to a dense 1-D array through an integer
 * counter (the queue of a breadth-first search), the statements
 * `q[t] = e; t += 1;`. The subscript names the counter, which the nest
 * assigns: the append's access must be the array's only one in the nest
 * (checked when the nest is built), the loop keeps its order, and it is
 * never vectorized (lower_is_push). */
static int build_push(X *x, TSNode stmt, TSNode n, TSNode lhs, TSNode idx,
                      NodeList *list) {
  TSNode arg = strip_parens(node_field(idx, "argument"));
  TSNode arr = strip_parens(node_field(lhs, "argument"));
  const char *nm = node_is(arg, "identifier") ? ntext(x, arg) : NULL;
  CtDecl d;
  if (strcmp(op_of(x, n), "=") || !nm || strcmp(op_of(x, idx), "++") ||
      ts_node_start_byte(arg) != ts_node_start_byte(idx) ||
      !node_is(arr, "identifier") || any_var(x, nm) >= 0 || bound_of(x, nm) ||
      !ct_lookup(x->env->ct, nm, ts_node_start_byte(arg), &d) ||
      d.kind != CT_SCALAR || !d.elem_ok ||
      (d.elem != IR_I32 && d.elem != IR_I64))
    return refuse(x, idx, "subscript '%s' is not affine in the loop variables "
                  "(an append is 'q[t++] = e;' with an int or long counter t)",
                  excerpt(x, idx));
  int ti = -1;
  if (get_tensor(x, arr, &ti))
    return -1;
  IrTensor *t = &x->tensors.data[ti];
  if (t->binding || x->tinfo.data[ti].crank != 1 || x->tinfo.data[ti].delinearize)
    return refuse(x, lhs, "append '%s' to an array that is not a dense 1-D "
                  "array", excerpt(x, lhs));
  IrAccess acc;
  memset(&acc, 0, sizeof acc);
  acc.tensor = ti;
  acc.nsub = 1;
  acc.sub[0].sym = nm;
  acc.span = nspan(lhs);
  ARRAY_PUSH(x->a, x->accesses, acc);
  IrExpr *rhs = expr_of(x, node_field(n, "right"));
  if (!rhs)
    return -1;
  IrNode *s = stmt_node(x, stmt);
  s->stmt.op = IR_SET;
  s->stmt.lhs_access = (int)x->accesses.len - 1;
  s->stmt.lhs_elem = t->elem;
  s->stmt.rhs = rhs;
  t->is_written = 1;
  ARRAY_PUSH(x->a, *list, s);
  IrNode *c = stmt_node(x, stmt);
  c->stmt.op = IR_ADDTO;
  c->stmt.lhs_scalar = nm;
  c->stmt.lhs_elem = d.elem;
  IrExpr *one = mk(x, IR_CONST, idx);
  one->text = "1";
  c->stmt.rhs = one;
  add_scalar(x, nm);
  ARRAY_PUSH(x->a, *list, c);
  ARRAY_PUSH(x->a, x->pushed, ti);
  return 0;
}

static int build_assign(X *x, TSNode stmt, TSNode n, NodeList *list) {
  const char *op = op_of(x, n);
  {
    TSNode l0 = strip_parens(node_field(n, "left"));
    if (node_is(l0, "subscript_expression") &&
        node_is(strip_parens(node_field(l0, "index")), "update_expression"))
      return build_push(x, stmt, n, l0, strip_parens(node_field(l0, "index")), list);
  }
  TSNode lhs = strip_parens(node_field(n, "left"));
  TSNode rhsn = node_field(n, "right");
  IrStmtOp sop;
  int div = 0;
  if (!strcmp(op, "="))
    sop = IR_SET;
  else if (!strcmp(op, "+="))
    sop = IR_ADDTO;
  else if (!strcmp(op, "-="))
    sop = IR_SUBFROM;
  else if (!strcmp(op, "*="))
    sop = IR_MULBY;
  else if (!strcmp(op, "^="))
    sop = IR_XORBY;
  else if (!strcmp(op, "|="))
    sop = IR_ORBY;
  else if (!strcmp(op, "/=")) {
    sop = IR_SET;
    div = 1;
  } else
    return refuse(x, n, "compound assignment '%s'", op);
  IrNode *s = stmt_node(x, stmt);
  const char *other_type = NULL; /* a scalar lhs of another arithmetic type */
  if (node_is(lhs, "identifier")) {
    char *nm = ntext(x, lhs);
    if (any_var(x, nm) >= 0)
      return refuse(x, n, "assignment to loop variable '%s'", nm);
    if (bound_of(x, nm))
      return refuse(x, n, "assignment to sparse array '%s'", nm);
    CtDecl d;
    if (!ct_lookup(x->env->ct, nm, ts_node_start_byte(lhs), &d))
      return refuse(x, lhs, "'%s' is not a declared variable", nm);
    if (d.kind != CT_SCALAR)
      return refuse(x, n, "assignment to '%s', which is not an arithmetic scalar",
                    nm);
    if (!d.elem_ok)
      other_type = d.type_text;
    s->stmt.lhs_elem = d.elem_ok ? d.elem : IR_F64;
    s->stmt.lhs_scalar = nm;
    add_scalar(x, nm);
  } else if (node_is(lhs, "subscript_expression")) {
    int a;
    if (build_access(x, lhs, &a))
      return -1;
    IrTensor *t = &x->tensors.data[x->accesses.data[a].tensor];
    t->is_written = 1;
    s->stmt.lhs_elem = t->elem;
    if (sop != IR_SET || div)
      t->is_read = 1;
    s->stmt.lhs_access = a;
  } else if (node_is(strip_parens(lhs), "field_expression")) {
    return refuse(x, n, "assignment to member '%s' (the structs and pointers "
                        "operands are reached through must not change in the "
                        "loop nest)", excerpt(x, lhs));
  } else {
    return refuse(x, n, "assignment to '%s'", excerpt(x, lhs));
  }
  /* ^= and |= of an integer (the C types the IR keeps exactly) */
  if ((sop == IR_XORBY || sop == IR_ORBY) &&
      (other_type || !ir_elem_integer(s->stmt.lhs_elem)))
    return refuse(x, n, "compound assignment '%s' to '%s', which is not an "
                  "integer", op, excerpt(x, lhs));
  /* `a = a + e`, `a = e + a`, `a = a - e` are the updates `a += e`, `a -= e` */
  TSNode r0 = strip_parens(rhsn);
  if (sop == IR_SET && !div && node_is(r0, "binary_expression")) {
    const char *rop = op_of(x, r0);
    if ((!strcmp(rop, "+") || !strcmp(rop, "-")) &&
        same_text(x, node_field(r0, "left"), lhs)) {
      sop = rop[0] == '+' ? IR_ADDTO : IR_SUBFROM;
      rhsn = node_field(r0, "right");
    } else if (!strcmp(rop, "+") && same_text(x, node_field(r0, "right"), lhs)) {
      sop = IR_ADDTO;
      rhsn = node_field(r0, "left");
    }
    if (sop != IR_SET && s->stmt.lhs_access >= 0)
      x->tensors.data[x->accesses.data[s->stmt.lhs_access].tensor].is_read = 1;
  }
  /* a guarded update needs the lhs's type for its identity (ir/predicate.h) */
  if (x->in_if && other_type && sop != IR_SET)
    return refuse(x, n, "guarded update of '%s', whose type '%s' is not float, "
                        "double or an integer type", s->stmt.lhs_scalar, other_type);
  IrExpr *rhs = expr_of(x, rhsn);
  if (!rhs)
    return -1;
  if (div) {
    /* a /= e  is  a = a / e (the lhs has no side effects) */
    IrExpr *self;
    if (s->stmt.lhs_access >= 0) {
      self = mk(x, IR_ACCESS, lhs);
      self->access = s->stmt.lhs_access;
    } else {
      self = mk(x, IR_SCALAR, lhs);
      self->text = s->stmt.lhs_scalar;
    }
    IrExpr *d = mk(x, IR_DIV, n);
    d->a = self;
    d->b = rhs;
    rhs = d;
  }
  s->stmt.op = sop;
  s->stmt.rhs = rhs;
  ARRAY_PUSH(x->a, *list, s);
  return 0;
}

/* `n++;`, `++n;`, `n--;`, `--n;` on an arithmetic scalar (a counter, as
 * in `if (A[i][j] != 0) nnz++;`) or on an array element (`deg[i]++;`) are
 * the updates `n += 1`, `n -= 1`; anything else keeps the refusal of
 * expr_of. */
static int build_incdec(X *x, TSNode stmt, TSNode n, NodeList *list) {
  TSNode arg = strip_parens(node_field(n, "argument"));
  if (node_is(arg, "subscript_expression")) {
    int a;
    if (build_access(x, arg, &a))
      return -1;
    IrTensor *t = &x->tensors.data[x->accesses.data[a].tensor];
    t->is_written = 1;
    t->is_read = 1;
    IrNode *s = stmt_node(x, stmt);
    s->stmt.op = strstr(op_of(x, n), "++") ? IR_ADDTO : IR_SUBFROM;
    s->stmt.lhs_elem = t->elem;
    s->stmt.lhs_access = a;
    IrExpr *one = mk(x, IR_CONST, n);
    one->text = "1";
    s->stmt.rhs = one;
    ARRAY_PUSH(x->a, *list, s);
    return 0;
  }
  const char *nm = node_is(arg, "identifier") ? ntext(x, arg) : NULL;
  CtDecl d;
  if (!nm || any_var(x, nm) >= 0 || bound_of(x, nm) ||
      !ct_lookup(x->env->ct, nm, ts_node_start_byte(arg), &d) ||
      d.kind != CT_SCALAR || !d.elem_ok) {
    expr_of(x, n); /* reports why */
    return -1;
  }
  IrNode *s = stmt_node(x, stmt);
  s->stmt.op = strstr(op_of(x, n), "++") ? IR_ADDTO : IR_SUBFROM;
  s->stmt.lhs_elem = d.elem;
  s->stmt.lhs_scalar = nm;
  add_scalar(x, nm);
  IrExpr *one = mk(x, IR_CONST, n);
  one->text = "1";
  s->stmt.rhs = one;
  ARRAY_PUSH(x->a, *list, s);
  return 0;
}

static int is_name(X *x, TSNode n, const char *name);
static int is_int_type(const char *t);

/* Whether every mention of `name` in n is inside a for statement whose
 * header assigns it first (`for (name = lo; ...)`). */
static int only_loop_var_in(X *x, TSNode n, const char *name) {
  if (node_is(n, "for_statement")) {
    TSNode init = node_field(n, "initializer");
    if (node_is(init, "assignment_expression") && !strcmp(op_of(x, init), "=") &&
        is_name(x, node_field(init, "left"), name) &&
        !extract_mentions(x->env->ctx->file, node_field(init, "right"), name))
      return 1;
  }
  if (node_is(n, "identifier"))
    return !is_name(x, n, name);
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++)
    if (!only_loop_var_in(x, ts_node_named_child(n, i), name))
      return 0;
  return 1;
}

/* `int j;` at the top of a loop body, j then only the variable of loops of
 * that body (C89 style): the loops declare it (x->scoped). */
static int scoped_loop_var(X *x, TSNode decl, TSNode d) {
  if (!node_is(d, "identifier"))
    return 0;
  char *nm = ntext(x, d);
  CtDecl cd;
  if (!ct_lookup(x->env->ct, nm, ts_node_end_byte(d), &cd) || cd.kind != CT_SCALAR ||
      !is_int_type(cd.elem_ctype ? cd.elem_ctype : ""))
    return 0;
  int used = 0;
  for (TSNode nx = ts_node_next_named_sibling(decl); !ts_node_is_null(nx);
       nx = ts_node_next_named_sibling(nx)) {
    if (!only_loop_var_in(x, nx, nm))
      return 0;
    used |= extract_mentions(x->env->ctx->file, nx, nm);
  }
  if (!used || any_var(x, nm) >= 0 || bound_of(x, nm))
    return 0;
  ARRAY_PUSH(x->a, x->scoped, nm);
  return 1;
}

/* Whether the identifier `name` occurs under n but not under `inner`. */
static int mentions_outside(X *x, TSNode n, TSNode inner, const char *name) {
  if (!ts_node_is_null(inner) && ts_node_start_byte(n) >= ts_node_start_byte(inner) &&
      ts_node_end_byte(n) <= ts_node_end_byte(inner))
    return 0;
  if (node_is(n, "identifier"))
    return extract_mentions(x->env->ctx->file, n, name);
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++)
    if (mentions_outside(x, ts_node_named_child(n, i), inner, name))
      return 1;
  return 0;
}

static int build_decl(X *x, TSNode n, NodeList *list) {
  TSNode ty = node_field(n, "type");
  char *ctype = ntext(x, ty);
  uint32_t c = ts_node_named_child_count(n);
  /* qualifiers other than const make no sense for an accumulator */
  for (uint32_t i = 0; i < c; i++) {
    TSNode ch = ts_node_named_child(n, i);
    if (node_is(ch, "storage_class_specifier"))
      return refuse(x, n, "'%s' declaration in the loop nest", ntext(x, ch));
  }
  int any = 0;
  for (uint32_t i = 0; i < c; i++) {
    TSNode d = ts_node_named_child(n, i);
    if (ts_node_start_byte(d) <= ts_node_start_byte(ty) || node_is(d, "comment") ||
        node_is(d, "type_qualifier"))
      continue;
    /* `double s; s = e;` is `double s = e;`: the assignment right after a
     * declaration of one scalar without an initializer */
    TSNode val = {0}, later = {0};
    if (!node_is(d, "init_declarator") && scoped_loop_var(x, n, d)) {
      any = 1;
      continue;
    }
    if (!node_is(d, "init_declarator")) {
      TSNode nx = ts_node_next_named_sibling(n);
      while (!ts_node_is_null(nx) && node_is(nx, "comment"))
        nx = ts_node_next_named_sibling(nx);
      TSNode as = (!ts_node_is_null(nx) && node_is(nx, "expression_statement") &&
                   ts_node_named_child_count(nx) == 1)
                      ? ts_node_named_child(nx, 0) : (TSNode){0};
      TSNode al = node_is(as, "assignment_expression")
                      ? strip_parens(node_field(as, "left")) : (TSNode){0};
      if (!node_is(d, "identifier") || ts_node_is_null(al) ||
          strcmp(op_of(x, as), "=") || !node_is(al, "identifier") ||
          strcmp(ntext(x, al), ntext(x, d)) ||
          extract_mentions(x->env->ctx->file, node_field(as, "right"), ntext(x, d)))
        return refuse(x, d, "local declaration '%s' without an initializer",
                      excerpt(x, d));
      for (uint32_t k2 = i + 1; k2 < c; k2++) /* one declarator only */
        if (!node_is(ts_node_named_child(n, k2), "comment"))
          return refuse(x, d, "local declaration '%s' without an initializer",
                        excerpt(x, d));
      val = node_field(as, "right");
      later = nx;
    }
    TSNode dn = ts_node_is_null(later) ? node_field(d, "declarator") : d;
    if (!node_is(dn, "identifier"))
      return refuse(x, d, "local declaration '%s' is not a scalar", excerpt(x, d));
    char *nm = ntext(x, dn);
    if (any_var(x, nm) >= 0 || bound_of(x, nm))
      return refuse(x, d, "local declaration of '%s' shadows a loop variable or "
                          "sparse array", nm);
    CtDecl cd;
    if (!ct_lookup(x->env->ct, nm, ts_node_end_byte(d), &cd) || cd.kind != CT_SCALAR)
      return refuse(x, d, "local declaration of '%s' is not an arithmetic scalar",
                    nm);
    /* under an if, the guarded statements share the loop body's scope
     * (ir/predicate.h): the name may be used nowhere else in the nest */
    if (x->in_if && mentions_outside(x, x->nest, x->branch, nm))
      return refuse(x, d, "local declaration of '%s' under an if: the nest "
                          "names another '%s' outside that if", nm, nm);
    if (ts_node_is_null(later))
      val = node_field(d, "value");
    else
      x->skip_byte = ts_node_start_byte(later);
    if (node_is(val, "initializer_list"))
      return refuse(x, d, "local declaration of '%s' with an initializer list", nm);
    IrExpr *rhs = expr_of(x, val);
    if (!rhs)
      return -1;
    IrNode *s = stmt_node(x, d);
    s->stmt.op = IR_SET;
    s->stmt.lhs_scalar = nm;
    s->stmt.rhs = rhs;
    s->stmt.decl_ctype = cd.elem_ctype ? cd.elem_ctype : ctype;
    add_scalar(x, nm);
    ARRAY_PUSH(x->a, *list, s);
    any = 1;
  }
  if (!any)
    return refuse(x, n, "declaration '%s' in the loop nest", excerpt(x, n));
  return 0;
}

static int build_stmt(X *x, TSNode n, NodeList *list);

/* What the statements under n write: tensors (bit per tensor index, up to
 * 64) and scalars. */
static void branch_writes(X *x, IrNode *const *v, int nv, uint64_t *tens,
                          const char ***sc, size_t *nsc, size_t *cap) {
  for (int i = 0; i < nv; i++) {
    const IrNode *n = v[i];
    if (n->kind == IR_NODE_STMT) {
      if (n->stmt.lhs_access >= 0) {
        int t = x->accesses.data[n->stmt.lhs_access].tensor;
        *tens |= t < 64 ? (uint64_t)1 << t : ~(uint64_t)0;
      } else {
        if (*nsc == *cap) {
          size_t nc = *cap ? *cap * 2 : 8;
          const char **m = arena_alloc(x->a, sizeof *m * nc);
          if (*nsc)
            memcpy(m, *sc, sizeof *m * *nsc);
          *sc = m;
          *cap = nc;
        }
        (*sc)[(*nsc)++] = n->stmt.lhs_scalar;
      }
      continue;
    }
    branch_writes(x, n->body, n->nbody, tens, sc, nsc, cap);
    branch_writes(x, n->els, n->nels, tens, sc, nsc, cap);
  }
}

/* The first name e reads that is in the written sets, or NULL. */
static const char *reads_written(X *x, const IrExpr *e, uint64_t tens,
                                 const char **sc, size_t nsc) {
  if (!e)
    return NULL;
  if (e->kind == IR_ACCESS) {
    int t = x->accesses.data[e->access].tensor;
    if (t >= 64 || (tens & ((uint64_t)1 << t)))
      return x->tensors.data[t].name;
  }
  if (e->kind == IR_SCALAR && name_in(e->text, sc, nsc))
    return e->text;
  const char *r;
  if ((r = reads_written(x, e->a, tens, sc, nsc)) || (r = reads_written(x, e->b, tens, sc, nsc)) ||
      (r = reads_written(x, e->c, tens, sc, nsc)))
    return r;
  for (int i = 0; i < e->nargs; i++)
    if ((r = reads_written(x, e->args[i], tens, sc, nsc)))
      return r;
  return NULL;
}

/* What one statement writes, as the sets of branch_writes. */
static void stmt_writes(X *x, IrNode *s, uint64_t *tens, const char ***sc,
                        size_t *nsc, size_t *cap) {
  *tens = 0;
  *nsc = 0;
  branch_writes(x, &s, 1, tens, sc, nsc, cap);
}

/* `if (c) { s1; ...; sn; }` whose condition reads what exactly one
 * statement sk writes (`if (G[u][v] != 0 && !seen[v]) { seen[v] = 1;
 * dist[v] = d + 1; }`): when sk and the other statements touch nothing
 * of one another (sk's target is neither read nor written by them, and
 * sk reads nothing they write), sk is moved last. Then c has one value
 * for every statement: the others do not change it, and sk, guarded as
 * `lhs = c ? e : lhs`, reads it before its store. */
static int last_writer(X *x, const IrExpr *cond, NodeList *l) {
  int k = -1;
  uint64_t tk = 0, tm = 0;
  const char **sk = NULL, **sm = NULL;
  size_t nk = 0, ck = 0, nm = 0, cm = 0;
  for (size_t i = 0; i < l->len; i++) {
    IrNode *s = l->data[i];
    if (s->kind != IR_NODE_STMT || s->stmt.decl_ctype)
      return 0;
    stmt_writes(x, s, &tm, &sm, &nm, &cm);
    if (reads_written(x, cond, tm, sm, nm)) {
      if (k >= 0)
        return 0;
      k = (int)i;
    }
  }
  if (k < 0)
    return 0;
  IrNode *sn = l->data[k];
  stmt_writes(x, sn, &tk, &sk, &nk, &ck);
  for (size_t i = 0; i < l->len; i++) {
    if ((int)i == k)
      continue;
    IrNode *o = l->data[i];
    stmt_writes(x, o, &tm, &sm, &nm, &cm);
    IrExpr self = {0};
    if (o->stmt.lhs_access >= 0) {
      self.kind = IR_ACCESS;
      self.access = o->stmt.lhs_access;
    } else {
      self.kind = IR_SCALAR;
      self.text = o->stmt.lhs_scalar;
    }
    if ((tm & tk) || reads_written(x, o->stmt.rhs, tk, sk, nk) ||
        reads_written(x, &self, tk, sk, nk) ||
        reads_written(x, sn->stmt.rhs, tm, sm, nm))
      return 0;
    /* an append after sk whose counter sk updates (`q[t++]`) */
    if (i > (size_t)k && o->stmt.lhs_access >= 0 && sn->stmt.lhs_access < 0) {
      const IrAccess *ac = &x->accesses.data[o->stmt.lhs_access];
      for (int d = 0; d < ac->nsub; d++)
        if (ac->sub[d].sym && !strcmp(ac->sub[d].sym, sn->stmt.lhs_scalar))
          return 0;
    }
  }
  for (size_t i = (size_t)k; i + 1 < l->len; i++)
    l->data[i] = l->data[i + 1];
  l->data[l->len - 1] = sn;
  return 1;
}

/* `if (cond) stmt [else stmt]` (ispace.h IR_NODE_IF). */
static int build_if(X *x, TSNode n, NodeList *list) {
  TSNode cn = node_field(n, "condition");
  TSNode cons = node_field(n, "consequence");
  TSNode alt = node_field(n, "alternative");
  if (node_is(alt, "else_clause")) {
    TSNode a = alt;
    alt = ts_node_named_child_count(a) ? ts_node_named_child(a, 0) : (TSNode){0};
    while (node_is(alt, "comment"))
      alt = ts_node_next_named_sibling(alt);
  }
  if (ts_node_is_null(cn) || ts_node_is_null(cons))
    return refuse(x, n, "if statement '%s'", excerpt(x, n));
  IrExpr *cond = expr_of(x, cn);
  if (!cond)
    return -1;
  NodeList then_l = {0}, else_l = {0};
  TSNode outer_branch = x->branch;
  x->in_if++;
  x->branch = cons;
  int rc = build_stmt(x, cons, &then_l);
  x->branch = alt;
  if (!rc && !ts_node_is_null(alt))
    rc = build_stmt(x, alt, &else_l);
  x->branch = outer_branch;
  x->in_if--;
  if (rc)
    return -1;
  if (!then_l.len && !else_l.len)
    return refuse(x, n, "if statement without an effect");
  uint64_t tens = 0;
  const char **sc = NULL;
  size_t nsc = 0, cap = 0;
  branch_writes(x, then_l.data, (int)then_l.len, &tens, &sc, &nsc, &cap);
  branch_writes(x, else_l.data, (int)else_l.len, &tens, &sc, &nsc, &cap);
  const char *w = reads_written(x, cond, tens, sc, nsc);
  if (w && !else_l.len && then_l.len == 1 &&
      then_l.data[0]->kind == IR_NODE_STMT && !then_l.data[0]->stmt.decl_ctype) {
    /* `if (c) lhs = e;` whose condition reads what it writes (the running
     * maximum `if (A[i][j] > m) m = A[i][j];`) is exactly the statement
     * `lhs = c ? e : lhs`: c is evaluated once, before the store; an
     * update `if (c) lhs *= e;` is `lhs *= c ? e : 1` (+= and -= with
     * their identities, -0.0 for a floating +=, as ir/predicate.c). */
    IrNode *s = then_l.data[0];
    IrExpr *self;
    if (s->stmt.op != IR_SET) {
      int integer = ir_elem_integer(s->stmt.lhs_elem);
      self = mk(x, IR_CONST, n);
      self->text = s->stmt.op == IR_MULBY ? "1" : "0";
      if (s->stmt.op == IR_ADDTO && !integer) {
        self->text = s->stmt.lhs_elem == IR_F32 ? "0.0f" : "0.0";
        IrExpr *neg = mk(x, IR_NEG, n);
        neg->a = self;
        self = neg;
      }
    } else if (s->stmt.lhs_access >= 0) {
      self = mk(x, IR_ACCESS, n);
      self->access = s->stmt.lhs_access;
      x->tensors.data[x->accesses.data[s->stmt.lhs_access].tensor].is_read = 1;
    } else {
      self = mk(x, IR_SCALAR, n);
      self->text = s->stmt.lhs_scalar;
    }
    IrExpr *sel = mk(x, IR_SELECT, n);
    sel->a = cond;
    sel->b = s->stmt.rhs;
    sel->c = self;
    s->stmt.rhs = sel;
    s->span = nspan(n);
    s->stmt.span = nspan(n);
    ARRAY_PUSH(x->a, *list, s);
    return 0;
  }
  if (w && !else_l.len && then_l.len >= 2 && last_writer(x, cond, &then_l))
    w = NULL; /* the statement writing what cond reads now comes last */
  if (w)
    return refuse(x, cn, "if condition reads '%s', which its branches write", w);
  IrNode *node = arena_alloc(x->a, sizeof *node);
  memset(node, 0, sizeof *node);
  node->kind = IR_NODE_IF;
  node->var = -1;
  node->cond = cond;
  node->body = then_l.data;
  node->nbody = (int)then_l.len;
  node->els = else_l.data;
  node->nels = (int)else_l.len;
  node->span = nspan(n);
  node->stmt.lhs_access = -1;
  ARRAY_PUSH(x->a, *list, node);
  return 0;
}

static int build_stmt(X *x, TSNode n, NodeList *list) {
  const char *ty = ts_node_type(n);
  if (!strcmp(ty, "comment"))
    return 0;
  if (x->skip_byte && ts_node_start_byte(n) == x->skip_byte) {
    x->skip_byte = 0; /* taken by the declaration before it */
    return 0;
  }
  if (!strcmp(ty, "compound_statement")) {
    uint32_t c = ts_node_named_child_count(n);
    for (uint32_t i = 0; i < c; i++)
      if (build_stmt(x, ts_node_named_child(n, i), list))
        return -1;
    return 0;
  }
  if (!strcmp(ty, "for_statement")) {
    IrNode *l;
    if (build_for(x, n, &l))
      return -1;
    ARRAY_PUSH(x->a, *list, l);
    return 0;
  }
  if (!strcmp(ty, "expression_statement")) {
    if (ts_node_named_child_count(n) == 0)
      return 0; /* `;` */
    TSNode e = ts_node_named_child(n, 0);
    if (node_is(e, "assignment_expression"))
      return build_assign(x, n, e, list);
    if (node_is(e, "comma_expression"))
      return refuse(x, e, "comma operator");
    if (node_is(e, "call_expression")) {
      if (!expr_of(x, e))
        return -1;
      return refuse(x, e, "call to '%s' whose result is unused",
                    ntext(x, node_field(e, "function")));
    }
    if (node_is(e, "update_expression"))
      return build_incdec(x, n, e, list);
    return refuse(x, e, "expression statement '%s'", excerpt(x, e));
  }
  if (!strcmp(ty, "declaration"))
    return build_decl(x, n, list);
  if (!strcmp(ty, "preproc_call")) {
    TSNode d = node_field(n, "directive");
    if (node_is(d, "preproc_directive") && !strcmp(ntext(x, d), "#pragma"))
      return 0; /* a compiler ignores it; the sequential meaning stays */
    return refuse(x, n, "preprocessor directive in the loop nest");
  }
  if (!strcmp(ty, "while_statement"))
    return refuse(x, n, "while loop in the nest");
  if (!strcmp(ty, "do_statement"))
    return refuse(x, n, "do-while loop in the nest");
  if (!strcmp(ty, "if_statement"))
    return build_if(x, n, list);
  if (!strcmp(ty, "switch_statement"))
    return refuse(x, n, "switch statement in the nest");
  if (!strcmp(ty, "goto_statement"))
    return refuse(x, n, "goto in the nest");
  if (!strcmp(ty, "break_statement"))
    return refuse(x, n, "break in the nest");
  if (!strcmp(ty, "continue_statement"))
    return refuse(x, n, "continue in the nest");
  if (!strcmp(ty, "return_statement"))
    return refuse(x, n, "return in the nest");
  if (!strcmp(ty, "labeled_statement"))
    return refuse(x, n, "label in the nest");
  if (ty[0] == 'p' && !strncmp(ty, "preproc_", 8))
    return refuse(x, n, "preprocessor directive in the loop nest");
  return refuse(x, n, "unsupported statement '%s'", excerpt(x, n));
}

/* `if (c) continue;` (or `{ continue; }`), no else: the condition. */
static TSNode skip_cond(TSNode n) {
  TSNode none = {0};
  if (!node_is(n, "if_statement") ||
      !ts_node_is_null(node_field(n, "alternative")))
    return none;
  TSNode c = node_field(n, "consequence");
  if (node_is(c, "compound_statement")) {
    TSNode only = none;
    uint32_t k = ts_node_named_child_count(c);
    for (uint32_t i = 0; i < k; i++) {
      TSNode s = ts_node_named_child(c, i);
      if (node_is(s, "comment")) continue;
      if (!ts_node_is_null(only)) return none;
      only = s;
    }
    c = only;
  }
  return node_is(c, "continue_statement") ? node_field(n, "condition") : none;
}

/* The children of a loop's body from `from` on. `if (c) continue;` at
 * this level skips the rest of the body: the rest is built as `if (!c) {
 * rest }`, with the checks of any if (build_if): the condition is
 * evaluated once, before the rest runs, as the guarded form evaluates it
 * only when nothing in the rest writes what it reads. */
static int build_seq(X *x, TSNode body, uint32_t from, NodeList *list) {
  uint32_t k = ts_node_named_child_count(body);
  for (uint32_t i = from; i < k; i++) {
    TSNode n = ts_node_named_child(body, i);
    TSNode cn = skip_cond(n);
    if (ts_node_is_null(cn)) {
      if (build_stmt(x, n, list))
        return -1;
      continue;
    }
    IrExpr *c = expr_of(x, cn);
    if (!c)
      return -1;
    IrExpr *cond = mk(x, IR_NOT, cn);
    cond->a = c;
    NodeList rest = {0};
    TSNode outer_branch = x->branch;
    x->in_if++;
    x->branch = (TSNode){0}; /* no one node holds the rest: a local
                                declared there is refused (build_decl) */
    int rc = build_seq(x, body, i + 1, &rest);
    x->branch = outer_branch;
    x->in_if--;
    if (rc)
      return -1;
    if (!rest.len)
      return 0; /* nothing after the continue */
    uint64_t tens = 0;
    const char **sc = NULL;
    size_t nsc = 0, cap = 0;
    branch_writes(x, rest.data, (int)rest.len, &tens, &sc, &nsc, &cap);
    const char *w = reads_written(x, cond, tens, sc, nsc);
    if (w)
      return refuse(x, cn, "the condition of 'continue' reads '%s', which "
                    "the rest of the body writes", w);
    IrNode *node = arena_alloc(x->a, sizeof *node);
    memset(node, 0, sizeof *node);
    node->kind = IR_NODE_IF;
    node->var = -1;
    node->cond = cond;
    node->body = rest.data;
    node->nbody = (int)rest.len;
    node->span = nspan(n);
    node->stmt.lhs_access = -1;
    ARRAY_PUSH(x->a, *list, node);
    return 0;
  }
  return 0;
}

/* ---- loop headers ------------------------------------------------------ */

static int is_int_type(const char *t) {
  return !strstr(t, "float") && !strstr(t, "double") && !strchr(t, '*') &&
         !strstr(t, "_Bool") && !strstr(t, "bool");
}

static int is_one(X *x, TSNode n) {
  int64_t c;
  return int_literal(x, strip_parens(n), &c) && c == 1;
}

static int is_name(X *x, TSNode n, const char *name) {
  n = strip_parens(n);
  return node_is(n, "identifier") && !strcmp(ntext(x, n), name);
}

static int build_for(X *x, TSNode n, IrNode **out) {
  if (x->k->nvars == IR_MAX_VARS)
    return refuse(x, n, "more than %d loops in the nest", IR_MAX_VARS);
  TSNode init = node_field(n, "initializer");
  TSNode cond = node_field(n, "condition");
  TSNode upd = node_field(n, "update");
  TSNode body = node_field(n, "body");
  IrLoopVar lv;
  memset(&lv, 0, sizeof lv);
  lv.span = nspan(n);
  TSNode lo_n;
  if (node_is(init, "declaration")) {
    TSNode d = node_field(init, "declarator");
    if (ts_node_is_null(d) || !ts_node_is_null(ts_node_next_named_sibling(d)) ||
        !node_is(d, "init_declarator") || !node_is(node_field(d, "declarator"), "identifier"))
      return refuse(x, init, "loop header declares '%s'; expected one variable with "
                             "an initial value", excerpt(x, init));
    lv.name = ntext(x, node_field(d, "declarator"));
    lv.ctype = ntext(x, node_field(init, "type"));
    lv.declared_in_header = 1;
    lo_n = node_field(d, "value");
    if (!is_int_type(lv.ctype))
      return refuse(x, init, "loop variable '%s' is not an integer", lv.name);
  } else if (node_is(init, "assignment_expression") && !strcmp(op_of(x, init), "=") &&
             node_is(node_field(init, "left"), "identifier")) {
    lv.name = ntext(x, node_field(init, "left"));
    lo_n = node_field(init, "right");
    CtDecl d;
    if (!ct_lookup(x->env->ct, lv.name, ts_node_start_byte(init), &d) ||
        d.kind != CT_SCALAR || !is_int_type(d.elem_ctype ? d.elem_ctype : ""))
      return refuse(x, init, "loop variable '%s' is not an integer variable",
                    lv.name);
    lv.ctype = d.elem_ctype;
    lv.live_after = 1; /* refined in extract_kernel (frontend/liveness.c) */
    if (name_in(lv.name, x->scoped.data, x->scoped.len)) {
      lv.declared_in_header = 1; /* `int j;` in the body (scoped_loop_var) */
      lv.live_after = 0;
    }
  } else {
    return refuse(x, ts_node_is_null(init) ? n : init,
                  "loop header without the form 'i = lo'");
  }
  if (find_var(x, lv.name) >= 0)
    return refuse(x, n, "nested loop reuses loop variable '%s'", lv.name);
  if (bound_of(x, lv.name))
    return refuse(x, n, "loop variable '%s' names a sparse array", lv.name);
  /* counting down (i--, --i, i -= 1, i = i - 1) from `i = hi` while
   * `i >= lo` / `i > lo`: the range [lo, hi] walked upwards, which is legal
   * when no dependence is carried (checked in extract_kernel) */
  int down = 0;
  if (node_is(upd, "update_expression"))
    down = !strcmp(op_of(x, upd), "--") && is_name(x, node_field(upd, "argument"), lv.name);
  else if (node_is(upd, "assignment_expression") && is_name(x, node_field(upd, "left"), lv.name)) {
    const char *aop = op_of(x, upd);
    TSNode r = strip_parens(node_field(upd, "right"));
    if (!strcmp(aop, "-="))
      down = is_one(x, r);
    else if (!strcmp(aop, "=") && node_is(r, "binary_expression") && !strcmp(op_of(x, r), "-"))
      down = is_name(x, node_field(r, "left"), lv.name) && is_one(x, node_field(r, "right"));
  }
  if (down) {
    const char *dop = node_is(cond, "binary_expression") ? op_of(x, cond) : "";
    TSNode lo_c;
    int strict;
    if ((!strcmp(dop, ">") || !strcmp(dop, ">=")) && is_name(x, node_field(cond, "left"), lv.name)) {
      lo_c = node_field(cond, "right");
      strict = dop[1] != '=';
    } else if ((!strcmp(dop, "<") || !strcmp(dop, "<=")) &&
               is_name(x, node_field(cond, "right"), lv.name)) {
      lo_c = node_field(cond, "left");
      strict = dop[1] != '=';
    } else if (!strcmp(dop, "!=") && (is_name(x, node_field(cond, "left"), lv.name) ||
                                      is_name(x, node_field(cond, "right"), lv.name))) {
      /* i != lo counting down by one is i > lo */
      lo_c = node_field(cond, is_name(x, node_field(cond, "left"), lv.name) ? "right" : "left");
      strict = 1;
    } else {
      return refuse(x, ts_node_is_null(cond) ? n : cond,
                    "loop counting down with a condition other than 'i >= bound' "
                    "or 'i > bound'");
    }
    if (strstr(lv.ctype, "unsigned") || strstr(lv.ctype, "size_t"))
      return refuse(x, cond, "loop counting down over the unsigned variable '%s'",
                    lv.name);
    AfPoly lo, hi;
    if (poly_of(x, lo_c, &lo, "loop bound") || poly_of(x, lo_n, &hi, "loop bound"))
      return -1;
    if (strict)
      af_add_term(&lo, 1, -1, NULL); /* i > lo: from lo + 1 */
    af_add_term(&hi, 1, -1, NULL);   /* to the initial value, inclusive */
    if (to_affine(x, lo_c, &lo, &lv.lo, "loop bound") ||
        to_affine(x, lo_n, &hi, &lv.hi, "loop bound"))
      return -1;
    int v = x->k->nvars;
    x->reversed |= 1u << v;
    x->rev_node[v] = n;
    goto body;
  }
  {
  /* condition: i < hi, i <= hi, hi > i, hi >= i; and i != hi, hi != i,
   * which with the unit step below is i < hi (a loop starting past its
   * bound would run until the variable wraps, through the whole array) */
  if (!node_is(cond, "binary_expression"))
    return refuse(x, ts_node_is_null(cond) ? n : cond,
                  "loop condition is not 'i < bound' or 'i <= bound'");
  const char *cop = op_of(x, cond);
  TSNode hi_n;
  int incl;
  if ((!strcmp(cop, "<") || !strcmp(cop, "<=")) &&
      is_name(x, node_field(cond, "left"), lv.name)) {
    hi_n = node_field(cond, "right");
    incl = cop[1] == '=';
  } else if ((!strcmp(cop, ">") || !strcmp(cop, ">=")) &&
             is_name(x, node_field(cond, "right"), lv.name)) {
    hi_n = node_field(cond, "left");
    incl = cop[1] == '=';
  } else if (!strcmp(cop, "!=") && (is_name(x, node_field(cond, "left"), lv.name) ||
                                    is_name(x, node_field(cond, "right"), lv.name))) {
    hi_n = node_field(cond, is_name(x, node_field(cond, "left"), lv.name) ? "right" : "left");
    incl = 0;
  } else {
    return refuse(x, cond, "loop condition '%s' is not 'i < bound' or 'i <= bound'",
                  excerpt(x, cond));
  }
  /* update: i++, ++i, i += 1, i = i + 1, i = 1 + i */
  int step_ok = 0;
  if (node_is(upd, "update_expression"))
    step_ok = !strcmp(op_of(x, upd), "++") && is_name(x, node_field(upd, "argument"), lv.name);
  else if (node_is(upd, "assignment_expression") && is_name(x, node_field(upd, "left"), lv.name)) {
    const char *aop = op_of(x, upd);
    TSNode r = strip_parens(node_field(upd, "right"));
    if (!strcmp(aop, "+="))
      step_ok = is_one(x, r);
    else if (!strcmp(aop, "=") && node_is(r, "binary_expression") &&
             !strcmp(op_of(x, r), "+"))
      step_ok = (is_name(x, node_field(r, "left"), lv.name) && is_one(x, node_field(r, "right"))) ||
                (is_one(x, node_field(r, "left")) && is_name(x, node_field(r, "right"), lv.name));
  }
  if (!step_ok)
    return refuse(x, ts_node_is_null(upd) ? n : upd,
                  "loop step is not 'i++', '++i', 'i += 1' or 'i = i + 1'");
  /* bounds, affine in the enclosing loop variables, or a band: the max
   * (lo) or min (hi) of such */
  AfPoly lo, hi;
  int lo_band = band_bound(x, n, lo_n, 0, 0, &lv.lo);
  int hi_band = lo_band < 0 ? -1 : band_bound(x, n, hi_n, 1, incl, &lv.hi);
  if (hi_band < 0)
    return -1;
  if ((lo_band || hi_band) && !signed_ctype(lv.ctype))
    return refuse(x, lo_band ? lo_n : hi_n, "band bound '%s' of the loop "
                  "variable '%s' of type '%s', which is not a signed integer "
                  "type", excerpt(x, lo_band ? lo_n : hi_n), lv.name, lv.ctype);
  if ((!lo_band && poly_of(x, lo_n, &lo, "loop bound")) ||
      (!hi_band && poly_of(x, hi_n, &hi, "loop bound")))
    return -1;
  if (incl && !hi_band)
    af_add_term(&hi, 1, -1, NULL);
  if ((!lo_band && to_affine(x, lo_n, &lo, &lv.lo, "loop bound")) ||
      (!hi_band && to_affine(x, hi_n, &hi, &lv.hi, "loop bound")))
    return -1;
  }
body:;
  int v = x->k->nvars++;
  x->k->vars[v] = lv;
  IrNode *loop = arena_alloc(x->a, sizeof *loop);
  loop->kind = IR_NODE_LOOP;
  loop->var = v;
  loop->span = nspan(n);
  x->stack[x->depth++] = v;
  NodeList list = {0};
  int rc = node_is(body, "compound_statement") ? build_seq(x, body, 0, &list)
                                                : build_stmt(x, body, &list);
  x->depth--;
  if (rc)
    return -1;
  if (!list.len)
    return refuse(x, n, "loop with an empty body");
  loop->body = list.data;
  loop->nbody = (int)list.len;
  *out = loop;
  return 0;
}

/* ---- entry ------------------------------------------------------------- */

/* Extents that neither the type nor the pragma gave (BoundArray.
 * open_extents): read off the loops, or a refusal that says how to give
 * them. */
static int open_extents(X *x, TSNode for_node, ExtractRefusal *why) {
  x->k->ntensors = (int)x->tensors.len;
  x->k->tensors = x->tensors.data;
  x->k->naccesses = (int)x->accesses.len;
  x->k->accesses = x->accesses.data;
  for (size_t t = 0; t < x->tensors.len; t++) {
    IrTensor *tt = &x->tensors.data[t];
    const BoundArray *ba = tt->binding && !tt->handle ? bound_of(x, tt->name) : NULL;
    if (!ba || !ba->open_extents)
      continue;
    for (int d = 0; d < tt->rank; d++) {
      const char *detail = NULL;
      if (tt->extent[d] || !extents_from_loops(x->a, x->k, (int)t, d, &detail))
        continue;
      why->reason = arena_printf(
          x->a,
          "cannot determine the extent of dimension %d of '%s' (type '%s') from "
          "the loops: %s; give its shape in the pragma, e.g. %s%s : ...",
          d, tt->name, ba->decl.type_text, detail, tt->name,
          tt->rank == 1 ? "[n]" : tt->rank == 2 ? "[n][m]" : "[n][m][k]");
      why->where = ba->b->name_span;
      (void)for_node;
      return 1;
    }
  }
  return 0;
}

/* ---- local temporaries ------------------------------------------------ */

/* What a subtree of statements writes: tensors (bit per index, all bits
 * past 63) and whether it writes the scalar `name`. */
static void writes_of(X *x, IrNode *const *v, int nv, uint64_t *tens,
                      const char *name, int *writes_name, const IrExpr *reads,
                      int *writes_read_scalar);

static int expr_reads_scalar(const IrExpr *e, const char *name) {
  if (!e) return 0;
  if (e->kind == IR_SCALAR && !strcmp(e->text, name)) return 1;
  if (expr_reads_scalar(e->a, name) || expr_reads_scalar(e->b, name) ||
      expr_reads_scalar(e->c, name))
    return 1;
  for (int i = 0; i < e->nargs; i++)
    if (expr_reads_scalar(e->args[i], name)) return 1;
  return 0;
}

static uint64_t expr_tensors(X *x, const IrExpr *e) {
  if (!e) return 0;
  uint64_t m = 0;
  if (e->kind == IR_ACCESS) {
    int t = x->accesses.data[e->access].tensor;
    m |= t < 64 ? (uint64_t)1 << t : ~(uint64_t)0;
  }
  m |= expr_tensors(x, e->a) | expr_tensors(x, e->b) | expr_tensors(x, e->c);
  for (int i = 0; i < e->nargs; i++) m |= expr_tensors(x, e->args[i]);
  return m;
}

static void writes_of(X *x, IrNode *const *v, int nv, uint64_t *tens,
                      const char *name, int *writes_name, const IrExpr *reads,
                      int *writes_read_scalar) {
  for (int i = 0; i < nv; i++) {
    const IrNode *n = v[i];
    if (n->kind == IR_NODE_STMT) {
      if (n->stmt.lhs_access >= 0) {
        int t = x->accesses.data[n->stmt.lhs_access].tensor;
        *tens |= t < 64 ? (uint64_t)1 << t : ~(uint64_t)0;
      } else if (n->stmt.lhs_scalar) {
        if (!strcmp(n->stmt.lhs_scalar, name)) *writes_name = 1;
        if (expr_reads_scalar(reads, n->stmt.lhs_scalar)) *writes_read_scalar = 1;
      }
      continue;
    }
    writes_of(x, n->body, n->nbody, tens, name, writes_name, reads, writes_read_scalar);
    if (n->kind == IR_NODE_IF)
      writes_of(x, n->els, n->nels, tens, name, writes_name, reads, writes_read_scalar);
  }
}

/* A copy of e with its own accesses (each access of the copy is a new
 * entry of x->accesses, as a second occurrence in the source would be). */
static IrExpr *copy_expr(X *x, const IrExpr *e) {
  if (!e) return NULL;
  IrExpr *c = arena_alloc(x->a, sizeof *c);
  *c = *e;
  if (e->kind == IR_ACCESS) {
    IrAccess ac = x->accesses.data[e->access];
    ARRAY_PUSH(x->a, x->accesses, ac);
    c->access = (int)x->accesses.len - 1;
  }
  c->a = copy_expr(x, e->a);
  c->b = copy_expr(x, e->b);
  c->c = copy_expr(x, e->c);
  if (e->nargs) {
    c->args = arena_alloc(x->a, sizeof(IrExpr *) * (size_t)e->nargs);
    for (int i = 0; i < e->nargs; i++) c->args[i] = copy_expr(x, e->args[i]);
  }
  return c;
}

/* e with every read of the scalar `name` replaced by (ctype)(val). */
static IrExpr *subst_expr(X *x, IrExpr *e, const char *name, const IrExpr *val,
                          const char *ctype) {
  if (!e) return NULL;
  if (e->kind == IR_SCALAR && !strcmp(e->text, name)) {
    IrExpr *c = arena_alloc(x->a, sizeof *c);
    *c = (IrExpr){.kind = IR_CAST, .text = ctype, .span = e->span};
    c->a = copy_expr(x, val);
    return c;
  }
  e->a = subst_expr(x, e->a, name, val, ctype);
  e->b = subst_expr(x, e->b, name, val, ctype);
  e->c = subst_expr(x, e->c, name, val, ctype);
  for (int i = 0; i < e->nargs; i++) e->args[i] = subst_expr(x, e->args[i], name, val, ctype);
  return e;
}

static void subst_nodes(X *x, IrNode **v, int nv, const char *name, const IrExpr *val,
                        const char *ctype) {
  for (int i = 0; i < nv; i++) {
    IrNode *n = v[i];
    if (n->kind == IR_NODE_STMT) {
      n->stmt.rhs = subst_expr(x, n->stmt.rhs, name, val, ctype);
      continue;
    }
    if (n->kind == IR_NODE_IF) {
      n->cond = subst_expr(x, n->cond, name, val, ctype);
      subst_nodes(x, n->els, n->nels, name, val, ctype);
    }
    subst_nodes(x, n->body, n->nbody, name, val, ctype);
  }
}

/* How many statements of the nest assign the scalar `name` (its
 * declaration included). */
static int decls_named(IrNode *const *v, int nv, const char *name) {
  int c = 0;
  for (int i = 0; i < nv; i++) {
    const IrNode *n = v[i];
    if (n->kind == IR_NODE_STMT) {
      c += n->stmt.lhs_access < 0 && n->stmt.lhs_scalar && !strcmp(n->stmt.lhs_scalar, name);
      continue;
    }
    c += decls_named(n->body, n->nbody, name);
    if (n->kind == IR_NODE_IF) c += decls_named(n->els, n->nels, name);
  }
  return c;
}

/* `const double a = A[i][j];` followed by statements reading a: a is a
 * name for its value, so each read becomes `(double)(A[i][j])` and the
 * declaration goes, when nothing after it in its body writes a, or any
 * array or scalar its initializer reads, and no other statement of the
 * nest assigns a scalar of its name. The statements then read the sparse operand
 * themselves, which is what co-iteration needs (`y[i] += a * x[j]`). */
static void substitute_locals(X *x, IrNode *root, IrNode *loop) {
  for (int p = 0; p < loop->nbody; p++) {
    IrNode *n = loop->body[p];
    if (n->kind == IR_NODE_LOOP) {
      substitute_locals(x, root, n);
      continue;
    }
    if (n->kind != IR_NODE_STMT || !n->stmt.decl_ctype || !n->stmt.rhs)
      continue;
    const char *name = n->stmt.lhs_scalar;
    if (decls_named(&root, 1, name) != 1 || expr_reads_scalar(n->stmt.rhs, name))
      continue;
    IrNode **rest = loop->body + p + 1;
    int nrest = loop->nbody - p - 1;
    uint64_t tens = 0;
    int wname = 0, wread = 0;
    writes_of(x, rest, nrest, &tens, name, &wname, n->stmt.rhs, &wread);
    if (wname || wread || (tens & expr_tensors(x, n->stmt.rhs)))
      continue;
    subst_nodes(x, rest, nrest, name, n->stmt.rhs, n->stmt.decl_ctype);
    /* the declaration's own accesses stay in the table, unreferenced */
    for (int i = p; i + 1 < loop->nbody; i++) loop->body[i] = loop->body[i + 1];
    loop->nbody--;
    p--;
    size_t m = 0;
    for (size_t i = 0; i < x->scalars.len; i++)
      if (strcmp(x->scalars.data[i], name)) x->scalars.data[m++] = x->scalars.data[i];
    x->scalars.len = m;
  }
}

/* The first syntax error in n (an ERROR node, or the statement holding a
 * token the parser had to invent, as a `;` before an `#if` line that
 * continues the expression), or a null node. */
static TSNode syntax_error_in(TSNode n) {
  TSNode none = {0};
  if (!ts_node_has_error(n))
    return none;
  uint32_t c = ts_node_child_count(n);
  for (uint32_t i = 0; i < c; i++) {
    TSNode ch = ts_node_child(n, i);
    if (ts_node_is_missing(ch))
      return n;
    TSNode e = syntax_error_in(ch);
    if (!ts_node_is_null(e))
      return e;
  }
  return n;
}

int extract_kernel(const ExtractEnv *env, TSNode for_node, IrKernel **out,
                   ExtractRefusal *why) {
  X x;
  memset(&x, 0, sizeof x);
  x.env = env;
  x.ctx = env->ctx;
  x.a = env->ctx->arena;
  x.src = env->ctx->file->text;
  x.k = arena_alloc(x.a, sizeof *x.k);
  x.nest = for_node;
  TSNode bad = syntax_error_in(for_node);
  if (!ts_node_is_null(bad)) {
    /* the text is not the statement the compiler sees: rewriting it
     * would leave the rest (`* 2.0` after an `#if`) behind */
    why->reason = "a statement of the loop nest does not parse before preprocessing "
                  "(sparsecc reads the file before preprocessing: a preprocessor "
                  "line inside a statement cuts it); keep each statement whole "
                  "between preprocessor lines";
    why->where = nspan(bad);
    return 1;
  }
  collect_writes(&x, for_node);
  /* loop variables are in `written` too; they are told apart by any_var */
  IrNode *root;
  if (build_for(&x, for_node, &root)) {
    *why = x.why;
    return 1;
  }
  substitute_locals(&x, root, root);
  /* an array appended to (`q[t++] = v`) is accessed nowhere else */
  for (size_t i = 0; i < x.pushed.len; i++) {
    int n = 0;
    for (size_t a = 0; a < x.accesses.len; a++)
      n += x.accesses.data[a].tensor == x.pushed.data[i];
    if (n > 1) {
      why->reason = arena_printf(x.a, "array '%s' is appended to ('%s[...++]') "
                                 "and accessed otherwise in the nest",
                                 x.tensors.data[x.pushed.data[i]].name,
                                 x.tensors.data[x.pushed.data[i]].name);
      why->where = nspan(for_node);
      return 1;
    }
  }
  /* a bound array assigned as a whole (pointer) in the nest */
  for (int i = 0; i < env->nbound; i++) {
    const char *nm = env->bound[i].b->name;
    if (name_in(nm, x.written.data, x.written.len)) {
      int used = 0;
      for (size_t t = 0; t < x.tensors.len; t++)
        used |= !strcmp(x.tensors.data[t].name, nm) && x.tensors.data[t].is_written;
      if (!used) {
        why->reason = arena_printf(x.a, "sparse array '%s' is reassigned in the nest", nm);
        why->where = nspan(for_node);
        return 1;
      }
    }
  }
  int nsparse = 0;
  for (size_t t = 0; t < x.tensors.len; t++)
    nsparse += x.tensors.data[t].binding != NULL;
  if (open_extents(&x, for_node, why))
    return 1;
  if (!nsparse) {
    why->reason = arena_strdup(x.a, "no array named in the pragma is accessed in the "
                                    "loop nest");
    why->where = nspan(for_node);
    return 1;
  }
  IrKernel *k = x.k;
  /* declared outside: live after the nest unless every later path writes
   * it first (frontend/liveness.c) */
  for (int v = 0; v < k->nvars; v++)
    if (!k->vars[v].declared_in_header)
      k->vars[v].live_after = liveness_after_nest(env->ctx->file, env->ctx->tree,
                                                  env->ct, for_node, k->vars[v].name);
  k->root = root;
  k->ntensors = (int)x.tensors.len;
  k->tensors = x.tensors.data;
  k->naccesses = (int)x.accesses.len;
  k->accesses = x.accesses.data;
  k->nscalars_written = (int)x.scalars.len;
  k->scalars_written = x.scalars.data;
  unsigned char *dead = arena_alloc(x.a, x.scalars.len ? x.scalars.len : 1);
  for (size_t i = 0; i < x.scalars.len; i++)
    dead[i] = !liveness_after_nest(env->ctx->file, env->ctx->tree, env->ct,
                                   for_node, x.scalars.data[i]);
  k->scalar_dead_after = dead;
  k->pragma_span = env->pragma_span;
  k->vec_pragma = env->vec_pragma;
  k->pragma_on_nest = env->pragma_on_nest;
  k->span = span_make(env->span_start, ts_node_end_byte(for_node));
  const SourceFile *f = env->ctx->file;
  size_t ls = ts_node_start_byte(for_node);
  while (ls > 0 && f->text[ls - 1] != '\n')
    ls--;
  size_t le = ls;
  while (le < f->len && (f->text[le] == ' ' || f->text[le] == '\t'))
    le++;
  k->indent = arena_strndup(x.a, f->text + ls, le - ls);
  int *inferred = arena_alloc(x.a, sizeof(int) * (x.tensors.len ? x.tensors.len : 1));
  for (size_t t = 0; t < x.tinfo.len; t++)
    inferred[t] = x.tinfo.data[t].inferred;
  /* dependences of the guarded form that lowering reads (ir/predicate.h) */
  const char *pwhy = NULL;
  IrKernel *pk = ir_predicate(x.a, k, &pwhy);
  if (!pk) {
    why->reason = pwhy;
    why->where = nspan(for_node);
    return 1;
  }
  ir_analyse_dependences(pk, inferred);
  if (pk != k)
    for (int v = 0; v < k->nvars; v++) {
      k->vars[v].carries_dependence = pk->vars[v].carries_dependence;
      k->vars[v].is_reduction = pk->vars[v].is_reduction;
    }
  /* a loop counting down is walked upwards when its order does not
   * matter; when it does (back substitution), it stays a dense loop
   * counting down (lowering). Either way its variable must not be read
   * after the nest. */
  for (int v = 0; v < k->nvars; v++) {
    if (!(x.reversed & (1u << v)))
      continue;
    if (k->vars[v].live_after) {
      why->reason = arena_printf(x.a, "loop counting down over '%s' whose final value "
                                 "is used after the nest", k->vars[v].name);
      why->where = nspan(x.rev_node[v]);
      return 1;
    }
    k->vars[v].descending = k->vars[v].carries_dependence;
  }
  *out = k;
  return 0;
}
