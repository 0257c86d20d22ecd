/* vselect.c — comparisons and selections in vector loops
 * (docs/vectorization.md, "Comparisons and selections"): truth values
 * that vary in the loop and their legality, reads under a condition, the
 * max/min written as a selection (integers: a reduction; floats: per lane
 * `acc = v OP acc ? v : acc`, and the scan that settles a tie of 0.0 and
 * -0.0 after the loop), counts of comparisons of another type into an
 * integer, and their emission as the backend's conditions. Part of the
 * pass in vectorize.c, whose context it shares (vectorize_int.h). */
#include <string.h>

#include "vector/simd.h"
#include "vector/vectorize_int.h"

static int is_cond(const IrExpr *e) {
  return e && (e->kind == IR_CMP || e->kind == IR_AND || e->kind == IR_OR ||
               e->kind == IR_NOT);
}

/* A truth value that varies in the loop: comparisons of values of the
 * loop's type, && || ! of them; any other value tests != 0, as in C. */
void vc_check_cond(VC *c, const IrExpr *e) {
  if (c->why) return;
  c->selects = 1;
  if (!vc_variant(c, e)) {
    vc_check_expr(c, e);
    return;
  }
  switch (e->kind) {
  case IR_CMP:
    vc_check_expr(c, e->a);
    vc_check_expr(c, e->b);
    return;
  case IR_AND: case IR_OR:
    vc_check_cond(c, e->a);
    vc_check_cond(c, e->b);
    return;
  case IR_NOT:
    vc_check_cond(c, e->a);
    return;
  default:
    vc_check_expr(c, e);
    return;
  }
}

/* fabs for double, fabsf for float: exact in the loop's type (fabs of a
 * float is a double, which would widen float arithmetic) */
int vc_is_fabs(VC *c, const IrExpr *e) {
  if (e->kind != IR_CALL || e->nargs != 1 || !c->t->is_float) return 0;
  return !strcmp(e->text, c->t->elem == SIMD_F32 ? "fabsf" : "fabs");
}

/* Reads under a condition: the vector code evaluates both sides of a
 * selection and of && and || in every lane, so an array element the
 * scalar code reads only when a condition holds is read anyway. That is
 * exact when the same element is read unconditionally too (or is the
 * element the statement writes), so the address is one the scalar loop
 * reaches: then the read is harmless. Collects the unconditional dense
 * reads into u (n of them), and checks the conditional ones. */
#define VEC_MAX_READS 32
static int uncond_reads(VC *c, const IrExpr *e, int cond, int *u, int *n,
                        int pass) {
  if (!e) return 1;
  if (e->kind == IR_ACCESS) {
    if (c->L->access_st[e->access] >= 0 || !vc_access_variant(c, e->access))
      return 1;
    if (pass == 0) {
      if (!cond && *n < VEC_MAX_READS) u[(*n)++] = e->access;
      return 1;
    }
    if (!cond) return 1;
    for (int i = 0; i < *n; i++)
      if (lower_same_access(c->L, u[i], e->access)) return 1;
    vc_no(c, "%s is read only under a condition (the vector code reads every "
          "lane)", vc_tensor_name(c, e->access));
    return 0;
  }
  int ok = 1;
  if (e->kind == IR_SELECT) {
    ok &= uncond_reads(c, e->a, cond, u, n, pass);
    ok &= uncond_reads(c, e->b, 1, u, n, pass);
    ok &= uncond_reads(c, e->c, 1, u, n, pass);
    return ok;
  }
  if (e->kind == IR_AND || e->kind == IR_OR) {
    ok &= uncond_reads(c, e->a, cond, u, n, pass);
    ok &= uncond_reads(c, e->b, 1, u, n, pass);
    return ok;
  }
  ok &= uncond_reads(c, e->a, cond, u, n, pass);
  ok &= uncond_reads(c, e->b, cond, u, n, pass);
  ok &= uncond_reads(c, e->c, cond, u, n, pass);
  for (int i = 0; i < e->nargs; i++)
    ok &= uncond_reads(c, e->args[i], cond, u, n, pass);
  return ok;
}

void vc_check_cond_reads(VC *c, const VStmt *vs) {
  if (c->why || !c->selects) return;
  int u[VEC_MAX_READS], n = 0;
  if (vs->s->lhs_access >= 0 && vc_access_variant(c, vs->s->lhs_access))
    u[n++] = vs->s->lhs_access;
  uncond_reads(c, vs->e, 0, u, &n, 0);
  if (n == VEC_MAX_READS) {
    vc_no(c, "too many array reads under conditions");
    return;
  }
  uncond_reads(c, vs->e, 0, u, &n, 1);
}

/* `lhs = x OP y ? x : y` (or `? y : x`) with {x, y} = {lhs, e}, OP one of
 * < <= > >=: the integer max or min of lhs and e (*val = e), or 0. Ties
 * pick equal values, so only for integers (floating -0.0 and 0.0 compare
 * equal, NaN compares false: not fmax). */
int vc_select_minmax(VC *c, const IrStmt *s, const IrExpr **val,
                         const char **selop) {
  const IrExpr *e = s->rhs;
  if (e->kind != IR_SELECT || !e->a || e->a->kind != IR_CMP) return 0;
  const IrExpr *x = e->a->a, *y = e->a->b;
  const char *op = e->a->text;
  int gt = !strcmp(op, ">") || !strcmp(op, ">=");
  int lt = !strcmp(op, "<") || !strcmp(op, "<=");
  if (!gt && !lt) return 0;
  int lx = lower_is_lhs(c->L, x, s), ly = lower_is_lhs(c->L, y, s);
  if (lx == ly) return 0;
  int first;
  if (lower_same_expr(c->L, e->b, x) && lower_same_expr(c->L, e->c, y)) first = 1;
  else if (lower_same_expr(c->L, e->b, y) && lower_same_expr(c->L, e->c, x)) first = 0;
  else return 0;
  *val = lx ? y : x;
  if (c->t->is_float) {
    /* floats: only the forms that take e exactly when the comparison
     * holds (a NaN e is never taken, a NaN m stays): `m = e OP m ? e : m`
     * and `m = m OP e ? e : m`, as `m = e OP' m ? e : m`. The forms that
     * take e when it fails would take a NaN e and then anything after it:
     * no max over lanes gives that. */
    if (first != (lx ? 0 : 1)) return 0;
    static const char *const mirror[][2] = {
        {"<", ">"}, {"<=", ">="}, {">", "<"}, {">=", "<="}};
    *selop = op;
    if (lx)
      for (int i = 0; i < 4; i++)
        if (!strcmp(op, mirror[i][0])) *selop = mirror[i][1];
    return VEC_RED_SEL;
  }
  return gt == first ? SIMD_RED_MAX : SIMD_RED_MIN;
}

/* The element type of the first value in e that varies in the loop (the
 * type a comparison computes in), or -1. */
static int variant_elem(VC *c, const IrExpr *e) {
  if (!e || !vc_variant(c, e)) return -1;
  if (e->kind == IR_ACCESS) {
    int s = c->L->access_st[e->access];
    return s >= 0 ? (int)c->L->st[s].t->elem
                  : (int)c->L->k->tensors[c->L->k->accesses[e->access].tensor]
                        .elem;
  }
  int r = variant_elem(c, e->a);
  if (r < 0) r = variant_elem(c, e->b);
  if (r < 0) r = variant_elem(c, e->c);
  for (int i = 0; r < 0 && i < e->nargs; i++) r = variant_elem(c, e->args[i]);
  return r;
}

static int const_is(const IrExpr *e, const char *v) {
  return e && e->kind == IR_CONST && e->text && !strcmp(e->text, v);
}

/* A count: `n += cond ? 1 : 0` (what `if (cond) n++;` and `n += 1`
 * become), `n += cond ? 0 : 1` or `n += cond`, with an integer n not
 * varying in the loop and a condition on values of another type that
 * vary in it. The truth values are summed in the condition's type (exact:
 * integers, bounded by the trip count; see vec_emit) and added to n once.
 * Returns the condition's element type, or -1. */
int vc_count_elem(VC *c, const IrStmt *s) {
  if (s->op != IR_ADDTO && s->op != IR_SUBFROM) return -1;
  IrElemType lt = s->lhs_access >= 0
      ? c->L->k->tensors[c->L->k->accesses[s->lhs_access].tensor].elem
      : s->lhs_elem;
  if (lt != IR_I32 && lt != IR_I64) return -1;
  if (s->lhs_access >= 0 && vc_access_variant(c, s->lhs_access)) return -1;
  const IrExpr *e = s->rhs, *cond;
  if (is_cond(e)) cond = e;
  else if (e->kind == IR_SELECT && ((const_is(e->b, "1") && const_is(e->c, "0")) ||
                                    (const_is(e->b, "0") && const_is(e->c, "1"))))
    cond = e->a;
  else return -1;
  int t = variant_elem(c, cond);
  return t == (int)lt || t > (int)IR_I32 ? -1 : t; /* SIMD types only */
}

/* A truth value as a backend condition (see check_cond). */
const char *vc_vcond(VC *c, const IrExpr *e) {
  if (!vc_variant(c, e))
    return c->ops->cmp(&c->c, "!=", vc_splat_inv(c, vc_scalar_text(c, e)),
                       vc_splat_inv(c, "0"));
  switch (e->kind) {
  case IR_CMP: {
    const char *a = vc_vexpr(c, e->a);
    const char *b = vc_vexpr(c, e->b);
    return c->ops->cmp(&c->c, e->text, a, b);
  }
  case IR_AND: case IR_OR: {
    const char *a = vc_vcond(c, e->a);
    const char *b = vc_vcond(c, e->b);
    return c->ops->logic(&c->c, e->kind == IR_AND ? '&' : '|', a, b);
  }
  case IR_NOT: return c->ops->logic(&c->c, '!', vc_vcond(c, e->a), NULL);
  default:
    return c->ops->cmp(&c->c, "!=", vc_vexpr(c, e), vc_splat_inv(c, "0"));
  }
}

/* The result of a floating max/min by comparison (VEC_RED_SEL), after
 * the loop. Each lane holds the scalar rule's result over its own
 * elements, so the lanes combined by the same rule give the scalar result
 * up to ties: values that compare equal are the same bits, except 0.0 and
 * -0.0, and the scalar loop keeps the first (OP strict) or the last (OP
 * <=, >=) of them in its order, which the lanes do not know. So when the
 * result is a zero and the lanes hold zeros of both signs, the range is
 * scanned again with the scalar statement (its left side still holds its
 * value from before the loop). NaN: a NaN element is never taken, a NaN
 * left side stays (every lane starts from it). */

void vc_emit_sel_result(VC *c, StrBuf *sb, int d, int i, const char *hi) {
  const VStmt *vs = &c->vs[i];
  const char *ct = c->t->ctype;
  const char *sp = simd_tmp(&c->c, "sp");
  const char *nl = simd_tmp(&c->c, "nl");
  const char *r = simd_tmp(&c->c, "r");
  const char *amb = simd_tmp(&c->c, "amb");
  const char *lhs = vc_lhs_text(c, vs->s);
  const char *w = c->cfg.lanes ? arena_printf(c->L->arena, "%d", c->cfg.lanes)
                               : arena_printf(c->L->arena, "(int)%s",
                                              c->ops->vlen(&c->c));
  /* up to 64 lanes of 2048-bit SVE vectors */
  int cap = (c->cfg.lanes ? c->cfg.lanes : 64) * c->cfg.unroll;
  c->c.pre = sb;
  c->c.ind = vc_ind_of(c, d);
  simd_pre(&c->c, "%s %s[%d];", ct, sp, cap);
  for (int u = 0; u < c->cfg.unroll; u++)
    c->ops->store(&c->c, u ? arena_printf(c->L->arena, "(%s + %d * %s)", sp, u, w)
                           : sp,
                  vc_acc_name(c, i, u), NULL);
  simd_pre(&c->c, "const int %s = %d * %s;", nl, c->cfg.unroll, w);
  simd_pre(&c->c, "%s %s = %s[0];", ct, r, sp);
  simd_pre(&c->c, "for (int sc__l = 1; sc__l < %s; sc__l++) if (%s[sc__l] %s %s) "
                  "%s = %s[sc__l];", nl, sp, vs->selop, r, r, sp);
  simd_pre(&c->c, "int %s = 0;", amb);
  simd_pre(&c->c, "if (%s == 0) for (int sc__l = 0; sc__l < %s; sc__l++) %s |= "
                  "%s[sc__l] == 0 && !__builtin_signbit(%s[sc__l]) != "
                  "!__builtin_signbit(%s);", r, nl, amb, sp, sp, r);
  simd_pre(&c->c, "if (!%s) %s = %s;", amb, lhs, r);
  vc_line(c, sb, d, "else {");
  /* the scalar statement over the whole range again */
  const char *q = arena_printf(c->L->arena, "sc__tie%d", c->uniq++);
  StrBuf st = {0};
  if (c->lp->shape == VEC_DENSE) {
    PrintCtx pc = {c, q, NULL, NULL, -1};
    CPrintHooks h = {vc_s_access, vc_p_index, &pc};
    cprint_expr(&st, vs->s->rhs, &h);
    vc_line(c, sb, d + 1, "for (%s %s = (%s)(%s); %s < (%s); %s++)", c->lv->ctype,
         q, c->lv->ctype, graph_affine_str(c->L, &c->lv->lo), q,
         graph_affine_str(c->L, &c->lv->hi), q);
  } else {
    sb_puts(&st, vc_scalar_at(c, vs->s->rhs, q));
    vc_line(c, sb, d + 1, "for (size_t %s = %s; %s < %s; %s++)", q, c->vbeg, q,
         hi, q);
  }
  vc_line(c, sb, d + 2, "%s = %s;", lhs, st.data);
  sb_free(&st);
  vc_line(c, sb, d, "}");
}

/* A count summed in float lanes is exact up to 2^24, in int lanes into a
 * 64-bit left side up to 2^31 - 1: the trip count must stay below (a
 * run-time check; the scalar loop otherwise). Doubles and 64-bit lanes
 * need none. */
void vc_count_guard(VC *c) {
  long long lim = 0;
  for (int i = 0; i < c->nvs; i++)
    if (c->vs[i].lt) {
      if (c->t->elem == SIMD_F32) lim = 16777216;
      else if (c->t->elem == SIMD_I32 && c->vs[i].lt->elem == SIMD_I64 && !lim)
        lim = 2147483647;
    }
  if (!lim) return;
  const char *n;
  if (c->lp->shape == VEC_DENSE)
    n = arena_printf(c->L->arena, "(long long)(%s) - (long long)(%s)",
                     graph_affine_str(c->L, &c->lv->hi),
                     graph_affine_str(c->L, &c->lv->lo));
  else
    n = arena_printf(c->L->arena, "(size_t)(%s) - (size_t)(%s)", c->lp->end,
                     c->lp->begin);
  vc_add_guard(c, arena_printf(c->L->arena, "%s <= %lld", n, lim));
}

/* acc = v OP acc ? v : acc, inactive lanes unchanged (a floating max/min
 * by comparison: vector value u of statement i) */
void vc_sel_accum(VC *c, int i, int u, const char *val) {
  const VStmt *vs = &c->vs[i];
  const char *acc = vc_acc_name(c, i, u);
  const char *t = simd_tmp(&c->c, "v");
  simd_pre(&c->c, "const %s %s = %s;", c->ops->vtype[c->t->elem], t, val);
  const char *k = c->ops->cmp(&c->c, vs->selop, t, acc);
  if (c->m) k = c->ops->logic(&c->c, '&', k, c->m);
  simd_pre(&c->c, "%s = %s;", acc, c->ops->select(&c->c, k, t, acc));
}

/* A max/min by comparison may have to scan its range again (see
 * vc_emit_sel_result): only in a loop that stores nothing. */
void vc_sel_alone(VC *c) {
  for (int i = 0; i < c->nvs && !c->why; i++)
    if (c->vs[i].red == VEC_RED_SEL)
      for (int j = 0; j < c->nvs; j++)
        if (c->vs[j].kind == VS_STORE) {
          vc_no(c, "a floating max/min written as a comparison beside a store");
          return;
        }
}
