/* slice.c — operands whose encoding has dimension slices (SPEC §3, MLIR's
 * slice views). The stored tensor holds the whole array in stored
 * coordinates; the kernel reads the view V[v] = A[off + stride * v]. An
 * access is walked as the view when each subscript is `o + a * v` (o a
 * constant or loop-invariant text, a >= 1, v a loop variable starting at a
 * constant >= 0) and the coordinates it can reach lie inside the slice:
 * the static offset, stride and size agree, the '?' ones are supplied by
 * the access (offset o + a * lo, stride a, size the loop's extent). The
 * loops then walk the stored coordinates c of a compressed level keeping
 * those with (c - o) % a == 0 from o + a * lo on, v = (c - o) / a, and
 * index dense levels at o + a * v (coiter.c). What cannot be shown
 * consistent is read from the dense array, with the reason. A subscript
 * with no loop variable on a dimension left whole (no slice, or all '?')
 * fixes that dimension (a fixed row, column or slab): its levels are
 * located, not walked (graph.c LK_FIXED, coiter.c fixed_coords). */
#include <string.h>

#include "lower/lower_int.h"

static const char *sval(const Lower *L, int64_t v) {
  return v < 0 ? "?" : arena_printf(L->arena, "%lld", (long long)v);
}

const char *slice_text(const Lower *L, const sc_encoding *enc, int d) {
  const sc_dim_slice *s = &enc->slices[d];
  return arena_printf(L->arena, "slice(%s, %s, %s)", sval(L, s->offset),
                      sval(L, s->size), sval(L, s->stride));
}

/* Whether a is a constant (no variable, no symbol): *c its value. */
static int constant_of(const Lower *L, const IrAffine *a, int64_t *c) {
  if (a->sym) return 0;
  for (int v = 0; v < L->k->nvars && v < IR_MAX_VARS; v++)
    if (a->coef[v]) return 0;
  *c = a->constant;
  return 1;
}

const char *slice_dim_text(const Lower *L, const STensor *st, int d) {
  if (st->dim_fix[d]) /* the coordinate coiter_emit computes at entry */
    return arena_printf(L->arena, "(int64_t)(sc__%s_x%d)", st->name, d);
  const char *v = graph_var_name(L, st->dim_var[d]);
  if (!st->dim_off[d]) return v;
  return arena_printf(L->arena, "((int64_t)(%s) + %lld * (int64_t)(%s))",
                      st->dim_off[d], (long long)st->dim_stride[d], v);
}

/* Whether loop variable v is never negative: its lower bound is a
 * non-negative constant plus non-negative multiples of such variables. */
static int nonneg_var(const Lower *L, int v, int depth) {
  const IrAffine *lo = &L->k->vars[v].lo;
  if (lo->sym || lo->constant < 0 || depth > IR_MAX_VARS) return 0;
  for (int i = 0; i < L->k->nvars && i < IR_MAX_VARS; i++)
    if (lo->coef[i] < 0 || (lo->coef[i] && !nonneg_var(L, i, depth + 1)))
      return 0;
  return 1;
}

static int ident_char(char c) {
  return c == '_' || (c >= '0' && c <= '9') || ((c | 32) >= 'a' && (c | 32) <= 'z');
}

const char *slice_fix_text(const Lower *L, const char *t) {
  char *c = arena_strdup(L->arena, t);
  size_t w = 0;
  for (size_t i = 0; c[i];) {
    if (c[i] == '(' && (i == 0 || !ident_char(c[i - 1]))) {
      size_t e = i + 1;
      while (ident_char(c[e])) e++;
      size_t a = e + 1;
      while (c[a] == ' ') a++;
      /* (not a cast: "(int)k", "(long)(k)") */
      if (e > i + 1 && c[e] == ')' && !ident_char(c[a]) && c[a] != '(') {
        for (size_t k = i + 1; k < e; k++) c[w++] = c[k];
        i = e + 1;
        continue;
      }
    }
    c[w++] = c[i++];
  }
  c[w] = '\0';
  t = c;
  size_t n = strlen(t);
  if (n < 2 || t[0] != '(' || t[n - 1] != ')') return t;
  int depth = 0;
  for (size_t i = 0; i + 1 < n; i++) {
    depth += t[i] == '(' ? 1 : t[i] == ')' ? -1 : 0;
    if (depth == 0) return t; /* "(a) + (b)" */
  }
  return slice_fix_text(L, arena_strndup(L->arena, t + 1, n - 2));
}

int slice_bind(Lower *L, STensor *st, const IrAccess *ac,
               const sc_encoding *enc, const char **why, const char **note) {
  const char *name = st->t->name;
  unsigned seen = 0;
  *note = NULL;
  st->nfixed = 0;
  memset(st->dim_fix, 0, sizeof st->dim_fix);
  if (ac->nsub != enc->dim_rank) {
    *why = "an access of another rank";
    return -1;
  }
  for (int d = 0; d < ac->nsub; d++) {
    const IrAffine *sub = &ac->sub[d];
    const sc_dim_slice *sl = &enc->slices[d];
    const char *stext = graph_affine_str(L, sub);
    const char *mism = arena_printf(
        L->arena, "subscript '%s' does not match %s of '%s'", stext,
        slice_text(L, enc, d), name);
    int v = -1;
    for (int i = 0; i < L->k->nvars && i < IR_MAX_VARS; i++) {
      if (!sub->coef[i]) continue;
      if (v >= 0) {
        *why = arena_printf(L->arena, "%s (one loop variable per subscript)",
                            mism);
        return -1;
      }
      v = i;
    }
    if (v < 0 && sl->offset < 0 && sl->size < 0 && sl->stride < 0) {
      /* a subscript invariant in the kernel's loops (the front end only
       * builds subscripts from loop variables and values nothing in the
       * nest assigns): a fixed row, column or slab; its levels are
       * located at that coordinate (coiter.c) */
      st->dim_var[d] = -1;
      st->dim_off[d] = NULL;
      st->dim_stride[d] = 0;
      st->dim_fix[d] = stext;
      st->nfixed++;
      continue;
    }
    if (v < 0 || sub->coef[v] < 1 || (seen & (1u << v))) {
      *why = arena_printf(L->arena, "%s (a subscript 'offset + stride * v' "
                          "with a positive stride and distinct variables)",
                          mism);
      return -1;
    }
    seen |= 1u << v;
    int64_t a = sub->coef[v], lo = 0, hi = 0;
    const IrLoopVar *lv = &L->k->vars[v];
    int dyn = sl->offset < 0 && sl->size < 0 && sl->stride < 0;
    int plain = sub->coef[v] == 1 && !sub->constant && !sub->sym;
    /* (a plain subscript of a dimension the view leaves whole is walked
     * as without a view: any lower bound) */
    if (!(dyn && plain) && !nonneg_var(L, v, 0)) {
      *why = arena_printf(L->arena, "loop '%s' starts at '%s', which may be "
                          "negative (%s of '%s')", lv->name,
                          graph_affine_str(L, &lv->lo), slice_text(L, enc, d),
                          name);
      return -1;
    }
    int lo_const = constant_of(L, &lv->lo, &lo);
    int hi_const = constant_of(L, &lv->hi, &hi);
    int64_t t = sl->stride >= 0 ? sl->stride : a;
    if (a % t) {
      *why = arena_printf(L->arena, "%s (stride %lld)", mism, (long long)a);
      return -1;
    }
    /* What can be checked against the static values is checked; the rest
     * (symbolic offsets and bounds) is noted: the loops read the stored
     * array where the subscripts say, so the result is the dense
     * program's either way. */
    if (hi_const && lo_const && hi <= lo) {
      /* an empty loop reads nothing */
    } else if (sl->offset >= 0 && (sub->sym || !lo_const)) {
      *note = arena_printf(L->arena, "subscript '%s' is not checked against "
                           "%s of '%s' (not constant)", stext,
                           slice_text(L, enc, d), name);
    } else if (sl->offset >= 0 || sl->size >= 0) {
      int64_t first = sub->constant + a * lo;
      int64_t base = sl->offset >= 0 ? sl->offset : first;
      if (sl->offset >= 0 && (first < sl->offset || (first - sl->offset) % t)) {
        *why = arena_printf(L->arena, "%s (it reads coordinate %lld)", mism,
                            (long long)first);
        return -1;
      }
      if (sl->size >= 0 && !hi_const) {
        *note = arena_printf(L->arena, "loop bound '%s' of '%s' is not "
                             "checked against %s of '%s' (not constant)",
                             graph_affine_str(L, &lv->hi), lv->name,
                             slice_text(L, enc, d), name);
      } else if (sl->size >= 0 && (sl->offset < 0 || !sub->sym) &&
                 a * (hi - 1 - lo) + (first - base) > t * (sl->size - 1)) {
        *why = arena_printf(L->arena, "%s (it reads up to coordinate "
                            "%lld)", mism,
                            (long long)(sub->constant + a * (hi - 1)));
        return -1;
      }
    }
    st->dim_var[d] = v;
    st->dim_stride[d] = a;
    st->dim_off[d] = NULL;
    if (a != 1 || sub->constant || sub->sym) {
      IrAffine o = *sub;
      o.coef[v] = 0;
      st->dim_off[d] = graph_affine_str(L, &o);
    }
  }
  if (st->nfixed == ac->nsub) {
    *why = arena_printf(L->arena, "no subscript of '%s' varies with the "
                        "loops (one element, read as it is)", name);
    return -1;
  }
  return 0;
}
