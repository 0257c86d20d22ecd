/* extract_gather.c — gathers: an element of a dense array read at a
 * computed position (`x[perm[j]]`, `dist[col[k]]`) as an IR_GATHER
 * expression (ir/ispace.h), and scatters, such an element updated with
 * `+=`/`-=` (`y[perm[i]] += e`, an IrAccess with a scatter). A dense
 * operand's subscript only has to be evaluated where the kernel visits:
 * at a stored entry's coordinates the subscript, and so the element, is
 * the dense program's. Refused: such a subscript on a sparse array
 * (random access into its storage), a gathered array the nest writes, a
 * subscript reading a sparse array or anything the nest writes, a
 * scattered array the nest reads or writes elsewhere. An arithmetic
 * member of an element of an array of structs (`stats[i].sum`, `p[j].x`)
 * is read and updated the same way, its member printed after the
 * subscripts. */
#include "frontend/extract_walk.h"

#include <string.h>

/* Whether subscript n is not affine because it reads an array element
 * that varies in the nest (`perm[j]`, `i + perm[j]`). */
static int indirect_index(X *x, TSNode n) {
  if (node_is(n, "subscript_expression"))
    return !invariant(x, n);
  const char *lt;
  TSNode li = index_local(x, n, &lt, 2);
  if (!ts_node_is_null(li))
    return indirect_index(x, li);
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++)
    if (indirect_index(x, ts_node_named_child(n, i)))
      return 1;
  return 0;
}

int extract_sparse_base(X *x, TSNode b) {
  if (!node_is(b, "identifier"))
    return 0;
  const char *nm = ntext(x, b);
  if (bound_of(x, nm))
    return 1;
  CtDecl d;
  if (!x->env->nstored || !ct_lookup(x->env->ct, nm, ts_node_start_byte(b), &d))
    return 0;
  for (int i = 0; i < x->env->nstored; i++)
    if (x->env->stored[i].decl.name_offset == d.name_offset &&
        !strcmp(x->env->stored[i].b->name, nm))
      return 1;
  return 0;
}

int extract_is_gather(X *x, TSNode n) {
  for (TSNode cur = strip_parens(n); node_is(cur, "subscript_expression");
       cur = strip_parens(node_field(cur, "argument")))
    if (indirect_index(x, node_field(cur, "index")))
      return 1;
  return 0;
}

/* The first thing subscript expression e reads that a gather's subscript
 * may not: a sparse array, an array or scalar the nest writes. NULL: none.
 * *sparse is set for a sparse array. */
static const char *bad_read(X *x, const IrExpr *e, int *sparse) {
  if (!e)
    return NULL;
  if (e->kind == IR_ACCESS) {
    const IrTensor *t = &x->tensors.data[x->accesses.data[e->access].tensor];
    if (t->binding || t->handle) {
      *sparse = 1;
      return t->name;
    }
    if (name_in(t->name, x->written.data, x->written.len))
      return t->name;
  }
  if (e->kind == IR_SCALAR && name_in(e->text, x->written.data, x->written.len))
    return e->text;
  const char *r;
  if ((r = bad_read(x, e->a, sparse)) || (r = bad_read(x, e->b, sparse)) ||
      (r = bad_read(x, e->c, sparse)))
    return r;
  for (int i = 0; i < e->nargs; i++)
    if ((r = bad_read(x, e->args[i], sparse)))
      return r;
  return NULL;
}

IrExpr *extract_gather(X *x, TSNode n) {
  TSNode idx[SC_MAX_RANK];
  int nidx = 0;
  TSNode cur = strip_parens(n);
  while (node_is(cur, "subscript_expression")) {
    if (nidx == SC_MAX_RANK) {
      refuse(x, n, "too many subscripts");
      return NULL;
    }
    idx[nidx++] = node_field(cur, "index");
    cur = strip_parens(node_field(cur, "argument"));
  }
  for (int i = 0; i < nidx / 2; i++) {
    TSNode t = idx[i];
    idx[i] = idx[nidx - 1 - i];
    idx[nidx - 1 - i] = t;
  }
  int member = node_is(cur, "field_expression");
  if (!member && !node_is(cur, "identifier")) {
    refuse(x, n, "subscripted expression '%s' is not an array name", excerpt(x, cur));
    return NULL;
  }
  TSNode ind = idx[0];
  for (int i = 0; i < nidx; i++)
    if (indirect_index(x, idx[i])) {
      ind = idx[i];
      break;
    }
  const RowAlias *al = alias_of(x, cur);
  const BoundArray *ba = member ? NULL : bound_of(x, ntext(x, al ? al->base : cur));
  if (ba) {
    refuse(x, ind, "indirect subscript '%s' of sparse array '%s': its stored "
           "entries are found by their coordinates, not read at a computed "
           "position (random access); only a dense operand may be indexed "
           "through an index array", excerpt(x, ind), ntext(x, al ? al->base : cur));
    return NULL;
  }
  int ti = -1;
  if (member ? get_member_tensor(x, cur, &ti) : get_tensor(x, cur, &ti))
    return NULL;
  IrTensor *t = &x->tensors.data[ti];
  if (t->binding || t->handle) {
    refuse(x, ind, "indirect subscript '%s' of sparse array '%s': its stored "
           "entries are found by their coordinates, not read at a computed "
           "position (random access)", excerpt(x, ind), t->name);
    return NULL;
  }
  if (nidx != x->tinfo.data[ti].crank) {
    refuse(x, n, "'%s' has %d subscript%s here but %d in its declaration "
           "(a row or pointer used as a value)", t->name, nidx,
           nidx == 1 ? "" : "s", x->tinfo.data[ti].crank);
    return NULL;
  }
  IrExpr *e = mk(x, IR_GATHER, n);
  e->text = t->name;
  e->nargs = nidx;
  e->args = arena_alloc(x->a, sizeof(IrExpr *) * (size_t)nidx);
  for (int i = 0; i < nidx; i++) {
    if (!(e->args[i] = expr_of(x, idx[i])))
      return NULL;
    int sparse = 0;
    const char *r = bad_read(x, e->args[i], &sparse);
    if (r) {
      if (sparse)
        refuse(x, idx[i], "indirect subscript '%s' of '%s' reads sparse array "
               "'%s'", excerpt(x, idx[i]), t->name, r);
      else
        refuse(x, idx[i], "indirect subscript '%s' of '%s' reads '%s', which "
               "the loop nest writes", excerpt(x, idx[i]), t->name, r);
      return NULL;
    }
  }
  t->is_read = 1;
  ARRAY_PUSH(x->a, x->gathered, ti);
  return e;
}

/* The field expression of `stats[i].sum` or `out[i].v[k]` (n with its
 * trailing subscripts stripped, *ntrail of them), or a null node. */
static TSNode member_node(TSNode n, int *ntrail) {
  *ntrail = 0;
  n = strip_parens(n);
  while (node_is(n, "subscript_expression") && *ntrail < SC_MAX_RANK) {
    n = strip_parens(node_field(n, "argument"));
    ++*ntrail;
  }
  TSNode none = {0};
  return node_is(n, "field_expression") ? n : none;
}

int extract_is_member_elem(X *x, TSNode n) {
  int nt;
  n = member_node(n, &nt);
  if (ts_node_is_null(n))
    return 0;
  while (node_is(n, "field_expression")) {
    if (strstr(op_of(x, n), "->"))
      return 0;
    n = strip_parens(node_field(n, "argument"));
  }
  return node_is(n, "subscript_expression");
}

/* Collects the subscripts of the subscript chain at *n, outermost array
 * first, into idx (nidx of them), leaving *n at its base. */
static void subscripts(TSNode *n, TSNode idx[SC_MAX_RANK], int *nidx) {
  int k = 0;
  while (node_is(*n, "subscript_expression") && k < SC_MAX_RANK) {
    idx[k++] = node_field(*n, "index");
    *n = strip_parens(node_field(*n, "argument"));
  }
  for (int i = 0; i < k / 2; i++) {
    TSNode t = idx[i];
    idx[i] = idx[k - 1 - i];
    idx[k - 1 - i] = t;
  }
  *nidx = k;
}

/* `stats[i].sum`: an arithmetic member (reached by `.` alone, neither in
 * a union nor a bit-field nor volatile) of an element of a dense array of
 * structs, or an element of an arithmetic member array (`out[i].v[k]`),
 * as an IR_GATHER printing the member after the element's subscripts.
 * Its tensor is the member across the array, named `stats[].sum`: two
 * members are two tensors, apart in storage. An array written through is
 * one the program declares as an array (not a pointer or a parameter,
 * whose storage other operands may share). NULL on a refusal. */
IrExpr *extract_member_elem(X *x, TSNode n, int written) {
  int ntrail;
  TSNode l = member_node(n, &ntrail), sub = l;
  CtDecl d;
  TSNode f = node_field(l, "field");
  if (ts_node_is_null(f) || !ct_member(x->env->ct, ts_node_start_byte(f), &d) ||
      (ntrail ? d.kind != CT_ARRAY || d.layout != IR_LAYOUT_ARRAY || d.rank != ntrail
              : d.kind != CT_SCALAR) ||
      !d.elem_ok || d.bit_field || strstr(d.type_text, "volatile")) {
    refuse(x, n, "member '%s' is not an arithmetic member or an element of "
           "a member array (a bit-field, a volatile, a struct or a pointer)",
           excerpt(x, n));
    return NULL;
  }
  IrElemType elem = d.elem;
  const char *ctype = d.elem_ctype;
  while (node_is(sub, "field_expression")) {
    CtDecl md;
    TSNode mf = node_field(sub, "field");
    if (strstr(op_of(x, sub), "->") || ts_node_is_null(mf) ||
        !ct_member(x->env->ct, ts_node_start_byte(mf), &md) || md.in_union) {
      refuse(x, n, "member '%s' is reached through a pointer or a union (its "
             "storage may be another operand's)", excerpt(x, n));
      return NULL;
    }
    sub = strip_parens(node_field(sub, "argument"));
  }
  TSNode idx[2 * SC_MAX_RANK];
  int nidx = 0, nt = 0;
  TSNode arr = sub, tail = strip_parens(n);
  subscripts(&arr, idx, &nidx);
  subscripts(&tail, idx + nidx, &nt);
  const char *path = arena_strndup(x->a, x->src + ts_node_end_byte(sub),
                                   ts_node_end_byte(l) - ts_node_end_byte(sub));
  CtDecl ad;
  if (!nidx || nidx + ntrail > SC_MAX_RANK || !node_is(arr, "identifier") ||
      strpbrk(path, " \t\n()") || alias_of(x, arr) || extract_sparse_base(x, arr) ||
      !ct_lookup(x->env->ct, ntext(x, arr), ts_node_start_byte(arr), &ad) ||
      ad.kind != CT_ARRAY || ad.rank != nidx ||
      (written && (ad.layout != IR_LAYOUT_ARRAY || ad.is_param))) {
    refuse(x, n, "member '%s' of an element: only an element of a dense "
           "array of structs%s, all its subscripts given, is modelled",
           excerpt(x, n), written ? " the program declares as an array" : "");
    return NULL;
  }
  const char *name = arena_printf(x->a, "%s[]%s", ntext(x, arr), path);
  int ti = -1;
  for (size_t i = 0; i < x->tensors.len && ti < 0; i++)
    if (!strcmp(x->tensors.data[i].name, name))
      ti = (int)i;
  if (ti < 0) {
    IrTensor t;
    memset(&t, 0, sizeof t);
    TensorInfo info;
    memset(&info, 0, sizeof info);
    t.name = name;
    t.elem = elem;
    t.elem_ctype = ctype;
    t.rank = nidx + ntrail;
    for (int i = 0; i < nidx; i++)
      t.extent[i] = ad.extent[i];
    for (int i = 0; i < ntrail; i++)
      t.extent[nidx + i] = d.extent[i];
    t.layout = ad.layout;
    info.crank = t.rank;
    info.member = 1;
    ARRAY_PUSH(x->a, x->tensors, t);
    ARRAY_PUSH(x->a, x->tinfo, info);
    ti = (int)x->tensors.len - 1;
  }
  IrExpr *e = mk(x, IR_GATHER, n);
  e->text = ntext(x, arr);
  e->member = path;
  e->member_at = nidx;
  e->nargs = nidx + ntrail;
  e->args = arena_alloc(x->a, sizeof(IrExpr *) * (size_t)e->nargs);
  for (int i = 0; i < e->nargs; i++) {
    if (!(e->args[i] = expr_of(x, idx[i])))
      return NULL;
    int sparse = 0;
    const char *r = bad_read(x, e->args[i], &sparse);
    if (r) {
      refuse(x, idx[i], "subscript '%s' of '%s' reads %s'%s'%s", excerpt(x, idx[i]),
             excerpt(x, n), sparse ? "sparse array " : "", r,
             sparse ? "" : ", which the loop nest writes");
      return NULL;
    }
  }
  x->tensors.data[ti].is_read = 1;
  ARRAY_PUSH(x->a, x->gathered, ti);
  return e;
}

/* The loop variables e reads (directly, or through an access's
 * subscripts), as a sum with coefficient 1 each. */
static void vars_read(X *x, const IrExpr *e, IrAffine *sum) {
  if (!e)
    return;
  if (e->kind == IR_INDEX)
    sum->coef[e->var] = 1;
  if (e->kind == IR_ACCESS) {
    const IrAccess *ac = &x->accesses.data[e->access];
    for (int d = 0; d < ac->nsub; d++)
      for (int v = 0; v < IR_MAX_VARS; v++)
        if (ac->sub[d].coef[v])
          sum->coef[v] = 1;
  }
  vars_read(x, e->a, sum);
  vars_read(x, e->b, sum);
  vars_read(x, e->c, sum);
  for (int i = 0; i < e->nargs; i++)
    vars_read(x, e->args[i], sum);
}

int extract_scatter(X *x, TSNode lhs, int *out) {
  size_t ng = x->gathered.len;
  IrExpr *g = extract_is_member_elem(x, lhs) ? extract_member_elem(x, lhs, 1)
                                             : extract_gather(x, lhs);
  if (!g)
    return -1;
  int ti = x->gathered.data[ng];
  x->gathered.len = ng; /* written, not gathered */
  IrAccess ac;
  memset(&ac, 0, sizeof ac);
  ac.tensor = ti;
  ac.nsub = g->nargs;
  ac.span = nspan(lhs);
  ac.scatter = g;
  for (int d = 0; d < g->nargs; d++)
    vars_read(x, g->args[d], &ac.sub[d]);
  ARRAY_PUSH(x->a, x->accesses, ac);
  ARRAY_PUSH(x->a, x->scattered, (int)x->accesses.len - 1);
  *out = (int)x->accesses.len - 1;
  return 0;
}

int extract_check_gathers(X *x, ExtractRefusal *why) {
  for (size_t i = 0; i < x->scattered.len; i++) {
    const IrAccess *sa = &x->accesses.data[x->scattered.data[i]];
    const IrTensor *t = &x->tensors.data[sa->tensor];
    int other = 0;
    for (size_t a = 0; a < x->accesses.len; a++)
      other += (int)a != x->scattered.data[i] && x->accesses.data[a].tensor == sa->tensor;
    for (size_t g = 0; g < x->gathered.len; g++)
      other += x->gathered.data[g] == sa->tensor;
    if (other) {
      why->reason = arena_printf(x->a, "'%s' is updated %s and used elsewhere "
                                 "in the loop nest", t->name,
                                 sa->scatter->member
                                     ? "in place (a member of an array element)"
                                     : "at a computed position (a scatter)");
      why->where = sa->span;
      return 1;
    }
  }
  for (size_t i = 0; i < x->gathered.len; i++) {
    const IrTensor *t = &x->tensors.data[x->gathered.data[i]];
    if (t->is_written || name_in(t->name, x->written.data, x->written.len)) {
      why->reason = arena_printf(x->a, "'%s' is read at a computed position "
                                 "(an indirect subscript) and written in the "
                                 "loop nest", t->name);
      why->where = nspan(x->nest);
      return 1;
    }
  }
  return 0;
}
