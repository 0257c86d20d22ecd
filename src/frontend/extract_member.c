/* extract_member.c — a read-only arithmetic member of a struct used as a
 * value in a kernel (`g.h`, `cfg.alpha`, `p->scale`, `m->k.bias`): a
 * loop-invariant scalar like `alpha`, evaluated in place at each use. The
 * nest must assign nothing its path starts from, and a member reached
 * through a pointer must not share storage with anything the nest writes
 * (checked once the whole nest is walked: extract_check_member_reads). */
#include "frontend/extract_walk.h"

#include <string.h>

/* The member path of n as C text without blanks (`p->k.bias`) and its
 * root identifier, or NULL when n is not a chain of `.` and `->` from a
 * variable. *arrow: some step is `->`. */
static const char *path_of(X *x, TSNode n, TSNode *root, int *arrow) {
  n = strip_parens(n);
  if (node_is(n, "identifier")) {
    *root = n;
    return ntext(x, n);
  }
  if (!node_is(n, "field_expression"))
    return NULL;
  TSNode f = node_field(n, "field");
  if (ts_node_is_null(f))
    return NULL;
  const char *base = path_of(x, node_field(n, "argument"), root, arrow);
  if (!base)
    return NULL;
  const char *op = op_of(x, n);
  int ptr = strstr(op, "->") != NULL;
  *arrow |= ptr;
  return arena_printf(x->a, "%s%s%s", base, ptr ? "->" : ".", ntext(x, f));
}

IrExpr *extract_member_value(X *x, TSNode n) {
  TSNode root = {0};
  int arrow = 0;
  const char *path = path_of(x, n, &root, &arrow);
  if (!path)
    return NULL; /* not a member path: the caller refuses it */
  const char *r = ntext(x, root);
  CtDecl d;
  TSNode f = node_field(strip_parens(n), "field");
  if (!ct_member(x->env->ct, ts_node_start_byte(f), &d) || d.kind != CT_SCALAR ||
      !d.elem_ok || d.bit_field || strstr(d.type_text, "volatile")) {
    refuse(x, n, "member '%s' used as a value is not an arithmetic scalar "
           "(nor a bit-field or volatile)", path);
    return NULL;
  }
  for (TSNode m = strip_parens(n); node_is(m, "field_expression");
       m = strip_parens(node_field(m, "argument"))) {
    CtDecl md;
    TSNode mf = node_field(m, "field");
    if (!ct_member(x->env->ct, ts_node_start_byte(mf), &md) || md.in_union) {
      refuse(x, n, "member '%s' is reached through a member of a union", path);
      return NULL;
    }
  }
  if (any_var(x, r) >= 0 || bound_of(x, r) || alias_of(x, root)) {
    refuse(x, n, "member '%s' of '%s', which is not a struct variable or pointer",
           path, r);
    return NULL;
  }
  if (name_in(r, x->written.data, x->written.len)) {
    refuse(x, n, "member '%s' is read in the nest and '%s' is assigned in it "
           "(only members of a struct the nest does not assign are read as "
           "values fixed during the kernel)", path, r);
    return NULL;
  }
  IrExpr *e = mk(x, IR_SCALAR, n);
  e->text = path;
  if (arrow)
    ARRAY_PUSH(x->a, x->ptr_members, e);
  return e;
}

/* What the nest writes that may hold a member reached through a pointer:
 * a dense array other than one the program declares (a pointer, a
 * parameter, a member array), or a member accumulator (`out.total`, the
 * pointer may point at `out`). NULL when nothing. */
static const char *shared_write(X *x) {
  for (size_t t = 0; t < x->tensors.len; t++) {
    const IrTensor *ts = &x->tensors.data[t];
    if (ts->binding || !ts->is_written)
      continue;
    if (ts->layout != IR_LAYOUT_ARRAY || ts->via_pointer || x->tinfo.data[t].member ||
        strpbrk(ts->name, ".-["))
      return ts->name;
  }
  for (size_t s = 0; s < x->scalars.len; s++)
    if (x->scalars.data[s] && strpbrk(x->scalars.data[s], ".-"))
      return x->scalars.data[s];
  return NULL;
}

int extract_check_member_reads(X *x, ExtractRefusal *why) {
  if (!x->ptr_members.len)
    return 0;
  const char *w = shared_write(x);
  if (!w)
    return 0;
  const IrExpr *e = x->ptr_members.data[0];
  why->reason = arena_printf(x->a, "member '%s' is read through a pointer and the "
                             "nest writes '%s', which may share its storage "
                             "(copy the member into a local variable before the "
                             "loop)", e->text, w);
  why->where = e->span;
  return 1;
}
