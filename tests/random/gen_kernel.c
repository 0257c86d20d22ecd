/* gen_kernel.c — random kernel generator for the differential tester.
 *
 *   gen_kernel SEED [--soak]
 *
 * prints on stdout one complete, deterministic C11 program in the "dense
 * legacy" form: small arrays filled from an LCG (many zeros, empty rows and
 * columns, explicit patterns), one loop nest preceded by a
 * `#pragma sparse encoding(...)` naming one to three of its arrays, and
 * printf of every array and scalar the nest writes (plus a checksum of every
 * annotated input, which must be unchanged). The program compiled as it is
 * is the reference; run_random.sh compares it with sparsecc's output.
 *
 * The first line is `// seed N: TYPE ...` (TYPE is double, float or int:
 * it tells the comparison its tolerance), then a one-line kernel summary.
 * An int program spells its element type as one of C's integer types
 * (int half the time; short, signed char, long long, unsigned, unsigned
 * long), drawn from the seed apart from the generator's stream so the
 * program's shape does not depend on it.
 *
 * Numerics: every value is a small dyadic rational (k/4, k/2 for float,
 * small integers for int), divisions are by constants or by dense operands
 * that are never zero, so the reference has no Inf/NaN, no integer
 * overflow, and floating-point sums are exact whatever their order.
 *
 * --soak widens the space: larger extents, deeper expressions, more
 * operands, a second statement more often. The same SEED with and without
 * --soak gives different programs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen_common.h"

/* ------------------------------------------------------------------ */
/* the model of one program                                             */

enum { R_IN, R_DIV, R_OUT };
enum { D_GLOBAL, D_LOCAL, D_FLAT, D_MALLOC, D_ROWPTR, D_PTRPTR };

#define MAXT 8
#define MAXL 3

typedef struct Tensor {
  char name[8];
  int rank;
  int idx[MAXL]; /* loop variable of each dimension */
  int role;
  int sparse; /* named in the pragma */
  char *enc;
  int decl;
  int density;   /* per mille of non-zeros */
  int empty_a;   /* an all-zero slice along dim 0 (-1 none) */
  int empty_b;   /* an all-zero slice along the last dim (-1 none) */
  int pattern;   /* 0 random, 1 diagonal, 2 band, 3 2:4 groups, 4 upper */
  int init_zero; /* outputs: start from zeros */
  const char *stored; /* stored sparse: the encoding of a pragma on its
                         declaration (SPEC case 1), else NULL */
  int stored_only;    /* stored and not named in the nest's pragma */
} Tensor;

typedef struct Prog {
  unsigned long seed;
  int soak;
  int ty;
  int nl;                 /* loops */
  char lv[MAXL][4];       /* loop variable names */
  char ext[MAXL][4];      /* extent macro of each loop variable */
  int extv[MAXL];         /* extent values */
  int ord[MAXL];          /* loop order, outermost first */
  int tri_inner, tri_outer, tri_kind; /* triangular bound (-1 none) */
  int lo_one;             /* a loop starting at 1 (-1 none) */
  int bound_style;        /* 0 macro, 1 local variable, 2 literal */
  int hdr_style;          /* 0 i++, 1 ++i, 2 i += 1, 3 i <= X - 1 */
  int decl_outside;       /* loop variables declared before the nest */
  int braces;
  int in_function;        /* the kernel is a separate function */
  Tensor t[MAXT];
  int nt;
  int out;                /* index of the output tensor, -1 for scalar */
  int out2;               /* second statement's output (-2 none, -1 scalar2) */
  char op[4], op2[4];
  char *expr, *expr2;
  int idiom;              /* 0 none, 1 init statement, 2 scalar accumulator */
  int idiom_depth;
  char acc_op[4];         /* store of the accumulator: = or += */
  int scal_init;          /* scalar output starts at a constant */
  int has_alpha, has_beta;
  int uses_math;
  int uses_dval, uses_dnz;
  int spelled;            /* `X = X + (e)` / `X = X - (e)` for += / -= */
  int ity;                /* loop variable type: int, long, unsigned, size_t */
  const char *ispell;     /* TY_INT: the integer element type's spelling */
} Prog;

static Prog P;

static const char *tyname(void) {
  return P.ty == TY_DOUBLE ? "double" : P.ty == TY_FLOAT ? "float" : P.ispell;
}

/* The integer element type of seed s. Unsigned types narrower than int are
 * left out: their values promote to int, where products of a few wrapped
 * values (65533 * 65533) overflow, undefined in the reference. */
static const char *int_spelling(unsigned long long s) {
  static const char *const t[] = {"int",   "int",         "int",       "int",
                                  "int",   "short",       "signed char",
                                  "long long", "unsigned", "unsigned long"};
  s = (s ^ 0x6A09E667F3BCC909ULL) * 0x9E3779B97F4A7C15ULL;
  return t[(s >> 32) % 10];
}

/* a literal of the element type */
static char *lit(const char *dv, int iv) {
  if (P.ty == TY_INT) return fmt_str("%d", iv);
  if (P.ty == TY_FLOAT) return fmt_str("%sf", dv);
  return fmt_str("%s", dv);
}

/* ------------------------------------------------------------------ */
/* expressions: text plus precedence (1 additive, 2 multiplicative or   */
/* unary, 3 primary)                                                    */

typedef struct Ex {
  char *s;
  int prec;
} Ex;

static Ex ex(char *s, int prec) {
  Ex e = {s, prec};
  return e;
}
static char *paren_if(Ex e, int cond) { return cond ? fmt_str("(%s)", e.s) : e.s; }

static Ex ex_bin(Ex a, char op, Ex b) {
  if (op == '+' || op == '-')
    return ex(fmt_str("%s %c %s", a.s, op, paren_if(b, op == '-' && b.prec < 2)), 1);
  /* '*' or '/' */
  return ex(fmt_str("%s %c %s", paren_if(a, a.prec < 2), op, paren_if(b, b.prec < 3)), 2);
}
static Ex ex_neg(Ex a) { return ex(fmt_str("-%s", paren_if(a, a.prec < 3)), 2); }

/* access text of tensor t with the given index names */
static char *access(const Tensor *t, char names[][8]) {
  const char *d1 = t->rank > 1 ? P.ext[t->idx[1]] : "";
  const char *d2 = t->rank > 2 ? P.ext[t->idx[2]] : "";
  if ((t->decl == D_FLAT || t->decl == D_MALLOC) && t->rank == 2)
    return fmt_str("%s[%s * %s + %s]", t->name, names[0], d1, names[1]);
  if ((t->decl == D_FLAT || t->decl == D_MALLOC) && t->rank == 3)
    return fmt_str("%s[%s * %s * %s + %s * %s + %s]", t->name, names[0], d1, d2, names[1],
                   d2, names[2]);
  Str b = {0};
  sadd(&b, "%s", t->name);
  for (int d = 0; d < t->rank; d++) sadd(&b, "[%s]", names[d]);
  return b.s;
}

static char *kaccess(const Tensor *t) {
  char names[MAXL][8];
  for (int d = 0; d < t->rank; d++) snprintf(names[d], sizeof names[d], "%s", P.lv[t->idx[d]]);
  return access(t, names);
}

static Ex leaf_const(void) {
  static const char *dv[] = {"2.0", "0.5", "1.5", "4.0", "0.25", "3.0"};
  static const int iv[] = {2, 1, 3, 4, 1, 3};
  static const char *fv[] = {"2.0", "0.5", "1.5", "4.0", "0.5", "3.0"};
  int k = rnd(6);
  return ex(lit(P.ty == TY_FLOAT ? fv[k] : dv[k], iv[k]), 3);
}

static Ex leaf_scalar(void) {
  if (chance(50)) {
    P.has_alpha = 1;
    return ex(xstrdup("alpha"), 3);
  }
  P.has_beta = 1;
  return ex(xstrdup("beta"), 3);
}

/* decorate a subexpression: scaling, unary minus, division, math */
static Ex decorate(Ex e, int divisor_tensor) {
  int r = rnd(100);
  if (r < 8) return ex_neg(e);
  if (r < 16) return ex_bin(leaf_scalar(), '*', e);
  if (r < 24) return ex_bin(e, '*', leaf_const());
  if (r < 30) {
    /* division by a non-zero constant; exact in floating point */
    static const char *dv[] = {"2.0", "4.0", "0.5"};
    static const int iv[] = {2, 3, -2};
    int k = rnd(3);
    Ex c = P.ty == TY_INT && iv[k] < 0 ? ex(xstrdup("(-2)"), 3) : ex(lit(dv[k], iv[k]), 3);
    return ex_bin(e, '/', c);
  }
  if (r < 36 && divisor_tensor >= 0)
    return ex_bin(e, '/', ex(kaccess(&P.t[divisor_tensor]), 3));
  if (r < 40 && P.ty != TY_INT) {
    P.uses_math = 1;
    const char *f = P.ty == TY_FLOAT ? "f" : "";
    switch (rnd(4)) {
    case 0: return ex(fmt_str("fabs%s(%s)", f, e.s), 3);
    case 1: return ex(fmt_str("fmax%s(%s, %s)", f, e.s, lit("0.0", 0)), 3);
    case 2: return ex(fmt_str("fmin%s(%s, %s)", f, e.s, lit("1.0", 1)), 3);
    default: return ex(fmt_str("(%s > %s ? %s : %s)", e.s, lit("0.0", 0), e.s, lit("0.0", 0)), 3);
    }
  }
  if (r < 44 && P.ty == TY_INT)
    return ex(fmt_str("(%s > 0 ? %s : -%s)", e.s, paren_if(e, e.prec < 3), paren_if(e, e.prec < 3)), 3);
  if (r < 48) return ex_bin(e, chance(50) ? '+' : '-', leaf_const());
  return e;
}

/* a random expression using every input tensor in `use` at least once */
static char *gen_expr(const int *use, int nuse, int divisor_tensor, int maxdepth) {
  Ex items[16];
  int n = 0;
  for (int u = 0; u < nuse; u++) {
    items[n++] = ex(kaccess(&P.t[use[u]]), 3);
    /* the primary operand sometimes twice (A * A, A + A) */
    if (u == 0 && n < 14 && chance(P.soak ? 15 : 6)) items[n++] = ex(kaccess(&P.t[use[u]]), 3);
  }
  if (n < 15 && chance(12)) items[n++] = leaf_scalar();
  if (n < 15 && chance(8)) items[n++] = leaf_const();
  /* shuffle */
  for (int i = n - 1; i > 0; i--) {
    int j = rnd(i + 1);
    Ex tmp = items[i];
    items[i] = items[j];
    items[j] = tmp;
  }
  for (int i = 0; i < n; i++)
    if (chance(maxdepth > 1 ? 30 : 15)) items[i] = decorate(items[i], divisor_tensor);
  while (n > 1) {
    int i = rnd(n - 1);
    int r = rnd(100);
    char op = r < 62 ? '*' : r < 84 ? '+' : '-';
    Ex m = ex_bin(items[i], op, items[i + 1]);
    if (chance(maxdepth > 1 ? 25 : 10)) m = decorate(m, divisor_tensor);
    items[i] = m;
    memmove(&items[i + 1], &items[i + 2], sizeof(Ex) * (size_t)(n - i - 2));
    n--;
  }
  if (divisor_tensor >= 0 && !strstr(items[0].s, P.t[divisor_tensor].name))
    items[0] = ex_bin(items[0], '/', ex(kaccess(&P.t[divisor_tensor]), 3));
  return items[0].s;
}

/* ------------------------------------------------------------------ */
/* building the model                                                   */

static int pick_decl(int rank) {
  int r = rnd(100);
  if (P.in_function) return rank >= 2 && r < 20 ? D_FLAT : D_GLOBAL;
  if (r < 55 || rank == 1) return r < 85 ? D_GLOBAL : D_LOCAL;
  if (r < 68) return D_LOCAL;
  if (r < 80) return D_FLAT;
  if (r < 88) return D_MALLOC;
  if (r < 94) return D_ROWPTR;
  return rank == 2 ? D_PTRPTR : D_ROWPTR;
}

/* a tensor over `rank` distinct loop variables; natural order mostly */
static int add_tensor(const char *name, int rank, int role) {
  Tensor *t = &P.t[P.nt];
  memset(t, 0, sizeof *t);
  snprintf(t->name, sizeof t->name, "%s", name);
  t->rank = rank;
  t->role = role;
  /* choose which loop variables: a random subset, in loop-variable order */
  int vars[MAXL] = {0, 1, 2}, n = P.nl;
  for (int i = n - 1; i > 0; i--) {
    int j = rnd(i + 1), tmp = vars[i];
    vars[i] = vars[j];
    vars[j] = tmp;
  }
  /* keep `rank` of them, sorted (natural), then maybe permuted (transposed) */
  int keep[MAXL];
  for (int d = 0; d < rank; d++) keep[d] = vars[d];
  for (int i = 0; i < rank; i++)
    for (int j = i + 1; j < rank; j++)
      if (keep[j] < keep[i]) {
        int tmp = keep[i];
        keep[i] = keep[j];
        keep[j] = tmp;
      }
  if (rank >= 2 && chance(role == R_OUT ? 10 : 22)) {
    int i = rnd(rank), j = (i + 1) % rank;
    int tmp = keep[i];
    keep[i] = keep[j];
    keep[j] = tmp;
  }
  memcpy(t->idx, keep, sizeof keep);
  t->empty_a = t->empty_b = -1;
  return P.nt++;
}

/* fill parameters of an input */
static void choose_data(Tensor *t) {
  static const int dens[] = {0, 50, 150, 250, 400, 600, 900, 1000};
  if (t->role == R_DIV) {
    t->density = 1000;
    return;
  }
  if (t->sparse || (t->role == R_IN && t == &P.t[0])) {
    int r = rnd(100);
    t->density = r < 5 ? 0 : r < 10 ? 1000 : dens[1 + rnd(5)];
    if (t->rank >= 2 && chance(15)) t->pattern = 1 + rnd(4);
  } else {
    t->density = chance(70) ? 1000 : dens[4 + rnd(3)];
  }
  if (t->rank >= 1 && chance(45)) t->empty_a = rnd(P.extv[t->idx[0]]);
  if (t->rank >= 2 && chance(45)) t->empty_b = rnd(P.extv[t->idx[t->rank - 1]]);
}

/* is set S (bitmask of loop variables) equal to the first d loops? */
static int prefix_depth(int mask) {
  int m = 0;
  for (int d = 0; d <= P.nl; d++) {
    if (m == mask) return d;
    if (d < P.nl) m |= 1 << P.ord[d];
  }
  return -1;
}

static int tensor_mask(const Tensor *t) {
  int m = 0;
  for (int d = 0; d < t->rank; d++) m |= 1 << t->idx[d];
  return m;
}

static void build(void) {
  int soak = P.soak;
  int r = rnd(100);
  P.ty = r < 70 ? TY_DOUBLE : r < 85 ? TY_FLOAT : TY_INT;
  r = rnd(100);
  P.nl = r < 22 ? 1 : r < 82 ? 2 : 3;

  static const char *names[][3] = {{"i", "j", "k"}, {"i", "j", "k"}, {"i", "j", "k"},
                                   {"j", "i", "k"}, {"r", "c", "k"}, {"ii", "jj", "kk"},
                                   {"k", "i", "j"}};
  int ns = rnd(7);
  static const char *exts[] = {"N", "M", "K"};
  int maxe = soak ? (P.nl == 3 ? 12 : 40) : (P.nl == 3 ? 7 : 16);
  for (int v = 0; v < P.nl; v++) {
    snprintf(P.lv[v], sizeof P.lv[v], "%s", names[ns][v]);
    snprintf(P.ext[v], sizeof P.ext[v], "%s", exts[v]);
    int e = rnd(100);
    P.extv[v] = e < 10 ? 1 : e < 18 ? 2 : range(3, maxe);
  }
  /* loop order */
  for (int v = 0; v < P.nl; v++) P.ord[v] = v;
  if (chance(35))
    for (int i = P.nl - 1; i > 0; i--) {
      int j = rnd(i + 1), tmp = P.ord[i];
      P.ord[i] = P.ord[j];
      P.ord[j] = tmp;
    }
  P.tri_inner = P.tri_outer = P.lo_one = -1;
  if (P.nl >= 2 && chance(18)) {
    int p = rnd(P.nl - 1), q = p + 1 + rnd(P.nl - 1 - p);
    P.tri_outer = P.ord[p];
    P.tri_inner = P.ord[q];
    P.tri_kind = rnd(4); /* <= u, < u, = u .. < E, = u + 1 .. < E */
    P.extv[P.tri_inner] = P.extv[P.tri_outer];
  } else if (chance(6)) {
    P.lo_one = rnd(P.nl);
  }
  r = rnd(100);
  P.bound_style = r < 70 ? 0 : r < 90 ? 1 : 2;
  P.hdr_style = rnd(100) < 70 ? 0 : 1 + rnd(3);
  P.decl_outside = chance(20);
  P.braces = chance(50);
  P.in_function = chance(15);

  /* the primary sparse operand */
  int arank = P.nl == 1 ? 1 : P.nl == 2 ? (chance(85) ? 2 : 1) : (chance(45) ? 3 : 2);
  int A = add_tensor(arank == 1 ? "x" : arank == 2 ? "A" : "T", arank, R_IN);
  P.t[A].sparse = 1;

  /* more inputs */
  int nmore = soak ? rnd(3) : (chance(70) ? 1 : rnd(3));
  static const char *vnames[] = {"u", "v", "w"};
  static const char *mnames[] = {"B", "D", "E"};
  static const char *tnames[] = {"U", "V", "W"};
  int use[6], nuse = 0;
  use[nuse++] = A;
  for (int m = 0; m < nmore; m++) {
    int rank = 1 + rnd(P.nl);
    if (P.nl == 3 && rank == 3 && chance(60)) rank = 2;
    const char *nm = rank == 1 ? vnames[m] : rank == 2 ? mnames[m] : tnames[m];
    int ti = add_tensor(nm, rank, R_IN);
    P.t[ti].sparse = chance(25);
    use[nuse++] = ti;
  }
  int div = -1;
  if (chance(soak ? 20 : 12)) {
    div = add_tensor(chance(50) ? "dv" : "q", 1 + rnd(P.nl > 2 ? 2 : P.nl), R_DIV);
    P.t[div].sparse = chance(10);
  }

  /* the output */
  r = rnd(100);
  if (r < 18) {
    P.out = -1;
  } else {
    int orank;
    if (P.nl == 1)
      orank = 1;
    else if (P.nl == 2)
      orank = chance(60) ? 1 : 2;
    else
      orank = chance(40) ? 1 : 2;
    P.out = add_tensor(orank == 1 ? "y" : "C", orank, R_OUT);
    P.t[P.out].init_zero = chance(55);
    if (chance(15)) P.t[P.out].sparse = 1;
  }
  int full = P.out >= 0 && P.t[P.out].rank == P.nl;
  r = rnd(100);
  if (full)
    snprintf(P.op, sizeof P.op, "%s", r < 40 ? "=" : r < 75 ? "+=" : "-=");
  else
    snprintf(P.op, sizeof P.op, "%s", r < 4 ? "=" : r < 75 ? "+=" : "-=");

  /* data and encodings */
  for (int i = 0; i < P.nt; i++) {
    Tensor *t = &P.t[i];
    t->decl = pick_decl(t->rank);
    if (t->role != R_OUT) choose_data(t);
    else if (!t->init_zero) t->density = 300, t->empty_a = -1, t->empty_b = -1;
    if (t->pattern == 3 && t->rank != 2) t->pattern = 0;
    if (t->sparse) {
      int total = 1;
      for (int d = 0; d < t->rank; d++) total *= P.extv[t->idx[d]];
      t->enc = gen_encoding(t->rank, total, t->pattern == 3 && t->role != R_OUT);
    }
  }

  P.expr = gen_expr(use, nuse, div, soak ? 3 : 2);

  /* idioms */
  P.idiom = 0;
  if (P.out >= 0 && !full && P.op[0] != '=') {
    int d = prefix_depth(tensor_mask(&P.t[P.out]));
    if (d > 0 && d < P.nl && chance(40)) {
      P.idiom = chance(55) ? 1 : 2;
      P.idiom_depth = d;
      snprintf(P.acc_op, sizeof P.acc_op, "%s", chance(60) ? "=" : "+=");
    }
  }
  if (P.out < 0) P.scal_init = chance(40);

  /* a second statement writing a second output */
  P.out2 = -2;
  if (P.idiom == 0 && chance(soak ? 25 : 10)) {
    if (chance(30)) {
      P.out2 = -1;
      if (P.out == -1) P.out2 = -2;
    } else {
      int orank = P.nl == 1 ? 1 : 1 + rnd(2);
      P.out2 = add_tensor(orank == 1 ? "z" : "G", orank, R_OUT);
      Tensor *t = &P.t[P.out2];
      t->decl = pick_decl(orank);
      t->init_zero = 1;
    }
    if (P.out2 != -2) {
      int full2 = P.out2 >= 0 && P.t[P.out2].rank == P.nl;
      snprintf(P.op2, sizeof P.op2, "%s", full2 && chance(40) ? "=" : chance(70) ? "+=" : "-=");
      int use2[6], n2 = 0;
      for (int u = 0; u < nuse; u++)
        if (u == 0 || chance(50)) use2[n2++] = use[u];
      P.expr2 = gen_expr(use2, n2, div, 1);
    }
  }
  /* dyadic helpers used by fills */
  P.uses_dval = 1;
  P.uses_dnz = div >= 0;
  /* spellings, drawn last so that the rest of a seed's program stays */
  P.spelled = chance(20);
  P.ity = chance(70) ? 0 : 1 + rnd(3);
  /* arrays stored sparse: a pragma on the declaration of the output (a
   * sparse output) or of a sparse input (read through its handle, named
   * in the nest's pragma too sometimes: a conversion) */
  static const char *const enc2[] = {"CSR", "CSC", "DCSR", "DCSC", "COO", "BSR(2, 2)"};
  for (int i = 0; i < P.nt; i++) {
    Tensor *t = &P.t[i];
    int where = t->decl == D_GLOBAL || (t->decl == D_LOCAL && !P.in_function);
    int want = t->role == R_OUT ? t->rank == 2 && i == P.out : t->sparse;
    if (!where || !want || !chance(t->role == R_OUT ? 15 : 10)) continue;
    t->stored = t->rank == 1 ? "SparseVector" : t->rank == 3 ? "CSF" : enc2[rnd(6)];
    t->stored_only = t->role == R_OUT || chance(60);
  }
}

static const char *ityname(void) {
  static const char *names[] = {"int", "long", "unsigned", "size_t"};
  return names[P.ity];
}

/* ------------------------------------------------------------------ */
/* emission                                                             */

static Str out_;

#define E(...) sadd(&out_, __VA_ARGS__)

static void indent(int n) {
  for (int i = 0; i < n; i++) E("  ");
}

static const char *bound_of(int v) {
  static char buf[MAXL][16];
  if (P.bound_style == 0) return P.ext[v];
  if (P.bound_style == 1) {
    snprintf(buf[v], sizeof buf[v], "n%s", P.lv[v]);
    return buf[v];
  }
  snprintf(buf[v], sizeof buf[v], "%d", P.extv[v]);
  return buf[v];
}

static void emit_for(int v, int depth) {
  const char *n = P.lv[v];
  const char *ty = P.decl_outside ? "" : fmt_str("%s ", ityname());
  char lo[32], cond[64];
  snprintf(lo, sizeof lo, "0");
  if (P.lo_one == v) snprintf(lo, sizeof lo, "1");
  const char *hi = bound_of(v);
  if (P.hdr_style == 3 && !(P.bound_style == 2))
    snprintf(cond, sizeof cond, "%s <= %s - 1", n, hi);
  else
    snprintf(cond, sizeof cond, "%s < %s", n, hi);
  if (v == P.tri_inner) {
    const char *u = P.lv[P.tri_outer];
    switch (P.tri_kind) {
    case 0: snprintf(cond, sizeof cond, "%s <= %s", n, u); break;
    case 1: snprintf(cond, sizeof cond, "%s < %s", n, u); break;
    case 2: snprintf(lo, sizeof lo, "%s", u); break;
    default: snprintf(lo, sizeof lo, "%s + 1", u); break;
    }
  }
  const char *inc = P.hdr_style == 1 ? "++%s" : P.hdr_style == 2 ? "%s += 1" : "%s++";
  char incs[32];
  snprintf(incs, sizeof incs, inc, n);
  indent(depth);
  E("for (%s%s = %s; %s; %s)%s\n", ty, n, lo, cond, incs, P.braces ? " {" : "");
}

static void emit_close(int depth) {
  if (P.braces) {
    indent(depth);
    E("}\n");
  }
}

static const char *out_text(int o) {
  if (o == -1) return "s";
  if (o == -3) return "s2";
  return kaccess(&P.t[o]);
}

/* the kernel nest; depth = indentation of the outermost loop */
static void emit_nest(int base) {
  int braces_forced[MAXL + 1] = {0};
  /* loops that hold more than one statement need braces */
  if (P.idiom) braces_forced[P.idiom_depth - 1] = 1;
  if (P.out2 != -2) braces_forced[P.nl - 1] = 1;
  for (int d = 0; d < P.nl; d++) {
    int save = P.braces;
    if (braces_forced[d]) P.braces = 1;
    emit_for(P.ord[d], base + d);
    P.braces = save;
    if (P.idiom && d + 1 == P.idiom_depth) {
      if (P.idiom == 1) {
        indent(base + d + 1);
        E("%s = %s;\n", out_text(P.out), lit("0.0", 0));
      } else {
        indent(base + d + 1);
        E("%s acc = %s;\n", tyname(), lit("0.0", 0));
      }
    }
  }
  indent(base + P.nl);
  const char *lhs = P.idiom == 2 ? "acc" : out_text(P.out);
  if (P.spelled && P.op[1] == '=')
    E("%s = %s %c (%s);\n", lhs, lhs, P.op[0], P.expr);
  else
    E("%s %s %s;\n", lhs, P.op, P.expr);
  if (P.out2 != -2) {
    indent(base + P.nl);
    E("%s %s %s;\n", out_text(P.out2 == -1 ? -3 : P.out2), P.op2, P.expr2);
  }
  for (int d = P.nl - 1; d >= 0; d--) {
    if (P.idiom == 2 && d + 1 == P.idiom_depth) {
      indent(base + d + 1);
      E("%s %s acc;\n", out_text(P.out), P.acc_op);
    }
    int save = P.braces;
    if (braces_forced[d]) P.braces = 1;
    emit_close(base + d);
    P.braces = save;
  }
}

static void emit_pragma(int depth) {
  int any = 0;
  for (int i = 0; i < P.nt; i++)
    if (P.t[i].sparse && !P.t[i].stored_only) any = 1;
  if (!any) return; /* every sparse array is stored sparse */
  indent(depth);
  E("#pragma sparse encoding(");
  int first = 1;
  for (int i = 0; i < P.nt; i++) {
    Tensor *t = &P.t[i];
    if (!t->sparse || t->stored_only) continue;
    E("%s%s", first ? "" : ", ", t->name);
    if (t->decl == D_FLAT || t->decl == D_MALLOC || t->decl == D_ROWPTR || t->decl == D_PTRPTR)
      for (int d = 0; d < t->rank; d++) E("[%s]", P.ext[t->idx[d]]);
    E(" : %s", t->enc);
    first = 0;
  }
  E(")\n");
}

static void dims_text(Str *b, const Tensor *t, int from) {
  for (int d = from; d < t->rank; d++) sadd(b, "[%s]", P.ext[t->idx[d]]);
}

/* declaration at file scope (global) or in main (local) */
static void emit_decl(const Tensor *t, int file_scope, int depth) {
  Str b = {0};
  const char *ty = tyname();
  if (t->stored && (t->decl == D_GLOBAL) == !!file_scope) {
    indent(depth);
    E("#pragma sparse encoding(%s : %s)\n", t->name, t->stored);
  }
  switch (t->decl) {
  case D_GLOBAL:
    if (!file_scope) return;
    dims_text(&b, t, 0);
    E("static %s %s%s;\n", ty, t->name, b.s);
    break;
  case D_FLAT:
    if (!file_scope) return;
    E("static %s %s[", ty, t->name);
    for (int d = 0; d < t->rank; d++) E("%s%s", d ? " * " : "", P.ext[t->idx[d]]);
    E("];\n");
    break;
  case D_LOCAL:
    if (file_scope) return;
    dims_text(&b, t, 0);
    indent(depth);
    E("%s %s%s;\n", ty, t->name, b.s);
    break;
  case D_MALLOC:
    if (file_scope) return;
    indent(depth);
    E("%s *%s = malloc(sizeof(%s)", ty, t->name, ty);
    for (int d = 0; d < t->rank; d++) E(" * %s", P.ext[t->idx[d]]);
    E(");\n");
    indent(depth);
    E("if (!%s) return 1;\n", t->name);
    break;
  case D_ROWPTR:
    if (file_scope) return;
    dims_text(&b, t, 1);
    indent(depth);
    E("%s (*%s)%s = malloc(sizeof(%s", ty, t->name, b.s, ty);
    {
      Str c = {0};
      dims_text(&c, t, 0);
      E("%s));\n", c.s);
    }
    indent(depth);
    E("if (!%s) return 1;\n", t->name);
    break;
  case D_PTRPTR:
    if (file_scope) return;
    indent(depth);
    E("%s **%s = malloc(sizeof(%s *) * %s);\n", ty, t->name, ty, P.ext[t->idx[0]]);
    indent(depth);
    E("if (!%s) return 1;\n", t->name);
    indent(depth);
    E("for (int p0 = 0; p0 < %s; p0++) {\n", P.ext[t->idx[0]]);
    indent(depth + 1);
    E("%s[p0] = malloc(sizeof(%s) * %s);\n", t->name, ty, P.ext[t->idx[1]]);
    indent(depth + 1);
    E("if (!%s[p0]) return 1;\n", t->name);
    indent(depth);
    E("}\n");
    break;
  }
}

static void emit_free(const Tensor *t, int depth) {
  if (t->decl == D_MALLOC || t->decl == D_ROWPTR) {
    indent(depth);
    E("free(%s);\n", t->name);
  } else if (t->decl == D_PTRPTR) {
    indent(depth);
    E("for (int p0 = 0; p0 < %s; p0++) free(%s[p0]);\n", P.ext[t->idx[0]], t->name);
    indent(depth);
    E("free(%s);\n", t->name);
  }
}

/* loops p0.. over the tensor's dimensions around the statement
 * `pre ELEMENT post` */
static void emit_over(const Tensor *t, int depth, const char *pre, const char *post) {
  char names[MAXL][8];
  for (int d = 0; d < t->rank; d++) {
    snprintf(names[d], sizeof names[d], "p%u", (unsigned)(unsigned char)d);
    indent(depth + d);
    E("for (int p%d = 0; p%d < %s; p%d++)\n", d, d, P.ext[t->idx[d]], d);
  }
  char *el = access(t, names);
  indent(depth + t->rank);
  E("%s%s%s\n", pre, el, post);
}

static const char *val_fn(int role) {
  if (role == R_DIV) return P.ty == TY_INT ? "inz()" : P.ty == TY_FLOAT ? "fnz()" : "dnz()";
  return P.ty == TY_INT ? "ival()" : P.ty == TY_FLOAT ? "fval()" : "dval()";
}

static void emit_fill(const Tensor *t, int depth) {
  Str cond = {0};
  if (t->role == R_OUT && t->init_zero) {
    emit_over(t, depth, "", " = 0;");
    return;
  }
  if (t->density >= 1000)
    sadd(&cond, "1");
  else if (t->density <= 0)
    sadd(&cond, "0");
  else
    sadd(&cond, "rnd(1000) < %d", t->density);
  const char *last = t->rank == 2 ? "p1" : "p2";
  switch (t->density <= 0 ? 0 : t->pattern) {
  case 1: sadd(&cond, " && p0 == %s", last); break;
  case 2: sadd(&cond, " && p0 - %s <= 1 && %s - p0 <= 1", last, last); break;
  case 3: sadd(&cond, " && (p1 + p0 + p1 / 4) %% 4 < 2"); break;
  case 4: sadd(&cond, " && p0 <= %s", last); break;
  default: break;
  }
  char *post;
  if (!strcmp(cond.s, "1"))
    post = fmt_str(" = %s;", val_fn(t->role));
  else if (!strcmp(cond.s, "0"))
    post = fmt_str(" = 0;");
  else
    post = fmt_str(" = %s ? %s : 0;", cond.s, val_fn(t->role));
  emit_over(t, depth, "", post);
  /* empty slices */
  if (t->empty_a >= 0 || t->empty_b >= 0) {
    Str c2 = {0};
    if (t->empty_a >= 0) sadd(&c2, "p0 == %d", t->empty_a);
    if (t->empty_b >= 0)
      sadd(&c2, "%sp%d == %d", t->empty_a >= 0 ? " || " : "", t->rank - 1, t->empty_b);
    char *pre = fmt_str("if (%s) ", c2.s);
    emit_over(t, depth, pre, " = 0;");
  }
}

static void emit_print(const Tensor *t, int depth) {
  const char *pre = P.ty == TY_INT     ? "printf(\"%lld\\n\", (long long)"
                    : P.ty == TY_FLOAT ? "printf(\"%.6g\\n\", (double)"
                                       : "printf(\"%.12g\\n\", ";
  emit_over(t, depth, pre, ");");
}

/* a checksum of an input: it must be unchanged by the kernel */
static void emit_checksum(const Tensor *t, int depth) {
  indent(depth);
  E("{\n");
  indent(depth + 1);
  E("double cs = 0.0;\n");
  const char *w = t->rank == 1   ? " * (p0 + 1);"
                  : t->rank == 2 ? " * (p0 * 31 + p1 + 1);"
                                 : " * (p0 * 97 + p1 * 13 + p2 + 1);";
  emit_over(t, depth + 1, "cs += (double)", w);
  indent(depth + 1);
  E("printf(\"%s %%.12g\\n\", cs);\n", t->name);
  indent(depth);
  E("}\n");
}

static void summary(void) {
  E("// seed %lu: %s%s, loops", P.seed, P.ty == TY_INT ? "int" : tyname(),
    P.soak ? " (soak)" : "");
  for (int d = 0; d < P.nl; d++) {
    int v = P.ord[d];
    E(" %s<%d", P.lv[v], P.extv[v]);
    if (v == P.tri_inner) E("(tri%d on %s)", P.tri_kind, P.lv[P.tri_outer]);
  }
  E(": %s %s %s", out_text(P.out), P.op, P.expr);
  if (P.out2 != -2) E("; %s %s %s", out_text(P.out2 == -1 ? -3 : P.out2), P.op2, P.expr2);
  if (P.idiom) E(" [%s]", P.idiom == 1 ? "init" : "accumulator");
  if (P.spelled && P.op[1] == '=') E(" [spelled out]");
  if (P.ity) E(" [%s loop variables]", ityname());
  if (P.ty == TY_INT && strcmp(P.ispell, "int")) E(" [%s elements]", P.ispell);
  E(" |");
  for (int i = 0; i < P.nt; i++)
    if (P.t[i].sparse && !P.t[i].stored_only) E(" %s : %s;", P.t[i].name, P.t[i].enc);
  for (int i = 0; i < P.nt; i++)
    if (P.t[i].stored) E(" stored %s : %s;", P.t[i].name, P.t[i].stored);
  E("\n");
}

static void emit(void) {
  const char *ty = tyname();
  summary();
  E("#include <math.h>\n#include <stdio.h>\n#include <stdlib.h>\n\n");
  for (int v = 0; v < P.nl; v++) E("#define %s %d\n", P.ext[v], P.extv[v]);
  int need_div = 0, need_val = 0;
  for (int i = 0; i < P.nt; i++) {
    const Tensor *t = &P.t[i];
    need_div |= t->role == R_DIV;
    need_val |= t->role != R_DIV && !(t->role == R_OUT && t->init_zero) && t->density > 0;
  }
  gen_value_functions(&out_, P.ty, P.seed, need_val, need_div);
  E("\n");
  for (int i = 0; i < P.nt; i++) emit_decl(&P.t[i], 1, 0);
  if (P.in_function) {
    if (P.out == -1) E("static %s s;\n", ty);
    if (P.out2 == -1) E("static %s s2;\n", ty);
  }
  if (P.has_alpha) E("static %s alpha = %s;\n", ty, lit("1.5", 3));
  if (P.has_beta) E("static %s beta = %s;\n", ty, lit("-0.5", -2));
  E("\n");

  int kd = 1; /* indentation of the kernel */
  if (P.in_function) {
    E("static void kernel(void) {\n");
    if (P.out == -1 && !P.scal_init) E("  s = 0;\n");
    if (P.out == -1 && P.scal_init) E("  s = %s;\n", lit("1.5", 2));
    if (P.out2 == -1) E("  s2 = 0;\n");
    if (P.bound_style == 1)
      for (int v = 0; v < P.nl; v++)
        if (!(v == P.tri_inner && P.tri_kind < 2)) E("  %s n%s = %s;\n", ityname(), P.lv[v], P.ext[v]);
    if (P.decl_outside) {
      E("  %s ", ityname());
      for (int v = 0; v < P.nl; v++) E("%s%s", v ? ", " : "", P.lv[v]);
      E(";\n");
    }
    emit_pragma(kd);
    emit_nest(kd);
    E("}\n\n");
  }
  E("int main(void) {\n");
  for (int i = 0; i < P.nt; i++) emit_decl(&P.t[i], 0, 1);
  for (int i = 0; i < P.nt; i++) emit_fill(&P.t[i], 1);
  if (P.in_function) {
    E("  kernel();\n");
  } else {
    if (P.out == -1) E("  %s s = %s;\n", ty, P.scal_init ? lit("1.5", 2) : lit("0.0", 0));
    if (P.out2 == -1) E("  %s s2 = %s;\n", ty, lit("0.0", 0));
    if (P.bound_style == 1)
      for (int v = 0; v < P.nl; v++)
        if (!(v == P.tri_inner && P.tri_kind < 2)) E("  %s n%s = %s;\n", ityname(), P.lv[v], P.ext[v]);
    if (P.decl_outside) {
      E("  %s ", ityname());
      for (int v = 0; v < P.nl; v++) E("%s%s", v ? ", " : "", P.lv[v]);
      E(";\n");
    }
    emit_pragma(kd);
    emit_nest(kd);
  }
  /* results */
  const char *sf = P.ty == TY_INT ? "%lld" : P.ty == TY_FLOAT ? "%.6g" : "%.12g";
  const char *cast = P.ty == TY_FLOAT ? "(double)" : P.ty == TY_INT ? "(long long)" : "";
  if (P.out == -1) E("  printf(\"s %s\\n\", %ss);\n", sf, cast);
  if (P.out2 == -1) E("  printf(\"s2 %s\\n\", %ss2);\n", sf, cast);
  for (int i = 0; i < P.nt; i++) {
    if (P.t[i].role == R_OUT) {
      E("  printf(\"%s\\n\");\n", P.t[i].name);
      emit_print(&P.t[i], 1);
    }
  }
  for (int i = 0; i < P.nt; i++)
    if (P.t[i].role != R_OUT && P.t[i].sparse) emit_checksum(&P.t[i], 1);
  for (int i = 0; i < P.nt; i++) emit_free(&P.t[i], 1);
  E("  return 0;\n}\n");
}

int main(int argc, char **argv) {
  atexit(gk_release);
  const char *seed_arg = NULL;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--soak"))
      P.soak = 1;
    else if (!seed_arg && argv[i][0] >= '0' && argv[i][0] <= '9')
      seed_arg = argv[i];
    else {
      fprintf(stderr, "usage: gen_kernel SEED [--soak]\n");
      return 2;
    }
  }
  if (!seed_arg) {
    fprintf(stderr, "usage: gen_kernel SEED [--soak]\n");
    return 2;
  }
  char *end;
  P.seed = strtoul(seed_arg, &end, 10);
  if (*end) {
    fprintf(stderr, "gen_kernel: bad seed '%s'\n", seed_arg);
    return 2;
  }
  g_state = (unsigned long long)P.seed * 0x2545F4914F6CDD1DULL + (P.soak ? 0x5151ULL : 0x7ULL);
  P.ispell = int_spelling(P.seed + (P.soak ? 1000003ULL : 0));
  build();
  emit();
  fputs(out_.s, stdout);
  return 0;
}
