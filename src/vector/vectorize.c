/* vectorize.c — legality and emission of vector loops (see vectorize.h).
 *
 * Legality (per innermost loop over v): every statement is either
 *   - a STORE: the left side varies with v, contiguously (dense loops:
 *     v + invariant in the last subscript only) or through the iterated
 *     coordinates (position loops: a scatter, conflict-free because the
 *     coordinates of one segment of a unique level are distinct); or
 *   - a REDUCTION: += / -= / *= into a location that does not vary with v,
 *     or `m = fmax(m, e)` / fmin, kept in vector accumulators and reduced
 *     once after the loop;
 * and no location written is read at another element (no cross-iteration
 * use). Values are of one element type (double, float, 64- or 32-bit
 * int: the left sides' type, which every variant operand has); variant
 * subexpressions use + - * / (not / on integers) and unary minus;
 * invariant subexpressions are evaluated as scalar C and broadcast, under
 * a compile-time type check when their C type is not evident (it must not
 * widen the arithmetic: a double in float code). Integer max/min are the
 * selections `m = e > m ? e : m` and their mirror forms; floating ones
 * written so keep per lane `acc = v OP acc ? v : acc` (VEC_RED_SEL).
 * Comparisons become the backend's conditions (masks), selections lane
 * selects, fabs/fabsf a cleared sign bit; counts of comparisons of another
 * type into an integer sum their truth values in the compared type's
 * lanes. An element read only under a condition must be read
 * unconditionally too (the vector code reads every lane). That support is
 * vselect.c's; the context both share is vectorize_int.h.
 *
 * Emission: full chunks of vl elements (`unroll` vector values each), then
 * the last partial chunk(s) under the mask min(lanes, hi - iv) — no scalar
 * remainder loop. Vector-length agnostic backends run one predicated loop
 * (whilelt). The vector loop sits under `#if <ISA macro>` with the scalar
 * loop in the `#else`, and under a run-time `if` when a type or index-width
 * condition must hold (then the scalar loop is the `else`), among them
 * that the arrays reached through pointers do not overlap (overlap.h). */
#include "vector/vectorize.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vector/overlap.h"
#include "vector/simd.h"
#include "vector/vconfig.h"
#include "vector/vectorize_int.h"

int vec_innermost(const IrNode *n) {
  if (n->kind != IR_NODE_LOOP) return 0;
  for (int i = 0; i < n->nbody; i++)
    if (n->body[i]->kind != IR_NODE_STMT) return 0;
  return 1;
}

#ifndef VEC_STREAM_MIN
#define VEC_STREAM_MIN 128 /* see stream_check */
#endif

void vc_no(VC *c, const char *fmt, ...) {
  if (c->why) return;
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  c->why = arena_strdup(c->L->arena, buf);
}

void vc_add_guard(VC *c, const char *cond) {
  if (c->guard.data && strstr(c->guard.data, cond)) return;
  sb_printf(&c->guard, "%s(%s)", c->guard.len ? " && " : "", cond);
}

/* ---- printing ---- */

void vc_p_index(void *user, StrBuf *out, int var) {
  PrintCtx *p = user;
  if (var == p->c->v && p->vtext) sb_printf(out, "%s", p->vtext);
  else if (p->rtext && var == p->rvar) sb_puts(out, p->rtext);
  else if (p->c->row_text && var == p->c->row_var) sb_puts(out, p->c->row_text);
  else sb_puts(out, graph_var_name(p->c->L, var));
}

/* A dense access as C (the loop variable printed as vtext; variable rvar,
 * when rtext is not NULL, printed as rtext). */
static void print_dense_at(VC *c, StrBuf *out, int a, const char *vtext,
                           int rvar, const char *rtext) {
  const IrAccess *ac = &c->L->k->accesses[a];
  const IrTensor *t = &c->L->k->tensors[ac->tensor];
  PrintCtx pc = {c, vtext, NULL, rtext, rvar};
  CPrintHooks h = {NULL, vc_p_index, &pc};
  sb_puts(out, t->name);
  if (t->layout == IR_LAYOUT_FLAT && ac->nsub > 1) {
    StrBuf idx = {0};
    sb_puts(&idx, "(");
    cprint_affine(&idx, &ac->sub[0], c->L->k->nvars, &h);
    sb_puts(&idx, ")");
    for (int d = 1; d < ac->nsub; d++) {
      StrBuf nx = {0};
      sb_printf(&nx, "(%s) * (%s) + (", idx.data, t->extent[d]);
      cprint_affine(&nx, &ac->sub[d], c->L->k->nvars, &h);
      sb_puts(&nx, ")");
      sb_free(&idx);
      idx = nx;
    }
    sb_printf(out, "[%s]", idx.data);
    sb_free(&idx);
    return;
  }
  for (int d = 0; d < ac->nsub; d++) {
    sb_puts(out, "[");
    cprint_affine(out, &ac->sub[d], c->L->k->nvars, &h);
    sb_puts(out, "]");
  }
}

static void print_dense(VC *c, StrBuf *out, int a, const char *vtext) {
  print_dense_at(c, out, a, vtext, -1, NULL);
}

void vc_ov_print(void *user, StrBuf *out, int a, const char *vtext) {
  print_dense(user, out, a, vtext);
}

/* The dense accesses of the loop's statements, for overlap checks. */
int vc_ov_collect(VC *c, OvSet *os) {
  memset(os, 0, sizeof *os);
  for (int i = 0; i < c->nvs; i++)
    if (!ov_add(c->L, os, c->vs[i].s->lhs_access, c->vs[i].e)) return 0;
  return 1;
}

/* The position of operand s's value at loop variable value vtext (NULL:
 * the variable's name) in a loop over its dense last level
 * (VecLoop.last_parent): the level's locate_expr, contiguous in v. */
static const char *last_pos(VC *c, int s, const char *vtext) {
  const STensor *st = &c->L->st[s];
  const LvlInfo *li = &st->lvl[st->nlvl - 1];
  return li->ops->locate_expr(
      &li->ref, c->lp->last_parent[s],
      arena_printf(c->L->arena, "(uint64_t)(%s)", vtext ? vtext : c->lv->name));
}

void vc_s_access(void *user, StrBuf *out, int a) {
  PrintCtx *p = user;
  VC *c = p->c;
  int s = c->L->access_st[a];
  if (s >= 0) {
    if (p->pos && c->lp->shape == VEC_POSITIONS && s == c->lp->st &&
        vc_access_variant(c, a)) {
      sb_printf(out, "sc__%s_val[%s]", c->L->st[s].name, p->pos);
      return;
    }
    if (c->lp->last_parent[s] && vc_access_variant(c, a)) {
      sb_printf(out, "sc__%s_val[%s]", c->L->st[s].name,
                last_pos(c, s, p->vtext));
      return;
    }
    c->lp->invariant(c->lp->user, out, a);
    return;
  }
  print_dense(c, out, a, p->vtext);
}

/* An invariant expression as scalar C. */
const char *vc_scalar_text(VC *c, const IrExpr *e) {
  PrintCtx pc = {c, NULL, NULL, NULL, -1};
  CPrintHooks h = {vc_s_access, vc_p_index, &pc};
  StrBuf sb = {0};
  cprint_expr(&sb, e, &h);
  const char *r = arena_strdup(c->L->arena, sb.data ? sb.data : "0");
  sb_free(&sb);
  return r;
}

const char *vc_lhs_text(VC *c, const IrStmt *s) {
  if (s->lhs_access < 0) return s->lhs_scalar;
  StrBuf sb = {0};
  print_dense(c, &sb, s->lhs_access, NULL);
  const char *r = arena_strdup(c->L->arena, sb.data);
  sb_free(&sb);
  return r;
}

/* ---- analysis ---- */

/* Whether a subscript of the IR_GATHER g reads an element of an array
 * (`x[perm[j]]`: an index array), rather than being an expression of loop
 * variables and scalars (`stats[i].sum`, `p[j].x`: a member of an array of
 * structs at an affine position). */
static int reads_element(const IrExpr *g) {
  for (int i = 0; i < g->nargs; i++) {
    const IrExpr *stack[64];
    int n = 0;
    stack[n++] = g->args[i];
    while (n) {
      const IrExpr *e = stack[--n];
      if (!e) continue;
      if (e->kind == IR_ACCESS || e->kind == IR_GATHER || e->kind == IR_CALL ||
          n + 3 > 64)
        return 1;
      stack[n++] = e->a;
      stack[n++] = e->b;
      stack[n++] = e->c;
    }
  }
  return 0;
}

/* An IR_GATHER's array with its member, as the report names an updated
 * one: `p[].x`, `pts[].c` (of `pts[j].c[k]`). */
static const char *gather_name(VC *c, const IrExpr *g) {
  StrBuf b = {0};
  sb_puts(&b, g->text);
  for (int i = 0; i < g->member_at && i < g->nargs; i++) sb_puts(&b, "[]");
  if (g->member) sb_puts(&b, g->member);
  const char *r = arena_strdup(c->L->arena, b.data ? b.data : "");
  sb_free(&b);
  return r;
}

int vc_access_variant(VC *c, int a) {
  int s = c->L->access_st[a];
  if (s >= 0) {
    if (c->lp->zero & (1u << s)) return 0;
    StrBuf tmp = {0};
    int inv = c->lp->invariant(c->lp->user, &tmp, a);
    sb_free(&tmp);
    return !inv;
  }
  const IrAccess *ac = &c->L->k->accesses[a];
  for (int d = 0; d < ac->nsub; d++)
    if (ac->sub[d].coef[c->v]) return 1;
  return 0;
}

int vc_variant(VC *c, const IrExpr *e) {
  if (!e) return 0;
  switch (e->kind) {
  case IR_CONST: case IR_SCALAR: return 0;
  case IR_INDEX: return e->var == c->v;
  case IR_ACCESS: return vc_access_variant(c, e->access);
  default: break;
  }
  if (vc_variant(c, e->a) || vc_variant(c, e->b) || vc_variant(c, e->c)) return 1;
  for (int i = 0; i < e->nargs; i++)
    if (vc_variant(c, e->args[i])) return 1;
  return 0;
}

const char *vc_tensor_name(VC *c, int a) {
  return c->L->k->tensors[c->L->k->accesses[a].tensor].name;
}

/* A variant dense access: v + invariant in the last subscript only. */
static void check_dense_variant(VC *c, int a) {
  const IrAccess *ac = &c->L->k->accesses[a];
  const IrTensor *t = &c->L->k->tensors[ac->tensor];
  if ((int)t->elem != (int)c->t->elem) {
    vc_no(c, "%s is not an array of %s (its elements are %s: a loop "
          "computes in one element type, no conversion in its lanes)",
          t->name, c->t->name, ir_elem_ctype(t->elem));
    return;
  }
  for (int d = 0; d + 1 < ac->nsub; d++)
    if (ac->sub[d].coef[c->v]) {
      vc_no(c, "%s is strided in %s (the loop variable is not its last "
            "subscript)", t->name, c->lv->name);
      return;
    }
  if (ac->sub[ac->nsub - 1].coef[c->v] != 1)
    vc_no(c, "%s is strided in %s", t->name, c->lv->name);
  if (c->lp->shape == VEC_POSITIONS) c->gathers = 1;
}

static int has_scalar_or_ld(const IrExpr *e) {
  if (!e) return 0;
  if (e->kind == IR_SCALAR) return 1;
  if (e->kind == IR_CONST && e->text) {
    size_t n = strlen(e->text);
    if (n && (e->text[n - 1] == 'l' || e->text[n - 1] == 'L') &&
        strpbrk(e->text, ".eEpP") && !strpbrk(e->text, "xX"))
      return 1;
  }
  if (has_scalar_or_ld(e->a) || has_scalar_or_ld(e->b) ||
      has_scalar_or_ld(e->c))
    return 1;
  for (int i = 0; i < e->nargs; i++)
    if (has_scalar_or_ld(e->args[i])) return 1;
  return 0;
}

/* Whether C type name `ty` is the loop's element type (a conversion to it
 * changes nothing). */
static int names_type(VC *c, const char *ty) {
  static const char *const names[4][6] = {
      [SIMD_F64] = {"double", NULL},
      [SIMD_F32] = {"float", NULL},
      [SIMD_I64] = {"long", "long int", "long long", "long long int",
                    "int64_t", NULL},
      [SIMD_I32] = {"int", "signed", "signed int", "int32_t", NULL},
  };
  for (int i = 0; names[c->t->elem][i]; i++)
    if (!strcmp(ty, names[c->t->elem][i])) return 1;
  return 0;
}

/* "the C type of e is the element type" as a compile-time condition */
static const char *type_is(VC *c, const char *e) {
  Arena *a = c->L->arena;
  if (c->t->elem == SIMD_I64)
    return arena_printf(a, "__builtin_types_compatible_p(__typeof__(%s), long) "
                        "|| __builtin_types_compatible_p(__typeof__(%s), long "
                        "long)", e, e);
  return arena_printf(a, "__builtin_types_compatible_p(__typeof__(%s), %s)", e,
                      c->t->ctype);
}

/* Whether arithmetic of an operand of element type `src` with the loop's
 * type stays in the loop's type (C's usual arithmetic conversions). */
static int promotes(VC *c, IrElemType src) {
  switch (c->t->elem) {
  case SIMD_F64: return 1;
  case SIMD_F32: return src != IR_F64;
  case SIMD_I64: return src == IR_I64 || src == IR_I32;
  default: return src == IR_I32;
  }
}

/* An invariant subexpression of a float or integer loop: its literals and
 * array elements must not widen the arithmetic (a double constant in float
 * code, a floating one in integer code); returns 1 when its C type must be
 * checked at compile time (scalars, calls, conversions). */
static int check_invariant(VC *c, const IrExpr *e) {
  if (!e || c->why) return 0;
  switch (e->kind) {
  case IR_CONST: {
    const char *x = e->text ? e->text : "0";
    int hex = strpbrk(x, "xX") != NULL;
    int flt = strchr(x, '.') || (!hex && strpbrk(x, "eE")) ||
              (hex && strpbrk(x, "pP"));
    size_t n = strlen(x);
    int fsuf = flt && n && (x[n - 1] == 'f' || x[n - 1] == 'F');
    if (c->t->is_float) {
      if (flt && !fsuf && c->t->elem == SIMD_F32)
        vc_no(c, "a double constant %s in float arithmetic (computed in double)",
           x);
      return 0;
    }
    if (flt) {
      vc_no(c, "a floating constant %s in integer arithmetic", x);
      return 0;
    }
    if (strpbrk(x, "uU") ||
        (c->t->elem == SIMD_I32 && (strpbrk(x, "lL") || n > 9)))
      vc_no(c, "an integer constant %s of another type than %s", x, c->t->ctype);
    return 0;
  }
  case IR_ACCESS: {
    int s = c->L->access_st[e->access];
    IrElemType et = s >= 0 ? c->L->st[s].t->elem
                           : c->L->k->tensors[c->L->k->accesses[e->access].tensor]
                                 .elem;
    if (!promotes(c, et))
      vc_no(c, "%s (of another element type) in %s arithmetic",
         s >= 0 ? c->L->st[s].name : vc_tensor_name(c, e->access), c->t->name);
    return 0;
  }
  case IR_SCALAR: case IR_CALL: case IR_CAST: case IR_GATHER: return 1;
  case IR_INDEX: return 1;
  default: break;
  }
  int g = check_invariant(c, e->a);
  g |= check_invariant(c, e->b);
  g |= check_invariant(c, e->c);
  return g;
}

void vc_check_expr(VC *c, const IrExpr *e) {
  if (c->why) return;
  if (!vc_variant(c, e)) {
    if (c->t->elem == SIMD_F64) {
      /* broadcast as a double: exact unless its type is wider (long double) */
      if (has_scalar_or_ld(e))
        vc_add_guard(c, arena_printf(c->L->arena, "sizeof((%s) + 0.0) == "
                                  "sizeof(double)", vc_scalar_text(c, e)));
    } else if (check_invariant(c, e)) {
      vc_add_guard(c, arena_printf(c->L->arena, "%s", type_is(c, arena_printf(
                    c->L->arena, "(%s) + %s", vc_scalar_text(c, e),
                    c->t->elem == SIMD_F32 ? "0.0f" : c->t->elem == SIMD_I64
                                                          ? "0LL" : "0"))));
    }
    c->bcasts++;
    return;
  }
  switch (e->kind) {
  case IR_INDEX:
    vc_no(c, "the loop variable %s is used as a value", c->lv->name);
    return;
  case IR_ACCESS: {
    int s = c->L->access_st[e->access];
    if (s >= 0) {
      if (((c->lp->shape == VEC_POSITIONS || c->lp->contig) &&
           s == c->lp->st) || c->lp->last_parent[s]) {
        if ((int)c->L->st[s].t->elem != (int)c->t->elem)
          vc_no(c, "%s is not an array of %s (its elements are %s: a loop "
                "computes in one element type, no conversion in its lanes)",
                c->L->st[s].name, c->t->name,
                ir_elem_ctype(c->L->st[s].t->elem));
        if (c->lp->last_parent[s]) c->dense_last |= 1u << s;
        if (c->lp->last_in[s]) vc_add_guard(c, c->lp->last_in[s]);
        c->loads++;
        return;
      }
      {
        /* a last, dense level over this loop's variable is indexed, not
         * searched (`(i : compressed, j : dense)`); contiguous ones come
         * with VecLoop.last_parent: say why this one does not */
        const STensor *st = &c->L->st[s];
        const LvlInfo *last = &st->lvl[st->nlvl - 1];
        if (last->var == c->v && last->type.format == SC_LVL_DENSE) {
          vc_no(c, "%s's last level, dense, is indexed per iteration (%s)",
                st->name, st->sliced || st->shifted
                              ? "read as a view: shifted or sliced subscripts"
                              : "not at a plain position in the loop");
          return;
        }
      }
      vc_no(c, "%s is searched per iteration", c->L->st[s].name);
      return;
    }
    check_dense_variant(c, e->access);
    if (c->lp->shape == VEC_DENSE) c->loads++;
    return;
  }
  case IR_NEG:
    vc_check_expr(c, e->a);
    return;
  case IR_DIV:
    if (!c->t->is_float) {
      vc_no(c, "an integer division (no vector division of integers)");
      return;
    }
    /* fall through */
  case IR_ADD: case IR_SUB: case IR_MUL:
    vc_check_expr(c, e->a);
    vc_check_expr(c, e->b);
    return;
  case IR_MOD:
    vc_no(c, "a remainder (%%) of values that vary in the loop");
    return;
  case IR_BITOP:
    /* &, |, ^ lane by lane (integer lanes: the bits are C's); no shifts */
    if (strlen(e->text) != 1 || !strchr("&|^", e->text[0]))
      vc_no(c, "a shift (%s) of values that vary in the loop (no vector "
            "shift)", e->text);
    else if (c->t->is_float)
      vc_no(c, "a bitwise %s of integers in %s arithmetic", e->text,
            c->t->name);
    else {
      vc_check_expr(c, e->a);
      vc_check_expr(c, e->b);
    }
    return;
  case IR_CAST:
    if (!names_type(c, e->text)) {
      vc_no(c, "a conversion to %s", e->text);
      return;
    }
    vc_check_expr(c, e->a);
    return;
  case IR_CALL:
    if (vc_is_fabs(c, e)) {
      vc_check_expr(c, e->args[0]);
      return;
    }
    if (c->t->elem == SIMD_F32 && !strcmp(e->text, "fabs"))
      vc_no(c, "fabs() of a float (computed in double; fabsf is exact)");
    else
      vc_no(c, "a call to %s() in the loop body", e->text);
    return;
  case IR_SELECT:
    vc_check_cond(c, e->a);
    vc_check_expr(c, e->b);
    vc_check_expr(c, e->c);
    return;
  case IR_CMP: case IR_AND: case IR_OR: case IR_NOT:
    /* a truth value as a number: 1 or 0 of the loop's type */
    vc_check_cond(c, e);
    return;
  case IR_GATHER:
    if (e->member && !reads_element(e))
      vc_no(c, "%s, a member of an array of structs, is read element by "
            "element (no vector load or gather of a struct member)",
            gather_name(c, e));
    else
      vc_no(c, "%s is read at a computed position (an indirect subscript: "
            "no gather of a gathered index)", e->member ? gather_name(c, e) : e->text);
    return;
  default:
    vc_no(c, "an operation on values that vary in the loop");
    return;
  }
}

/* Reads in e of the location written by s: -1 none, 0 only the very same
 * element, 1 another element (or the scalar). */
static int reads_of(const Lower *L, const IrExpr *e, const IrStmt *s) {
  if (!e) return -1;
  int r = -1;
  if (s->lhs_access < 0) {
    if (e->kind == IR_SCALAR && !strcmp(e->text, s->lhs_scalar)) return 1;
  } else if (e->kind == IR_ACCESS &&
             L->k->accesses[e->access].tensor ==
                 L->k->accesses[s->lhs_access].tensor) {
    return lower_same_access(L, e->access, s->lhs_access) ? 0 : 1;
  }
  const IrExpr *kids[3] = {e->a, e->b, e->c};
  for (int i = 0; i < 3; i++) {
    int k = reads_of(L, kids[i], s);
    if (k > r) r = k;
  }
  for (int i = 0; i < e->nargs; i++) {
    int k = reads_of(L, e->args[i], s);
    if (k > r) r = k;
  }
  return r;
}

static int same_target(const Lower *L, const IrStmt *a, const IrStmt *b) {
  if ((a->lhs_access < 0) != (b->lhs_access < 0)) return 0;
  if (a->lhs_access < 0) return !strcmp(a->lhs_scalar, b->lhs_scalar);
  return L->k->accesses[a->lhs_access].tensor ==
         L->k->accesses[b->lhs_access].tensor;
}

/* The element type of a statement's left side. */
static IrElemType lhs_elem(VC *c, const IrStmt *s) {
  if (s->lhs_access >= 0)
    return c->L->k->tensors[c->L->k->accesses[s->lhs_access].tensor].elem;
  return s->lhs_elem;
}

/* Whether call name f is fmax (fmin when min) for the loop's type: fmax for
 * double, fmaxf or fmax (exact on floats) for float. */
static int is_fminmax(VC *c, const char *f, int min) {
  if (!c->t->is_float) return 0;
  const char *d = min ? "fmin" : "fmax";
  if (!strcmp(f, d)) return 1;
  return c->t->elem == SIMD_F32 && !strncmp(f, d, 4) && !strcmp(f + 4, "f");
}

void vc_classify(VC *c) {
  const IrNode *n = c->lp->n;
  for (int i = 0; i < n->nbody && !c->why; i++) {
    const IrStmt *s = &n->body[i]->stmt;
    if (c->nvs == VEC_MAX_STMTS) {
      vc_no(c, "too many statements");
      return;
    }
    int ce = s->decl_ctype ? -1 : vc_count_elem(c, s);
    if (!s->decl_ctype && (int)lhs_elem(c, s) > (int)IR_I32) {
      /* the SIMD types are the first four element types */
      vc_no(c, "element type %s has no vector form (only double, float, "
            "int32_t and int64_t)", ir_elem_ctype(lhs_elem(c, s)));
      return;
    }
    if (!s->decl_ctype) {
      const SimdType *t = &simd_types[ce >= 0 ? ce : (int)lhs_elem(c, s)];
      if (!c->t) c->t = c->c.t = t;
      if (t != c->t) {
        vc_no(c, "statements of two element types (%s and %s)", c->t->name,
           t->name);
        return;
      }
    }
    VStmt *vs = &c->vs[c->nvs++];
    memset(vs, 0, sizeof *vs);
    vs->s = s;
    vs->e = s->rhs;
    if (ce >= 0) vs->lt = &simd_types[lhs_elem(c, s)];
    if (s->decl_ctype) {
      vc_no(c, "a local declaration (%s) in the loop body", s->lhs_scalar);
      return;
    }
    int lhs_var = s->lhs_access >= 0 && vc_access_variant(c, s->lhs_access);
    if (s->lhs_access >= 0 && c->L->access_st[s->lhs_access] >= 0) {
      vc_no(c, "a write to a sparse operand");
      return;
    }
    if (lhs_var) {
      vs->kind = VS_STORE;
      check_dense_variant(c, s->lhs_access);
      if (c->lp->shape == VEC_POSITIONS) c->scatters = 1;
      else c->stores++;
    } else {
      vs->kind = VS_REDUCE;
      if (s->op == IR_ADDTO || s->op == IR_SUBFROM) vs->red = SIMD_RED_ADD;
      else if (s->op == IR_MULBY) vs->red = SIMD_RED_MUL;
      else if (s->op == IR_XORBY) vs->red = SIMD_RED_XOR;
      else if (s->op == IR_ORBY) vs->red = SIMD_RED_OR;
      else {
        const IrExpr *e = s->rhs;
        if (e->kind == IR_CALL && e->nargs == 2 &&
            (is_fminmax(c, e->text, 0) || is_fminmax(c, e->text, 1))) {
          vs->red = e->text[2] == 'a' ? SIMD_RED_MAX : SIMD_RED_MIN;
          if (lower_is_lhs(c->L, e->args[0], s)) vs->e = e->args[1];
          else if (lower_is_lhs(c->L, e->args[1], s)) vs->e = e->args[0];
          else vs->red = 0;
        } else {
          vs->red = vc_select_minmax(c, s, &vs->e, &vs->selop);
          if (vs->red == VEC_RED_SEL) c->selects = 1;
        }
        if (!vs->red) {
          vc_no(c, "an assignment to %s, which does not vary in the loop (its "
                "last value is kept), is not a reduction", vc_lhs_text(c, s));
          return;
        }
      }
      if (s->lhs_access < 0) {
        const SimdType *t = c->t;
        if (vs->lt) c->t = vs->lt;  /* a count: the left side's own type */
        vc_add_guard(c, type_is(c, s->lhs_scalar));
        c->t = t;
      }
    }
    vc_check_expr(c, vs->e);
    vc_check_cond_reads(c, vs);
  }
  vc_sel_alone(c);
  /* conflicts: each location written once, never read at another element,
   * a reduction's location not read at all */
  for (int i = 0; i < c->nvs && !c->why; i++) {
    const IrStmt *s = c->vs[i].s;
    const char *what = s->lhs_access < 0 ? s->lhs_scalar
                                         : vc_tensor_name(c, s->lhs_access);
    if (s->lhs_access >= 0 && c->L->k->accesses[s->lhs_access].scatter) {
      /* no conflict test: the lanes' indices may repeat, and an index
       * fixed in this loop is a sum into one element, kept in order */
      const IrExpr *g = c->L->k->accesses[s->lhs_access].scatter;
      int variant = vc_access_variant(c, s->lhs_access);
      if (g->member && !reads_element(g) && variant)
        vc_no(c, "%s: a member of an array of structs, updated element by "
              "element (no vector store or scatter into a struct member), "
              "scalar", what);
      else if (g->member && !reads_element(g))
        vc_no(c, "%s: a member of an array of structs, the same element "
              "for the whole loop (every lane would update it; such a sum "
              "is not kept in a vector accumulator), scalar", what);
      else if (variant)
        vc_no(c, "%s: scatter through an index array: conflicts possible "
              "(two lanes may update one element), scalar", what);
      else
        vc_no(c, "%s: scatter through an index array fixed in this loop "
              "(every lane would update one element), scalar", what);
      return;
    }
    for (int j = 0; j < c->nvs; j++) {
      if (j != i && same_target(c->L, s, c->vs[j].s)) {
        vc_no(c, "%s is written by two statements", what);
        return;
      }
      int r = reads_of(c->L, c->vs[j].e, s);
      if (r == 1 || (r == 0 && c->vs[i].kind == VS_REDUCE)) {
        vc_no(c, "%s is %s in the loop that %s it (a cross-iteration use)", what,
           r == 1 ? "read at another element" : "read",
           c->vs[i].kind == VS_REDUCE ? "reduces into" : "writes");
        return;
      }
    }
  }
  if (!c->why && c->lv->carries_dependence)
    for (int i = 0; i < c->nvs; i++)
      if (c->vs[i].kind == VS_STORE) {
        vc_no(c, "a loop-carried dependence");
        return;
      }
}

static void check_positions(VC *c) {
  const VecLoop *lp = c->lp;
  const STensor *st = &c->L->st[lp->st];
  const LvlInfo *li = &st->lvl[lp->lvl];
  if (lp->checks_bounds) {
    vc_no(c, "the loop bounds of %s are checked on every entry", c->lv->name);
    return;
  }
  if (lp->lvl != st->nlvl - 1) {
    vc_no(c, "%s has levels below the iterated one", st->name);
    return;
  }
  if (!(c->gathers || c->scatters)) return;
  if (lp->coord) {
    /* computed per chunk into an array of 64-bit coordinates */
    c->crd_type = "uint64_t";
    c->crd_bits = 64;
    if (c->cfg.index32 || (!c->ops->lanes && c->t->bytes == 4))
      vc_add_guard(c, arena_printf(c->L->arena, "sc__%s_dims[%d] <= "
                                   "2147483647", st->name, li->dim));
    return;
  }
  if (!li->ops->has_crd_array || li->kind != LK_IDENT) {
    vc_no(c, "the coordinates of %s are not stored as an array", st->name);
    return;
  }
  c->crd_type = st->crd_type;
  c->crd_bits = !strcmp(st->crd_type, "uint8_t") ? 8
              : !strcmp(st->crd_type, "uint16_t") ? 16
              : !strcmp(st->crd_type, "uint32_t") ? 32 : 64;
  if (st->enc.crd_width == 2 || st->enc.crd_width == 4) {
    vc_no(c, "bit-packed coordinates of %s", st->name);
    return;
  }
  /* generic indexes in C, the x86 backends gather by scalar loads: only
   * avx512's scatters take 32-bit indices (the extent test in every row
   * of a CSR32 SpMV bought nothing) */
  int idx32 = c->ops->lanes && c->scatters &&
              strcmp(c->ops->name, "generic") &&
              strcmp(c->ops->name, "avx2") &&
              (c->crd_bits == 32 || c->cfg.index32);
  /* sve: 32-bit lanes take 32-bit indices (64-bit coordinates narrowed) */
  if (!c->ops->lanes && c->t->bytes == 4) idx32 = 1;
  if (idx32)
    vc_add_guard(c, arena_printf(c->L->arena, "sc__%s_dims[%d] <= 2147483647",
                              st->name, li->dim));
}

/* A fresh context for loop lp of L's kernel, with the kernel's settings
 * (c->ops NULL: no SIMD backend for it). */
void vc_open(VC *c, Lower *L, const VecLoop *lp) {
  memset(c, 0, sizeof *c);
  c->L = L;
  c->lp = lp;
  const SparsifyCtx *ctx = L->ctx;
  vec_config(L->arena, ctx->opts, L->k->vec_pragma, ctx->clang_args,
             ctx->nclang_args, &c->cfg);
  c->ops = c->cfg.ops;
}

/* Binds the context to its loop's variable, the kernel's counter of fresh
 * names and the lanes of its settings. */
void vc_bind_loop(VC *c) {
  Lower *L = c->L;
  c->v = c->lp->n->var;
  c->lv = &L->k->vars[c->v];
  c->uniq = L->uniq;
  c->c.arena = L->arena;
  c->c.uniq = &c->uniq;
  c->c.lanes = c->cfg.lanes;
  c->c.index32 = c->cfg.index32;
  c->off = "0";
}

/* ---- emission ---- */

void vc_line(VC *c, StrBuf *sb, int depth, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  sb_vline(sb, c->L->k->indent, depth, fmt, ap);
  va_end(ap);
}

const char *vc_ind_of(VC *c, int depth) {
  StrBuf sb = {0};
  sb_puts(&sb, c->L->k->indent ? c->L->k->indent : "");
  sb_indent(&sb, depth);
  const char *r = arena_strdup(c->L->arena, sb.data ? sb.data : "");
  sb_free(&sb);
  return r;
}

void vc_guarded(VC *c, StrBuf *out, int d, const char *cond,
                const char *decls, const char *vec, const char *scalar) {
  sb_printf(out, "#if defined(__GNUC__) && %s\n", c->ops->guard);
  if (!cond) {
    vc_line(c, out, d, "{");
    sb_puts(out, vec);
    vc_line(c, out, d, "}");
    sb_puts(out, "#else\n");
    sb_puts(out, scalar);
    sb_puts(out, "#endif\n");
    return;
  }
  int di = d;
  if (decls) {
    vc_line(c, out, d, "{");
    sb_puts(out, decls);
    di = d + 1;
  }
  vc_line(c, out, di, "if (%s) {", cond);
  sb_puts(out, vec);
  vc_line(c, out, di, "} else");
  sb_puts(out, "#endif\n");
  sb_puts(out, scalar);
  if (decls) {
    sb_printf(out, "#if defined(__GNUC__) && %s\n", c->ops->guard);
    vc_line(c, out, d, "}");
    sb_puts(out, "#endif\n");
  }
}

/* Address of the first element of the current vector value of a
 * contiguous dense access (dense loops). */
static const char *dense_addr(VC *c, int a) {
  StrBuf sb = {0};
  sb_puts(&sb, "&");
  print_dense(c, &sb, a, NULL);
  const char *r = strcmp(c->off, "0")
                      ? arena_printf(c->L->arena, "(%s + %s)", sb.data, c->off)
                      : arena_printf(c->L->arena, "(%s)", sb.data);
  sb_free(&sb);
  return r;
}

/* Base of a gathered/scattered dense access: the loop variable at 0. */
static const char *gather_base(VC *c, int a) {
  StrBuf sb = {0};
  sb_puts(&sb, "&");
  print_dense(c, &sb, a, "0");
  const char *r = arena_printf(c->L->arena, "(%s)", sb.data);
  sb_free(&sb);
  return r;
}

static const char *pos_now(VC *c) {
  return strcmp(c->off, "0") ? arena_printf(c->L->arena, "%s + %s", c->lp->p,
                                            c->off)
                             : c->lp->p;
}

const char *vc_coord_at(VC *c, const char *q) {
  if (c->lp->coord) return c->lp->coord(c->lp->user, q);
  const LvlInfo *li = &c->L->st[c->lp->st].lvl[c->lp->lvl];
  return li->ops->coord_at(&li->ref, q);
}

/* VecLoop.coord: the coordinates of the current vector value into an
 * array, lane by lane; lanes past the loop's end take the last position's
 * (in the range, never past it: the masked operations drop them). */
static void fill_coords(VC *c) {
  const char *w = c->ops->lanes ? arena_printf(c->L->arena, "%d", c->c.lanes)
                                : c->ops->vlen(&c->c);
  const char *pos = pos_now(c);
  c->ix = simd_tmp(&c->c, "ix");
  const char *in = simd_tmp(&c->c, "in");
  /* at most 64 lanes: 2048-bit SVE vectors of 32-bit elements */
  simd_pre(&c->c, "uint64_t %s[%d];", c->ix, c->ops->lanes ? c->c.lanes : 64);
  simd_pre(&c->c, "const size_t %s = %s - (%s) < (size_t)(%s) ? %s - (%s) : "
           "(size_t)(%s);", in, c->vhi, pos, w, c->vhi, pos, w);
  simd_pre(&c->c, "for (size_t sc__l = 0; sc__l < (size_t)(%s); sc__l++)", w);
  simd_pre(&c->c, "  %s[sc__l] = %s;", c->ix,
           vc_coord_at(c, arena_printf(c->L->arena, "%s + (sc__l < %s ? "
                                       "sc__l : %s - 1)", pos, in, in)));
}

static const char *crd_ptr(VC *c) {
  if (c->ix) return c->ix;
  const STensor *st = &c->L->st[c->lp->st];
  return arena_printf(c->L->arena, "(sc__%s_crd%d + %s)", st->name, c->lp->lvl,
                      pos_now(c));
}

static const char *vload(VC *c, int a) {
  int s = c->L->access_st[a];
  if (s >= 0 && c->lp->last_parent[s]) {
    const char *at = last_pos(c, s, NULL);
    if (strcmp(c->off, "0"))
      at = arena_printf(c->L->arena, "%s + %s", at, c->off);
    return c->ops->load(&c->c, arena_printf(c->L->arena, "(sc__%s_val + %s)",
                                            c->L->st[s].name, at),
                        c->m);
  }
  if (s >= 0)
    return c->ops->load(&c->c, arena_printf(c->L->arena, "(sc__%s_val + %s)",
                                            c->L->st[s].name, pos_now(c)),
                        c->m);
  if (c->lp->shape == VEC_DENSE) return c->ops->load(&c->c, dense_addr(c, a), c->m);
  return c->ops->gather(&c->c, gather_base(c, a), crd_ptr(c), c->crd_type, c->m);
}

/* The broadcast of invariant scalar C text s, made once before the loops
 * when a hoist buffer is set: the C compiler cannot keep it in a register
 * itself when it reads memory a store in the loop might change (a sparse
 * operand's value through a pointer). */
const char *vc_splat_inv(VC *c, const char *s) {
  if (!c->hoist) return c->ops->splat(&c->c, s);
  for (int i = 0; i < c->nhoisted; i++)
    if (!strcmp(c->hoisted[i][0], s)) return c->hoisted[i][1];
  if (c->nhoisted == VEC_MAX_HOIST) return c->ops->splat(&c->c, s);
  StrBuf *pre = c->c.pre;
  const char *ind = c->c.ind;
  c->c.pre = c->hoist;
  c->c.ind = c->hoist_ind;
  const char *v = c->ops->splat(&c->c, s);
  const char *name = arena_printf(c->L->arena, "sc__bc%d", c->uniq++);
  simd_pre(&c->c, "const %s %s = %s;", c->ops->vtype[c->t->elem], name, v);
  c->c.pre = pre;
  c->c.ind = ind;
  c->hoisted[c->nhoisted][0] = s;
  c->hoisted[c->nhoisted++][1] = name;
  return name;
}

const char *vc_vexpr(VC *c, const IrExpr *e) {
  if (!vc_variant(c, e)) return vc_splat_inv(c, vc_scalar_text(c, e));
  switch (e->kind) {
  case IR_ACCESS: return vload(c, e->access);
  case IR_SELECT: {
    const char *k = vc_vcond(c, e->a);
    const char *a = vc_vexpr(c, e->b);
    const char *b = vc_vexpr(c, e->c);
    return c->ops->select(&c->c, k, a, b);
  }
  case IR_CMP: case IR_AND: case IR_OR: case IR_NOT: {
    const char *k = vc_vcond(c, e);
    return c->ops->select(&c->c, k, vc_splat_inv(c, "1"), vc_splat_inv(c, "0"));
  }
  case IR_CALL: return c->ops->fabs(&c->c, vc_vexpr(c, e->args[0]));
  case IR_NEG: return c->ops->neg(&c->c, vc_vexpr(c, e->a));
  case IR_CAST: return vc_vexpr(c, e->a);
  case IR_ADD: case IR_SUB: case IR_MUL: case IR_DIV: case IR_BITOP: {
    const char *a = vc_vexpr(c, e->a);
    const char *b = vc_vexpr(c, e->b);
    int op = e->kind == IR_BITOP ? e->text[0]
           : e->kind == IR_ADD ? '+' : e->kind == IR_SUB ? '-'
           : e->kind == IR_MUL ? '*' : '/';
    return c->ops->binop(&c->c, op, a, b);
  }
  default:
    return c->ops->splat(&c->c, "0"); /* excluded by check_expr */
  }
}

const char *vc_vtype(VC *c) { return c->ops->vtype[c->t->elem]; }

const char *vc_acc_name(VC *c, int i, int u) {
  return arena_printf(c->L->arena, "sc__acc%d_%d", i, u);
}

void vc_combine_accs(VC *c, int i, int n) {
  for (int s = 1; s < n; s *= 2)
    for (int u = 0; u + s < n; u += 2 * s) {
      const char *a = vc_acc_name(c, i, u);
      simd_pre(&c->c, "%s = %s;", a,
               c->ops->accum(&c->c, c->vs[i].red, a,
                             vc_acc_name(c, i, u + s), NULL));
    }
}

/* The statements of one vector value at offset c->off under mask c->m. */
void vc_emit_value(VC *c, int u) {
  c->ix = NULL;
  if (c->lp->coord && (c->gathers || c->scatters)) fill_coords(c);
  for (int i = 0; i < c->nvs; i++) {
    const VStmt *vs = &c->vs[i];
    const char *val = vc_vexpr(c, vs->e);
    if (vs->kind == VS_REDUCE && vs->red == VEC_RED_SEL) {
      vc_sel_accum(c, i, u, val);
      continue;
    }
    if (vs->kind == VS_REDUCE) {
      const char *acc = vc_acc_name(c, i, u);
      const char *r = c->ops->accum(&c->c, vs->red, acc, val, c->m);
      simd_pre(&c->c, "%s = %s;", acc, r);
      continue;
    }
    int a = vs->s->lhs_access;
    if (vs->s->op != IR_SET)
      val = c->ops->binop(&c->c, vs->s->op == IR_SUBFROM ? '-'
                                 : vs->s->op == IR_ADDTO ? '+' : vs->s->op,
                          vload(c, a), val);
    if (c->lp->shape == VEC_DENSE)
      c->ops->store(&c->c, dense_addr(c, a), val, c->m);
    else
      c->ops->scatter(&c->c, gather_base(c, a), crd_ptr(c), c->crd_type, val,
                      c->m);
  }
}

static void emit_chunk(VC *c, StrBuf *sb, int depth, int full) {
  c->c.pre = sb;
  c->c.ind = vc_ind_of(c, depth);
  int w = c->cfg.lanes;
  for (int u = 0; u < (full ? c->cfg.unroll : 1); u++) {
    c->off = arena_printf(c->L->arena, "%d", u * w);
    vc_emit_value(c, full ? u : 0);
  }
  c->off = "0";
}

static int affine_const(const IrAffine *a, int64_t *out) {
  if (a->sym) return 0;
  for (int v = 0; v < IR_MAX_VARS; v++)
    if (a->coef[v]) return 0;
  *out = a->constant;
  return 1;
}

/* Whether a dense loop's `hi - iv >= step` test needs `iv < hi &&` first:
 * unless the loop variable's type is spelled as a signed one, it may be
 * unsigned (`unsigned`, `size_t`, `uint32_t`, a typedef), and then, when the
 * loop starts past its end (`for (size_t k = 5; k < 3; k++)`), `hi - iv`
 * wraps to a huge value and the full-vector loop would run far past the
 * arrays. (With the test, GCC also knows where the next loop starts and does
 * not warn that an iteration overflows the array,
 * -Waggressive-loop-optimizations.) */
static int maybe_unsigned(const char *ctype) {
  static const char *const sig[] = {
      "int", "signed", "signed int", "short", "short int", "signed short",
      "long", "long int", "signed long", "long long", "long long int",
      "signed long long", "ptrdiff_t", "ssize_t", "intptr_t", "intmax_t",
      "int8_t", "int16_t", "int32_t", "int64_t", "char", "signed char"};
  while (!strncmp(ctype, "const ", 6) || !strncmp(ctype, "register ", 9))
    ctype = strchr(ctype, ' ') + 1;
  for (size_t i = 0; i < sizeof sig / sizeof sig[0]; i++)
    if (!strcmp(ctype, sig[i])) return 0;
  return 1;
}

static void emit_vector(VC *c, StrBuf *sb, int depth) {
  const VecLoop *lp = c->lp;
  const IrLoopVar *lv = c->lv;
  int d = depth + 1;
  c->c.pre = sb;
  c->c.ind = vc_ind_of(c, d);
  c->m = NULL;
  c->off = "0";
  c->ops->prologue(&c->c, sb, c->c.ind);
  for (int i = 0; i < c->nvs; i++) {
    const VStmt *vs = &c->vs[i];
    if (vs->kind != VS_REDUCE) continue;
    const char *init = vs->red == SIMD_RED_ADD ? c->t->sum_id
                     : vs->red == SIMD_RED_MUL ? c->t->prod_id
                     : vs->red == SIMD_RED_XOR || vs->red == SIMD_RED_OR
                         ? "0" : vc_lhs_text(c, vs->s);
    for (int u = 0; u < c->cfg.unroll; u++) {
      const char *v = c->ops->splat(&c->c, init);
      simd_pre(&c->c, "%s %s = %s;", vc_vtype(c), vc_acc_name(c, i, u), v);
    }
  }
  /* the iteration variable, its limit and whether it starts below it */
  const char *iv, *hi, *itype;
  if (lp->shape == VEC_DENSE) {
    iv = lv->name;
    hi = arena_printf(c->L->arena, "(%s)", graph_hi_str(c->L, lv));
    itype = lv->ctype;
    if (lv->declared_in_header)
      vc_line(c, sb, d, "%s %s = (%s)(%s);", lv->ctype, iv, lv->ctype,
           graph_affine_str(c->L, &lv->lo));
    else
      vc_line(c, sb, d, "%s = (%s)(%s);", iv, lv->ctype,
           graph_affine_str(c->L, &lv->lo));
  } else {
    iv = lp->p;
    hi = arena_printf(c->L->arena, "sc__ve%d", c->uniq++);
    c->vhi = hi;
    itype = "size_t";
    vc_line(c, sb, d, "const size_t %s = %s;", hi, lp->end);
    vc_line(c, sb, d, "size_t %s = %s;", iv, lp->begin);
    for (int i = 0; i < c->nvs; i++)
      if (c->vs[i].red == VEC_RED_SEL && !c->vbeg) {
        c->vbeg = arena_printf(c->L->arena, "sc__vb%d", c->uniq++);
        vc_line(c, sb, d, "const size_t %s = %s;", c->vbeg, iv);
      }
  }
  vc_line(c, sb, d, "if (%s < %s) {", iv, hi);
  int d2 = d + 1;
  /* the loops go to body; the broadcasts they need, before them */
  StrBuf body = {0}, *outer = sb;
  c->hoist = outer;
  c->hoist_ind = vc_ind_of(c, d2);
  sb = &body;
  if (!c->cfg.lanes) {
    /* vector-length agnostic: one predicated loop */
    vc_line(c, sb, d2, "do {");
    c->c.pre = sb;
    c->c.ind = vc_ind_of(c, d2 + 1);
    c->m = c->ops->mask(&c->c, arena_printf(c->L->arena, "(int64_t)(%s), "
                                            "(int64_t)(%s)", iv, hi));
    emit_chunk(c, sb, d2 + 1, 0);
    if (lp->counter)
      vc_line(c, sb, d2 + 1, "%s += (int64_t)%s;", lp->counter,
           c->ops->active(&c->c, c->m));
    vc_line(c, sb, d2 + 1, "%s += (%s)%s;", iv, itype, c->ops->active(&c->c, c->m));
    vc_line(c, sb, d2, "} while (%s < %s);", iv, hi);
    c->m = NULL;
  } else {
    int vl = c->cfg.vl, w = c->cfg.lanes;
    /* a loop variable that may be unsigned: `iv < hi` first
     * (maybe_unsigned) */
    const char *below = lp->shape == VEC_DENSE && maybe_unsigned(itype)
                            ? arena_printf(c->L->arena, "%s < %s && ", iv, hi)
                            : "";
    vc_line(c, sb, d2, "for (; %s%s - %s >= %d; %s += %d) {", below, hi, iv, vl, iv, vl);
    emit_chunk(c, sb, d2 + 1, 1);
    if (lp->counter) vc_line(c, sb, d2 + 1, "%s += %d;", lp->counter, vl);
    vc_line(c, sb, d2, "}");
    int64_t lo_c, hi_c;
    int multiple = lp->shape == VEC_DENSE && affine_const(&lv->lo, &lo_c) &&
                   affine_const(&lv->hi, &hi_c) && hi_c > lo_c &&
                   (hi_c - lo_c) % vl == 0;
    if (!multiple && c->cfg.unroll > 1) {
      /* the rest's full vectors one at a time, unmasked */
      vc_line(c, sb, d2, "for (; %s%s - %s >= %d; %s += %d) {", below, hi, iv, w, iv, w);
      emit_chunk(c, sb, d2 + 1, 0);
      if (lp->counter) vc_line(c, sb, d2 + 1, "%s += %d;", lp->counter, w);
      vc_line(c, sb, d2, "}");
    }
    if (!multiple) {
      /* the last partial chunk, under the mask min(lanes, hi - iv) */
      vc_line(c, sb, d2, "if (%s < %s) {", iv, hi);
      const char *nn = arena_printf(c->L->arena, "sc__n%d", c->uniq++);
      vc_line(c, sb, d2 + 1, "const int %s = %s - %s < %d ? (int)(%s - %s) : %d;",
           nn, hi, iv, w, hi, iv, w);
      c->c.pre = sb;
      c->c.ind = vc_ind_of(c, d2 + 1);
      c->m = c->ops->mask(&c->c, nn);
      emit_chunk(c, sb, d2 + 1, 0);
      if (lp->counter) vc_line(c, sb, d2 + 1, "%s += %s;", lp->counter, nn);
      vc_line(c, sb, d2 + 1, "%s += %s;", iv, nn);
      vc_line(c, sb, d2, "}");
      c->m = NULL;
    }
  }
  sb = outer;
  if (body.data) sb_puts(sb, body.data);
  sb_free(&body);
  c->hoist = NULL;
  /* a loop variable declared outside keeps the scalar loop's last value */
  if (lp->shape == VEC_POSITIONS && !lv->declared_in_header)
    vc_line(c, sb, d2, "%s = (%s)(%s);", lv->name, lv->ctype,
         vc_coord_at(c, arena_printf(c->L->arena, "%s - 1", hi)));
  /* reduce the accumulators once */
  c->c.pre = sb;
  c->c.ind = vc_ind_of(c, d2);
  for (int i = 0; i < c->nvs; i++) {
    const VStmt *vs = &c->vs[i];
    if (vs->kind != VS_REDUCE) continue;
    if (vs->red == VEC_RED_SEL) {
      vc_emit_sel_result(c, sb, d2, i, hi);
      continue;
    }
    const char *a0 = vc_acc_name(c, i, 0);
    vc_combine_accs(c, i, c->cfg.unroll);
    const char *r = c->ops->reduce(&c->c, vs->red, a0);
    const char *op = vs->red == SIMD_RED_MUL ? "*="
                   : vs->red == SIMD_RED_XOR ? "^="
                   : vs->red == SIMD_RED_OR ? "|="
                   : vs->red != SIMD_RED_ADD ? "="
                   : vs->s->op == IR_SUBFROM ? "-=" : "+=";
    const char *lhs = vc_lhs_text(c, vs->s);
    if (vs->lt)
      /* a count: an integer in the lanes' type, added as the left side's
       * integer type (wrapping) */
      simd_pre(&c->c, "%s = (%s)((%s)%s %c (%s)(long long)%s);", lhs,
               vs->lt->ctype, vs->lt->utype, lhs, op[0], vs->lt->utype, r);
    else if (c->t->utype && (op[0] == '+' || op[0] == '-' || op[0] == '*'))
      /* integers: wrapping, as the lanes did (no signed overflow) */
      simd_pre(&c->c, "%s = (%s)((%s)%s %c (%s)%s);", lhs, c->t->ctype,
               c->t->utype, lhs, op[0], c->t->utype, r);
    else
      simd_pre(&c->c, "%s %s %s;", lhs, op, r);
  }
  vc_line(c, sb, d, "}");
}

#define SHORT_UNROLL 4 /* the short-segment loop's step, as unroll.c's */

static const char *describe(VC *c) {
  StrBuf sb = {0};
  sb_puts(&sb, c->ops->name);
  if (c->t->elem != SIMD_F64) sb_printf(&sb, ", %s", c->t->name);
  if (c->cfg.lanes)
    sb_printf(&sb, ", vl %d", c->cfg.vl);
  else
    sb_printf(&sb, ", vector-length agnostic (%s lanes)", c->ops->vlen(&c->c));
  if (c->cfg.unroll > 1)
    sb_printf(&sb, " = %d x %d lanes", c->cfg.unroll, c->cfg.lanes);
  sb_printf(&sb, " [%s]", c->cfg.origin ? c->cfg.origin : "");
  if (c->loads) sb_printf(&sb, ", contiguous loads");
  for (int s = 0; s < c->L->nst; s++)
    if (c->dense_last & (1u << s))
      sb_printf(&sb, " (%s's dense last level at position * size + %s)",
                c->L->st[s].name, c->lv->name);
  if (c->stores) sb_printf(&sb, ", contiguous stores");
  if (c->gathers)
    sb_printf(&sb, ", gathers (%d-bit coordinates%s)", c->crd_bits,
              c->guard.data && strstr(c->guard.data, "2147483647")
                  ? ", 32-bit indices" : "");
  if (c->scatters) sb_printf(&sb, ", conflict-free scatters");
  if (c->lp->coord_desc) sb_printf(&sb, ", %s", c->lp->coord_desc);
  if (c->selects) sb_printf(&sb, ", compares and selects");
  int nred = 0;
  for (int i = 0; i < c->nvs; i++)
    if (c->vs[i].kind == VS_REDUCE) {
      const VStmt *vs = &c->vs[i];
      sb_printf(&sb, "%s%s (%s)", nred++ ? ", " : ", reduction into ",
                vc_lhs_text(c, vs->s),
                vs->lt ? "count"
                : vs->red == SIMD_RED_ADD ? "sum" : vs->red == SIMD_RED_MUL
                    ? "product" : vs->red == SIMD_RED_XOR ? "xor"
                    : vs->red == SIMD_RED_OR ? "or"
                    : vs->red == VEC_RED_SEL
                        ? (vs->selop[0] == '>' ? "max by comparison"
                                               : "min by comparison")
                    : vs->red == SIMD_RED_MAX ? "max" : "min");
      if (vs->lt) sb_printf(&sb, ", summed in %s lanes", c->t->name);
    }
  if (c->cfg.lanes)
    sb_printf(&sb, "; last partial chunk masked, no scalar remainder");
  else
    sb_printf(&sb, "; whilelt-predicated chunks, no scalar remainder");
  sb_printf(&sb, "; compiled when %s (%s), else the scalar loop",
            c->ops->guard, c->ops->needs);
  if (c->guard.len) sb_printf(&sb, "; run-time check %s", c->guard.data);
  if (c->short_local)
    sb_printf(&sb, "; segments of fewer than %d entries (%s): a scalar loop "
                   "summing into locals, %d entries a step (one store per "
                   "segment)",
              c->seg_min, c->seg_min > c->cfg.lanes
                  ? "shorter rows ran slower vectorized than scalar"
                  : "one vector", SHORT_UNROLL);
  if (c->stream)
    sb_printf(&sb, "; a streaming loop (contiguous loads and stores only, no "
                   "reduction): %d iterations or more run the scalar loop, "
                   "which the C compiler vectorizes as well", VEC_STREAM_MIN);
  if (c->cfg.adjust) sb_printf(&sb, "; %s", c->cfg.adjust);
  const char *r = arena_strdup(c->L->arena, sb.data);
  sb_free(&sb);
  return r;
}

/* ---- scalar partial sums (the scalar output, no SIMD backend) ----
 *
 * A position loop whose statements are all sums into locations that do not
 * vary in it (SpMV's `s += A[i][j] * x[j]` over row i) is one dependent add
 * chain per row: its speed is the add latency, not the memory bandwidth.
 * With K partial sums (reassociation, allowed for reductions) K chains run
 * side by side:
 *
 *   {
 *     const size_t sc__ve = END;
 *     size_t p = BEGIN;
 *     if (p < sc__ve) {
 *       double sc__ps0_0 = -0.0, sc__ps0_1 = -0.0;   (-0.0: the identity)
 *       for (; sc__ve - p >= 2; p += 2) {
 *         sc__ps0_0 += <e at p>;  sc__ps0_1 += <e at p + 1>;
 *       }
 *       for (; p < sc__ve; p++) sc__ps0_0 += <e at p>;  (at most K-1 times)
 *       s += sc__ps0_0 + sc__ps0_1;
 *     }
 *   }
 *
 * Scalar code, so a short remainder loop is fine (the no-remainder rule is
 * the vector loops'). A scalar left side of unknown type is checked to be a
 * double at compile time (`__builtin_types_compatible_p`, GNU C only; the
 * plain loop otherwise), as for the vector loops. */

/* e at position `pos` as scalar C (the coordinate read at pos). */
const char *vc_scalar_at(VC *c, const IrExpr *e, const char *pos) {
  PrintCtx pc = {c, arena_printf(c->L->arena, "((%s)%s)", c->lv->ctype,
                                 vc_coord_at(c, pos)),
                 pos, NULL, -1};
  CPrintHooks h = {vc_s_access, vc_p_index, &pc};
  StrBuf sb = {0};
  cprint_expr(&sb, e, &h);
  const char *r = arena_strdup(c->L->arena, sb.data ? sb.data : "0");
  sb_free(&sb);
  return r;
}

static const char *psum_name(VC *c, int i, int u) {
  return arena_printf(c->L->arena, "sc__ps%d_%d", i, u);
}

/* The sum of partial sums 0..k-1 of reduction i as a balanced tree. */
static void psum_tree(VC *c, StrBuf *sb, int i, int lo, int hi) {
  if (hi - lo == 1) {
    sb_puts(sb, psum_name(c, i, lo));
    return;
  }
  int mid = lo + (hi - lo) / 2;
  sb_puts(sb, "(");
  psum_tree(c, sb, i, lo, mid);
  sb_puts(sb, " + ");
  psum_tree(c, sb, i, mid, hi);
  sb_puts(sb, ")");
}

/* Returns 1 when the loop was emitted with partial sums. */
/* Pointers and parameters may overlap: the loop runs when the ranges it
 * touches are apart (or the same elements), a run-time condition (see
 * overlap.h). A position loop's variable lies between its first and last
 * coordinate when the level is ordered. */
static void overlap_guard(VC *c) {
  const VecLoop *lp = c->lp;
  const Lower *L = c->L;
  OvSet os;
  if (!vc_ov_collect(c, &os)) {
    vc_no(c, "more than %d arrays to check for overlap", OV_MAX);
    return;
  }
  if (!ov_needed(L, &os)) return;
  const char *oc;
  if (lp->shape == VEC_DENSE) {
    const char *lo = graph_affine_str(L, &c->lv->lo);
    const char *hi = graph_hi_str(L, c->lv);
    oc = ov_span_cond(L, &os, c->v,
                      arena_printf(L->arena, "(%s) <= (%s)", hi, lo), lo,
                      arena_printf(L->arena, "(%s) - 1", hi), vc_ov_print, c);
  } else {
    if (!lp->ordered) {
      vc_no(c, "arrays through pointers or parameters and an unordered level "
            "(no overlap check)");
      return;
    }
    const char *b = arena_printf(L->arena, "(size_t)(%s)", lp->begin);
    const char *e = arena_printf(L->arena, "(size_t)(%s)", lp->end);
    oc = ov_span_cond(L, &os, c->v, arena_printf(L->arena, "%s <= %s", e, b),
                      arena_printf(L->arena, "(%s)(%s)", c->lv->ctype,
                                   vc_coord_at(c, b)),
                      arena_printf(L->arena, "(%s)(%s)", c->lv->ctype,
                                   vc_coord_at(c, arena_printf(L->arena,
                                                               "%s - 1", e))),
                      vc_ov_print, c);
  }
  if (oc) vc_add_guard(c, oc);
}

static int emit_psums(VC *c, const char *scalar, StrBuf *out) {
  const VecLoop *lp = c->lp;
  int k = c->cfg.psums;
  if (lp->n->nbody == 0) return 0;
  vc_classify(c);
  if (!c->why) overlap_guard(c);
  if (c->why) return 0;
  if (lp->checks_bounds) return 0;
  const STensor *st = &c->L->st[lp->st];
  if (lp->lvl != st->nlvl - 1) return 0;
  for (int i = 0; i < c->nvs; i++)
    if (c->vs[i].kind != VS_REDUCE || c->vs[i].red != SIMD_RED_ADD ||
        c->vs[i].lt)
      return 0;
  /* integer partial sums could overflow where the loop does not */
  if (!c->t->is_float) return 0;
  int d = lp->depth, d1 = d + 1, d2 = d + 2;
  StrBuf b = {0};
  const char *hi = arena_printf(c->L->arena, "sc__ve%d", c->uniq++);
  const char *p = lp->p;
  vc_line(c, &b, d1, "const size_t %s = %s;", hi, lp->end);
  vc_line(c, &b, d1, "size_t %s = %s;", p, lp->begin);
  vc_line(c, &b, d1, "if (%s < %s) {", p, hi);
  for (int i = 0; i < c->nvs; i++) {
    StrBuf decl = {0};
    for (int u = 0; u < k; u++)
      sb_printf(&decl, "%s%s = %s", u ? ", " : "", psum_name(c, i, u),
                c->t->sum_id);
    vc_line(c, &b, d2, "%s %s;", c->t->ctype, decl.data);
    sb_free(&decl);
  }
  vc_line(c, &b, d2, "for (; %s - %s >= %d; %s += %d) {", hi, p, k, p, k);
  for (int u = 0; u < k; u++) {
    const char *pos = u ? arena_printf(c->L->arena, "%s + %d", p, u) : p;
    for (int i = 0; i < c->nvs; i++)
      vc_line(c, &b, d2 + 1, "%s += %s;", psum_name(c, i, u),
           vc_scalar_at(c, c->vs[i].e, pos));
  }
  if (lp->counter) vc_line(c, &b, d2 + 1, "%s += %d;", lp->counter, k);
  vc_line(c, &b, d2, "}");
  vc_line(c, &b, d2, "for (; %s < %s; %s++) {", p, hi, p);
  for (int i = 0; i < c->nvs; i++)
    vc_line(c, &b, d2 + 1, "%s += %s;", psum_name(c, i, 0),
         vc_scalar_at(c, c->vs[i].e, p));
  if (lp->counter) vc_line(c, &b, d2 + 1, "%s++;", lp->counter);
  vc_line(c, &b, d2, "}");
  /* a loop variable declared outside keeps the scalar loop's last value */
  if (!c->lv->declared_in_header)
    vc_line(c, &b, d2, "%s = (%s)(%s);", c->lv->name, c->lv->ctype,
         vc_coord_at(c, arena_printf(c->L->arena, "%s - 1", hi)));
  for (int i = 0; i < c->nvs; i++) {
    StrBuf sum = {0};
    psum_tree(c, &sum, i, 0, k);
    vc_line(c, &b, d2, "%s %s %s;", vc_lhs_text(c, c->vs[i].s),
         c->vs[i].s->op == IR_SUBFROM ? "-=" : "+=", sum.data);
    sb_free(&sum);
  }
  vc_line(c, &b, d1, "}");
  if (c->guard.len) {
    sb_puts(out, "#if defined(__GNUC__)\n");
    vc_line(c, out, d, "if (%s) {", c->guard.data);
    sb_puts(out, b.data);
    vc_line(c, out, d, "} else");
    sb_puts(out, "#endif\n");
    sb_puts(out, scalar);
  } else {
    vc_line(c, out, d, "{");
    sb_puts(out, b.data);
    vc_line(c, out, d, "}");
  }
  sb_free(&b);
  c->L->uniq = c->uniq;
  StrBuf r = {0};
  for (int i = 0; i < c->nvs; i++)
    sb_printf(&r, "%s%s", i ? ", " : "", vc_lhs_text(c, c->vs[i].s));
  lower_note(c->L, "loop %s: scalar, %d partial sums [%s] of the sum into %s "
             "(reassociated), remainder loop of at most %d entries%s%s%s%s",
             c->lv->name, k, c->cfg.origin ? c->cfg.origin : "", r.data, k - 1,
             c->guard.len ? "; run-time check " : "",
             c->guard.len ? c->guard.data : "",
             c->cfg.adjust ? "; " : "", c->cfg.adjust ? c->cfg.adjust : "");
  sb_free(&r);
  return 1;
}

/* A streaming dense loop — contiguous loads and stores, no reduction, no
 * selection — of at least VEC_STREAM_MIN iterations is left to the C
 * compiler unless vl is given: gcc -O3 vectorizes the scalar loop the same
 * way (versioned for the pointers it cannot separate), the loop is bound
 * by memory, and the vector code gains nothing there (0.83-0.89x of the
 * scalar output on the streaming update of docs/performance.md). Shorter
 * loops keep the vector code: its masked last chunk replaces the
 * compiler's scalar epilogue (rows of 12: 1.9-3.6x faster). Literal
 * bounds decide here (not vectorized, reported); other bounds (a macro, a
 * variable) by a run-time condition on the trip count, which the C
 * compiler folds when it knows the bounds. */
static void stream_check(VC *c) {
  int64_t lo, hi;
  if (c->lp->shape != VEC_DENSE || c->cfg.vl_given || c->selects ||
      !c->stores)
    return;
  for (int i = 0; i < c->nvs; i++)
    if (c->vs[i].kind != VS_STORE) return;
  if (affine_const(&c->lv->lo, &lo) && affine_const(&c->lv->hi, &hi)) {
    if (hi - lo >= VEC_STREAM_MIN)
      vc_no(c, "a streaming loop of %lld iterations (contiguous loads and "
            "stores only, no reduction): left to the C compiler, which "
            "vectorizes the scalar loop as well (the loop is bound by "
            "memory); --vl or vectorize(vl = ...) vectorizes it",
         (long long)(hi - lo));
    return;
  }
  /* bounds the C compiler knows (a macro) or learns at run time: the
   * same choice, made by the output (constant-folded where it can be) */
  c->stream = 1;
  vc_add_guard(c, arena_printf(c->L->arena, "(long long)(%s) - (long long)(%s) "
                            "< %d", graph_affine_str(c->L, &c->lv->hi),
                            graph_affine_str(c->L, &c->lv->lo),
                            VEC_STREAM_MIN));
}

/* Segments shorter than one vector run a scalar loop. When the loop's
 * statements are all sums or products into locations that do not vary in
 * it (SpMV's `y[i] += A[i][j] * x[j]`), segments shorter than the
 * backend's seg_min (several vectors: below it the vector code, its masked
 * chunk and horizontal reduction ran slower than the scalar output) run a
 * loop that keeps each location in a local and stores it once, walked 4
 * entries a step as the scalar output walks them (src/lower/unroll.c):
 *
 *   { float sc__la0 = y[i];
 *     const size_t sc__shortNe = END;
 *     size_t sc__shortN = BEGIN;
 *     for (; sc__shortN + 4 <= sc__shortNe; sc__shortN += 4) {
 *       sc__la0 += <e at sc__shortN>; ... <e at sc__shortN + 3>; }
 *     for (; sc__shortN < sc__shortNe; sc__shortN++)
 *       sc__la0 += <e at sc__shortN>;
 *     y[i] = sc__la0; }
 *
 * The same operations in the same order and type as the scalar loop, so
 * the same result; but the scalar loop stores y[i] on every entry (the C
 * compiler cannot tell it from the arrays the loop reads), and behind the
 * vector loop's test that loop ran float SpMV with ~8 entries per row 2.6x
 * slower than the scalar output on avx512 — the same instructions, placed
 * differently (-falign-loops=64 cured it; docs/performance.md). Only in
 * the guarded region: the overlap checks hold there (a pointer `y` inside
 * `x` is the scalar loop's business). */
static int short_local_ok(VC *c) {
  if (c->lp->shape != VEC_POSITIONS || c->lp->checks_bounds) return 0;
  for (int i = 0; i < c->nvs; i++) {
    const VStmt *vs = &c->vs[i];
    if (vs->kind != VS_REDUCE || vs->lt ||
        (vs->red != SIMD_RED_ADD && vs->red != SIMD_RED_MUL))
      return 0;
  }
  return c->nvs > 0;
}

static void emit_short_local(VC *c, StrBuf *sb, int d) {
  const VecLoop *lp = c->lp;
  const char *q = arena_printf(c->L->arena, "sc__short%d", c->uniq++);
  for (int i = 0; i < c->nvs; i++)
    vc_line(c, sb, d + 1, "%s sc__la%d = %s;", c->t->ctype, i,
         vc_lhs_text(c, c->vs[i].s));
  /* SHORT_UNROLL entries a step, then one at a time: the scalar output's
   * walk (src/lower/unroll.c), the same operations in the same order */
  const char *qe = arena_printf(c->L->arena, "%se", q);
  vc_line(c, sb, d + 1, "const size_t %s = %s;", qe, lp->end);
  vc_line(c, sb, d + 1, "size_t %s = %s;", q, lp->begin);
  vc_line(c, sb, d + 1, "for (; %s + %d <= %s; %s += %d) {", q, SHORT_UNROLL,
          qe, q, SHORT_UNROLL);
  for (int u = 0; u < SHORT_UNROLL; u++) {
    const char *qu = u ? arena_printf(c->L->arena, "%s + %d", q, u) : q;
    for (int i = 0; i < c->nvs; i++)
      vc_line(c, sb, d + 2, "sc__la%d %s %s;", i, ir_op_text(c->vs[i].s->op),
              vc_scalar_at(c, c->vs[i].e, qu));
  }
  if (lp->counter) vc_line(c, sb, d + 2, "%s += %d;", lp->counter, SHORT_UNROLL);
  vc_line(c, sb, d + 1, "}");
  vc_line(c, sb, d + 1, "for (; %s < %s; %s++) {", q, qe, q);
  for (int i = 0; i < c->nvs; i++)
    vc_line(c, sb, d + 2, "sc__la%d %s %s;", i, ir_op_text(c->vs[i].s->op),
         vc_scalar_at(c, c->vs[i].e, q));
  if (lp->counter) vc_line(c, sb, d + 2, "%s++;", lp->counter);
  vc_line(c, sb, d + 1, "}");
  for (int i = 0; i < c->nvs; i++)
    vc_line(c, sb, d + 1, "%s = sc__la%d;", vc_lhs_text(c, c->vs[i].s), i);
  /* a loop variable declared outside keeps the scalar loop's last value */
  if (!c->lv->declared_in_header)
    vc_line(c, sb, d + 1, "if (%s < %s) %s = (%s)(%s);", lp->begin, lp->end,
         c->lv->name, c->lv->ctype,
         vc_coord_at(c, arena_printf(c->L->arena, "(%s) - 1", lp->end)));
}

#ifndef VEC_RED_DOUBLES
#define VEC_RED_DOUBLES 32 /* a dense reduction's default step, in doubles */
#endif

void vec_emit(Lower *L, const VecLoop *lp, const char *scalar, StrBuf *out) {
  VC c;
  vc_open(&c, L, lp);
  int psums = !c.ops && c.cfg.psums > 1 && lp->shape == VEC_POSITIONS;
  if ((!c.ops && !psums) || !vec_innermost(lp->n)) {
    sb_puts(out, scalar);
    return;
  }
  if (lower_has_push(L, lp->n)) {
    lower_note(L, "loop %s: not vectorized: an append 'q[t++] = e' (each "
               "store's place depends on the iterations before)",
               L->k->vars[lp->n->var].name);
    sb_puts(out, scalar);
    return;
  }
  vc_bind_loop(&c);
  if (psums) {
    if (!emit_psums(&c, scalar, out)) sb_puts(out, scalar);
    sb_free(&c.guard);
    return;
  }
  if (lp->n->nbody == 0) vc_no(&c, "an empty body");
  vc_classify(&c);
  if (c.t && c.t->bytes != c.cfg.elem_bytes) {
    vec_config_elem(L->arena, &c.cfg, c.t->bytes);
    c.c.lanes = c.cfg.lanes;
  }
  if (lp->shape == VEC_POSITIONS && c.cfg.lanes && !c.cfg.vl_given &&
      c.cfg.unroll > 1) {
    /* compressed segments are often short: one vector value a step by
     * default (docs/performance.md, "Vectorization") */
    c.cfg.unroll = 1;
    c.cfg.vl = c.cfg.lanes;
  }
  if (!c.why && lp->shape == VEC_POSITIONS) check_positions(&c);
  /* a reduction over a dense loop: VEC_RED_DOUBLES a step (8 ymm or 4 zmm
   * accumulators; the generic backend's vl 4, 8 vector values) unless vl
   * is given, so that the adds of the partial sums do not wait on one
   * another (SDDMM's k = 32 in one step; docs/performance.md,
   * "Vectorization") */
  if (!c.why && lp->shape == VEC_DENSE && c.cfg.lanes &&
      !c.cfg.vl_given && VEC_RED_DOUBLES / c.cfg.lanes > c.cfg.unroll) {
    int red = 0;
    for (int i = 0; i < c.nvs; i++) red |= c.vs[i].kind == VS_REDUCE;
    if (red) {
      c.cfg.unroll = VEC_RED_DOUBLES / c.cfg.lanes;
      c.cfg.vl = c.cfg.unroll * c.cfg.lanes;
    }
  }
  /* a segment shorter than one vector would run only the masked chunk and
   * the horizontal reduction: the scalar loop does it faster (a choice per
   * segment at run time, not a remainder loop; docs/vectorization.md).
   * Sums over positions: shorter than the backend's seg_min (SpMV rows of
   * fewer entries ran slower vectorized than the scalar output) */
  const char *seg = NULL;
  if (!c.why && lp->shape == VEC_POSITIONS && c.cfg.lanes) {
    int min = c.cfg.lanes;
    if (short_local_ok(&c)) {
      c.seg_min = c.ops->seg_min > min ? c.ops->seg_min : min;
      min = c.seg_min;
    }
    seg = arena_printf(L->arena, "(size_t)(%s) - (size_t)(%s) >= %d", lp->end,
                       lp->begin, min);
    if (!c.seg_min) {
      vc_add_guard(&c, seg);
      seg = NULL;
    }
  }
  if (!c.why) stream_check(&c);
  if (!c.why) vc_count_guard(&c);
  if (!c.why) overlap_guard(&c);
  if (c.why) {
    lower_note(L, "loop %s: not vectorized: %s", c.lv->name, c.why);
    sb_puts(out, scalar);
    sb_free(&c.guard);
    return;
  }
  StrBuf vb = {0};
  if (seg) {
    /* the segment's length chooses: the vector loop, or the short loop */
    StrBuf inner = {0};
    emit_vector(&c, &inner, lp->depth + 1);
    vc_line(&c, &vb, lp->depth + 1,
            c.ops->seg_unlikely ? "if (__builtin_expect(%s, 0)) {"
                                : "if (%s) {", seg);
    sb_puts(&vb, inner.data);
    vc_line(&c, &vb, lp->depth + 1, "} else {");
    emit_short_local(&c, &vb, lp->depth + 1);
    vc_line(&c, &vb, lp->depth + 1, "}");
    sb_free(&inner);
    c.short_local = 1;
    if (lp->seg_min_out) *lp->seg_min_out = c.seg_min;
    if (lp->mean_min_out)
      *lp->mean_min_out =
          c.ops->mean_min > c.seg_min ? c.ops->mean_min : c.seg_min;
  } else {
    emit_vector(&c, &vb, lp->depth);
  }
  L->uniq = c.uniq;
  vc_guarded(&c, out, lp->depth, c.guard.len ? c.guard.data : NULL, NULL,
             vb.data, scalar);
  lower_note(L, "loop %s: vectorized: %s", c.lv->name, describe(&c));
  L->ctx->need_runtime_include |= 2;
  sb_free(&vb);
  sb_free(&c.guard);
}

/* ---- register blocking (SpMM) ----
 *
 * A position loop j around one innermost dense loop k whose statements all
 * update (+= -=) a location that varies with k but not with j, reading
 * no location written in the nest (SpMM: C[i][k] += A[i][j] * B[j][k]):
 * each element C[i][k] receives the same updates in the same order (j
 * ascending) whichever loop is outside, so the vector code runs blocks of
 * R vector values of k outside and the entries j inside, keeping the block
 * of C in R vector registers across the row; one load and one store per
 * block instead of one per entry and vector value.
 *
 *   {
 *     const size_t sc__ve = END, sc__vb = BEGIN;
 *     if (sc__vb < sc__ve) {                      (an empty row: C untouched)
 *       int k = lo;
 *       for (; hi - k >= R * lanes; k += R * lanes) {
 *         acc_u = load(&C[i][k + u * lanes]);           u = 0 .. R-1
 *         for (size_t p = sc__vb; p < sc__ve; p++) {
 *           const int j = crd[p];
 *           acc_u = acc_u + <e at k + u * lanes>;
 *         }
 *         store(&C[i][k + u * lanes], acc_u);
 *       }
 *       if (hi - k >= R / 2 * lanes) { the same for R / 2; k += ...; }
 *       ... R / 4 ... 2                           (halving blocks)
 *       while (k < hi) {                          (one vector value a pass,
 *         m = mask(min(lanes, hi - k));            the last one partial)
 *         acc = load(&C[i][k], m);  for (p ...) acc += <e at k, m>;
 *         store(&C[i][k], acc, m);  k += min(lanes, hi - k);
 *       }
 *     }
 *   }
 *
 * No reassociation: the result is the scalar loop's, element by element.
 * The dense arrays of the nest must not overlap, else a read could see a
 * block not yet stored: declared arrays are distinct objects; pointers and
 * parameters are checked per row at run time (overlap.h), the nest
 * unblocked when they overlap. */

#ifndef VEC_BLOCK_ACCS
#define VEC_BLOCK_ACCS 8 /* vector registers held across the entries */
#endif

/* Removes the report lines about loop `name`'s vectorization after mark. */
static void drop_vec_notes(Lower *L, size_t mark, const char *name) {
  StrBuf *nb = &L->notes;
  if (!nb->data || mark >= nb->len) return;
  char *pre1 = arena_printf(L->arena, "  loop %s: vectorized:", name);
  char *pre2 = arena_printf(L->arena, "  loop %s: not vectorized:", name);
  size_t w = mark;
  for (size_t r = mark; r < nb->len;) {
    char *nl = strchr(nb->data + r, '\n');
    size_t e = nl ? (size_t)(nl - nb->data) + 1 : nb->len;
    const char *ln = nb->data + r;
    int drop = !strncmp(ln, pre1, strlen(pre1)) ||
               !strncmp(ln, pre2, strlen(pre2));
    if (!drop) {
      memmove(nb->data + w, ln, e - r);
      w += e - r;
    }
    r = e;
  }
  nb->len = w;
  nb->data[w] = '\0';
}

static int nest_legal(VC *c, int jv) {
  const IrLoopVar *jl = &c->L->k->vars[jv];
  if (!jl->declared_in_header || !c->lv->declared_in_header) return 0;
  if (c->lv->lo.coef[jv] || c->lv->hi.coef[jv]) return 0;
  for (int i = 0; i < c->nvs; i++) {
    const VStmt *vs = &c->vs[i];
    const IrStmt *s = vs->s;
    if (vs->kind != VS_STORE || s->lhs_access < 0) return 0;
    if (s->op != IR_ADDTO && s->op != IR_SUBFROM) return 0;
    const IrAccess *ac = &c->L->k->accesses[s->lhs_access];
    for (int d = 0; d < ac->nsub; d++)
      if (ac->sub[d].coef[jv]) return 0;
    for (int j = 0; j < c->nvs; j++)
      if (reads_of(c->L, c->vs[j].e, s) != -1) return 0;
  }
  return 1;
}

/* Accumulator u of statement i in row r of a block (r = 1: the second row
 * of a paired nest). */
static const char *nest_acc(VC *c, int i, int r, int u) {
  return vc_acc_name(c, r * c->nvs + i, u);
}

/* The printers' text for the pair's row variable in row r (r = 1: var +
 * 1; none otherwise). */
static void nest_row(VC *c, const VecPair *pr, int r) {
  c->row_text = NULL;
  if (pr && r) {
    c->row_var = pr->var;
    c->row_text = arena_printf(c->L->arena, "(%s + 1)",
                               graph_var_name(c->L, pr->var));
  }
}

/* One pass over the entries for the vector values 0..nv-1 of the block at
 * k (offsets u * lanes, or u * svcntd()), under mask c->m, for one row or
 * (pr) the rows var and var + 1. */
static void nest_pass(VC *c, const VecNest *vn, StrBuf *sb, int d, int nv,
                      const char *vb, const char *ve, const VecPair *pr) {
  const IrLoopVar *jl = &c->L->k->vars[vn->outer->var];
  const char *w = c->cfg.lanes ? arena_printf(c->L->arena, "%d", c->cfg.lanes)
                               : arena_printf(c->L->arena, "(int)%s",
                                              c->ops->vlen(&c->c));
  const int rows = pr ? 2 : 1;
  c->c.pre = sb;
  c->c.ind = vc_ind_of(c, d);
  for (int r = 0; r < rows; r++) {
    nest_row(c, pr, r);
    for (int u = 0; u < nv; u++) {
      c->off = u ? arena_printf(c->L->arena, "%d * %s", u, w) : "0";
      for (int i = 0; i < c->nvs; i++) {
        const char *v = vload(c, c->vs[i].s->lhs_access);
        simd_pre(&c->c, "%s %s = %s;", vc_vtype(c), nest_acc(c, i, r, u), v);
      }
    }
  }
  if (pr) /* two entries a step: 1.2-1.5x on avx512 (gcc 12, measured) */
    vc_line(c, sb, d, "#pragma GCC unroll 2");
  vc_line(c, sb, d, "for (size_t %s = %s; %s < %s; %s++) {", vn->p, vb, vn->p,
       ve, vn->p);
  vc_line(c, sb, d + 1, "const %s %s = (%s)(%s);", jl->ctype, jl->name,
       jl->ctype, vn->crd);
  vc_line(c, sb, d + 1, "(void)%s;", jl->name);
  c->c.ind = vc_ind_of(c, d + 1);
  for (int u = 0; u < nv; u++) {
    c->off = u ? arena_printf(c->L->arena, "%d * %s", u, w) : "0";
    for (int r = 0; r < rows; r++) {
      nest_row(c, pr, r);
      for (int i = 0; i < c->nvs; i++) {
        const VStmt *vs = &c->vs[i];
        const char *val = vc_vexpr(c, vs->e);
        int op = vs->s->op == IR_ADDTO ? '+' : '-';
        const char *acc = nest_acc(c, i, r, u);
        simd_pre(&c->c, "%s = %s;", acc, c->ops->binop(&c->c, op, acc, val));
      }
    }
  }
  vc_line(c, sb, d, "}");
  c->c.ind = vc_ind_of(c, d);
  for (int r = 0; r < rows; r++) {
    nest_row(c, pr, r);
    for (int u = 0; u < nv; u++) {
      c->off = u ? arena_printf(c->L->arena, "%d * %s", u, w) : "0";
      for (int i = 0; i < c->nvs; i++)
        c->ops->store(&c->c, dense_addr(c, c->vs[i].s->lhs_access),
                      nest_acc(c, i, r, u), c->m);
    }
  }
  nest_row(c, NULL, 0);
  c->off = "0";
}

/* The nest's vector code at depth d (inside the block vc_guarded opens):
 * blocks of nv vector values of k, then halving blocks, then one vector
 * value a pass for the rest, the last partial (masked); both rows of pr
 * when not NULL. */
static void nest_text(VC *c, const VecNest *vn, StrBuf *b, int d, int nv,
                      const VecPair *pr) {
  Lower *L = c->L;
  int d2 = d + 1;
  const IrLoopVar *lv = c->lv;
  const char *ve = arena_printf(L->arena, "sc__ve%d", c->uniq++);
  const char *vb = arena_printf(L->arena, "sc__vb%d", c->uniq++);
  const char *k = lv->name;
  const char *hi = arena_printf(L->arena, "(%s)", graph_hi_str(L, lv));
  int64_t lo_c, hi_c;
  c->m = NULL;
  c->c.pre = b;
  c->c.ind = vc_ind_of(c, d);
  c->ops->prologue(&c->c, b, c->c.ind);
  vc_line(c, b, d, "const size_t %s = %s;", ve, vn->end);
  vc_line(c, b, d, "const size_t %s = %s;", vb, vn->begin);
  vc_line(c, b, d, "if (%s < %s) {", vb, ve);
  vc_line(c, b, d2, "%s %s = (%s)(%s);", lv->ctype, k, lv->ctype,
       graph_affine_str(L, &lv->lo));
  const char *step =
      c->cfg.lanes ? arena_printf(L->arena, "%d", nv * c->cfg.lanes)
                   : arena_printf(L->arena, "%d * (int)%s", nv,
                                  c->ops->vlen(&c->c));
  if (maybe_unsigned(lv->ctype))
    /* `k < hi` first; the step in k's type (SVE's `int` step against an
     * unsigned difference would be a -Wsign-compare warning) */
    vc_line(c, b, d2, "for (; %s < %s && %s - %s >= (%s)(%s); %s += %s) {", k,
            hi, hi, k, lv->ctype, step, k, step);
  else
    vc_line(c, b, d2, "for (; %s - %s >= %s; %s += %s) {", hi, k, step, k,
            step);
  nest_pass(c, vn, b, d2 + 1, nv, vb, ve, pr);
  vc_line(c, b, d2, "}");
  /* the rest, fewer than nv vector values: blocks of nv / 2, nv / 4 ...
   * 2 (each at most once; with constant bounds only those that run), so
   * 16 columns of a bound the rewriting cannot evaluate (`k < MK`) walk
   * the entries once, not once per vector value */
  int known = c->cfg.lanes && affine_const(&lv->lo, &lo_c) &&
              affine_const(&lv->hi, &hi_c);
  int64_t rest = known && hi_c > lo_c ? (hi_c - lo_c) % (nv * c->cfg.lanes) : 0;
  for (int h = nv / 2; c->cfg.lanes && h >= 2; h /= 2) {
    if (known && rest < (int64_t)h * c->cfg.lanes) continue;
    rest -= known ? (int64_t)h * c->cfg.lanes : 0;
    if (maybe_unsigned(lv->ctype))
      vc_line(c, b, d2, "if (%s < %s && %s - %s >= (%s)(%d)) {", k, hi, hi, k,
              lv->ctype, h * c->cfg.lanes);
    else
      vc_line(c, b, d2, "if (%s - %s >= %d) {", hi, k, h * c->cfg.lanes);
    nest_pass(c, vn, b, d2 + 1, h, vb, ve, pr);
    vc_line(c, b, d2 + 1, "%s += %d;", k, h * c->cfg.lanes);
    vc_line(c, b, d2, "}");
  }
  if (!known || rest) {
    vc_line(c, b, d2, "while (%s < %s) {", k, hi);
    c->c.pre = b;
    c->c.ind = vc_ind_of(c, d2 + 1);
    const char *adv;
    if (c->cfg.lanes) {
      const char *nn = arena_printf(L->arena, "sc__n%d", c->uniq++);
      vc_line(c, b, d2 + 1,
              "const int %s = %s - %s < %d ? (int)(%s - %s) : %d;", nn, hi, k,
              c->cfg.lanes, hi, k, c->cfg.lanes);
      c->m = c->ops->mask(&c->c, nn);
      adv = nn;
    } else {
      c->m = c->ops->mask(&c->c, arena_printf(L->arena, "(int64_t)(%s), "
                                              "(int64_t)(%s)", k, hi));
      adv = arena_printf(L->arena, "(%s)%s", lv->ctype,
                         c->ops->active(&c->c, c->m));
    }
    nest_pass(c, vn, b, d2 + 1, 1, vb, ve, pr);
    vc_line(c, b, d2 + 1, "%s += %s;", k, adv);
    vc_line(c, b, d2, "}");
    c->m = NULL;
  }
  vc_line(c, b, d, "}");
}

/* Whether rows pr->var and pr->var + 1 of the nest may run together: every
 * left side is a declared array (rows apart) whose one subscript in the
 * row variable is that variable alone, k's bounds and the walked range do
 * not depend on it, nothing is checked at run time, fixed lanes. */
static int pair_ok(VC *c, const VecNest *vn, const VecPair *pr,
                   const char *cond) {
  const IrLoopVar *lv = c->lv;
  if (!pr || cond || !c->cfg.lanes || vn->lvl != 0 || vn->parent ||
      lv->lo.coef[pr->var] || lv->hi.coef[pr->var])
    return 0;
  for (int i = 0; i < c->nvs; i++) {
    const IrAccess *ac = &c->L->k->accesses[c->vs[i].s->lhs_access];
    const IrTensor *t = &c->L->k->tensors[ac->tensor];
    if (t->layout == IR_LAYOUT_FLAT && ac->nsub > 1) return 0;
    int rowsub = 0;
    for (int d = 0; d < ac->nsub; d++) {
      const IrAffine *a = &ac->sub[d];
      if (!a->coef[pr->var]) continue;
      int alone = a->coef[pr->var] == 1 && a->constant == 0 && !a->sym;
      for (int v = 0; v < IR_MAX_VARS; v++)
        if (v != pr->var && a->coef[v]) alone = 0;
      if (!alone) return 0;
      rowsub++;
    }
    if (rowsub != 1) return 0;
  }
  return 1;
}

int vec_emit_nest(Lower *L, const VecNest *vn, const char *scalar,
                  StrBuf *out) {
  const VecLoop *lp = &vn->inner;
  VC c;
  vc_open(&c, L, lp);
  if (!c.ops || !vec_innermost(lp->n) || lp->n->nbody == 0 ||
      lower_has_push(L, vn->outer))
    return 0;
  vc_bind_loop(&c);
  vc_classify(&c);
  OvSet os;
  if (c.why || !nest_legal(&c, vn->outer->var) || !vc_ov_collect(&c, &os) ||
      !ov_nest_checkable(L, &os, vn->outer->var, vn->ordered)) {
    sb_free(&c.guard);
    return 0;
  }
  if (c.t->bytes != c.cfg.elem_bytes) {
    vec_config_elem(L->arena, &c.cfg, c.t->bytes);
    c.c.lanes = c.cfg.lanes;
  }
  int64_t lo_c, hi_c;
  /* avx512: a block of constant width of at most 128 bytes (SpMM with 8
   * to 16 double columns) on 256-bit vectors, the avx2 operations, which
   * AVX-512F implies (vec_config_narrow, as the block walks of vblocks.c):
   * a 512-bit load of a row that is 32-byte but not 64-byte aligned
   * crosses a cache line at every entry (docs/performance.md, "SpMM with 8
   * columns on 256-bit vectors") */
  const int64_t width = affine_const(&c.lv->lo, &lo_c) &&
                                affine_const(&c.lv->hi, &hi_c)
                            ? hi_c - lo_c
                            : 0;
  const char *narrowed = vec_config_narrow(&c.cfg, width, 128);
  if (narrowed) {
    c.ops = c.cfg.ops;
    c.c.lanes = c.cfg.lanes;
  }
  int nv = VEC_BLOCK_ACCS / c.nvs;
  if (nv < 1) nv = 1;
  /* constant bounds narrower than a block (SpMM with 8 or 12 columns): a
   * block of the full vectors they hold, one pass over the row for them */
  if (c.cfg.lanes && affine_const(&c.lv->lo, &lo_c) &&
      affine_const(&c.lv->hi, &hi_c) && hi_c - lo_c >= c.cfg.lanes &&
      (hi_c - lo_c) / c.cfg.lanes < nv)
    nv = (int)((hi_c - lo_c) / c.cfg.lanes);
  StrBuf b = {0};
  const IrLoopVar *lv = c.lv;
  const char *k = lv->name;
  const char *hi = arena_printf(L->arena, "(%s)", graph_hi_str(L, lv));
  nest_text(&c, vn, &b, vn->depth + 1, nv, NULL);
  const char *ok = NULL;
  StrBuf ob = {0};
  if (ov_needed(L, &os)) {
    /* pointer or parameter arrays: blocked when the ranges are apart */
    ok = arena_printf(L->arena, "sc__apart%d", c.uniq++);
    const IrLoopVar *jl = &L->k->vars[vn->outer->var];
    ov_emit_nest(L, &os, &ob, vc_ind_of(&c, vn->depth + 1), ok, c.uniq++, vn->p,
                 vn->begin, vn->end, jl->ctype, jl->name, vn->crd, lv->ctype,
                 k, graph_affine_str(L, &lv->lo), hi, vc_ov_print, &c);
  }
  StrBuf decls = {0};
  const char *cond = NULL;
  if (c.guard.len || ok) {
    /* the checks are on types (sizeof, __typeof__) and may name the
     * position variable, which is declared for them */
    if (ok) sb_puts(&decls, ob.data);
    if (c.guard.len) {
      vc_line(&c, &decls, vn->depth + 1, "const size_t %s = 0;", vn->p);
      vc_line(&c, &decls, vn->depth + 1, "(void)%s;", vn->p);
    }
    cond = arena_printf(L->arena, "%s%s%s", ok ? ok : "",
                        ok && c.guard.len ? " && " : "",
                        c.guard.len ? c.guard.data : "");
  }
  VecPair *pr = vn->pair;
  if (pair_ok(&c, vn, pr, cond)) {
    /* both rows' blocks in registers, 2 x nv accumulators: -march=native
     * on an AVX-512 host gives avx2 and generic 32 registers too (ymm16-31;
     * measured: 1.2x over half the blocks); with 16 the C compiler spills
     * a few (not measured) */
    pr->nv = nv;
    nest_text(&c, vn, &pr->text, pr->depth, pr->nv, pr);
    pr->guard = c.ops->guard;
  }
  L->uniq = c.uniq;
  vc_guarded(&c, out, vn->depth, cond, decls.data ? decls.data : "", b.data,
             scalar);
  sb_free(&decls);
  drop_vec_notes(L, vn->notes_mark, lv->name);
  const char *w = c.cfg.lanes ? arena_printf(L->arena, "%d", c.cfg.lanes)
                              : c.ops->vlen(&c.c);
  lower_note(L, "loop %s: vectorized: %s, register-blocked over %s: blocks of "
             "%d x %s lanes of %s held in registers across the entries, one "
             "vector value a pass for the rest (the last partial, masked), "
             "no scalar remainder; compiled when %s (%s), else the scalar "
             "loop%s%s%s%s%s",
             lv->name,
             c.t->elem == SIMD_F64
                 ? (narrowed ? narrowed : c.ops->name)
                 : arena_printf(L->arena, "%s, %s",
                                narrowed ? narrowed : c.ops->name, c.t->name),
             L->k->vars[vn->outer->var].name, nv, w,
             vc_lhs_text(&c, c.vs[0].s), c.ops->guard, c.ops->needs,
             c.guard.len ? "; run-time check " : "",
             c.guard.len ? c.guard.data : "",
             ok ? "; run-time check that the written block and the other "
                  "arrays' ranges (first to last entry) do not overlap, else "
                  "the nest unblocked"
                : "",
             c.cfg.adjust ? "; " : "", c.cfg.adjust ? c.cfg.adjust : "");
  L->ctx->need_runtime_include |= 2;
  sb_free(&ob);
  sb_free(&b);
  sb_free(&c.guard);
  return 1;
}

/* ---- entry prefetch (SDDMM) ----
 *
 * A position loop j around one innermost dense loop k whose statements all
 * reduce into a dense element that varies with j (SDDMM: D[i][j] +=
 * S[i][j] * U[i][k] * Vt[j][k]) reads and writes one element per entry, at
 * the entry's coordinate: a cache line per entry scattered over the row,
 * a miss when the array is larger than the cache. Vectorized, the entry's
 * k loop is a few dozen instructions, too few for the out-of-order window
 * to cover the miss (docs/performance.md, "SDDMM: the output element
 * prefetched"); each entry therefore hints the element of the entry
 * VEC_ENTRY_PREFETCH positions ahead:
 *
 *   for (p = begin; p < end; p++) {
 *     if (p + 8 < end) SC_PREFETCH(&D[i][crd[p + 8]]);
 *     const int j = crd[p];
 *     ...the k loop, vectorized...
 *   }
 *
 * A hint: it changes no value and no order; its address is that of an
 * element the loop itself reaches at position p + 8 (guarded by end), so
 * no check is needed. Only when the k loop is vectorizable: the scalar
 * output is left to the hardware prefetcher. Under a dense row level
 * (CSR) rows shorter than 8 would hint nothing: the entry min(8, the
 * row's length) ahead is hinted, past the row's end in row i + 1 when that
 * row is inside the row loop and the level (docs/vectorization.md, "Short
 * rows: the next row's entries"). */

#ifndef VEC_ENTRY_PREFETCH
#define VEC_ENTRY_PREFETCH 8 /* entries ahead (measured: 4, 8, 16) */
#endif

/* The variable of the rows of a nest whose segment's successor holds the
 * next row's entries (CSR: the level above is dense, its coordinate a
 * loop variable alone, counting up), or -1. */
static int next_row_var(const Lower *L, const VecNest *vn) {
  if (!vn->parent || vn->lvl < 1) return -1;
  const STensor *st = &L->st[vn->st];
  const LvlInfo *up = &st->lvl[vn->lvl - 1];
  if (!up->ops->full || up->kind != LK_IDENT || up->aoff || up->var < 0 ||
      L->k->vars[up->var].descending || !st->lvl[vn->lvl].ops->has_pos_array)
    return -1;
  return up->var;
}

/* The hints of the elements the statements reduce into, at position q
 * (variable rvar printed as rtext when not NULL), each element once. */
static void hint_elements(VC *c, StrBuf *sb, StrBuf *names, const char *q,
                          int rvar, const char *rtext) {
  StrBuf seen = {0};
  sb_puts(&seen, ";");
  for (int i = 0; i < c->nvs; i++) {
    StrBuf one = {0};
    sb_puts(&one, ";");
    print_dense_at(c, &one, c->vs[i].s->lhs_access, q, rvar, rtext);
    sb_puts(&one, ";");
    if (!strstr(seen.data, one.data)) {
      sb_puts(&seen, one.data + 1);
      one.data[one.len - 1] = '\0';
      sb_printf(sb, " SC_PREFETCH(&%s);", one.data + 1);
      if (names)
        sb_printf(names, "%s%s", names->len ? ", " : "",
                  vc_lhs_text(c, c->vs[i].s));
    }
    sb_free(&one);
  }
  sb_free(&seen);
}

const char *vec_nest_prefetch(Lower *L, const VecNest *vn, const char *end) {
  const VecLoop *lp = &vn->inner;
  VC c;
  vc_open(&c, L, lp);
  if (!c.ops || !vec_innermost(lp->n) || lp->n->nbody == 0) return NULL;
  vc_bind_loop(&c);
  vc_classify(&c);
  sb_free(&c.guard);
  if (c.why) return NULL;
  int jv = vn->outer->var;
  for (int i = 0; i < c.nvs; i++) {
    const VStmt *vs = &c.vs[i];
    int a = vs->s->lhs_access;
    if (vs->kind != VS_REDUCE || a < 0 || L->access_st[a] >= 0) return NULL;
    const IrAccess *ac = &L->k->accesses[a];
    int varies = 0;
    for (int d = 0; d < ac->nsub; d++) varies |= ac->sub[d].coef[jv] != 0;
    if (!varies) return NULL;
  }
  /* the left sides printed with j at the entry ahead */
  const IrLoopVar *jl = &L->k->vars[jv];
  const LvlInfo *li = &L->st[vn->st].lvl[vn->lvl];
  int iv = next_row_var(L, vn);
  const char *ahead, *q;
  StrBuf sb = {0}, names = {0};
  if (iv < 0) {
    ahead = arena_printf(L->arena, "%s + %d", vn->p, VEC_ENTRY_PREFETCH);
    q = ahead;
    sb_printf(&sb, "if (%s < %s) {", ahead, end);
  } else {
    /* min(VEC_ENTRY_PREFETCH, the row's length) ahead: past the row's end,
     * the entry at that position is the next row's */
    q = arena_printf(L->arena, "sc__pf%d", c.uniq++);
    L->uniq = c.uniq;
    ahead = arena_printf(L->arena, "%s - (%s) < %d ? %s - (%s) : %d", end,
                         vn->begin, VEC_ENTRY_PREFETCH, end, vn->begin,
                         VEC_ENTRY_PREFETCH);
    sb_printf(&sb, "{ const size_t %s = %s + (%s); if (%s < %s) {", q, vn->p,
              ahead, q, end);
  }
  const char *jt = arena_printf(L->arena, "((%s)%s)", jl->ctype,
                                li->ops->coord_at(&li->ref, q));
  c.v = jv;
  hint_elements(&c, &sb, &names, jt, -1, NULL);
  sb_puts(&sb, " }");
  if (iv >= 0) {
    const IrLoopVar *il = &L->k->vars[iv];
    const LvlInfo *up = &L->st[vn->st].lvl[vn->lvl - 1];
    const char *nb, *ne; /* the next row's segment: nb is end */
    li->ops->pos_bounds(&li->ref,
                        arena_printf(L->arena, "(%s) + 1", vn->parent), NULL,
                        &nb, &ne);
    sb_printf(&sb, " else if ((%s) + 1 < (%s) && (size_t)(%s) + 1 < %s && "
              "%s < %s) {", il->name, graph_hi_str(L, il), il->name,
              level_size_name(&up->ref), q, ne);
    hint_elements(&c, &sb, NULL, jt, iv,
                  arena_printf(L->arena, "((%s) + 1)", il->name));
    sb_puts(&sb, " } }");
    lower_note(L, "loop %s: %s prefetched min(%d, the row's length) entries "
               "ahead, into the next row of %s (each entry reduces its "
               "vectorized loop into it)", jl->name, names.data,
               VEC_ENTRY_PREFETCH, il->name);
  } else {
    lower_note(L, "loop %s: %s prefetched %d entries ahead (each entry "
               "reduces its vectorized loop into it)", jl->name, names.data,
               VEC_ENTRY_PREFETCH);
  }
  const char *r = arena_strdup(L->arena, sb.data);
  sb_free(&sb);
  sb_free(&names);
  return r;
}
