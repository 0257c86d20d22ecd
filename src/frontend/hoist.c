/* hoist.c — hoist_target(): the loop out of which a kernel's entry
 * assembly of one read-only array may move (see hoist.h for the rules).
 * Pure syntax over the tree-sitter tree plus scope lookups through
 * libclang (ctypes.h); no allocation outlives a call. */
#include "frontend/hoist.h"

#include "frontend/storage.h"
#include "frontend/tsnode.h"

#include <ctype.h>
#include <string.h>

#define MAX_EXTENT_VARS 32

typedef struct ExtentVar {
  char name[64];
  size_t decl;   /* name_offset of its declaration */
} ExtentVar;

typedef struct H {
  const SourceFile *f;
  CTypes *ct;
  Span kernel;
  const char *name;
  size_t decl;
  int strict;    /* the array may be aliased: writes only to scalars and
                    local arrays of arithmetic elements */
  int crank;     /* subscripts of one of its elements */
  ExtentVar vars[MAX_EXTENT_VARS];
  int nvars;
  int overflow;  /* too many extent variables: never hoist */
  int absorb;    /* element writes of the array by its name are allowed
                    (hoist_writes: each updates the kept tensor too) */
  HoistWrite *out; /* hoist_writes: where the writes go (NULL: check only) */
  size_t nout, cap;
} H;

static int text_is(const H *h, TSNode n, const char *s) {
  size_t a = ts_node_start_byte(n), b = ts_node_end_byte(n);
  return b - a == strlen(s) && !memcmp(h->f->text + a, s, b - a);
}

static void text_copy(const H *h, TSNode n, char *buf, size_t cap) {
  size_t a = ts_node_start_byte(n), b = ts_node_end_byte(n);
  size_t len = b - a < cap - 1 ? b - a : cap - 1;
  memcpy(buf, h->f->text + a, len);
  buf[len] = 0;
}

/* Whether identifier node n names the array (scope-correctly). */
static int names_array(H *h, TSNode n) {
  if (!node_is(n, "identifier") || !text_is(h, n, h->name)) return 0;
  CtDecl d;
  if (!ct_lookup(h->ct, h->name, ts_node_start_byte(n), &d)) return 0;
  return d.name_offset == h->decl;
}

/* ---- extent variables ---- */

static const char *const keywords[] = {
    "sizeof", "int", "long", "short", "unsigned", "signed", "char", "size_t",
    "double", "float", "const", "_Alignof", NULL};

static void add_extent_idents(H *h, const char *text, size_t at, int depth);

/* When line l of file f is `#define id ...`: where its body begins (just
 * after the name); NULL otherwise. */
static const char *define_at(const SourceFile *f, size_t l, const char *id) {
  size_t n = strlen(id);
  const char *p = f->text + f->line_starts[l];
  while (*p == ' ' || *p == '\t') p++;
  if (*p != '#') return NULL;
  p++;
  while (*p == ' ' || *p == '\t') p++;
  if (strncmp(p, "define", 6) || (p[6] != ' ' && p[6] != '\t')) return NULL;
  p += 6;
  while (*p == ' ' || *p == '\t') p++;
  if (strncmp(p, id, n) || isalnum((unsigned char)p[n]) || p[n] == '_')
    return NULL;
  return p + n;
}

/* A macro defined in the file: its body's identifiers count too. */
static void add_macro_body(H *h, const char *id, size_t at, int depth) {
  for (size_t l = 0; l < h->f->nlines; l++) {
    const char *body = define_at(h->f, l, id), *end = body;
    if (!body) continue;
    while (*end && *end != '\n') end++;
    char buf[512];
    size_t len = (size_t)(end - body) < sizeof buf - 1 ? (size_t)(end - body)
                                                      : sizeof buf - 1;
    if ((size_t)(end - body) >= sizeof buf - 1 || (len && body[len - 1] == '\\')) {
      h->overflow = 1; /* a long or continued macro: do not guess */
      return;
    }
    memcpy(buf, body, len);
    buf[len] = 0;
    add_extent_idents(h, buf, at, depth + 1);
  }
}

static void add_extent_idents(H *h, const char *text, size_t at, int depth) {
  if (depth > 8) {
    h->overflow = 1;
    return;
  }
  for (const char *p = text; *p;) {
    if (!(isalpha((unsigned char)*p) || *p == '_')) {
      p++;
      continue;
    }
    const char *s = p;
    while (isalnum((unsigned char)*p) || *p == '_') p++;
    char id[64];
    size_t len = (size_t)(p - s);
    if (len >= sizeof id) {
      h->overflow = 1;
      return;
    }
    memcpy(id, s, len);
    id[len] = 0;
    int kw = 0;
    for (int k = 0; keywords[k]; k++) kw |= !strcmp(keywords[k], id);
    if (kw) continue;
    CtDecl d;
    if (ct_lookup(h->ct, id, at, &d)) {
      if (h->nvars == MAX_EXTENT_VARS) {
        h->overflow = 1;
        return;
      }
      memcpy(h->vars[h->nvars].name, id, len + 1);
      h->vars[h->nvars].decl = d.name_offset;
      h->nvars++;
    } else {
      add_macro_body(h, id, at, depth);
    }
  }
}

static int is_extent_var(H *h, TSNode n) {
  if (!node_is(n, "identifier")) return 0;
  for (int i = 0; i < h->nvars; i++)
    if (text_is(h, n, h->vars[i].name)) {
      CtDecl d;
      if (!ct_lookup(h->ct, h->vars[i].name, ts_node_start_byte(n), &d)) return 1;
      if (d.name_offset == h->vars[i].decl) return 1;
    }
  return 0;
}

/* ---- aliasing of the array ---- */

static int is_alloc_call(const H *h, TSNode n) {
  n = strip_parens(n);
  while (node_is(n, "cast_expression")) n = strip_parens(node_field(n, "value"));
  if (!node_is(n, "call_expression")) return 0;
  TSNode fn = node_field(n, "function");
  return node_is(fn, "identifier") &&
         (text_is(h, fn, "malloc") || text_is(h, fn, "calloc"));
}

/* The subscripts applied to the array name n (`A[i][j]`: two): their
 * count, the outermost subscript expression (*c, n itself when none) and
 * its parent (*p). */
static int climb_subscripts(TSNode n, TSNode *c, TSNode *p) {
  int depth = 0;
  *c = n;
  *p = ts_node_parent(n);
  while (node_is(*p, "subscript_expression") &&
         ts_node_start_byte(node_field(*p, "argument")) == ts_node_start_byte(*c) &&
         ts_node_end_byte(node_field(*p, "argument")) == ts_node_end_byte(*c)) {
    depth++;
    *c = *p;
    *p = ts_node_parent(*p);
  }
  return depth;
}

/* Whether the occurrence n of the array's name can create an alias of its
 * storage (the array escapes): anything but a full element access, its
 * declaration, free(A), sizeof, a null test, or A = malloc/calloc(...). */
static int occurrence_escapes(H *h, TSNode n, int crank) {
  TSNode c, p;
  int depth = climb_subscripts(n, &c, &p);
  while (node_is(p, "parenthesized_expression")) {
    c = p;
    p = ts_node_parent(p);
  }
  if (node_is(p, "pointer_expression") && text_is(h, ts_node_child(p, 0), "&"))
    return 1;                                    /* its address is taken */
  if (depth == crank) return 0;                  /* an element */
  if (node_is(p, "sizeof_expression")) return 0;
  if (depth == 0 && (node_is(p, "init_declarator") || node_is(p, "array_declarator") ||
                     node_is(p, "pointer_declarator") || node_is(p, "declaration") ||
                     node_is(p, "parameter_declaration"))) {
    if (node_is(p, "init_declarator")) {
      TSNode v = node_field(p, "value");
      if (!ts_node_is_null(v) && !is_alloc_call(h, v) && !node_is(v, "null") &&
          !text_is(h, v, "0") && !text_is(h, v, "NULL"))
        return 1;
    }
    return 0;
  }
  if (node_is(p, "argument_list")) {
    TSNode call = ts_node_parent(p);
    TSNode fn = node_field(call, "function");
    return !(ts_node_named_child_count(p) == 1 && node_is(fn, "identifier") &&
             text_is(h, fn, "free"));
  }
  if (depth <= 1 && node_is(p, "assignment_expression") &&
      ts_node_start_byte(node_field(p, "left")) == ts_node_start_byte(c) &&
      text_is(h, ts_node_child(p, 1), "="))
    return !is_alloc_call(h, node_field(p, "right"));
  if (depth == 0 && node_is(p, "unary_expression") &&
      text_is(h, ts_node_child(p, 0), "!"))
    return 0;
  if (depth == 0 && node_is(p, "binary_expression")) {
    TSNode op = ts_node_child(p, 1);
    if (text_is(h, op, "==") || text_is(h, op, "!=")) return 0;
  }
  if (depth == 0 && (node_is(p, "if_statement") || node_is(p, "while_statement")))
    return 0;
  return 1;
}

static int escapes(H *h, TSNode n, int crank) {
  if (node_is(n, "identifier"))
    return names_array(h, n) && occurrence_escapes(h, n, crank);
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++)
    if (escapes(h, ts_node_named_child(n, i), crank)) return 1;
  return 0;
}

/* Whether the occurrence n of the array's name reads one element and
 * nothing else: `A[i][j]` with all its subscripts, not written (`=`, `+=`,
 * `++`), its address not taken. Another kernel of the loop, or a function
 * it calls, that reads the array leaves the cached tensor valid. */
static int element_read(const H *h, TSNode n) {
  TSNode c, p;
  int depth = climb_subscripts(n, &c, &p);
  if (h->crank <= 0 || depth != h->crank) return 0;
  while (node_is(p, "parenthesized_expression")) {
    c = p;
    p = ts_node_parent(p);
  }
  if (node_is(p, "update_expression")) return 0;
  if (node_is(p, "pointer_expression") && text_is(h, ts_node_child(p, 0), "&"))
    return 0;
  if (node_is(p, "assignment_expression") &&
      ts_node_start_byte(node_field(p, "left")) == ts_node_start_byte(c))
    return 0;
  return 1;
}

/* ---- the loop's text ---- */

static const char *const harmless_calls[] = {
    "printf", "fprintf", "puts", "putchar", "fputs", "fputc", "fflush",
    "clock", "time", "clock_gettime", "gettimeofday", "difftime",
    "sqrt", "sqrtf", "fabs", "fabsf", "exp", "expf", "log", "logf", "pow",
    "powf", "sin", "cos", "tan", "fmax", "fmin", "fmaxf", "fminf", "floor",
    "ceil", "abs", "labs", "llabs", "rand", "srand", NULL};

static int harmless_call(const H *h, TSNode call) {
  TSNode fn = node_field(call, "function");
  if (!node_is(fn, "identifier")) return 0;
  for (int i = 0; harmless_calls[i]; i++)
    if (text_is(h, fn, harmless_calls[i])) return 1;
  return 0;
}

/* Whether n (a subscript, or the value written) can be evaluated once more
 * after the statement with the same result and no effect: literals,
 * variables, arithmetic; calls only to the known library functions (the
 * value); no assignment, increment or address. */
static int pure_expr(const H *h, TSNode n, int calls) {
  const char *t = ts_node_type(n);
  if (!strcmp(t, "assignment_expression") || !strcmp(t, "update_expression") ||
      !strcmp(t, "comma_expression") || !strcmp(t, "pointer_expression") ||
      !strcmp(t, "compound_literal_expression") || !strcmp(t, "sizeof_expression"))
    return 0;
  if (!strcmp(t, "call_expression") && (!calls || !harmless_call(h, n)))
    return 0;
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++)
    if (!pure_expr(h, ts_node_named_child(n, i), calls)) return 0;
  return 1;
}

/* Whether the object-like macro `id` of the file has a body without
 * effects or calls (`#define N 40`, `#define LAST (N - 1)`). */
static int plain_macro(const H *h, const char *id) {
  int found = 0;
  for (size_t l = 0; l < h->f->nlines; l++) {
    const char *b = define_at(h->f, l, id), *e = b;
    if (!b) continue;
    if (*b == '(') return 0; /* function-like */
    while (*e && *e != '\n') e++;
    if (e > b && e[-1] == '\\') return 0;
    for (const char *q = b; q < e; q++) {
      if (*q == '=' && !(q > b && strchr("=<>!", q[-1])) && q[1] != '=') return 0;
      if ((*q == '+' || *q == '-') && q[1] == *q) return 0;
      if (*q == '(' && q > b) { /* a call: an identifier before the paren */
        const char *r = q - 1;
        while (r > b && (*r == ' ' || *r == '\t')) r--;
        if (isalnum((unsigned char)*r) || *r == '_') return 0;
      }
    }
    found = 1;
  }
  return found;
}

/* Whether subscript n reads only scalar variables, constants and plain
 * macros (no element of any array, which the write could change: `A[i][
 * (int)A[i][i]]`, no member through a pointer), so that it reads the same
 * after the write as before. */
static int plain_subscript(const H *h, TSNode n) {
  const char *t = ts_node_type(n);
  if (!strcmp(t, "subscript_expression") || !strcmp(t, "field_expression") ||
      !strcmp(t, "call_expression"))
    return 0;
  if (!strcmp(t, "identifier")) {
    char id[64];
    if (ts_node_end_byte(n) - ts_node_start_byte(n) >= sizeof id) return 0;
    text_copy(h, n, id, sizeof id);
    CtDecl d;
    if (ct_lookup(h->ct, id, ts_node_start_byte(n), &d))
      return d.kind == CT_SCALAR && d.name_offset != h->decl;
    return plain_macro(h, id);
  }
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++)
    if (!plain_subscript(h, ts_node_named_child(n, i))) return 0;
  return 1;
}

/* Whether the occurrence n of the array's name is the target of an element
 * write statement the kept tensor can take as a buffered insert of the
 * element's new value: `A[i][j] op= e;` or `A[i][j]++;`, a statement of its
 * own, with subscripts that read the same after it (h->absorb only). The
 * write is recorded in h->out. */
static int absorbed_write(H *h, TSNode n) {
  if (!h->absorb) return 0;
  TSNode c, p;
  int depth = climb_subscripts(n, &c, &p);
  if (h->crank <= 0 || depth != h->crank || depth > HOIST_MAX_RANK) return 0;
  if (node_is(p, "assignment_expression")) {
    if (ts_node_start_byte(node_field(p, "left")) != ts_node_start_byte(c) ||
        !pure_expr(h, node_field(p, "right"), 1))
      return 0;
  } else if (!node_is(p, "update_expression")) {
    return 0;
  }
  TSNode stmt = ts_node_parent(p);
  if (!node_is(stmt, "expression_statement") || h->nout >= HOIST_MAX_WRITES)
    return 0;
  HoistWrite w;
  memset(&w, 0, sizeof w);
  w.stmt = span_make(ts_node_start_byte(stmt), ts_node_end_byte(stmt));
  w.elem = span_make(ts_node_start_byte(c), ts_node_end_byte(c));
  w.rank = depth;
  TSNode e = c;
  for (int d = depth - 1; d >= 0; d--) {
    TSNode idx = node_field(e, "index");
    if (ts_node_is_null(idx) || !pure_expr(h, idx, 0) || !plain_subscript(h, idx))
      return 0;
    w.sub[d] = span_make(ts_node_start_byte(idx), ts_node_end_byte(idx));
    e = node_field(e, "argument");
  }
  if (h->out && h->nout < h->cap) h->out[h->nout] = w;
  h->nout++;
  return 1;
}

static int file_function_harmless(H *h, TSNode call, int depth);

/* Whether a call cannot change the program's arrays: a known library
 * function, or a function of the file that writes only its own locals. */
static int call_harmless(H *h, TSNode call, int depth) {
  return harmless_call(h, call) || file_function_harmless(h, call, depth);
}

/* Whether lvalue n, written in the function spanning [fs, fe), is one of
 * that function's own local variables or local arrays. */
static int local_lvalue(H *h, TSNode n, size_t fs, size_t fe) {
  n = strip_parens(n);
  int subscripted = 0;
  while (node_is(n, "subscript_expression")) {
    n = strip_parens(node_field(n, "argument"));
    subscripted = 1;
  }
  if (!node_is(n, "identifier")) return 0;
  char id[64];
  text_copy(h, n, id, sizeof id);
  CtDecl d;
  if (!ct_lookup(h->ct, id, ts_node_start_byte(n), &d)) return 0;
  if (d.name_offset < fs || d.name_offset >= fe) return 0;
  if (!subscripted) return 1;
  return d.kind == CT_ARRAY && !d.is_param && d.type_text &&
         strchr(d.type_text, '[') && !strchr(d.type_text, '*');
}

/* Whether lvalue n of a called function may be written when no pointer
 * can reach the array (!h->strict): an element or a field (through any
 * pointer but the array's own name, which body_harmless rejects), or a
 * variable that is not in the extents. */
static int element_lvalue(H *h, TSNode n, size_t fs, size_t fe) {
  if (local_lvalue(h, n, fs, fe)) return 1;
  if (h->strict) return 0;
  n = strip_parens(n);
  if (node_is(n, "identifier")) return !is_extent_var(h, n);
  return node_is(n, "subscript_expression") || node_is(n, "field_expression") ||
         node_is(n, "pointer_expression");
}

static int body_harmless(H *h, TSNode n, size_t fs, size_t fe, int depth) {
  const char *t = ts_node_type(n);
  if (!strcmp(t, "identifier") && text_is(h, n, h->name) && !element_read(h, n))
    return 0;
  if (!strcmp(t, "call_expression") && !call_harmless(h, n, depth + 1))
    return 0;
  if (!strcmp(t, "assignment_expression") &&
      !element_lvalue(h, node_field(n, "left"), fs, fe))
    return 0;
  if (!strcmp(t, "update_expression") &&
      !element_lvalue(h, node_field(n, "argument"), fs, fe))
    return 0;
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++)
    if (!body_harmless(h, ts_node_named_child(n, i), fs, fe, depth)) return 0;
  return 1;
}

static int file_function_harmless(H *h, TSNode call, int depth) {
  if (depth > 4) return 0;
  TSNode fn = node_field(call, "function");
  if (!node_is(fn, "identifier")) return 0;
  TSNode root = call;
  while (!ts_node_is_null(ts_node_parent(root))) root = ts_node_parent(root);
  uint32_t c = ts_node_named_child_count(root);
  for (uint32_t i = 0; i < c; i++) {
    TSNode def = ts_node_named_child(root, i);
    if (!node_is(def, "function_definition")) continue;
    TSNode nm = storage_declared_name(node_field(def, "declarator"));
    if (!node_is(nm, "identifier")) continue;
    size_t a = ts_node_start_byte(nm), b = ts_node_end_byte(nm);
    size_t fa = ts_node_start_byte(fn), fb = ts_node_end_byte(fn);
    if (b - a != fb - fa || memcmp(h->f->text + a, h->f->text + fa, b - a))
      continue;
    TSNode body = node_field(def, "body");
    if (ts_node_is_null(body)) return 0;
    return body_harmless(h, body, ts_node_start_byte(def),
                         ts_node_end_byte(def), depth);
  }
  return 0;
}

/* Whether writing lvalue n is safe for the cached array. */
static int safe_lvalue(H *h, TSNode n) {
  n = strip_parens(n);
  if (node_is(n, "identifier")) return !is_extent_var(h, n);
  if (!node_is(n, "subscript_expression")) return 0;
  TSNode root = n;
  while (node_is(root, "subscript_expression"))
    root = strip_parens(node_field(root, "argument"));
  if (!node_is(root, "identifier")) return 0;
  if (!h->strict) return 1;
  char id[64];
  text_copy(h, root, id, sizeof id);
  CtDecl d;
  if (!ct_lookup(h->ct, id, ts_node_start_byte(root), &d)) return 0;
  return d.kind == CT_ARRAY && !d.is_param && d.type_text &&
         strchr(d.type_text, '[') && !strchr(d.type_text, '*');
}

/* Whether the subtree n (outside the kernel) leaves the array and its
 * extents unchanged. */
static int loop_text_ok(H *h, TSNode n) {
  size_t a = ts_node_start_byte(n), b = ts_node_end_byte(n);
  if (a >= h->kernel.start && b <= h->kernel.end) return 1;
  const char *t = ts_node_type(n);
  if (!strcmp(t, "identifier") && names_array(h, n) && !element_read(h, n) &&
      !absorbed_write(h, n))
    return 0;
  if (!strcmp(t, "identifier") && text_is(h, n, h->name) && !names_array(h, n) &&
      !element_read(h, n))
    return 0;
  if (!strcmp(t, "return_statement") || !strcmp(t, "goto_statement") ||
      !strcmp(t, "labeled_statement"))
    return 0;
  if (!strcmp(t, "call_expression") && !call_harmless(h, n, 0)) return 0;
  if (!strcmp(t, "assignment_expression") && !safe_lvalue(h, node_field(n, "left")))
    return 0;
  if (!strcmp(t, "update_expression") && !safe_lvalue(h, node_field(n, "argument")))
    return 0;
  if (!strcmp(t, "pointer_expression") && text_is(h, ts_node_child(n, 0), "&") &&
      is_extent_var(h, strip_parens(node_field(n, "argument"))))
    return 0;
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++)
    if (!loop_text_ok(h, ts_node_named_child(n, i))) return 0;
  return 1;
}

static int is_loop(TSNode n) {
  return node_is(n, "for_statement") || node_is(n, "while_statement") ||
         node_is(n, "do_statement");
}

/* The shared start of hoist_target and hoist_writes: 0 when the array
 * cannot be followed (no declaration, too many extent variables). */
static int h_init(H *h, const SourceFile *f, CTypes *ct, TSNode nest, Span kernel,
                  const char *name, const char *const *extent, int rank,
                  CtDecl *ad) {
  if (!ct || !name || strlen(name) >= 64) return 0;
  memset(h, 0, sizeof *h);
  h->f = f;
  h->ct = ct;
  h->kernel = kernel;
  h->name = name;
  if (!ct_lookup(ct, name, ts_node_start_byte(nest), ad) || !ad->name_offset)
    return 0;
  h->decl = ad->name_offset;
  for (int d = 0; d < rank; d++)
    if (extent[d]) add_extent_idents(h, extent[d], ts_node_start_byte(nest), 0);
  if (h->overflow) return 0;
  h->crank = ad->rank > 0 ? ad->rank : rank;
  return 1;
}

TSNode hoist_target(const SourceFile *f, CTypes *ct, TSNode nest, Span kernel,
                    const char *name, const char *const *extent, int rank,
                    Span annotated, int absorb) {
  TSNode none = {{0}, NULL, NULL};
  H h;
  CtDecl ad;
  if (!h_init(&h, f, ct, nest, kernel, name, extent, rank, &ad)) return none;
  /* may another name reach the array's storage? */
  TSNode root = nest;
  while (!ts_node_is_null(ts_node_parent(root))) root = ts_node_parent(root);
  int strict = ad.is_param || escapes(&h, root, h.crank);
  TSNode best = none;
  for (TSNode p = ts_node_parent(nest); !ts_node_is_null(p);
       p = ts_node_parent(p)) {
    if (node_is(p, "function_definition") || node_is(p, "translation_unit")) break;
    if (!is_loop(p)) continue;
    size_t ps = ts_node_start_byte(p), pe = ts_node_end_byte(p);
    int declared_inside = ad.name_offset >= ps && ad.name_offset < pe;
    for (int i = 0; i < h.nvars; i++)
      if (h.vars[i].decl >= ps && h.vars[i].decl < pe) declared_inside = 1;
    /* inside the loop the pragma names the array sparse in, it changes
     * only through its own name (SPEC §4 case 3), and its element writes
     * there may update the kept tensor too */
    int inside = annotated.end > annotated.start && ps >= annotated.start &&
                 pe <= annotated.end;
    h.strict = strict && !inside;
    h.absorb = absorb && inside && !ad.is_bool && ad.layout != IR_LAYOUT_FLAT &&
               h.crank == rank;
    h.nout = 0;
    if (declared_inside || !loop_text_ok(&h, p)) break;
    best = p;
  }
  return best;
}

size_t hoist_writes(const SourceFile *f, CTypes *ct, TSNode loop, TSNode nest,
                    Span kernel, const char *name, const char *const *extent,
                    int rank, HoistWrite *out, size_t cap) {
  H h;
  CtDecl ad;
  if (!h_init(&h, f, ct, nest, kernel, name, extent, rank, &ad)) return 0;
  h.absorb = 1;
  h.out = out;
  h.cap = cap;
  if (!loop_text_ok(&h, loop)) return 0;
  return h.nout;
}
