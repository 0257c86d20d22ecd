/* decl.c — a declaration whose storage becomes a sparse tensor (see
 * storage.h): whether it can be replaced, the text that replaces it, the
 * creation expression of the empty tensor, the dense types sizeof keeps,
 * and the helper functions that rewritten element uses call. */
#include <string.h>

#include "emit/cencoding.h"
#include "frontend/storage.h"
#include "frontend/tsnode.h"

static const char *text(SparsifyCtx *ctx, TSNode n) {
  return arena_strndup(ctx->arena, ctx->file->text + ts_node_start_byte(n),
                       ts_node_end_byte(n) - ts_node_start_byte(n));
}

/* The identifier a declarator declares (through pointers, arrays, parens). */
TSNode storage_declared_name(TSNode d) {
  while (!ts_node_is_null(d) && !node_is(d, "identifier")) {
    TSNode in = node_field(d, "declarator");
    if (ts_node_is_null(in) && ts_node_named_child_count(d) > 0)
      in = ts_node_named_child(d, 0);
    d = in;
  }
  return d;
}

const char *storage_macro_declarator(SparsifyCtx *ctx, TSNode decl, const char *name) {
  uint32_t c = ts_node_named_child_count(decl);
  for (uint32_t i = 0; i < c; i++) {
    TSNode ch = ts_node_named_child(decl, i);
    if (node_is(ch, "init_declarator"))
      ch = node_field(ch, "declarator");
    if (!node_is(ch, "function_declarator") || !node_is(node_field(ch, "declarator"), "identifier"))
      continue;
    TSNode args = node_field(ch, "parameters");
    uint32_t na = ts_node_named_child_count(args);
    for (uint32_t k = 0; k < na; k++) {
      TSNode a = ts_node_named_child(args, k);
      if (!strcmp(text(ctx, a), name))
        return text(ctx, node_field(ch, "declarator"));
    }
  }
  return NULL;
}

static int is_declarator(TSNode c) {
  const char *t = ts_node_type(c);
  return !strcmp(t, "init_declarator") || !strcmp(t, "identifier") ||
         !strcmp(t, "pointer_declarator") || !strcmp(t, "array_declarator") ||
         !strcmp(t, "parenthesized_declarator");
}

/* Whether an initializer list holds only zeros (`{0}`, `{0.0}`, `{}`). */
static int zero_list(SparsifyCtx *ctx, TSNode n) {
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++) {
    TSNode e = ts_node_named_child(n, i);
    if (node_is(e, "comment"))
      continue;
    if (node_is(e, "initializer_list")) {
      if (!zero_list(ctx, e))
        return 0;
      continue;
    }
    if (!node_is(e, "number_literal"))
      return 0;
    const char *t = text(ctx, e);
    for (; *t; t++)
      if (*t != '0' && *t != '.' && *t != 'f' && *t != 'F' && *t != 'l' &&
          *t != 'L' && *t != 'u' && *t != 'U')
        return 0;
  }
  return 1;
}

/* malloc(...) or calloc(...) (the call node), else a null node. */
static TSNode alloc_call(SparsifyCtx *ctx, TSNode v) {
  while (node_is(v, "parenthesized_expression") && ts_node_named_child_count(v) == 1)
    v = ts_node_named_child(v, 0);
  if (node_is(v, "cast_expression"))
    return alloc_call(ctx, node_field(v, "value"));
  if (node_is(v, "call_expression") && node_is(node_field(v, "function"), "identifier")) {
    const char *f = text(ctx, node_field(v, "function"));
    if (!strcmp(f, "malloc") || !strcmp(f, "calloc"))
      return v;
  }
  TSNode none;
  memset(&none, 0, sizeof none);
  return none;
}

static int null_value(SparsifyCtx *ctx, TSNode v) {
  while (node_is(v, "parenthesized_expression") && ts_node_named_child_count(v) == 1)
    v = ts_node_named_child(v, 0);
  if (node_is(v, "cast_expression"))
    return null_value(ctx, node_field(v, "value"));
  if (node_is(v, "null"))
    return 1;
  const char *t = text(ctx, v);
  return !strcmp(t, "NULL") || !strcmp(t, "0");
}

int storage_plan(SparsifyCtx *ctx, const Attachment *g, const BoundArray *ba,
                 Stored *out, const char **why) {
  memset(out, 0, sizeof *out);
  out->ba = *ba;
  out->g = g;
  out->decl = g->target;
  const CtDecl *d = &ba->decl;
  const char *name = ba->b->name;
  TSNode decl = g->target;
  uint32_t c = ts_node_named_child_count(decl);
  int found = 0;
  for (uint32_t i = 0; i < c; i++) {
    TSNode ch = ts_node_named_child(decl, i);
    const char *ty = ts_node_type(ch);
    if (!strcmp(ty, "storage_class_specifier")) {
      const char *sc = text(ctx, ch);
      if (!strcmp(sc, "static"))
        out->is_static = 1;
      else if (!strcmp(sc, "extern")) {
        *why = arena_printf(ctx->arena, "'%s' is declared 'extern' here (other files "
                            "may define or use its dense block; to store it sparse, "
                            "put the pragma on its definition)", name);
        return 1;
      } else {
        *why = arena_printf(ctx->arena, "'%s' is declared '%s'", name, sc);
        return 1;
      }
    } else if (!strcmp(ty, "type_qualifier")) {
      *why = arena_printf(ctx->arena, "'%s' is declared '%s'", name, text(ctx, ch));
      return 1;
    } else if (ts_node_start_byte(ch) > ts_node_start_byte(node_field(decl, "type")) &&
               is_declarator(ch)) {
      TSNode id = storage_declared_name(node_is(ch, "init_declarator") ? node_field(ch, "declarator") : ch);
      if (!ts_node_is_null(id) && !strcmp(text(ctx, id), name)) {
        out->dtor = ch;
        found = 1;
        if (node_is(ch, "init_declarator"))
          out->init = node_field(ch, "value");
      }
    }
  }
  if (!found) {
    const char *mac = storage_macro_declarator(ctx, decl, name);
    *why = mac ? arena_printf(ctx->arena, "'%s' is declared through the macro '%s' "
                              "(sparsecc reads the file before preprocessing)",
                              name, mac)
               : arena_printf(ctx->arena, "the declarator of '%s' was not found", name);
    return 1;
  }
  if (d->is_global && d->header && !out->is_static) {
    *why = arena_printf(ctx->arena, "'%s' is declared in '%s' too, so other files may "
                        "use its dense block (to store it sparse, make it 'static' "
                        "and keep its declaration out of headers)", name, d->header);
    return 1;
  }
  out->global = d->is_global;
  out->is_pointer = d->layout != IR_LAYOUT_ARRAY;
  if (!ts_node_is_null(out->init)) {
    if (!out->is_pointer) {
      if (!node_is(out->init, "initializer_list") || !zero_list(ctx, out->init)) {
        *why = arena_printf(ctx->arena, "'%s' is initialized with values", name);
        return 1;
      }
    } else if (ts_node_is_null(alloc_call(ctx, out->init)) &&
               !null_value(ctx, out->init)) {
      *why = arena_printf(ctx->arena, "'%s' is initialized with '%s' (not a "
                          "malloc/calloc of its block)", name,
                          text(ctx, out->init));
      return 1;
    }
  }
  out->vt = ir_elem_vt(d->elem);
  out->sfx = ir_elem_suffix(d->elem);
  out->ctype = d->is_bool ? "_Bool" : ir_elem_ctype(d->elem);
  /* scope: what follows the declaration in its block (or the file) */
  TSNode p = ts_node_parent(decl);
  while (!ts_node_is_null(p) && !strncmp(ts_node_type(p), "preproc_", 8))
    p = ts_node_parent(p);
  out->scope = p;
  out->region_start = ts_node_end_byte(decl);
  if (out->global || node_is(p, "translation_unit")) {
    out->global = 1;
    out->region_end = ctx->file->len;
  } else if (node_is(p, "compound_statement")) {
    out->region_end = ts_node_end_byte(p);
  } else {
    *why = arena_printf(ctx->arena, "'%s' is not declared in a block", name);
    return 1;
  }
  out->free_at_exit = !out->global && !out->is_static && !out->is_pointer;
  if (out->global) {
    out->var = arena_printf(ctx->arena, "sc__g_%s", name);
    out->ba.handle = out->is_pointer ? out->var
                                     : arena_printf(ctx->arena, "sc__g_%s_h()", name);
  } else {
    out->var = name;
    out->ba.handle = name;
  }
  unsigned line, col;
  const char *fname = source_presumed(ctx->file, ts_node_start_byte(decl), &line, &col);
  out->where = arena_printf(ctx->arena, "%s:%u", fname, line);
  return 0;
}

/* The C string literal of s (quotes and backslashes escaped). */
static void c_string(StrBuf *sb, const char *s) {
  sb_puts(sb, "\"");
  for (; *s; s++) {
    if (*s == '"' || *s == '\\' || *s == '?') /* '?': no trigraph */
      sb_printf(sb, "\\%c", *s);
    else if ((unsigned char)*s < 32) sb_printf(sb, "\\%03o", (unsigned char)*s);
    else sb_append(sb, s, 1);
  }
  sb_puts(sb, "\"");
}

/* `&(const sc_encoding){...}, VT, (const int64_t[]){dims}` */
static void enc_vt_dims(StrBuf *sb, const Stored *st);

const char *storage_new_expr(SparsifyCtx *ctx, const Stored *st, int must) {
  StrBuf sb = {0};
  sb_puts(&sb, "sc__tnew(");
  enc_vt_dims(&sb, st);
  sb_printf(&sb, ", %d, ", must);
  c_string(&sb, st->where);
  sb_puts(&sb, ")");
  const char *r = arena_strdup(ctx->arena, sb.data);
  sb_free(&sb);
  return r;
}

const char *storage_from_dense_expr(SparsifyCtx *ctx, const Stored *st,
                                    const char *dense, const char *where) {
  StrBuf sb = {0};
  sb_puts(&sb, "sc__tdense(");
  enc_vt_dims(&sb, st);
  sb_printf(&sb, ", (const void *)(%s), %d, ", dense,
            st->ba.decl.layout == IR_LAYOUT_ROW_PTRS);
  c_string(&sb, where);
  sb_puts(&sb, ")");
  const char *r = arena_strdup(ctx->arena, sb.data);
  sb_free(&sb);
  return r;
}

static void enc_expr(StrBuf *sb, const Stored *st);

const char *storage_encoding_expr(SparsifyCtx *ctx, const Stored *st) {
  StrBuf sb = {0};
  enc_expr(&sb, st);
  const char *r = arena_strdup(ctx->arena, sb.data);
  sb_free(&sb);
  return r;
}

static void enc_vt_dims(StrBuf *out, const Stored *st) {
  StrBuf sb = {0};
  enc_expr(&sb, st);
  sb_printf(&sb, ", %s, (const int64_t[]){", st->vt);
  for (int d = 0; d < st->ba.rank; d++)
    sb_printf(&sb, "%s(int64_t)(%s)", d ? ", " : "", st->ba.extent[d]);
  sb_puts(&sb, "}");
  sb_puts(out, sb.data);
  sb_free(&sb);
}

static void enc_expr(StrBuf *out, const Stored *st) {
  sb_puts(out, "&(const sc_encoding)");
  cenc_init(out, &st->ba.b->enc.rt);
}

const char *storage_dense_type(SparsifyCtx *ctx, const Stored *st, int k) {
  return storage_decl_dense_type(ctx->arena, &st->ba.decl, st->ctype, k);
}

const char *storage_decl_dense_type(Arena *a, const CtDecl *d, const char *el, int k) {
  if (k == 0)
    return d->type_text;
  if (d->elem_ctype)
    el = d->elem_ctype;
  if (k >= d->rank)
    return el;
  StrBuf sb = {0};
  sb_puts(&sb, el);
  if (d->layout == IR_LAYOUT_ROW_PTRS) {
    sb_puts(&sb, " ");
    for (int i = k; i < d->rank; i++)
      sb_puts(&sb, "*");
  } else {
    for (int i = k; i < d->rank; i++)
      sb_printf(&sb, "[%s]", d->extent[i] ? d->extent[i] : "");
  }
  const char *r = arena_strdup(a, sb.data);
  sb_free(&sb);
  return r;
}

static int stored_here(const Stored *st, int nst, TSNode dtor, const Stored **out) {
  for (int i = 0; i < nst; i++)
    if (!st[i].dropped && ts_node_start_byte(st[i].dtor) == ts_node_start_byte(dtor)) {
      *out = &st[i];
      return 1;
    }
  return 0;
}

const char *storage_decl_text(SparsifyCtx *ctx, const Stored *st, int nst,
                              const Attachment *g) {
  TSNode decl = g->target;
  const char *src = ctx->file->text;
  size_t ls = ts_node_start_byte(decl);
  while (ls > 0 && src[ls - 1] != '\n')
    ls--;
  size_t le = ls;
  while (src[le] == ' ' || src[le] == '\t')
    le++;
  const char *ind = arena_strndup(ctx->arena, src + ls, le - ls);
  StrBuf sb = {0};
  /* the other declarators keep their text */
  StrBuf others = {0};
  size_t first = 0;
  uint32_t c = ts_node_named_child_count(decl);
  size_t tyend = ts_node_end_byte(node_field(decl, "type"));
  for (uint32_t i = 0; i < c; i++) {
    TSNode ch = ts_node_named_child(decl, i);
    if (ts_node_start_byte(ch) < tyend || !is_declarator(ch))
      continue;
    if (!first)
      first = ts_node_start_byte(ch);
    const Stored *s;
    if (stored_here(st, nst, ch, &s))
      continue;
    sb_printf(&others, "%s%s", others.len ? ", " : "", text(ctx, ch));
  }
  int line = 0;
  if (others.len) {
    sb_append(&sb, src + ts_node_start_byte(decl), first - ts_node_start_byte(decl));
    sb_printf(&sb, "%s;", others.data);
    line = 1;
  }
  sb_free(&others);
  for (uint32_t i = 0; i < c; i++) {
    TSNode ch = ts_node_named_child(decl, i);
    const Stored *s;
    if (ts_node_start_byte(ch) < tyend || !is_declarator(ch) ||
        !stored_here(st, nst, ch, &s))
      continue;
    const char *name = s->ba.b->name;
    if (line++)
      sb_printf(&sb, "\n%s", ind);
    sb_printf(&sb, "/* %s: stored as a sparse tensor (sparsecc) */\n%s", name, ind);
    int has_init = !ts_node_is_null(s->init);
    int allocs = has_init && s->is_pointer && !null_value(ctx, s->init);
    if (s->global && !s->is_pointer) {
      sb_printf(&sb, "static sc_tensor *%s;\n", s->var);
      sb_printf(&sb, "%sstatic inline sc_tensor *%s_h(void) {\n", ind, s->var);
      sb_printf(&sb, "%s  if (!%s) %s = %s;\n", ind, s->var, s->var,
                storage_new_expr(ctx, s, 1));
      sb_printf(&sb, "%s  return %s;\n%s}", ind, s->var, ind);
    } else if (s->global) {
      sb_printf(&sb, "static sc_tensor *%s%s;", s->var, has_init ? " = NULL" : "");
    } else if (!s->is_pointer && s->is_static) {
      sb_printf(&sb, "static sc_tensor *%s;\n%sif (!%s) %s = %s;", s->var, ind,
                s->var, s->var, storage_new_expr(ctx, s, 1));
    } else if (!s->is_pointer) {
      sb_printf(&sb, "sc_tensor *%s = %s;", s->var, storage_new_expr(ctx, s, 1));
    } else {
      sb_printf(&sb, "%ssc_tensor *%s", s->is_static ? "static " : "", s->var);
      if (allocs)
        sb_printf(&sb, " = %s", storage_new_expr(ctx, s, 0));
      else if (has_init)
        sb_puts(&sb, " = NULL");
      sb_puts(&sb, ";");
    }
  }
  const char *r = arena_strdup(ctx->arena, sb.data ? sb.data : "");
  sb_free(&sb);
  return r;
}

/* The helpers, each with the helpers it calls (listed before it). */
typedef struct Helper {
  const char *name;  /* "sc__set_f64" */
  const char *deps;  /* space-separated */
  const char *text;
} Helper;

/* KEEP: the update `op v` that leaves every value as it is (x + 0 is x;
 * for floating types only x - +0.0 and x + -0.0: -0.0 + +0.0 is +0.0). */
#define ELEM_HELPERS(T, S, DEPS, KEEP)                                         \
  {"sc__set_" S, "sc__chk",                                                    \
   "static inline"                                                             \
   " " T " sc__set_" S "(sc_tensor *sc__p_t, const int64_t *sc__p_c, " T       \
   " sc__p_v,\n    const char *sc__p_where) {\n"                               \
   "  sc__chk(sc_tensor_insert(sc__p_t, sc__p_c, &sc__p_v), sc__p_where);\n"   \
   "  return sc__p_v;\n"                                                       \
   "}\n"},                                                                     \
  {"sc__get_" S, "sc__chk",                                                    \
   "/* pending inserts applied first: one that does not fit the encoding\n"    \
   " * stops here instead of reading as absent */\n"                           \
   "static inline"                                                             \
   " " T " sc__get_" S "(sc_tensor *sc__p_t, const int64_t *sc__p_c,\n"        \
   "    const char *sc__p_where) {\n"                                          \
   "  if (sc__p_t) sc__chk(sc_tensor_finalize(sc__p_t), sc__p_where);\n"       \
   "  return sc_tensor_get_" S "(sc__p_t, sc__p_c);\n"                         \
   "}\n"},                                                                     \
  {"sc__upd_" S, "sc__chk" DEPS,                                               \
   "static inline void"                                                        \
   " sc__upd_" S "(sc_tensor *sc__p_t, const int64_t *sc__p_c, char"           \
   " sc__p_op, "                                                               \
   T " sc__p_v,\n    const char *sc__p_where) {\n"                             \
   "  if (" KEEP ") return; /* x + 0 is x */\n"                                \
   "  sc__chk(sc_tensor_update(sc__p_t, sc__p_c, sc__p_op, &sc__p_v),"         \
   " sc__p_where);\n"                                                          \
   "}\n"},                                                                     \
  {"sc__val_" S, "",                                                           \
   "/* the value of a write whose subscripts and value both have effects,\n" \
   " * evaluated before the subscripts */\n"                                   \
   "static " T " sc__tv_" S ";\n"                                              \
   "static inline int sc__val_" S "(" T " sc__p_v) {\n"                        \
   "  sc__tv_" S " = sc__p_v;\n"                                               \
   "  return 0;\n"                                                             \
   "}\n"},                                                                     \
  {"sc__updv_" S, "sc__upd_" S,                                                \
   "static inline"                                                             \
   " " T " sc__updv_" S "(sc_tensor *sc__p_t, const int64_t *sc__p_c, char"    \
   " sc__p_op, "                                                               \
   T " sc__p_v,\n    const char *sc__p_where) {\n"                             \
   "  sc__upd_" S "(sc__p_t, sc__p_c, sc__p_op, sc__p_v, sc__p_where);\n"      \
   "  return sc_tensor_get_" S "(sc__p_t, sc__p_c);\n"                         \
   "}\n"}

#define INT_KEEP "(sc__p_op == '+' || sc__p_op == '-') && sc__p_v == 0"
#define FLOAT_KEEP(S)                                                          \
  "(sc__p_op == '+' || sc__p_op == '-') && sc__p_v == 0 && (sc__p_op =="    \
  " '-') == sc__pz_" S "(sc__p_v)"

/* v is +0.0, which reads as an absent entry; -0.0 is a value (it prints
 * "-0") and is stored (the runtime's zero filters drop +0.0 only) */
#define PZ_HELPER(T, S, U)                                                     \
  {"sc__pz_" S, "",                                                            \
   "/* v is +0.0 (an absent entry reads so; -0.0 is stored) */\n"              \
   "static inline int sc__pz_" S "(" T " sc__p_v) {\n"                         \
   "  union { " T " sc__p_v; " U " sc__p_u; } sc__p_z;\n"                      \
   "  sc__p_z.sc__p_v = sc__p_v;\n"                                            \
   "  return sc__p_z.sc__p_u == 0;\n"                                          \
   "}\n"}

static const Helper kHelpers[] = {
    {"sc__chk", "",
     "static inline void sc__chk(sc_status sc__p_st, const char"
     " *sc__p_where) {\n"
     "  if (sc__p_st != SC_OK) sc_fail(sc__p_st, sc__p_where);\n"
     "}\n"},
    {"sc__tnew", "",
     "static inline sc_tensor *sc__tnew(const sc_encoding *sc__p_e,"
     " sc_value_type sc__p_vt,\n"
     "    const int64_t *sc__p_dims, int sc__p_must, const char"
     " *sc__p_where) {\n"
     "  sc_tensor *sc__p_t = NULL;\n"
     "  const sc_status sc__p_st = sc_tensor_new(&sc__p_t, sc__p_e,"
     " sc__p_vt, sc__p_dims);\n"
     "  if (sc__p_st != SC_OK && (sc__p_must || sc__p_st !="
     " SC_ERR_NO_MEMORY)) sc_fail(sc__p_st, sc__p_where);\n"
     "  return sc__p_st == SC_OK ? sc__p_t : NULL;\n"
     "}\n"},
    {"sc__tdense", "sc__chk",
     "/* a tensor assembled from a dense block (rows: row pointers) */\n"
     "static inline sc_tensor *sc__tdense(const sc_encoding *sc__p_e,"
     " sc_value_type sc__p_vt,\n"
     "    const int64_t *sc__p_dims, const void *sc__p_dense, int"
     " sc__p_rows, const char *sc__p_where) {\n"
     "  sc_tensor *sc__p_t = NULL;\n"
     "  sc__chk(sc__p_rows ? sc_tensor_from_dense_rows(&sc__p_t, sc__p_e,"
     " sc__p_vt, sc__p_dims,\n"
     "                                           (const void *const"
     " *)sc__p_dense)\n"
     "              : sc_tensor_from_dense(&sc__p_t, sc__p_e, sc__p_vt,"
     " sc__p_dims, sc__p_dense), sc__p_where);\n"
     "  return sc__p_t;\n"
     "}\n"},
    {"sc__tback", "sc__chk",
     "/* scatters t back into the dense block it was assembled from, frees"
     " it */\n"
     "static inline void sc__tback(sc_tensor *sc__p_t, void *sc__p_dense,"
     " int sc__p_rows, int sc__p_write,\n"
     "    const char *sc__p_where) {\n"
     "  if (sc__p_write)\n"
     "    sc__chk(sc__p_rows ? sc_tensor_to_dense_rows(sc__p_t, (void"
     " *const *)sc__p_dense)\n"
     "                 : sc_tensor_to_dense(sc__p_t, sc__p_dense),"
     " sc__p_where);\n"
     "  sc_tensor_free(sc__p_t);\n"
     "}\n"},
    {"sc__lin", "",
     "/* coordinates of a row-major linear index (flat arrays) */\n"
     "static inline const int64_t *sc__lin(const sc_tensor *sc__p_t,"
     " int64_t sc__p_lin,\n"
     "    int64_t *sc__p_c) {\n"
     "  for (int sc__p_d = sc_tensor_dim_rank(sc__p_t) - 1; sc__p_d >= 0;"
     " sc__p_d--) {\n"
     "    const int64_t sc__p_n = sc_tensor_dim_size(sc__p_t, sc__p_d);\n"
     "    sc__p_c[sc__p_d] = sc__p_n > 0 ? sc__p_lin % sc__p_n : sc__p_lin;\n"
     "    sc__p_lin = sc__p_n > 0 ? sc__p_lin / sc__p_n : 0;\n"
     "  }\n"
     "  return sc__p_c;\n"
     "}\n"},
    {"sc__linof", "",
     "/* the row-major linear index of the first element of a part (k leading\n"
     "   coordinates given) */\n"
     "static inline int64_t sc__linof(const sc_tensor *sc__p_t, const"
     " int64_t *sc__p_c, int sc__p_k) {\n"
     "  int64_t sc__p_lin = 0;\n"
     "  for (int sc__p_d = 0; sc__p_d < sc_tensor_dim_rank(sc__p_t);"
     " sc__p_d++)\n"
     "    sc__p_lin = sc__p_lin * sc_tensor_dim_size(sc__p_t, sc__p_d) +"
     " (sc__p_d < sc__p_k ? sc__p_c[sc__p_d] : 0);\n"
     "  return sc__p_lin;\n"
     "}\n"},
    {"sc__zero", "sc__chk sc__lin",
     "/* memset(P, 0, bytes) of the elements from linear index lin: whole\n"
     "   elements inside the array, each written as an explicit 0 (the whole\n"
     "   array: a clear) */\n"
     "static inline void sc__zero(sc_tensor *sc__p_t, int64_t sc__p_lin,"
     " size_t sc__p_bytes,\n"
     "    size_t sc__p_esize, const char *sc__p_where) {\n"
     "  int64_t sc__p_total = 1, sc__p_c[SC_MAX_RANK];\n"
     "  for (int sc__p_d = 0; sc__p_d < sc_tensor_dim_rank(sc__p_t);"
     " sc__p_d++) sc__p_total *= sc_tensor_dim_size(sc__p_t, sc__p_d);\n"
     "  const int64_t sc__p_n = (int64_t)(sc__p_bytes / sc__p_esize);\n"
     "  if (sc__p_bytes % sc__p_esize || sc__p_lin < 0 || sc__p_n >"
     " sc__p_total - sc__p_lin)\n"
     "    sc_fail(SC_ERR_OUT_OF_RANGE, sc__p_where);\n"
     "  if (sc__p_lin == 0 && sc__p_n == sc__p_total) {\n"
     "    sc__chk(sc_tensor_clear(sc__p_t), sc__p_where);\n"
     "    return;\n"
     "  }\n"
     "  const int64_t sc__p_zero = 0; /* +0.0 and integer 0 alike */\n"
     "  for (int64_t sc__p_i = sc__p_lin; sc__p_i < sc__p_lin + sc__p_n;"
     " sc__p_i++)\n"
     "    sc__chk(sc_tensor_insert(sc__p_t, sc__lin(sc__p_t, sc__p_i,"
     " sc__p_c), &sc__p_zero), sc__p_where);\n"
     "}\n"},
    {"sc__cpin", "sc__chk sc__lin",
     "/* memcpy(A, src, bytes): A's first bytes / esize elements (all of"
     " them:\n"
     "   A assembled anew from the block, its zeros left out) */\n"
     "static inline void sc__cpin(sc_tensor *sc__p_t, const void"
     " *sc__p_src, size_t sc__p_bytes,\n"
     "    size_t sc__p_esize, const char *sc__p_where) {\n"
     "  int64_t sc__p_total = 1, sc__p_dims[SC_MAX_RANK],"
     " sc__p_c[SC_MAX_RANK];\n"
     "  for (int sc__p_d = 0; sc__p_d < sc_tensor_dim_rank(sc__p_t);"
     " sc__p_d++)\n"
     "    sc__p_total *= sc__p_dims[sc__p_d] = sc_tensor_dim_size(sc__p_t,"
     " sc__p_d);\n"
     "  const int64_t sc__p_n = (int64_t)(sc__p_bytes / sc__p_esize);\n"
     "  if (sc__p_bytes % sc__p_esize || sc__p_n > sc__p_total)\n"
     "    sc_fail(SC_ERR_OUT_OF_RANGE, sc__p_where);\n"
     "  if (sc__p_n == sc__p_total) {\n"
     "    sc_tensor *sc__p_a = NULL;\n"
     "    sc__chk(sc_tensor_from_dense(&sc__p_a, sc_tensor_encoding(sc__p_t),\n"
     "                                 sc_tensor_value_type(sc__p_t),"
     " sc__p_dims, sc__p_src), sc__p_where);\n"
     "    const sc_status sc__p_st = sc_tensor_assign(sc__p_t, sc__p_a);\n"
     "    sc_tensor_free(sc__p_a);\n"
     "    sc__chk(sc__p_st, sc__p_where);\n"
     "    return;\n"
     "  }\n"
     "  for (int64_t sc__p_i = 0; sc__p_i < sc__p_n; sc__p_i++)\n"
     "    sc__chk(sc_tensor_insert(sc__p_t, sc__lin(sc__p_t, sc__p_i,"
     " sc__p_c), (const char *)sc__p_src + sc__p_i * sc__p_esize),\n"
     "            sc__p_where);\n"
     "}\n"},
    {"sc__cpout", "sc__chk sc__lin",
     "/* memcpy(dst, A, bytes): A's first bytes / esize elements into dst */\n"
     "static inline void sc__cpout(sc_tensor *sc__p_t, void *sc__p_dst,"
     " size_t sc__p_bytes,\n"
     "    size_t sc__p_esize, const char *sc__p_where) {\n"
     "  int64_t sc__p_total = 1, sc__p_c[SC_MAX_RANK];\n"
     "  for (int sc__p_d = 0; sc__p_d < sc_tensor_dim_rank(sc__p_t);"
     " sc__p_d++) sc__p_total *= sc_tensor_dim_size(sc__p_t, sc__p_d);\n"
     "  const int64_t sc__p_n = (int64_t)(sc__p_bytes / sc__p_esize);\n"
     "  if (sc__p_bytes % sc__p_esize || sc__p_n > sc__p_total)\n"
     "    sc_fail(SC_ERR_OUT_OF_RANGE, sc__p_where);\n"
     "  sc__chk(sc_tensor_finalize(sc__p_t), sc__p_where);\n"
     "  if (sc__p_n == sc__p_total) {\n"
     "    sc__chk(sc_tensor_to_dense(sc__p_t, sc__p_dst), sc__p_where);\n"
     "    return;\n"
     "  }\n"
     "  for (int64_t sc__p_i = 0; sc__p_i < sc__p_n; sc__p_i++)\n"
     "    sc__chk(sc_tensor_get(sc__p_t, sc__lin(sc__p_t, sc__p_i,"
     " sc__p_c), (char *)sc__p_dst + sc__p_i * sc__p_esize), sc__p_where);\n"
     "}\n"},
    PZ_HELPER("double", "f64", "uint64_t"),
    PZ_HELPER("float", "f32", "uint32_t"),
    ELEM_HELPERS("double", "f64", " sc__pz_f64", FLOAT_KEEP("f64")),
    ELEM_HELPERS("float", "f32", " sc__pz_f32", FLOAT_KEEP("f32")),
    ELEM_HELPERS("int64_t", "i64", "", INT_KEEP),
    ELEM_HELPERS("int32_t", "i32", "", INT_KEEP),
    ELEM_HELPERS("uint64_t", "u64", "", INT_KEEP),
    ELEM_HELPERS("uint32_t", "u32", "", INT_KEEP),
    ELEM_HELPERS("int16_t", "i16", "", INT_KEEP),
    ELEM_HELPERS("uint16_t", "u16", "", INT_KEEP),
    ELEM_HELPERS("int8_t", "i8", "", INT_KEEP),
    ELEM_HELPERS("uint8_t", "u8", "", INT_KEEP),
};

static int mentions(const char *const *texts, size_t n, const char *id) {
  size_t len = strlen(id);
  for (size_t i = 0; i < n; i++)
    for (const char *p = texts[i]; p && (p = strstr(p, id)); p += len)
      if (p[len] == '(')
        return 1;
  return 0;
}

const char *storage_prelude(Arena *a, const char *const *texts, size_t n) {
  enum { NH = sizeof kHelpers / sizeof *kHelpers };
  int need[NH] = {0};
  for (int i = NH - 1; i >= 0; i--) {
    if (!need[i])
      need[i] = mentions(texts, n, kHelpers[i].name);
    if (!need[i])
      continue;
    for (int j = 0; j < i; j++)
      if (strstr(kHelpers[i].deps, kHelpers[j].name))
        need[j] = 1;
  }
  StrBuf sb = {0};
  sb_puts(&sb, "/* sparsecc: helpers for arrays stored as sparse tensors */\n");
  for (int i = 0; i < NH; i++)
    if (need[i])
      sb_puts(&sb, kHelpers[i].text);
  const char *r = arena_strdup(a, sb.data);
  sb_free(&sb);
  return r;
}
