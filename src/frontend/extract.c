/* extract.c — loop nest (tree-sitter) → IrKernel (see extract.h).
 *
 * One walk over the nest: loop headers become IrLoopVars with affine
 * bounds, statements become IrStmts over IrAccesses, expressions become
 * IrExprs. Subscripts and bounds go through a small polynomial form
 * (ir/affine.h) so flat `A[i*m + j]` can be delinearized against a shape.
 * Anything else is a refusal with the construct's span. Dependence facts
 * (reduction, carried dependence) are computed at the end (ir/depend.c).
 *
 * This file is the entry: extract_kernel runs the walk, then checks the
 * kernel as a whole. The walk's parts are the files beside it, sharing the
 * walk's state through extract_walk.h: extract_walk.c (shared helpers),
 * extract_invariant.c (loop-invariant opaque expressions),
 * extract_affine.c (affine forms), extract_band.c (band bounds),
 * extract_tensor.c (tensors and accesses), extract_range.c (the range
 * proof of a delinearized subscript), extract_expr.c (expressions),
 * extract_stmt.c (statements), extract_loop.c (loop headers),
 * extract_locals.c (local temporaries); extract_bind.c resolves the
 * bindings (extract_bind). */
#include "frontend/extract.h"

#include <string.h>

#include "frontend/extents.h"
#include "frontend/extract_walk.h"
#include "frontend/liveness.h"
#include "ir/depend.h"
#include "ir/predicate.h"

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
      int r = tt->extent[d] ? 0 : extents_from_loops(x->a, x->k, (int)t, d, &detail);
      if (!r)
        continue;
      if (r == -2) {
        why->reason = arena_printf(
            x->a, "'%s' (type '%s') is not assembled from its dense storage: "
            "%s (dimension %d), which need not exist; where it does, give "
            "the shape in the pragma, e.g. %s%s : ...",
            tt->name, ba->decl.type_text, detail, d, tt->name,
            tt->rank == 1 ? "[n + 1]" : tt->rank == 2 ? "[n + 1][m + 1]"
                                                      : "[n + 1][m + 1][k + 1]");
        why->where = ba->b->name_span;
        return 1;
      }
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
  drop_unread_locals(&x, root);
  if (extract_check_gathers(&x, why) || extract_check_member_reads(&x, why))
    return 1;
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
    /* say which: a binding of another array than the one the nest uses */
    const char *names = "";
    for (int i = 0; i < env->nbound; i++)
      names = arena_printf(x.a, "%s%s'%s'", names, i ? ", " : "", env->bound[i].b->name);
    why->reason = arena_printf(x.a, "no array named in the pragma (%s) is accessed in "
                                    "the loop nest", names);
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
  k->pre_text = x.pre_text;
  k->ntensors = (int)x.tensors.len;
  k->tensors = x.tensors.data;
  k->naccesses = (int)x.accesses.len;
  k->accesses = x.accesses.data;
  k->nscalars_written = (int)x.scalars.len;
  k->scalars_written = x.scalars.data;
  k->nfolded_fns = (int)x.folded.len;
  k->folded_fns = x.folded.data;
  unsigned char *dead = arena_alloc(x.a, x.scalars.len ? x.scalars.len : 1);
  for (size_t i = 0; i < x.scalars.len; i++) /* a member (`out.total`) is live */
    dead[i] = !strchr(x.scalars.data[i], '.') &&
              !liveness_after_nest(env->ctx->file, env->ctx->tree, env->ct,
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
  /* a scatter's loops keep their order: two of their iterations may
   * update one element */
  for (size_t i = 0; i < x.scattered.len; i++)
    for (int d = 0; d < x.accesses.data[x.scattered.data[i]].nsub; d++)
      for (int v = 0; v < k->nvars; v++)
        if (x.accesses.data[x.scattered.data[i]].sub[d].coef[v])
          pk->vars[v].carries_dependence = 1, pk->vars[v].is_reduction = 0;
  if (pk != k)
    for (int v = 0; v < k->nvars; v++) {
      k->vars[v].carries_dependence = pk->vars[v].carries_dependence;
      k->vars[v].is_reduction = pk->vars[v].is_reduction;
    }
  /* a strided loop is walked over its step count: its variable keeps
   * the count, not the source's value */
  for (int v = 0; v < k->nvars; v++)
    if (k->vars[v].stride > 1 && k->vars[v].live_after) {
      why->reason = arena_printf(x.a, "loop stepping by %lld over '%s' whose final "
                                 "value is used after the nest",
                                 (long long)k->vars[v].stride, k->vars[v].name);
      why->where = k->vars[v].span;
      return 1;
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
