/* rows.c — the row count of a pointer to rows read from its allocation
 * (see rows.h). */
#include "frontend/rows.h"
#include "frontend/tsnode.h"

#include <stdlib.h>
#include <string.h>

typedef struct R {
  SparsifyCtx *ctx;
  CTypes *ct;
  const CtDecl *d;
  TSNode alloc;      /* the malloc/calloc call */
  int nalloc;        /* allocations of the pointer found */
} R;

static const char *text(R *r, TSNode n) {
  return arena_strndup(r->ctx->arena, r->ctx->file->text + ts_node_start_byte(n),
                       ts_node_end_byte(n) - ts_node_start_byte(n));
}

static TSNode strip(TSNode n) {
  while ((node_is(n, "parenthesized_expression") && ts_node_named_child_count(n) == 1) ||
         node_is(n, "cast_expression"))
    n = node_is(n, "cast_expression") ? node_field(n, "value") : ts_node_named_child(n, 0);
  return n;
}

/* The text without blanks (for comparing spellings). */
static const char *squeeze(R *r, const char *t) {
  char *o = arena_alloc(r->ctx->arena, strlen(t) + 1);
  size_t w = 0;
  for (; *t; t++)
    if (*t != ' ' && *t != '\t' && *t != '\n' && *t != '\r')
      o[w++] = *t;
  o[w] = 0;
  return o;
}

static TSNode alloc_call(R *r, TSNode v) {
  v = strip(v);
  TSNode none;
  memset(&none, 0, sizeof none);
  if (!node_is(v, "call_expression") || !node_is(node_field(v, "function"), "identifier"))
    return none;
  const char *f = text(r, node_field(v, "function"));
  return !strcmp(f, "malloc") || !strcmp(f, "calloc") ? v : none;
}

/* Whether identifier n names the pointer (the same declaration). */
static int names_it(R *r, TSNode n) {
  if (!node_is(n, "identifier") || strcmp(text(r, n), r->d->name))
    return 0;
  CtDecl o;
  return ct_lookup(r->ct, r->d->name, ts_node_start_byte(n), &o) &&
         o.name_offset == r->d->name_offset;
}

/* Every `name = malloc/calloc(...)` under n. */
static void find_allocs(R *r, TSNode n) {
  if (node_is(n, "assignment_expression") && names_it(r, strip(node_field(n, "left"))) &&
      !strcmp(text(r, node_field(n, "operator")), "=")) {
    TSNode c = alloc_call(r, node_field(n, "right"));
    if (!ts_node_is_null(c)) {
      if (!r->nalloc)
        r->alloc = c;
      r->nalloc++;
    }
  }
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++)
    find_allocs(r, ts_node_named_child(n, i));
}

/* The element type spelled `t` (blanks removed): its typedef, the C type. */
static int elem_text(R *r, const char *t) {
  if (!strcmp(t, squeeze(r, r->d->elem_ctype)))
    return 1;
  return ct_elem_spelling(r->d->elem, t, 1);
}

/* Whether a size text is the row width (dimension 1's extent). */
static int width_text(R *r, const char *t) {
  if (r->d->rank < 2)
    return 0; /* a vector: its element is its row */
  const char *w = r->d->extent[1];
  if (w && !strcmp(squeeze(r, t), squeeze(r, w)))
    return 1;
  char *end;
  long long v = strtoll(t, &end, 10);
  return *end == 0 && end != t && r->d->cextent[1] >= 0 && v == r->d->cextent[1];
}

enum { F_OTHER, F_ROW, F_ELEM, F_ROWS };

/* What a sizeof operand denotes: the row (`*A`, `A[0]`, `double[M]`, the
 * row typedef), the element (`double`, `**A`, `A[0][0]`), `double[X][M]`
 * (F_ROWS, *extra = X's text), or something else. */
static int sizeof_kind(R *r, TSNode s, const char **extra) {
  TSNode v = node_field(s, "value");
  if (!ts_node_is_null(v)) {
    v = strip(v);
    int k = 0;
    while (node_is(v, "pointer_expression") || node_is(v, "subscript_expression")) {
      if (node_is(v, "pointer_expression") &&
          strcmp(ts_node_type(ts_node_child(v, 0)), "*"))
        return F_OTHER;
      v = strip(node_field(v, "argument"));
      k++;
    }
    if (names_it(r, v))
      return k == 1 ? F_ROW : k == r->d->rank ? F_ELEM : F_OTHER;
    if (k || !node_is(v, "identifier"))
      return F_OTHER;
    /* `sizeof(name)` of a type parses as a value */
  } else {
    v = node_field(s, "type");
    if (ts_node_is_null(v))
      return F_OTHER;
  }
  const char *t = squeeze(r, text(r, v));
  /* the pointee type as clang spells it: `row_t *` */
  const char *pt = squeeze(r, r->d->type_text);
  size_t tl = strlen(t), pl = strlen(pt);
  if (pl == tl + 1 && !strncmp(pt, t, tl) && pt[tl] == '*')
    return F_ROW;
  const char *br = strchr(t, '[');
  if (!br)
    return elem_text(r, t) ? F_ELEM : F_OTHER;
  if (r->d->rank != 2 || !elem_text(r, arena_strndup(r->ctx->arena, t, (size_t)(br - t))))
    return F_OTHER;
  /* T[M] or T[X][M] */
  const char *c1 = strchr(br, ']');
  if (!c1)
    return F_OTHER;
  const char *a = arena_strndup(r->ctx->arena, br + 1, (size_t)(c1 - br - 1));
  if (!c1[1])
    return width_text(r, a) ? F_ROW : F_OTHER;
  if (c1[1] != '[')
    return F_OTHER;
  const char *c2 = strchr(c1 + 1, ']');
  if (!c2 || c2[1])
    return F_OTHER;
  if (!width_text(r, arena_strndup(r->ctx->arena, c1 + 2, (size_t)(c2 - c1 - 2))))
    return F_OTHER;
  *extra = a;
  return F_ROWS;
}

typedef ARRAY(TSNode) Nodes;

static void factors(R *r, TSNode n, Nodes *out) {
  n = strip(n);
  if (node_is(n, "binary_expression") && !strcmp(text(r, node_field(n, "operator")), "*")) {
    factors(r, node_field(n, "left"), out);
    factors(r, node_field(n, "right"), out);
    return;
  }
  ARRAY_PUSH(r->ctx->arena, *out, n);
}

static int assigns(R *r, TSNode n, const char *name, size_t from) {
  if (ts_node_end_byte(n) <= from)
    return 0;
  TSNode t;
  memset(&t, 0, sizeof t);
  if (node_is(n, "assignment_expression"))
    t = strip(node_field(n, "left"));
  else if (node_is(n, "update_expression"))
    t = strip(node_field(n, "argument"));
  else if (node_is(n, "pointer_expression") && !strcmp(ts_node_type(ts_node_child(n, 0)), "&"))
    t = strip(node_field(n, "argument"));
  if (node_is(t, "identifier") && ts_node_start_byte(t) >= from && !strcmp(text(r, t), name))
    return 1;
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++)
    if (assigns(r, ts_node_named_child(n, i), name, from))
      return 1;
  return 0;
}

/* Every identifier of the count: visible at the declaration as at the
 * allocation, and not assigned after the allocation (a global: nowhere in
 * another function either). */
static int stable(R *r, TSNode n, TSNode scope, const char **why) {
  if (node_is(n, "sizeof_expression"))
    return 1;
  if (node_is(n, "identifier")) {
    const char *nm = text(r, n);
    CtDecl at, there;
    if (!ct_lookup(r->ct, nm, ts_node_start_byte(n), &there))
      return 1; /* a macro or an enumerator */
    if (there.kind == CT_OTHER)
      return 1;
    size_t decl_at = r->d->name_offset;
    if (!ct_lookup(r->ct, nm, decl_at, &at) || at.name_offset != there.name_offset) {
      *why = arena_printf(r->ctx->arena, "'%s' in its allocation is not "
                          "declared before '%s'", nm, r->d->name);
      return 0;
    }
    TSNode root = ts_tree_root_node(r->ctx->tree);
    if (assigns(r, there.is_global ? root : scope, nm, ts_node_end_byte(r->alloc))) {
      *why = arena_printf(r->ctx->arena, "'%s' in its allocation is assigned "
                          "after it", nm);
      return 0;
    }
    if (there.is_global) {
      /* assignments before the allocation in other functions */
      TSNode fn = r->alloc;
      while (!ts_node_is_null(fn) && !node_is(fn, "function_definition"))
        fn = ts_node_parent(fn);
      uint32_t c = ts_node_named_child_count(root);
      for (uint32_t i = 0; i < c; i++) {
        TSNode f = ts_node_named_child(root, i);
        if (node_is(f, "function_definition") &&
            ts_node_start_byte(f) != ts_node_start_byte(fn) && assigns(r, f, nm, 0)) {
          *why = arena_printf(r->ctx->arena, "'%s' in its allocation is "
                              "assigned in another function", nm);
          return 0;
        }
      }
    }
    return 1;
  }
  if (node_is(n, "call_expression") || node_is(n, "assignment_expression") ||
      node_is(n, "update_expression")) {
    *why = arena_printf(r->ctx->arena, "its allocation's size '%s' has side "
                        "effects or calls", text(r, n));
    return 0;
  }
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++)
    if (!stable(r, ts_node_named_child(n, i), scope, why))
      return 0;
  return 1;
}

const char *rows_from_alloc(SparsifyCtx *ctx, CTypes *ct, const CtDecl *d,
                            const char **why) {
  R r;
  memset(&r, 0, sizeof r);
  r.ctx = ctx;
  r.ct = ct;
  r.d = d;
  *why = d->is_param ? "the first dimension of a parameter has no size in its type"
                     : "it is not allocated with malloc or calloc";
  if (d->is_param || !d->in_main_file ||
      !((d->layout == IR_LAYOUT_PTR_TO_ARRAY && d->rank >= 2) ||
        (d->layout == IR_LAYOUT_FLAT && d->rank == 1)))
    return NULL;
  TSNode root = ts_tree_root_node(ctx->tree);
  TSNode id = ts_node_descendant_for_byte_range(
      root, (uint32_t)d->name_offset, (uint32_t)(d->name_offset + strlen(d->name)));
  TSNode decl = id;
  while (!ts_node_is_null(decl) && !node_is(decl, "declaration"))
    decl = ts_node_parent(decl);
  if (ts_node_is_null(decl))
    return NULL;
  for (TSNode p = ts_node_parent(id); !ts_node_is_null(p) && !node_is(p, "declaration");
       p = ts_node_parent(p))
    if (node_is(p, "init_declarator")) {
      TSNode c = alloc_call(&r, node_field(p, "value"));
      if (!ts_node_is_null(c)) {
        r.alloc = c;
        r.nalloc = 1;
      }
      break;
    }
  TSNode scope = ts_node_parent(decl);
  while (!ts_node_is_null(scope) && !strncmp(ts_node_type(scope), "preproc_", 8))
    scope = ts_node_parent(scope);
  if (ts_node_is_null(scope))
    return NULL;
  find_allocs(&r, scope);
  if (r.nalloc != 1) {
    if (r.nalloc > 1)
      *why = "it is allocated more than once";
    return NULL;
  }
  Nodes f = {0};
  TSNode args = node_field(r.alloc, "arguments");
  uint32_t na = ts_node_named_child_count(args);
  if (na != 1 && na != 2) {
    *why = "its allocation has an unexpected form";
    return NULL;
  }
  for (uint32_t i = 0; i < na; i++)
    factors(&r, ts_node_named_child(args, i), &f);
  int row = -1, elem = -1, width = -1;
  const char *extra = NULL;
  for (size_t i = 0; i < f.len; i++) {
    if (!node_is(f.data[i], "sizeof_expression")) {
      if (width < 0 && width_text(&r, text(&r, f.data[i])))
        width = (int)i;
      continue;
    }
    const char *x = NULL;
    int k = sizeof_kind(&r, f.data[i], &x);
    if ((k == F_ROW || k == F_ROWS) && row < 0 && elem < 0) {
      row = (int)i;
      extra = x;
    } else if (k == F_ELEM && elem < 0 && row < 0) {
      elem = (int)i;
    } else {
      *why = arena_printf(ctx->arena, "its allocation's size '%s' is not a "
                          "count times the size of a row",
                          text(&r, r.alloc));
      return NULL;
    }
  }
  if (row < 0 && (elem < 0 || width < 0 || d->rank != 2)) {
    *why = arena_printf(ctx->arena, "its allocation's size in '%s' is not a "
                        "count times the size of a row", text(&r, r.alloc));
    return NULL;
  }
  StrBuf sb = {0};
  if (extra)
    sb_printf(&sb, "(%s)", extra);
  for (size_t i = 0; i < f.len; i++) {
    if ((int)i == row || (int)i == elem || (row < 0 && (int)i == width))
      continue;
    if (!stable(&r, f.data[i], scope, why)) {
      sb_free(&sb);
      return NULL;
    }
    sb_printf(&sb, "%s(%s)", sb.len ? " * " : "", text(&r, f.data[i]));
  }
  const char *out = arena_strdup(ctx->arena, sb.len ? sb.data : "1");
  sb_free(&sb);
  return out;
}
