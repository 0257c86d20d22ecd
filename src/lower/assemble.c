/* assemble.c — sparse outputs assembled through the runtime (SPEC §5): a
 * kernel that writes an array stored sparse (IrTensor.handle) builds its
 * new contents with sc_tensor_begin_append / append / end_append.
 *
 *   ordered append   `for r: for c: C[r][c] = rhs` where the loops follow
 *                    C's level order and every operand is walked in order:
 *                    each visited coordinate is appended once, in order;
 *   Gustavson        every other accepted shape (`+=`/`-=` such as SpGEMM
 *                    and SDDMM, `=` whose inner loops are not just `c`): a
 *                    dense row workspace (values, a marker per column, the
 *                    list of touched columns) allocated once per kernel;
 *                    per row the touched columns are sorted (or found by a
 *                    marker scan when many), appended, and the workspace is
 *                    reset. `+=` combines with C's existing entries: the row
 *                    of the old contents is loaded into the workspace first,
 *                    and rows the loops skip are copied as they were. A
 *                    row that is one column loop summing each element
 *                    (SDDMM) appends them in order as they come while its
 *                    old contents are empty and its columns increase;
 *   pattern copy     SDDMM whose one sparse operand S is (dense,
 *                    compressed) over (row, column): when C is empty at
 *                    entry (or assigned whole) and the loops cover S, the
 *                    runtime copies S's positions and coordinates into C,
 *                    the loops write each value at S's position, and the
 *                    zeros are dropped after (sc_tensor_*_append_pattern);
 *                    the Gustavson loops are the else branch.
 * `=` replaces C's contents only when the loops cover every element of C;
 * zero filters follow SPEC §3 (the padded model). Anything else is refused
 * (the writes then become buffered inserts). Hooks: asm_plan (lower.c),
 * asm_stmt_is_output (lattice.c, coiter.c), asm_emit_stmt and
 * asm_row_begin/asm_row_end (coiter.c), asm_prologue/asm_epilogue
 * (lower.c). */
#include <stdlib.h>
#include <string.h>

#include "emit/cencoding.h"
#include "lower/lower_int.h"

struct AsmOut {
  int tensor;          /* kernel tensor index of C */
  const IrTensor *t;
  const char *h;       /* the variable holding C's handle in the block */
  int gustavson;
  int accumulate;      /* some statement is += / -=: old entries combined */
  int guarded;         /* some statement is a guarded `=`: the old entries
                          stay where its guard is false */
  int partial;         /* `=` over part of C (a triangle, a band, some
                          rows): the old rows loaded as for `+=`, the
                          columns [clo, chi) of each visited row cleared
                          first, so the entries outside keep their values */
  const char *clo, *chi;
  int vec;             /* a 1-D output (one compressed level): one
                          workspace for the whole vector, row_var -1 */
  int filter;          /* test values != 0 before appending */
  int row_var, col_var;/* loop variables of C's level 0 and level 1 */
  int row_dim, col_dim;/* dimensions of C's level 0 and level 1 */
  const char *ctype;   /* C's element type */
  const char *where;   /* "file.c:LINE" for sc_fail */
  int in_acc;          /* inside a column loop whose element is summed in
                          the scalar h_acc (only loops in its body) */
  int direct_row;      /* inside a row loop whose whole body is such a
                          column loop: its elements are appended as they
                          come while the columns increase (h_direct) */
  int pattern;         /* the sampling-pattern copy is emitted too: an SDDMM
                          whose entries are exactly those of st[pat_st] */
  int pat_st;          /* that operand (index into L->st) */
  int pat_mode;        /* emitting the loops of the pattern copy */
  const char *pat_loops; /* their text */
  int d0;              /* depth of the prologue and epilogue lines */
  int staged;          /* C's encoding is not appended in the loops' order
                          (COO, BSR, ELL, a column-major C under row loops):
                          h is a staging tensor, rows over row_dim and
                          columns over col_dim, converted into C at exit */
};

static const char *ctype_of(const IrTensor *t) {
  return t->elem_ctype ? t->elem_ctype : ir_elem_ctype(t->elem);
}

static void ln(const Lower *L, StrBuf *sb, int depth, const char *s) {
  sb_puts(sb, L->k->indent ? L->k->indent : "");
  sb_indent(sb, depth);
  sb_puts(sb, s);
  sb_puts(sb, "\n");
}

#define LN(depth, ...)                                                        \
  do {                                                                        \
    t.len = 0;                                                                \
    sb_printf(&t, __VA_ARGS__);                                               \
    ln(L, sb, (depth), t.data);                                               \
  } while (0)

/* The loop variable a subscript is exactly (coefficient 1, nothing else),
 * or -1. */
static int pure_var(const IrAffine *a) {
  if (a->sym || a->constant) return -1;
  int v = -1;
  for (int i = 0; i < IR_MAX_VARS; i++) {
    if (!a->coef[i]) continue;
    if (a->coef[i] != 1 || v >= 0) return -1;
    v = i;
  }
  return v;
}

static int aff_is_zero(const IrAffine *a) {
  if (a->sym || a->constant) return 0;
  for (int i = 0; i < IR_MAX_VARS; i++)
    if (a->coef[i]) return 0;
  return 1;
}

static int same_text(const char *a, const char *b) {
  for (;;) {
    while (*a == ' ' || *a == '(' || *a == ')') a++;
    while (*b == ' ' || *b == '(' || *b == ')') b++;
    if (*a != *b) return 0;
    if (!*a) return 1;
    a++, b++;
  }
}

static int ordered_unique(const sc_level_type *lt) {
  return level_is_ordered(lt) && level_is_unique(lt);
}

static int pattern_candidate(const Lower *L, const AsmOut *o);

int asm_tensor(const Lower *L) { return L->out ? L->out->tensor : -1; }

int asm_stmt_is_output(const Lower *L, const IrStmt *s) {
  return L->out && s->lhs_access >= 0 &&
         L->k->accesses[s->lhs_access].tensor == L->out->tensor;
}

int asm_guarded_set(const IrStmt *s) {
  const IrExpr *r = s->rhs;
  return s->op == IR_SET && s->lhs_access >= 0 && r && r->kind == IR_SELECT &&
         r->c && r->c->kind == IR_ACCESS && r->c->access == s->lhs_access;
}

const char *asm_current(const Lower *L, int access) {
  const AsmOut *o = L->out;
  if (!o || !o->guarded || L->k->accesses[access].tensor != o->tensor)
    return NULL;
  return arena_printf(L->arena, "%s_w[sc__wj]", o->h);
}

/* Whether the subtree reads C other than as the element a guarded `=`
 * keeps (the identity arm of its select). */
static int reads_output(const Lower *L, const IrNode *n, int ct) {
  if (n->kind == IR_NODE_STMT) {
    const IrStmt *s = &n->stmt;
    if (asm_guarded_set(s) && L->k->accesses[s->lhs_access].tensor == ct)
      return graph_expr_reads(L->k, s->rhs->a, ct) || graph_expr_reads(L->k, s->rhs->b, ct);
    return graph_expr_reads(L->k, s->rhs, ct);
  }
  for (int i = 0; i < n->nbody; i++)
    if (reads_output(L, n->body[i], ct)) return 1;
  return 0;
}

/* Whether a statement of subtree n declares scalar `name`. */
static int declares(const IrNode *n, const char *name) {
  if (n->kind == IR_NODE_STMT)
    return n->stmt.decl_ctype && !strcmp(n->stmt.lhs_scalar, name);
  for (int i = 0; i < n->nbody; i++)
    if (declares(n->body[i], name)) return 1;
  return 0;
}

/* Whether scalar `name` is declared in the nest or read nowhere after it
 * (IrKernel.scalar_dead_after). */
static int nest_scalar(const IrKernel *k, const char *name) {
  if (declares(k->root, name)) return 1;
  for (int i = 0; i < k->nscalars_written; i++)
    if (!strcmp(k->scalars_written[i], name))
      return k->scalar_dead_after && k->scalar_dead_after[i];
  return 0;
}

/* Collects the statements of the subtree; -1 when one does not write C
 * (with the op) or C's subscripts are not its row/col variables. A
 * scalar declared in the nest, or read nowhere after it, may be computed
 * beside them (SDDMM's
 * `double s = 0; for (k...) s += U[i][k] * V[j][k]; C[i][j] += A[i][j] *
 * s;`). */
static int check_stmts(const Lower *L, const IrNode *n, int ct, int *row_var,
                       int *col_var, int rd, int cd, int *nset, int *nacc,
                       int *nguard) {
  if (n->kind == IR_NODE_LOOP) {
    for (int i = 0; i < n->nbody; i++)
      if (check_stmts(L, n->body[i], ct, row_var, col_var, rd, cd, nset, nacc,
                      nguard))
        return -1;
    return 0;
  }
  const IrStmt *s = &n->stmt;
  if (s->lhs_access < 0 && nest_scalar(L->k, s->lhs_scalar)) return 0;
  if (s->lhs_access < 0 || L->k->accesses[s->lhs_access].tensor != ct)
    return -1;
  const IrAccess *ac = &L->k->accesses[s->lhs_access];
  int r = pure_var(&ac->sub[rd]), c = pure_var(&ac->sub[cd]);
  if (r < 0 || c < 0 || r == c) return -1;
  if ((*row_var >= 0 && *row_var != r) || (*col_var >= 0 && *col_var != c))
    return -1;
  *row_var = r;
  *col_var = c;
  if (asm_guarded_set(s)) (*nguard)++;
  else if (s->op == IR_SET) (*nset)++;
  else if (s->op == IR_ADDTO || s->op == IR_SUBFROM) (*nacc)++;
  else return -1;
  return 0;
}

/* Whether loop v runs once (`for (w = i; w < i + 1; w++)`, diagonal.c). */
static int runs_once(const Lower *L, int v) {
  const IrAffine *lo = &L->k->vars[v].lo, *hi = &L->k->vars[v].hi;
  return !lo->sym && !hi->sym && !lo->nalt && !hi->nalt &&
         hi->constant == lo->constant + 1 &&
         !memcmp(lo->coef, hi->coef, sizeof lo->coef);
}

/* `=` then `+=` on C (`C[i][j] = 0; for (k) C[i][j] += ...`): every `=`
 * is a direct child of the (single) column loop and comes before every
 * `+=`/`-=` in body order, so at each element the `=` run first and the
 * element is never assigned after an accumulation (a skipped `=` of a
 * zero would then lose it). *seen_acc carries the order. */
static int mixed_order_ok(const Lower *L, const IrNode *n, int ct, int col_var,
                          int parent_var, int *seen_acc) {
  if (n->kind == IR_NODE_LOOP) {
    /* a loop that runs once places its body where the loop stands */
    int pv = runs_once(L, n->var) ? parent_var : n->var;
    for (int i = 0; i < n->nbody; i++)
      if (!mixed_order_ok(L, n->body[i], ct, col_var, pv, seen_acc))
        return 0;
    return 1;
  }
  const IrStmt *s = &n->stmt;
  if (s->lhs_access < 0 || L->k->accesses[s->lhs_access].tensor != ct)
    return 1;
  if (s->op != IR_SET) {
    *seen_acc = 1;
    return 1;
  }
  return !*seen_acc && parent_var == col_var;
}

/* Whether every `=` to output ct sits under loops over its own subscripts
 * only (`row`, `col`; -1: none), or is guarded by a test of every sparse
 * element its value reads (guard_covers). Under another loop
 * (`for (k) C[i][j] = A[i][k] * B[k][j]`) the dense program assigns the
 * element again for every k and keeps the last value, zero where an
 * operand is absent: a walk of the stored entries would keep the last
 * stored one instead. */
static int same_access(const Lower *L, int a, int b) {
  const IrAccess *x = &L->k->accesses[a], *y = &L->k->accesses[b];
  if (x->tensor != y->tensor || x->nsub != y->nsub) return 0;
  for (int d = 0; d < x->nsub; d++) {
    const IrAffine *p = &x->sub[d], *q = &y->sub[d];
    if (p->constant != q->constant || !p->sym != !q->sym ||
        (p->sym && strcmp(p->sym, q->sym)) ||
        memcmp(p->coef, q->coef, sizeof p->coef))
      return 0;
  }
  return 1;
}

/* Whether expression e reads a sparse operand's element `access`. */
static int reads_access(const Lower *L, const IrExpr *e, int access) {
  if (!e) return 0;
  if (e->kind == IR_ACCESS && same_access(L, e->access, access)) return 1;
  if (reads_access(L, e->a, access) || reads_access(L, e->b, access) ||
      reads_access(L, e->c, access))
    return 1;
  for (int i = 0; i < e->nargs; i++)
    if (reads_access(L, e->args[i], access)) return 1;
  return 0;
}

/* Whether every sparse element that value e reads, the guard g reads too:
 * the guard then holds only where they are stored (it is false at zero,
 * asm_guarded_set's assumption), so the stored entries are every position
 * the `=` runs at. */
static int guard_covers(const Lower *L, const IrExpr *e, const IrExpr *g) {
  if (!e) return 1;
  if (e->kind == IR_ACCESS)
    return L->access_st[e->access] < 0 || reads_access(L, g, e->access);
  if (!guard_covers(L, e->a, g) || !guard_covers(L, e->b, g) ||
      !guard_covers(L, e->c, g))
    return 0;
  for (int i = 0; i < e->nargs; i++)
    if (!guard_covers(L, e->args[i], g)) return 0;
  return 1;
}

static int sets_once(const Lower *L, const IrNode *n, int ct, int row, int col,
                     int other) {
  if (n->kind == IR_NODE_LOOP) {
    int o = other || (n->var != row && n->var != col && !runs_once(L, n->var));
    for (int i = 0; i < n->nbody; i++)
      if (!sets_once(L, n->body[i], ct, row, col, o)) return 0;
    return 1;
  }
  const IrStmt *s = &n->stmt;
  if (s->lhs_access < 0 || L->k->accesses[s->lhs_access].tensor != ct)
    return 1;
  if (s->op == IR_ADDTO || s->op == IR_SUBFROM || !other) return 1;
  /* `if (A[i][j] > 1) r[i] = A[i][j]` over j: the last j the guard holds
   * at, a stored one */
  return asm_guarded_set(s) && guard_covers(L, s->rhs->b, s->rhs->a);
}

/* Whether e is non-zero wherever the operands it reads are stored: copy,
 * product, negation and scaling by a non-zero literal of unpadded sparse
 * operands (SPEC §3), stored into an output of type `out`. Integers wrap:
 * into an integer output only a copy or negation of an operand of the
 * output's own type (16 * 16 is 0 in an unsigned char). */
static int preserves_nonzero(const Lower *L, const IrExpr *e, IrElemType out) {
  switch (e->kind) {
  case IR_ACCESS: {
    int s = L->access_st[e->access];
    if (s < 0) return 0;
    const STensor *st = &L->st[s];
    if (ir_elem_integer(out) && st->t->elem != out) return 0;
    return !level_is_padded(&st->lvl[st->nlvl - 1].type);
  }
  case IR_CONST: {
    char *end = NULL;
    double v = strtod(e->text, &end);
    return end != e->text && v != 0.0 && (*end == 0 || strchr("fFlLuU", *end));
  }
  case IR_MUL:
    return !ir_elem_integer(out) && preserves_nonzero(L, e->a, out) &&
           preserves_nonzero(L, e->b, out);
  case IR_NEG: return preserves_nonzero(L, e->a, out);
  default: return 0;
  }
}

static int all_preserve(const Lower *L, const IrNode *n, IrElemType out) {
  if (n->kind == IR_NODE_STMT) return preserves_nonzero(L, n->stmt.rhs, out);
  for (int i = 0; i < n->nbody; i++)
    if (!all_preserve(L, n->body[i], out)) return 0;
  return 1;
}

/* Every sparse operand is walked in coordinate order, each coordinate
 * once (a requirement of the ordered append). */
static int operands_ordered(const Lower *L) {
  for (int s = 0; s < L->nst; s++)
    for (int l = 0; l < L->st[s].nlvl; l++)
      if (!ordered_unique(&L->st[s].lvl[l].type) ||
          L->st[s].lvl[l].kind != LK_IDENT)
        return 0;
  return 1;
}

static int full_range(const Lower *L, int v, const char *extent) {
  const IrLoopVar *lv = &L->k->vars[v];
  return aff_is_zero(&lv->lo) && extent &&
         same_text(graph_affine_str(L, &lv->hi), extent);
}

/* Why an `=` to C over part of it (the loops' bounds not C's extents)
 * cannot be assembled by loading each visited row and clearing the
 * columns the row's loop assigns; NULL when it can: the nest is a row
 * loop around one column loop of statements, both stepping by one, the
 * column bounds reading no other loop variable, and no `+=` beside. */
static const char *partial_set(const Lower *L, int row_var, int col_var,
                               int nacc) {
  const IrKernel *k = L->k;
  const IrNode *r = k->root;
  if (nacc) return "it is also updated with += or -=";
  if (k->nvars != 2 || r->kind != IR_NODE_LOOP || r->var != row_var ||
      r->nbody != 1 || r->body[0]->kind != IR_NODE_LOOP ||
      r->body[0]->var != col_var)
    return "the nest is not a row loop around one column loop";
  for (int i = 0; i < r->body[0]->nbody; i++)
    if (r->body[0]->body[i]->kind == IR_NODE_LOOP)
      return "the nest is not a row loop around one column loop";
  const IrLoopVar *rv = &k->vars[row_var], *cv = &k->vars[col_var];
  if (rv->stride > 1 || cv->stride > 1) return "a loop steps by more than one";
  if (rv->descending || cv->descending) return "a loop counts down";
  for (int v = 0; v < k->nvars; v++)
    if (v != row_var && (cv->lo.coef[v] || cv->hi.coef[v]))
      return "the column bounds read another loop variable";
  return NULL;
}

static const char *where_of(const Lower *L) {
  const SourceFile *f = L->ctx->file;
  unsigned lno = 0, col = 0;
  const char *fname = f ? source_presumed(f, L->k->root->span.start, &lno, &col) : "<input>";
  const char *w = arena_printf(L->arena, "%s:%u", fname, lno);
  for (const char *p = w; *p; p++)
    if (*p == '"' || *p == '\\' || *p == '?' || (unsigned char)*p < 32)
      return arena_printf(L->arena, "<input>:%u", lno);
  return w;
}

/* The statements writing a 1-D output r: r[c] with c one loop variable
 * (the same in all), `=` (plain or guarded), `+=` or `-=`; the others
 * write scalars; -1 otherwise. */
static int vec_stmts(const Lower *L, const IrNode *n, int ct, int *c,
                     int *nset, int *nacc, int *nguard) {
  if (n->kind == IR_NODE_LOOP) {
    for (int i = 0; i < n->nbody; i++)
      if (vec_stmts(L, n->body[i], ct, c, nset, nacc, nguard)) return -1;
    return 0;
  }
  const IrStmt *s = &n->stmt;
  if (s->lhs_access < 0) return 0; /* a scalar (`s += A[i][j]; r[i] = s;`) */
  if (L->k->accesses[s->lhs_access].tensor != ct) return -1;
  int v = pure_var(&L->k->accesses[s->lhs_access].sub[0]);
  if (v < 0 || (*c >= 0 && *c != v)) return -1;
  *c = v;
  if (asm_guarded_set(s)) (*nguard)++;
  else if (s->op == IR_SET) (*nset)++;
  else if (s->op == IR_ADDTO || s->op == IR_SUBFROM) (*nacc)++;
  else return -1;
  return 0;
}

/* A 1-D output (SparseVector: `r[i] += A[i][j]`, `r[j] += A[i][j] *
 * x[i]`, `if (...) r[i] = ...`): a workspace over the whole vector
 * (values, a marker per coordinate, the touched coordinates), loaded with
 * the old entries unless `=` assigns every element first; at the end the
 * touched coordinates are sorted and appended. A plain `=` must be a
 * direct child of the outermost loop, over the coordinate from 0 to the
 * extent, and come before every `+=`/`-=` in it: each element is then
 * assigned exactly once, first. */
static int plan_vector(Lower *L, int ct, const char *refuse_base,
                       const char **why) {
  const IrKernel *k = L->k;
  const IrTensor *t = &k->tensors[ct];
  const sc_encoding *e = t->handle_enc;
  const sc_level_type *l0 = &e->lvl_types[0];
  if (e->dim_rank != 1 || e->lvl_rank != 1 || e->has_slices ||
      level_plain_dim(e, 0) != 0 || l0->format != SC_LVL_COMPRESSED ||
      !ordered_unique(l0)) {
    *why = arena_printf(L->arena, "%s: its encoding is not assembled by "
                        "append (one compressed level, ordered and unique)",
                        refuse_base);
    return -1;
  }
  int c = -1, nset = 0, nacc = 0, nguard = 0, seen_acc = 0;
  int failed = vec_stmts(L, k->root, ct, &c, &nset, &nacc, &nguard);
  if (!failed && !sets_once(L, k->root, ct, c, -1, 0)) {
    *why = arena_printf(L->arena, "%s: an `=` to %s is repeated by a loop "
                        "that does not index it, so the dense program keeps "
                        "the last value, absent or not", refuse_base, t->name);
    return -1;
  }
  if (!failed && nset &&
      (nguard || k->root->kind != IR_NODE_LOOP || k->root->var != c ||
       L->var_nloops[c] != 1 ||
       !mixed_order_ok(L, k->root, ct, c, -1, &seen_acc) ||
       !full_range(L, c, t->extent[0])))
    failed = 1;
  if (failed) {
    *why = arena_printf(L->arena, "%s: a statement does not write %s[v] "
                        "with =, += or -= of one loop variable v, or an `=` "
                        "does not assign each element once, first, in the "
                        "outermost loop", refuse_base, t->name);
    return -1;
  }
  if (reads_output(L, k->root, ct)) {
    *why = arena_printf(L->arena, "%s: it is also read in the nest",
                        refuse_base);
    return -1;
  }
  AsmOut *o = arena_alloc(L->arena, sizeof *o);
  memset(o, 0, sizeof *o);
  o->tensor = ct;
  o->t = t;
  o->h = arena_printf(L->arena, "sc__o_%s", t->name);
  o->vec = 1;
  o->gustavson = 1;
  o->row_var = -1;
  o->col_var = c;
  o->ctype = ctype_of(t);
  o->accumulate = !nset;
  o->guarded = nguard > 0;
  o->filter = !level_is_padded(l0) &&
              (o->accumulate || nset > 1 || !all_preserve(L, k->root, t->elem));
  o->where = where_of(L);
  o->d0 = 1;
  o->pat_st = -1;
  L->out = o;
  lower_note(L, "%s: sparse vector output, a workspace over the whole "
             "vector (values, a marker per coordinate, the touched "
             "coordinates; sorted and appended at the end)", t->name);
  if (o->accumulate)
    lower_note(L, "%s: its existing entries loaded into the workspace first "
               "(%s)", t->name, o->guarded ? "= under an if keeps them where "
               "the guard is false" : "+= combines with them");
  if (o->filter)
    lower_note(L, "zero filter: values appended to %s tested != 0 (unpadded "
               "level)", t->name);
  else if (level_is_padded(l0))
    lower_note(L, "no zero filter for %s: its level is padded (it may store "
               "explicit zeros)", t->name);
  else
    lower_note(L, "no zero filter for %s: every operand is unpadded and the "
               "operation preserves non-zeros", t->name);
  *why = NULL;
  return 1;
}

int asm_plan(Lower *L, const char **why) {
  const IrKernel *k = L->k;
  int ct = -1;
  for (int ti = 0; ti < k->ntensors; ti++) {
    const IrTensor *t = &k->tensors[ti];
    if (!t->is_written) continue;
    if (!t->handle) continue;
    if (L->tensor_st[ti] >= 0 && (L->inplace & (1u << L->tensor_st[ti])))
      continue; /* updated in place (graph.c), not rebuilt */
    if (ct >= 0) {
      *why = "the nest writes two sparse arrays";
      return -1;
    }
    ct = ti;
  }
  if (ct < 0) return 0;
  const IrTensor *t = &k->tensors[ct];
  const char *refuse_base = arena_printf(L->arena, "the nest writes sparse "
      "array '%s' (its element writes become buffered inserts)", t->name);
  *why = refuse_base;
  for (int ti = 0; ti < k->ntensors; ti++)
    if (ti != ct && k->tensors[ti].is_written) {
      *why = arena_printf(L->arena, "%s: it writes other arrays too",
                          refuse_base);
      return -1;
    }
  const sc_encoding *e = t->handle_enc;
  if (e && t->rank == 1) return plan_vector(L, ct, refuse_base, why);
  if (!e || t->rank != 2 || e->dim_rank != 2 || e->has_slices) {
    *why = arena_printf(L->arena, "%s: only 1-D outputs with one level and "
                        "2-D outputs without slices are assembled",
                        refuse_base);
    return -1;
  }
  /* the levels appended: C's own when they are a dense or compressed
   * level over a compressed one, ordered and unique; else (COO, BSR, ELL,
   * 2:4) a staging tensor of that form, rows over the first dimension,
   * converted into C's encoding at exit (SPEC §5: a compatible order) */
  static const sc_level_type stage_l0 = {.format = SC_LVL_DENSE};
  static const sc_level_type stage_l1 = {.format = SC_LVL_COMPRESSED};
  int rd = e->lvl_rank == 2 ? level_plain_dim(e, 0) : -1;
  int cd = e->lvl_rank == 2 ? level_plain_dim(e, 1) : -1;
  const sc_level_type *l0 = &e->lvl_types[0], *l1 = &e->lvl_types[1];
  int staged = 0;
  if (rd < 0 || cd < 0 || rd == cd || !ordered_unique(l0) ||
      !ordered_unique(l1) || l1->format != SC_LVL_COMPRESSED ||
      (l0->format != SC_LVL_DENSE && l0->format != SC_LVL_COMPRESSED)) {
    staged = 1;
    rd = 0;
    cd = 1;
    l0 = &stage_l0;
    l1 = &stage_l1;
  }
  int row_var, col_var, nset, nacc, nguard, seen_acc, failed, passes = 0;
restage:
  passes++;
  row_var = -1, col_var = -1, nset = 0, nacc = 0, nguard = 0;
  seen_acc = 0;
  failed = check_stmts(L, k->root, ct, &row_var, &col_var, rd, cd, &nset,
                       &nacc, &nguard);
  if (!failed && !sets_once(L, k->root, ct, row_var, col_var, 0)) {
    *why = arena_printf(L->arena, "%s: an `=` to %s is repeated by a loop "
                        "that does not index it, so the dense program keeps "
                        "the last value, absent or not", refuse_base, t->name);
    return -1;
  }
  int mixed = !failed && nset && nacc;
  if (mixed && (L->var_nloops[col_var] != 1 ||
                !mixed_order_ok(L, k->root, ct, col_var, -1, &seen_acc)))
    failed = 1;
  if (failed) {
    /* a nest over one row of a larger one (tried when the whole nest was
     * refused): say which subscript the nest's loops do not walk */
    for (int a = 0; a < k->naccesses; a++) {
      const IrAccess *ac = &k->accesses[a];
      if (ac->tensor != ct) continue;
      for (int d = 0; d < ac->nsub; d++)
        if (pure_var(&ac->sub[d]) < 0) {
          *why = arena_printf(L->arena, "%s: it is written at subscript "
                              "'%s', which no loop of the nest walks",
                              refuse_base, graph_affine_str(L, &ac->sub[d]));
          return -1;
        }
    }
    *why = arena_printf(L->arena, "%s: a statement does not write %s(row, "
                        "column) with =, += or -= of loop variables, or mixes "
                        "= with +=", refuse_base, t->name);
    return -1;
  }
  if (nguard && nset) {
    *why = arena_printf(L->arena, "%s: it is assigned both with and without "
                        "an if", refuse_base);
    return -1;
  }
  /* C read anywhere (other than by its own += / -= and guarded =) */
  if (reads_output(L, k->root, ct)) {
    *why = arena_printf(L->arena, "%s: it is also read in the nest",
                        refuse_base);
    return -1;
  }
  if (k->root->kind == IR_NODE_LOOP && k->root->var == col_var && row_var >= 0 &&
      col_var != row_var && !(staged && rd == 0) && passes < 3) {
    /* written in the other order: staged with rows over the dimension the
     * outer loop walks, then converted into C */
    int ord = rd;
    rd = cd;
    cd = ord;
    staged = 1;
    l0 = &stage_l0;
    l1 = &stage_l1;
    goto restage;
  }
  if (k->root->kind == IR_NODE_LOOP && k->root->var == col_var && row_var >= 0 &&
      col_var != row_var) {
    /* written column by column (a transpose, `B[j][i] = A[i][j]` under
     * `for i`, or column loops outermost): B's rows change
     * at every step of the inner loop */
    /* the encoding appended in this order has its first level over the
     * dimension the outer loop walks (cd): CSC when that is the second
     * dimension (a transpose into a CSR array), CSR when it is the first
     * (a column-major output written by row loops) */
    const char *a = cd == 1 ? "rows" : "columns", *b = cd == 1 ? "columns" : "rows";
    *why = arena_printf(L->arena, "%s: it is written %s by %s (its %s "
                        "follow the inner loop over '%s', its %s the "
                        "outer loop over '%s'), so its %s cannot be "
                        "appended one after another; a %s "
                        "encoding of %s (%s: its first level over the outer "
                        "loop's '%s') is appended in this order",
                        refuse_base, cd == 1 ? "column" : "row", cd == 1 ? "column" : "row",
                        a, graph_var_name(L, row_var), b, graph_var_name(L, col_var), a,
                        cd == 1 ? "column-major" : "row-major", t->name,
                        cd == 1 ? "CSC" : "CSR", graph_var_name(L, col_var));
    return -1;
  }
  if (k->root->kind != IR_NODE_LOOP || k->root->var != row_var ||
      L->var_nloops[row_var] != 1) {
    *why = arena_printf(L->arena, "%s: the outermost loop is not the only "
                        "loop over %s's first level", refuse_base, t->name);
    return -1;
  }
  /* rows are visited once each, in increasing order */
  for (int s = 0; s < L->nst; s++)
    for (int l = 0; l < L->st[s].nlvl; l++) {
      const LvlInfo *li = &L->st[s].lvl[l];
      if ((li->varmask & (1u << row_var)) &&
          (li->kind != LK_IDENT || !ordered_unique(&li->type))) {
        /* lower.c retries with the operand in its plain form (COO's
         * nonunique rows become a dense level) */
        if (!(L->plain & (1u << L->st[s].tensor)) && !L->st[s].sliced &&
            !L->st[s].nfixed)
          L->plain_req |= 1u << L->st[s].tensor;
        *why = arena_printf(L->arena, "%s: %s's level over '%s' is not "
                            "walked in order, once per row", refuse_base,
                            L->st[s].name, graph_var_name(L, row_var));
        return -1;
      }
    }
  AsmOut *o = arena_alloc(L->arena, sizeof *o);
  memset(o, 0, sizeof *o);
  o->tensor = ct;
  o->t = t;
  o->h = arena_printf(L->arena, "sc__o_%s", t->name);
  o->row_var = row_var;
  o->col_var = col_var;
  o->row_dim = rd;
  o->col_dim = cd;
  o->ctype = ctype_of(t);
  /* with `=` covering every element first, the old contents are not
   * combined: the `+=` add to what the `=` wrote */
  o->accumulate = (nacc > 0 || nguard > 0) && !nset;
  o->guarded = nguard > 0;
  if (nset) {
    if (!full_range(L, row_var, t->extent[rd]) ||
        !full_range(L, col_var, t->extent[cd])) {
      const char *pwhy = partial_set(L, row_var, col_var, nacc);
      if (pwhy) {
        *why = arena_printf(L->arena, "%s: `=` does not cover every element "
                            "and %s", refuse_base, pwhy);
        return -1;
      }
      const IrLoopVar *cv = &k->vars[col_var];
      o->partial = o->accumulate = 1;
      o->clo = graph_affine_str(L, &cv->lo);
      o->chi = graph_hi_str(L, cv);
    }
  }
  /* ordered append: for r { for c { C[r][c] = rhs } } */
  const IrNode *r = k->root;
  o->gustavson = 1;
  if (nset && !o->partial && r->nbody == 1 && r->body[0]->kind == IR_NODE_LOOP &&
      r->body[0]->var == col_var && r->body[0]->nbody == 1 &&
      r->body[0]->body[0]->kind == IR_NODE_STMT &&
      L->var_nloops[col_var] == 1 && operands_ordered(L))
    o->gustavson = 0;
  int padded = level_is_padded(l1);
  /* several `=` per element may leave a zero in the workspace */
  o->filter = !padded && (o->accumulate || mixed || (o->gustavson && nset > 1) ||
                          !all_preserve(L, k->root, t->elem));
  o->where = where_of(L);
  o->d0 = 1;
  o->staged = staged;
  o->pat_st = staged ? -1 : pattern_candidate(L, o);
  o->pattern = o->pat_st >= 0;
  L->out = o;
  if (staged)
    lower_note(L, "conversion: %s assembled in a staging tensor (levels (%s : "
               "dense, %s : compressed), appended in the loops' order) and "
               "converted into its encoding at exit", t->name,
               graph_var_name(L, row_var), graph_var_name(L, col_var));
  lower_note(L, "%s: sparse output, %s", t->name,
             o->gustavson ? "Gustavson workspace (a dense row of values, a "
                            "marker per column, the touched columns; sorted "
                            "per row)"
                          : "ordered append");
  if (o->partial)
    lower_note(L, "%s: = assigns columns [%s, %s) of each row the loops "
               "visit, and its other entries keep their values (each row of "
               "the old contents loaded into the workspace first, that range "
               "cleared)", t->name, o->clo, o->chi);
  else if (o->guarded)
    lower_note(L, "%s: = under an if keeps its existing entries where the "
               "guard is false (each row of the old contents loaded into "
               "the workspace first)", t->name);
  else if (o->accumulate)
    lower_note(L, "%s: += combines with its existing entries (each row of "
               "the old contents loaded into the workspace first)", t->name);
  if (o->filter)
    lower_note(L, "zero filter: values appended to %s tested != 0 (unpadded "
               "level; %s)", t->name,
               o->partial ? "the assigned range is cleared first"
               : o->guarded ? "a guarded = may write a zero over an entry"
               : o->accumulate || mixed ? "sums may cancel"
               : nset > 1 ? "an element is assigned more than once"
                             : "an operand may hold zeros or the operation "
                               "does not preserve non-zeros");
  else if (!padded)
    lower_note(L, "no zero filter for %s: every operand is unpadded and the "
               "operation preserves non-zeros", t->name);
  else
    lower_note(L, "no zero filter for %s: its level is padded (it may store "
               "explicit zeros)", t->name);
  *why = NULL;
  return 1;
}

static const char *var(const Lower *L, int v) { return graph_var_name(L, v); }

/* Appends col -> value text to the current row: written straight into
 * the tensor's buffers (h_crd, h_val at h_q), grown by the runtime when
 * full; `row` is unused here (rows are closed by close_row). */
static void append_line(const Lower *L, StrBuf *sb, int depth,
                        const char *row, const char *col, const char *val) {
  const AsmOut *o = L->out;
  const char *h = o->h;
  StrBuf t = {0};
  (void)row;
  /* the buffers come back through temporaries: h_crd, h_val and h_cap
   * never have their address taken, so they stay in registers */
  LN(depth, "{ if (%s_q == %s_cap) { int64_t *sc__cp = NULL; void *sc__vp = "
     "NULL; size_t sc__cap = 0; sc__st = sc_tensor_append_reserve(%s, %s_q + "
     "1, &sc__cp, &sc__vp, &sc__cap); if (sc__st != SC_OK) sc_fail(sc__st, "
     "\"%s\"); %s_crd = sc__cp; %s_val = (%s *)sc__vp; %s_cap = sc__cap; } "
     "%s_crd[%s_q] = (int64_t)(%s); %s_val[%s_q++] = %s; }", h, h, h, h,
     o->where, h, h, o->ctype, h, h, h, col, h, h, val);
  sb_free(&t);
}

/* Closes row `row` when entries were appended since the previous one. */
static void close_row(const Lower *L, StrBuf *sb, int depth,
                      const char *row) {
  const AsmOut *o = L->out;
  const char *h = o->h;
  StrBuf t = {0};
  LN(depth, "if (%s_q != %s_rq) { sc__st = sc_tensor_append_row(%s, "
     "(int64_t)(%s), %s_q); if (sc__st != SC_OK) sc_fail(sc__st, \"%s\"); "
     "%s_rq = %s_q; }", h, h, h, row, h, o->where, h, h);
  sb_free(&t);
}

void asm_emit_stmt(Lower *L, StrBuf *sb, const IrStmt *s, const char *rhs,
                   int depth) {
  const AsmOut *o = L->out;
  const char *op = s->op == IR_SET ? "=" : s->op == IR_ADDTO ? "+=" : "-=";
  StrBuf t = {0};
  const char *r = o->row_var >= 0 ? var(L, o->row_var) : NULL;
  const char *c = var(L, o->col_var);
  if (!o->gustavson) {
    LN(depth, "{");
    LN(depth + 1, "const %s sc__v = (%s)(%s);", o->ctype, o->ctype, rhs);
    if (o->filter) LN(depth + 1, "if (sc__v != 0)");
    append_line(L, sb, depth + 1 + o->filter, r, c, "sc__v");
    LN(depth, "}");
    sb_free(&t);
    return;
  }
  if (o->in_acc && o->pat_mode) {
    LN(depth, "%s_acc %s %s;", o->h, op, rhs);
    sb_free(&t);
    return;
  }
  if (o->in_acc) {
    LN(depth, "%s_acc %s %s; %s_hit = 1;", o->h, op, rhs, o->h);
    sb_free(&t);
    return;
  }
  LN(depth, "{");
  LN(depth + 1, "const size_t sc__wj = (size_t)(%s);", c);
  LN(depth + 1, "if (!%s_mark[sc__wj]) { %s_mark[sc__wj] = 1; %s_w[sc__wj] = "
     "0; %s_list[%s_n++] = (int64_t)sc__wj; }", o->h, o->h, o->h, o->h, o->h);
  LN(depth + 1, "%s_w[sc__wj] %s %s;", o->h, op, rhs);
  LN(depth, "}");
  sb_free(&t);
}

/* Copies the old rows [next, upto) of an accumulated C unchanged. */
static void copy_old_rows(const Lower *L, StrBuf *sb, int depth,
                          const char *upto) {
  const AsmOut *o = L->out;
  StrBuf t = {0};
  const char *next = arena_printf(L->arena, "%s_next", o->h);
  LN(depth, "for (; %s_next < (int64_t)(%s); %s_next++) {", o->h, upto, o->h);
  LN(depth + 1, "for (size_t sc__q = %s_opos[%s_next]; sc__q < %s_opos[%s_next "
     "+ 1]; sc__q++)", o->h, o->h, o->h, o->h);
  append_line(L, sb, depth + 2, next,
              arena_printf(L->arena, "%s_ocrd[sc__q]", o->h),
              arena_printf(L->arena, "%s_oval[sc__q]", o->h));
  close_row(L, sb, depth + 1, next);
  LN(depth, "}");
  sb_free(&t);
}

/* A column loop whose body holds only loops (SDDMM's reduction over k):
 * its element is combined in a scalar, h_acc, started from the workspace
 * (or 0 when untouched) and stored back once after the loop's body — the
 * same operations in the same order as on the workspace element. */
static int acc_loop(const AsmOut *o, const IrNode *loop) {
  if (!o->gustavson || o->guarded || loop->var != o->col_var || loop->nbody < 1) return 0;
  for (int i = 0; i < loop->nbody; i++)
    if (loop->body[i]->kind != IR_NODE_LOOP) return 0;
  return 1;
}

/* A row loop whose body is one such column loop (SDDMM): each element
 * is final when its column loop ends, so while the row's old contents are
 * empty and its columns arrive increasing, it is appended right away (an
 * in-order append of the sampling pattern, no workspace). A column that
 * does not increase (an unordered or repeated one) moves the row's
 * appended entries into the workspace and the row continues there. */
static int direct_loop(const AsmOut *o, const IrNode *loop) {
  return o->gustavson && loop->var == o->row_var && loop->nbody == 1 &&
         acc_loop(o, loop->body[0]);
}

/* The sampling-pattern copy (SDDMM): the row loop's whole body is one
 * summing column loop (direct_loop), the kernel's one sparse operand S is
 * (dense, compressed) over (row, column) and walked from 0 in both, and C
 * filters zeros. Then C's entries are exactly S's stored entries whose
 * value is non-zero (an absent S(i,j) leaves C(i,j) absent; an element is
 * computed from 0 when C is empty at entry or assigned with `=`), so the
 * runtime copies S's positions and coordinates into C once, the loops
 * write each value at S's position, and the zeros are dropped after. The
 * index of S in L->st, or -1. */
static int pattern_candidate(const Lower *L, const AsmOut *o) {
  const IrKernel *k = L->k;
  if (!o->gustavson || !o->filter || !direct_loop(o, k->root)) return -1;
  int s0 = -1;
  for (int s = 0; s < L->nst; s++) {
    if (L->st[s].tensor == o->tensor) continue;
    if (s0 >= 0) return -1;
    s0 = s;
  }
  if (s0 < 0) return -1;
  const STensor *st = &L->st[s0];
  if (st->nlvl != 2 || st->sliced || st->shifted || st->nfixed ||
      st->inplace)
    return -1;
  const LvlInfo *a = &st->lvl[0], *b = &st->lvl[1];
  if (a->type.format != SC_LVL_DENSE || a->kind != LK_IDENT ||
      a->var != o->row_var || a->aoff)
    return -1;
  if (b->type.format != SC_LVL_COMPRESSED || !ordered_unique(&b->type) ||
      b->kind != LK_IDENT || b->var != o->col_var || b->aoff)
    return -1;
  if (!aff_is_zero(&k->vars[o->row_var].lo) ||
      !aff_is_zero(&k->vars[o->col_var].lo))
    return -1;
  return s0;
}

int asm_pattern_depth(const Lower *L) {
  return L->out && L->out->pattern ? 2 : 1;
}

int asm_emit_again(Lower *L, StrBuf *sb, int depth) {
  /* the report, the lattice dump and the counters stay the first
   * emission's */
  const ReportMark m = report_mark(L);
  int rc = coiter_emit(L, sb, depth);
  report_back(L, &m);
  return rc;
}

ReportMark report_mark(const Lower *L) {
  ReportMark m = {L->notes.len, L->lattice.len, L->nsparse_loops, L->ieee_note,
                  L->inplace_note, L->ncursors, L->nfilters, L->fixed_located,
                  L->rolled_noted, L->plain_req, L->refuse};
  return m;
}

void report_back(Lower *L, const ReportMark *m) {
  L->notes.len = m->notes;
  if (L->notes.data) L->notes.data[m->notes] = 0;
  L->lattice.len = m->lattice;
  if (L->lattice.data) L->lattice.data[m->lattice] = 0;
  L->nsparse_loops = m->nsparse_loops;
  L->ncursors = m->ncursors;
  L->ieee_note = m->ieee_note;
  L->inplace_note = m->inplace_note;
  L->nfilters = m->nfilters;
  L->fixed_located = m->fixed_located;
  L->rolled_noted = m->rolled_noted;
  L->plain_req = m->plain_req;
  L->refuse = m->refuse;
}

const char *asm_pattern_loops(const Lower *L) {
  return L->out && L->out->pattern ? L->out->pat_loops : NULL;
}

int asm_pattern(Lower *L) {
  AsmOut *o = L->out;
  if (!o || !o->pattern) return 0;
  /* the column loop must walk S's positions, the row loop every row */
  if (!L->var_sparse[o->col_var] || L->var_sparse[o->row_var]) {
    o->pattern = 0;
    return -1;
  }
  StrBuf pat = {0};
  o->pat_mode = 1;
  int rc = asm_emit_again(L, &pat, 2);
  o->pat_mode = 0;
  if (rc != 0 || !pat.data) {
    sb_free(&pat);
    o->pattern = 0;
    return -1;
  }
  o->pat_loops = arena_printf(L->arena, "%s", pat.data);
  sb_free(&pat);
  o->d0 = 2;
  lower_note(L, "%s: the sampling pattern of %s: when the loops cover %s and "
             "%s's level sizes are %s's%s, %s's positions and coordinates are "
             "copied once and the loops compute only the values (zeros "
             "dropped after); else the workspace", o->t->name,
             L->st[o->pat_st].name, L->st[o->pat_st].name, o->t->name,
             L->st[o->pat_st].name,
             o->accumulate ? arena_printf(L->arena, " and %s is empty at "
                                          "entry", o->t->name) : "",
             L->st[o->pat_st].name);
  return 0;
}

void asm_row_begin(Lower *L, StrBuf *sb, const IrNode *loop, int depth) {
  AsmOut *o = L->out;
  if (o && o->pat_mode) { /* the pattern copy: a value per position */
    if (acc_loop(o, loop)) {
      StrBuf t = {0};
      LN(depth, "%s %s_acc = (%s)0;", o->ctype, o->h, o->ctype);
      o->in_acc = 1;
      sb_free(&t);
    }
    return;
  }
  if (o && acc_loop(o, loop)) {
    StrBuf t = {0};
    const char *h = o->h;
    LN(depth, "const size_t %s_j = (size_t)(%s);", o->h, var(L, o->col_var));
    if (o->direct_row) {
      LN(depth, "if (%s_direct && (int64_t)%s_j <= %s_last) {", h, h, h);
      LN(depth + 1, "for (size_t sc__q = %s_rq; sc__q < %s_q; sc__q++) { "
         "const size_t sc__wj = (size_t)%s_crd[sc__q]; %s_mark[sc__wj] = 1; "
         "%s_w[sc__wj] = %s_val[sc__q]; %s_list[%s_n++] = (int64_t)sc__wj; }",
         h, h, h, h, h, h, h, h);
      LN(depth + 1, "%s_q = %s_rq;", h, h);
      LN(depth + 1, "%s_direct = 0;", h);
      LN(depth, "}");
    }
    LN(depth, "%s %s_acc = %s_mark[%s_j] ? %s_w[%s_j] : (%s)0;", o->ctype,
       o->h, o->h, o->h, o->h, o->h, o->ctype);
    LN(depth, "int %s_hit = 0;", o->h);
    o->in_acc = 1;
    sb_free(&t);
    return;
  }
  if (!o || !o->gustavson || loop->var != o->row_var) return;
  StrBuf t = {0};
  if (direct_loop(o, loop)) o->direct_row = 1;
  if (!o->accumulate) {
    if (o->direct_row)
      LN(depth, "int %s_direct = 1; int64_t %s_last = -1;", o->h, o->h);
    sb_free(&t);
    return;
  }
  const char *r = var(L, o->row_var);
  copy_old_rows(L, sb, depth, r);
  LN(depth, "for (size_t sc__q = %s_opos[%s]; sc__q < %s_opos[(size_t)(%s) + "
     "1]; sc__q++) {", o->h, r, o->h, r);
  LN(depth + 1, "const size_t sc__wj = (size_t)%s_ocrd[sc__q];", o->h);
  if (o->partial) /* the columns the row's `=` assigns start from zero */
    LN(depth + 1, "%s_mark[sc__wj] = 1; %s_w[sc__wj] = (int64_t)sc__wj >= "
       "(int64_t)(%s) && (int64_t)sc__wj < (int64_t)(%s) ? (%s)0 : "
       "%s_oval[sc__q]; %s_list[%s_n++] = (int64_t)sc__wj;", o->h, o->h,
       o->clo, o->chi, o->ctype, o->h, o->h, o->h);
  else
    LN(depth + 1, "%s_mark[sc__wj] = 1; %s_w[sc__wj] = %s_oval[sc__q]; "
       "%s_list[%s_n++] = (int64_t)sc__wj;", o->h, o->h, o->h, o->h, o->h);
  LN(depth, "}");
  LN(depth, "%s_next = (int64_t)(%s) + 1;", o->h, r);
  if (o->direct_row)
    LN(depth, "int %s_direct = %s_n == 0; int64_t %s_last = -1;", o->h, o->h,
       o->h);
  sb_free(&t);
}

/* Puts the workspace's touched list in increasing order. */
static void sort_touched(const Lower *L, StrBuf *sb, int depth) {
  const char *h = L->out->h;
  StrBuf t = {0};
  /* many touched columns (a sort would cost more than reading a marker
   * byte per column): a marker scan gives them in order */
  LN(depth, "if ((size_t)%s_n > %s_ncol / 64) {", h, h);
  LN(depth + 1, "%s_n = 0;", h);
  LN(depth + 1, "for (size_t sc__j = 0; sc__j < %s_ncol; sc__j++)", h);
  LN(depth + 2, "if (%s_mark[sc__j]) %s_list[%s_n++] = (int64_t)sc__j;", h, h,
     h);
  LN(depth, "} else {");
  /* few: a shell sort of the touched list (an insertion sort up to 32),
   * unless already in order (a row filled in column order, as SDDMM's) */
  LN(depth + 1, "int64_t sc__gap = 0;");
  LN(depth + 1, "for (int64_t sc__a = 1; sc__a < %s_n; sc__a++)", h);
  LN(depth + 2, "if (%s_list[sc__a - 1] > %s_list[sc__a]) { sc__gap = %s_n "
     "<= 32 ? 1 : %s_n / 2; break; }", h, h, h, h);
  LN(depth + 1, "for (; sc__gap > 0; sc__gap /= 2)");
  LN(depth + 2, "for (int64_t sc__a = sc__gap; sc__a < %s_n; sc__a++) {", h);
  LN(depth + 3, "const int64_t sc__x = %s_list[sc__a];", h);
  LN(depth + 3, "int64_t sc__b = sc__a;");
  LN(depth + 3, "for (; sc__b >= sc__gap && %s_list[sc__b - sc__gap] > sc__x; "
     "sc__b -= sc__gap) %s_list[sc__b] = %s_list[sc__b - sc__gap];", h, h, h);
  LN(depth + 3, "%s_list[sc__b] = sc__x;", h);
  LN(depth + 2, "}");
  LN(depth, "}");
  sb_free(&t);
}

void asm_row_end(Lower *L, StrBuf *sb, const IrNode *loop, int depth) {
  AsmOut *o = L->out;
  StrBuf t = {0};
  if (o && o->pat_mode) {
    if (acc_loop(o, loop)) {
      LN(depth, "%s_pv[sc__%s_p1] = %s_acc;", o->h, L->st[o->pat_st].name,
         o->h);
      LN(depth, "%s_nz += %s_acc == 0;", o->h, o->h);
      o->in_acc = 0;
    }
    sb_free(&t);
    return;
  }
  if (o && acc_loop(o, loop)) {
    const char *h = o->h;
    LN(depth, "if (%s_hit) {", h);
    int d = depth + 1;
    if (o->direct_row) {
      LN(d, "if (%s_direct) {", h);
      LN(d + 1, "%s_last = (int64_t)%s_j;", h, h);
      if (o->filter) LN(d + 1, "if (%s_acc != 0)", h);
      append_line(L, sb, d + 1 + o->filter, var(L, o->row_var),
                  arena_printf(L->arena, "%s_j", h),
                  arena_printf(L->arena, "%s_acc", h));
      LN(d, "} else {");
      d++;
    }
    LN(d, "if (!%s_mark[%s_j]) { %s_mark[%s_j] = 1; %s_list[%s_n++] = "
       "(int64_t)%s_j; }", h, h, h, h, h, h, h);
    LN(d, "%s_w[%s_j] = %s_acc;", h, h, h);
    if (o->direct_row) LN(depth + 1, "}");
    LN(depth, "}");
    o->in_acc = 0;
    sb_free(&t);
    return;
  }
  if (!o || loop->var != o->row_var) return;
  const char *r = var(L, o->row_var);
  if (!o->gustavson) {
    close_row(L, sb, depth, r);
    return;
  }
  const char *h = o->h;
  LN(depth, "if (%s_n > 0) {", h);
  sort_touched(L, sb, depth + 1);
  LN(depth + 1, "for (int64_t sc__a = 0; sc__a < %s_n; sc__a++) {", h);
  LN(depth + 2, "const size_t sc__wj = (size_t)%s_list[sc__a];", h);
  LN(depth + 2, "%s_mark[sc__wj] = 0;", h);
  if (o->filter) LN(depth + 2, "if (%s_w[sc__wj] == 0) continue;", h);
  append_line(L, sb, depth + 2, r, "sc__wj",
              arena_printf(L->arena, "%s_w[sc__wj]", h));
  LN(depth + 1, "}");
  LN(depth + 1, "%s_n = 0;", h);
  close_row(L, sb, depth + 1, r);
  LN(depth, "}");
  if (o->direct_row) { /* the entries appended directly */
    close_row(L, sb, depth, r);
    o->direct_row = 0;
  }
  sb_free(&t);
}

/* A staging encoding's levels: rows dense, columns compressed. */
static const sc_level_format csr[2] = {SC_LVL_DENSE, SC_LVL_COMPRESSED};

/* The initializer of an encoding whose levels are `formats` (compressed
 * or dense) over the identity of one dimension, or over (row, col) of two
 * dimensions with row_dim and col_dim naming them. */
static const char *enc_init(Lower *L, int rank, const sc_level_format *formats,
                            int row_dim, int col_dim) {
  sc_encoding e;
  memset(&e, 0, sizeof e);
  e.dim_rank = e.lvl_rank = rank;
  for (int l = 0; l < rank; l++) {
    e.lvl_types[l].format = formats[l];
    e.lvl_exprs[l].kind = SC_LEXPR_AFFINE;
  }
  if (rank == 1) {
    e.lvl_exprs[0].coef[0] = 1;
  } else {
    e.lvl_exprs[0].coef[row_dim] = 1;
    e.lvl_exprs[1].coef[col_dim] = 1;
  }
  StrBuf sb = {0};
  cenc_init(&sb, &e);
  const char *r = arena_strdup(L->arena, sb.data);
  sb_free(&sb);
  return r;
}

/* The workspace: values, a marker and the touched list, h_ncol each. */
static void workspace(Lower *L, StrBuf *sb, int d0) {
  const AsmOut *o = L->out;
  const char *h = o->h;
  StrBuf t = {0};
  LN(d0, "%s *%s_w = (%s *)malloc((%s_ncol ? %s_ncol : 1) * sizeof *%s_w);",
     o->ctype, h, o->ctype, h, h, h);
  LN(d0, "unsigned char *%s_mark = (unsigned char *)calloc(%s_ncol ? "
     "%s_ncol : 1, 1);", h, h, h);
  LN(d0, "int64_t *%s_list = (int64_t *)malloc((%s_ncol ? %s_ncol : 1) * "
     "sizeof *%s_list);", h, h, h, h);
  LN(d0, "int64_t %s_n = 0;", h);
  LN(d0, "if (!%s_w || !%s_mark || !%s_list) sc_fail(SC_ERR_NO_MEMORY, "
     "\"%s\");", h, h, h, o->where);
  L->ctx->need_runtime_include |= 4;
  sb_free(&t);
}

/* A 1-D output: the workspace, loaded with the old entries (a native
 * copy, which also applies pending inserts) when they are combined. */
static void vec_prologue(Lower *L, StrBuf *sb) {
  const AsmOut *o = L->out;
  const char *h = o->h;
  StrBuf t = {0};
  LN(1, "const size_t %s_ncol = (size_t)sc_tensor_dim_size(%s, 0);", h, h);
  workspace(L, sb, 1);
  if (o->accumulate) {
    LN(1, "{");
    static const sc_level_format vec[1] = {SC_LVL_COMPRESSED};
    LN(2, "static const sc_encoding sc__oenc = %s;", enc_init(L, 1, vec, 0, 0));
    LN(2, "sc_tensor *sc__old = NULL;");
    LN(2, "sc__st = sc_tensor_convert(&sc__old, %s, &sc__oenc);", h);
    LN(2, "if (sc__st != SC_OK) sc_fail(sc__st, \"%s\");", o->where);
    LN(2, "const size_t sc__onnz = sc_tensor_nnz(sc__old);");
    LN(2, "const uint64_t *sc__ocrd = (const uint64_t *)"
       "sc_tensor_coordinates(sc__old, 0);");
    LN(2, "const %s *sc__oval = (const %s *)sc_tensor_values(sc__old);",
       o->ctype, o->ctype);
    LN(2, "for (size_t sc__q = 0; sc__q < sc__onnz; sc__q++) {");
    LN(3, "const size_t sc__wj = (size_t)sc__ocrd[sc__q];");
    LN(3, "%s_mark[sc__wj] = 1; %s_w[sc__wj] = sc__oval[sc__q]; "
       "%s_list[%s_n++] = (int64_t)sc__wj;", h, h, h, h);
    LN(2, "}");
    LN(2, "sc_tensor_free(sc__old);");
    LN(1, "}");
  }
  sb_free(&t);
}

/* A 1-D output: the touched coordinates in order, appended. */
static void vec_epilogue(Lower *L, StrBuf *sb) {
  const AsmOut *o = L->out;
  const char *h = o->h;
  StrBuf t = {0};
  sort_touched(L, sb, 1);
  LN(1, "sc__st = sc_tensor_begin_append(%s);", h);
  LN(1, "if (sc__st != SC_OK) sc_fail(sc__st, \"%s\");", o->where);
  LN(1, "for (int64_t sc__a = 0; sc__a < %s_n; sc__a++) {", h);
  LN(2, "const int64_t sc__c = %s_list[sc__a];", h);
  if (o->filter) LN(2, "if (%s_w[sc__c] == 0) continue;", h);
  LN(2, "sc__st = sc_tensor_append(%s, &sc__c, &%s_w[sc__c]);", h, h);
  LN(2, "if (sc__st != SC_OK) sc_fail(sc__st, \"%s\");", o->where);
  LN(1, "}");
  LN(1, "sc__st = sc_tensor_end_append(%s);", h);
  LN(1, "if (sc__st != SC_OK) sc_fail(sc__st, \"%s\");", o->where);
  LN(1, "free(%s_w);", h);
  LN(1, "free(%s_mark);", h);
  LN(1, "free(%s_list);", h);
  sb_free(&t);
}

void asm_prologue(Lower *L, StrBuf *sb) {
  const AsmOut *o = L->out;
  if (!o) return;
  StrBuf t = {0};
  const char *h = o->h;
  if (o->staged) {
    /* C's contents (its pending inserts applied) in the staging levels */
    LN(1, "static const sc_encoding %s_senc = %s;", h,
       enc_init(L, 2, csr, o->row_dim, o->col_dim));
    LN(1, "sc_tensor *%s_stg = NULL;", h);
    LN(1, "sc__st = sc_tensor_convert(&%s_stg, %s, &%s_senc);", h, o->t->handle, h);
    LN(1, "if (sc__st != SC_OK) sc_fail(sc__st, \"%s\");", o->where);
    LN(1, "sc_tensor *const %s = %s_stg;", h, h);
  } else {
    LN(1, "sc_tensor *const %s = %s;", h, o->t->handle);
  }
  if (o->vec) {
    vec_prologue(L, sb);
    sb_free(&t);
    return;
  }
  if (o->pattern) {
    const char *sn = L->st[o->pat_st].name;
    const IrLoopVar *rv = &L->k->vars[o->row_var];
    const IrLoopVar *cv = &L->k->vars[o->col_var];
    LN(1, "int %s_pat = 0;", h);
    LN(1, "void *%s_pvp = NULL;", h);
    LN(1, "if ((int64_t)(%s) == sc_tensor_level_size(sc__%s, 0) && "
       "(int64_t)(%s) == sc_tensor_level_size(sc__%s, 1)) {",
       graph_affine_str(L, &rv->hi), sn, graph_affine_str(L, &cv->hi), sn);
    LN(2, "sc__st = sc_tensor_begin_append_pattern(%s, sc__%s, %d, &%s_pvp, "
       "&%s_pat);", h, sn, o->accumulate, h, h);
    LN(2, "if (sc__st != SC_OK) sc_fail(sc__st, \"%s\");", o->where);
    LN(1, "}");
    LN(1, "if (%s_pat) {", h);
    LN(2, "%s *const %s_pv = (%s *)%s_pvp;", o->ctype, h, o->ctype, h);
    LN(2, "size_t %s_nz = 0;", h);
    sb_puts(sb, o->pat_loops);
    LN(2, "sc__st = sc_tensor_end_append_pattern(%s, %s_nz);", h, h);
    LN(2, "if (sc__st != SC_OK) sc_fail(sc__st, \"%s\");", o->where);
    LN(1, "} else {");
  }
  const int d0 = o->d0;
  if (o->gustavson) {
    LN(d0, "const size_t %s_ncol = (size_t)sc_tensor_dim_size(%s, %d);", h, h,
       o->col_dim);
    if (o->accumulate) {
      /* the old contents, rows over C's first level */
      LN(d0, "static const sc_encoding %s_oenc = %s;", h,
         enc_init(L, 2, csr, o->row_dim, o->col_dim));
      LN(d0, "sc_tensor *%s_old = NULL;", h);
      LN(d0, "sc__st = sc_tensor_convert(&%s_old, %s, &%s_oenc);", h, h, h);
      LN(d0, "if (sc__st != SC_OK) sc_fail(sc__st, \"%s\");", o->where);
      LN(d0, "const uint64_t *%s_opos = (const uint64_t *)"
         "sc_tensor_positions(%s_old, 1);", h, h);
      LN(d0, "const uint64_t *%s_ocrd = (const uint64_t *)"
         "sc_tensor_coordinates(%s_old, 1);", h, h);
      LN(d0, "const %s *%s_oval = (const %s *)sc_tensor_values(%s_old);",
         o->ctype, h, o->ctype, h);
      LN(d0, "const int64_t %s_nrow = sc_tensor_dim_size(%s, %d);", h, h,
         o->row_dim);
      LN(d0, "int64_t %s_next = 0;", h);
    }
    workspace(L, sb, d0);
  }
  LN(d0, "int64_t *%s_crd = NULL;", h);
  LN(d0, "%s *%s_val = NULL;", o->ctype, h);
  LN(d0, "size_t %s_q = 0, %s_cap = 0, %s_rq = 0;", h, h, h);
  LN(d0, "sc__st = sc_tensor_begin_append(%s);", h);
  LN(d0, "if (sc__st != SC_OK) sc_fail(sc__st, \"%s\");", o->where);
  sb_free(&t);
}

void asm_epilogue(Lower *L, StrBuf *sb) {
  const AsmOut *o = L->out;
  if (!o) return;
  if (o->vec) {
    vec_epilogue(L, sb);
    return;
  }
  StrBuf t = {0};
  const char *h = o->h;
  const int d0 = o->d0;
  if (o->gustavson && o->accumulate) {
    copy_old_rows(L, sb, d0, arena_printf(L->arena, "%s_nrow", h));
    LN(d0, "sc_tensor_free(%s_old);", h);
  }
  LN(d0, "sc__st = sc_tensor_end_append_rows(%s, %s_q);", h, h);
  LN(d0, "if (sc__st != SC_OK) sc_fail(sc__st, \"%s\");", o->where);
  if (o->gustavson) {
    LN(d0, "free(%s_w);", h);
    LN(d0, "free(%s_mark);", h);
    LN(d0, "free(%s_list);", h);
  }
  if (o->pattern) LN(1, "}");
  if (o->staged) {
    /* into C's encoding (a narrow width that cannot hold it fails here) */
    LN(1, "sc__st = sc_tensor_assign(%s, %s);", o->t->handle, h);
    LN(1, "if (sc__st != SC_OK) sc_fail(sc__st, \"%s\");", o->where);
    LN(1, "sc_tensor_free(%s_stg);", h);
  }
  sb_free(&t);
}
