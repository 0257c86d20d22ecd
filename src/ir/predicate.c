/* predicate.c — IF nodes turned into guarded statements (predicate.h). */
#include "ir/predicate.h"

#include <string.h>

int ir_has_if(const IrNode *n) {
  if (n->kind == IR_NODE_IF)
    return 1;
  if (n->kind != IR_NODE_LOOP)
    return 0;
  for (int i = 0; i < n->nbody; i++)
    if (ir_has_if(n->body[i]))
      return 1;
  return 0;
}

typedef struct P {
  Arena *a;
  IrKernel *k;
  const char *why;
} P;

typedef ARRAY(IrNode *) NodeVec;

static IrExpr *mk(P *p, IrExprKind kind, Span sp) {
  IrExpr *e = arena_alloc(p->a, sizeof *e);
  memset(e, 0, sizeof *e);
  e->kind = kind;
  e->var = -1;
  e->access = -1;
  e->span = sp;
  return e;
}

static IrExpr *konst(P *p, const char *text, Span sp) {
  IrExpr *e = mk(p, IR_CONST, sp);
  e->text = text;
  return e;
}

/* The value that leaves the lhs unchanged under the statement's operator. */
static IrExpr *identity(P *p, const IrStmt *s) {
  Span sp = s->span;
  switch (s->op) {
  case IR_ADDTO: {
    if (ir_elem_integer(s->lhs_elem))
      return konst(p, "0", sp);
    IrExpr *n = mk(p, IR_NEG, sp); /* x + -0.0 is x, also for x = -0.0 */
    n->a = konst(p, s->lhs_elem == IR_F32 ? "0.0f" : "0.0", sp);
    return n;
  }
  case IR_SUBFROM:
  case IR_XORBY:
  case IR_ORBY:
    return konst(p, "0", sp);
  case IR_MULBY:
    return konst(p, "1", sp);
  case IR_SET:
  default:
    if (s->decl_ctype) /* a local declared under the if: read under it only */
      return konst(p, "0", sp);
    if (s->lhs_access >= 0) {
      IrExpr *e = mk(p, IR_ACCESS, sp);
      e->access = s->lhs_access;
      p->k->tensors[p->k->accesses[s->lhs_access].tensor].is_read = 1;
      return e;
    } else {
      IrExpr *e = mk(p, IR_SCALAR, sp);
      e->text = s->lhs_scalar;
      return e;
    }
  }
}

static IrExpr *guard_and(P *p, IrExpr *g, IrExpr *c, int negate, Span sp) {
  if (negate) {
    IrExpr *n = mk(p, IR_NOT, sp);
    n->a = c;
    c = n;
  }
  if (!g)
    return c;
  IrExpr *e = mk(p, IR_AND, sp);
  e->a = g;
  e->b = c;
  return e;
}

static int live_var_under(P *p, const IrNode *n) {
  if (n->kind == IR_NODE_LOOP) {
    const IrLoopVar *lv = &p->k->vars[n->var];
    if (lv->live_after && !lv->declared_in_header) {
      p->why = arena_printf(p->a, "loop variable '%s' of a loop under an if "
                                  "is used after the nest", lv->name);
      return 1;
    }
  }
  if (n->kind == IR_NODE_STMT)
    return 0;
  for (int i = 0; i < n->nbody; i++)
    if (live_var_under(p, n->body[i]))
      return 1;
  for (int i = 0; i < n->nels; i++)
    if (live_var_under(p, n->els[i]))
      return 1;
  return 0;
}

static void flatten(P *p, IrNode *const *in, int nin, IrExpr *guard, NodeVec *out);

static IrNode *copy_node(P *p, const IrNode *n, IrExpr *guard) {
  IrNode *c = arena_alloc(p->a, sizeof *c);
  *c = *n;
  if (n->kind == IR_NODE_STMT) {
    if (guard) {
      IrExpr *sel = mk(p, IR_SELECT, n->stmt.span);
      sel->a = guard;
      sel->b = n->stmt.rhs;
      sel->c = identity(p, &n->stmt);
      c->stmt.rhs = sel;
      c->stmt.decl_guarded = n->stmt.decl_ctype != NULL;
    }
    return c;
  }
  NodeVec body = {0};
  flatten(p, n->body, n->nbody, guard, &body);
  c->body = body.data;
  c->nbody = (int)body.len;
  return c;
}

static void flatten(P *p, IrNode *const *in, int nin, IrExpr *guard, NodeVec *out) {
  for (int i = 0; i < nin; i++) {
    const IrNode *n = in[i];
    if (n->kind != IR_NODE_IF) {
      ARRAY_PUSH(p->a, *out, copy_node(p, n, guard));
      continue;
    }
    if (n->nbody)
      flatten(p, n->body, n->nbody, guard_and(p, guard, n->cond, 0, n->span), out);
    if (n->nels)
      flatten(p, n->els, n->nels, guard_and(p, guard, n->cond, 1, n->span), out);
  }
}

/* Every IF under n: the loops inside it must not leave a live variable. */
static int check_ifs(P *p, const IrNode *n) {
  if (n->kind == IR_NODE_IF)
    return live_var_under(p, n);
  if (n->kind != IR_NODE_LOOP)
    return 0;
  for (int i = 0; i < n->nbody; i++)
    if (check_ifs(p, n->body[i]))
      return 1;
  return 0;
}

IrKernel *ir_predicate(Arena *a, const IrKernel *k, const char **why) {
  if (!k->root || !ir_has_if(k->root))
    return (IrKernel *)k;
  IrKernel *c = arena_alloc(a, sizeof *c);
  *c = *k;
  size_t nt = (size_t)(k->ntensors > 0 ? k->ntensors : 1);
  c->tensors = arena_alloc(a, sizeof *c->tensors * nt);
  if (k->ntensors)
    memcpy(c->tensors, k->tensors, sizeof *c->tensors * (size_t)k->ntensors);
  P p = {a, c, NULL};
  if (check_ifs(&p, k->root)) {
    *why = p.why;
    return NULL;
  }
  c->root = copy_node(&p, k->root, NULL);
  return c;
}
