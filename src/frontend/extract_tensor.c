/* extract_tensor.c — tensors and accesses: the arrays a nest subscripts
 * (declared arrays, arrays bound by the pragma, stored arrays, struct
 * members) as IrTensors, and each subscripted expression as an IrAccess
 * over affine subscripts (delinearized against a shape when flat). */
#include "frontend/extract_walk.h"

#include "base/cint.h"

#include <stdlib.h>
#include <string.h>

static const char *crd_width_misfit(X *x, const IrTensor *t);

/* Whether the nest already has a tensor of this name (*out its index). */
static int known_tensor(X *x, const char *name, int *out) {
  for (size_t i = 0; i < x->tensors.len; i++)
    if (!strcmp(x->tensors.data[i].name, name)) {
      *out = (int)i;
      return 1;
    }
  return 0;
}

/* t, with what the walk keeps of it, as the nest's next tensor (*out). */
static int add_tensor(X *x, IrTensor t, TensorInfo ti, int *out) {
  ARRAY_PUSH(x->a, x->tensors, t);
  ARRAY_PUSH(x->a, x->tinfo, ti);
  *out = (int)x->tensors.len - 1;
  return 0;
}

int get_tensor(X *x, TSNode ident, int *out) {
  char *name = ntext(x, ident);
  if (known_tensor(x, name, out))
    return 0;
  CtDecl d;
  if (!ct_lookup(x->env->ct, name, ts_node_start_byte(ident), &d))
    return refuse(x, ident, "'%s' is not a declared variable", name);
  const BoundArray *ba = bound_of(x, name);
  if (ba && ba->decl.canon_offset != d.canon_offset)
    return refuse(x, ident, "'%s' here is not the array named in the pragma "
                            "(it is shadowed)", name);
  /* storage replaced by a sparse tensor: sparse here too, via its handle */
  const BoundArray *stored = NULL;
  for (int i = 0; i < x->env->nstored; i++)
    if (x->env->stored[i].decl.name_offset == d.name_offset &&
        !strcmp(x->env->stored[i].b->name, name)) {
      stored = &x->env->stored[i];
      if (!ba || ba->rank != stored->rank)
        ba = stored;
      break;
    }
  if (d.kind != CT_ARRAY)
    return refuse(x, ident, "'%s' is subscripted but is not an array or pointer",
                  name);
  if (!d.elem_ok)
    return refuse(x, ident, "element type '%s' of '%s' is not supported", d.elem_ctype,
                  name);
  IrTensor t;
  memset(&t, 0, sizeof t);
  TensorInfo ti;
  memset(&ti, 0, sizeof ti);
  t.name = name;
  if (stored) {
    t.handle = stored->handle;
    t.handle_enc = &stored->b->enc.rt;
  }
  t.elem = d.elem;
  t.elem_ctype = d.elem_ctype;
  t.decl_span = d.in_main_file ? span_make(d.name_offset, d.name_offset + strlen(name))
                               : span_make(0, 0);
  ti.crank = d.rank;
  ti.decl_off = d.name_offset;
  ti.is_bool = d.is_bool;
  if (ba) {
    t.rank = ba->rank;
    for (int i = 0; i < ba->rank; i++)
      t.extent[i] = ba->extent[i];
    t.layout = ba->layout;
    t.binding = ba->b;
    ti.delinearize = ba->delinearize;
    const char *misfit = stored ? NULL : crd_width_misfit(x, &t);
    if (misfit)
      return refuse(x, ident, "%s", misfit);
  } else {
    t.rank = d.rank;
    for (int i = 0; i < d.rank; i++)
      t.extent[i] = d.extent[i];
    t.layout = d.layout;
  }
  return add_tensor(x, t, ti, out);
}

/* The value of `name` when it is an object-like macro defined once in the
 * file, at top level, as an integer literal (`#define M 16`), and never
 * #undef'd: 1 and *v, else 0. */
static int macro_int(X *x, const char *name, int64_t *v) {
  TSNode root = ts_tree_root_node(x->ctx->tree);
  uint32_t c = ts_node_named_child_count(root);
  int found = 0;
  for (uint32_t i = 0; i < c; i++) {
    TSNode n = ts_node_named_child(root, i);
    if (node_is(n, "preproc_call")) {
      const char *t = ntext(x, n);
      if (strstr(t, "undef") && strstr(t, name)) return 0;
      continue;
    }
    if (macro_defined(x, n, name)) {
      TSNode val = node_field(n, "value");
      const char *end;
      long long k;
      if (found++ || !node_is(n, "preproc_def") || ts_node_is_null(val)) return 0;
      const char *t = ntext(x, val);
      while (*t == ' ' || *t == '\t') t++;
      if (!c_int_prefix(t, &k, &end)) return 0;
      while (*end == ' ' || *end == '\t' || *end == '\n' || *end == '\r') end++;
      if (*end) return 0;
      *v = k;
    }
  }
  return found == 1;
}

/* An integer: a literal or a macro_int. */
int int_value(X *x, const char *text, int64_t *v) {
  char *end;
  if (!text) return 0;
  long long k = strtoll(text, &end, 0);
  if (end != text && *end == 0) {
    *v = k;
    return 1;
  }
  return macro_int(x, text, v);
}

/* With integer extents, whether every level of the encoding that stores
 * coordinates (compressed, loose_compressed, singleton) can hold its
 * largest coordinate in a narrow crdWidth (8, 16 or 32 bits): when one
 * cannot, the assembly at the nest's entry would fail at run time, so the
 * nest stays dense. Levels whose largest coordinate is not known here are
 * left to the runtime's check. Returns the message, or NULL. */
static const char *crd_width_misfit(X *x, const IrTensor *t) {
  const PragmaEncoding *e = &t->binding->enc;
  int w = e->crd_width;
  if (w != 8 && w != 16 && w != 32)
    return NULL;
  for (int l = 0; l < e->rt.lvl_rank; l++) {
    int f = e->rt.lvl_types[l].format;
    if (f != SC_LVL_COMPRESSED && f != SC_LVL_LOOSE_COMPRESSED && f != SC_LVL_SINGLETON)
      continue;
    const sc_level_expr *le = &e->rt.lvl_exprs[l];
    int dim = -1, n = 0;
    for (int d = 0; d < t->rank && d < SC_MAX_RANK; d++)
      if (le->coef[d]) {
        dim = d;
        n++;
      }
    if (n != 1 || le->coef[dim] != 1)
      continue;
    const char *ext = t->extent[dim];
    while (ext && (*ext == '(' || *ext == ' '))
      ext++;
    char buf[64];
    size_t len = ext ? strcspn(ext, ") ") : 0;
    if (!len || len >= sizeof buf)
      continue;
    memcpy(buf, ext, len);
    buf[len] = 0;
    int64_t v;
    if (!int_value(x, buf, &v) || v <= 0)
      continue;
    int64_t top;
    if (le->kind == SC_LEXPR_AFFINE && le->constant == 0)
      top = v - 1;
    else if (le->kind == SC_LEXPR_FLOORDIV && le->divisor > 0)
      top = (v - 1) / le->divisor;
    else
      continue;
    if (top >> w)
      return arena_printf(x->a, "crdWidth = %d cannot hold the coordinates of "
                          "'%s' at level %d (up to %lld, from its extent %s); "
                          "use a wider crdWidth", w, t->name, l, (long long)top,
                          t->extent[dim]);
  }
  return NULL;
}

/* The root variable of a member chain `p->f`, `s.f.g`: its identifier
 * node, with *through_ptr set when some link is `->`; a null node when the
 * chain holds anything else (a call, a subscript, a dereference...). */
static TSNode member_root(X *x, TSNode n, int *through_ptr) {
  *through_ptr = 0;
  n = strip_parens(n);
  while (node_is(n, "field_expression")) {
    if (strstr(op_of(x, n), "->"))
      *through_ptr = 1;
    n = strip_parens(node_field(n, "argument"));
  }
  if (!node_is(n, "identifier")) {
    TSNode none;
    memset(&none, 0, sizeof none);
    return none;
  }
  return n;
}

/* A dense operand reached through a struct member (`y->data`, `w.v`,
 * `s.m`, `m->w`): named by its C text, typed by the member's declaration.
 * The member must be a pointer or an array; an array behind `->` could be
 * the same storage as another operand's without any pointer showing it,
 * so it is marked via_pointer (overlap-checked as a pointer is). The
 * chain's root must not be assigned in the nest. */
int get_member_tensor(X *x, TSNode base, int *out) {
  char *name = ntext(x, base);
  if (known_tensor(x, name, out))
    return 0;
  int through_ptr = 0;
  TSNode root = member_root(x, base, &through_ptr);
  if (ts_node_is_null(root) || strpbrk(name, " \t\n()"))
    return refuse(x, base, "subscripted expression '%s' is not an array name "
                           "or a plain member ('p->f', 's.f')", excerpt(x, base));
  const char *rn = ntext(x, root);
  if (any_var(x, rn) >= 0 || name_in(rn, x->written.data, x->written.len))
    return refuse(x, base, "'%s' may change in the loop nest: '%s' is assigned "
                           "in it", name, rn);
  if (bound_of(x, rn))
    return refuse(x, base, "'%s' is a member of sparse array '%s'", name, rn);
  CtDecl d;
  TSNode field = node_field(strip_parens(base), "field");
  if (ts_node_is_null(field) ||
      !ct_member(x->env->ct, ts_node_start_byte(field), &d))
    return refuse(x, base, "the type of member '%s' is not known", name);
  if (d.kind != CT_ARRAY)
    return refuse(x, base, "'%s' is subscripted but is not an array or pointer",
                  name);
  if (!d.elem_ok)
    return refuse(x, base, "element type '%s' of '%s' is not supported",
                  d.elem_ctype, name);
  /* a union's members share storage: no member of one is an operand */
  for (TSNode l = strip_parens(base); node_is(l, "field_expression");
       l = strip_parens(node_field(l, "argument"))) {
    CtDecl ld;
    TSNode lf = node_field(l, "field");
    if (ts_node_is_null(lf) || !ct_member(x->env->ct, ts_node_start_byte(lf), &ld) ||
        ld.in_union)
      return refuse(x, base, "'%s' is reached through a member of a union (its "
                             "storage may be another operand's)", name);
  }
  if (d.layout != IR_LAYOUT_ARRAY && !(d.layout == IR_LAYOUT_FLAT && d.rank == 1))
    return refuse(x, base, "member '%s' is not a pointer to elements or an "
                           "array", name);
  IrTensor t;
  memset(&t, 0, sizeof t);
  TensorInfo ti;
  memset(&ti, 0, sizeof ti);
  t.name = name;
  t.elem = d.elem;
  t.elem_ctype = d.elem_ctype;
  t.decl_span = span_make(0, 0);
  t.rank = d.rank;
  for (int i = 0; i < d.rank; i++)
    t.extent[i] = d.extent[i];
  t.layout = d.layout;
  t.via_pointer = d.layout == IR_LAYOUT_ARRAY && through_ptr;
  ti.crank = d.rank;
  ti.decl_off = 0;
  ti.member = 1;
  ti.is_bool = d.is_bool;
  return add_tensor(x, t, ti, out);
}

int build_access(X *x, TSNode n, int *out) {
  TSNode idx[SC_MAX_RANK + 1];
  int nidx = 0;
  TSNode cur = strip_parens(n);
  while (node_is(cur, "subscript_expression")) {
    if (nidx == SC_MAX_RANK)
      return refuse(x, n, "too many subscripts");
    idx[nidx++] = node_field(cur, "index");
    cur = strip_parens(node_field(cur, "argument"));
  }
  int member = node_is(cur, "field_expression");
  if (!member && !node_is(cur, "identifier"))
    return refuse(x, n, "subscripted expression '%s' is not an array name",
                  excerpt(x, cur));
  for (int i = 0; i < nidx / 2; i++) {
    TSNode t = idx[i];
    idx[i] = idx[nidx - 1 - i];
    idx[nidx - 1 - i] = t;
  }
  /* `row[j]` with `row = A[i]` (extract_alias.c): A[i][j] */
  const RowAlias *al = alias_of(x, cur);
  if (al) {
    if (al->npre + nidx > SC_MAX_RANK)
      return refuse(x, n, "too many subscripts");
    for (int i = nidx - 1; i >= 0; i--)
      idx[al->npre + i] = idx[i];
    for (int i = 0; i < al->npre; i++)
      idx[i] = n; /* the alias's subscripts: messages point at the use */
    nidx += al->npre;
    cur = al->base;
  }
  int ti = -1;
  if (member ? get_member_tensor(x, cur, &ti) : get_tensor(x, cur, &ti))
    return -1;
  IrTensor *t = &x->tensors.data[ti];
  TensorInfo *info = &x->tinfo.data[ti];
  IrAccess acc;
  memset(&acc, 0, sizeof acc);
  acc.tensor = ti;
  acc.span = nspan(n);
  if (nidx != info->crank)
    return refuse(x, n, "'%s' has %d subscript%s here but %d in its declaration "
                        "(a row or pointer used as a value)",
                  t->name, nidx, nidx == 1 ? "" : "s", info->crank);
  AfPoly polys[SC_MAX_RANK];
  for (int i = 0; i < nidx; i++) {
    if (al && i < al->npre) {
      polys[i] = al->pre[i];
      continue;
    }
    if (poly_of(x, idx[i], &polys[i], "subscript"))
      return -1;
    if (al && i == al->npre)
      af_add(&polys[i], &al->add);
  }
  if (info->crank == 1 && !t->binding && !info->delinearize && !info->member) {
    /* dense flat block indexed with symbolic strides (`i*n + j`,
     * `i*m*n + j*n + k`): infer its shape */
    const char *ext[SC_MAX_RANK];
    int rank = 0;
    if (af_symbolic_shape(&polys[0], SC_MAX_RANK, &rank, ext) && rank) {
      info->delinearize = 1;
      info->inferred = 1;
      t->rank = rank;
      for (int d = 0; d < rank; d++)
        t->extent[d] = ext[d];
      t->layout = IR_LAYOUT_FLAT;
    }
  }
  if (info->delinearize) {
    AfPoly split[SC_MAX_RANK];
    if (af_delinearize(&polys[0], t->rank, t->extent, split))
      return refuse(x, n, "cannot delinearize '%s' with the shape of '%s'",
                    excerpt(x, n), t->name);
    if (!info->inferred &&
        !inner_in_range(x, &split[t->rank - 1], t->extent[t->rank - 1])) {
      /* `for (i = 0; i < n * n; i++) ... K[i]`: one loop over the block */
      const AfTerm *t0 = &polys[0].t[0];
      if (polys[0].n == 1 && t0->var >= 0 && t0->coef == 1 && !t0->nsym && t->rank == 2)
        return refuse(x, n, "cannot delinearize '%s': its last subscript is not "
                            "provably within [0, %s) (one loop over every "
                            "element of the block: written as two loops, over "
                            "r < %s and c < %s, reading '%s[r * %s + c]', it "
                            "is a kernel)",
                      excerpt(x, n), t->extent[1], t->extent[0], t->extent[1],
                      t->name, t->extent[1]);
      return refuse(x, n, "cannot delinearize '%s': its last subscript is not "
                          "provably within [0, %s)",
                    excerpt(x, n), t->extent[t->rank - 1]);
    }
    for (int d = 0; d < t->rank; d++)
      if (to_affine(x, n, &split[d], &acc.sub[d], "subscript"))
        return -1;
    acc.nsub = t->rank;
  } else {
    for (int d = 0; d < nidx; d++)
      if (to_affine(x, idx[d], &polys[d], &acc.sub[d], "subscript"))
        return -1;
    acc.nsub = nidx;
  }
  ARRAY_PUSH(x->a, x->accesses, acc);
  *out = (int)x->accesses.len - 1;
  return 0;
}
