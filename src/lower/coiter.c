/* coiter.c — the loop emitter: walks the kernel's loop tree outermost
 * first and emits, per loop, one of
 *   - a dense loop (the source's header) where the body may have an effect
 *     at absent coordinates; sparse operands are located (searched), or
 *     an ordered level on the loop's variable walked by a merge cursor
 *     (merge_cursor.c: a union with a dense side, `y[i] += A[i][j] + x[j]`);
 *   - a position loop over one iterator (a compressed, singleton, loose or
 *     2:4 level; a block level followed by its dense `mod` level walks the
 *     block and then the entries inside it, i = ib * r + ii; a dense block
 *     level over its sparse `mod` level, as NV24, walks every block and
 *     the entries stored in it; an ELL counting level walks its slices and
 *     the row's entries in each);
 *   - a `while` merge over several iterators on the minimum coordinate,
 *     entering the body for the lattice points (intersection, union, ...);
 *   - for a single `=` into a dense element indexed by the loop variable:
 *     a fill loop with the absent value, then a sparse overwrite loop;
 *   - for a running extreme and its positions (argmax, argmin): the walk
 *     of argext.c.
 * A short innermost dense store loop (8-16 iterations) is kept rolled for
 * the C compiler's vectorizer (keep_rolled); in the scalar output, inside
 * a position loop over a row's entries, its updated elements (8-64) are
 * accumulated in a local block across the entries (emit_row_block; 17-64
 * elements on long rows only, short rows two entries a pass).
 * After a loop variable is bound, every level whose coordinate is now
 * known is located ("locate chain"): dense levels by arithmetic, others by
 * binary search. Absent operands read as a typed zero. A dense row loop
 * hands its pieces (RowLoopText: header, statements, walk, close) to
 * empty_rows.c. */
#include <ctype.h>
#include <string.h>

#include "base/ident.h"
#include "ir/ir_dump.h"
#include "lower/argext.h"
#include "lower/block_walk.h"
#include "lower/body_split.h"
#include "lower/coiter_int.h"
#include "lower/empty_rows.h"
#include "lower/lower_int.h"
#include "lower/merge_cursor.h"
#include "lower/row_carry.h"
#include "lower/short_rows.h"
#include "vector/overlap.h"
#include "vector/vconfig.h"
#include "vector/vectorize.h"

typedef struct Emit {
  Lower *L;
  const Scope *sc;
  unsigned zero;    /* sparse operands printed as absent (fill loops) */
} Emit;

void ln(Lower *L, StrBuf *sb, int depth, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  sb_vline(sb, L->k->indent, depth, fmt, ap);
  va_end(ap);
}

static const char *ind_str(Lower *L, int depth) {
  StrBuf sb = {0};
  sb_puts(&sb, L->k->indent ? L->k->indent : "");
  sb_indent(&sb, depth);
  const char *r = arena_strdup(L->arena, sb.data ? sb.data : "");
  sb_free(&sb);
  return r;
}

const char *elem_ctype(const IrTensor *t) {
  return t->elem_ctype ? t->elem_ctype : ir_elem_ctype(t->elem);
}

/* ---- accesses and statements ---- */

static void scatter_access(void *user, StrBuf *out, int a) { dense_access(user, out, a); }

static void scatter_index(void *user, StrBuf *out, int v) {
  sb_puts(out, graph_var_name(user, v));
}

void dense_access(Lower *L, StrBuf *out, int a) {
  const IrAccess *ac = &L->k->accesses[a];
  const IrTensor *t = &L->k->tensors[ac->tensor];
  if (ac->scatter) { /* `y[perm[i]]`: its subscripts read dense arrays */
    CPrintHooks h = {scatter_access, scatter_index, L};
    cprint_expr(out, ac->scatter, &h);
    return;
  }
  sb_puts(out, t->name);
  if (t->layout == IR_LAYOUT_FLAT && ac->nsub > 1) {
    StrBuf idx = {0};
    sb_printf(&idx, "(%s)", graph_affine_str(L, &ac->sub[0]));
    for (int d = 1; d < ac->nsub; d++) {
      StrBuf n = {0};
      sb_printf(&n, "(%s) * (%s) + (%s)", idx.data, t->extent[d],
                graph_affine_str(L, &ac->sub[d]));
      sb_free(&idx);
      idx = n;
    }
    sb_printf(out, "[%s]", idx.data);
    sb_free(&idx);
    return;
  }
  for (int d = 0; d < ac->nsub; d++)
    sb_printf(out, "[%s]", graph_affine_str(L, &ac->sub[d]));
}

static void hook_access(void *user, StrBuf *out, int a) {
  Emit *E = user;
  Lower *L = E->L;
  int s = L->access_st[a];
  const char *cur = asm_current(L, a);
  if (cur) { /* a guarded `=` of the sparse output keeps its element */
    sb_puts(out, cur);
    return;
  }
  if (s < 0) {
    dense_access(L, out, a);
    return;
  }
  STensor *st = &L->st[s];
  const char *zero = arena_printf(L->arena, "((%s)0)", elem_ctype(st->t));
  if (E->zero & (1u << s)) {
    sb_puts(out, zero);
    return;
  }
  if (st->inplace && !st->t->handle) { /* the current value, in place */
    dense_access(L, out, a);
    return;
  }
  const TBind *b = &E->sc->b[s];
  if (b->next != st->nlvl) {
    if (!L->refuse) L->refuse = "an operand's levels are not all bound";
    sb_puts(out, zero);
    return;
  }
  st->use_val = 1;
  if (b->in)
    sb_printf(out, "(%s ? sc__%s_val[%s] : %s)", b->in, st->name, b->p, zero);
  else
    sb_printf(out, "sc__%s_val[%s]", st->name, b->p);
}

static void hook_index(void *user, StrBuf *out, int v) {
  Emit *E = user;
  sb_puts(out, graph_var_name(E->L, v));
}

void emit_stmt(Lower *L, StrBuf *sb, const IrStmt *s, const Scope *sc,
               unsigned zero, int depth) {
  Emit E = {L, sc, zero};
  CPrintHooks h = {hook_access, hook_index, &E};
  StrBuf line = {0};
  if (asm_stmt_is_output(L, s)) { /* a sparse output (assemble.c) */
    cprint_expr(&line, s->rhs, &h);
    asm_emit_stmt(L, sb, s, line.data, depth);
    sb_free(&line);
    if (lat_has_sparse_product(L, s->rhs)) L->ieee_note = 1;
    return;
  }
  if (s->decl_ctype) sb_printf(&line, "%s ", s->decl_ctype);
  int ip = graph_inplace_lhs(L, s);
  const char *guard = NULL;
  if (ip >= 0 && L->st[ip].t->handle) {
    /* a stored value, written where it is stored: the statement has no
     * effect where the element is absent (lower.c checks), so a merge
     * position where it is absent is skipped */
    const STensor *st = &L->st[ip];
    const TBind *b = &sc->b[ip];
    if (b->next != st->nlvl || (zero & (1u << ip))) {
      if (!L->refuse) L->refuse = "an in-place update below unbound levels";
      sb_free(&line);
      return;
    }
    L->st[ip].use_val = 1;
    guard = b->in;
    sb_printf(&line, "sc__%s_val[%s]", st->name, b->p);
  } else if (lower_is_push(L, s) && s->op == IR_SET &&
             s->rhs->kind == IR_SELECT && lower_is_lhs(L, s->rhs->c, s)) {
    /* a guarded append stores only when its guard holds: `q[t]` may be
     * past the array's end otherwise */
    StrBuf g = {0};
    cprint_expr(&g, s->rhs->a, &h);
    dense_access(L, &line, s->lhs_access);
    sb_puts(&line, " = ");
    cprint_expr(&line, s->rhs->b, &h);
    ln(L, sb, depth, "if (%s) %s;", g.data, line.data);
    sb_free(&g);
    sb_free(&line);
    return;
  } else if (s->lhs_access >= 0 && L->acc_name &&
             s->lhs_access == L->acc_access) {
    sb_puts(&line, L->acc_name);
  } else if (s->lhs_access >= 0) {
    dense_access(L, &line, s->lhs_access);
  } else {
    sb_puts(&line, s->lhs_scalar);
  }
  const char *op = ir_op_text(s->op);
  sb_printf(&line, " %s ", op);
  cprint_expr(&line, s->rhs, &h);
  if (ip >= 0 && !ir_elem_integer(L->st[ip].t->elem))
    L->inplace_note = 1;
  if (guard) ln(L, sb, depth, "if (%s) %s;", guard, line.data);
  else ln(L, sb, depth, "%s;", line.data);
  sb_free(&line);
  if ((s->op == IR_ADDTO || s->op == IR_SUBFROM) &&
      lat_has_sparse_product(L, s->rhs))
    L->ieee_note = 1;
}

/* ---- locate chain ---- */

void mark_level(STensor *st, int l) {
  const LevelOps *o = st->lvl[l].ops;
  if (o->has_pos_array) st->use_pos[l] = 1;
  if (o->has_crd_array) st->use_crd[l] = 1;
  if (o->has_size) st->use_size[l] = 1;
}

/* Locates level b->next of st (its coordinate is known). */
static void locate_level(Lower *L, StrBuf *sb, STensor *st, TBind *b,
                         int depth) {
  int l = b->next;
  LvlInfo *li = &st->lvl[l];
  const char *ind = ind_str(L, depth);
  const char *p = arena_printf(L->arena, "sc__%s_p%d", st->name, l);
  mark_level(st, l);
  if (li->ops->locate_expr && !b->q) {
    ln(L, sb, depth, "const size_t %s = %s;", p,
       li->ops->locate_expr(&li->ref, b->p, li->coord));
    b->p = p;
    b->next++;
    return;
  }
  if (b->q && !li->ops->segment_child) {
    if (!L->refuse) L->refuse = "a level below a nonunique level";
    b->next++;
    return;
  }
  const char *in = arena_printf(L->arena, "sc__%s_in%d", st->name, l);
  ln(L, sb, depth, "size_t %s = 0;", p);
  ln(L, sb, depth, "int %s = 0;", in);
  if (b->q) {
    const char *lo, *hi;
    li->ops->pos_bounds(&li->ref, b->p, b->q, &lo, &hi);
    level_emit_search(&li->ref, sb, ind, b->in, lo, hi, li->coord, p, in);
  } else {
    li->ops->locate(&li->ref, sb, ind, b->in, b->p, li->coord, p, in);
  }
  b->q = NULL;
  if (st->inplace && !st->t->handle) /* its values are read in place */
    ln(L, sb, depth, "(void)%s; (void)%s;", p, in);
  if (!level_is_unique(&li->type)) {
    const char *lo, *hi;
    li->ops->pos_bounds(&li->ref, b->p, NULL, &lo, &hi);
    const char *q = arena_printf(L->arena, "sc__%s_q%d", st->name, l);
    ln(L, sb, depth, "size_t %s = %s + 1;", q, p);
    ln(L, sb, depth, "if (%s)", in);
    ln(L, sb, depth + 1,
       "while (%s < %s && sc__%s_crd%d[%s] == sc__%s_crd%d[%s]) %s++;", q, hi,
       st->name, l, q, st->name, l, p, q);
    b->q = q;
  }
  b->p = p;
  b->in = in;
  b->next++;
}

void chain(Lower *L, StrBuf *sb, Scope *sc, unsigned tensors, int depth) {
  for (int s = 0; s < L->nst; s++) {
    if (!(tensors & (1u << s))) continue;
    STensor *st = &L->st[s];
    TBind *b = &sc->b[s];
    while (b->next < st->nlvl && st->lvl[b->next].kind != LK_COUNT &&
           !(st->lvl[b->next].varmask & ~sc->bound))
      locate_level(L, sb, st, b, depth);
  }
}

/* ---- loops ---- */

static void emit_node(Lower *L, StrBuf *sb, const IrNode *n, const Scope *sc,
                      int depth);

/* emit_body's; when `w` is one of the children, where its text begins
 * and ends in sb go to *w_at and *w_end. */
static void emit_body_at(Lower *L, StrBuf *sb, const IrNode *loop,
                         const Scope *sc, unsigned zero, int depth,
                         const IrNode *w, size_t *w_at, size_t *w_end) {
  if (L->out) asm_row_begin(L, sb, loop, depth);
  for (int i = 0; i < loop->nbody; i++) {
    const IrNode *c = loop->body[i];
    if (c == w) *w_at = sb->len;
    if (c->kind == IR_NODE_STMT) emit_stmt(L, sb, &c->stmt, sc, zero, depth);
    else emit_node(L, sb, c, sc, depth);
    if (c == w) *w_end = sb->len;
  }
  if (L->out) asm_row_end(L, sb, loop, depth);
}

void emit_body(Lower *L, StrBuf *sb, const IrNode *loop,
               const Scope *sc, unsigned zero, int depth) {
  emit_body_at(L, sb, loop, sc, zero, depth, NULL, NULL, NULL);
}

int lower_uses_ident(const char *text, const char *id) {
  return ident_occurs(text, id);
}

/* Binds loop variable v from `value` at depth, declaring it when the
 * source declared it in the for header and the rest of the body uses it. */
void bind_var(Lower *L, StrBuf *sb, int v, const char *value,
              const char *rest, int depth) {
  const IrLoopVar *lv = &L->k->vars[v];
  if (lv->declared_in_header) {
    if (lower_uses_ident(rest, lv->name))
      ln(L, sb, depth, "const %s %s = (%s)(%s);", lv->ctype, lv->name,
         lv->ctype, value);
  } else {
    ln(L, sb, depth, "%s = (%s)(%s);", lv->name, lv->ctype, value);
  }
}

int affine_is_zero(const IrAffine *a) {
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

/* Whether the iterated levels may hold coordinates at or past the loop's
 * upper bound (the bound is not textually the dimension's extent). */
int hi_needed(Lower *L, const IrNode *n, unsigned drivers) {
  const IrLoopVar *lv = &L->k->vars[n->var];
  const char *hi = graph_affine_str(L, &lv->hi);
  for (int s = 0; s < L->nst; s++)
    if (drivers & (1u << s)) {
      const STensor *st = &L->st[s];
      for (int d = 0; d < st->t->rank; d++)
        if (st->dim_var[d] == n->var &&
            (st->dim_off[d] ||
             !(st->t->extent[d] && same_text(st->t->extent[d], hi))))
          return 1;
    }
  return 0;
}

/* The body of a loop over the stored coordinates of operand s: skip the
 * coordinates outside the loop's bounds, locate the other levels, count
 * the visit (counter, or NULL), then the statements. */
static void visited_body(Lower *L, StrBuf *rest, const IrNode *n, Scope *in,
                         int s, const char *counter, int d) {
  const IrLoopVar *lv = &L->k->vars[n->var];
  if (!affine_is_zero(&lv->lo))
    ln(L, rest, d, "if (%s < %s) continue;", lv->name,
       graph_affine_str(L, &lv->lo));
  if (hi_needed(L, n, 1u << s))
    ln(L, rest, d, "if (!(%s < %s)) break;", lv->name,
       graph_hi_str(L, lv));
  chain(L, rest, in, graph_subtree_tensors(L, n), d);
  if (counter) ln(L, rest, d, "%s++;", counter);
  emit_body(L, rest, n, in, 0, d);
}

/* The loop's bounds as one condition on v, or NULL when not needed. */
static const char *bound_cond(Lower *L, const IrNode *n, unsigned drivers) {
  const IrLoopVar *lv = &L->k->vars[n->var];
  StrBuf sb = {0};
  if (!affine_is_zero(&lv->lo))
    sb_printf(&sb, "%s >= %s", lv->name, graph_affine_str(L, &lv->lo));
  if (hi_needed(L, n, drivers))
    sb_printf(&sb, "%s%s < %s", sb.len ? " && " : "", lv->name,
              graph_hi_str(L, lv));
  const char *r = sb.len ? arena_strdup(L->arena, sb.data) : NULL;
  sb_free(&sb);
  return r;
}

/* ---- vectorization hook (src/vector): innermost loops are emitted as
 * scalar text first and handed to vec_emit with a printer for the accesses
 * that do not vary in the loop. ---- */

typedef struct VecUser {
  Lower *L;
  const Scope *sc;  /* the scope outside the loop */
  unsigned zero;
} VecUser;

static int vec_invariant(void *user, StrBuf *out, int a) {
  VecUser *u = user;
  int s = u->L->access_st[a];
  if (s < 0) return 0;
  if (!(u->zero & (1u << s)) && u->sc->b[s].next != u->L->st[s].nlvl)
    return 0;
  Emit E = {u->L, u->sc, u->zero};
  hook_access(&E, out, a);
  return 1;
}

/* The sparse operands of set, "A", "A and B", "A, B and C" (report). */
static const char *st_names(Lower *L, unsigned set) {
  StrBuf sb = {0};
  int k = 0, total = popc(set);
  for (int s = 0; s < L->nst; s++) {
    if (!(set & (1u << s))) continue;
    sb_printf(&sb, "%s%s", !k ? "" : k + 1 == total ? " and " : ", ",
              L->st[s].t->name);
    k++;
  }
  const char *r = arena_strdup(L->arena, sb.data ? sb.data : "");
  sb_free(&sb);
  return r;
}

/* With a SIMD backend on: the report line of an innermost loop that the
 * kernel's sparse output or in-place update keeps from the vectorizer
 * (returns 1), or 0 when neither applies. */
static int note_not_offered(Lower *L, const IrNode *n) {
  if (L->out) {
    vec_note_scalar(L, n, "the kernel writes the sparse output %s (its "
                    "entries are inserted one by one, in coordinate order)",
                    L->k->tensors[asm_tensor(L)].name);
    return 1;
  }
  if (L->inplace) {
    vec_note_scalar(L, n, "%s updated in place (its values are read and "
                    "written where they live, entry by entry)",
                    st_names(L, L->inplace));
    return 1;
  }
  return 0;
}

/* VecLoop.last_parent of dense loop n: the operands whose every level but
 * the last is bound, at a plain position (no segment to search, not walked
 * as a view), and whose last level is dense with the loop variable as its
 * coordinate (`(i : compressed, j : dense)`): their values lie at the
 * level's locate_expr(parent, v), contiguous in v; last_in: their presence
 * flag, when a co-iteration set one. */
static void dense_last_parents(Lower *L, const IrNode *n, const Scope *sc,
                               unsigned zero, VecLoop *vl) {
  for (int s = 0; s < L->nst; s++) {
    const STensor *st = &L->st[s];
    const TBind *b = &sc->b[s];
    const LvlInfo *li = &st->lvl[st->nlvl - 1];
    if ((zero & (1u << s)) || b->next != st->nlvl - 1 || b->q ||
        st->sliced || st->shifted || st->inplace ||
        li->type.format != SC_LVL_DENSE || li->kind != LK_IDENT ||
        li->var != n->var || li->aoff || !li->ops->locate_expr ||
        strcmp(li->coord, arena_printf(L->arena, "(uint64_t)(%s)",
                                       L->k->vars[n->var].name)))
      continue;
    vl->last_parent[s] = b->p;
    vl->last_in[s] = b->in;
  }
}

static void emit_dense_loop(Lower *L, StrBuf *sb, const IrNode *n,
                            const Scope *sc, unsigned zero, int depth) {
  if (!vec_innermost(n) || L->out || L->inplace ||
      L->k->vars[n->var].descending) { /* scalar loops for sparse outputs,
                                          in-place updates and loops
                                          counting down */
    if (!note_not_offered(L, n))
      vec_note_scalar(L, n, "a loop counting down (its order matters)");
    emit_dense_loop_scalar(L, sb, n, sc, zero, depth);
    return;
  }
  StrBuf scalar = {0};
  emit_dense_loop_scalar(L, &scalar, n, sc, zero, depth);
  VecUser u = {L, sc, zero};
  VecLoop vl = {.shape = VEC_DENSE, .n = n, .depth = depth, .zero = zero,
                .invariant = vec_invariant, .user = &u};
  dense_last_parents(L, n, sc, zero, &vl);
  vec_emit(L, &vl, scalar.data ? scalar.data : "", sb);
  sb_free(&scalar);
}

/* Whether n is an innermost dense loop of min to max iterations (constant
 * bounds) in the scalar output whose statements all store into dense
 * elements that move with the loop variable (SpMM's `C[i*16 + k] +=
 * A(i,j) * X[j*16 + k]`). Sparse outputs and in-place updates: no. */
static int dense_store_loop(const Lower *L, const IrNode *n, int64_t min,
                            int64_t max) {
  const IrLoopVar *lv = &L->k->vars[n->var];
  if (L->out || L->inplace || !vec_innermost(n) || n->nbody == 0) return 0;
  if (lv->lo.sym || lv->hi.sym) return 0;
  for (int v = 0; v < IR_MAX_VARS; v++)
    if (lv->lo.coef[v] || lv->hi.coef[v]) return 0;
  int64_t trip = lv->hi.constant - lv->lo.constant;
  if (trip < min || trip > max) return 0;
  for (int i = 0; i < n->nbody; i++) {
    const IrStmt *s = &n->body[i]->stmt;
    if (s->lhs_access < 0 || s->decl_ctype) return 0;
    if (L->access_st[s->lhs_access] >= 0) return 0;
    const IrAccess *ac = &L->k->accesses[s->lhs_access];
    int moves = 0;
    for (int d = 0; d < ac->nsub; d++)
      if (ac->sub[d].coef[n->var]) moves = 1;
    if (!moves) return 0;
  }
  return 1;
}

/* Such a loop of 8 to 16 iterations: gcc -O3 unrolls it completely and
 * then no longer vectorizes it, because the unrolled block has no overlap
 * check between the stored and the read arrays; kept as a loop, it is
 * vectorized behind the compiler's own run-time overlap test. `#pragma GCC
 * unroll 1` (gcc 8+, clang) says so; it changes no result. */
static int keep_rolled(const Lower *L, const IrNode *n) {
  return dense_store_loop(L, n, 8, 16);
}

/* An innermost dense loop whose one statement updates (`+=`, `-=`) a
 * dense element that does not move with the loop (SDDMM into a dense
 * array, `D[i][j] += S(i,j) * U[i][k] * V[j][k]`; a reduction over a dense
 * level, `r[i] += ...`), where the element is read nowhere else in the
 * loop and every array is a declared one (overlap.h: no pointer that could
 * reach the element): the element is loaded into a local before the loop,
 * updated there in the program's order, and stored once after it. The C
 * compiler cannot do this itself: the sparse operand's values are read
 * through a pointer that may, as far as it knows, point at the element, so
 * each update would otherwise wait for the previous one's store. */
static int scalar_acc_ok(const Lower *L, const IrNode *n) {
  if (L->out || L->inplace || !vec_innermost(n) || n->nbody != 1 ||
      n->body[0]->kind != IR_NODE_STMT)
    return 0;
  const IrStmt *s = &n->body[0]->stmt;
  if (s->lhs_access < 0 || s->decl_ctype || L->access_st[s->lhs_access] >= 0 ||
      (s->op != IR_ADDTO && s->op != IR_SUBFROM) || lower_is_push(L, s))
    return 0;
  const IrAccess *ac = &L->k->accesses[s->lhs_access];
  for (int d = 0; d < ac->nsub; d++)
    if (ac->sub[d].coef[n->var]) return 0;
  if (graph_reads_tensor(L, n, ac->tensor)) return 0;
  OvSet os;
  memset(&os, 0, sizeof os);
  return ov_add(L, &os, s->lhs_access, s->rhs) && !ov_needed(L, &os);
}

/* Rows paired (SpMM `C[i][k] += D[i][j] * B[j][k]`, B `(j : compressed,
 * k : dense)`, D dense): a dense loop i whose one inner loop walks the
 * entries of B's top level, the same entries for every i, around the k
 * loop (the register-blocked nest, vec_emit_nest). One walk of B's rows
 * then serves rows i and i + 1, with both rows' blocks of C in registers:
 * B's rows (64 KB in the benchmark, more than the first-level cache) are
 * read once for two rows of C instead of once a row. Every element of C
 * still receives its updates in the program's order (each row's in j
 * order; the two rows write apart elements and read nothing either
 * writes: VecPair), so the results are the loop's, bit for bit:
 *
 *   #if <backend>
 *   { int i = lo;
 *     for (; i + 1 < hi; i += 2) { <the nest for rows i and i + 1> }
 *     if (i < hi) { <the nest for row i, as without pairing> } }
 *   #else
 *   <the loop as without pairing>
 *   #endif */
typedef struct RowPair {
  const IrNode *node; /* the inner loop offered the pairing */
  VecPair vp;         /* what vec_emit_nest made of the offer */
  const char *body;   /* the inner loop's text, as emitted (the loop's body
                         when it is all the loop holds) */
  int st;             /* the operand whose entries it walks */
} RowPair;

static int row_pair_candidate(Lower *L, const IrNode *n) {
  const IrLoopVar *lv = &L->k->vars[n->var];
  for (int a = 0; a < L->k->naccesses; a++)
    if (L->k->accesses[a].scatter) return 0; /* two rows, one element */
  const IrNode *m = n->nbody == 1 ? n->body[0] : NULL; /* j, around k */
  return !L->pair && !L->out && !L->inplace && m &&
         m->kind == IR_NODE_LOOP && m->nbody == 1 && vec_innermost(m->body[0]) &&
         !lv->descending && lv->declared_in_header && vec_simd_on(L);
}

static void emit_row_pair(Lower *L, StrBuf *sb, const IrNode *n,
                          const Scope *sc, unsigned zero, int depth) {
  const IrLoopVar *lv = &L->k->vars[n->var];
  RowPair rp = {.node = n->body[0], .vp = {.var = n->var}};
  StrBuf full = {0};
  L->pair = &rp;
  emit_dense_loop_scalar(L, &full, n, sc, zero, depth);
  L->pair = NULL;
  /* paired only when the loop is its header, the nest and its close */
  const char *f = full.data ? full.data : "";
  const char *nl = strchr(f, '\n');
  size_t head = nl ? (size_t)(nl - f) + 1 : 0, blen = rp.body ? strlen(rp.body) : 0;
  StrBuf close = {0};
  ln(L, &close, depth, "}");
  if (!rp.vp.text.len || !rp.body || !nl ||
      full.len != head + blen + close.len ||
      strncmp(f + head, rp.body, blen) || strcmp(f + head + blen, close.data)) {
    sb_puts(sb, f);
  } else {
    const char *lo = graph_affine_str(L, &lv->lo);
    const char *hi = graph_hi_str(L, lv);
    sb_printf(sb, "#if defined(__GNUC__) && %s\n", rp.vp.guard);
    ln(L, sb, depth, "{");
    ln(L, sb, depth + 1, "%s %s = %s;", lv->ctype, lv->name, lo);
    ln(L, sb, depth + 1, "for (; %s + 1 < %s; %s += 2) {", lv->name, hi,
       lv->name);
    sb_puts(sb, rp.vp.text.data);
    ln(L, sb, depth + 1, "}");
    ln(L, sb, depth + 1, "if (%s < %s) {", lv->name, hi);
    sb_indent_lines(sb, rp.body, 1);
    ln(L, sb, depth + 1, "}");
    ln(L, sb, depth, "}");
    sb_puts(sb, "#else\n");
    sb_puts(sb, f);
    sb_puts(sb, "#endif\n");
    lower_note(L, "loop %s: rows paired: rows %s and %s + 1 at once, blocks "
               "of %d vector values of each held across one walk of the "
               "entries of %s (the same for every %s); an odd last row "
               "alone", lv->name, lv->name, lv->name, rp.vp.nv,
               L->st[rp.st].t->name, lv->name);
  }
  sb_free(&close);
  sb_free(&full);
  sb_free(&rp.vp.text);
}

void emit_dense_loop_scalar(Lower *L, StrBuf *sb, const IrNode *n,
                            const Scope *sc, unsigned zero, int depth) {
  if (row_pair_candidate(L, n)) {
    emit_row_pair(L, sb, n, sc, zero, depth);
    return;
  }
  const IrLoopVar *lv = &L->k->vars[n->var];
  Scope in = *sc;
  in.bound |= 1u << n->var;
  if (!L->acc_name && scalar_acc_ok(L, n)) {
    const IrStmt *s = &n->body[0]->stmt;
    const IrTensor *t = &L->k->tensors[L->k->accesses[s->lhs_access].tensor];
    StrBuf a = {0};
    dense_access(L, &a, s->lhs_access);
    const char *acc = arena_printf(L->arena, "sc__ra%d", L->uniq++);
    ln(L, sb, depth, "if (%s < %s) {", graph_affine_str(L, &lv->lo),
       graph_hi_str(L, lv));
    ln(L, sb, depth + 1, "%s %s = %s;", elem_ctype(t), acc, a.data);
    L->acc_name = acc;
    L->acc_access = s->lhs_access;
    emit_dense_loop_scalar(L, sb, n, sc, zero, depth + 1);
    L->acc_name = NULL;
    ln(L, sb, depth + 1, "%s = %s;", a.data, acc);
    ln(L, sb, depth, "}");
    if (!(L->rolled_noted & (1u << n->var)))
      lower_note(L, "loop %s: %s updated in a local across the loop (stored "
                 "once after it)", lv->name, a.data);
    L->rolled_noted |= 1u << n->var;
    sb_free(&a);
    return;
  }
  Cursor cur[LW_MAX_SPARSE];
  const unsigned cm = cursor_mask(L, n, sc, zero);
  cursor_begin(L, sb, sc, cm, cur, depth);
  const size_t loop_at = sb->len; /* a carried row begin goes here */
  if (keep_rolled(L, n)) {
    if (!(L->rolled_noted & (1u << n->var)))
      lower_note(L, "loop %s: kept rolled (`#pragma GCC unroll 1`) so the "
                    "C compiler vectorizes it behind its own overlap test",
                 lv->name);
    L->rolled_noted |= 1u << n->var;
    ln(L, sb, depth, "#pragma GCC unroll 1");
  }
  if (lv->descending)
    ln(L, sb, depth, "for (%s%s%s = (%s) - 1; %s >= %s; %s--) {",
       lv->declared_in_header ? lv->ctype : "",
       lv->declared_in_header ? " " : "", lv->name,
       graph_hi_str(L, lv), lv->name, graph_affine_str(L, &lv->lo),
       lv->name);
  else
    ln(L, sb, depth, "for (%s%s%s = %s; %s < %s; %s++) {",
       lv->declared_in_header ? lv->ctype : "",
       lv->declared_in_header ? " " : "", lv->name,
       graph_affine_str(L, &lv->lo), lv->name,
       graph_hi_str(L, lv), lv->name);
  /* the loop's pieces, for empty_rows.c */
  RowLoopText rl = {.head = loop_at, .body = sb->len};
  unsigned rel = graph_subtree_tensors(L, n) & ~zero;
  cursor_step(L, sb, &in, cm, cur, depth + 1);
  Scope located = in;
  chain(L, sb, &in, rel, depth + 1);
  RowCarry rc, *outer = L->carry;
  row_carry_offer(L, &rc, n, &located, &in);
  L->carry = &rc;
  ShortRows sr, *outer_sr = L->short_rows;
  short_rows_offer(L, &sr, &rc);
  if (sr.walk && !cm) L->short_rows = &sr;
  emit_body_at(L, sb, n, &in, zero, depth + 1, rc.walk, &rl.walk,
               &rl.walk_end);
  L->short_rows = outer_sr;
  L->carry = outer;
  rl.close = sb->len;
  ln(L, sb, depth, "}");
  if (!cm && !keep_rolled(L, n)) empty_rows_emit(L, &rc, &rl, sb, depth);
  row_carry_finish(L, &rc, sb, loop_at, depth);
  if (cm) L->ncursors++;
  short_rows_finish(L, &sr, &rc);
}

/* For a level walked as a slice view (aoff), on an ordered level with a
 * coordinate array: the range starts at the first stored coordinate
 * >= aoff + astride * lo, the first the loop over v can read. */
static void slice_begin(Lower *L, STensor *st, int l, const IrNode *n,
                        const char **begin, const char *end) {
  LvlInfo *li = &st->lvl[l];
  if (!li->aoff || !level_is_ordered(&li->type) || !li->ops->has_crd_array)
    return;
  const char *crd = level_crd_name(&li->ref);
  const char *key = arena_printf(
      L->arena, "(int64_t)(%s) + %lld * (int64_t)(%s)", li->aoff,
      (long long)li->astride,
      graph_affine_str(L, &L->k->vars[n->var].lo));
  *begin = arena_printf(L->arena,
                        "sc_crd_lower_bound(%s, sizeof *%s, %s, %s, "
                        "%s < 0 ? 0 : (uint64_t)(%s))",
                        crd, crd, *begin, end, key, key);
}

/* The bound a of a band as an unsigned search key (a negative bound: 0). */
static const char *band_key(Lower *L, const IrAffine *a) {
  const char *key = graph_affine_str(L, a);
  return arena_printf(L->arena,
                      "(int64_t)(%s) < 0 ? 0 : (uint64_t)(int64_t)(%s)", key,
                      key);
}

/* Whether the loop n over level l of tensor s can have its walk clamped to
 * its bounds by a search (band_range): an ordered level with a coordinate
 * array, its coordinate the loop variable alone. */
static int clamp_walk_ok(const Lower *L, int s, int l) {
  const LvlInfo *li = &L->st[s].lvl[l];
  return li->kind == LK_IDENT && !li->aoff && level_is_ordered(&li->type) &&
         li->ops->has_crd_array;
}

/* Whether the loop n over level l of tensor s walks a band (band_range). */
static int band_walk_ok(const Lower *L, int s, int l, const IrNode *n) {
  const IrLoopVar *lv = &L->k->vars[n->var];
  return (lv->lo.nalt || lv->hi.nalt) && clamp_walk_ok(L, s, l);
}

/* With a SIMD backend: whether the loop n over level l of tensor s tests a
 * bound on its entries (`for (j = 5; j < n - 7; j++)`, a triangle's `j <
 * i`) that a search can take instead (band_range), so that the positions
 * between are walked without a test, and vectorized. The scalar output
 * keeps its tests (a `continue` below the lower bound, a `break` at the
 * upper one). */
static int range_walk_ok(Lower *L, int s, int l, const IrNode *n) {
  const IrLoopVar *lv = &L->k->vars[n->var];
  return (!affine_is_zero(&lv->lo) || hi_needed(L, n, 1u << s)) &&
         clamp_walk_ok(L, s, l);
}

static int clamp_range(Lower *L, StrBuf *sb, int s, int l, const IrNode *n,
                       const char **begin, const char **lim, int depth);

/* A loop with a band bound (`j = MAX(0, i - BW)`, `j <= MIN(N - 1, i +
 * BW)`, ispace.h) over an ordered level: its walk runs from the first
 * stored coordinate >= the lower bound to the first >= the upper bound
 * and tests neither bound on its entries. Both are found by the runtime
 * header's inline band search for the level's coordinate type, the keys
 * and the positions named (sc__A_lo1, sc__A_hi1; sc__A_b1, sc__A_z1: the
 * row prefetch reads them too):
 *
 *   const uint64_t sc__A_lo1 = <lower bound>;
 *   const uint64_t sc__A_hi1 = <upper bound>;
 *   size_t sc__A_z1;
 *   const size_t sc__A_b1 = sc_band_u64(sc__A_crd1, BEGIN, END, sc__A_lo1,
 *                                       sc__A_hi1, SC_BAND_UNIQUE, &sc__A_z1);
 *
 * A short row the band covers is taken whole after two loads; other rows
 * test their first coordinate, then search (sparsecc_rt.h). A band with
 * no upper bound to test searches its begin alone (sc_band_begin_u64, the
 * end is END); with no lower bound, the lower key is 0. BEGIN is the row's
 * begin carried from the row before when the caller took it (row_carry.c).
 * Returns 1 when it did, with *begin and *lim the names. */
static int band_range(Lower *L, StrBuf *sb, int s, int l, const IrNode *n,
                      const char **begin, const char **lim, int depth) {
  return band_walk_ok(L, s, l, n) &&
         clamp_range(L, sb, s, l, n, begin, lim, depth);
}

/* band_range's search, for a band or (range_walk_ok) any bounds. */
static int clamp_range(Lower *L, StrBuf *sb, int s, int l, const IrNode *n,
                       const char **begin, const char **lim, int depth) {
  STensor *st = &L->st[s];
  LvlInfo *li = &st->lvl[l];
  const IrLoopVar *lv = &L->k->vars[n->var];
  const char *crd = level_crd_name(&li->ref);
  /* "uint32_t": the searches' suffix "u32" */
  const char *ty = li->ref.crd_type;
  const char *sfx = arena_printf(L->arena, "u%.*s", (int)(strlen(ty) - 6),
                                 ty + 4);
  const char *lo = arena_printf(L->arena, "sc__%s_lo%d", st->name, l);
  const char *hi = arena_printf(L->arena, "sc__%s_hi%d", st->name, l);
  const char *b = arena_printf(L->arena, "sc__%s_b%d", st->name, l);
  const char *z = arena_printf(L->arena, "sc__%s_z%d", st->name, l);
  const int lo_searched = !affine_is_zero(&lv->lo);
  if (lo_searched)
    ln(L, sb, depth, "const uint64_t %s = %s;", lo, band_key(L, &lv->lo));
  if (hi_needed(L, n, 1u << s)) {
    ln(L, sb, depth, "const uint64_t %s = %s;", hi, band_key(L, &lv->hi));
    ln(L, sb, depth, "size_t %s;", z);
    ln(L, sb, depth,
       "const size_t %s = sc_band_%s(%s, %s, %s, %s, %s, %s, &%s);", b, sfx,
       crd, *begin, *lim, lo_searched ? lo : "0", hi,
       level_is_unique(&li->type) ? "SC_BAND_UNIQUE" : "SC_BAND_NONUNIQUE", z);
  } else {
    ln(L, sb, depth, "const size_t %s = %s;", b,
       lo_searched ? arena_printf(L->arena, "sc_band_begin_%s(%s, %s, %s, %s)",
                                  sfx, crd, *begin, *lim, lo)
                   : *begin);
    ln(L, sb, depth, "const size_t %s = %s;", z, *lim);
  }
  *begin = b;
  *lim = z;
  StrBuf blo = {0}, bhi = {0}; /* the band as the IR dump prints it */
  ir_affine_print(L->k, &lv->lo, &blo);
  ir_affine_print(L->k, &lv->hi, &bhi);
  if (lv->lo.nalt || lv->hi.nalt)
    lower_note(L, "loop %s: the walk of %s clamped to the band [%s, %s): a "
               "short row inside it taken whole, other rows' first "
               "coordinate tested, then searched", lv->name, st->t->name,
               blo.data, bhi.data);
  else
    lower_note(L, "loop %s: the walk of %s clamped to the range [%s, %s) "
               "of %s by a search of each segment's coordinates (a row; a "
               "column of CSC), its entries then walked without a test of "
               "the bounds (a short segment inside it taken whole)",
               lv->name, st->t->name, blo.data, bhi.data, lv->name);
  sb_free(&blo);
  sb_free(&bhi);
  return 1;
}

/* Range [begin, end) of the next level of s, guarded by its presence. */
void range_of(Lower *L, STensor *st, const TBind *b, const char **begin,
              const char **end) {
  LvlInfo *li = &st->lvl[b->next];
  li->ops->pos_bounds(&li->ref, b->p, b->q, begin, end);
  if (b->in) {
    *begin = arena_printf(L->arena, "(%s ? %s : 0)", b->in, *begin);
    *end = arena_printf(L->arena, "(%s ? %s : 0)", b->in, *end);
  }
}

static void emit_single_scalar(Lower *L, StrBuf *sb, const IrNode *n,
                               const Scope *sc, int s, const char *counter,
                               int depth, const char *pf);

/* Whether the next level of st is a dense `v floordiv r` level directly
 * over its ordered, unique, non-full `v mod r` partner (the 2:4 level of
 * NV24): a loop over v walks every block and the entries stored in it. */
int dense_blocks_ok(const STensor *st, const TBind *b, int v) {
  const LvlInfo *li = &st->lvl[b->next];
  if (li->kind != LK_FLOOR || li->var != v || !li->ops->full || b->q ||
      li->partner != b->next + 1)
    return 0;
  const LvlInfo *lm = &st->lvl[li->partner];
  return !lm->ops->full && lm->ops->coord_pos_iter &&
         level_is_unique(&lm->type) && level_is_ordered(&lm->type);
}

/* The loop for dense_blocks_ok: for each block c of the dense floor level,
 * the positions of its mod level, v = c * r + crd. Entries a padded level
 * stores past the extent (the last, partial block) are skipped. */
static void emit_dense_blocks(Lower *L, StrBuf *sb, const IrNode *n,
                              const Scope *sc, int s, const char *counter,
                              int depth) {
  STensor *st = &L->st[s];
  const TBind *b0 = &sc->b[s];
  int l = b0->next, m = l + 1;
  LvlInfo *li = &st->lvl[l], *lm = &st->lvl[m];
  const IrLoopVar *lv = &L->k->vars[n->var];
  const char *fb, *fe, *mb, *me;
  range_of(L, st, b0, &fb, &fe);
  mark_level(st, l);
  mark_level(st, m);
  const char *pf = arena_printf(L->arena, "sc__%s_p%d", st->name, l);
  const char *ef = arena_printf(L->arena, "sc__%s_e%d", st->name, l);
  const char *pm = arena_printf(L->arena, "sc__%s_p%d", st->name, m);
  const char *em = arena_printf(L->arena, "sc__%s_e%d", st->name, m);
  const char *c = arena_printf(L->arena, "sc__%s_c%d", st->name, l);
  lm->ops->pos_bounds(&lm->ref, pf, NULL, &mb, &me);
  ln(L, sb, depth, "{");
  ln(L, sb, depth + 1, "const size_t %s = %s;", ef, fe);
  ln(L, sb, depth + 1, "for (size_t %s = %s; %s < %s; %s++) {", pf, fb, pf, ef,
     pf);
  int d = depth + 2;
  ln(L, sb, d, "const uint64_t %s = %s;", c, li->ops->coord_at(&li->ref, pf));
  ln(L, sb, d, "const size_t %s = %s;", em, me);
  ln(L, sb, d, "for (size_t %s = %s; %s < %s; %s++) {", pm, mb, pm, em, pm);
  Scope in = *sc;
  in.bound |= 1u << n->var;
  TBind *b = &in.b[s];
  b->next = m + 1;
  b->p = pm;
  b->q = NULL;
  b->in = NULL;
  StrBuf rest = {0};
  ln(L, &rest, d + 1, "if ((int64_t)(%s) >= sc__%s_dims[%d]) break;", lv->name,
     st->name, li->dim);
  st->use_dims = 1;
  visited_body(L, &rest, n, &in, s, counter, d + 1);
  bind_var(L, sb, n->var,
           arena_printf(L->arena, "%s * %lld + %s", c, (long long)li->div,
                        lm->ops->coord_at(&lm->ref, pm)),
           rest.data ? rest.data : "", d + 1);
  sb_puts(sb, rest.data ? rest.data : "");
  sb_free(&rest);
  ln(L, sb, d, "}");
  ln(L, sb, depth + 1, "}");
  ln(L, sb, depth, "}");
}


/* The user of an n_out_of_m loop's printers: vec_invariant's, and the
 * operand whose dense group level lf is over the n_out_of_m level lf + 1,
 * the row's first position and its group's coordinate (C names). */
typedef struct NmUser {
  VecUser vu; /* first: vec_invariant reads it */
  const STensor *st;
  int lf;
  const char *begin, *g0;
} NmUser;

/* The coordinate at position q of an n_out_of_m level (VecLoop.coord):
 * its group's (g0 + (q - begin) / n), times m, plus the stored one. */
static const char *nm_coord(void *user, const char *q) {
  const NmUser *u = user;
  const LvlInfo *li = &u->st->lvl[u->lf], *lm = &u->st->lvl[u->lf + 1];
  return arena_printf(u->vu.L->arena, "((%s + ((size_t)(%s) - %s) / %d) * "
                      "%lld + %s)", u->g0, q, u->begin, lm->type.n,
                      (long long)li->div, lm->ops->coord_at(&lm->ref, q));
}

/* The loop for dense_blocks_ok offered to the vectorizer (with a SIMD
 * backend or partial sums): the positions of the groups of one row are
 * contiguous, [group begin * n, group end * n), the coordinate at q being
 * nm_coord; the end excludes the padding a last partial group stores past
 * the extent (a suffix: its coordinates ascend). Returns 0 (nothing
 * emitted) when the loop is not innermost, writes a sparse output or
 * updates in place, or the output is the plain scalar one. */
static int emit_dense_blocks_vec(Lower *L, StrBuf *sb, const IrNode *n,
                                 const Scope *sc, int s, const char *counter,
                                 int depth) {
  STensor *st = &L->st[s];
  const TBind *b0 = &sc->b[s];
  int l = b0->next;
  const LvlInfo *li = &st->lvl[l], *lm = &st->lvl[l + 1];
  const IrLoopVar *lv = &L->k->vars[n->var];
  int nn = lm->type.n;
  if (!vec_innermost(n) || L->out || L->inplace) return 0;
  VecConfig cfg; /* the scalar output keeps its loop as it is */
  vec_config(L->arena, L->ctx->opts, L->k->vec_pragma, L->ctx->clang_args,
             L->ctx->nclang_args, &cfg);
  if (!cfg.ops && cfg.psums <= 1) return 0;
  StrBuf scalar = {0};
  emit_dense_blocks(L, &scalar, n, sc, s, counter, depth + 1);
  const char *fb, *fe;
  range_of(L, st, b0, &fb, &fe);
  /* the range and the first group's coordinate, named once before the
   * loops (the scalar loop does not use them) */
  const char *begin = arena_printf(L->arena, "sc__%s_b%d", st->name, l + 1);
  const char *end = arena_printf(L->arena, "sc__%s_n%d", st->name, l + 1);
  const char *g0 = arena_printf(L->arena, "sc__%s_g%d", st->name, l + 1);
  NmUser u = {{L, sc, 0}, st, l, begin, g0};
  st->use_dims = 1;
  ln(L, sb, depth, "{");
  ln(L, sb, depth + 1, "const size_t %s = (size_t)(%s) * %d;", begin, fb, nn);
  ln(L, sb, depth + 1, "const uint64_t %s = %s;", g0,
     li->ops->coord_at(&li->ref, fb));
  /* less the entries of the last group at or past the extent (at most n:
   * the groups before it end inside) */
  ln(L, sb, depth + 1, "size_t %s = (size_t)(%s) * %d;", end, fe, nn);
  ln(L, sb, depth + 1, "while (%s > %s && (int64_t)%s >= sc__%s_dims[%d]) %s--;",
     end, begin, nm_coord(&u, arena_printf(L->arena, "%s - 1", end)),
     st->name, li->dim, end);
  VecLoop vl = {
      .shape = VEC_POSITIONS, .n = n, .depth = depth + 1, .st = s,
      .lvl = l + 1,
      .p = arena_printf(L->arena, "sc__%s_p%d", st->name, l + 1),
      .begin = begin, .end = end,
      .counter = counter, .ordered = 1,
      .checks_bounds = !affine_is_zero(&lv->lo) || hi_needed(L, n, 1u << s),
      .coord = nm_coord,
      .coord_desc = arena_printf(L->arena, "over the groups of the "
                                 "n_out_of_m[%d, %lld] level of %s (a row's "
                                 "positions contiguous; coordinates group * "
                                 "%lld + crd computed per chunk)", nn,
                                 (long long)li->div, st->t->name,
                                 (long long)li->div),
      .invariant = vec_invariant, .user = &u};
  vec_emit(L, &vl, scalar.data ? scalar.data : "", sb);
  ln(L, sb, depth, "}");
  sb_free(&scalar);
  return 1;
}

/* The level a loop over v walks after an ELL counting level at b->next:
 * the levels between are full, locatable and bound; the level is a plain,
 * ordered, unique, non-full level of v. -1 when there is none. */
static int count_walk_level(const STensor *st, const TBind *b, int v,
                            unsigned bound) {
  if (b->next >= st->nlvl || st->lvl[b->next].kind != LK_COUNT || b->q)
    return -1;
  for (int l = b->next + 1; l < st->nlvl; l++) {
    const LvlInfo *li = &st->lvl[l];
    if (li->varmask & (1u << v))
      return li->kind == LK_IDENT && li->var == v && !li->aoff &&
                     !li->ops->full &&
                     li->ops->coord_pos_iter && level_is_unique(&li->type) &&
                     level_is_ordered(&li->type)
                 ? l : -1;
    if (!li->ops->full || !li->ops->locate_expr || (li->varmask & ~bound) ||
        li->kind == LK_COUNT)
      return -1;
  }
  return -1;
}

int count_walk_ok(const Lower *L, const STensor *st, const TBind *b,
                  int v, unsigned bound) {
  (void)L;
  return count_walk_level(st, b, v, bound) >= 0;
}

/* The loop for count_walk_ok (ELL): for each slice of the counting level,
 * the bound levels below it located, then the positions of v's level. The
 * s-th stored entries of a row come in slice order, so coordinates come
 * ascending, as from one compressed row. */
static void emit_count_walk(Lower *L, StrBuf *sb, const IrNode *n,
                            const Scope *sc, int s, const char *counter,
                            int depth) {
  STensor *st = &L->st[s];
  const TBind *b0 = &sc->b[s];
  int l = b0->next;
  int t = count_walk_level(st, b0, n->var, sc->bound);
  LvlInfo *li = &st->lvl[l], *lt = &st->lvl[t];
  const char *sb0, *se0;
  range_of(L, st, b0, &sb0, &se0);
  mark_level(st, l);
  mark_level(st, t);
  const char *ps = arena_printf(L->arena, "sc__%s_p%d", st->name, l);
  const char *es = arena_printf(L->arena, "sc__%s_e%d", st->name, l);
  const char *pt = arena_printf(L->arena, "sc__%s_p%d", st->name, t);
  const char *et = arena_printf(L->arena, "sc__%s_e%d", st->name, t);
  (void)li;
  ln(L, sb, depth, "{");
  ln(L, sb, depth + 1, "const size_t %s = %s;", es, se0);
  ln(L, sb, depth + 1, "for (size_t %s = %s; %s < %s; %s++) {", ps, sb0, ps,
     es, ps);
  int d = depth + 2;
  Scope in = *sc;
  TBind *b = &in.b[s];
  b->next = l + 1;
  b->p = ps;
  b->q = NULL;
  b->in = NULL;
  while (b->next < t) locate_level(L, sb, st, b, d);
  const char *tb, *te;
  lt->ops->pos_bounds(&lt->ref, b->p, NULL, &tb, &te);
  ln(L, sb, d, "const size_t %s = %s;", et, te);
  ln(L, sb, d, "for (size_t %s = %s; %s < %s; %s++) {", pt, tb, pt, et, pt);
  in.bound |= 1u << n->var;
  b->next = t + 1;
  b->p = pt;
  StrBuf rest = {0};
  visited_body(L, &rest, n, &in, s, counter, d + 1);
  bind_var(L, sb, n->var, lt->ops->coord_at(&lt->ref, pt),
           rest.data ? rest.data : "", d + 1);
  sb_puts(sb, rest.data ? rest.data : "");
  sb_free(&rest);
  ln(L, sb, d, "}");
  ln(L, sb, depth + 1, "}");
  ln(L, sb, depth, "}");
}

/* ---- the scalar row block (docs/lowering.md, "Row blocks") ---- */

#define RB_CHUNK 8     /* elements of a block updated by one inner loop */
#define RB_MAX_STMTS 4
#define RB_WIDE_MAX 64 /* elements of all the blocks of a wide row block */
#define RB_MIN_ROW 6   /* entries of a row that takes a wide row block */

/* Whether the pair (position loop over var jv, innermost dense loop
 * `inner`) of a scalar kernel may accumulate its written elements in a
 * local block across the entries: the inner loop is one keep_rolled keeps
 * rolled (8-16 iterations; returns 1) or a wide one (17 and more, at most
 * RB_WIDE_MAX elements in all the blocks; returns 2), with constant
 * bounds and every statement storing into a dense element that moves
 * with it; both loop variables are declared in their headers, every
 * statement is a `+=` / `-=` of a floating-point element that does not
 * move with jv, no two statements write the same array and no statement
 * reads an array that is written. Vectorization on (sparsecc's own
 * register blocks) or `novectorize`: 0. */
static int row_block_ok(const Lower *L, const IrNode *inner, int jv) {
  int kind = keep_rolled(L, inner) ? 1
             : dense_store_loop(L, inner, 17, RB_WIDE_MAX) ? 2 : 0;
  if (!kind || inner->nbody > RB_MAX_STMTS) return 0;
  const IrLoopVar *kl = &L->k->vars[inner->var];
  if (kind == 2 &&
      (kl->hi.constant - kl->lo.constant) * inner->nbody > RB_WIDE_MAX)
    return 0;
  const Pragma *vp = L->k->vec_pragma;
  if (vp && vp->kind == PRAGMA_NOVECTORIZE) return 0;
  const SparsifyCtx *ctx = L->ctx;
  VecConfig cfg;
  vec_config(L->arena, ctx->opts, vp, ctx->clang_args, ctx->nclang_args,
             &cfg);
  if (cfg.ops) return 0;
  if (!kl->declared_in_header || !L->k->vars[jv].declared_in_header)
    return 0;
  if (kl->lo.coef[jv] || kl->hi.coef[jv]) return 0;
  for (int i = 0; i < inner->nbody; i++) {
    const IrStmt *s = &inner->body[i]->stmt;
    if (s->op != IR_ADDTO && s->op != IR_SUBFROM) return 0;
    const IrAccess *ac = &L->k->accesses[s->lhs_access];
    const IrTensor *t = &L->k->tensors[ac->tensor];
    if (t->elem != IR_F64 && t->elem != IR_F32) return 0;
    for (int d = 0; d < ac->nsub; d++)
      if (ac->sub[d].coef[jv]) return 0;
    for (int j = 0; j < inner->nbody; j++) {
      const IrStmt *o = &inner->body[j]->stmt;
      if (j != i && L->k->accesses[o->lhs_access].tensor == ac->tensor)
        return 0;
      if (graph_expr_reads(L->k, o->rhs, ac->tensor)) return 0;
    }
  }
  return kind;
}

static void rb_print(void *user, StrBuf *out, int a, const char *vtext) {
  (void)vtext; /* the nest check prints the loop variables by name */
  dense_access(user, out, a);
}

/* One pass of every statement over block elements [from, to) of the
 * inner loop, as one loop kept rolled (the C compiler makes one or two
 * vector operations of an 8-element pass). */
static void rb_pass(Lower *L, StrBuf *sb, int depth, const IrNode *inner,
                    const char *const *blk, const char *kt, const char *k,
                    int64_t lo, int64_t from, int64_t to, CPrintHooks *h) {
  ln(L, sb, depth, "#pragma GCC unroll 1");
  ln(L, sb, depth, "for (%s %s = %lld; %s < %lld; %s++) {", kt, k,
     (long long)from, k, (long long)to, k);
  for (int i = 0; i < inner->nbody; i++) {
    const IrStmt *s = &inner->body[i]->stmt;
    StrBuf r = {0};
    cprint_expr(&r, s->rhs, h);
    ln(L, sb, depth + 1, "%s[%s - %lld] %s %s;", blk[i], k, (long long)lo,
       ir_op_text(s->op), r.data);
    sb_free(&r);
    if (lat_has_sparse_product(L, s->rhs)) L->ieee_note = 1;
  }
  ln(L, sb, depth, "}");
}

/* The short rows of a wide row block (fewer than RB_MIN_ROW entries,
 * where the block does not pay): the entries two at a time, each pair in
 * one pass over the updated elements in memory (each element gets the
 * first entry's update, then the second's: the program's order for it,
 * as nothing the nest reads overlaps what it writes), then the last entry
 * of an odd row alone. */
static void rb_pairs(Lower *L, StrBuf *sb, int depth, const VecNest *vn,
                     const IrNode *inner, const char *const *lhs,
                     const char *bg, const char *e, int u, CPrintHooks *h) {
  const IrLoopVar *kl = &L->k->vars[inner->var];
  const IrLoopVar *jl = &L->k->vars[vn->outer->var];
  const char *q = arena_printf(L->arena, "sc__rbq%d", u);
  int64_t lo = kl->lo.constant, hi = kl->hi.constant;
  ln(L, sb, depth, "size_t %s = %s;", q, bg);
  ln(L, sb, depth, "for (; %s + 1 < %s; %s += 2) {", q, e, q);
  ln(L, sb, depth + 1, "for (%s %s = %lld; %s < %lld; %s++) {", kl->ctype,
     kl->name, (long long)lo, kl->name, (long long)hi, kl->name);
  for (int t = 0; t < 3; t++) {
    int d = t < 2 ? depth + 2 : depth;
    if (t == 2) {
      ln(L, sb, depth + 1, "}");
      ln(L, sb, depth, "}");
      ln(L, sb, depth, "if (%s < %s) {", q, e);
    } else {
      ln(L, sb, d, "{");
    }
    ln(L, sb, d + 1, "const size_t %s = %s%s;", vn->p, q, t == 1 ? " + 1" : "");
    ln(L, sb, d + 1, "const %s %s = (%s)(%s);", jl->ctype, jl->name,
       jl->ctype, vn->crd);
    ln(L, sb, d + 1, "(void)%s;", jl->name);
    int d3 = d + 1;
    if (t == 2) {
      ln(L, sb, d3, "for (%s %s = %lld; %s < %lld; %s++) {", kl->ctype,
         kl->name, (long long)lo, kl->name, (long long)hi, kl->name);
      d3++;
    }
    for (int i = 0; i < inner->nbody; i++) {
      const IrStmt *s = &inner->body[i]->stmt;
      StrBuf r = {0};
      cprint_expr(&r, s->rhs, h);
      ln(L, sb, d3, "%s %s %s;", lhs[i], ir_op_text(s->op), r.data);
      sb_free(&r);
    }
    if (t == 2) ln(L, sb, d3 - 1, "}");
    ln(L, sb, d, "}");
  }
}

/* The scalar row block: the elements a row's entries update (SpMM's row
 * of C, 8-64 values) are read into a local array before the entries,
 * updated there by each entry in the program's order, and stored back
 * after them, so that no entry waits for the previous entry's stores to
 * come back from memory. 8-16 values: the block is updated RB_CHUNK
 * elements per inner loop under one chunk loop kept rolled, the rest in a
 * last loop. Wide blocks (17-64 values): one rolled loop per chunk of
 * RB_CHUNK elements (so the block stays in vector registers), taken only
 * on rows of RB_MIN_ROW entries or more — on shorter rows copying the
 * block in and out costs more than the entries save, and they take their
 * entries in pairs (rb_pairs; one branch per row). Where a written array is a
 * pointer or a parameter, a run-time check per row (overlap.h, the same
 * as for a register-blocked vector nest) takes the nest as it was when
 * the block's elements overlap anything the nest reads. Returns 0,
 * appending nothing, when the nest does not qualify. */
static int emit_row_block(Lower *L, StrBuf *sb, const VecNest *vn,
                          const Scope *in, const char *scalar) {
  const IrNode *inner = vn->inner.n;
  int jv = vn->outer->var;
  int kind = row_block_ok(L, inner, jv);
  if (!kind) return 0;
  int wide = kind == 2;
  OvSet os;
  memset(&os, 0, sizeof os);
  for (int i = 0; i < inner->nbody; i++) {
    const IrStmt *s = &inner->body[i]->stmt;
    if (!ov_add(L, &os, s->lhs_access, s->rhs)) return 0;
  }
  if (!ov_nest_checkable(L, &os, jv, vn->ordered)) return 0;
  const IrLoopVar *kl = &L->k->vars[inner->var], *jl = &L->k->vars[jv];
  const char *k = kl->name, *kt = kl->ctype;
  int64_t lo = kl->lo.constant, trip = kl->hi.constant - kl->lo.constant;
  int64_t full = trip / RB_CHUNK * RB_CHUNK;
  int d = vn->depth;
  int u = L->uniq++;
  const char *ok = NULL;
  ln(L, sb, d, "{");
  if (ov_needed(L, &os)) {
    ok = arena_printf(L->arena, "sc__apart%d", u);
    ov_emit_block(L, &os, sb, ind_str(L, d + 1), ok, L->uniq++, vn->p,
                  vn->begin, vn->end, jv, jl->ctype, jl->name, vn->crd,
                  inner->var, kt, k,
                  arena_printf(L->arena, "%lld", (long long)lo),
                  arena_printf(L->arena, "%lld", (long long)(lo + trip)),
                  rb_print, L);
  }
  const char *e = arena_printf(L->arena, "sc__rbe%d", u);
  const char *bg = vn->begin;
  if (wide) {
    bg = arena_printf(L->arena, "sc__rbb%d", u);
    ln(L, sb, d + 1, "const size_t %s = %s, %s = %s;", bg, vn->begin, e,
       vn->end);
    ln(L, sb, d + 1, "if (%s%s%s - %s >= %d) {", ok ? ok : "",
       ok ? " && " : "", e, bg, RB_MIN_ROW);
  } else if (ok) {
    ln(L, sb, d + 1, "if (%s) {", ok);
  } else {
    ln(L, sb, d + 1, "{");
  }
  int d2 = d + 2;
  Emit E = {L, in, 0};
  CPrintHooks h = {hook_access, hook_index, &E};
  const char *blk[RB_MAX_STMTS], *lhs[RB_MAX_STMTS];
  for (int i = 0; i < inner->nbody; i++) {
    const IrStmt *s = &inner->body[i]->stmt;
    const IrTensor *t = &L->k->tensors[L->k->accesses[s->lhs_access].tensor];
    StrBuf a = {0};
    dense_access(L, &a, s->lhs_access);
    lhs[i] = arena_strdup(L->arena, a.data);
    sb_free(&a);
    blk[i] = arena_printf(L->arena, "sc__rb%d_%d", u, i);
    ln(L, sb, d2, "%s %s[%lld];", elem_ctype(t), blk[i], (long long)trip);
  }
  ln(L, sb, d2, "for (%s %s = %lld; %s < %lld; %s++) {", kt, k,
     (long long)lo, k, (long long)(lo + trip), k);
  for (int i = 0; i < inner->nbody; i++)
    ln(L, sb, d2 + 1, "%s[%s - %lld] = %s;", blk[i], k, (long long)lo,
       lhs[i]);
  ln(L, sb, d2, "}");
  if (!wide) ln(L, sb, d2, "const size_t %s = %s;", e, vn->end);
  ln(L, sb, d2, "for (size_t %s = %s; %s < %s; %s++) {", vn->p, bg, vn->p,
     e, vn->p);
  ln(L, sb, d2 + 1, "const %s %s = (%s)(%s);", jl->ctype, jl->name,
     jl->ctype, vn->crd);
  ln(L, sb, d2 + 1, "(void)%s;", jl->name);
  if (wide) {
    for (int64_t c = 0; c < full; c += RB_CHUNK)
      rb_pass(L, sb, d2 + 1, inner, blk, kt, k, lo, lo + c,
              lo + c + RB_CHUNK, &h);
  } else if (full) {
    const char *kb = arena_printf(L->arena, "sc__rbk%d", u);
    ln(L, sb, d2 + 1, "#pragma GCC unroll 1");
    ln(L, sb, d2 + 1, "for (%s %s = %lld; %s < %lld; %s += %d) {", kt, kb,
       (long long)lo, kb, (long long)(lo + full), kb, RB_CHUNK);
    int dd = d2 + 2;
    ln(L, sb, dd, "for (%s %s = %s; %s < %s + %d; %s++) {", kt, k, kb, k,
       kb, RB_CHUNK, k);
    for (int i = 0; i < inner->nbody; i++) {
      const IrStmt *s = &inner->body[i]->stmt;
      StrBuf r = {0};
      cprint_expr(&r, s->rhs, &h);
      ln(L, sb, dd + 1, "%s[%s - %lld] %s %s;", blk[i], k, (long long)lo,
         ir_op_text(s->op), r.data);
      sb_free(&r);
      if (lat_has_sparse_product(L, s->rhs)) L->ieee_note = 1;
    }
    ln(L, sb, dd, "}");
    ln(L, sb, d2 + 1, "}");
  }
  if (full != trip)
    rb_pass(L, sb, d2 + 1, inner, blk, kt, k, lo, lo + full, lo + trip, &h);
  ln(L, sb, d2, "}");
  ln(L, sb, d2, "for (%s %s = %lld; %s < %lld; %s++) {", kt, k,
     (long long)lo, k, (long long)(lo + trip), k);
  for (int i = 0; i < inner->nbody; i++)
    ln(L, sb, d2 + 1, "%s = %s[%s - %lld];", lhs[i], blk[i], k,
       (long long)lo);
  ln(L, sb, d2, "}");
  if (wide) {
    /* short rows: entries in pairs where nothing overlaps, else (the
     * check failed) the loops as they are */
    ln(L, sb, d + 1, ok ? "} else if (%s) {" : "} else {", ok);
    rb_pairs(L, sb, d2, vn, inner, lhs, bg, e, u, &h);
  }
  ln(L, sb, d + 1, ok ? "} else" : "}");
  if (ok) sb_puts(sb, scalar);
  ln(L, sb, d, "}");
  StrBuf names = {0};
  for (int i = 0; i < inner->nbody; i++)
    sb_printf(&names, "%s%s", i ? " and " : "", lhs[i]);
  lower_note(L, "loop %s: the updated elements of %s accumulated in a local "
                "block across the entries of %s (%lld values, %d a step)%s%s",
             k, names.data, jl->name, (long long)trip, RB_CHUNK,
             wide ? arena_printf(L->arena, " on rows of %d entries or more, "
                                           "shorter rows two entries a pass",
                                 RB_MIN_ROW)
                  : "",
             ok ? "; run-time check per row that the block overlaps nothing "
                  "the nest reads, else the loops as they are"
                : "");
  sb_free(&names);
  return 1;
}

/* A loop over a block level (`v floordiv c`, unique) and its dense `v mod
 * c` partner, the last level, with only dense levels located between (BSR's
 * block columns, then `i mod r`, then `j mod c`), whose body is innermost
 * statements of this one operand: offered to the vectorizer with the scalar
 * text (vec_emit_blocks; docs/vectorization.md, "Block levels"). Returns 0
 * when the loop is not of that shape or vectorization is off. */
static int emit_block_vec(Lower *L, StrBuf *sb, const IrNode *n,
                          const Scope *sc, int s, const char *counter,
                          int depth) {
  STensor *st = &L->st[s];
  const TBind *b0 = &sc->b[s];
  int l = b0->next;
  const LvlInfo *li = &st->lvl[l];
  const IrLoopVar *lv = &L->k->vars[n->var];
  if (li->kind != LK_FLOOR || li->var != n->var || li->partner != st->nlvl - 1 ||
      !vec_innermost(n) || L->out || L->inplace || counter || b0->q ||
      st->sliced || st->shifted || !level_is_unique(&li->type) ||
      graph_subtree_tensors(L, n) != 1u << s || !affine_is_zero(&lv->lo) ||
      hi_needed(L, n, 1u << s) || !li->ops->coord_at)
    return 0;
  int m = li->partner;
  const LvlInfo *lm = &st->lvl[m];
  if (lm->kind != LK_MOD || !lm->ops->full || !lm->ops->locate_expr ||
      lm->div != li->div)
    return 0;
  for (int k = l + 1; k < m; k++)
    if (!st->lvl[k].ops->locate_expr || (st->lvl[k].varmask & ~sc->bound))
      return 0;
  const char *p = arena_printf(L->arena, "sc__%s_p%d", st->name, l);
  const char *c = arena_printf(L->arena, "sc__%s_c%d", st->name, l);
  StrBuf head = {0};
  TBind bt = *b0;
  bt.next = l + 1;
  bt.p = p;
  ln(L, &head, depth + 3, "const uint64_t %s = %s;", c,
     li->ops->coord_at(&li->ref, p));
  while (bt.next < m) locate_level(L, &head, st, &bt, depth + 3);
  const char *begin, *end;
  range_of(L, st, b0, &begin, &end);
  StrBuf scalar = {0};
  emit_single_scalar(L, &scalar, n, sc, s, counter, depth, NULL);
  VecUser u = {L, sc, 0};
  VecBlocks vk = {
      .inner = {.shape = VEC_DENSE, .n = n, .depth = depth + 3, .st = s,
                .lvl = m, .contig = 1, .invariant = vec_invariant,
                .user = &u},
      .depth = depth, .p = p, .begin = begin, .end = end,
      .head = head.data ? head.data : "",
      .first = arena_printf(L->arena, "%s * %lld", c, (long long)li->div),
      .base = lm->ops->locate_expr(&lm->ref, bt.p, "0"),
      .extent = arena_printf(L->arena, "sc__%s_dims[%d]", st->name, li->dim),
      .width = li->div, .ordered = level_is_ordered(&li->type)};
  const char *ext = vk.extent;
  vk.span_first = arena_printf(L->arena, "(%s)(%s * %lld)", lv->ctype,
                               li->ops->coord_at(&li->ref, arena_printf(
                                   L->arena, "(size_t)(%s)", begin)),
                               (long long)li->div);
  const char *lastb = arena_printf(
      L->arena, "(int64_t)(%s * %lld + %lld)",
      li->ops->coord_at(&li->ref,
                        arena_printf(L->arena, "(size_t)(%s) - 1", end)),
      (long long)li->div, (long long)li->div);
  vk.span_last = arena_printf(L->arena, "(%s)((%s < (int64_t)(%s) ? %s : "
                              "(int64_t)(%s)) - 1)", lv->ctype, lastb, ext,
                              lastb, ext);
  st->use_dims = 1;
  int done = vec_emit_blocks(L, &vk, scalar.data ? scalar.data : "", sb);
  if (!done) sb_puts(sb, scalar.data ? scalar.data : "");
  sb_free(&scalar);
  sb_free(&head);
  return 1;
}

/* One iterator: a position loop; innermost loops over a unique level may
 * be vectorized. */
static void emit_row_prefetch(Lower *L, StrBuf *sb, const STensor *st, int l,
                              const IrNode *n, const char *begin,
                              const char *end, const char *loop, int depth,
                              int simd);

static int emit_vec_row(Lower *L, StrBuf *sb, const IrNode *n,
                        const Scope *sc, int s, const char *counter,
                        int depth);

static void emit_single(Lower *L, StrBuf *sb, const IrNode *n,
                        const Scope *sc, int s, const char *counter,
                        int depth) {
  STensor *st = &L->st[s];
  const TBind *b0 = &sc->b[s];
  LvlInfo *li = &st->lvl[b0->next];
  if (dense_blocks_ok(st, b0, n->var)) {
    if (emit_dense_blocks_vec(L, sb, n, sc, s, counter, depth)) return;
    note_not_offered(L, n);
    emit_dense_blocks(L, sb, n, sc, s, counter, depth);
    return;
  }
  if (count_walk_ok(L, st, b0, n->var, sc->bound)) {
    if (!note_not_offered(L, n))
      vec_note_scalar(L, n, "ELL: the entries of a row of %s are spread over "
                      "its slices, at most one in each, at positions apart "
                      "(one compressed segment a slice, walked one after the "
                      "other)", st->t->name);
    emit_count_walk(L, sb, n, sc, s, counter, depth);
    return;
  }
  const IrLoopVar *lv = &L->k->vars[n->var];
  const char *begin, *end;
  /* the level above a dense last level over the inner loop's variable
   * (SpMM's B as `(j : compressed, k : dense)`): register-blocked like a
   * last level, with a SIMD backend on (the scalar output keeps its walk) */
  const LvlInfo *tl = &st->lvl[st->nlvl - 1];
  int tail = b0->next + 2 == st->nlvl && n->nbody == 1 &&
             n->body[0]->kind == IR_NODE_LOOP &&
             tl->type.format == SC_LVL_DENSE && tl->kind == LK_IDENT &&
             tl->var == n->body[0]->var && !tl->aoff && !st->sliced &&
             !st->shifted && tl->ops->locate_expr && vec_simd_on(L);
  if (!L->out && !L->inplace && li->kind == LK_IDENT && !li->aoff &&
      level_is_unique(&li->type) &&
      !counter && n->nbody == 1 && vec_innermost(n->body[0]) &&
      (b0->next + 1 == st->nlvl || tail) &&
      graph_subtree_tensors(L, n) == 1u << s &&
      affine_is_zero(&lv->lo) && !hi_needed(L, n, 1u << s)) {
    /* a position loop around one innermost loop (SpMM's j around k): the
     * vectorizer may register-block the pair */
    size_t mark = L->notes.len;
    StrBuf scalar = {0};
    Scope in = *sc;
    in.bound |= 1u << n->var;
    in.b[s].next = b0->next + 1;
    in.b[s].p = arena_printf(L->arena, "sc__%s_p%d", st->name, b0->next);
    in.b[s].q = NULL;
    in.b[s].in = NULL;
    range_of(L, st, b0, &begin, &end);
    VecUser u = {L, &in, 0};
    VecNest vn = {.inner = {.shape = VEC_DENSE, .n = n->body[0],
                            .depth = depth + 2, .invariant = vec_invariant,
                            .user = &u},
                  .outer = n, .depth = depth, .p = in.b[s].p, .begin = begin,
                  .end = end, .crd = li->ops->coord_at(&li->ref, in.b[s].p),
                  .ordered = level_is_ordered(&li->type), .notes_mark = mark,
                  .st = s, .lvl = b0->next,
                  .parent = b0->next > 0 && !b0->q && !b0->in ? b0->p : NULL};
    if (tail) vn.inner.last_parent[s] = in.b[s].p;
    /* the dense loop around may pair its rows: the same entries for each */
    RowPair *rp = L->pair;
    if (tail && rp && rp->node == n && b0->next == 0 && !b0->q && !b0->in) {
      vn.pair = &rp->vp;
      rp->vp.depth = depth + 1;
      rp->st = s;
    }
    const size_t at = sb->len;
    /* SDDMM's entries: the element each reduces into, hinted ahead */
    const char *pf = tail ? NULL : vec_nest_prefetch(
        L, &vn, arena_printf(L->arena, "sc__%s_e%d", st->name, b0->next));
    emit_single_scalar(L, &scalar, n, sc, s, counter, depth, pf);
    if (!vec_emit_nest(L, &vn, scalar.data ? scalar.data : "", sb) &&
        (tail ||
         !emit_row_block(L, sb, &vn, &in, scalar.data ? scalar.data : "")))
      sb_puts(sb, scalar.data ? scalar.data : "");
    if (vn.pair) rp->body = arena_strdup(L->arena, sb->data + at);
    sb_free(&scalar);
    return;
  }
  if (emit_block_vec(L, sb, n, sc, s, counter, depth)) return;
  if (!vec_innermost(n) || L->out || L->inplace || li->kind != LK_IDENT ||
      li->aoff || !level_is_unique(&li->type)) {
    if (note_not_offered(L, n)) {
    } else if (li->kind == LK_FLOOR) {
      vec_note_scalar(L, n, "the block level (%s floordiv %lld) of %s outside "
                      "the vectorized block shape (its dense mod level the "
                      "last, statements of this operand only, from 0 to the "
                      "extent, unique)", lv->name, (long long)li->div,
                      st->t->name);
    } else if (li->kind != LK_IDENT) {
      vec_note_scalar(L, n, "a level of %s whose coordinate is not %s alone",
                      st->t->name, lv->name);
    } else if (li->aoff) {
      vec_note_scalar(L, n, "a slice view of %s (its stored coordinates "
                      "offset and tested on every entry)", st->t->name);
    } else {
      vec_note_scalar(L, n, "the runs of the nonunique level of %s (COO): each "
                      "step finds the end of its run of equal coordinates "
                      "with a while loop", st->t->name);
    }
    emit_single_scalar(L, sb, n, sc, s, counter, depth, NULL);
    return;
  }
  if (emit_vec_row(L, sb, n, sc, s, counter, depth)) return;
  StrBuf scalar = {0};
  emit_single_scalar(L, &scalar, n, sc, s, counter, depth, NULL);
  range_of(L, st, b0, &begin, &end);
  VecUser u = {L, sc, 0};
  VecLoop vl = {.shape = VEC_POSITIONS, .n = n, .depth = depth, .st = s,
                .lvl = b0->next,
                .p = arena_printf(L->arena, "sc__%s_p%d", st->name, b0->next),
                .begin = begin, .end = end, .counter = counter,
                .ordered = level_is_ordered(&li->type),
                .checks_bounds = !affine_is_zero(&lv->lo) ||
                                 hi_needed(L, n, 1u << s),
                .invariant = vec_invariant, .user = &u};
  if (scalar.data)
    emit_row_prefetch(L, sb, st, b0->next, n, begin, end, scalar.data,
                      depth, 1);
  vec_emit(L, &vl, scalar.data ? scalar.data : "", sb);
  sb_free(&scalar);
}

/* Bytes past a row's first entry that a row loop prefetches (measured:
 * 4, 8, 16 and 32 KiB within a few % on banded and Poisson CSR; 8 KiB
 * keeps two arrays' lines well inside the second-level cache). */
#define ROW_PREFETCH_AHEAD 8192
/* A row longer than a line of its widest array (the 72 bytes of values of
 * a 9-entry row) also gets the next line of each array, ROW_PREFETCH_LINE
 * bytes further: with one line a row, every ninth line of the banded
 * matrix's values was a demand miss, and it ran at MLIR's speed while
 * Poisson (40 bytes a row) ran 1.4x it. Two lines cover every row of up
 * to 128 bytes; shorter rows skip the second pair (two more hints a row
 * cost Poisson 5-10 %). docs/performance.md, "Row prefetch: two lines a
 * row". */
#define ROW_PREFETCH_LINE 64

/* One hint for each array arr[a] with used[a], `ahead` bytes past the
 * entry at position `begin`. */
static void prefetch_line(Lower *L, StrBuf *sb, const char *const arr[2],
                          const int used[2], const char *begin, int ahead,
                          int depth) {
  for (int a = 0; a < 2; a++)
    if (used[a])
      ln(L, sb, depth, "SC_PREFETCH((uintptr_t)%s + (%s) * sizeof *%s + %d);",
         arr[a], begin, arr[a], ahead);
}

/* The scalar loop over the entries of one row of a level with a coordinate
 * array, whose body holds no loop (CSR SpMV's row): once per row, a hint to
 * fetch the coordinates and the values ROW_PREFETCH_AHEAD bytes past the
 * row's first entry, when the tensor's arrays hold SC_PREFETCH_MIN_BYTES
 * or more (sc__X_pf, set in the prologue). Rows of 5-9 entries otherwise
 * wait on memory: the hardware prefetcher alone kept the loop at 45-60 %
 * of the bandwidth (docs/performance.md). A hint changes no result and
 * reorders nothing, so no check is needed; addresses are integers, never
 * pointers past an array. `loop` is the loop's text, emitted already: an
 * array it does not read is not prefetched (nor declared for that alone).
 * The lines go into sb, before the loop. In the scalar output (simd 0) the
 * scalar walk emits them; with a SIMD backend (simd 1) the vectorized
 * position loop does, before its guarded vector and scalar versions (the
 * vector loop of a row was 0.67-0.79x the scalar output on matrices larger
 * than the cache without them). Partial sums: none. */
static void emit_row_prefetch(Lower *L, StrBuf *sb, const STensor *st, int l,
                              const IrNode *n, const char *begin,
                              const char *end, const char *loop, int depth,
                              int simd) {
  const LvlInfo *li = &st->lvl[l];
  if (L->out || L->inplace || !vec_innermost(n) || n->nbody == 0 ||
      li->kind != LK_IDENT || li->aoff || li->ops->full ||
      !li->ops->coord_pos_iter || !li->ops->has_crd_array)
    return;
  /* the scalar output only: a SIMD backend or partial sums take the loop */
  VecConfig cfg;
  const SparsifyCtx *ctx = L->ctx;
  vec_config(L->arena, ctx->opts, L->k->vec_pragma, ctx->clang_args,
             ctx->nclang_args, &cfg);
  if (!cfg.ops != !simd || cfg.psums > 1) return;
  const char *arr[2] = {level_crd_name(&li->ref),
                        arena_printf(L->arena, "sc__%s_val", st->name)};
  int used[2], nused = 0;
  for (int a = 0; a < 2; a++)
    nused += used[a] = lower_uses_ident(loop, arr[a]);
  if (!nused) return;
  ln(L, sb, depth, "if (sc__%s_pf) {", st->name);
  prefetch_line(L, sb, arr, used, begin, ROW_PREFETCH_AHEAD, depth + 1);
  /* the widest array read: the values when the loop reads them */
  ln(L, sb, depth + 1, "if (%s - (%s) > %d / sizeof *%s) {", end, begin,
     ROW_PREFETCH_LINE, arr[used[1]]);
  prefetch_line(L, sb, arr, used, begin,
                ROW_PREFETCH_AHEAD + ROW_PREFETCH_LINE, depth + 2);
  ln(L, sb, depth + 1, "}");
  ln(L, sb, depth, "}");
  lower_note(L, "loop %s: the entries of %s prefetched %d bytes ahead once "
             "per row, the next cache line too in rows longer than one, "
             "when its arrays hold %d MiB or more", L->k->vars[n->var].name,
             st->t->name, ROW_PREFETCH_AHEAD, 16);
}

/* pf: statements (one line) the loop runs first in each entry, or NULL
 * (vec_nest_prefetch). */
static void emit_single_scalar(Lower *L, StrBuf *sb, const IrNode *n,
                               const Scope *sc, int s, const char *counter,
                               int depth, const char *pf) {
  emit_walk(L, sb, n, sc, s, counter, NULL, depth, pf);
}

static void walk_range(Lower *L, StrBuf *sb, const IrNode *n,
                       const Scope *sc, int s, const char *counter,
                       const char *const *range, int banded, int depth,
                       const char *pf);

/* The scalar walk of emit_single_scalar over the positions [range[0],
 * range[1]) of the level (C texts), or its whole range when range is NULL. */
void emit_walk(Lower *L, StrBuf *sb, const IrNode *n, const Scope *sc,
               int s, const char *counter, const char *const *range,
               int depth, const char *pf) {
  walk_range(L, sb, n, sc, s, counter, range, 0, depth, pf);
}

/* emit_walk's; banded: range is a band's clamped range (band_range), its
 * bounds not tested on the entries. */
static void walk_range(Lower *L, StrBuf *sb, const IrNode *n,
                       const Scope *sc, int s, const char *counter,
                       const char *const *range, int banded, int depth,
                       const char *pf) {
  STensor *st = &L->st[s];
  const TBind *b0 = &sc->b[s];
  int l = b0->next;
  LvlInfo *li = &st->lvl[l];
  const IrLoopVar *lv = &L->k->vars[n->var];
  int ordered = level_is_ordered(&li->type);
  int unique = level_is_unique(&li->type);
  const char *begin, *end;
  if (range) {
    begin = range[0];
    end = range[1];
  } else {
    range_of(L, st, b0, &begin, &end);
  }
  mark_level(st, l);
  const char *p = arena_printf(L->arena, "sc__%s_p%d", st->name, l);
  const char *e = arena_printf(L->arena, "sc__%s_e%d", st->name, l);
  const char *q = arena_printf(L->arena, "sc__%s_q%d", st->name, l);
  const char *crd = li->ops->coord_at(&li->ref, p);
  if (!range) slice_begin(L, st, l, n, &begin, e);
  const size_t walk_at = sb->len; /* the walk's block (empty_rows.c) */
  const char *unroll_carried = NULL;
  ln(L, sb, depth, "{");
  ln(L, sb, depth + 1, "const size_t %s = %s;", e, end);
  const char *lim = e; /* where the walk stops */
  /* a band's search starts at the row's begin carried from the row before
   * (row_carry.c), set to the row's end after the walk */
  const char *band_carried =
      !range && band_walk_ok(L, s, l, n) ? row_carry_take(L, n, sc, s) : NULL;
  if (band_carried) begin = band_carried;
  int clamped = range ? banded
                      : band_range(L, sb, s, l, n, &begin, &lim, depth + 1);
  const size_t loop_at = sb->len; /* the row prefetch goes here */
  if (!unique) ln(L, sb, depth + 1, "size_t %s;", q);
  const size_t for_at = sb->len; /* replaced by an unrolled walk */
  int unrolled = 0;
  ln(L, sb, depth + 1, "for (size_t %s = %s; %s < %s; %s%s) {", p, begin, p,
     lim, unique ? "" : p, unique ? arena_printf(L->arena, "%s++", p)
                                : arena_printf(L->arena, " = %s", q));
  int d = depth + 2;
  if (!unique) {
    ln(L, sb, d, "%s = %s + 1;", q, p);
    ln(L, sb, d, "while (%s < %s && %s == %s) %s++;", q, e,
       li->ops->coord_at(&li->ref, q), crd, q);
  }
  Scope in = *sc;
  in.bound |= 1u << n->var;
  TBind *b = &in.b[s];
  b->next = l + 1;
  b->p = p;
  b->q = unique ? NULL : q;
  b->in = NULL;
  StrBuf rest = {0};
  if (li->kind == LK_FLOOR) {
    /* block level: locate the levels between, then walk the dense mod
     * level inside the block: v = block * div + k */
    int m = li->partner;
    LvlInfo *lm = &st->lvl[m];
    const char *c = arena_printf(L->arena, "sc__%s_c%d", st->name, l);
    const char *k = arena_printf(L->arena, "sc__%s_k%d", st->name, m);
    const char *pm = arena_printf(L->arena, "sc__%s_p%d", st->name, m);
    const char *val = arena_printf(L->arena, "%s * %lld + %s", c,
                                   (long long)li->div, k);
    ln(L, sb, d, "const uint64_t %s = %s;", c, crd);
    while (b->next < m) locate_level(L, sb, st, b, d);
    mark_level(st, m);
    ln(L, sb, d, "for (uint64_t %s = 0; %s < %lld; %s++) {", k, k,
       (long long)li->div, k);
    bind_var(L, sb, n->var, val, lv->name, d + 1);
    /* a block may reach past the extent */
    ln(L, sb, d + 1, "if ((int64_t)(%s) >= sc__%s_dims[%d]) break;", lv->name,
       st->name, li->dim);
    st->use_dims = 1;
    if (!affine_is_zero(&lv->lo))
      ln(L, sb, d + 1, "if (%s < %s) continue;", lv->name,
         graph_affine_str(L, &lv->lo));
    if (hi_needed(L, n, 1u << s))
      ln(L, sb, d + 1, "if (!(%s < %s)) break;", lv->name,
         graph_hi_str(L, lv));
    ln(L, sb, d + 1, "const size_t %s = %s;", pm,
       lm->ops->locate_expr(&lm->ref, b->p, k));
    b->p = pm;
    b->next = m + 1;
    chain(L, sb, &in, graph_subtree_tensors(L, n), d + 1);
    if (counter) ln(L, sb, d + 1, "%s++;", counter);
    emit_body(L, sb, n, &in, 0, d + 1);
    ln(L, sb, d, "}");
  } else {
    if (pf) ln(L, sb, d, "%s", pf);
    if (!affine_is_zero(&lv->lo) && !clamped)
      ln(L, &rest, d, "if (%s < %s) continue;", lv->name,
         graph_affine_str(L, &lv->lo));
    if (hi_needed(L, n, 1u << s) && !clamped)
      ln(L, &rest, d, "if (!(%s < %s)) %s;", lv->name,
         graph_hi_str(L, lv), ordered ? "break" : "continue");
    chain(L, &rest, &in, graph_subtree_tensors(L, n), d);
    if (counter) ln(L, &rest, d, "%s++;", counter);
    emit_body(L, &rest, n, &in, 0, d);
    const char *value = crd;
    if (li->aoff) {
      /* a slice view: keep the stored coordinates aoff + astride * v */
      const char *r = arena_printf(L->arena, "sc__%s_r%d", st->name, l);
      ln(L, sb, d, "const int64_t %s = (int64_t)(%s) - (int64_t)(%s);", r,
         crd, li->aoff);
      if (li->astride != 1)
        ln(L, sb, d, "if (%s < 0 || %s %% %lld) continue;", r, r,
           (long long)li->astride);
      else
        ln(L, sb, d, "if (%s < 0) continue;", r);
      value = li->astride != 1
                  ? arena_printf(L->arena, "%s / %lld", r,
                                 (long long)li->astride)
                  : r;
    }
    StrBuf step = {0}; /* the loop's body */
    bind_var(L, &step, n->var, value, rest.data ? rest.data : "", d);
    sb_puts(&step, rest.data ? rest.data : "");
    const char *body = step.data ? step.data : "";
    if (unique && li->kind == LK_IDENT && !li->aoff &&
        li->ops->coord_pos_iter && li->ops->has_crd_array &&
        !li->ops->full && unroll_reduction_ok(L, n, body)) {
      sb->len = for_at;
      sb->data[for_at] = '\0';
      /* the row's begin carried from the row before (row_carry.c) */
      const char *carried =
          range || clamped ? NULL : row_carry_take(L, n, sc, s);
      if (carried) begin = carried;
      /* rows short on average walk one entry a step (unroll.c); gcc turns
       * that loop into an in-order gather reduction with 64-bit
       * coordinates, so those keep the unrolled walk */
      const char *short_rows =
          carried && strcmp(st->crd_type, "uint64_t")
              ? arena_printf(L->arena, "sc__%s_short%d", st->name, l)
              : NULL;
      unroll_emit(L, sb, n, p,
                  arena_printf(L->arena, "sc__%s_u%d", st->name, l), begin,
                  lim, body, short_rows, depth + 1);
      if (short_rows)
        lower_note(L, "loop %s: the rows of %s walked one entry a step when "
                   "they hold fewer than %d entries on average (a copy of "
                   "the loops chosen once per kernel)",
                   L->k->vars[n->var].name, st->t->name, UNROLL_BY);
      if (carried) ln(L, sb, depth + 1, "%s = %s;", carried, e);
      unroll_carried = carried;
      unrolled = 1;
    } else {
      sb_puts(sb, body);
    }
    sb_free(&step);
  }
  sb_free(&rest);
  if (!unrolled) ln(L, sb, depth + 1, "}");
  if (sb->data) {
    StrBuf loop = {0};
    sb_puts(&loop, sb->data + loop_at);
    sb->len = loop_at;
    sb->data[loop_at] = '\0';
    if (!range)
      emit_row_prefetch(L, sb, st, l, n, begin, lim, loop.data, depth + 1, 0);
    sb_puts(sb, loop.data);
    sb_free(&loop);
  }
  if (band_carried) ln(L, sb, depth + 1, "%s = %s;", band_carried, e);
  ln(L, sb, depth, "}");
  if (unroll_carried) empty_rows_walk(L, sb, walk_at);
}

/* With a SIMD backend, the position loop over a row (emit_single's
 * vectorizable walk): the row's bounds named once, in a block around the
 * vector and scalar versions vec_emit chooses between,
 *
 *   { const size_t sc__A_reN = END;           (the row's end, read once)
 *     [const size_t sc__A_b1 = ..., sc__A_z1 = ...;   a band: band_range]
 *     <row prefetch from BEGIN>
 *     <vec_emit over [BEGIN, LIM): its segment test, vector loop, short
 *      loop and scalar fallback all read the named bounds>
 *     [sc__A_rbM = sc__A_reN;] }              (a carried begin)
 *
 * BEGIN is the begin carried from the row before where the row loop offers
 * it (row_carry.c): the row's length test, its prefetch and its loops then
 * start from values already in registers, one position read a row, as in
 * the scalar output: a row sent to the short loop is the scalar output's
 * row plus the length test (docs/performance.md, "Vectorized SpMV: the
 * row's bounds read once"). A band's clamped range tests no bound on its
 * entries, so it is vectorized as any range of positions; so are plain
 * bounds (`j < i`, `lo <= j < hi`: range_walk_ok), clamped the same way.
 * Returns 0, emitting nothing, with no backend (partial sums and the
 * scalar output keep emit_walk's walk). */
static int emit_vec_row(Lower *L, StrBuf *sb, const IrNode *n,
                        const Scope *sc, int s, const char *counter,
                        int depth) {
  VecConfig cfg;
  const SparsifyCtx *ctx = L->ctx;
  vec_config(L->arena, ctx->opts, L->k->vec_pragma, ctx->clang_args,
             ctx->nclang_args, &cfg);
  if (!cfg.ops) return 0;
  STensor *st = &L->st[s];
  const TBind *b0 = &sc->b[s];
  const int l = b0->next;
  const IrLoopVar *lv = &L->k->vars[n->var];
  const char *begin, *end;
  range_of(L, st, b0, &begin, &end);
  const char *re = arena_printf(L->arena, "sc__%s_re%d", st->name, L->uniq++);
  ln(L, sb, depth, "{");
  ln(L, sb, depth + 1, "const size_t %s = %s;", re, end);
  const char *lim = re;
  const char *carried = row_carry_take(L, n, sc, s);
  if (carried) begin = carried;
  /* a band, or any bounds the entries would test (range_walk_ok): the
   * walk clamped by a search, vectorized without a test */
  const int banded =
      band_range(L, sb, s, l, n, &begin, &lim, depth + 1) ||
      (range_walk_ok(L, s, l, n) &&
       clamp_range(L, sb, s, l, n, &begin, &lim, depth + 1));
  const char *range[2] = {begin, lim};
  StrBuf scalar = {0};
  walk_range(L, &scalar, n, sc, s, counter, range, banded, depth + 1, NULL);
  VecUser u = {L, sc, 0};
  VecLoop vl = {.shape = VEC_POSITIONS, .n = n, .depth = depth + 1, .st = s,
                .lvl = l,
                .p = arena_printf(L->arena, "sc__%s_p%d", st->name, l),
                .begin = begin, .end = lim, .counter = counter,
                .ordered = level_is_ordered(&st->lvl[l].type),
                .checks_bounds = !banded && (!affine_is_zero(&lv->lo) ||
                                             hi_needed(L, n, 1u << s)),
                .invariant = vec_invariant, .user = &u};
  /* the kernel may run the scalar output's nest when the rows are short
   * (short_rows.c): told the vector walk's threshold */
  if (L->short_rows && L->short_rows->walk == n && carried && !banded) {
    vl.seg_min_out = &L->short_rows->row_min;
    vl.mean_min_out = &L->short_rows->min;
  }
  if (scalar.data)
    emit_row_prefetch(L, sb, st, l, n, begin, lim, scalar.data, depth + 1, 1);
  vec_emit(L, &vl, scalar.data ? scalar.data : "", sb);
  sb_free(&scalar);
  if (carried) ln(L, sb, depth + 1, "%s = %s;", carried, re);
  ln(L, sb, depth, "}");
  return 1;
}

/* Several iterators: a while loop on the minimum coordinate. */
static void emit_merge(Lower *L, StrBuf *sb, const IrNode *n, const Scope *sc,
                       unsigned drivers, const unsigned *pts, int npts,
                       int depth) {
  const IrLoopVar *lv = &L->k->vars[n->var];
  const char *cv = arena_printf(L->arena, "sc__c_%s", lv->name);
  if (!note_not_offered(L, n))
    vec_note_scalar(L, n, "a merge (while) loop over %s: each step takes the "
                    "least coordinate left, which depends on the steps before",
                    st_names(L, drivers));
  ln(L, sb, depth, "{");
  int d = depth + 1;
  for (int s = 0; s < L->nst; s++) {
    if (!(drivers & (1u << s))) continue;
    STensor *st = &L->st[s];
    const TBind *b = &sc->b[s];
    int l = b->next;
    const char *begin, *end;
    range_of(L, st, b, &begin, &end);
    mark_level(st, l);
    if (st->lvl[l].aoff) {
      ln(L, sb, d, "const size_t sc__%s_e%d = %s;", st->name, l, end);
      slice_begin(L, st, l, n, &begin,
                  arena_printf(L->arena, "sc__%s_e%d", st->name, l));
      ln(L, sb, d, "size_t sc__%s_p%d = %s;", st->name, l, begin);
      continue;
    }
    ln(L, sb, d, "size_t sc__%s_p%d = %s;", st->name, l, begin);
    ln(L, sb, d, "const size_t sc__%s_e%d = %s;", st->name, l, end);
  }
  /* loop condition: some point still has all its iterators */
  StrBuf cond = {0}, body_cond = {0};
  for (int i = 0; i < npts; i++) {
    sb_puts(&cond, i ? " || " : "");
    sb_puts(&body_cond, i ? " || " : "");
    int first = 1;
    if (npts > 1) { sb_puts(&cond, "("); sb_puts(&body_cond, "("); }
    for (int s = 0; s < L->nst; s++)
      if (pts[i] & (1u << s)) {
        int l = sc->b[s].next;
        sb_printf(&cond, "%ssc__%s_p%d < sc__%s_e%d", first ? "" : " && ",
                  L->st[s].name, l, L->st[s].name, l);
        sb_printf(&body_cond, "%ssc__%s_in%d", first ? "" : " && ",
                  L->st[s].name, l);
        first = 0;
      }
    if (npts > 1) { sb_puts(&cond, ")"); sb_puts(&body_cond, ")"); }
  }
  ln(L, sb, d, "while (%s) {", cond.data);
  int d2 = d + 1;
  int first = 1;
  for (int s = 0; s < L->nst; s++) {
    if (!(drivers & (1u << s))) continue;
    STensor *st = &L->st[s];
    int l = sc->b[s].next;
    LvlInfo *li = &st->lvl[l];
    const char *p = arena_printf(L->arena, "sc__%s_p%d", st->name, l);
    if (li->aoff) {
      /* a slice view: the raw coordinate k, the view coordinate
       * (k - aoff) / astride (k >= aoff: the range starts there) */
      ln(L, sb, d2, "const uint64_t sc__%s_k%d = sc__%s_p%d < sc__%s_e%d ? %s : UINT64_MAX;",
         st->name, l, st->name, l, st->name, l, li->ops->coord_at(&li->ref, p));
      ln(L, sb, d2, "const uint64_t sc__%s_c%d = sc__%s_k%d == UINT64_MAX ? UINT64_MAX : (uint64_t)(((int64_t)sc__%s_k%d - (int64_t)(%s)) / %lld);",
         st->name, l, st->name, l, st->name, l, li->aoff,
         (long long)li->astride);
    } else
    ln(L, sb, d2, "const uint64_t sc__%s_c%d = sc__%s_p%d < sc__%s_e%d ? %s : UINT64_MAX;",
       st->name, l, st->name, l, st->name, l, li->ops->coord_at(&li->ref, p));
    if (first)
      ln(L, sb, d2, "uint64_t %s = sc__%s_c%d;", cv, st->name, l);
    else
      ln(L, sb, d2, "if (sc__%s_c%d < %s) %s = sc__%s_c%d;", st->name, l, cv,
         cv, st->name, l);
    first = 0;
  }
  for (int s = 0; s < L->nst; s++) {
    if (!(drivers & (1u << s))) continue;
    STensor *st = &L->st[s];
    int l = sc->b[s].next;
    LvlInfo *li = &st->lvl[l];
    if (li->aoff) {
      /* at the minimum; present when the stored coordinate is on the
       * view's stride (others are stepped over) */
      ln(L, sb, d2, "const int sc__%s_at%d = sc__%s_c%d == %s;", st->name, l,
         st->name, l, cv);
      if (li->astride != 1)
        ln(L, sb, d2, "const int sc__%s_in%d = sc__%s_at%d && ((int64_t)sc__%s_k%d - (int64_t)(%s)) %% %lld == 0;",
           st->name, l, st->name, l, st->name, l, li->aoff,
           (long long)li->astride);
      else
        ln(L, sb, d2, "const int sc__%s_in%d = sc__%s_at%d;", st->name, l,
           st->name, l);
    } else
    ln(L, sb, d2, "const int sc__%s_in%d = sc__%s_c%d == %s;", st->name, l,
       st->name, l, cv);
    if (!level_is_unique(&li->type)) {
      const char *q = arena_printf(L->arena, "sc__%s_q%d", st->name, l);
      const char *at = li->aoff ? "at" : "in";
      const char *cc = li->aoff ? "k" : "c";
      ln(L, sb, d2, "size_t %s = sc__%s_p%d + 1;", q, st->name, l);
      ln(L, sb, d2, "if (sc__%s_%s%d)", st->name, at, l);
      ln(L, sb, d2 + 1, "while (%s < sc__%s_e%d && %s == sc__%s_%s%d) %s++;", q,
         st->name, l, li->ops->coord_at(&li->ref, q), st->name, cc, l, q);
    }
  }
  Scope in = *sc;
  in.bound |= 1u << n->var;
  for (int s = 0; s < L->nst; s++) {
    if (!(drivers & (1u << s))) continue;
    TBind *b = &in.b[s];
    int l = b->next;
    STensor *st = &L->st[s];
    b->p = arena_printf(L->arena, "sc__%s_p%d", st->name, l);
    b->q = level_is_unique(&st->lvl[l].type)
               ? NULL : arena_printf(L->arena, "sc__%s_q%d", st->name, l);
    b->in = arena_printf(L->arena, "sc__%s_in%d", st->name, l);
    b->next = l + 1;
  }
  ln(L, sb, d2, "if (%s) {", body_cond.data);
  const char *bc = bound_cond(L, n, drivers);
  int d3 = d2 + 1;
  StrBuf rest = {0};
  int dd = bc ? d3 + 1 : d3;
  chain(L, &rest, &in, graph_subtree_tensors(L, n), dd);
  emit_body(L, &rest, n, &in, 0, dd);
  StrBuf all = {0};
  if (bc) sb_puts(&all, bc);
  sb_puts(&all, rest.data ? rest.data : "");
  bind_var(L, sb, n->var, cv, all.data, d3);
  if (bc) {
    ln(L, sb, d3, "if (%s) {", bc);
    sb_puts(sb, rest.data ? rest.data : "");
    ln(L, sb, d3, "}");
  } else {
    sb_puts(sb, rest.data ? rest.data : "");
  }
  ln(L, sb, d2, "}");
  for (int s = 0; s < L->nst; s++) {
    if (!(drivers & (1u << s))) continue;
    STensor *st = &L->st[s];
    int l = sc->b[s].next;
    const char *at = st->lvl[l].aoff ? "at" : "in";
    if (level_is_unique(&st->lvl[l].type))
      ln(L, sb, d2, "if (sc__%s_%s%d) sc__%s_p%d++;", st->name, at, l,
         st->name, l);
    else
      ln(L, sb, d2, "if (sc__%s_%s%d) sc__%s_p%d = sc__%s_q%d;", st->name, at,
         l, st->name, l, st->name, l);
  }
  ln(L, sb, d, "}");
  ln(L, sb, depth, "}");
  sb_free(&cond);
  sb_free(&body_cond);
  sb_free(&rest);
  sb_free(&all);
}

int popc(unsigned x) {
  int c = 0;
  for (; x; x &= x - 1) c++;
  return c;
}

void emit_loop_declared(Lower *L, StrBuf *sb, const IrNode *n,
                        const Scope *sc, int depth) {
  int v = n->var;
  const IrLoopVar *lv = &L->k->vars[v];
  unsigned rel = graph_subtree_tensors(L, n);
  unsigned cand = 0;
  for (int s = 0; s < L->nst; s++) {
    if (!(rel & (1u << s))) continue;
    const STensor *st = &L->st[s];
    const TBind *b = &sc->b[s];
    if (b->next >= st->nlvl) continue;
    const LvlInfo *li = &st->lvl[b->next];
    if (dense_blocks_ok(st, b, v) || count_walk_ok(L, st, b, v, sc->bound)) {
      cand |= 1u << s;
      continue;
    }
    if (li->ops->full || !li->ops->coord_pos_iter || li->var != v) continue;
    if (b->q && !li->ops->segment_child) continue;
    if (li->kind == LK_IDENT) {
      cand |= 1u << s;
    } else if (li->kind == LK_FLOOR && li->partner > b->next &&
               st->lvl[li->partner].ops->full &&
               st->lvl[li->partner].ops->locate_expr) {
      int ok = 1;
      for (int m = b->next + 1; m < li->partner; m++)
        if (st->lvl[m].varmask & ~(sc->bound & ~(1u << v))) ok = 0;
      if (ok) cand |= 1u << s;
    }
  }
  unsigned pts[16];
  int fill = 0;
  int np = cand ? lat_points(L, n, cand, pts, 16) : -1;
  IrNode *fill_node = NULL;
  int fill_scalars = 0, nset = 0;
  if (np < 0 && cand && (nset = fill_ok(L, n, cand, &fill_scalars)) > 0) {
    /* the points of every `=`, without those another one covers */
    np = 0;
    for (int i = 0; i < n->nbody && np >= 0; i++) {
      unsigned one[16];
      int k;
      if (fill_set_ok(L, n, n->body[i])) {
        k = fill_points(L, n->body[i]->stmt.rhs, cand, one, 16);
      } else if ((fill_scalars & 2) &&
                 (fill_red_ok(L, n, n->body[i], cand) ||
                  fill_guard_ok(L, n, n->body[i], cand))) {
        IrNode red = *n; /* the reduction's own points */
        red.body = &n->body[i];
        red.nbody = 1;
        k = lat_points(L, &red, cand, one, 16);
      } else {
        continue;
      }
      if (k < 0) np = -1;
      for (int a = 0; a < k && np >= 0; a++) {
        int covered = 0;
        for (int b = 0; b < np; b++)
          if ((pts[b] & one[a]) == pts[b]) covered = 1;
        if (covered) continue;
        int m = 0; /* drop the points the new one covers */
        for (int b = 0; b < np; b++)
          if ((pts[b] & one[a]) != one[a]) pts[m++] = pts[b];
        np = m;
        if (np == 16) np = -1;
        else pts[np++] = one[a];
      }
    }
    fill = np > 0;
    if (!fill) np = -1;
    else if (fill_scalars) {
      /* the fill loop runs only the `=` statements, writing their zero */
      fill_node = arena_alloc(L->arena, sizeof *fill_node);
      *fill_node = *n;
      fill_node->body = arena_alloc(L->arena, sizeof *fill_node->body * (size_t)nset);
      fill_node->nbody = 0;
      for (int i = 0; i < n->nbody; i++) {
        if (!fill_set_ok(L, n, n->body[i])) continue;
        IrNode *st = n->body[i];
        if (expr_reads_local(L, n, st->stmt.rhs)) {
          /* its value with the candidates absent is 0 (fill_ok), and the
           * scalars it reads do not exist in the fill loop */
          IrExpr *zero = arena_alloc(L->arena, sizeof *zero);
          st = arena_alloc(L->arena, sizeof *st);
          *st = *n->body[i];
          *zero = (IrExpr){.kind = IR_CONST, .text = "0", .span = st->stmt.rhs->span};
          st->stmt.rhs = zero;
        }
        fill_node->body[fill_node->nbody++] = st;
      }
    }
  }
  IrNode *init_fill = NULL, *init_rest = NULL;
  if (np < 0 && cand && !fill && init_split(L, n, cand, &init_fill, &init_rest)) {
    np = lat_points(L, init_rest, cand, pts, 16);
    if (np <= 0) {
      np = -1;
      init_fill = NULL;
    }
  }
  for (int a = 1; a < np; a++) /* deterministic order: by operand index */
    for (int c = a; c > 0 && pts[c - 1] > pts[c]; c--) {
      unsigned t = pts[c]; pts[c] = pts[c - 1]; pts[c - 1] = t;
    }
  int idem = 0;
  unsigned idem_mask = 0;
  if (np < 0 && popc(cand) == 1 && idem_ok(L, n, cand, &idem_mask)) {
    idem = 1;
    np = 1;
    pts[0] = cand;
  }
  int argext = 0, argext_strict = 0;
  if (np < 0 && popc(cand) == 1 && rel == cand && !L->out && !L->inplace &&
      argext_level_ok(L, n, sc, cand) && argext_ok(L, n, cand, &argext_strict)) {
    argext = 1;
    np = 1;
    pts[0] = cand;
  }
  unsigned drivers = 0;
  for (int i = 0; i < np; i++) drivers |= pts[i];
  const char *why_dense = NULL;
  if (lv->descending && (L->out || L->inplace)) {
    if (!L->refuse)
      L->refuse = arena_printf(L->arena, "loop counting down over '%s' carries a "
                               "dependence (its order matters) into a sparse "
                               "output", lv->name);
    np = -1;
  } else if (lv->descending && np >= 0) {
    /* its order matters: a dense loop counting down, the levels on it
     * located per coordinate */
    why_dense = "a loop counting down whose order matters";
    np = -1;
    fill = idem = argext = 0;
    init_fill = NULL;
    drivers = 0;
  }
  if (np >= 0) {
    int any_floor = 0, any_unordered = 0;
    for (int s = 0; s < L->nst; s++)
      if (drivers & (1u << s)) {
        const LvlInfo *li = &L->st[s].lvl[sc->b[s].next];
        if (li->kind == LK_FLOOR || li->kind == LK_COUNT) any_floor = 1;
        if (!level_is_ordered(&li->type)) any_unordered = 1;
      }
    if (popc(drivers) > 1 && (any_floor || any_unordered)) {
      why_dense = "a merge over block or unordered levels";
      np = -1;
    } else if (any_unordered && !fill &&
               (!graph_only_reductions(n) || lv->carries_dependence)) {
      why_dense = "an unordered level in a loop that is not a reduction";
      np = -1;
    }
  }
  /* report and dump */
  const char *desc = lat_describe(L, cand, np >= 0 ? pts : NULL, np);
  const unsigned cm = np < 0 && !why_dense ? cursor_mask(L, n, sc, 0) : 0;
  if (cm) {
    /* a union with a dense side: why every coordinate is visited, and the
     * operands walked by merge cursors */
    StrBuf w = {0}, c = {0};
    sb_puts(&w, "where ");
    for (int s = 0, f = 1; s < L->nst; s++)
      if (cand & (1u << s)) {
        sb_printf(&w, "%s%s", f ? "" : " and ", L->st[s].name);
        f = 0;
      }
    sb_puts(&w, popc(cand) > 1 ? " are absent" : " is absent");
    for (int s = 0, f = 1; s < L->nst; s++)
      if (cm & (1u << s)) {
        sb_printf(&c, "%s%s", f ? "" : ", ", L->st[s].name);
        f = 0;
      }
    const char *why = lower_effect_cause(L, n, cand, w.data);
    desc = arena_printf(L->arena, "dense, every %s visited (%s); %s walked by "
                        "%s (the position advances where the stored "
                        "coordinate equals %s)", lv->name,
                        why ? why : "a union with a dense side", c.data,
                        popc(cm) > 1 ? "merge cursors" : "a merge cursor",
                        lv->name);
    sb_free(&w);
    sb_free(&c);
  }
  lower_note(L, "loop %s: %s%s%s%s%s", lv->name, desc,
             fill ? " (after a fill loop for `=`)"
             : init_fill ? " (after a fill loop for the init statements)" : "",
             idem ? " (idempotent reduction: absent entries counted, "
                    "their zero applied once)"
             : argext ? (argext_strict
                             ? " (a running extreme and its position: the "
                               "stored entries and the first absent one)"
                             : " (a running extreme and its position: the "
                               "stored entries and the last absent one)")
                      : "",
             why_dense ? ": " : "", why_dense ? why_dense : "");
  if (L->ctx->opts && (L->ctx->opts->dump & DUMP_LATTICE)) {
    sb_printf(&L->lattice, "  loop %s: iterators {", lv->name);
    int f = 1;
    for (int s = 0; s < L->nst; s++)
      if (cand & (1u << s)) {
        sb_printf(&L->lattice, "%s%s:%d", f ? "" : ", ", L->st[s].name,
                  sc->b[s].next);
        f = 0;
      }
    sb_printf(&L->lattice, "} points");
    if (np < 0) sb_puts(&L->lattice, " {} (dense)");
    for (int i = 0; i < np; i++) {
      sb_puts(&L->lattice, " {");
      int g = 1;
      for (int s = 0; s < L->nst; s++)
        if (pts[i] & (1u << s)) {
          sb_printf(&L->lattice, "%s%s", g ? "" : ", ", L->st[s].name);
          g = 0;
        }
      sb_puts(&L->lattice, "}");
    }
    sb_printf(&L->lattice, "%s\n", fill || init_fill ? " after fill" : "");
  }
  if (np < 0) {
    /* operands this loop could not skip over in their declared encoding
     * (the block or unordered iterators of a refused merge; else those
     * with a level on v that are no iterator): lower.c retries the kernel
     * with them in their plain form */
    for (int s = 0; s < L->nst; s++) {
      const STensor *st = &L->st[s];
      if (!(rel & (1u << s)) || st->plain || st->tensor >= 32) continue;
      /* storage read at a fixed row or column is not converted whole at
       * every entry for it (its reads stay searches, or lookups) */
      if (st->nfixed && st->t->handle && !st->t->entry_cache) continue;
      int want = 0;
      if (why_dense) {
        const LvlInfo *li = &st->lvl[sc->b[s].next];
        want = (drivers & (1u << s)) &&
               (li->kind == LK_FLOOR || li->kind == LK_COUNT ||
                !level_is_ordered(&li->type));
      } else if (!(cand & (1u << s))) {
        for (int l = sc->b[s].next; l < st->nlvl; l++)
          if (st->lvl[l].varmask & (1u << v)) want = 1;
      }
      if (want) L->plain_req |= 1u << st->tensor;
    }
    emit_dense_loop(L, sb, n, sc, 0, depth);
    return;
  }
  L->nsparse_loops++;
  L->var_sparse[v] = 1;
  if (fill) emit_dense_loop(L, sb, fill_node ? fill_node : n, sc, cand, depth);
  if (init_fill) emit_dense_loop(L, sb, init_fill, sc, cand, depth);
  if (argext) {
    int s = 0;
    while (!(drivers & (1u << s))) s++;
    emit_argext(L, sb, n, sc, s, argext_strict, depth);
    const IrNode *in = n; /* the chain of single loops down to the group */
    while (in->nbody == 1 && in->body[0]->kind == IR_NODE_LOOP) in = in->body[0];
    vec_note_scalar(L, in, "a running extreme with its positions (argmax, "
                    "argmin): each entry's update reads the extreme the one "
                    "before it left, and the first (or last) absent position "
                    "takes part as a zero");
    return;
  }
  if (idem) {
    int s = 0;
    while (!(drivers & (1u << s))) s++;
    const char *cnt = arena_printf(L->arena, "sc__n_%s", lv->name);
    ln(L, sb, depth, "{");
    ln(L, sb, depth + 1, "int64_t %s = 0;", cnt);
    emit_single(L, sb, n, sc, s, cnt, depth + 1);
    ln(L, sb, depth + 1, "if (%s < (int64_t)(%s) - (int64_t)(%s)) {", cnt,
       graph_affine_str(L, &lv->hi), graph_affine_str(L, &lv->lo));
    for (int i = 0; i < n->nbody; i++)
      if (idem_mask & (1u << i)) {
        /* with the operand's zero itself: `fminf(m, A[i][j] * x[j])` must
         * not read x[j] here, after the loop over j */
        IrStmt z = n->body[i]->stmt;
        z.rhs = with_zero(L, z.rhs, idem_stmt(L, n, &n->body[i]->stmt, cand));
        emit_stmt(L, sb, &z, sc, drivers, depth + 2);
      }
    ln(L, sb, depth + 1, "}");
    ln(L, sb, depth, "}");
    return;
  }
  if (popc(drivers) == 1) {
    int s = 0;
    while (!(drivers & (1u << s))) s++;
    emit_single(L, sb, n, sc, s, NULL, depth);
  } else {
    emit_merge(L, sb, n, sc, drivers, pts, np, depth);
  }
}

/* A loop: the level-order walk of a blocked operand when it applies
 * (block_walk.c), else the loops as declared. */
static void emit_loop(Lower *L, StrBuf *sb, const IrNode *n, const Scope *sc,
                      int depth) {
  if (!block_walk_emit(L, sb, n, sc, depth))
    emit_loop_declared(L, sb, n, sc, depth);
}

static void emit_node(Lower *L, StrBuf *sb, const IrNode *n, const Scope *sc,
                      int depth) {
  if (n->kind == IR_NODE_STMT) {
    emit_stmt(L, sb, &n->stmt, sc, 0, depth);
    return;
  }
  emit_loop(L, sb, n, sc, depth);
}

/* The coordinates of an operand's fixed dimensions (`G[src][j]`), once
 * at the kernel's entry: sc__G_x<d>, and sc__G_fx, whether they are all
 * inside the extents. An outside coordinate reads nothing (the operand's
 * ranges and values are guarded by sc__G_fx, and its coordinates are 0,
 * so no position computed from them leaves the arrays); the subscripts
 * are evaluated only when the outermost loop runs, as in the source. */
static void fixed_coords(Lower *L, StrBuf *sb, TBind *b, STensor *st,
                         int depth) {
  const IrLoopVar *lv = &L->k->vars[L->k->root->var];
  const char *fx = arena_printf(L->arena, "sc__%s_fx", st->name);
  StrBuf cond = {0};
  for (int d = 0; d < st->t->rank; d++)
    if (st->dim_fix[d]) {
      ln(L, sb, depth, "uint64_t sc__%s_x%d = 0;", st->name, d);
      sb_printf(&cond, "%ssc__%s_x%d < (uint64_t)sc__%s_dims[%d]",
                cond.len ? " && " : "", st->name, d, st->name, d);
    }
  ln(L, sb, depth, "int %s = 0;", fx);
  ln(L, sb, depth, "if (%s < %s) {", graph_affine_str(L, &lv->lo),
     graph_hi_str(L, lv));
  for (int d = 0; d < st->t->rank; d++)
    if (st->dim_fix[d])
      ln(L, sb, depth + 1, "sc__%s_x%d = (uint64_t)(int64_t)(%s);", st->name,
         d, st->dim_fix[d]);
  ln(L, sb, depth + 1, "%s = %s;", fx, cond.data);
  ln(L, sb, depth, "}");
  StrBuf reset = {0};
  for (int d = 0; d < st->t->rank; d++)
    if (st->dim_fix[d]) sb_printf(&reset, " sc__%s_x%d = 0;", st->name, d);
  ln(L, sb, depth, "if (!%s) {%s }", fx, reset.data);
  sb_free(&cond);
  sb_free(&reset);
  st->use_dims = 1;
  b->in = fx;
  L->fixed_located += st->nfixed;
}

/* Whether line [b, e) is a row prefetch's `if (sc__X_pf) {`; sets its
 * flag's text and indentation. */
static int pf_open(const char *b, const char *e, const char **flag,
                   size_t *nflag, size_t *ind) {
  const char *t = b;
  while (t < e && (*t == ' ' || *t == '\t')) t++;
  static const char head[] = "if (sc__", tail[] = "_pf) {";
  size_t n = (size_t)(e - t), hl = sizeof head - 1, tl = sizeof tail - 1;
  if (n <= hl + tl || strncmp(t, head, hl) || strncmp(e - tl, tail, tl))
    return 0;
  *flag = t + 4;
  *nflag = n - 4 - 3;
  *ind = (size_t)(t - b);
  return 1;
}

/* Whether line [b, e) is unroll.c's `if (sc__X_shortL) {` (the walk of
 * short rows, then the unrolled walk after `} else {`); sets its flag's
 * text and indentation. */
static int short_open(const char *b, const char *e, const char **flag,
                      size_t *nflag, size_t *ind) {
  const char *t = b;
  while (t < e && (*t == ' ' || *t == '\t')) t++;
  static const char head[] = "if (sc__", tail[] = ") {";
  size_t n = (size_t)(e - t), hl = sizeof head - 1, tl = sizeof tail - 1;
  if (n <= hl + tl || strncmp(t, head, hl) || strncmp(e - tl, tail, tl))
    return 0;
  const char *f = t + 4, *fe = e - tl;
  for (const char *c = f; c < fe; c++)
    if (!(isalnum((unsigned char)*c) || *c == '_')) return 0;
  const char *k = strstr(f, "_short");
  if (!k || k >= fe) return 0;
  *flag = f;
  *nflag = (size_t)(fe - f);
  *ind = (size_t)(t - b);
  return 1;
}

/* The line after the one at p; end of text: end. */
static const char *next_line(const char *p, const char *end) {
  const char *e = memchr(p, '\n', (size_t)(end - p));
  return e ? e + 1 : end;
}

/* The end of the text of line [p, n), its newline left out. */
static const char *text_end(const char *p, const char *n) {
  return n > p && n[-1] == '\n' ? n - 1 : n;
}

/* Whether line [p, e) is `text` at indentation ind. */
static int line_is(const char *p, const char *e, size_t ind,
                   const char *text) {
  size_t n = strlen(text);
  if ((size_t)(e - p) != ind + n) return 0;
  for (size_t i = 0; i < ind; i++)
    if (p[i] != ' ' && p[i] != '\t') return 0;
  return !strncmp(p + ind, text, n);
}

/* Adds flag [f, f + n) to cond (joined by op) unless it is there. */
static void add_flag(StrBuf *cond, const char *f, size_t n, const char *op) {
  StrBuf t = {0};
  sb_append(&t, f, n);
  if (!lower_uses_ident(cond->data ? cond->data : "", t.data))
    sb_printf(cond, "%s%s", cond->len ? op : "", t.data);
  sb_free(&t);
}

/* One copy of the loops [p, end): the row prefetch blocks kept (pf) or
 * dropped, of each short-row block its walk of short rows (shortrows) or
 * the unrolled walk, one level less indented. The flags met go to pfc
 * (joined by ||) and shc (&&). */
static void unswitch_copy(const char *p, const char *end, int pf,
                          int shortrows, StrBuf *out, StrBuf *pfc,
                          StrBuf *shc) {
  while (p < end) {
    const char *n = next_line(p, end);
    const char *e = text_end(p, n);
    const char *flag;
    size_t nflag, ind;
    if (pf_open(p, e, &flag, &nflag, &ind)) {
      add_flag(pfc, flag, nflag, " || ");
      if (pf) {
        sb_append(out, p, (size_t)(n - p));
        p = n;
        continue;
      }
      /* skip to the block's closing line, at the same indentation */
      for (p = n; p < end;) {
        const char *ln_end = next_line(p, end);
        int close = line_is(p, text_end(p, ln_end), ind, "}");
        p = ln_end;
        if (close) break;
      }
      continue;
    }
    if (short_open(p, e, &flag, &nflag, &ind)) {
      add_flag(shc, flag, nflag, " && ");
      int keep = shortrows, done = 0;
      for (p = n; p < end && !done;) {
        const char *ln_end = next_line(p, end);
        const char *le = text_end(p, ln_end);
        if (line_is(p, le, ind, "} else {")) {
          keep = !shortrows;
        } else if (line_is(p, le, ind, "}")) {
          done = 1;
        } else if (keep) {
          /* one level less: two spaces after the block's indentation */
          size_t cut = (size_t)(le - p) >= ind + 2 && p[ind] == ' ' &&
                       p[ind + 1] == ' ';
          sb_append(out, p, cut ? ind : (size_t)(ln_end - p));
          if (cut) sb_append(out, p + ind + 2, (size_t)(ln_end - p) - ind - 2);
        }
        p = ln_end;
      }
      continue;
    }
    sb_append(out, p, (size_t)(n - p));
    p = n;
  }
}

/* The row prefetch's flags (emit_row_prefetch) and the short-row flags of
 * unroll.c's walk are loop-invariant, but gcc keeps their tests in every
 * row, which cost rows of ~2 entries (luxembourg) 7-9 %: the loops from
 * `at` on are emitted in up to three copies behind one test,
 *
 *   if (prefetch flags) { with the prefetch, unrolled walks }
 *   else if (short-row flags) { no prefetch, one entry a step }
 *   else { no prefetch, unrolled walks }
 *
 * no_short: the short-row copy is left out (its flags are false wherever
 * the loops run: the vector nest of short_rows.c). */
static void unswitch_loops(Lower *L, StrBuf *out, size_t at, int depth,
                           int no_short) {
  if (!out->data ||
      (!strstr(out->data + at, "_pf) {") && !strstr(out->data + at, "_short")))
    return;
  const char *p = out->data + at, *end = out->data + out->len;
  StrBuf pfc = {0}, shc = {0}, plain = {0};
  unswitch_copy(p, end, 0, 0, &plain, &pfc, &shc);
  if (!pfc.len && (!shc.len || no_short)) {
    /* nothing to unswitch; without the short-row copy, the unrolled walks
     * alone */
    if (shc.len) {
      out->len = at;
      out->data[at] = '\0';
      sb_puts(out, plain.data ? plain.data : "");
    }
    sb_free(&plain);
    sb_free(&pfc);
    sb_free(&shc);
    return;
  }
  StrBuf both = {0}, copy = {0};
  const char *open = "if (%s) {";
  if (pfc.len) {
    unswitch_copy(p, end, 1, 0, &copy, &pfc, &shc);
    ln(L, &both, depth, open, pfc.data);
    sb_indent_lines(&both, copy.data ? copy.data : "", 1);
    open = "} else if (%s) {";
  }
  if (shc.len && !no_short) {
    copy.len = 0;
    unswitch_copy(p, end, 0, 1, &copy, &pfc, &shc);
    ln(L, &both, depth, open, shc.data);
    sb_indent_lines(&both, copy.data ? copy.data : "", 1);
  }
  ln(L, &both, depth, "} else {");
  sb_indent_lines(&both, plain.data ? plain.data : "", 1);
  ln(L, &both, depth, "}");
  out->len = at;
  out->data[at] = '\0';
  sb_puts(out, both.data);
  sb_free(&both);
  sb_free(&copy);
  sb_free(&plain);
  sb_free(&pfc);
  sb_free(&shc);
}

int coiter_emit(Lower *L, StrBuf *out, int depth) {
  Scope sc;
  memset(&sc, 0, sizeof sc);
  /* this emission's short-row walks (short_rows.c), none from another */
  memset(L->scalar_rows, 0, sizeof L->scalar_rows);
  for (int s = 0; s < L->nst; s++) {
    sc.b[s].next = 0;
    sc.b[s].p = "0";
  }
  for (int s = 0; s < L->nst; s++)
    if (L->st[s].nfixed) fixed_coords(L, out, &sc.b[s], &L->st[s], depth);
  /* levels that depend on no loop variable */
  chain(L, out, &sc, (1u << L->nst) - 1, depth);
  size_t at = out->len;
  emit_node(L, out, L->k->root, &sc, depth);
  const char *cond = short_rows_cond(L);
  unswitch_loops(L, out, at, depth,
                 cond && short_rows_dead(L, out->data ? out->data + at : ""));
  if (cond && out->data && !L->refuse) {
    /* short rows (short_rows.c): the scalar output's nest, as
     * `novectorize` has it, beside the vector one; the report and the
     * counters stay the vector nest's */
    StrBuf vec = {0}, scalar = {0};
    sb_puts(&vec, out->data + at);
    out->len = at;
    out->data[at] = '\0';
    static const Pragma novec = {.kind = PRAGMA_NOVECTORIZE};
    IrKernel *k = arena_alloc(L->arena, sizeof *k);
    *k = *L->k;
    k->vec_pragma = &novec;
    const IrKernel *k0 = L->k;
    const ReportMark m = report_mark(L);
    /* runs of empty rows skipped EMPTY_ROWS at a time (empty_rows.c) */
    L->empty_rows = EMPTY_ROWS;
    L->nempty_notes = 0;
    L->k = k;
    emit_node(L, &scalar, k->root, &sc, depth + 1);
    unswitch_loops(L, &scalar, 0, depth + 1, 0);
    L->k = k0;
    L->empty_rows = 0;
    report_back(L, &m);
    for (int i = 0; i < L->nempty_notes; i++)
      lower_note(L, "%s", L->empty_notes[i]);
    ln(L, out, depth, "if (%s) {", cond);
    sb_puts(out, scalar.data ? scalar.data : "");
    ln(L, out, depth, "} else {");
    sb_indent_lines(out, vec.data ? vec.data : "", 1);
    ln(L, out, depth, "}");
    sb_free(&vec);
    sb_free(&scalar);
  }
  return L->refuse ? -1 : 0;
}
