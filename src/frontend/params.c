/* params.c — SPEC §4 case 2: a pragma on a function definition makes its
 * bound parameters sparse tensor handles (see storage.h, FuncSig). This
 * file plans those parameters (a Stored each, whose uses uses.c rewrites
 * like any replaced array's), and writes the function's new parameter
 * list, its rewritten prototypes and the wrappers that assemble dense
 * arguments at a call. A function it cannot convert (a pointer return, a
 * variadic or macro-made declarator) keeps dense parameters: each kernel
 * inside assembles at entry, as a pragma on a loop nest does. */
#include <string.h>

#include "frontend/storage.h"
#include "frontend/tsnode.h"

static const char *text(SparsifyCtx *ctx, TSNode n) {
  return arena_strndup(ctx->arena, ctx->file->text + ts_node_start_byte(n),
                       ts_node_end_byte(n) - ts_node_start_byte(n));
}


/* The parameter_declaration children of a parameter_list, in order; -1 on
 * `...` or more than max, -2 on an old-style (K&R) list of names. */
static int param_decls(TSNode list, TSNode *out, int max) {
  int n = 0;
  uint32_t c = ts_node_named_child_count(list);
  for (uint32_t i = 0; i < c; i++) {
    TSNode p = ts_node_named_child(list, i);
    if (node_is(p, "comment"))
      continue;
    if (node_is(p, "identifier"))
      return -2;
    if (!node_is(p, "parameter_declaration") || n == max)
      return -1;
    out[n++] = p;
  }
  /* `(void)`: no parameters */
  if (n == 1 && ts_node_is_null(node_field(out[0], "declarator")))
    n = 0;
  return n;
}

/* Whether the elements are const (`const double *A`, `double const A[][M]`). */
static int has_const(SparsifyCtx *ctx, TSNode pd) {
  uint32_t c = ts_node_named_child_count(pd);
  TSNode d = node_field(pd, "declarator");
  for (uint32_t i = 0; i < c; i++) {
    TSNode q = ts_node_named_child(pd, i);
    if (node_is(q, "type_qualifier") && ts_node_start_byte(q) < ts_node_start_byte(d) &&
        !strcmp(text(ctx, q), "const"))
      return 1;
  }
  return 0;
}

int params_plan(SparsifyCtx *ctx, const Attachment *g, const BoundArray *bound,
                int nbound, StoredArray *st, FuncSigArray *fs, const char **why) {
  TSNode def = g->target;
  TSNode fd = node_field(def, "declarator");
  if (!node_is(fd, "function_declarator") || !node_is(node_field(fd, "declarator"), "identifier")) {
    *why = "its declarator is not a plain 'name(parameters)' (a pointer return, "
           "a macro)";
    return 1;
  }
  TSNode pds[SC_MAX_PARAMS];
  int np = param_decls(node_field(fd, "parameters"), pds, SC_MAX_PARAMS);
  if (np == -2) {
    *why = "it is an old-style (K&R) definition; declare the parameters in its "
           "parameter list ('double f(double A[N][N], int n)')";
    return 1;
  }
  if (np < 0) {
    *why = "it is variadic or has too many parameters";
    return 1;
  }
  FuncSig f;
  memset(&f, 0, sizeof f);
  f.name = text(ctx, node_field(fd, "declarator"));
  f.def = def;
  f.nparams = np;
  for (int i = 0; i < np; i++) f.st[i] = -1;
  TSNode body = node_field(def, "body");
  if (ts_node_is_null(body)) {
    *why = "it has no body";
    return 1;
  }
  size_t first = st->len;
  for (int b = 0; b < nbound; b++) {
    const BoundArray *ba = &bound[b];
    int pos = -1;
    for (int i = 0; i < np && pos < 0; i++) {
      TSNode id = storage_declared_name(node_field(pds[i], "declarator"));
      if (!ts_node_is_null(id) && !strcmp(text(ctx, id), ba->b->name))
        pos = i;
    }
    const char *w = NULL;
    const char *mac = NULL;
    for (int i = 0; i < np && pos < 0 && !mac; i++)
      mac = storage_macro_declarator(ctx, pds[i], ba->b->name);
    if (pos < 0 && mac)
      w = arena_printf(ctx->arena, "'%s' is declared through the macro '%s' "
                       "(sparsecc reads the file before preprocessing)",
                       ba->b->name, mac);
    else if (pos < 0)
      w = arena_printf(ctx->arena, "'%s' was not found in its parameter list",
                       ba->b->name);
    else if (ba->decl.layout == IR_LAYOUT_ARRAY)
      w = arena_printf(ctx->arena, "'%s' is not a pointer", ba->b->name);
    if (w) {
      st->len = first;
      *why = w;
      return 1;
    }
    Stored s;
    memset(&s, 0, sizeof s);
    s.ba = *ba;
    s.g = g;
    s.decl = pds[pos];
    s.dtor = node_field(pds[pos], "declarator");
    s.scope = body;
    s.region_start = ts_node_start_byte(body);
    s.region_end = ts_node_end_byte(body);
    s.is_pointer = 1;
    s.param = 1;
    s.func = (int)fs->len;
    s.pos = pos;
    s.var = ba->b->name;
    s.ba.handle = ba->b->name;
    s.vt = ir_elem_vt(ba->decl.elem);
    s.sfx = ir_elem_suffix(ba->decl.elem);
    s.ctype = ba->decl.is_bool ? "_Bool" : ir_elem_ctype(ba->decl.elem);
    unsigned line, col;
    const char *fname = source_presumed(ctx->file, ts_node_start_byte(pds[pos]), &line, &col);
    s.where = arena_printf(ctx->arena, "%s:%u", fname, line);
    f.st[pos] = (int)st->len;
    ARRAY_PUSH(ctx->arena, *st, s);
  }
  ARRAY_PUSH(ctx->arena, *fs, f);
  return 0;
}

const char *params_wrapper_name(SparsifyCtx *ctx, const FuncSig *f, unsigned mask,
                                unsigned cmask) {
  if (cmask)
    return mask ? arena_printf(ctx->arena, "sc__%s_d%u_c%u", f->name, mask, cmask)
                : arena_printf(ctx->arena, "sc__%s_c%u", f->name, cmask);
  if (!mask)
    return arena_printf(ctx->arena, "sc__%s_s", f->name);
  if (mask == f->full)
    return f->name;
  return arena_printf(ctx->arena, "sc__%s_d%u", f->name, mask);
}

int params_convertible(const Stored *a, const Stored *b) {
  return !strcmp(a->vt, b->vt) && a->ba.rank == b->ba.rank;
}

static int is_static(SparsifyCtx *ctx, TSNode def) {
  uint32_t c = ts_node_named_child_count(def);
  for (uint32_t i = 0; i < c; i++) {
    TSNode ch = ts_node_named_child(def, i);
    if (node_is(ch, "storage_class_specifier") && !strcmp(text(ctx, ch), "static"))
      return 1;
  }
  return 0;
}

int params_same_encoding(const Stored *a, const Stored *b) {
  const sc_encoding *x = &a->ba.b->enc.rt, *y = &b->ba.b->enc.rt;
  if (x->dim_rank != y->dim_rank || x->lvl_rank != y->lvl_rank ||
      x->pos_width != y->pos_width || x->crd_width != y->crd_width ||
      strcmp(a->vt, b->vt) || a->ba.rank != b->ba.rank)
    return 0;
  for (int l = 0; l < x->lvl_rank; l++) {
    const sc_level_type *s = &x->lvl_types[l], *t = &y->lvl_types[l];
    const sc_level_expr *e = &x->lvl_exprs[l], *h = &y->lvl_exprs[l];
    if (s->format != t->format || s->props != t->props || s->n != t->n ||
        s->m != t->m || e->kind != h->kind || e->constant != h->constant ||
        e->divisor != h->divisor)
      return 0;
    for (int d = 0; d < x->dim_rank; d++)
      if (e->coef[d] != h->coef[d])
        return 0;
  }
  return 1;
}

/* The return type as written before the declarator, without storage
 * classes and `inline`. */
static const char *return_type(SparsifyCtx *ctx, TSNode def) {
  StrBuf sb = {0};
  uint32_t c = ts_node_named_child_count(def);
  TSNode fd = node_field(def, "declarator");
  for (uint32_t i = 0; i < c; i++) {
    TSNode ch = ts_node_named_child(def, i);
    if (ts_node_start_byte(ch) >= ts_node_start_byte(fd))
      break;
    if (node_is(ch, "storage_class_specifier") || node_is(ch, "comment") ||
        !strcmp(text(ctx, ch), "inline"))
      continue;
    sb_printf(&sb, "%s%s", sb.len ? " " : "", text(ctx, ch));
  }
  const char *r = arena_strdup(ctx->arena, sb.data ? sb.data : "int");
  sb_free(&sb);
  return r;
}

/* A parameter list, the converted positions as `sc_tensor *NAME` except
 * those in `dense`; from_def: use the definition's parameter texts. */
static void param_list(SparsifyCtx *ctx, StrBuf *sb, const FuncSig *f,
                       const Stored *st, TSNode list, unsigned dense) {
  TSNode pds[SC_MAX_PARAMS];
  int np = param_decls(list, pds, SC_MAX_PARAMS);
  sb_puts(sb, "(");
  for (int i = 0; i < np; i++) {
    if (i)
      sb_puts(sb, ", ");
    int conv = i < f->nparams && f->st[i] >= 0 && !st[f->st[i]].dropped;
    if (!conv || (dense & (1u << i))) {
      sb_puts(sb, text(ctx, pds[i]));
      continue;
    }
    TSNode id = storage_declared_name(node_field(pds[i], "declarator"));
    sb_printf(sb, "sc_tensor *%s", ts_node_is_null(id) ? "" : text(ctx, id));
  }
  if (np == 0)
    sb_puts(sb, "void");
  sb_puts(sb, ")");
}

static const char *wrapper(SparsifyCtx *ctx, const FuncSig *f, const Stored *st,
                           unsigned mask, unsigned cmask, int proto) {
  TSNode fd = node_field(f->def, "declarator");
  TSNode list = node_field(fd, "parameters");
  const char *ret = return_type(ctx, f->def);
  int is_void = !strcmp(ret, "void");
  StrBuf sb = {0};
  /* F itself (every tensor parameter given dense) keeps its linkage */
  int keep = mask == f->full && !cmask && !is_static(ctx, f->def);
  sb_printf(&sb, "%s%s %s", keep ? "" : "static ", ret,
            params_wrapper_name(ctx, f, mask, cmask));
  param_list(ctx, &sb, f, st, list, mask);
  if (proto) {
    sb_puts(&sb, ";");
    goto done;
  }
  sb_puts(&sb, " {\n");
  TSNode pds[SC_MAX_PARAMS];
  int np = param_decls(list, pds, SC_MAX_PARAMS);
  for (int i = 0; i < np; i++)
    if (mask & (1u << i)) {
      const Stored *s = &st[f->st[i]];
      sb_printf(&sb, "  sc_tensor *sc__a%d = %s;\n", i,
                storage_from_dense_expr(ctx, s, s->ba.b->name, s->where));
    } else if (cmask & (1u << i)) {
      const Stored *s = &st[f->st[i]];
      sb_printf(&sb, "  sc_tensor *sc__a%d = NULL;\n", i);
      sb_printf(&sb, "  sc__chk(sc_tensor_convert(&sc__a%d, %s, %s), \"%s\");\n", i,
                s->ba.b->name, storage_encoding_expr(ctx, s), s->where);
    }
  sb_puts(&sb, is_void ? "  " : arena_printf(ctx->arena, "  %s sc__r = ", ret));
  sb_printf(&sb, "%s(", params_wrapper_name(ctx, f, 0, 0));
  for (int i = 0; i < np; i++) {
    TSNode id = storage_declared_name(node_field(pds[i], "declarator"));
    if (i)
      sb_puts(&sb, ", ");
    if ((mask | cmask) & (1u << i))
      sb_printf(&sb, "sc__a%d", i);
    else
      sb_puts(&sb, text(ctx, id));
  }
  sb_puts(&sb, ");\n");
  for (int i = 0; i < np; i++)
    if (mask & (1u << i)) {
      const Stored *s = &st[f->st[i]];
      sb_printf(&sb, "  sc__tback(sc__a%d, (void *)%s, %d, %d, \"%s\");\n", i,
                s->ba.b->name, s->ba.decl.layout == IR_LAYOUT_ROW_PTRS,
                s->written && !has_const(ctx, pds[i]), s->where);
    } else if (cmask & (1u << i)) {
      const Stored *s = &st[f->st[i]];
      if (s->written && !has_const(ctx, pds[i]))
        sb_printf(&sb, "  sc__chk(sc_tensor_assign(%s, sc__a%d), \"%s\");\n",
                  s->ba.b->name, i, s->where);
      sb_printf(&sb, "  sc_tensor_free(sc__a%d);\n", i);
    }
  if (!is_void)
    sb_puts(&sb, "  return sc__r;\n");
  sb_puts(&sb, "}");
done:;
  const char *r = arena_strdup(ctx->arena, sb.data);
  sb_free(&sb);
  return r;
}

/* The number of declarators of declaration d (`static int f(int), g(int);`
 * has two). */
static int declarators(TSNode d) {
  int n = 0;
  uint32_t c = ts_node_child_count(d);
  for (uint32_t i = 0; i < c; i++) {
    const char *fn = ts_node_field_name_for_child(d, i);
    n += fn && !strcmp(fn, "declarator");
  }
  return n;
}

/* Prototypes of f at file scope (declarations whose declarator is f's
 * function declarator). */
static void prototypes(SparsifyCtx *ctx, const FuncSig *f, const Stored *st, int dense_entry,
                       void (*add)(void *, size_t, size_t, const char *), void *arg) {
  TSNode root = ts_tree_root_node(ctx->tree);
  uint32_t c = ts_node_named_child_count(root);
  for (uint32_t i = 0; i < c; i++) {
    TSNode d = ts_node_named_child(root, i);
    if (!node_is(d, "declaration"))
      continue;
    TSNode fd = node_field(d, "declarator");
    if (!node_is(fd, "function_declarator") || !node_is(node_field(fd, "declarator"), "identifier") ||
        strcmp(text(ctx, node_field(fd, "declarator")), f->name))
      continue;
    /* F keeps its prototype when it is emitted (the dense entry); the
     * tensor version and the wrappers are declared after it. A static F
     * that no call needs is not emitted: its prototype alone would be a
     * static function declared but never defined (-Wunused-function), so
     * the tensor version's prototype takes its place. */
    int replace = !dense_entry && declarators(d) == 1;
    StrBuf sb = {0};
    sb_printf(&sb, "%sstatic %s %s", replace ? "" : "\n", return_type(ctx, f->def),
              params_wrapper_name(ctx, f, 0, 0));
    param_list(ctx, &sb, f, st, node_field(node_field(f->def, "declarator"), "parameters"), 0);
    sb_puts(&sb, ";");
    for (int m = 0; m < f->nmasks; m++)
      sb_printf(&sb, "\n%s", wrapper(ctx, f, st, f->masks[m], f->cmasks[m], 1));
    const char *t = arena_strdup(ctx->arena, sb.data);
    sb_free(&sb);
    if (replace)
      add(arg, ts_node_start_byte(d), ts_node_end_byte(d), t);
    else
      add(arg, ts_node_end_byte(d), ts_node_end_byte(d), t);
  }
}

const char *params_edits(SparsifyCtx *ctx, const FuncSig *f, const Stored *st,
                         void (*add)(void *, size_t, size_t, const char *),
                         void *arg) {
  TSNode fd = node_field(f->def, "declarator");
  TSNode list = node_field(fd, "parameters");
  TSNode name = node_field(fd, "declarator");
  StrBuf sb = {0};
  param_list(ctx, &sb, f, st, list, 0);
  const char *plist = arena_strdup(ctx->arena, sb.data);
  sb_free(&sb);
  /* the definition becomes the static tensor version sc__F_s */
  if (!is_static(ctx, f->def))
    add(arg, ts_node_start_byte(f->def), ts_node_start_byte(f->def), "static ");
  add(arg, ts_node_start_byte(name), ts_node_end_byte(name),
      params_wrapper_name(ctx, f, 0, 0));
  add(arg, ts_node_start_byte(list), ts_node_end_byte(list), plist);
  /* a parameter only the dense code used (an extent) is used no more */
  TSNode pds[SC_MAX_PARAMS];
  int np = param_decls(list, pds, SC_MAX_PARAMS);
  StrBuf uv = {0};
  for (int i = 0; i < np; i++) {
    TSNode id = storage_declared_name(node_field(pds[i], "declarator"));
    if (!ts_node_is_null(id))
      sb_printf(&uv, " (void)%s;", text(ctx, id));
  }
  if (uv.len) {
    size_t b = ts_node_start_byte(node_field(f->def, "body")) + 1;
    add(arg, b, b, arena_strdup(ctx->arena, uv.data));
  }
  sb_free(&uv);
  /* F itself (assembles every tensor parameter) is emitted when a call or
   * another use needs it, or when other files may call it */
  int dense_entry = f->dense_used || !is_static(ctx, f->def);
  prototypes(ctx, f, st, dense_entry, add, arg);
  /* after it: F with its own prototype and the wrappers for calls that mix
   * tensors and dense arrays */
  StrBuf w = {0};
  if (dense_entry)
    sb_printf(&w, "\n%s", wrapper(ctx, f, st, f->full, 0, 0));
  for (int m = 0; m < f->nmasks; m++)
    sb_printf(&w, "\n%s", wrapper(ctx, f, st, f->masks[m], f->cmasks[m], 0));
  size_t end = ts_node_end_byte(f->def);
  if (w.len)
    add(arg, end, end, arena_strdup(ctx->arena, w.data));
  sb_free(&w);
  return arena_printf(ctx->arena, "static %s %s%s", return_type(ctx, f->def),
                      params_wrapper_name(ctx, f, 0, 0), plist);
}

/* The loop of n's function enclosing n (the outermost), or a null node. */
static TSNode enclosing_loop(TSNode n) {
  TSNode loop;
  memset(&loop, 0, sizeof loop);
  for (TSNode p = ts_node_parent(n); !ts_node_is_null(p); p = ts_node_parent(p)) {
    if (node_is(p, "function_definition"))
      break;
    if (node_is(p, "for_statement") || node_is(p, "while_statement") ||
        node_is(p, "do_statement"))
      loop = p;
  }
  return loop;
}

/* Whether the identifier a names an array with a pragma on its
 * declaration: 1 stored sparse, 2 kept dense after all (dropped), 0 none. */
static int stored_arg(SparsifyCtx *ctx, CTypes *ct, TSNode a, const Stored *st, size_t nst) {
  CtDecl d;
  int r = 0;
  if (!ct_lookup(ct, text(ctx, a), ts_node_start_byte(a), &d))
    return 0;
  for (size_t i = 0; i < nst; i++)
    if (st[i].ba.decl.name_offset == d.name_offset &&
        !strcmp(st[i].ba.b->name, text(ctx, a)))
      r = st[i].dropped ? 2 : 1;
  return r;
}

static void loop_calls(SparsifyCtx *ctx, CTypes *ct, const FuncSig *f, const Stored *st,
                       size_t nst, TSNode n,
                       void (*note)(void *, TSNode, TSNode, TSNode, int), void *arg) {
  if (node_is(n, "call_expression")) {
    TSNode fn = node_field(n, "function");
    TSNode loop = enclosing_loop(n);
    if (node_is(fn, "identifier") && !strcmp(text(ctx, fn), f->name) &&
        !ts_node_is_null(loop)) {
      TSNode args = node_field(n, "arguments");
      uint32_t na = ts_node_named_child_count(args);
      for (int p = 0; p < f->nparams && (uint32_t)p < na; p++) {
        TSNode a = strip_parens(ts_node_named_child(args, (uint32_t)p));
        int sa = (f->full & (1u << p)) && node_is(a, "identifier")
                     ? stored_arg(ctx, ct, a, st, nst) : 1;
        if (sa != 1)
          note(arg, n, a, loop, sa == 2);
      }
    }
  }
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++)
    loop_calls(ctx, ct, f, st, nst, ts_node_named_child(n, i), note, arg);
}

void params_loop_calls(SparsifyCtx *ctx, CTypes *ct, const FuncSig *f, const Stored *st,
                       size_t nst, void (*note)(void *, TSNode, TSNode, TSNode, int),
                       void *arg) {
  if (f->dense_used)
    loop_calls(ctx, ct, f, st, nst, ts_tree_root_node(ctx->tree), note, arg);
}
