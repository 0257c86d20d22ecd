/* uses.c — every use of an array whose storage became a sparse tensor, and
 * what it becomes (see storage.h). The scope after the declaration is
 * walked; each identifier that names the array (scope-correct, through
 * libclang) is classified by its context:
 *
 *   A[i][j]               lookup     sc__get_f64(H, coords, where)
 *   A[i][j] = v           insert     sc__set_f64(H, coords, v, where)
 *   A[i][j] op= v, ++, -- update     sc__upd_f64 (op: + - * / | ^ &;
 *                                    sc__updv_f64 for a value;
 *                                    sc__set_f64 of sc__get_f64 op v where C
 *                                    computes in another type, and always
 *                                    for _Bool, stored as uint8_t: every
 *                                    value written is converted to _Bool)
 *   sizeof A, sizeof *A   the dense type: sizeof(double[N][M])
 *   memset(A, 0, size)    sc_tensor_clear(H) (size: sizeof A, or the
 *                         malloc'd size as written)
 *   free(A)               sc_tensor_free(H)
 *   A = malloc/calloc(..) the creation of an empty tensor
 *   A[i] = malloc(..), free(A[i])   (row pointers) nothing
 *   !A, A == NULL, if (A) the handle
 *   T *row = A[i]; (also &A[i][0], A + i * n) in a loop: nothing where the
 *                         nest becomes a kernel (it follows row[j] into A);
 *                         an error elsewhere (uses_alias_error)
 *   a nest `for i < E0: for j < E1: ... A[i][j] = v; ...` that assigns
 *                         every element with `=` and reads nothing of A:
 *                         cleared first when E0, E1 are its sizes, then
 *                         only non-zero values inserted
 * and for a local array, the exits of its block (return, break, continue,
 * the closing brace) free the tensor. Anything else that names the array
 * lets its address escape: an error at the use. */
#include <string.h>

#include "emit/splice.h"
#include "frontend/storage.h"
#include "frontend/tsnode.h"

typedef enum UKind {
  U_READ, U_SET, U_UPD, U_INC, U_SIZEOF, U_CLEAR, U_FREE, U_ALLOC, U_NAME,
  U_VOID, U_EXIT, U_END, U_NEST, U_FSET, U_ZERO, U_PASS, U_CALL, U_TEXT,
  U_COPYIN, U_COPYOUT, U_ALIAS
} UKind;

#define U_MAX_FREES 8

typedef struct Site {
  UKind kind;
  int zero;                 /* NEST/FSET: the value is a literal zero */
  size_t start, end;        /* bytes replaced */
  Stored *st;
  TSNode node;
  TSNode idx[SC_MAX_RANK];  /* subscripts, first dimension first */
  int nidx;
  TSNode offs[4];           /* ZERO: `P + a + b`: one more subscript a + b */
  int noffs;
  TSNode val;               /* SET/UPD/FSET: the value; ZERO/COPYIN/COPYOUT:
                               the byte count */
  TSNode block;             /* COPYIN/COPYOUT: the other block of memcpy */
  char op;                  /* UPD/INC */
  int recompute;            /* UPD: the runtime's update in the element type
                               would differ from C's (`int_elem *= 1.5`):
                               read, compute in C, store */
  int used;                 /* the expression's value is used */
  int k;                    /* SIZEOF: subscripts/dereferences applied */
  int nest;                 /* NEST/FSET: number of the coverage flag */
  const char *full;         /* NEST: the coverage condition; CALL: the
                               callee; TEXT: the text; PASS: the hoisted
                               conversion passed instead (or NULL) */
  Stored *frees[U_MAX_FREES];
  int nfrees;
  const char *ret_type;     /* EXIT: a return whose value reads the array:
                               the function's return type */
} Site;

struct Uses {
  SparsifyCtx *ctx;
  CTypes *ct;
  ARRAY(Site) s;
  ARRAY(size_t) top;        /* indices of the outermost sites */
  int nests;
  /* while classifying one array */
  Stored *cur;
  const char *why;          /* first unsupported use */
  int escaped;
  ARRAY(size_t) skip;       /* identifier offsets handled by a nest */
  Stored *all;              /* every replaced array (for try_nest) */
  int nall;
  FuncSig *fs;              /* functions taking tensors (case 2) */
  int nfs;
  ARRAY(struct Hoisted) hoisted; /* conversions at calls hoisted out of loops */
  const Attachment *groups; /* the file's pragma groups (loop pragmas) */
  size_t ngroups;
};

static int update_exact(Uses *u, IrElemType e, char op, size_t op_offset);
static int has_effects(TSNode n);

/* An argument converted at the calls in a loop, once before it instead */
typedef struct Hoisted {
  size_t loop;              /* the loop's start */
  const Stored *arg;
  const char *var;
} Hoisted;

static const char *text(Uses *u, TSNode n) {
  return arena_strndup(u->ctx->arena, u->ctx->file->text + ts_node_start_byte(n),
                       ts_node_end_byte(n) - ts_node_start_byte(n));
}

static TSNode strip(TSNode n) { return strip_parens(n); }

/* The parent, skipping parentheses; *top is the outermost parenthesized
 * form of n. */
static TSNode up(TSNode n, TSNode *top) {
  TSNode p = ts_node_parent(n);
  while (node_is(p, "parenthesized_expression")) {
    n = p;
    p = ts_node_parent(p);
  }
  *top = n;
  return p;
}

static int same(TSNode a, TSNode b) {
  return !ts_node_is_null(a) && !ts_node_is_null(b) &&
         ts_node_start_byte(a) == ts_node_start_byte(b) &&
         ts_node_end_byte(a) == ts_node_end_byte(b);
}

static int token_in(const char *t, const char *id) {
  size_t n = strlen(id);
  for (const char *p = t; (p = strstr(p, id)); p += n) {
    int b = p > t && (p[-1] == '_' || (p[-1] >= '0' && p[-1] <= '9') ||
                      ((p[-1] | 32) >= 'a' && (p[-1] | 32) <= 'z'));
    char a = p[n];
    int f = a == '_' || (a >= '0' && a <= '9') || ((a | 32) >= 'a' && (a | 32) <= 'z');
    if (!b && !f)
      return 1;
  }
  return 0;
}

/* Whether a value's text is a literal zero (`0`, `0.0`, `(0.)`, `0.0f`,
 * `+0`): a nest assigning it to every element only clears. A negative
 * one (`-0.0`) is not: it is stored, and reads back as -0.0. */
static int zero_literal(const char *t) {
  size_t a = 0, b = strlen(t);
  for (;;) {
    while (a < b && (t[a] == ' ' || t[a] == '\t')) a++;
    while (b > a && (t[b - 1] == ' ' || t[b - 1] == '\t')) b--;
    if (b - a >= 2 && t[a] == '(' && t[b - 1] == ')') { a++; b--; continue; }
    break;
  }
  if (a < b && t[a] == '+') a++;
  if (a == b || !(t[a] == '0' || t[a] == '.')) return 0;
  int digit = 0;
  for (size_t i = a; i < b; i++) {
    char c = t[i];
    if (c == '0') digit = 1;
    else if (c == '.') continue;
    else if (i + 1 == b && (c == 'f' || c == 'F' || c == 'l' || c == 'L' ||
                            c == 'u' || c == 'U')) continue;
    else return 0;
  }
  return digit;
}

static Site *add(Uses *u, UKind k, TSNode n, Stored *st) {
  Site s;
  memset(&s, 0, sizeof s);
  s.kind = k;
  s.node = n;
  s.st = st;
  s.start = ts_node_start_byte(n);
  s.end = ts_node_end_byte(n);
  ARRAY_PUSH(u->ctx->arena, u->s, s);
  return &u->s.data[u->s.len - 1];
}

static void unsupported(Uses *u, TSNode n, const char *fmt, const char *arg) {
  if (u->why)
    return;
  unsigned line, col;
  const char *fname = source_presumed(u->ctx->file, ts_node_start_byte(n), &line, &col);
  u->why = arena_printf(u->ctx->arena, "%s at %s:%u:%u",
                        arena_printf(u->ctx->arena, fmt, arg), fname, line, col);
}

static void escape(Uses *u, TSNode id, const char *fmt, const char *arg) {
  SparsifyCtx *ctx = u->ctx;
  const char *name = u->cur->ba.b->name;
  if (u->cur->param) {
    /* a parameter stays dense instead (as before case 2 applied) */
    unsupported(u, id, fmt, arg);
    return;
  }
  diag_error(ctx->diags, ctx->file,
             span_make(ts_node_start_byte(id), ts_node_end_byte(id)),
             "'%s' is stored as a sparse tensor but %s; sparsecc cannot "
             "rewrite that use",
             name, arena_printf(ctx->arena, fmt, arg));
  size_t off = u->cur->ba.decl.name_offset;
  diag_note(ctx->diags, ctx->file, span_make(off, off + strlen(name)),
            "'%s' is declared here with '#pragma sparse encoding'; to keep "
            "its dense block, put the pragma before the loop nests that use "
            "it instead (each assembles it at entry)", name);
  u->escaped = 1;
}

/* The name declared by a parameter declaration (through pointers, arrays
 * and parentheses), or NULL. */
static const char *param_name(Uses *u, TSNode d) {
  for (int guard = 0; guard < 16 && !ts_node_is_null(d); guard++) {
    if (node_is(d, "identifier"))
      return text(u, d);
    TSNode n = node_field(d, "declarator");
    if (ts_node_is_null(n) && node_is(d, "parenthesized_declarator") &&
        ts_node_named_child_count(d) == 1)
      n = ts_node_named_child(d, 0);
    d = n;
  }
  return NULL;
}

/* Whether a parameter's declarator tells its first extent (`M[n][N]`);
 * `M[][N]`, `*M`, `(*M)[N]` do not, so a pragma for it gives the shape. */
static int param_tells_rows(TSNode d) {
  while (node_is(d, "array_declarator") &&
         node_is(node_field(d, "declarator"), "array_declarator"))
    d = node_field(d, "declarator");
  return node_is(d, "array_declarator") &&
         node_is(node_field(d, "declarator"), "identifier") &&
         !ts_node_is_null(node_field(d, "size"));
}

/* The declarator of the parameter of fn, a function this file defines,
 * that argument `arg` of `call` binds, when it is an array or pointer
 * with a name (*name: fn's name in its definition); a null node
 * otherwise. */
static TSNode dense_param_at(Uses *u, TSNode call, TSNode arg, const char *fn,
                             TSNode *name) {
  SparsifyCtx *ctx = u->ctx;
  const TSNode none = {0};
  *name = node_function_definition(ts_tree_root_node(ctx->tree),
                                   ctx->file->text, fn);
  if (ts_node_is_null(*name))
    return none;
  TSNode args = node_field(call, "arguments");
  uint32_t pos = 0, na = ts_node_named_child_count(args);
  while (pos < na && !same(ts_node_named_child(args, pos), arg))
    pos++;
  TSNode fd = ts_node_parent(*name);
  TSNode params = node_is(fd, "function_declarator") ? node_field(fd, "parameters")
                                                      : none;
  if (pos == na || ts_node_is_null(params) || pos >= ts_node_named_child_count(params))
    return none;
  TSNode pd = ts_node_named_child(params, pos);
  TSNode d = node_field(pd, "declarator");
  if (!node_is(pd, "parameter_declaration") ||
      !(node_is(d, "array_declarator") || node_is(d, "pointer_declarator")) ||
      !param_name(u, d))
    return none;
  return d;
}

/* The array passed as argument `arg` of `call` to `fn`, a function this
 * file defines (so its definition can take a pragma): the reason it
 * stays dense, naming the parameter, the pragma that would pass the
 * sparse tensor instead and where the function is; NULL when the file
 * does not define fn or that parameter is not an array or pointer. */
static const char *dense_param_hint(Uses *u, TSNode call, TSNode arg, const char *fn) {
  SparsifyCtx *ctx = u->ctx;
  TSNode name;
  TSNode d = dense_param_at(u, call, arg, fn, &name);
  if (ts_node_is_null(d))
    return NULL;
  const char *pname = param_name(u, d);
  const PragmaEncoding *e = &u->cur->ba.b->enc;
  unsigned line, col, dline, dcol;
  const char *aname = source_presumed(ctx->file, ts_node_start_byte(arg), &line, &col);
  const char *dname = source_presumed(ctx->file, ts_node_start_byte(name), &dline, &dcol);
  /* the shape the array passed has, where the parameter's type lacks it */
  StrBuf shape = {0};
  const BoundArray *ba = &u->cur->ba;
  if (!param_tells_rows(d))
    for (int k = 0; k < ba->rank && ba->extent[k]; k++)
      sb_printf(&shape, "[%s]", ba->extent[k]);
  const char *shp = arena_strdup(ctx->arena, shape.data ? shape.data : "");
  sb_free(&shape);
  return arena_printf(ctx->arena, "it is passed to '%s' at %s:%u:%u, whose "
                      "parameter '%s' is a dense array (put '#pragma sparse "
                      "encoding(%s%s : %.*s)' before the definition of '%s' at "
                      "%s:%u:%u to pass the sparse tensor)", fn, aname,
                      line, col, pname, pname, shp,
                      (int)(e->span.end - e->span.start), ctx->file->text + e->span.start,
                      fn, dname, dline, dcol);
}

/* The reason array u->cur stays dense when a part of it, arg (`A[i]`), is
 * passed to fn, a function this file defines whose parameter there is a
 * dense array or pointer: the function reads and writes the row as the
 * program does (no pragma could pass it a part of a tensor). NULL when the
 * file does not define fn or that parameter is no array or pointer. */
static const char *dense_part_hint(Uses *u, TSNode call, TSNode arg, const char *fn) {
  SparsifyCtx *ctx = u->ctx;
  TSNode name;
  TSNode d = dense_param_at(u, call, arg, fn, &name);
  if (ts_node_is_null(d))
    return NULL;
  unsigned line, col;
  const char *aname = source_presumed(ctx->file, ts_node_start_byte(arg), &line, &col);
  return arena_printf(ctx->arena, "a part of it ('%s') is passed to '%s' at %s:%u:%u, "
                      "whose parameter '%s' is a dense array",
                      text(u, arg), fn, aname, line, col, param_name(u, d));
}

/* A write whose statement does not parse before preprocessing (`A[i][j] =
 * v` then `#if X` / `* 2` / `#endif` / `;`): its rewrite would take the
 * value up to the `#if` only, so the array keeps its dense storage. */
static void cut_statement(Uses *u, TSNode n) {
  TSNode s = n;
  while (!ts_node_is_null(s) && !strstr(ts_node_type(s), "statement") &&
         !node_is(s, "declaration"))
    s = ts_node_parent(s);
  if (!ts_node_is_null(s) && ts_node_has_error(s))
    unsupported(u, n, "%s", "a statement writing it is cut by a preprocessor line "
                "(sparsecc reads the file before preprocessing)");
}

static int stmt_ctx(TSNode top) {
  return node_is(ts_node_parent(top), "expression_statement");
}

/* ---- the nest that assigns every element ------------------------------ */

typedef struct NLoop {
  const char *var;
  TSNode hi;
} NLoop;

static int assigned_in(Uses *u, TSNode n, const char *name) {
  const char *ty = ts_node_type(n);
  if (!strcmp(ty, "assignment_expression") || !strcmp(ty, "update_expression")) {
    TSNode t = strip(node_field(n, !strcmp(ty, "assignment_expression") ? "left" : "argument"));
    if (node_is(t, "identifier") && !strcmp(text(u, t), name))
      return 1;
  }
  if (!strcmp(ty, "pointer_expression") && token_in(text(u, n), name) &&
      text(u, n)[0] == '&')
    return 1;
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++)
    if (assigned_in(u, ts_node_named_child(n, i), name))
      return 1;
  return 0;
}

static int has_jump(TSNode n) {
  const char *ty = ts_node_type(n);
  if (!strcmp(ty, "break_statement") || !strcmp(ty, "continue_statement") ||
      !strcmp(ty, "return_statement") || !strcmp(ty, "goto_statement") ||
      !strcmp(ty, "labeled_statement"))
    return 1;
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++)
    if (has_jump(ts_node_named_child(n, i)))
      return 1;
  return 0;
}

static int count_ident(Uses *u, TSNode n, const char *name) {
  if (node_is(n, "identifier") || node_is(n, "type_identifier"))
    return !strcmp(text(u, n), name);
  int c = 0;
  uint32_t k = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < k; i++)
    c += count_ident(u, ts_node_named_child(n, i), name);
  return c;
}

/* Whether n names the stored array o (an identifier of its name declared
 * by o's declaration: a parameter of another function called alike, or a
 * local of main passed to this one, is another array). */
static int names_stored(Uses *u, TSNode n, const Stored *o) {
  if (node_is(n, "identifier")) {
    CtDecl d;
    return !strcmp(text(u, n), o->ba.b->name) &&
           (!ct_lookup(u->ct, o->ba.b->name, ts_node_start_byte(n), &d) ||
            d.name_offset == o->ba.decl.name_offset);
  }
  uint32_t k = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < k; i++)
    if (names_stored(u, ts_node_named_child(n, i), o))
      return 1;
  return 0;
}

/* `for (i = 0; i < E; i++)` (also `int i = 0`, `++i`, `i += 1`): the
 * variable and E, or 0. */
static int simple_header(Uses *u, TSNode f, NLoop *out) {
  TSNode init = node_field(f, "initializer"), cond = node_field(f, "condition"),
         upd = node_field(f, "update");
  TSNode lo;
  if (node_is(init, "declaration")) {
    TSNode d = node_field(init, "declarator");
    if (!node_is(d, "init_declarator") || !node_is(node_field(d, "declarator"), "identifier"))
      return 0;
    out->var = text(u, node_field(d, "declarator"));
    lo = node_field(d, "value");
  } else if (node_is(init, "assignment_expression") &&
             node_is(strip(node_field(init, "left")), "identifier")) {
    out->var = text(u, strip(node_field(init, "left")));
    lo = node_field(init, "right");
  } else {
    return 0;
  }
  if (strcmp(text(u, strip(lo)), "0"))
    return 0;
  if (!node_is(cond, "binary_expression") || strcmp(text(u, node_field(cond, "operator")), "<") ||
      strcmp(text(u, strip(node_field(cond, "left"))), out->var))
    return 0;
  out->hi = node_field(cond, "right");
  const char *ut = text(u, upd);
  char want[3][64];
  snprintf(want[0], 64, "%s++", out->var);
  snprintf(want[1], 64, "++%s", out->var);
  snprintf(want[2], 64, "%s += 1", out->var);
  return !strcmp(ut, want[0]) || !strcmp(ut, want[1]) || !strcmp(ut, want[2]);
}

/* The single statements of a body (a compound's children, or itself). */
static int body_stmts(TSNode b, TSNode *out, int max) {
  if (!node_is(b, "compound_statement")) {
    out[0] = b;
    return 1;
  }
  int n = 0;
  uint32_t c = ts_node_named_child_count(b);
  for (uint32_t i = 0; i < c; i++) {
    TSNode s = ts_node_named_child(b, i);
    if (node_is(s, "comment"))
      continue;
    if (n == max)
      return -1;
    out[n++] = s;
  }
  return n;
}

static int loop_of(const NLoop *l, int n, TSNode e, Uses *u) {
  e = strip(e);
  if (!node_is(e, "identifier"))
    return -1;
  const char *t = text(u, e);
  for (int i = 0; i < n; i++)
    if (!strcmp(l[i].var, t))
      return i;
  return -1;
}

/* Whether `rhs`, in nest f, reads an array that a loop pragma on f or on a
 * loop around it binds: that pragma makes f a kernel. */
static int reads_loop_pragma_array(Uses *u, TSNode f, TSNode rhs) {
  size_t a = ts_node_start_byte(f), b = ts_node_end_byte(f);
  for (size_t g = 0; g < u->ngroups; g++) {
    const Attachment *at = &u->groups[g];
    if (at->kind != ATTACH_LOOP || ts_node_start_byte(at->target) > a ||
        ts_node_end_byte(at->target) < b)
      continue;
    for (int e = 0; e < at->nenc; e++)
      for (int k = 0; k < at->enc[e]->pragma.nbindings; k++)
        if (count_ident(u, rhs, at->enc[e]->pragma.bindings[k].name))
          return 1;
  }
  return 0;
}

/* Whether f is a nest that assigns every element of st with `=` (when its
 * bounds are st's sizes) and reads nothing of it; adds the sites. */
static int try_nest(Uses *u, Stored *st, TSNode f) {
  const char *name = st->ba.b->name;
  int crank = st->ba.decl.rank;
  NLoop loops[SC_MAX_RANK];
  int nl = 0, flat = 0;
  TSNode cur = f, body;
  for (;;) {
    if (!node_is(cur, "for_statement") || nl == SC_MAX_RANK || !simple_header(u, cur, &loops[nl]))
      return 0;
    nl++;
    body = node_field(cur, "body");
    if (nl == (st->ba.delinearize ? st->ba.rank : crank))
      break;
    TSNode one[2];
    int nb = body_stmts(body, one, 1);
    /* a flat block walked by one loop over all its elements: A[i] */
    if (st->ba.delinearize && nl == 1 && (nb != 1 || !node_is(one[0], "for_statement"))) {
      flat = 1;
      break;
    }
    if (nb != 1)
      return 0;
    cur = one[0];
  }
  if (count_ident(u, f, name) != 1 || has_jump(f))
    return 0;
  TSNode stmts[64];
  int ns = body_stmts(body, stmts, 64);
  TSNode hit;
  memset(&hit, 0, sizeof hit);
  for (int i = 0; i < ns; i++)
    if (count_ident(u, stmts[i], name)) {
      hit = stmts[i];
      break;
    }
  if (!node_is(hit, "expression_statement"))
    return 0;
  TSNode as = strip(ts_node_named_child(hit, 0));
  if (!node_is(as, "assignment_expression") || strcmp(text(u, node_field(as, "operator")), "="))
    return 0;
  /* another replaced array read in the nest (in the value, or in a
   * scalar it sums: `s += B[i][j]; r[i] = s;`): a kernel with a sparse
   * output (src/lower/assemble.c), or refused into inserts */
  for (int i = 0; i < u->nall; i++)
    if (&u->all[i] != st && !u->all[i].dropped && names_stored(u, f, &u->all[i]))
      return 0;
  /* ... or from an array a loop pragma makes sparse in this nest: that
   * kernel, with st its sparse output */
  if (reads_loop_pragma_array(u, f, node_field(as, "right")))
    return 0;
  TSNode lhs = strip(node_field(as, "left"));
  TSNode idx[SC_MAX_RANK + 1];
  int n = 0;
  while (node_is(lhs, "subscript_expression") && n <= SC_MAX_RANK) {
    idx[n++] = node_field(lhs, "index");
    lhs = strip(node_field(lhs, "argument"));
  }
  if (!node_is(lhs, "identifier") || strcmp(text(u, lhs), name) || n != crank)
    return 0;
  CtDecl lhs_decl; /* this array, not another of the same name (a local) */
  if (!ct_lookup(u->ct, name, ts_node_start_byte(lhs), &lhs_decl) ||
      lhs_decl.name_offset != st->ba.decl.name_offset)
    return 0;
  for (int i = 0; i < n / 2; i++) {
    TSNode t = idx[i];
    idx[i] = idx[n - 1 - i];
    idx[n - 1 - i] = t;
  }
  /* which loop indexes which dimension; each loop exactly one */
  int dim_loop[SC_MAX_RANK];
  const char *stride = NULL;
  if (flat) {
    dim_loop[0] = loop_of(loops, nl, idx[0], u);
  } else if (st->ba.delinearize) {
    if (st->ba.rank != 2)
      return 0;
    TSNode e = strip(idx[0]);
    if (!node_is(e, "binary_expression") || strcmp(text(u, node_field(e, "operator")), "+"))
      return 0;
    TSNode m = strip(node_field(e, "left"));
    dim_loop[1] = loop_of(loops, nl, node_field(e, "right"), u);
    if (!node_is(m, "binary_expression") || strcmp(text(u, node_field(m, "operator")), "*"))
      return 0;
    dim_loop[0] = loop_of(loops, nl, node_field(m, "left"), u);
    stride = text(u, node_field(m, "right"));
    if (dim_loop[0] < 0) {
      dim_loop[0] = loop_of(loops, nl, node_field(m, "right"), u);
      stride = text(u, node_field(m, "left"));
    }
  } else {
    for (int d = 0; d < n; d++)
      dim_loop[d] = loop_of(loops, nl, idx[d], u);
  }
  unsigned seen = 0;
  for (int d = 0; d < nl; d++) {
    if (dim_loop[d] < 0 || (seen & (1u << dim_loop[d])))
      return 0;
    seen |= 1u << dim_loop[d];
  }
  /* loop variables and bounds unchanged in the nest */
  for (int i = 0; i < nl; i++) {
    if (assigned_in(u, body, loops[i].var))
      return 0;
    for (int j = 0; j < nl; j++)
      if (token_in(text(u, loops[j].hi), loops[i].var))
        return 0;
  }
  TSNode bodyf = body; /* the innermost body: the headers are checked */
  for (int i = 0; i < nl; i++) {
    const char *h = text(u, loops[i].hi);
    for (size_t p = 0; h[p]; p++) {
      if (!((h[p] | 32) >= 'a' && (h[p] | 32) <= 'z') && h[p] != '_')
        continue;
      size_t q = p;
      while (h[q] == '_' || ((h[q] | 32) >= 'a' && (h[q] | 32) <= 'z') ||
             (h[q] >= '0' && h[q] <= '9'))
        q++;
      const char *id = arena_strndup(u->ctx->arena, h + p, q - p);
      if (assigned_in(u, bodyf, id) || strchr(h, '(') || strstr(h, "++") ||
          strstr(h, "--"))
        return 0;
      p = q - 1;
    }
  }
  if (stride && (strchr(stride, '(') || assigned_in(u, bodyf, stride)))
    return 0;
  int num = u->nests++;
  StrBuf full = {0};
  if (flat) {
    sb_printf(&full, "(int64_t)(%s) == 1", text(u, loops[0].hi));
    for (int d = 0; d < st->ba.rank; d++)
      sb_printf(&full, " * sc_tensor_dim_size(%s, %d)", st->ba.handle, d);
  }
  for (int d = 0; d < nl && !flat; d++)
    sb_printf(&full, "%s(int64_t)(%s) == sc_tensor_dim_size(%s, %d)", d ? " && " : "",
              text(u, loops[dim_loop[d]].hi), st->ba.handle, d);
  if (stride)
    sb_printf(&full, " && (int64_t)(%s) == sc_tensor_dim_size(%s, 1)", stride,
              st->ba.handle);
  Site *ns_ = add(u, U_NEST, f, st);
  ns_->nest = num;
  ns_->full = arena_strdup(u->ctx->arena, full.data);
  sb_free(&full);
  Site *fs = add(u, U_FSET, hit, st);
  fs->nest = num;
  fs->val = node_field(as, "right");
  fs->zero = zero_literal(text(u, fs->val));
  u->s.data[u->s.len - 2].zero = fs->zero; /* the NEST site, added above */
  fs->nidx = n;
  for (int d = 0; d < n; d++)
    fs->idx[d] = idx[d];
  ARRAY_PUSH(u->ctx->arena, u->skip, ts_node_start_byte(lhs));
  return 1;
}

/* ---- one identifier ----------------------------------------------------- */

static int is_null_const(Uses *u, TSNode n) {
  n = strip(n);
  if (node_is(n, "null"))
    return 1;
  if (node_is(n, "cast_expression"))
    return is_null_const(u, node_field(n, "value"));
  const char *t = text(u, n);
  return !strcmp(t, "NULL") || !strcmp(t, "0");
}

static int is_alloc(Uses *u, TSNode n) {
  n = strip(n);
  if (node_is(n, "cast_expression"))
    return is_alloc(u, node_field(n, "value"));
  if (!node_is(n, "call_expression") || !node_is(node_field(n, "function"), "identifier"))
    return 0;
  const char *f = text(u, node_field(n, "function"));
  return !strcmp(f, "malloc") || !strcmp(f, "calloc");
}

/* The size argument text of the array's malloc (or calloc's a * b). */
static const char *alloc_size(Uses *u, TSNode call) {
  call = strip(call);
  if (node_is(call, "cast_expression"))
    return alloc_size(u, node_field(call, "value"));
  TSNode args = node_field(call, "arguments");
  uint32_t c = ts_node_named_child_count(args);
  if (c == 1)
    return text(u, ts_node_named_child(args, 0));
  if (c == 2)
    return arena_printf(u->ctx->arena, "%s * %s", text(u, ts_node_named_child(args, 0)),
                        text(u, ts_node_named_child(args, 1)));
  return "";
}

static int same_text_ws(const char *a, const char *b) {
  for (;;) {
    while (*a == ' ' || *a == '\t' || *a == '\n' || *a == '(' || *a == ')') a++;
    while (*b == ' ' || *b == '\t' || *b == '\n' || *b == '(' || *b == ')') b++;
    if (*a != *b)
      return 0;
    if (!*a)
      return 1;
    a++, b++;
  }
}

/* Whether the expression `top` (x, or x in parentheses; p its parent, pty
 * p's type) only tests a pointer for null: !x, x == NULL, x != 0, x && ...,
 * if (x), x ? a : b. */
static int null_test(Uses *u, TSNode x, TSNode top, TSNode p, const char *pty) {
  if (!strcmp(pty, "unary_expression") && !strcmp(text(u, node_field(p, "operator")), "!"))
    return 1;
  if (!strcmp(pty, "binary_expression")) {
    const char *op = text(u, node_field(p, "operator"));
    TSNode other = same(node_field(p, "left"), top) ? node_field(p, "right") : node_field(p, "left");
    if ((!strcmp(op, "==") || !strcmp(op, "!=")) && is_null_const(u, other))
      return 1;
    return !strcmp(op, "&&") || !strcmp(op, "||");
  }
  if (!strcmp(pty, "if_statement") || !strcmp(pty, "while_statement") ||
      !strcmp(pty, "do_statement") || !strcmp(pty, "for_statement"))
    return same(node_field(p, "condition"), ts_node_parent(x));
  if (!strcmp(pty, "conditional_expression"))
    return same(node_field(p, "condition"), top);
  return 0;
}

/* Whether the element type is spelled `t` (its typedef, or the C type). */
static int elem_spelled(Uses *u, const Stored *st, const char *t) {
  if (!strcmp(t, st->ba.decl.elem_ctype) || !strcmp(t, st->ctype))
    return 1;
  TSNode ty = node_field(st->decl, "type"); /* as the declaration spells it */
  if (!ts_node_is_null(ty) && !strcmp(t, text(u, ty)))
    return 1;
  return ct_elem_spelling(st->ba.decl.elem, t, 0);
}

/* Whether a memset byte count is provably a multiple of the element size:
 * a product with a factor `sizeof` of the element type (`sizeof(double)`,
 * `sizeof(real_t[M])`) or of the array or a part of it (`sizeof *R`,
 * `sizeof A[i]`). */
static int whole_elements(Uses *u, TSNode n) {
  n = strip(n);
  if (node_is(n, "binary_expression") && !strcmp(text(u, node_field(n, "operator")), "*"))
    return whole_elements(u, node_field(n, "left")) || whole_elements(u, node_field(n, "right"));
  if (!node_is(n, "sizeof_expression"))
    return 0;
  TSNode v = node_field(n, "value");
  if (!ts_node_is_null(v)) /* `sizeof(real)` parses as a value */
    return token_in(text(u, v), u->cur->ba.b->name) ||
           (node_is(strip(v), "identifier") && elem_spelled(u, u->cur, text(u, strip(v))));
  TSNode t = node_field(n, "type");
  if (ts_node_is_null(t))
    return 0;
  /* the spelled type without spaces, up to an array suffix */
  const char *tt = text(u, t);
  char buf[128];
  size_t w = 0;
  for (const char *c = tt; *c && *c != '[' && w + 1 < sizeof buf; c++) {
    if (*c == ' ' || *c == '\t' || *c == '\n') {
      if (w && buf[w - 1] != ' ')
        buf[w++] = ' ';
      continue;
    }
    buf[w++] = *c;
  }
  while (w && buf[w - 1] == ' ')
    w--;
  buf[w] = 0;
  return elem_spelled(u, u->cur, buf);
}

/* memset(P, 0, SIZE) where P is the array (k = 0), a part of it (k
 * subscripts, a row), &element (amp), or one of those plus offsets (offs:
 * `R + k`, `A[i] + j`, another subscript): a clear when P is the array and
 * SIZE its whole size as written, else a U_ZERO site (SIZE bytes from P's
 * position are zeroed, checked at run time; SIZE must be a product with a
 * sizeof of the element or of the array). 1 when a site was added. */
static int try_memset(Uses *u, TSNode top, TSNode p, const TSNode *idx, int k,
                      int amp, const TSNode *offs, int noffs) {
  Stored *st = u->cur;
  const char *name = st->ba.b->name;
  if (!node_is(p, "argument_list"))
    return 0;
  TSNode call = ts_node_parent(p);
  if (strcmp(text(u, node_field(call, "function")), "memset") ||
      ts_node_named_child_count(p) != 3 || !same(ts_node_named_child(p, 0), top))
    return 0;
  TSNode v = strip(ts_node_named_child(p, 1));
  TSNode szn = ts_node_named_child(p, 2);
  const char *sz = text(u, szn);
  if (strcmp(text(u, v), "0") || !stmt_ctx(call)) {
    unsupported(u, call, "'%s' (only memset(A, 0, size) is rewritten)", text(u, call));
    return 1;
  }
  int whole = 0;
  if (k == 0 && !amp && !noffs) {
    if (!st->is_pointer)
      whole = same_text_ws(sz, arena_printf(u->ctx->arena, "sizeof %s", name)) ||
              same_text_ws(sz, arena_printf(u->ctx->arena, "sizeof(%s)", name));
    else if (!ts_node_is_null(st->init) && is_alloc(u, st->init))
      whole = same_text_ws(sz, alloc_size(u, st->init));
  }
  if (whole) {
    add(u, U_CLEAR, call, st);
    return 1;
  }
  if (!whole_elements(u, szn)) {
    escape(u, ts_node_named_child(p, 0),
           "a part of it is zeroed with a byte count that is not provably a "
           "multiple of its element size ('%s'; write it as a product with "
           "sizeof(element))", sz);
    return 1;
  }
  Site *s = add(u, U_ZERO, call, st);
  s->val = szn;
  s->nidx = k;
  memcpy(s->idx, idx, sizeof(TSNode) * (size_t)k);
  s->noffs = noffs;
  if (noffs)
    memcpy(s->offs, offs, sizeof(TSNode) * (size_t)noffs);
  return 1;
}

/* memcpy(A, SRC, SIZE) / memmove(A, SRC, SIZE) with A the whole array (a
 * COPYIN site: the array takes SIZE bytes of SRC's elements), or
 * memcpy(DST, A, SIZE) (a COPYOUT site: DST takes A's first elements), as
 * a statement; SIZE is checked at run time (whole elements inside the
 * array). The other block must not be another sparse array. 1 when the
 * call was handled. */
static int try_memcpy(Uses *u, TSNode top, TSNode p) {
  const Stored *st = u->cur;
  if (!node_is(p, "argument_list") || ts_node_named_child_count(p) != 3)
    return 0;
  TSNode call = ts_node_parent(p);
  const char *fn = text(u, node_field(call, "function"));
  if (strcmp(fn, "memcpy") && strcmp(fn, "memmove"))
    return 0;
  const int in = same(ts_node_named_child(p, 0), top);
  if (!in && !same(ts_node_named_child(p, 1), top))
    return 0; /* the byte count: sizeof, handled as such */
  TSNode other = strip(ts_node_named_child(p, in ? 1 : 0));
  if (!stmt_ctx(call) || st->ba.decl.layout == IR_LAYOUT_ROW_PTRS) {
    unsupported(u, call, "'%s' (only a whole copy as a statement is rewritten)",
                text(u, call));
    return 1;
  }
  for (int a = 0; a < u->nall; a++)
    if (node_is(other, "identifier") && !strcmp(text(u, other), u->all[a].ba.b->name)) {
      unsupported(u, call, "'%s' (a copy between two sparse arrays)", text(u, call));
      return 1;
    }
  Site *s = add(u, in ? U_COPYIN : U_COPYOUT, call, u->cur);
  s->val = ts_node_named_child(p, 2);
  s->block = ts_node_named_child(p, in ? 1 : 0);
  return 1;
}

/* `P + a (+ b ...)` (also `a + P`) where P, the array or a part of it with k
 * < C-rank subscripts (e), is a pointer: when the sum is memset's
 * destination, a memset of the part at one more subscript a + b. */
static int try_memset_plus(Uses *u, TSNode e, const TSNode *idx, int k) {
  const Stored *st = u->cur;
  if (k >= st->ba.decl.rank || (st->ba.decl.layout == IR_LAYOUT_ROW_PTRS && k == 0))
    return 0;
  TSNode offs[4], cur = e, top;
  int n = 0;
  for (;;) {
    TSNode p = up(cur, &top);
    if (!node_is(p, "binary_expression") || strcmp(text(u, node_field(p, "operator")), "+"))
      break;
    if (n == 4)
      return 0;
    offs[n++] = same(strip(node_field(p, "left")), strip(top)) ? node_field(p, "right")
                                                          : node_field(p, "left");
    cur = p;
  }
  if (!n)
    return 0;
  TSNode p = up(cur, &top);
  return try_memset(u, top, p, idx, k, 0, offs, n);
}

/* When `top` is an argument of a call to a function of u->fs whose
 * parameter there is a tensor (not dropped): that function, *pos set. */
static FuncSig *callee(Uses *u, TSNode args, TSNode top, int *pos) {
  TSNode call = ts_node_parent(args);
  TSNode fn = node_field(call, "function");
  if (!node_is(fn, "identifier"))
    return NULL;
  const char *name = text(u, fn);
  for (int f = 0; f < u->nfs; f++) {
    FuncSig *fs = &u->fs[f];
    if (strcmp(fs->name, name))
      continue;
    int p = 0;
    uint32_t c = ts_node_named_child_count(args);
    for (uint32_t i = 0; i < c; i++) {
      TSNode a = ts_node_named_child(args, i);
      if (node_is(a, "comment"))
        continue;
      if (same(a, top))
        break;
      p++;
    }
    if (p < fs->nparams && fs->st[p] >= 0 && !u->all[fs->st[p]].dropped) {
      *pos = p;
      return fs;
    }
    return NULL;
  }
  return NULL;
}

/* The replaced array an argument names (scope-correctly), or NULL. */
static Stored *stored_arg(Uses *u, TSNode a) {
  a = strip(a);
  if (!node_is(a, "identifier"))
    return NULL;
  const char *nm = text(u, a);
  CtDecl d;
  if (!ct_lookup(u->ct, nm, ts_node_start_byte(a), &d))
    return NULL;
  for (int i = 0; i < u->nall; i++)
    if (!u->all[i].dropped && u->all[i].ba.decl.name_offset == d.name_offset &&
        !strcmp(u->all[i].ba.b->name, nm) && ts_node_start_byte(a) >= u->all[i].region_start &&
        ts_node_start_byte(a) < u->all[i].region_end)
      return &u->all[i];
  return NULL;
}

/* `T *row = A[i];` (`&A[i][0]`, `A + i * n`): v is the value of a local
 * pointer's declaration inside a for loop. Recorded as an alias site,
 * checked once the kernels are known (uses_alias_error). */
static int row_alias(Uses *u, TSNode v, Stored *st) {
  TSNode top, p = up(v, &top);
  if (st->param || !node_is(p, "init_declarator") || !same(node_field(p, "value"), top) ||
      !node_is(node_field(p, "declarator"), "pointer_declarator"))
    return 0;
  for (TSNode a = ts_node_parent(p); !ts_node_is_null(a) && !node_is(a, "function_definition");
       a = ts_node_parent(a))
    if (node_is(a, "for_statement")) {
      add(u, U_ALIAS, top, st);
      return 1;
    }
  return 0;
}

static void classify(Uses *u, TSNode id) {
  Stored *st = u->cur;
  const char *name = st->ba.b->name;
  int crank = st->ba.decl.rank;
  /* the subscript / dereference chain rooted at the identifier */
  TSNode e = id, top = id, p;
  TSNode idx[SC_MAX_RANK + 1];
  int k = 0, derefs = 0;
  for (;;) {
    p = up(e, &top);
    if (node_is(p, "subscript_expression") && same(strip(node_field(p, "argument")), e) &&
        k < SC_MAX_RANK) {
      idx[k++] = node_field(p, "index");
      e = p;
      continue;
    }
    if (node_is(p, "pointer_expression") && ts_node_child_count(p) > 0 &&
        !strcmp(ts_node_type(ts_node_child(p, 0)), "*")) {
      derefs++;
      k++;
      e = p;
      continue;
    }
    break;
  }
  /* inside sizeof: only the type matters */
  for (TSNode a = e; !ts_node_is_null(a); a = ts_node_parent(a)) {
    const char *ty = ts_node_type(a);
    if (!strcmp(ty, "sizeof_expression") || !strcmp(ty, "alignof_expression")) {
      TSNode v = node_field(a, "value");
      if (ts_node_is_null(v))
        v = node_field(a, "type");
      TSNode vs = strip(v);
      if (node_is(vs, "type_descriptor") && ts_node_named_child_count(vs) == 1)
        vs = ts_node_named_child(vs, 0);
      if (!same(vs, e) && !same(vs, id)) {
        unsupported(u, a, "'%s' inside a sizeof expression", text(u, a));
        return;
      }
      Site *s = add(u, U_SIZEOF, a, st);
      s->k = same(vs, id) ? 0 : k;
      return;
    }
    if (strstr(ty, "statement") || !strcmp(ty, "declaration") ||
        !strcmp(ty, "translation_unit"))
      break;
  }
  if (derefs) {
    escape(u, id, "it is dereferenced with '*' ('%s')", text(u, e));
    return;
  }
  const char *pty = ts_node_is_null(p) ? "" : ts_node_type(p);
  if (k == crank) {
    if (!strcmp(pty, "assignment_expression") && same(node_field(p, "left"), top)) {
      const char *op = text(u, node_field(p, "operator"));
      Site *s;
      if (!strcmp(op, "=")) {
        s = add(u, U_SET, p, st);
      } else if (!strcmp(op, "+=") || !strcmp(op, "-=") || !strcmp(op, "*=") ||
                 !strcmp(op, "/=") || !strcmp(op, "|=") || !strcmp(op, "^=") ||
                 !strcmp(op, "&=")) {
        /* | ^ & only on integer elements (C refuses them on floating
         * ones): the runtime combines them in the element type, and the
         * low bits of a bitwise result depend on the low bits of its
         * operands only, so any integer right side is exact */
        s = add(u, U_UPD, p, st);
        s->op = op[0];
        s->recompute = st->ba.decl.is_bool ||
                       !update_exact(u, st->ba.decl.elem, s->op,
                                     ts_node_start_byte(node_field(p, "operator")));
        for (int d = 0; s->recompute && d < k; d++)
          if (has_effects(idx[d])) {
            unsupported(u, p, "'%s' computes in another type than the "
                        "element's, and its subscripts have side effects",
                        text(u, p));
            return;
          }
      } else {
        unsupported(u, p, "compound assignment '%s' to an element", op);
        return;
      }
      s->val = node_field(p, "right");
      s->used = !stmt_ctx(p);
      s->nidx = k;
      memcpy(s->idx, idx, sizeof(TSNode) * (size_t)k);
      return;
    }
    if (!strcmp(pty, "update_expression")) {
      int prefix = ts_node_start_byte(p) < ts_node_start_byte(top);
      const char *op = text(u, node_field(p, "operator"));
      int used = !stmt_ctx(p);
      if (used && !prefix) {
        unsupported(u, p, "the value of '%s' is used", text(u, p));
        return;
      }
      /* a _Bool element is read, stepped and stored (b++ is 1, b-- flips) */
      for (int d = 0; st->ba.decl.is_bool && d < k; d++)
        if (has_effects(idx[d])) {
          unsupported(u, p, "'%s' steps a _Bool element, and its subscripts "
                      "have side effects", text(u, p));
          return;
        }
      Site *s = add(u, U_INC, p, st);
      s->op = op[0];
      s->used = used;
      s->nidx = k;
      memcpy(s->idx, idx, sizeof(TSNode) * (size_t)k);
      return;
    }
    if (!strcmp(pty, "pointer_expression")) {
      TSNode ptop, pp = up(p, &ptop);
      if (!strcmp(ts_node_type(ts_node_child(p, 0)), "&") &&
          (try_memset(u, ptop, pp, idx, k, 1, NULL, 0) || row_alias(u, p, st)))
        return;
      escape(u, id, "the address of an element is taken ('%s')", text(u, p));
      return;
    }
    Site *s = add(u, U_READ, e, st);
    s->nidx = k;
    memcpy(s->idx, idx, sizeof(TSNode) * (size_t)k);
    return;
  }
  if (k > 0) {
    int rows = st->ba.decl.layout == IR_LAYOUT_ROW_PTRS && k == 1;
    if (rows && !strcmp(pty, "assignment_expression") && same(node_field(p, "left"), top) &&
        is_alloc(u, node_field(p, "right")) && stmt_ctx(p)) {
      add(u, U_VOID, p, st);
      return;
    }
    if (rows && !strcmp(pty, "argument_list")) {
      TSNode call = ts_node_parent(p);
      if (!strcmp(text(u, node_field(call, "function")), "free") && stmt_ctx(call)) {
        add(u, U_VOID, call, st);
        return;
      }
    }
    if (try_memset(u, top, p, idx, k, 0, NULL, 0) || try_memset_plus(u, e, idx, k))
      return;
    /* a row allocation is replaced and never fails */
    if (rows && null_test(u, e, top, p, pty)) {
      add(u, U_NAME, e, st);
      return;
    }
    if (k == crank - 1 && row_alias(u, e, st))
      return;
    if (!strcmp(pty, "argument_list")) {
      const char *dense = dense_part_hint(u, ts_node_parent(p), top,
                                          text(u, node_field(ts_node_parent(p), "function")));
      if (dense) {
        /* like the whole array passed to such a function: it stays dense */
        if (!u->why)
          u->why = dense;
        return;
      }
    }
    if (!strcmp(pty, "argument_list")) {
      /* a row given to a library or external function (fwrite, qsort):
       * the array stays dense, which that function reads or writes */
      StrBuf fmt = {0};
      sb_puts(&fmt, "a part of it ('%s') is passed to '");
      for (const char *c = text(u, node_field(ts_node_parent(p), "function")); *c; c++)
        sb_puts(&fmt, *c == '%' ? "%%" : (char[2]){*c, 0});
      sb_puts(&fmt, "', which reads or writes its dense block");
      unsupported(u, id, arena_strdup(u->ctx->arena, fmt.data), text(u, e));
      sb_free(&fmt);
      return;
    }
    escape(u, id, "a part of it is used as a pointer ('%s')", text(u, e));
    return;
  }
  /* the array itself */
  if (!strcmp(pty, "argument_list")) {
    TSNode call = ts_node_parent(p);
    const char *fn = text(u, node_field(call, "function"));
    if (!strcmp(fn, "free") && st->is_pointer) {
      if (!stmt_ctx(call)) {
        unsupported(u, call, "the value of '%s' is used", text(u, call));
        return;
      }
      add(u, U_FREE, call, st);
      return;
    }
    if (try_memset(u, top, p, idx, 0, 0, NULL, 0) || try_memcpy(u, top, p))
      return;
    int pos;
    FuncSig *f = callee(u, p, top, &pos);
    if (f) {
      const Stored *ps = &u->all[f->st[pos]];
      if (!params_convertible(st, ps)) {
        escape(u, id, arena_printf(u->ctx->arena, "it is passed to '%s' whose "
                                   "parameter '%%s' has another element type "
                                   "or rank", fn),
               ps->ba.b->name);
        return;
      }
      /* another encoding: converted at the call (calls()) */
      add(u, U_PASS, id, st);
      return;
    }
    const char *dense = dense_param_hint(u, call, top, fn);
    if (dense) {
      /* a function of this file taking a dense array: the array stays
       * dense, and the warning says where a pragma would pass it sparse */
      if (!u->why)
        u->why = dense;
      return;
    }
    /* a library or external function (fwrite, qsort, realloc): the array
     * stays dense, which that function reads or writes as the program
     * does (SPEC §4: what cannot be sparsified is left correct) */
    unsupported(u, id, "it is passed to '%s', which reads or writes its dense "
                "block", fn);
    return;
  }
  if (!strcmp(pty, "assignment_expression") && same(node_field(p, "left"), top) &&
      !strcmp(text(u, node_field(p, "operator")), "=") && st->is_pointer) {
    if (is_alloc(u, node_field(p, "right"))) {
      add(u, U_ALLOC, p, st);
      return;
    }
    if (is_null_const(u, node_field(p, "right"))) {
      add(u, U_NAME, id, st);
      return;
    }
    unsupported(u, p, "'%s' (only malloc/calloc or NULL may be assigned)", text(u, p));
    st->reshaped = 1;
    return;
  }
  if (st->is_pointer && null_test(u, id, top, p, pty)) {
    add(u, U_NAME, id, st);
    return;
  }
  if (try_memset_plus(u, id, idx, 0))
    return;
  if (st->ba.delinearize && !strcmp(pty, "binary_expression") &&
      same(node_field(p, "left"), top) && !strcmp(text(u, node_field(p, "operator")), "+") &&
      row_alias(u, p, st))
    return;
  escape(u, id, "it is used as a pointer value ('%s')",
         ts_node_is_null(p) ? name : text(u, p));
}

/* ---- the walk ----------------------------------------------------------- */

static void add_exit(Uses *u, TSNode n, Stored *st) {
  for (size_t i = 0; i < u->s.len; i++) {
    Site *s = &u->s.data[i];
    if (s->kind == U_EXIT && same(s->node, n)) {
      if (s->nfrees < U_MAX_FREES)
        s->frees[s->nfrees++] = st;
      return;
    }
  }
  Site *s = add(u, U_EXIT, n, NULL);
  s->frees[s->nfrees++] = st;
}

static void walk(Uses *u, TSNode n, int in_loop, int in_switch, int in_nest) {
  Stored *st = u->cur;
  size_t a = ts_node_start_byte(n), b = ts_node_end_byte(n);
  if (b <= st->region_start || a >= st->region_end)
    return;
  const char *ty = ts_node_type(n);
  const char *name = st->ba.b->name;
  /* code in a branch the compiler does not see (`#if 0`) is no use: it
   * stays as written (a preprocessor node may hold the branch it does see) */
  if (strncmp(ty, "preproc_", 8) && ct_inactive(u->ct, a))
    return;
  if (!strcmp(ty, "identifier") || !strcmp(ty, "type_identifier")) {
    if (a < st->region_start || strcmp(text(u, n), name))
      return;
    for (size_t i = 0; i < u->skip.len; i++)
      if (u->skip.data[i] == a)
        return;
    CtDecl d;
    if (!ct_lookup(u->ct, name, a, &d) || d.name_offset != st->ba.decl.name_offset)
      return;
    classify(u, n);
    return;
  }
  if ((!strcmp(ty, "preproc_def") || !strcmp(ty, "preproc_function_def")) &&
      token_in(text(u, n), name)) {
    /* a macro used after its definition (an element-access macro's
     * invocations are expanded already: its definition is inert) */
    TSNode mn = node_field(n, "name");
    const char *after = arena_strndup(u->ctx->arena, u->ctx->file->text + b,
                                      b < st->region_end ? st->region_end - b : 0);
    if (ts_node_is_null(mn) || token_in(after, text(u, mn)))
      unsupported(u, n, "a macro names '%s'", name);
    return;
  }
  if (st->free_at_exit && a >= st->region_start) {
    if (!strcmp(ty, "goto_statement") || !strcmp(ty, "labeled_statement")) {
      unsupported(u, n, "%s in the array's block", "goto or a label");
      return;
    }
    if (!strcmp(ty, "return_statement")) {
      const char *rt = NULL;
      if (count_ident(u, n, name)) {
        /* the value is computed before the tensor is freed */
        TSNode fn = n;
        while (!ts_node_is_null(fn) && !node_is(fn, "function_definition"))
          fn = ts_node_parent(fn);
        if (ts_node_is_null(fn) || !node_is(node_field(fn, "declarator"), "function_declarator")) {
          unsupported(u, n, "'%s' returns a value read from the array", text(u, n));
          return;
        }
        rt = text(u, node_field(fn, "type"));
      }
      add_exit(u, n, st);
      for (size_t i = 0; rt && i < u->s.len; i++)
        if (u->s.data[i].kind == U_EXIT && same(u->s.data[i].node, n)) {
          u->s.data[i].ret_type = rt;
          u->s.data[i].val = ts_node_named_child(n, 0);
        }
    }
    if ((!strcmp(ty, "break_statement") && !in_loop && !in_switch) ||
        (!strcmp(ty, "continue_statement") && !in_loop))
      add_exit(u, n, st);
  }
  if (!strcmp(ty, "for_statement") && !in_nest && a >= st->region_start &&
      try_nest(u, st, n))
    in_nest = 1;
  int loop = !strcmp(ty, "for_statement") || !strcmp(ty, "while_statement") ||
             !strcmp(ty, "do_statement");
  int sw = !strcmp(ty, "switch_statement");
  if (same(n, st->scope)) /* break/continue are relative to the block */
    in_loop = in_switch = 0;
  uint32_t c = ts_node_child_count(n);
  for (uint32_t i = 0; i < c; i++)
    walk(u, ts_node_child(n, i), in_loop || loop, in_switch || sw, in_nest);
}

/* A macro defined anywhere before the region (a header line, the top of
 * the file) whose body names the array and that is used in the region:
 * its expansion would subscript the replaced array. */
static void macros_naming(Uses *u, TSNode n) {
  Stored *st = u->cur;
  if (u->why || ts_node_start_byte(n) >= st->region_start)
    return;
  if (node_is(n, "preproc_def") || node_is(n, "preproc_function_def")) {
    TSNode nm = node_field(n, "name"), v = node_field(n, "value");
    if (ts_node_is_null(v) || !token_in(text(u, v), st->ba.b->name))
      return;
    const char *region = arena_strndup(u->ctx->arena, u->ctx->file->text + st->region_start,
                                       st->region_end - st->region_start);
    if (token_in(region, text(u, nm)))
      unsupported(u, n, "a macro names '%s'", st->ba.b->name);
    return;
  }
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++)
    macros_naming(u, ts_node_named_child(n, i));
}

static void walk_function_gotos(Uses *u, TSNode n) {
  if (node_is(n, "goto_statement"))
    unsupported(u, n, "%s in the function", "goto");
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c && !u->why; i++)
    walk_function_gotos(u, ts_node_named_child(n, i));
}

static int site_less(const Site *x, const Site *y) {
  if (x->start != y->start)
    return x->start < y->start;
  return x->end > y->end;
}

/* Whether n holds a return, a goto or a label (a way out of a loop that
 * skips what follows it, or into it). */
static int leaves(TSNode n) {
  if (node_is(n, "return_statement") || node_is(n, "goto_statement") ||
      node_is(n, "labeled_statement") || node_is(n, "function_definition"))
    return 1;
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++)
    if (leaves(ts_node_named_child(n, i)))
      return 1;
  return 0;
}

/* Whether every mention of the array `as` in n is the argument at
 * position p of a call of fs. */
static int only_passed(Uses *u, TSNode n, const Stored *as, const FuncSig *fs, int p) {
  if (node_is(n, "identifier") && !strcmp(text(u, n), as->ba.b->name)) {
    CtDecl d;
    if (!ct_lookup(u->ct, as->ba.b->name, ts_node_start_byte(n), &d) ||
        d.canon_offset != as->ba.decl.canon_offset)
      return 1; /* another object of that name */
    TSNode args = ts_node_parent(n);
    while (node_is(args, "parenthesized_expression"))
      args = ts_node_parent(args);
    TSNode call = ts_node_parent(args);
    if (!node_is(args, "argument_list") || !node_is(call, "call_expression") ||
        !node_is(node_field(call, "function"), "identifier") ||
        strcmp(text(u, node_field(call, "function")), fs->name))
      return 0;
    int q = 0;
    uint32_t c = ts_node_named_child_count(args);
    for (uint32_t i = 0; i < c; i++) {
      TSNode a = ts_node_named_child(args, i);
      if (node_is(a, "comment"))
        continue;
      if (ts_node_start_byte(a) <= ts_node_start_byte(n) &&
          ts_node_end_byte(a) >= ts_node_end_byte(n))
        return q == p;
      q++;
    }
    return 0;
  }
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++)
    if (!only_passed(u, ts_node_named_child(n, i), as, fs, p))
      return 0;
  return 1;
}

/* Whether the block's last statement is a return. */
static int ends_in_return(TSNode block) {
  for (uint32_t i = ts_node_named_child_count(block); i > 0; i--) {
    TSNode c = ts_node_named_child(block, i - 1);
    if (!node_is(c, "comment")) return node_is(c, "return_statement");
  }
  return 0;
}

/* The outermost loop around `call` (in its function) in which the array
 * `as` is only passed to fs at position p, declared before the loop, and
 * that no return or goto leaves: its conversion at the call can be done
 * once before that loop (and converted back after it). */
static TSNode hoist_loop(Uses *u, TSNode call, const Stored *as, const FuncSig *fs, int p) {
  TSNode best = {0};
  for (TSNode l = ts_node_parent(call); !ts_node_is_null(l); l = ts_node_parent(l)) {
    if (node_is(l, "function_definition"))
      break;
    if (!node_is(l, "for_statement") && !node_is(l, "while_statement") && !node_is(l, "do_statement"))
      continue;
    if (as->ba.decl.name_offset >= ts_node_start_byte(l) || leaves(l) ||
        !only_passed(u, l, as, fs, p))
      break;
    best = l;
  }
  return best;
}

/* The conversion of `as` to ps's encoding hoisted out of `loop`: its
 * variable (the same for every call in the loop). */
static const char *hoist(Uses *u, TSNode loop, const Stored *as, const Stored *ps) {
  size_t at = ts_node_start_byte(loop);
  for (size_t i = 0; i < u->hoisted.len; i++)
    if (u->hoisted.data[i].loop == at && u->hoisted.data[i].arg == as)
      return u->hoisted.data[i].var;
  Hoisted h = {at, as, arena_printf(u->ctx->arena, "sc__hv%zu", u->hoisted.len)};
  ARRAY_PUSH(u->ctx->arena, u->hoisted, h);
  unsigned line, col;
  const char *fname = source_presumed(u->ctx->file, at, &line, &col);
  /* on the loop's first line: the lines keep their numbers */
  Site *b = add(u, U_TEXT, loop, NULL);
  b->end = b->start;
  b->full = arena_printf(u->ctx->arena,
                         "{ sc_tensor *%s = NULL; sc__chk(sc_tensor_convert(&%s, %s, "
                         "%s), \"%s:%u\"); ",
                         h.var, h.var, as->ba.handle, storage_encoding_expr(u->ctx, ps),
                         fname, line);
  /* after the loop, on a line of its own (a statement on the loop's last
   * line would look like part of its body) */
  const char *src = u->ctx->file->text;
  size_t ls = at;
  while (ls > 0 && (src[ls - 1] == ' ' || src[ls - 1] == '\t'))
    ls--;
  const char *ind = ls == 0 || src[ls - 1] == '\n'
                        ? arena_strndup(u->ctx->arena, src + ls, at - ls) : "";
  Site *e = add(u, U_TEXT, loop, NULL);
  e->start = e->end;
  e->full = ps->written
                ? arena_printf(u->ctx->arena,
                               "\n%ssc__chk(sc_tensor_assign(%s, %s), \"%s:%u\"); "
                               "sc_tensor_free(%s); }",
                               ind, as->ba.handle, h.var, fname, line, h.var)
                : arena_printf(u->ctx->arena, "\n%ssc_tensor_free(%s); }", ind, h.var);
  return h.var;
}

/* Calls of converted functions that pass a dense array where a tensor is
 * expected: the callee becomes the wrapper for those positions. */
static void calls(Uses *u, TSNode n) {
  if (node_is(n, "call_expression") && node_is(node_field(n, "function"), "identifier")) {
    const char *name = text(u, node_field(n, "function"));
    for (int f = 0; f < u->nfs; f++) {
      FuncSig *fs = &u->fs[f];
      if (strcmp(fs->name, name))
        continue;
      TSNode args = node_field(n, "arguments");
      unsigned mask = 0, cmask = 0;
      fs->full = 0;
      for (int q = 0; q < fs->nparams; q++)
        if (fs->st[q] >= 0 && !u->all[fs->st[q]].dropped)
          fs->full |= 1u << q;
      int p = 0;
      uint32_t c = ts_node_named_child_count(args);
      for (uint32_t i = 0; i < c; i++) {
        TSNode a = ts_node_named_child(args, i);
        if (node_is(a, "comment"))
          continue;
        const Stored *as;
        if (p < fs->nparams && fs->st[p] >= 0 && !u->all[fs->st[p]].dropped) {
          const Stored *ps = &u->all[fs->st[p]];
          if (!(as = stored_arg(u, a))) {
            mask |= 1u << p;
          } else if (!params_same_encoding(as, ps) && params_convertible(as, ps)) {
            const char *an = as->ba.b->enc.format_name, *pn = ps->ba.b->enc.format_name;
            TSNode loop = hoist_loop(u, n, as, fs, p);
            Site *pass = NULL;
            for (size_t k = 0; k < u->s.len && !ts_node_is_null(loop); k++)
              if (u->s.data[k].kind == U_PASS && u->s.data[k].st == as &&
                  u->s.data[k].start == ts_node_start_byte(strip(a)))
                pass = &u->s.data[k];
            if (pass) {
              /* once before the loop (pointers into u->s move on add) */
              size_t pi = (size_t)(pass - u->s.data);
              const char *v = hoist(u, loop, as, ps);
              u->s.data[pi].full = v;
              unsigned line, col;
              source_presumed(u->ctx->file, ts_node_start_byte(loop), &line, &col);
              ConvNote note = {
                  ts_node_start_byte(a),
                  arena_printf(u->ctx->arena,
                               "conversion: '%s' (%s) passed to '%s' is converted "
                               "to the encoding of its parameter '%s' (%s) once, "
                               "before the loop at line %u (the loop passes it "
                               "only to '%s')%s; the copy is freed after the loop",
                               as->ba.b->name, an ? an : "custom encoding", name,
                               ps->ba.b->name, pn ? pn : "custom encoding", line,
                               name,
                               ps->written ? ", and converted back after it (the "
                                             "function writes it)" : "")};
              ARRAY_PUSH(u->ctx->arena, fs->conv, note);
              p++;
              continue;
            }
            cmask |= 1u << p;
            ConvNote note = {
                ts_node_start_byte(a),
                arena_printf(u->ctx->arena,
                             "conversion: '%s' (%s) passed to '%s' is converted "
                             "to the encoding of its parameter '%s' (%s) at the "
                             "call%s; the copy is freed after the call",
                             as->ba.b->name, an ? an : "custom encoding", name,
                             ps->ba.b->name, pn ? pn : "custom encoding",
                             ps->written ? ", and converted back after it (the function writes it)" : "")};
            ARRAY_PUSH(u->ctx->arena, fs->conv, note);
          }
        }
        p++;
      }
      if (mask == fs->full)
        fs->dense_used = 1;
      if (!fs->full || mask == fs->full)
        break; /* F itself: it assembles */
      int known = !mask && !cmask;
      for (int m = 0; m < fs->nmasks; m++)
        known |= fs->masks[m] == mask && fs->cmasks[m] == cmask;
      if (!known && fs->nmasks < SC_MAX_PARAMS) {
        fs->masks[fs->nmasks] = mask;
        fs->cmasks[fs->nmasks++] = cmask;
      }
      Site *s = add(u, U_CALL, node_field(n, "function"), NULL);
      s->full = params_wrapper_name(u->ctx, fs, mask, cmask);
      break;
    }
  }
  if (node_is(n, "identifier")) {
    /* F named other than as a callee or in its declarators (a pointer) */
    TSNode p = ts_node_parent(n);
    int callee_or_decl = node_is(p, "function_declarator") ||
                         (node_is(p, "call_expression") && same(node_field(p, "function"), n));
    for (int f = 0; f < u->nfs && !callee_or_decl; f++)
      if (!strcmp(u->fs[f].name, text(u, n)))
        u->fs[f].dense_used = 1;
  }
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++)
    calls(u, ts_node_named_child(n, i));
}

int uses_collect(SparsifyCtx *ctx, CTypes *ct, Stored *st, int nst, FuncSig *fs,
                 int nfs, const Attachment *groups, size_t ngroups, Uses **out) {
  Uses *u = arena_alloc(ctx->arena, sizeof *u);
  memset(u, 0, sizeof *u);
  u->ctx = ctx;
  u->ct = ct;
  u->all = st;
  u->nall = nst;
  u->fs = fs;
  u->nfs = nfs;
  u->groups = groups;
  u->ngroups = ngroups;
  int rc = 0;
  TSNode root = ts_tree_root_node(ctx->tree);
  /* parameters first: whether they stay tensors decides how the arrays
   * passed to them are rewritten */
  for (int k = 0; k < 2 * nst; k++) {
    int i = k % nst;
    if (st[i].dropped || st[i].param != (k < nst))
      continue;
    size_t mark = u->s.len;
    u->cur = &st[i];
    u->why = NULL;
    u->escaped = 0;
    u->skip.len = 0;
    if (st[i].free_at_exit) {
      TSNode fn = st[i].scope;
      while (!ts_node_is_null(fn) && !node_is(fn, "function_definition"))
        fn = ts_node_parent(fn);
      if (!ts_node_is_null(fn))
        walk_function_gotos(u, fn);
    }
    macros_naming(u, root);
    walk(u, root, 0, 0, 0);
    for (size_t r = mark; r < u->s.len; r++)
      if (u->s.data[r].st == &st[i] && u->s.data[r].kind != U_READ &&
          u->s.data[r].kind != U_SIZEOF && u->s.data[r].kind != U_ALIAS)
        cut_statement(u, u->s.data[r].node);
    if (u->escaped) {
      rc = -1;
      continue;
    }
    if (u->why) {
      /* keep it dense; forget its sites (exit sites may be shared) */
      st[i].dropped = 1;
      size_t w = mark;
      for (size_t r = mark; r < u->s.len; r++) {
        Site *s = &u->s.data[r];
        if (s->kind == U_EXIT) {
          int keep = 0;
          for (int f = 0; f < s->nfrees; f++)
            if (s->frees[f] != &st[i]) s->frees[keep++] = s->frees[f];
          s->nfrees = keep;
          if (!keep) continue;
        } else if (s->st == &st[i]) {
          continue;
        }
        u->s.data[w++] = *s;
      }
      u->s.len = w;
      for (size_t r = 0; r < mark; r++) {
        Site *s = &u->s.data[r];
        if (s->kind != U_EXIT) continue;
        int keep = 0;
        for (int f = 0; f < s->nfrees; f++)
          if (s->frees[f] != &st[i]) s->frees[keep++] = s->frees[f];
        s->nfrees = keep;
      }
      diag_warning(ctx->diags, ctx->file,
                   span_make(st[i].ba.decl.name_offset,
                             st[i].ba.decl.name_offset + strlen(st[i].ba.b->name)),
                   st[i].reshaped
                       ? "'%s' keeps its dense storage: %s; the pragma's shape may "
                         "no longer be that of the block it points to, so the loop "
                         "nests using it stay as written"
                       : "'%s' keeps its dense storage: %s; each loop nest using it "
                         "assembles it at entry",
                   st[i].ba.b->name, u->why);
      continue;
    }
    for (size_t r = mark; r < u->s.len && st[i].param; r++) {
      UKind sk = u->s.data[r].kind;
      if (u->s.data[r].st == &st[i] && sk != U_READ && sk != U_SIZEOF && sk != U_NAME &&
          sk != U_EXIT && sk != U_END && sk != U_ALIAS)
        st[i].written = 1;
    }
    /* freed where the block ends, unless it ends in a return (which frees
     * it: a statement after it is unreachable, and gcc -O0 with the
     * sanitizers then says control reaches the end of the function) */
    if (st[i].free_at_exit && !ends_in_return(st[i].scope)) {
      Site *s = add(u, U_END, st[i].scope, &st[i]);
      s->start = s->end = ts_node_end_byte(st[i].scope) - 1;
      s->frees[s->nfrees++] = &st[i];
    }
  }
  if (nfs)
    calls(u, root);
  /* drop emptied exit sites; sort; find the outermost */
  size_t w = 0;
  for (size_t r = 0; r < u->s.len; r++)
    if (u->s.data[r].kind != U_EXIT || u->s.data[r].nfrees)
      u->s.data[w++] = u->s.data[r];
  u->s.len = w;
  for (size_t i = 1; i < u->s.len; i++)
    for (size_t j = i; j > 0 && site_less(&u->s.data[j], &u->s.data[j - 1]); j--) {
      Site t = u->s.data[j];
      u->s.data[j] = u->s.data[j - 1];
      u->s.data[j - 1] = t;
    }
  size_t pos = 0;
  for (size_t i = 0; i < u->s.len; i++) {
    Site *s = &u->s.data[i];
    if (s->start < pos)
      continue;
    ARRAY_PUSH(ctx->arena, u->top, i);
    pos = s->end;
  }
  *out = u;
  return rc;
}

size_t uses_count(const Uses *u) { return u ? u->top.len : 0; }

void uses_region(const Uses *u, size_t i, size_t *start, size_t *end, int *is_nest) {
  const Site *s = &u->s.data[u->top.data[i]];
  *start = s->start;
  *end = s->end;
  *is_nest = s->kind == U_NEST;
}

int uses_alias_error(Uses *u, size_t i, const char *why) {
  const Site *s = &u->s.data[u->top.data[i]];
  if (s->kind != U_ALIAS)
    return 0;
  SparsifyCtx *ctx = u->ctx;
  const char *name = s->st->ba.b->name;
  TSNode d = node_field(ts_node_parent(s->node), "declarator");
  while (node_is(d, "pointer_declarator"))
    d = node_field(d, "declarator");
  const char *row = text(u, d);
  diag_error(ctx->diags, ctx->file, span_make(s->start, s->end),
             "'%s' is stored as a sparse tensor but a part of it is used as a "
             "pointer ('%s' in '%s') in a loop nest that is not sparsified (%s); "
             "sparsecc cannot rewrite that use: index '%s' itself where '%s' is "
             "subscripted",
             name, text(u, s->node), row, why, name, row);
  size_t off = s->st->ba.decl.name_offset;
  diag_note(ctx->diags, ctx->file, span_make(off, off + strlen(name)),
            "'%s' is declared here with '#pragma sparse encoding'; to keep its "
            "dense block, put the pragma before the loop nests that use it "
            "instead (each assembles it at entry)", name);
  return 1;
}

void uses_nest_info(const Uses *u, size_t i, const char **name, int *zero) {
  const Site *s = &u->s.data[u->top.data[i]];
  *name = s->st->ba.b->name;
  *zero = s->zero;
}

/* ---- text --------------------------------------------------------------- */

static void gen(Uses *u, StrBuf *out, size_t si);

/* [start, end) with the sites inside rewritten; sites spanning exactly
 * [start, end) up to `self` (the site being generated, and any before it
 * in the order) are the caller's own. */
static void subst_from(Uses *u, StrBuf *out, size_t start, size_t end,
                       size_t self) {
  const char *src = u->ctx->file->text;
  size_t pos = start;
  for (size_t i = 0; i < u->s.len; i++) {
    const Site *s = &u->s.data[i];
    if (s->start < pos || s->end > end || s->start >= end)
      continue;
    if (self != (size_t)-1 && i <= self && s->start == start && s->end == end)
      continue;
    sb_append(out, src + pos, s->start - pos);
    gen(u, out, i);
    pos = s->end;
  }
  sb_append(out, src + pos, end - pos);
}

static void subst(Uses *u, StrBuf *out, size_t start, size_t end) {
  subst_from(u, out, start, end, (size_t)-1);
}

static void node_text(Uses *u, StrBuf *out, TSNode n) {
  subst(u, out, ts_node_start_byte(n), ts_node_end_byte(n));
}

/* Whether evaluating n may change something (an assignment, ++/--, a
 * call). */
static int has_effects(TSNode n) {
  const char *t = ts_node_type(n);
  if (!strcmp(t, "assignment_expression") || !strcmp(t, "update_expression") ||
      !strcmp(t, "call_expression"))
    return 1;
  for (uint32_t i = 0; i < ts_node_child_count(n); i++)
    if (has_effects(ts_node_child(n, i)))
      return 1;
  return 0;
}

/* Whether `A[..] op= v` computes what the runtime's update does with v
 * converted to the element type e first. C computes `A op v` in the common
 * type of both, then converts: the same where v converts to e exactly and
 * the operation agrees (an integer v into a floating e; a float v into a
 * double e; + - * | ^ & of integers, which wrap alike), not for `int_elem
 * *= 1.5`, `float_elem *= 0.1` (a double product rounded once) or
 * `short_elem /= 70000`. An unknown right-hand type counts as inexact. */
static int update_exact(Uses *u, IrElemType e, char op, size_t op_offset) {
  IrElemType r;
  if (!ct_compound_rhs(u->ct, op_offset, &r))
    return 0;
  if (r == e || (!ir_elem_integer(e) && ir_elem_integer(r)))
    return 1;
  if (e == IR_F64 && r == IR_F32)
    return 1;
  return ir_elem_integer(e) && ir_elem_integer(r) && op != '/';
}

static void coords(Uses *u, StrBuf *out, const Site *s) {
  const Stored *st = s->st;
  if (st->ba.delinearize) {
    sb_printf(out, "sc__lin(%s, (int64_t)(", st->ba.handle);
    node_text(u, out, s->idx[0]);
    sb_puts(out, "), (int64_t[SC_MAX_RANK]){0})");
    return;
  }
  sb_puts(out, "(const int64_t[]){");
  for (int d = 0; d < s->nidx; d++) {
    sb_puts(out, d ? ", (int64_t)(" : "(int64_t)(");
    node_text(u, out, s->idx[d]);
    sb_puts(out, ")");
  }
  sb_puts(out, "}");
}

static const char *where(Uses *u, const Site *s) {
  unsigned line, col;
  const char *fname = source_presumed(u->ctx->file, s->start, &line, &col);
  StrBuf sb = {0};
  sb_puts(&sb, "\"");
  for (const char *p = fname; *p; p++) {
    if (*p == '"' || *p == '\\' || *p == '?') /* '?': no trigraph */
      sb_printf(&sb, "\\%c", *p);
    else if ((unsigned char)*p < 32)
      sb_printf(&sb, "\\%03o", (unsigned char)*p);
    else
      sb_append(&sb, p, 1);
  }
  sb_printf(&sb, ":%u\"", line);
  const char *r = arena_strdup(u->ctx->arena, sb.data);
  sb_free(&sb);
  return r;
}

/* Whether both the value written and a subscript may have effects. C
 * leaves their order unspecified; gcc and clang evaluate the value of
 * `A[f()] = 1 + g()` and of every `A[f()] += g()` first, but order a
 * call's arguments differently. Such a write evaluates its value first,
 * through sc__val_T, so that the rewritten program prints the same
 * whichever compiler builds it. */
static int value_first(const Site *s) {
  if (ts_node_is_null(s->val) || !has_effects(s->val))
    return 0;
  for (int d = 0; d < s->nidx; d++)
    if (has_effects(s->idx[d]))
      return 1;
  return 0;
}

/* The value written, `(v)`, converted to _Bool first for a _Bool
 * element (its helpers take uint8_t, which would keep 2 as 2): `((v) !=
 * 0)`, C's conversion. */
static void value_text(Uses *u, StrBuf *out, const Site *s) {
  sb_puts(out, s->st->ba.decl.is_bool ? "((" : "(");
  node_text(u, out, s->val);
  sb_puts(out, s->st->ba.decl.is_bool ? ") != 0)" : ")");
}

/* `(sc__val_T((v)), ` before the call when value_first, and the value
 * argument: sc__tv_T then, else `(v)`. */
static void value_arg(Uses *u, StrBuf *out, const Site *s, int first) {
  if (first) {
    sb_printf(out, "sc__tv_%s", s->st->sfx);
    return;
  }
  value_text(u, out, s);
}

static void gen(Uses *u, StrBuf *out, size_t si) {
  const Site *s = &u->s.data[si];
  const Stored *st = s->st;
  const int first = (s->kind == U_SET || (s->kind == U_UPD && !s->recompute)) &&
                    value_first(s);
  if (first) {
    sb_printf(out, "(sc__val_%s(", st->sfx);
    value_text(u, out, s);
    sb_puts(out, "), ");
  }
  switch (s->kind) {
  case U_READ:
    sb_printf(out, "sc__get_%s(%s, ", st->sfx, st->ba.handle);
    coords(u, out, s);
    sb_printf(out, ", %s)", where(u, s));
    return;
  case U_SET:
    sb_printf(out, "sc__set_%s(%s, ", st->sfx, st->ba.handle);
    coords(u, out, s);
    sb_puts(out, ", ");
    value_arg(u, out, s, first);
    sb_printf(out, ", %s)%s", where(u, s), first ? ")" : "");
    return;
  case U_UPD:
  case U_INC:
    if (s->recompute || (s->kind == U_INC && st->ba.decl.is_bool)) {
      /* E = (T)(E op v) as C computes it (the subscripts have no side
       * effects: classify checked); for a _Bool element `(E op v) != 0`,
       * C's conversion to _Bool (`++b` gives the new value), which
       * -Wint-in-bool-context does not flag as it does `(_Bool)(E * v)` */
      const int b = st->ba.decl.is_bool;
      sb_printf(out, "sc__set_%s(%s, ", st->sfx, st->ba.handle);
      coords(u, out, s);
      if (b)
        sb_puts(out, ", ((");
      else
        sb_printf(out, ", (%s)(", st->ctype);
      sb_printf(out, "sc__get_%s(%s, ", st->sfx, st->ba.handle);
      coords(u, out, s);
      sb_printf(out, ", %s) %c (", where(u, s), s->op);
      if (s->kind == U_INC)
        sb_puts(out, "1");
      else
        node_text(u, out, s->val);
      sb_printf(out, b ? ")) != 0), %s)" : ")), %s)", where(u, s));
      return;
    }
    sb_printf(out, "sc__upd%s_%s(%s, ", s->used ? "v" : "", st->sfx, st->ba.handle);
    coords(u, out, s);
    sb_printf(out, ", '%c', ", s->op);
    if (s->kind == U_INC)
      sb_puts(out, "(1)");
    else
      value_arg(u, out, s, first);
    sb_printf(out, ", %s)%s", where(u, s), first ? ")" : "");
    return;
  case U_SIZEOF: {
    sb_puts(out, "sizeof(");
    sb_puts(out, storage_dense_type(u->ctx, st, s->k));
    sb_puts(out, ")");
    return;
  }
  case U_ZERO: {
    /* memset of a part: SIZE bytes from the part's linear position */
    sb_printf(out, "sc__zero(%s, ", st->ba.handle);
    if (st->ba.delinearize && (s->nidx || s->noffs)) {
      sb_puts(out, "(int64_t)(");
      if (s->nidx)
        node_text(u, out, s->idx[0]);
      for (int o = 0; o < s->noffs; o++) {
        sb_puts(out, o || s->nidx ? " + (" : "(");
        node_text(u, out, s->offs[o]);
        sb_puts(out, ")");
      }
      sb_puts(out, ")");
    } else {
      sb_printf(out, "sc__linof(%s, (const int64_t[]){", st->ba.handle);
      for (int d = 0; d < s->nidx; d++) {
        sb_puts(out, d ? ", (int64_t)(" : "(int64_t)(");
        node_text(u, out, s->idx[d]);
        sb_puts(out, ")");
      }
      for (int o = 0; o < s->noffs; o++) {
        sb_puts(out, o ? " + (" : s->nidx ? ", (int64_t)((" : "(int64_t)((");
        node_text(u, out, s->offs[o]);
        sb_puts(out, ")");
      }
      if (s->noffs)
        sb_puts(out, ")");
      int n = s->nidx + (s->noffs > 0);
      sb_printf(out, "%s}, %d)", n ? "" : "0", n);
    }
    sb_puts(out, ", (size_t)(");
    node_text(u, out, s->val);
    sb_printf(out, "), sizeof(%s), %s)",
              storage_dense_type(u->ctx, st, st->ba.decl.rank), where(u, s));
    return;
  }
  case U_COPYIN:
  case U_COPYOUT:
    /* memcpy to or from the whole array: SIZE bytes from its start */
    sb_printf(out, "sc__%s(%s, (", s->kind == U_COPYIN ? "cpin" : "cpout",
              st->ba.handle);
    node_text(u, out, s->block);
    sb_puts(out, "), (size_t)(");
    node_text(u, out, s->val);
    sb_printf(out, "), sizeof(%s), %s)",
              storage_dense_type(u->ctx, st, st->ba.decl.rank), where(u, s));
    return;
  case U_PASS:
    sb_puts(out, s->full ? s->full : st->ba.handle);
    return;
  case U_CALL:
  case U_TEXT:
    sb_puts(out, s->full);
    return;
  case U_ALIAS: /* an error unless in a kernel (uses_alias_error) */
    node_text(u, out, s->node);
    return;
  case U_CLEAR:
    sb_printf(out, "sc__chk(sc_tensor_clear(%s), %s)", st->ba.handle, where(u, s));
    return;
  case U_FREE:
    sb_printf(out, "sc_tensor_free(%s)", st->ba.handle);
    return;
  case U_ALLOC:
    sb_printf(out, "%s = %s", st->var, storage_new_expr(u->ctx, st, 0));
    return;
  case U_NAME:
    sb_puts(out, st->var);
    return;
  case U_VOID:
    sb_puts(out, "(void)0");
    return;
  case U_EXIT:
    if (s->ret_type) {
      sb_printf(out, "{ const %s sc__r = (", s->ret_type);
      node_text(u, out, s->val);
      sb_puts(out, "); ");
      for (int f = 0; f < s->nfrees; f++)
        sb_printf(out, "sc_tensor_free(%s); ", s->frees[f]->ba.handle);
      sb_puts(out, "return sc__r; }");
      return;
    }
    sb_puts(out, "{ ");
    for (int f = 0; f < s->nfrees; f++)
      sb_printf(out, "sc_tensor_free(%s); ", s->frees[f]->ba.handle);
    subst_from(u, out, s->start, s->end, si);
    sb_puts(out, " }");
    return;
  case U_END:
    for (int f = 0; f < s->nfrees; f++)
      sb_printf(out, "sc_tensor_free(%s); ", s->frees[f]->ba.handle);
    return;
  case U_NEST: {
    const char *src = u->ctx->file->text;
    size_t ls = s->start;
    while (ls > 0 && src[ls - 1] != '\n')
      ls--;
    size_t le = ls;
    while (src[le] == ' ' || src[le] == '\t')
      le++;
    const char *ind = arena_strndup(u->ctx->arena, src + ls, le - ls);
    sb_printf(out, "{ /* assigns every element of %s: cleared, then only "
              "non-zeros inserted */\n", st->ba.b->name);
    sb_printf(out, "%s  const int sc__full%d = %s;\n", ind, s->nest, s->full);
    sb_printf(out, "%s  if (sc__full%d) sc__chk(sc_tensor_clear(%s), %s);\n",
              ind, s->nest, st->ba.handle, where(u, s));
    /* zeroing every element: the clear is all there is to do (the dense
     * walk over every element runs only when the extents differ) */
    if (s->zero)
      sb_printf(out, "%s  if (!sc__full%d)\n", ind, s->nest);
    /* the nest as written, at its own lines again: a compiler's message
     * about its body points where it does in the input */
    if (!(u->ctx->opts && u->ctx->opts->no_line)) {
      unsigned pl, pc;
      const char *pf = source_presumed(u->ctx->file, s->start, &pl, &pc);
      splice_line_directive(out, pl, pf);
      for (unsigned c = 1; c < pc; c++) sb_puts(out, " "); /* its column */
    } else {
      sb_printf(out, "%s  ", ind);
    }
    subst_from(u, out, s->start, s->end, si);
    sb_printf(out, "\n%s}", ind);
    return;
  }
  case U_FSET:
    if (s->zero) { /* under `if (!sc__full)`: every zero clears one element */
      sb_printf(out, "sc__set_%s(%s, ", st->sfx, st->ba.handle);
      coords(u, out, s);
      sb_printf(out, ", (%s)0, %s);", st->ctype, where(u, s));
      return;
    }
    sb_printf(out, "{ const %s sc__v = ", st->ctype);
    value_text(u, out, s);
    /* a cleared tensor reads +0.0 where nothing is inserted; -0.0 is
     * inserted (decl.c sc__pz_) */
    if (st->sfx[0] == 'f')
      sb_printf(out, "; if (!sc__pz_%s(sc__v) || !sc__full%d) sc__set_%s(%s, ",
                st->sfx, s->nest, st->sfx, st->ba.handle);
    else
      sb_printf(out, "; if (sc__v != 0 || !sc__full%d) sc__set_%s(%s, ", s->nest,
                st->sfx, st->ba.handle);
    coords(u, out, s);
    sb_printf(out, ", sc__v, %s); }", where(u, s));
    return;
  }
}

const char *uses_text(Uses *u, size_t i) {
  StrBuf sb = {0};
  gen(u, &sb, u->top.data[i]);
  const char *r = arena_strdup(u->ctx->arena, sb.data ? sb.data : "");
  sb_free(&sb);
  return r;
}

const char *uses_subst(Uses *u, size_t start, size_t end) {
  StrBuf sb = {0};
  subst(u, &sb, start, end);
  const char *r = arena_strdup(u->ctx->arena, sb.data ? sb.data : "");
  sb_free(&sb);
  return r;
}
