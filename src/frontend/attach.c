/* attach.c — attaching pragma groups to the tree-sitter node that follows
 * them (see attach.h). Only siblings are considered: a pragma applies to
 * the next statement, declaration or function at its own nesting level;
 * comments in between are skipped. */
#include "frontend/attach.h"

#include <string.h>

size_t attach_line_start(const SourceFile *f, size_t offset) {
  size_t s = offset;
  while (s > 0 && (f->text[s - 1] == ' ' || f->text[s - 1] == '\t'))
    s--;
  if (s == 0 || f->text[s - 1] == '\n')
    return s;
  return offset;
}

static int groups_with_target(const PragmaSite *s) {
  return s->ok && (s->pragma.kind == PRAGMA_ENCODING ||
                   s->pragma.kind == PRAGMA_VECTORIZE ||
                   s->pragma.kind == PRAGMA_NOVECTORIZE);
}

/* The site whose node starts at n, or -1. */
static long site_at(const SparsifyCtx *ctx, TSNode n) {
  uint32_t b = ts_node_start_byte(n);
  for (size_t i = 0; i < ctx->nsites; i++)
    if (ts_node_start_byte(ctx->sites[i].node) == b)
      return (long)i;
  return -1;
}

static TSNode next_sibling(TSNode n) {
  TSNode s = ts_node_next_named_sibling(n);
  while (!ts_node_is_null(s) && !strcmp(ts_node_type(s), "comment"))
    s = ts_node_next_named_sibling(s);
  return s;
}

static int is_type(TSNode n, const char *t) {
  return !ts_node_is_null(n) && !strcmp(ts_node_type(n), t);
}

/* Another tool's pragma line (`#pragma omp parallel for`, `#pragma GCC
 * ivdep`) between a sparse pragma and its target: skipped, so the sparse
 * pragma still applies to what follows. */
static int is_foreign_pragma(const SparsifyCtx *ctx, TSNode n) {
  if (!is_type(n, "preproc_call") || site_at(ctx, n) >= 0) return 0;
  TSNode d = ts_node_child_by_field_name(n, "directive", 9);
  if (ts_node_is_null(d)) return 0;
  size_t a = ts_node_start_byte(d), b = ts_node_end_byte(d);
  return b - a == 7 && !memcmp(ctx->file->text + a, "#pragma", 7);
}

/* A pragma that ends a branch of `#if`/`#ifdef` ... `#endif` applies to
 * what follows the whole conditional (the usual way to choose an encoding
 * per build). Returns that node, or a null node when n does not end a
 * branch. */
static TSNode after_conditional(TSNode n) {
  TSNode nx = next_sibling(n);
  if (!ts_node_is_null(nx) && !is_type(nx, "preproc_else") &&
      !is_type(nx, "preproc_elif"))
    return (TSNode){0};
  TSNode p = ts_node_parent(n);
  while (is_type(p, "preproc_else") || is_type(p, "preproc_elif"))
    p = ts_node_parent(p);
  if (!is_type(p, "preproc_if") && !is_type(p, "preproc_ifdef"))
    return (TSNode){0};
  return next_sibling(p);
}

size_t attach_pragmas(SparsifyCtx *ctx, Attachment **out) {
  ARRAY(Attachment) groups = {0};
  size_t i = 0;
  while (i < ctx->nsites) {
    if (!groups_with_target(&ctx->sites[i])) {
      i++;
      continue;
    }
    Attachment g;
    memset(&g, 0, sizeof g);
    ARRAY(const PragmaSite *) enc = {0};
    size_t first = i;
    TSNode cur = ctx->sites[i].node;
    size_t last = i;
    for (;;) {
      const PragmaSite *s = &ctx->sites[last];
      if (groups_with_target(s)) {
        if (s->pragma.kind == PRAGMA_ENCODING)
          ARRAY_PUSH(ctx->arena, enc, s);
        else
          g.vec = &s->pragma;
      }
      TSNode nx = next_sibling(cur);
      while (is_foreign_pragma(ctx, nx)) nx = next_sibling(nx);
      long j = ts_node_is_null(nx) ? -1 : site_at(ctx, nx);
      if (j > (long)last) {
        cur = nx;
        last = (size_t)j;
        continue;
      }
      TSNode after = after_conditional(cur);
      if (!ts_node_is_null(after)) {
        nx = after;
        g.detached = 1;
      }
      if (ts_node_is_null(nx)) {
        g.kind = ATTACH_NONE;
      } else {
        const char *ty = ts_node_type(nx);
        g.target = nx;
        if (!strcmp(ty, "for_statement") || !strcmp(ty, "while_statement") ||
            !strcmp(ty, "do_statement"))
          g.kind = ATTACH_LOOP; /* a while or do loop: its nests (sparsify.c) */
        else if (!strcmp(ty, "declaration"))
          g.kind = ATTACH_DECL;
        else if (!strcmp(ty, "function_definition"))
          g.kind = ATTACH_FUNC;
        else
          g.kind = ATTACH_NONE;
      }
      break;
    }
    g.enc = enc.data;
    g.nenc = (int)enc.len;
    size_t ps = ts_node_start_byte(ctx->sites[first].node);
    g.pragma_span = span_make(ps, ctx->sites[last].span.end);
    g.line_start = attach_line_start(ctx->file, ps);
    ARRAY_PUSH(ctx->arena, groups, g);
    i = last + 1;
  }
  *out = groups.data;
  return groups.len;
}

const char *attach_assigned_name(const SparsifyCtx *ctx, const Attachment *g) {
  if (g->kind != ATTACH_NONE || ts_node_is_null(g->target) ||
      !is_type(g->target, "expression_statement"))
    return NULL;
  TSNode e = ts_node_named_child(g->target, 0);
  if (!is_type(e, "assignment_expression"))
    return NULL;
  TSNode l = ts_node_child_by_field_name(e, "left", 4);
  while (is_type(l, "parenthesized_expression"))
    l = ts_node_named_child(l, 0);
  if (!is_type(l, "identifier"))
    return NULL;
  size_t a = ts_node_start_byte(l), b = ts_node_end_byte(l);
  for (int i = 0; i < g->nenc; i++)
    for (int k = 0; k < g->enc[i]->pragma.nbindings; k++) {
      const char *nm = g->enc[i]->pragma.bindings[k].name;
      if (strlen(nm) == b - a && !memcmp(ctx->file->text + a, nm, b - a))
        return nm;
    }
  return NULL;
}
