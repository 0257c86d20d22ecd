/* overlap.c — run-time overlap checks of the dense arrays a vector loop
 * touches through pointers or parameters (see overlap.h). */
#include "vector/overlap.h"

#include <stdio.h>
#include <string.h>

static int is_dense(const Lower *L, int a) { return L->access_st[a] < 0; }

/* Whether access a's storage may be another operand's: anything but an
 * array the program names (a pointer, a parameter, an array member
 * reached through `->`). */
static int shared(const Lower *L, int a) {
  const IrTensor *t = &L->k->tensors[L->k->accesses[a].tensor];
  return t->layout != IR_LAYOUT_ARRAY || t->via_pointer;
}

static int varies(const Lower *L, int a, int v) {
  const IrAccess *ac = &L->k->accesses[a];
  for (int d = 0; d < ac->nsub; d++)
    if (ac->sub[d].coef[v]) return 1;
  return 0;
}

static int push(OvSet *s, int a, int write) {
  for (int i = 0; i < s->n; i++)
    if (s->acc[i] == a && s->write[i] == write) return 1;
  if (s->n == OV_MAX) return 0;
  s->acc[s->n] = a;
  s->write[s->n++] = (unsigned char)write;
  return 1;
}

static int add_expr(const Lower *L, OvSet *s, const IrExpr *e) {
  if (!e) return 1;
  if (e->kind == IR_ACCESS && is_dense(L, e->access) && !push(s, e->access, 0))
    return 0;
  if (!add_expr(L, s, e->a) || !add_expr(L, s, e->b) || !add_expr(L, s, e->c))
    return 0;
  for (int i = 0; i < e->nargs; i++)
    if (!add_expr(L, s, e->args[i])) return 0;
  return 1;
}

int ov_add(const Lower *L, OvSet *s, int lhs, const IrExpr *e) {
  if (lhs >= 0 && is_dense(L, lhs) && !push(s, lhs, 1)) return 0;
  return add_expr(L, s, e);
}

int ov_pair_needed(const Lower *L, const OvSet *s, int i, int j) {
  if (i == j || (!s->write[i] && !s->write[j])) return 0;
  return shared(L, s->acc[i]) || shared(L, s->acc[j]);
}

int ov_needed(const Lower *L, const OvSet *s) {
  for (int i = 0; i < s->n; i++)
    for (int j = i + 1; j < s->n; j++)
      if (ov_pair_needed(L, s, i, j)) return 1;
  return 0;
}

/* (uintptr_t) of &access with the loop variable printed as vtext */
static char *addr(const Lower *L, int a, const char *vtext, OvPrint pr,
                  void *user) {
  StrBuf sb = {0};
  sb_puts(&sb, "(uintptr_t)(const void *)&");
  pr(user, &sb, a, vtext);
  char *r = arena_strdup(L->arena, sb.data);
  sb_free(&sb);
  return r;
}

/* The size of access a's element: `sizeof (<access>)` (float, int, long
 * and double elements alike; sizeof does not evaluate it). */
static char *esize(const Lower *L, int a, const char *vtext, OvPrint pr,
                   void *user) {
  StrBuf sb = {0};
  sb_puts(&sb, "sizeof (");
  pr(user, &sb, a, vtext);
  sb_puts(&sb, ")");
  char *r = arena_strdup(L->arena, sb.data);
  sb_free(&sb);
  return r;
}

const char *ov_span_cond(const Lower *L, const OvSet *s, int v,
                         const char *empty, const char *first,
                         const char *last, OvPrint pr, void *user) {
  if (!ov_needed(L, s)) return NULL;
  StrBuf sb = {0};
  sb_printf(&sb, "%s || (", empty);
  int n = 0;
  for (int i = 0; i < s->n; i++)
    for (int j = i + 1; j < s->n; j++) {
      if (!ov_pair_needed(L, s, i, j)) continue;
      int a = s->acc[i], b = s->acc[j];
      const char *af = addr(L, a, first, pr, user);
      const char *al = addr(L, a, last, pr, user);
      const char *bf = addr(L, b, first, pr, user);
      const char *bl = addr(L, b, last, pr, user);
      /* [lo, hi) of each: the smaller end, the larger end + 1 element */
      const char *alo = arena_printf(L->arena, "(%s < %s ? %s : %s)", af, al, af, al);
      const char *ahi = arena_printf(L->arena, "(%s < %s ? %s : %s) + %s", af, al, al, af,
                                     esize(L, a, first, pr, user));
      const char *blo = arena_printf(L->arena, "(%s < %s ? %s : %s)", bf, bl, bf, bl);
      const char *bhi = arena_printf(L->arena, "(%s < %s ? %s : %s) + %s", bf, bl, bl, bf,
                                     esize(L, b, first, pr, user));
      sb_printf(&sb, "%s(%s <= %s || %s <= %s", n++ ? " && " : "", ahi, blo,
                bhi, alo);
      if (varies(L, a, v) && varies(L, b, v))
        sb_printf(&sb, " || (%s == %s && %s == %s)", af, bf, al, bl);
      sb_puts(&sb, ")");
    }
  sb_puts(&sb, ")");
  char *r = arena_strdup(L->arena, sb.data);
  sb_free(&sb);
  return r;
}

int ov_nest_checkable(const Lower *L, const OvSet *s, int jv, int ordered) {
  if (!ov_needed(L, s)) return 1;
  if (!ordered) return 0;
  for (int i = 0; i < s->n; i++) {
    const IrAccess *ac = &L->k->accesses[s->acc[i]];
    if (L->k->tensors[ac->tensor].layout != IR_LAYOUT_ROW_PTRS) continue;
    for (int d = 0; d + 1 < ac->nsub; d++)
      if (ac->sub[d].coef[jv]) return 0;
  }
  return 1;
}

/* Emits: widen the range [lo[i], hi[i]) of access i to take in the
 * element of `sz` bytes at address `a`. */
static void emit_widen(StrBuf *sb, const char *ind, const char *a,
                       const char *sz, const char *lov, const char *hiv,
                       int i) {
  sb_printf(sb, "%s      {\n", ind);
  sb_printf(sb, "%s        const uintptr_t sc__a = %s;\n", ind, a);
  sb_printf(sb, "%s        if (sc__a < %s[%d]) %s[%d] = sc__a;\n", ind, lov,
            i, lov, i);
  sb_printf(sb, "%s        if (sc__a + %s > %s[%d]) "
                "%s[%d] = sc__a + %s;\n",
            ind, sz, hiv, i, hiv, i, sz);
  sb_printf(sb, "%s      }\n", ind);
}

/* Emits the pairwise tests of the ranges (a pair that overlaps clears
 * `ok`) and closes the check's two blocks. */
static void emit_pair_tests(const Lower *L, const OvSet *s, StrBuf *sb,
                            const char *ind, const char *lov,
                            const char *hiv, const char *ok) {
  for (int i = 0; i < s->n; i++)
    for (int jj = i + 1; jj < s->n; jj++)
      if (ov_pair_needed(L, s, i, jj))
        sb_printf(sb, "%s    if (%s[%d] > %s[%d] && %s[%d] > %s[%d]) %s = 0;\n",
                  ind, hiv, i, lov, jj, hiv, jj, lov, i, ok);
  sb_printf(sb, "%s  }\n", ind);
  sb_printf(sb, "%s}\n", ind);
}

void ov_emit_nest(const Lower *L, const OvSet *s, StrBuf *sb, const char *ind,
                  const char *ok, int uniq, const char *p, const char *begin,
                  const char *end, const char *jtype, const char *j,
                  const char *crd, const char *ktype, const char *k,
                  const char *lo, const char *hi, OvPrint pr, void *user) {
  char lov[32], hiv[32], t[32], b[32], e[32];
  snprintf(lov, sizeof lov, "sc__olo%d", uniq);
  snprintf(hiv, sizeof hiv, "sc__ohi%d", uniq);
  snprintf(t, sizeof t, "sc__oc%d", uniq);
  snprintf(b, sizeof b, "sc__ob%d", uniq);
  snprintf(e, sizeof e, "sc__oe%d", uniq);
  sb_printf(sb, "%sint %s = 1;\n", ind, ok);
  sb_printf(sb, "%s{\n", ind);
  sb_printf(sb, "%s  const size_t %s = %s, %s = %s;\n", ind, b, begin, e, end);
  sb_printf(sb, "%s  if (%s < %s && (%s) < (%s)) {\n", ind, b, e, lo, hi);
  sb_printf(sb, "%s    uintptr_t %s[%d] = {", ind, lov, s->n);
  for (int i = 0; i < s->n; i++) sb_printf(sb, "%sUINTPTR_MAX", i ? ", " : "");
  sb_printf(sb, "}, %s[%d] = {0};\n", hiv, s->n);
  sb_printf(sb, "%s    for (int %s = 0; %s < 4; %s++) {\n", ind, t, t, t);
  sb_printf(sb, "%s      const size_t %s = (%s & 2) ? %s - 1 : %s;\n", ind, p,
            t, e, b);
  sb_printf(sb, "%s      const %s %s = (%s)(%s);\n", ind, jtype, j, jtype, crd);
  sb_printf(sb, "%s      const %s %s = (%s & 1) ? (%s)((%s) - 1) : (%s)(%s);\n",
            ind, ktype, k, t, ktype, hi, ktype, lo);
  sb_printf(sb, "%s      (void)%s;\n%s      (void)%s;\n", ind, j, ind, k);
  for (int i = 0; i < s->n; i++) {
    const char *a = addr(L, s->acc[i], NULL, pr, user);
    emit_widen(sb, ind, a, esize(L, s->acc[i], NULL, pr, user), lov, hiv, i);
  }
  sb_printf(sb, "%s    }\n", ind);
  emit_pair_tests(L, s, sb, ind, lov, hiv, ok);
}

/* Whether access a's address does not decrease when v1 or v2 grows (every
 * subscript's coefficients of both are >= 0; a row-pointer array's rows
 * are not taken in v1/v2: ov_nest_checkable). */
static int monotone(const Lower *L, int a, int v1, int v2) {
  const IrAccess *ac = &L->k->accesses[a];
  for (int d = 0; d < ac->nsub; d++)
    if (ac->sub[d].coef[v1] < 0 || ac->sub[d].coef[v2] < 0) return 0;
  return 1;
}

void ov_emit_block(const Lower *L, const OvSet *s, StrBuf *sb,
                   const char *ind, const char *ok, int uniq, const char *p,
                   const char *begin, const char *end, int jv,
                   const char *jtype, const char *j, const char *crd, int kv,
                   const char *ktype, const char *k, const char *lo,
                   const char *hi, OvPrint pr, void *user) {
  char lov[32], hiv[32], b[32], e[32];
  snprintf(lov, sizeof lov, "sc__olo%d", uniq);
  snprintf(hiv, sizeof hiv, "sc__ohi%d", uniq);
  snprintf(b, sizeof b, "sc__ob%d", uniq);
  snprintf(e, sizeof e, "sc__oe%d", uniq);
  int all_mono = 1;
  for (int i = 0; i < s->n; i++)
    if (!monotone(L, s->acc[i], jv, kv)) all_mono = 0;
  sb_printf(sb, "%sint %s = 1;\n", ind, ok);
  sb_printf(sb, "%s{\n", ind);
  sb_printf(sb, "%s  const size_t %s = %s, %s = %s;\n", ind, b, begin, e, end);
  sb_printf(sb, "%s  if (%s < %s) {\n", ind, b, e);
  sb_printf(sb, "%s    uintptr_t %s[%d], %s[%d];\n", ind, lov, s->n, hiv, s->n);
  /* corners: (first entry, lo), (last entry, hi - 1), then, unless every
   * address is monotone, (first, hi - 1) and (last, lo) */
  int ncorners = all_mono ? 2 : 4;
  for (int c = 0; c < ncorners; c++) {
    int last_j = c == 1 || c == 3, last_k = c == 1 || c == 2;
    sb_printf(sb, "%s    {\n", ind);
    sb_printf(sb, "%s      const size_t %s = %s;\n", ind, p,
              last_j ? arena_printf(L->arena, "%s - 1", e) : b);
    sb_printf(sb, "%s      const %s %s = (%s)(%s);\n", ind, jtype, j, jtype,
              crd);
    sb_printf(sb, "%s      const %s %s = (%s)(%s);\n", ind, ktype, k, ktype,
              last_k ? arena_printf(L->arena, "(%s) - 1", hi) : lo);
    sb_printf(sb, "%s      (void)%s;\n%s      (void)%s;\n", ind, j, ind, k);
    for (int i = 0; i < s->n; i++) {
      const char *a = addr(L, s->acc[i], NULL, pr, user);
      const char *sz = esize(L, s->acc[i], NULL, pr, user);
      if (c == 0) {
        sb_printf(sb, "%s      %s[%d] = %s;\n", ind, lov, i, a);
        sb_printf(sb, "%s      %s[%d] = %s[%d] + %s;\n", ind, hiv, i, lov, i,
                  sz);
      } else if (all_mono) {
        sb_printf(sb, "%s      %s[%d] = %s + %s;\n", ind, hiv, i, a, sz);
      } else {
        emit_widen(sb, ind, a, sz, lov, hiv, i);
      }
    }
    sb_printf(sb, "%s    }\n", ind);
  }
  emit_pair_tests(L, s, sb, ind, lov, hiv, ok);
}
