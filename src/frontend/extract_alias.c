/* extract_alias.c — row-pointer aliases of a sparse array inside a nest:
 * `double *row = A[i];` (or `&A[i][0]`, or `A + i * n` for a flat A)
 * then `row[j]`, followed as `A[i][j]`. The pointer must be a local of
 * the nest, declared outside any if, never assigned again, and used only
 * subscripted (any other use, a call argument or a store included, is a
 * refusal). */
#include "frontend/extract_walk.h"

#include <string.h>

/* Whether the subtree n assigns `name` itself (`name = ...`, `name++`,
 * `name += ...`), not an element through it. */
static int assigns(X *x, TSNode n, const char *name) {
  if (node_is(n, "assignment_expression") || node_is(n, "update_expression")) {
    TSNode t = strip_parens(node_field(
        n, node_is(n, "assignment_expression") ? "left" : "argument"));
    if (node_is(t, "identifier") && !strcmp(ntext(x, t), name))
      return 1;
  }
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++)
    if (assigns(x, ts_node_named_child(n, i), name))
      return 1;
  return 0;
}

/* The alias that identifier n names at its position, or NULL. */
const RowAlias *alias_of(X *x, TSNode n) {
  if (!node_is(n, "identifier") || !x->aliases.len)
    return NULL;
  const char *nm = ntext(x, n);
  CtDecl d;
  for (size_t i = 0; i < x->aliases.len; i++) {
    const RowAlias *a = &x->aliases.data[i];
    if (!strcmp(a->name, nm) && ct_lookup(x->env->ct, nm, ts_node_start_byte(n), &d) &&
        d.name_offset == a->decl_off)
      return a;
  }
  return NULL;
}

/* `T *row = v;` at declarator d (its pointer declarator pn): 1 when v is
 * a row of a sparse array and the alias is recorded, 0 when v is no such
 * row (the caller decides), -1 on a refusal. */
int alias_decl(X *x, TSNode d, TSNode pn, TSNode v) {
  RowAlias a;
  memset(&a, 0, sizeof a);
  v = strip_parens(v);
  TSNode sub = v;
  int addr = 0, plus = 0;
  if (node_is(v, "pointer_expression") && !strcmp(op_of(x, v), "&")) {
    sub = strip_parens(node_field(v, "argument")); /* &A[i][0] */
    addr = 1;
  } else if (node_is(v, "binary_expression") && !strcmp(op_of(x, v), "+")) {
    sub = strip_parens(node_field(v, "left"));     /* A + i * n */
    plus = 1;
  }
  TSNode idx[SC_MAX_RANK + 1];
  int nidx = 0;
  TSNode base = sub;
  while (node_is(base, "subscript_expression") && nidx <= SC_MAX_RANK) {
    idx[nidx++] = node_field(base, "index");
    base = strip_parens(node_field(base, "argument"));
  }
  if (!node_is(base, "identifier") || !bound_of(x, ntext(x, base)) ||
      (addr && !nidx) || (plus && nidx) || (!addr && !plus && !nidx))
    return 0;
  const char *an = ntext(x, base), *pname = ntext(x, pn);
  if (x->in_if)
    return refuse(x, d, "local pointer '%s' into sparse array '%s' declared under "
                  "an if", pname, an);
  if (assigns(x, x->nest, pname))
    return refuse(x, d, "local pointer '%s' into sparse array '%s' is assigned "
                  "again in the nest", pname, an);
  for (int i = 0; i < nidx / 2; i++) {
    TSNode t = idx[i];
    idx[i] = idx[nidx - 1 - i];
    idx[nidx - 1 - i] = t;
  }
  /* &A[i][k]: the last subscript is the offset of row[0] */
  int npre = addr ? nidx - 1 : nidx;
  for (int i = 0; i < npre; i++)
    if (poly_of(x, idx[i], &a.pre[i], "subscript"))
      return -1;
  af_zero(&a.add);
  if ((addr && poly_of(x, idx[nidx - 1], &a.add, "subscript")) ||
      (plus && poly_of(x, node_field(v, "right"), &a.add, "subscript")))
    return -1;
  CtDecl cd;
  if (!ct_lookup(x->env->ct, pname, ts_node_end_byte(d), &cd))
    return refuse(x, d, "local pointer '%s' is not a declared variable", pname);
  a.name = pname;
  a.decl_off = cd.name_offset;
  a.base = base;
  a.npre = npre;
  ARRAY_PUSH(x->a, x->aliases, a);
  return 1;
}
