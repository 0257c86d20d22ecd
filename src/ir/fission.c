/* fission.c — a perfect nest's innermost body split into kernels over the
 * same loops, one per sparse output (fission.h). Each part's reads and
 * writes are names: a tensor's C name, a scalar's, the text of an
 * invariant or of a gathered array; a part conflicts with another when one
 * writes a name the other writes or mentions. */
#include "ir/fission.h"

#include <string.h>

#include "base/ident.h"

#define MAX_NAMES 64

typedef struct Names {
  const char *v[MAX_NAMES];
  int n;
  int over; /* more than MAX_NAMES: treated as a conflict */
} Names;

typedef struct Part {
  int from, to;   /* children [from, to) of the innermost loop */
  int key;        /* the sparse output written (tensor index), or -1 */
  Names r, w;     /* texts read, names written */
  int gathers;    /* reads an array at computed positions (IR_GATHER) */
} Part;

static void add(Names *s, const char *name) {
  for (int i = 0; i < s->n; i++)
    if (!strcmp(s->v[i], name)) return;
  if (s->n == MAX_NAMES) {
    s->over = 1;
    return;
  }
  s->v[s->n++] = name;
}

static void reads_expr(const IrKernel *k, const IrExpr *e, Part *p) {
  if (!e) return;
  if (e->kind == IR_SCALAR || e->kind == IR_GATHER) add(&p->r, e->text);
  p->gathers |= e->kind == IR_GATHER;
  if (e->kind == IR_ACCESS) add(&p->r, k->tensors[k->accesses[e->access].tensor].name);
  reads_expr(k, e->a, p);
  reads_expr(k, e->b, p);
  reads_expr(k, e->c, p);
  for (int i = 0; i < e->nargs; i++) reads_expr(k, e->args[i], p);
}

/* The reads and writes of node n into p; p->key -2 when n writes two
 * sparse outputs, or is a loop. */
static void part_node(const IrKernel *k, const IrNode *n, Part *p) {
  if (n->kind == IR_NODE_LOOP) {
    p->key = -2;
    return;
  }
  if (n->kind == IR_NODE_IF) {
    reads_expr(k, n->cond, p);
    for (int i = 0; i < n->nbody; i++) part_node(k, n->body[i], p);
    for (int i = 0; i < n->nels; i++) part_node(k, n->els[i], p);
    return;
  }
  const IrStmt *s = &n->stmt;
  const char *lhs = s->lhs_scalar;
  if (s->lhs_access >= 0) {
    const IrAccess *ac = &k->accesses[s->lhs_access];
    const IrTensor *t = &k->tensors[ac->tensor];
    lhs = t->name;
    reads_expr(k, ac->scatter, p);
    if (t->handle || t->binding) {
      if (p->key == -1) p->key = ac->tensor;
      else if (p->key != ac->tensor) p->key = -2;
    }
  }
  add(&p->w, lhs);
  if (s->op != IR_SET) add(&p->r, lhs);
  reads_expr(k, s->rhs, p);
}

/* A name that part b reads or writes and part a writes, or NULL. */
static const char *conflict(const Part *a, const Part *b) {
  if (a->r.over || a->w.over || b->r.over || b->w.over) return "";
  for (int i = 0; i < a->w.n; i++) {
    for (int j = 0; j < b->w.n; j++)
      if (!strcmp(a->w.v[i], b->w.v[j])) return a->w.v[i];
    for (int j = 0; j < b->r.n; j++)
      if (ident_occurs(b->r.v[j], a->w.v[i])) return a->w.v[i];
  }
  return NULL;
}

/* ---- one part as a kernel ---- */

typedef struct Copy {
  Arena *a;
  int *amap; /* old access index -> new, or -1 */
} Copy;

static void use_expr(const IrKernel *k, const IrExpr *e, int *used) {
  if (!e) return;
  if (e->kind == IR_ACCESS) {
    used[e->access] = 1;
    use_expr(k, k->accesses[e->access].scatter, used);
  }
  use_expr(k, e->a, used);
  use_expr(k, e->b, used);
  use_expr(k, e->c, used);
  for (int i = 0; i < e->nargs; i++) use_expr(k, e->args[i], used);
}

static void use_node(const IrKernel *k, const IrNode *n, int *used) {
  if (n->kind == IR_NODE_IF) {
    use_expr(k, n->cond, used);
    for (int i = 0; i < n->nbody; i++) use_node(k, n->body[i], used);
    for (int i = 0; i < n->nels; i++) use_node(k, n->els[i], used);
    return;
  }
  if (n->stmt.lhs_access >= 0) {
    used[n->stmt.lhs_access] = 1;
    use_expr(k, k->accesses[n->stmt.lhs_access].scatter, used);
  }
  use_expr(k, n->stmt.rhs, used);
}

static IrExpr *copy_expr(Copy *c, const IrExpr *e) {
  if (!e) return NULL;
  IrExpr *x = arena_alloc(c->a, sizeof *x);
  *x = *e;
  if (e->kind == IR_ACCESS) x->access = c->amap[e->access];
  x->a = copy_expr(c, e->a);
  x->b = copy_expr(c, e->b);
  x->c = copy_expr(c, e->c);
  if (e->nargs) {
    x->args = arena_alloc(c->a, sizeof *x->args * (size_t)e->nargs);
    for (int i = 0; i < e->nargs; i++) x->args[i] = copy_expr(c, e->args[i]);
  }
  return x;
}

static IrNode **copy_nodes(Copy *c, IrNode *const *v, int n);

static IrNode *copy_node(Copy *c, const IrNode *n) {
  IrNode *x = arena_alloc(c->a, sizeof *x);
  *x = *n;
  if (n->kind == IR_NODE_IF) {
    x->cond = copy_expr(c, n->cond);
    x->body = copy_nodes(c, n->body, n->nbody);
    x->els = copy_nodes(c, n->els, n->nels);
    return x;
  }
  if (n->stmt.lhs_access >= 0) x->stmt.lhs_access = c->amap[n->stmt.lhs_access];
  x->stmt.rhs = copy_expr(c, n->stmt.rhs);
  return x;
}

static IrNode **copy_nodes(Copy *c, IrNode *const *v, int n) {
  if (!n) return NULL;
  IrNode **x = arena_alloc(c->a, sizeof *x * (size_t)n);
  for (int i = 0; i < n; i++) x[i] = copy_node(c, v[i]);
  return x;
}

/* The kernel of children [p->from, p->to) of `inner` under k's loops. */
static IrKernel *part_kernel(Arena *a, const IrKernel *k, const IrNode *inner,
                             const Part *p) {
  int *used = arena_alloc(a, sizeof *used * (size_t)(k->naccesses + 1));
  int *amap = arena_alloc(a, sizeof *amap * (size_t)(k->naccesses + 1));
  int *tmap = arena_alloc(a, sizeof *tmap * (size_t)(k->ntensors + 1));
  memset(used, 0, sizeof *used * (size_t)(k->naccesses + 1));
  for (int i = p->from; i < p->to; i++) use_node(k, inner->body[i], used);
  for (int t = 0; t < k->ntensors; t++) tmap[t] = -1;
  IrKernel *nk = arena_alloc(a, sizeof *nk);
  *nk = *k;
  nk->tensors = arena_alloc(a, sizeof *nk->tensors * (size_t)(k->ntensors + 1));
  nk->accesses = arena_alloc(a, sizeof *nk->accesses * (size_t)(k->naccesses + 1));
  nk->ntensors = nk->naccesses = 0;
  for (int i = 0; i < k->naccesses; i++) {
    amap[i] = -1;
    if (!used[i]) continue;
    int t = k->accesses[i].tensor;
    if (tmap[t] < 0) {
      tmap[t] = nk->ntensors;
      nk->tensors[nk->ntensors++] = k->tensors[t];
    }
    amap[i] = nk->naccesses;
    nk->accesses[nk->naccesses] = k->accesses[i];
    nk->accesses[nk->naccesses++].tensor = tmap[t];
  }
  if (p->from > 0) /* the header's other assignments run once, first */
    nk->pre_text = NULL;
  nk->dense_part = 1;
  for (int t = 0; t < nk->ntensors; t++)
    nk->dense_part &= !nk->tensors[t].binding;
  Copy c = {a, amap};
  for (int i = 0; i < nk->naccesses; i++)
    nk->accesses[i].scatter = copy_expr(&c, nk->accesses[i].scatter);
  /* the loops, outermost first, down to the part's statements */
  IrNode *top = NULL, *prev = NULL;
  for (const IrNode *n = k->root;; n = n->body[0]) {
    IrNode *x = arena_alloc(a, sizeof *x);
    *x = *n;
    if (prev) prev->body[0] = x;
    else top = x;
    if (n == inner) {
      x->body = copy_nodes(&c, n->body + p->from, p->to - p->from);
      x->nbody = p->to - p->from;
      break;
    }
    x->body = arena_alloc(a, sizeof *x->body);
    prev = x;
  }
  nk->root = top;
  /* the scalars this part writes */
  nk->nscalars_written = 0;
  const char **sw = arena_alloc(a, sizeof *sw * (size_t)(k->nscalars_written + 1));
  unsigned char *dead = arena_alloc(a, (size_t)k->nscalars_written + 1);
  for (int i = 0; i < k->nscalars_written; i++) {
    int mine = 0;
    for (int j = 0; j < p->w.n && !mine; j++)
      mine = !strcmp(p->w.v[j], k->scalars_written[i]);
    if (!mine) continue;
    dead[nk->nscalars_written] = k->scalar_dead_after ? k->scalar_dead_after[i] : 0;
    sw[nk->nscalars_written++] = k->scalars_written[i];
  }
  nk->scalars_written = sw;
  nk->scalar_dead_after = k->scalar_dead_after ? dead : NULL;
  return nk;
}

int ir_fission(Arena *a, const IrKernel *k, IrKernel **out, const char **why) {
  const IrNode *n = k->root;
  int depth = 1;
  if (!n || n->kind != IR_NODE_LOOP) return 0;
  while (n->nbody == 1 && n->body[0]->kind == IR_NODE_LOOP) {
    n = n->body[0];
    depth++;
  }
  if (depth != k->nvars || n->nbody < 2) return 0;
  Part parts[IR_FISSION_MAX];
  int np = 0, outputs = 0;
  for (int i = 0; i < n->nbody; i++) {
    Part cur;
    memset(&cur, 0, sizeof cur);
    cur.key = -1;
    part_node(k, n->body[i], &cur);
    if (cur.key == -2) return 0;
    if (np && parts[np - 1].key == cur.key) {
      Part *p = &parts[np - 1];
      p->to = i + 1;
      for (int j = 0; j < cur.r.n; j++) add(&p->r, cur.r.v[j]);
      for (int j = 0; j < cur.w.n; j++) add(&p->w, cur.w.v[j]);
      p->r.over |= cur.r.over;
      p->w.over |= cur.w.over;
      p->gathers |= cur.gathers;
      continue;
    }
    if (np == IR_FISSION_MAX) return 0;
    cur.from = i;
    cur.to = i + 1;
    outputs += cur.key >= 0;
    parts[np++] = cur;
  }
  if (np < 2 || !outputs) return 0;
  /* a dense array written: every other dense operand a distinct array
   * object (through a pointer, or gathered by its name, it may be the
   * written one) */
  int dense_writes = 0;
  for (int t = 0; t < k->ntensors; t++)
    dense_writes |= k->tensors[t].is_written && !k->tensors[t].handle;
  for (int t = 0; dense_writes && t < k->ntensors; t++)
    if (!k->tensors[t].handle && k->tensors[t].layout != IR_LAYOUT_ARRAY) {
      *why = arena_printf(a, "'%s' is reached through a pointer, which may "
                          "point at an array another statement writes",
                          k->tensors[t].name);
      return -1;
    }
  for (int i = 0; dense_writes && i < np; i++)
    if (parts[i].gathers) {
      *why = "a statement reads an array through an index array, which may "
             "be one another statement writes";
      return -1;
    }
  for (int i = 0; i < np; i++)
    for (int j = 0; j < np; j++) {
      if (i == j) continue;
      const char *name = conflict(&parts[i], &parts[j]);
      if (!name) continue;
      *why = *name ? arena_printf(a, "'%s' is written by one statement "
                                  "and used by another", name)
                   : "its statements use too many names to be told apart";
      return -1;
    }
  for (int i = 0; i < np; i++) out[i] = part_kernel(a, k, n, &parts[i]);
  return np;
}
