/* cprint.c — IR expression and affine-form printer (see cprint.h). */
#include "emit/cprint.h"

#include <string.h>

/* C precedence levels, higher binds tighter. */
enum {
  PREC_TERNARY = 3,
  PREC_OR = 4,
  PREC_AND = 5,
  PREC_BITOR = 6,
  PREC_BITXOR = 7,
  PREC_BITAND = 8,
  PREC_EQ = 9,
  PREC_REL = 10,
  PREC_SHIFT = 11,
  PREC_ADD = 12,
  PREC_MUL = 13,
  PREC_UNARY = 14,
  PREC_PRIMARY = 16
};

static int prec_of(const IrExpr *e) {
  switch (e->kind) {
  case IR_CONST:
    /* a literal such as "-1" is not primary */
    return (e->text && e->text[0] == '-') ? PREC_UNARY : PREC_PRIMARY;
  case IR_SCALAR: case IR_INDEX: case IR_ACCESS: case IR_CALL: case IR_GATHER:
    return PREC_PRIMARY;
  case IR_NEG: case IR_NOT: case IR_CAST: return PREC_UNARY;
  case IR_MUL: case IR_DIV: case IR_MOD: return PREC_MUL;
  case IR_ADD: case IR_SUB: return PREC_ADD;
  case IR_CMP:
    return (e->text && (!strcmp(e->text, "==") || !strcmp(e->text, "!=")))
               ? PREC_EQ : PREC_REL;
  case IR_AND: return PREC_AND;
  case IR_OR: return PREC_OR;
  case IR_BITOP:
    return e->text[0] == '&'   ? PREC_BITAND
           : e->text[0] == '^' ? PREC_BITXOR
           : e->text[0] == '|' ? PREC_BITOR
                               : PREC_SHIFT;
  case IR_SELECT: return PREC_TERNARY;
  }
  return 0;
}

static void print_sub(StrBuf *out, const IrExpr *e, int min_prec,
                      const CPrintHooks *h) {
  if (prec_of(e) < min_prec) {
    sb_puts(out, "(");
    cprint_expr(out, e, h);
    sb_puts(out, ")");
  } else {
    cprint_expr(out, e, h);
  }
}

static void print_binary(StrBuf *out, const IrExpr *e, const char *op,
                         const CPrintHooks *h) {
  int p = prec_of(e);
  print_sub(out, e->a, p, h);       /* left-associative: equal is fine */
  sb_printf(out, " %s ", op);
  print_sub(out, e->b, p + 1, h);   /* right operand: strictly tighter */
}

void cprint_expr(StrBuf *out, const IrExpr *e, const CPrintHooks *h) {
  switch (e->kind) {
  case IR_CONST:
  case IR_SCALAR:
    sb_puts(out, e->text);
    return;
  case IR_INDEX:
    h->index(h->user, out, e->var);
    return;
  case IR_ACCESS:
    h->access(h->user, out, e->access);
    return;
  case IR_NEG:
    sb_puts(out, "-");
    /* avoid "--x" and "- -1" */
    if (prec_of(e->a) < PREC_PRIMARY) {
      sb_puts(out, "(");
      cprint_expr(out, e->a, h);
      sb_puts(out, ")");
    } else {
      cprint_expr(out, e->a, h);
    }
    return;
  case IR_NOT:
    sb_puts(out, "!");
    print_sub(out, e->a, PREC_UNARY, h);
    return;
  case IR_CAST:
    sb_printf(out, "(%s)", e->text);
    print_sub(out, e->a, PREC_UNARY, h);
    return;
  case IR_ADD: print_binary(out, e, "+", h); return;
  case IR_SUB: print_binary(out, e, "-", h); return;
  case IR_MUL: print_binary(out, e, "*", h); return;
  case IR_DIV: print_binary(out, e, "/", h); return;
  case IR_MOD: print_binary(out, e, "%", h); return;
  case IR_CMP: /* a comparison of comparisons keeps its parentheses, as
                  -Wparentheses wants (`(a > 0) == (b > 0)`) */
    print_sub(out, e->a, e->a->kind == IR_CMP ? PREC_UNARY : prec_of(e), h);
    sb_printf(out, " %s ", e->text);
    print_sub(out, e->b, e->b->kind == IR_CMP ? PREC_UNARY : prec_of(e) + 1, h);
    return;
  case IR_AND: print_binary(out, e, "&&", h); return;
  case IR_OR: /* `(a && b) || c` keeps its parentheses (-Wparentheses) */
    print_sub(out, e->a, e->a->kind == IR_AND ? PREC_UNARY : PREC_OR, h);
    sb_puts(out, " || ");
    print_sub(out, e->b, e->b->kind == IR_AND ? PREC_UNARY : PREC_OR + 1, h);
    return;
  case IR_BITOP: /* operands parenthesized unless unary or primary, as
                    -Wparentheses wants (`a | (b & c)`, `a << (n + 1)`) */
    print_sub(out, e->a, PREC_UNARY, h);
    sb_printf(out, " %s ", e->text);
    print_sub(out, e->b, PREC_UNARY, h);
    return;
  case IR_SELECT:
    /* `(a & m) ? x : y`: clang's -Wbitwise-conditional-parentheses */
    print_sub(out, e->a, e->a->kind == IR_BITOP ? PREC_UNARY : PREC_OR, h);
    sb_puts(out, " ? ");
    print_sub(out, e->b, PREC_OR, h);
    sb_puts(out, " : ");
    print_sub(out, e->c, PREC_TERNARY, h);
    return;
  case IR_CALL:
    sb_printf(out, "%s(", e->text);
    for (int i = 0; i < e->nargs; i++) {
      if (i) sb_puts(out, ", ");
      print_sub(out, e->args[i], PREC_TERNARY, h);
    }
    sb_puts(out, ")");
    return;
  case IR_GATHER:
    sb_puts(out, e->text);
    for (int i = 0; i < e->nargs; i++) {
      if (e->member && i == e->member_at) sb_puts(out, e->member);
      sb_puts(out, "[");
      cprint_expr(out, e->args[i], h);
      sb_puts(out, "]");
    }
    if (e->member && e->member_at == e->nargs) sb_puts(out, e->member);
    return;
  }
}

static void affine_plain(StrBuf *out, const IrAffine *a, int nvars,
                         const CPrintHooks *h) {
  int first = 1;
  for (int v = 0; v < nvars && v < IR_MAX_VARS; v++) {
    int64_t c = a->coef[v];
    if (!c) continue;
    if (first) {
      if (c == -1) sb_puts(out, "-");
      else if (c != 1) sb_printf(out, "%lld * ", (long long)c);
    } else {
      if (c < 0) sb_puts(out, " - ");
      else sb_puts(out, " + ");
      long long m = c < 0 ? -(long long)c : (long long)c;
      if (m != 1) sb_printf(out, "%lld * ", m);
    }
    h->index(h->user, out, v);
    first = 0;
  }
  if (a->sym) {
    if (!first) sb_puts(out, " + ");
    sb_printf(out, "(%s)", a->sym);
    first = 0;
  }
  if (a->constant || first) {
    if (first) sb_printf(out, "%lld", (long long)a->constant);
    else if (a->constant < 0) sb_printf(out, " - %lld", -(long long)a->constant);
    else sb_printf(out, " + %lld", (long long)a->constant);
  }
}

/* A band bound: ((p) > (q) ? (p) : (q)) folded over the pieces (ispace.h). */
void cprint_affine(StrBuf *out, const IrAffine *a, int nvars,
                   const CPrintHooks *h) {
  if (!a->nalt) {
    affine_plain(out, a, nvars, h);
    return;
  }
  StrBuf acc = {0};
  affine_plain(&acc, a, nvars, h);
  for (int i = 0; i < a->nalt; i++) {
    StrBuf q = {0}, t = {0};
    affine_plain(&q, &a->alt[i], nvars, h);
    sb_printf(&t, "((%s) %c (%s) ? (%s) : (%s))", acc.data, a->alt_op, q.data,
              acc.data, q.data);
    sb_free(&q);
    sb_free(&acc);
    acc = t;
  }
  sb_puts(out, acc.data);
  sb_free(&acc);
}
