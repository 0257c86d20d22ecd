/* affine.c — integer polynomials for subscripts and bounds (affine.h). */
#include "ir/affine.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "base/strbuf.h"

void af_zero(AfPoly *p) { memset(p, 0, sizeof *p); }

static int same_monomial(const AfTerm *a, const AfTerm *b) {
  if (a->var != b->var || a->nsym != b->nsym)
    return 0;
  for (int i = 0; i < a->nsym; i++)
    if (strcmp(a->sym[i], b->sym[i]))
      return 0;
  return 1;
}

static int same_monomial_syms(const AfTerm *a, const AfTerm *b) {
  if (a->nsym != b->nsym)
    return 0;
  for (int i = 0; i < a->nsym; i++)
    if (strcmp(a->sym[i], b->sym[i]))
      return 0;
  return 1;
}

static void add_termv(AfPoly *p, const AfTerm *t) {
  if (t->coef == 0)
    return;
  for (int i = 0; i < p->n; i++)
    if (same_monomial(&p->t[i], t)) {
      p->t[i].coef += t->coef;
      if (p->t[i].coef == 0) {
        memmove(&p->t[i], &p->t[i + 1], sizeof(AfTerm) * (size_t)(p->n - i - 1));
        p->n--;
      }
      return;
    }
  if (p->n == AF_MAX_TERMS) {
    p->overflow = 1;
    return;
  }
  p->t[p->n++] = *t;
}

static void sym_insert(AfTerm *t, const char *s, int *overflow) {
  if (t->nsym == AF_MAX_SYM) {
    *overflow = 1;
    return;
  }
  int i = t->nsym++;
  while (i > 0 && strcmp(t->sym[i - 1], s) > 0) {
    t->sym[i] = t->sym[i - 1];
    i--;
  }
  t->sym[i] = s;
}

void af_add_term(AfPoly *p, int64_t coef, int var, const char *sym) {
  AfTerm t;
  memset(&t, 0, sizeof t);
  t.coef = coef;
  t.var = var;
  if (sym)
    sym_insert(&t, sym, &p->overflow);
  add_termv(p, &t);
}

void af_add(AfPoly *p, const AfPoly *q) {
  p->overflow |= q->overflow;
  for (int i = 0; i < q->n; i++)
    add_termv(p, &q->t[i]);
}

void af_scale(AfPoly *p, int64_t c) {
  if (c == 0) {
    int o = p->overflow;
    af_zero(p);
    p->overflow = o;
    return;
  }
  for (int i = 0; i < p->n; i++)
    p->t[i].coef *= c;
}

int af_mul(const AfPoly *l, const AfPoly *r, AfPoly *out) {
  af_zero(out);
  out->overflow = l->overflow | r->overflow;
  for (int i = 0; i < l->n; i++)
    for (int j = 0; j < r->n; j++) {
      const AfTerm *a = &l->t[i], *b = &r->t[j];
      if (a->var >= 0 && b->var >= 0)
        return -1;
      AfTerm t = *a;
      t.coef = a->coef * b->coef;
      if (b->var >= 0)
        t.var = b->var;
      for (int k = 0; k < b->nsym; k++)
        sym_insert(&t, b->sym[k], &out->overflow);
      add_termv(out, &t);
    }
  return 0;
}

static void term_syms(StrBuf *b, const AfTerm *t) {
  for (int i = 0; i < t->nsym; i++) {
    if (i)
      sb_puts(b, "*");
    sb_puts(b, t->sym[i]);
  }
}

int af_to_ir(Arena *a, const AfPoly *p, IrAffine *out) {
  memset(out, 0, sizeof *out);
  if (p->overflow)
    return -1;
  StrBuf sb = {0};
  int nsym = 0;
  for (int i = 0; i < p->n; i++) {
    const AfTerm *t = &p->t[i];
    if (t->var >= 0) {
      if (t->nsym || t->var >= IR_MAX_VARS) {
        sb_free(&sb);
        return -1;
      }
      out->coef[t->var] += t->coef;
    } else if (!t->nsym) {
      out->constant += t->coef;
    } else {
      int64_t c = t->coef;
      if (nsym)
        sb_puts(&sb, c < 0 ? " - " : " + ");
      else if (c < 0)
        sb_puts(&sb, "-");
      int64_t m = c < 0 ? -c : c;
      if (m != 1)
        sb_printf(&sb, "%lld*", (long long)m);
      term_syms(&sb, t);
      nsym++;
    }
  }
  if (nsym)
    out->sym = arena_strdup(a, sb.data);
  sb_free(&sb);
  return 0;
}

/* 1 when the sorted symbol list of `small` is that of `big` less one. */
static int one_more_symbol(const AfTerm *small, const AfTerm *big) {
  int k = 0;
  if (big->nsym != small->nsym + 1)
    return 0;
  for (int b = 0; b < big->nsym && k < small->nsym; b++)
    if (!strcmp(big->sym[b], small->sym[k]))
      k++;
  return k == small->nsym;
}

/* The symbol of `big` that `small` lacks (one_more_symbol holds). */
static const char *added_symbol(const AfTerm *small, const AfTerm *big) {
  int k = 0;
  for (int b = 0; b < big->nsym; b++) {
    if (k < small->nsym && !strcmp(big->sym[b], small->sym[k]))
      k++;
    else
      return big->sym[b];
  }
  return NULL;
}

int af_symbolic_shape(const AfPoly *p, int max_rank, int *rank,
                      const char **ext) {
  const AfTerm *by_size[AF_MAX_SYM + 1] = {0};
  int any = 0, top = 0;
  *rank = 0;
  for (int i = 0; i < p->n; i++) {
    const AfTerm *t = &p->t[i];
    if (t->var < 0 || !t->nsym)
      continue;
    any = 1;
    if (by_size[t->nsym] && !same_monomial_syms(by_size[t->nsym], t))
      return 1; /* two strides of one size: no single shape */
    by_size[t->nsym] = t;
    if (t->nsym > top)
      top = t->nsym;
  }
  if (!any)
    return 0;
  if (top + 1 > max_rank || !by_size[1])
    return 1;
  for (int k = 2; k <= top; k++)
    if (!by_size[k] || !one_more_symbol(by_size[k - 1], by_size[k]))
      return 1;
  /* innermost extent: the one-symbol stride; each longer stride adds the
   * extent of the next dimension out */
  ext[0] = NULL;
  ext[top] = by_size[1]->sym[0];
  for (int k = 2; k <= top; k++)
    ext[top + 1 - k] = added_symbol(by_size[k - 1], by_size[k]);
  *rank = top + 1;
  return 1;
}

/* A name, or a member path (`m.n`, `s->n`, `g.dims.n`): one value, which
 * a symbol of a subscript matches by its text. */
static int is_ident(const char *s) {
  if (!s)
    return 0;
  for (;;) {
    if (!(isalpha((unsigned char)*s) || *s == '_'))
      return 0;
    while (isalnum((unsigned char)*s) || *s == '_')
      s++;
    if (!*s)
      return 1;
    if (*s == '.')
      s++;
    else if (s[0] == '-' && s[1] == '>')
      s += 2;
    else
      return 0;
  }
}

int af_delinearize(const AfPoly *p, int rank, const char *const *ext,
                   AfPoly *out) {
  AfPoly cur = *p;
  for (int d = rank - 1; d >= 1; d--) {
    const char *e = ext[d];
    AfPoly inner, outer;
    af_zero(&inner);
    af_zero(&outer);
    if (!e)
      return -1;
    char *end;
    long long ev = strtoll(e, &end, 0);
    if (*end == 0 && end != e && ev > 0) {
      for (int i = 0; i < cur.n; i++) {
        AfTerm t = cur.t[i];
        if (t.var < 0 && !t.nsym && t.coef >= 0) {
          if (t.coef / ev)
            af_add_term(&outer, t.coef / ev, -1, NULL);
          if (t.coef % ev)
            af_add_term(&inner, t.coef % ev, -1, NULL);
        } else if (t.coef % ev == 0 && (t.var >= 0 || t.nsym)) {
          t.coef /= ev;
          add_termv(&outer, &t);
        } else {
          add_termv(&inner, &t);
        }
      }
    } else if (is_ident(e)) {
      for (int i = 0; i < cur.n; i++) {
        AfTerm t = cur.t[i];
        int k = -1;
        for (int s = 0; s < t.nsym; s++)
          if (!strcmp(t.sym[s], e))
            k = s;
        if (k >= 0) {
          memmove(&t.sym[k], &t.sym[k + 1], sizeof(char *) * (size_t)(t.nsym - k - 1));
          t.nsym--;
          add_termv(&outer, &t);
        } else {
          add_termv(&inner, &t);
        }
      }
    } else {
      return -1;
    }
    if (cur.overflow || inner.overflow || outer.overflow)
      return -1;
    out[d] = inner;
    cur = outer;
  }
  out[0] = cur;
  return 0;
}
