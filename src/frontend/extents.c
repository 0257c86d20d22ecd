/* extents.c — extents of a sparse operand read off the loops of its nest
 * (see extents.h). */
#include "frontend/extents.h"

#include <stdio.h>
#include <string.h>

/* One bound on the extent: sym + constant (sym NULL: the constant). */
typedef struct Cand {
  const char *sym;
  int64_t constant;
} Cand;

static int same_sym(const char *a, const char *b) {
  return (!a && !b) || (a && b && !strcmp(a, b));
}

/* text as an operand: parenthesized unless it is a name or a number */
static const char *operand(Arena *a, const char *text) {
  for (const char *p = text; *p; p++)
    if (!(*p == '_' || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
          (*p >= '0' && *p <= '9')))
      return arena_printf(a, "(%s)", text);
  return text;
}

static const char *cand_text(Arena *a, const Cand *c) {
  if (!c->sym)
    return arena_printf(a, "%lld", (long long)c->constant);
  if (c->constant == 0)
    return operand(a, c->sym);
  return arena_printf(a, "(%s %c %lld)", operand(a, c->sym),
                      c->constant < 0 ? '-' : '+',
                      (long long)(c->constant < 0 ? -c->constant : c->constant));
}

int extents_from_loops(Arena *a, IrKernel *k, int ti, int dim, const char **why) {
  IrTensor *t = &k->tensors[ti];
  Cand cands[16];
  int ncand = 0;
  int reaches0 = 0;         /* some access provably reads index 0 */
  const char *low = NULL;   /* else a loop that starts above it */
  for (int ai = 0; ai < k->naccesses; ai++) {
    const IrAccess *acc = &k->accesses[ai];
    if (acc->tensor != ti)
      continue;
    const IrAffine *s = &acc->sub[dim];
    if (s->sym) {
      *why = arena_printf(a, "its subscript depends on '%s'", s->sym);
      return -1;
    }
    int var = -1;
    for (int v = 0; v < k->nvars; v++) {
      if (!s->coef[v])
        continue;
      if (var >= 0 || s->coef[v] != 1) {
        *why = "its subscript is not a loop variable plus a constant";
        return -1;
      }
      var = v;
    }
    Cand c;
    if (var < 0) {
      if (s->constant < 0) {
        *why = "a constant subscript is negative";
        return -1;
      }
      c.sym = NULL;
      c.constant = s->constant + 1;
      reaches0 |= s->constant == 0;
    } else {
      const IrAffine *hi = &k->vars[var].hi;
      for (int v = 0; v < k->nvars; v++)
        if (hi->coef[v]) {
          *why = arena_printf(a, "the bound of loop '%s' depends on loop '%s'",
                              k->vars[var].name, k->vars[v].name);
          return -1;
        }
      const IrAffine *lo = &k->vars[var].lo;
      int lo_const = !lo->sym;
      for (int v = 0; v < k->nvars; v++)
        lo_const &= !lo->coef[v];
      if (lo_const && lo->constant + s->constant <= 0)
        reaches0 = 1;
      else if (!low)
        low = k->vars[var].name;
      /* indices reach hi - 1 + constant */
      c.sym = hi->sym;
      c.constant = hi->constant + s->constant;
    }
    int merged = 0;
    for (int i = 0; i < ncand && !merged; i++)
      if (same_sym(cands[i].sym, c.sym)) {
        if (c.constant > cands[i].constant)
          cands[i].constant = c.constant;
        merged = 1;
      }
    if (!merged) {
      if (ncand == (int)(sizeof cands / sizeof cands[0])) {
        *why = "too many different loop bounds index it";
        return -1;
      }
      cands[ncand++] = c;
    }
  }
  if (!ncand) {
    *why = "no access indexes it";
    return -1;
  }
  if (!reaches0) {
    /* assembly reads every index from 0: below the nest's first index
     * lies memory the nest never touches (a 1-based row-pointer matrix
     * from an offset allocator has no row 0) */
    *why = arena_printf(a, "the nest reads it only from where loop '%s' "
                        "starts, and assembling it would read every index "
                        "from 0", low ? low : "?");
    return -2;
  }
  /* the largest candidate, never below 0 (an empty loop assembles nothing) */
  const char *e = cand_text(a, &cands[0]);
  for (int i = 1; i < ncand; i++) {
    const char *o = cand_text(a, &cands[i]);
    e = arena_printf(a, "(%s > %s ? %s : %s)", e, o, e, o);
  }
  int has_constant = 0; /* a constant candidate is >= 1: no clamp needed */
  for (int i = 0; i < ncand; i++)
    has_constant |= !cands[i].sym;
  if (!has_constant)
    e = arena_printf(a, "(%s > 0 ? %s : 0)", e, e);
  t->extent[dim] = e;
  t->extent_from_loops |= 1u << dim;
  return 0;
}
