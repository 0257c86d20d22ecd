/* consts.c — the initializer a loop-invariant name stands for (see
 * consts.h). */
#include "frontend/consts.h"
#include "frontend/tsnode.h"

#include <string.h>

static int is_name(SparsifyCtx *ctx, TSNode n, const char *name) {
  size_t s = ts_node_start_byte(n), e = ts_node_end_byte(n);
  return node_is(n, "identifier") && e - s == strlen(name) &&
         !memcmp(ctx->file->text + s, name, e - s);
}

/* How many times the subtree of n writes `name` (an assignment, `++`,
 * `--`); taking its address counts twice (it may be written anywhere). */
static int count_writes(SparsifyCtx *ctx, TSNode n, const char *name) {
  TSNode t;
  int w = 1;
  memset(&t, 0, sizeof t);
  if (node_is(n, "assignment_expression"))
    t = strip_parens(node_field(n, "left"));
  else if (node_is(n, "update_expression"))
    t = strip_parens(node_field(n, "argument"));
  else if (node_is(n, "pointer_expression") &&
           !strcmp(ts_node_type(ts_node_child(n, 0)), "&"))
    t = strip_parens(node_field(n, "argument")), w = 2;
  int c = !ts_node_is_null(t) && is_name(ctx, t, name) ? w : 0;
  uint32_t k = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < k; i++)
    c += count_writes(ctx, ts_node_named_child(n, i), name);
  return c;
}

/* Whether the subtree of n assigns `name` or takes its address. */
static int assigns(SparsifyCtx *ctx, TSNode n, const char *name) {
  return count_writes(ctx, n, name) > 0;
}

/* The declaration's identifier node, and its scope: the function holding
 * it (a parameter's or a local's), the file for a global. */
static int find_decl(SparsifyCtx *ctx, CTypes *ct, const char *name, size_t at,
                     CtDecl *d, TSNode *id, TSNode *scope) {
  if (!ct_lookup(ct, name, at, d) || d->kind != CT_SCALAR || !d->in_main_file ||
      !d->name_offset)
    return 0;
  TSNode root = ts_tree_root_node(ctx->tree);
  *id = ts_node_descendant_for_byte_range(root, (uint32_t)d->name_offset,
                                          (uint32_t)(d->name_offset + strlen(name)));
  if (!is_name(ctx, *id, name))
    return 0;
  if (d->is_global) {
    *scope = root;
    return d->type_text && !strncmp(d->type_text, "const ", 6);
  }
  *scope = *id;
  while (!ts_node_is_null(*scope) && !node_is(*scope, "function_definition"))
    *scope = ts_node_parent(*scope);
  return !ts_node_is_null(*scope);
}

int const_unassigned(SparsifyCtx *ctx, CTypes *ct, const char *name, size_t at) {
  CtDecl d;
  TSNode id, scope;
  return find_decl(ctx, ct, name, at, &d, &id, &scope) &&
         !assigns(ctx, scope, name);
}

TSNode const_init_node(SparsifyCtx *ctx, CTypes *ct, const char *name, size_t at) {
  CtDecl d;
  TSNode id, scope, none;
  memset(&none, 0, sizeof none);
  if (!find_decl(ctx, ct, name, at, &d, &id, &scope) || d.is_param || d.is_global)
    return none;
  TSNode p = ts_node_parent(id);
  if (!node_is(p, "init_declarator") ||
      ts_node_start_byte(node_field(p, "declarator")) != ts_node_start_byte(id) ||
      assigns(ctx, ts_node_parent(ts_node_parent(p)), name))
    return none;
  return node_field(p, "value");
}

const char *const_init_text(SparsifyCtx *ctx, CTypes *ct, const char *name,
                            size_t at) {
  CtDecl d;
  TSNode id, scope;
  if (!find_decl(ctx, ct, name, at, &d, &id, &scope) || d.is_param)
    return NULL;
  TSNode p = ts_node_parent(id);
  if (!node_is(p, "init_declarator") ||
      ts_node_start_byte(node_field(p, "declarator")) != ts_node_start_byte(id) ||
      assigns(ctx, scope, name))
    return NULL;
  TSNode v = strip_parens(node_field(p, "value"));
  if (!node_is(v, "identifier") && !node_is(v, "number_literal"))
    return NULL;
  return arena_strndup(ctx->arena, ctx->file->text + ts_node_start_byte(v),
                       ts_node_end_byte(v) - ts_node_start_byte(v));
}

TSNode assigned_init_node(SparsifyCtx *ctx, CTypes *ct, TSNode nest, TSNode use,
                          const char *name, TSNode *stmt, const char **ctype) {
  CtDecl d;
  TSNode id, scope, none;
  memset(&none, 0, sizeof none);
  size_t at = ts_node_start_byte(use);
  if (!find_decl(ctx, ct, name, at, &d, &id, &scope) || d.is_global ||
      ts_node_start_byte(id) >= ts_node_start_byte(nest) ||
      count_writes(ctx, nest, name) != 1)
    return none;
  /* the blocks enclosing the use, inside the nest, innermost first */
  for (TSNode c = use, p = ts_node_parent(use); !ts_node_is_null(p);
       c = p, p = ts_node_parent(p)) {
    if (ts_node_start_byte(p) < ts_node_start_byte(nest))
      break;
    if (!node_is(p, "compound_statement"))
      continue;
    uint32_t k = ts_node_named_child_count(p);
    for (uint32_t i = 0; i < k; i++) {
      TSNode s = ts_node_named_child(p, i);
      if (ts_node_start_byte(s) >= ts_node_start_byte(c))
        break;
      TSNode e = ts_node_named_child(s, 0);
      if (!node_is(s, "expression_statement") || ts_node_is_null(e) ||
          !node_is(e, "assignment_expression") ||
          !is_name(ctx, strip_parens(node_field(e, "left")), name))
        continue;
      TSNode op = ts_node_child_by_field_name(e, "operator", 8);
      if (ts_node_is_null(op) || strcmp(ts_node_type(op), "="))
        return none;
      *stmt = s;
      *ctype = d.type_text;
      return node_field(e, "right");
    }
  }
  return none;
}
