/* gen_program.c — random whole-program generator for the differential
 * tester of incremental sparsification.
 *
 *   gen_program SEED [--soak] [--drop I,J.K,...]
 *
 * prints on stdout one complete, deterministic C11 program the way legacy
 * code is annotated one array at a time: one or two arrays under a pragma on
 * their declaration (a matrix A, sometimes a second matrix B or a sparse
 * vector sv; global, local, flat with a shape, malloc'd flat or `T (*A)[M]`),
 * filled by loops or element inserts, then a sequence of ITEMS over them:
 *
 *   - loop nests: SpMV (init statement, accumulator, `+=`), transposed
 *     SpMV, SpMM, row and column sums, a total, a count of the non-zeros, a
 *     running maximum, scaling in place, element-wise products and sums,
 *     copies into the second sparse array or a dense one, a nest under an
 *     `if` on a dense value, a nest with an early `break` or `continue`;
 *   - a nest in a function of the file taking the array as a parameter
 *     (with a pragma on its definition most of the time);
 *   - a nest with a loop pragma (SPEC §4 case 3) naming a dense matrix or
 *     the sparse one in another encoding;
 *   - element reads and single-element writes between the nests
 *     (`A[2][3] = 1.5;`, `A[1][0] *= 2;`, `t += A[i][i]`, a row zeroed);
 *   - an outer repetition loop around one to three of the above.
 *
 * and prints every array and scalar at the end. The first line is
 * `// seed N: TYPE ...` (TYPE double, float or int: the comparison's
 * tolerance), the second `// items K: ...` lists the items by number (J.K:
 * item K of the repetition loop J), the third `// units:` what --drop
 * takes. `--drop I,J.K` leaves item I and item K of repetition J out (the
 * rest of the program is the same): run_programs.sh minimizes a failure
 * that way.
 *
 * Numerics as in gen_kernel.c: every value is a small dyadic rational (an
 * integer for int), scaling factors are powers of two (or -1, 3 for int),
 * so sums are exact in any order and nothing overflows; the conditions of
 * nests and early exits read only dense inputs, which no item writes. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen_common.h"

/* ------------------------------------------------------------------ */
/* the model                                                            */

enum { S_GLOBAL, S_LOCAL, S_FLAT, S_MALLOC, S_ROWPTR };

/* a sparse array (pragma on its declaration) */
typedef struct Sp {
  char name[4];
  int vec;     /* rank 1 (length M), else N x M */
  int decl;
  char *enc;
  int density; /* per mille */
  int fill;    /* 0 a fill loop, 1 zeros then element inserts, 2 none
                  (a global: already zero) */
} Sp;

/* dense arrays, declared static at file scope when an item uses them */
enum { DX, DW, DY, DZ, DXK, DYK, DD, DC, NDENSE };
static const struct {
  const char *name, *rows, *cols;
  int input;
} dense[NDENSE] = {
    {"x", "M", "", 1},  {"w", "N", "", 1},  {"y", "N", "", 0}, {"z", "M", "", 0},
    {"X", "M", "K", 1}, {"Y", "N", "K", 0}, {"D", "N", "M", 1}, {"C", "N", "M", 0},
};

#define MAXITEMS 12
#define MAXREP 3 /* items in a repetition loop */

/* one item: what --drop I (or I.J inside a repetition) leaves out */
typedef struct Item {
  Str file;    /* file-scope text (a function), may be empty */
  Str body;    /* statements of main */
  char *label;
  unsigned dense_used; /* bit per dense array */
  int drop;
} Item;

/* a top-level item, or a repetition loop around several */
typedef struct Group {
  int rep;
  int first, n; /* its items */
} Group;

typedef struct Prog {
  unsigned long seed;
  int soak;
  int ty;
  int n, m, k;   /* extents N, M, K */
  int reps;      /* repetition count R */
  Sp a, b;
  int has_b;     /* b is a second matrix (vec == 0) or sv (vec == 1) */
  Item items[MAXITEMS * MAXREP];
  int nitems;
  Group groups[MAXITEMS];
  int ngroups;
  int nfunc;
  int in_rep;    /* generating inside a repetition loop */
} Prog;

static Prog P;
static Item *cur;     /* the item being generated */

static const char *tyname(void) {
  return P.ty == TY_DOUBLE ? "double" : P.ty == TY_FLOAT ? "float" : "int";
}

/* a literal of the element type */
static char *lit(const char *dv, int iv) {
  if (P.ty == TY_INT) return fmt_str("%d", iv);
  if (P.ty == TY_FLOAT) return fmt_str("%sf", dv);
  return fmt_str("%s", dv);
}

/* a value for an element write: dyadic, non-zero */
static char *wval(void) {
  static const char *dv[] = {"1.5", "-0.5", "2.0", "0.25", "-3.0"};
  static const char *fv[] = {"1.5", "-0.5", "2.0", "0.5", "-3.0"};
  static const int iv[] = {2, -1, 3, 1, -3};
  int k = rnd(5);
  return lit(P.ty == TY_FLOAT ? fv[k] : dv[k], iv[k]);
}

/* a scaling factor: a power of two or -1 (int: 2, -1, 3, -2); once the
 * program has scaled enough (a repetition loop counts R times), -1 only, so
 * that values stay small and exact */
static int scale_weight;
static char *sval(void) {
  static const char *dv[] = {"2.0", "0.5", "-1.0", "0.25", "-2.0"};
  static const int iv[] = {2, -1, 3, -2, 1};
  int k = rnd(5);
  if (scale_weight >= 6) return lit("-1.0", -1);
  scale_weight += P.in_rep ? P.reps : 1;
  return lit(dv[k], iv[k]);
}

/* ------------------------------------------------------------------ */
/* text                                                                 */

static void line(Str *b, int depth, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void line(Str *b, int depth, const char *fmt, ...) {
  for (int i = 0; i < depth; i++) sadd(b, "  ");
  char buf[1024];
  va_list ap;
  va_start(ap, fmt);
  int k = vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  if (k < 0 || (size_t)k >= sizeof buf) abort();
  sadd(b, "%s\n", buf);
}

#define L(depth, ...) line(&cur->body, depth, __VA_ARGS__)

static const char *use_dense(int d) {
  cur->dense_used |= 1u << d;
  return dense[d].name;
}

/* element (i, j) of a sparse matrix, or element j of a sparse vector */
static char *sref(const Sp *s, const char *i, const char *j) {
  if (s->vec) return fmt_str("%s[%s]", s->name, j);
  if (s->decl == S_FLAT || s->decl == S_MALLOC) return fmt_str("%s[%s * M + %s]", s->name, i, j);
  return fmt_str("%s[%s][%s]", s->name, i, j);
}

/* element of a dense array */
static char *dref(int d, const char *i, const char *j) {
  use_dense(d);
  if (dense[d].cols[0]) return fmt_str("%s[%s][%s]", dense[d].name, i, j);
  return fmt_str("%s[%s]", dense[d].name, i);
}

/* the shape of a pragma binding: needed where C sees a pointer or a flat
 * block */
static const char *shape(const Sp *s) {
  return s->decl == S_FLAT || s->decl == S_MALLOC || s->decl == S_ROWPTR ? "[N][M]" : "";
}

/* ------------------------------------------------------------------ */
/* encodings                                                            */

static char *matrix_encoding(void) {
  if (chance(55)) {
    static const char *named[] = {"CSR", "CSR", "CSC", "DCSR", "DCSC", "COO", "BSR(2, 2)"};
    return xstrdup(named[rnd(7)]);
  }
  return gen_encoding(2, P.n * P.m, 0);
}

/* ------------------------------------------------------------------ */
/* nests                                                                */

enum {
  K_SPMV, K_SPMVT, K_SPMM, K_ROWSUM, K_COLSUM, K_TOTAL, K_COUNT, K_MAX, K_SCALE, K_EWISE,
  K_COPY, K_IF, K_EXIT, K_VEC, NKINDS
};
static const char *kind_name[NKINDS] = {"spmv", "spmvT", "spmm",  "rowsum", "colsum",
                                        "total", "count", "max",  "scale",  "ewise",
                                        "copy",  "if",    "exit", "vec"};

/* a nest of kind `kind` over the matrix s at indentation d */
static void nest(int kind, const Sp *s, int d) {
  const char *T = tyname();
  char *zero = lit("0.0", 0);
  switch (kind) {
  case K_SPMV: {
    const char *y = use_dense(DY), *x = use_dense(DX);
    int v = rnd(4);
    L(d, "for (int i = 0; i < N; i++) {");
    if (v == 0) L(d + 1, "%s[i] = %s;", y, zero);
    if (v == 1) L(d + 1, "%s acc = %s;", T, zero);
    L(d + 1, "for (int j = 0; j < M; j++)");
    if (v == 1)
      L(d + 2, "acc += %s * %s[j];", sref(s, "i", "j"), x);
    else if (v == 3)
      L(d + 2, "%s[i] = %s[i] + %s * %s[j];", y, y, sref(s, "i", "j"), x);
    else
      L(d + 2, "%s[i] += %s * %s[j];", y, sref(s, "i", "j"), x);
    if (v == 1) L(d + 1, "%s[i] = acc;", y);
    L(d, "}");
    break;
  }
  case K_SPMVT: {
    const char *z = use_dense(DZ), *w = use_dense(DW);
    if (chance(50)) {
      L(d, "for (int i = 0; i < N; i++)");
      L(d + 1, "for (int j = 0; j < M; j++)");
    } else {
      L(d, "for (int j = 0; j < M; j++)");
      L(d + 1, "for (int i = 0; i < N; i++)");
    }
    L(d + 2, "%s[j] += %s * %s[i];", z, sref(s, "i", "j"), w);
    break;
  }
  case K_SPMM:
    L(d, "for (int i = 0; i < N; i++)");
    if (chance(60)) {
      L(d + 1, "for (int j = 0; j < M; j++)");
      L(d + 2, "for (int k = 0; k < K; k++)");
    } else {
      L(d + 1, "for (int k = 0; k < K; k++)");
      L(d + 2, "for (int j = 0; j < M; j++)");
    }
    L(d + 3, "%s += %s * %s;", dref(DYK, "i", "k"), sref(s, "i", "j"), dref(DXK, "j", "k"));
    break;
  case K_ROWSUM:
    L(d, "for (int i = 0; i < N; i++)");
    L(d + 1, "for (int j = 0; j < M; j++)");
    L(d + 2, "%s[i] %s %s;", use_dense(DY), chance(70) ? "+=" : "-=", sref(s, "i", "j"));
    break;
  case K_COLSUM:
    L(d, "for (int i = 0; i < N; i++)");
    L(d + 1, "for (int j = 0; j < M; j++)");
    L(d + 2, "%s[j] += %s;", use_dense(DZ), sref(s, "i", "j"));
    break;
  case K_TOTAL: {
    L(d, "for (int i = 0; i < N; i++)");
    L(d + 1, "for (int j = 0; j < M; j++)");
    int v = rnd(3);
    if (v == 0) L(d + 2, "t += %s;", sref(s, "i", "j"));
    if (v == 1) L(d + 2, "t += %s * %s;", sref(s, "i", "j"), sref(s, "i", "j"));
    if (v == 2) L(d + 2, "t += %s * %s;", sref(s, "i", "j"), dref(DD, "i", "j"));
    break;
  }
  case K_COUNT:
    L(d, "for (int i = 0; i < N; i++)");
    L(d + 1, "for (int j = 0; j < M; j++)");
    if (chance(50))
      L(d + 2, "if (%s != 0) nnz++;", sref(s, "i", "j"));
    else
      L(d + 2, "nnz += %s != 0;", sref(s, "i", "j"));
    break;
  case K_MAX:
    L(d, "for (int i = 0; i < N; i++)");
    L(d + 1, "for (int j = 0; j < M; j++)");
    L(d + 2, "if (%s %s mx) mx = %s;", sref(s, "i", "j"), chance(60) ? ">" : "<",
      sref(s, "i", "j"));
    break;
  case K_SCALE: {
    char *c = sval();
    L(d, "for (int i = 0; i < N; i++)");
    L(d + 1, "for (int j = 0; j < M; j++)");
    if (chance(60))
      L(d + 2, "%s *= %s;", sref(s, "i", "j"), c);
    else
      L(d + 2, "%s = %s * %s;", sref(s, "i", "j"), c, sref(s, "i", "j"));
    break;
  }
  case K_EWISE: {
    const Sp *o = P.has_b && !P.b.vec && chance(50) ? (s == &P.a ? &P.b : &P.a) : NULL;
    char *rhs = o ? sref(o, "i", "j") : dref(DD, "i", "j");
    int v = rnd(3);
    L(d, "for (int i = 0; i < N; i++)");
    L(d + 1, "for (int j = 0; j < M; j++)");
    L(d + 2, "%s %s %s %s %s;", dref(DC, "i", "j"), v == 2 ? "+=" : "=", sref(s, "i", "j"),
      v == 0 ? "*" : v == 1 ? "+" : "-", rhs);
    break;
  }
  case K_COPY: {
    /* into the second sparse matrix when there is one, else a dense one */
    int to_b = P.has_b && !P.b.vec && s == &P.a && chance(75);
    char *dst = to_b ? sref(&P.b, "i", "j") : dref(DC, "i", "j");
    int v = rnd(4);
    L(d, "for (int i = 0; i < N; i++)");
    L(d + 1, "for (int j = 0; j < M; j++)");
    if (v == 0 || v == 1)
      L(d + 2, "%s = %s;", dst, sref(s, "i", "j"));
    else if (v == 2)
      L(d + 2, "%s = %s * %s;", dst, sval(), sref(s, "i", "j"));
    else
      L(d + 2, "%s += %s;", dst, sref(s, "i", "j"));
    break;
  }
  case K_IF: {
    const char *y = use_dense(DY), *x = use_dense(DX);
    L(d, "for (int i = 0; i < N; i++)");
    L(d + 1, "for (int j = 0; j < M; j++)");
    if (chance(50)) {
      L(d + 2, "if (%s[j] > %s)", x, zero);
      L(d + 3, "%s[i] += %s * %s[j];", y, sref(s, "i", "j"), x);
    } else {
      L(d + 2, "if (%s[j] < %s)", x, zero);
      L(d + 3, "%s[i] -= %s;", y, sref(s, "i", "j"));
    }
    break;
  }
  case K_EXIT: {
    const char *y = use_dense(DY), *w = use_dense(DW);
    L(d, "for (int i = 0; i < N; i++) {");
    L(d + 1, "if (%s[i] < %s) %s;", w, lit("-3.0", -2), chance(50) ? "break" : "continue");
    L(d + 1, "for (int j = 0; j < M; j++)");
    L(d + 2, "%s[i] += %s * %s;", y, sref(s, "i", "j"), chance(50) ? "2" : sref(s, "i", "j"));
    L(d, "}");
    break;
  }
  case K_VEC: {
    /* the sparse vector sv */
    const Sp *v = &P.b;
    int r = rnd(4);
    if (r == 0) {
      L(d, "for (int j = 0; j < M; j++)");
      L(d + 1, "t += %s * %s[j];", sref(v, "", "j"), use_dense(DX));
    } else if (r == 1) {
      L(d, "for (int i = 0; i < N; i++)");
      L(d + 1, "for (int j = 0; j < M; j++)");
      L(d + 2, "%s[i] += %s * %s;", use_dense(DY), sref(s, "i", "j"), sref(v, "", "j"));
    } else if (r == 2) {
      L(d, "for (int j = 0; j < M; j++)");
      L(d + 1, "%s[j] += %s * %s;", use_dense(DZ), sval(), sref(v, "", "j"));
    } else {
      L(d, "for (int j = 0; j < M; j++)");
      L(d + 1, "%s *= %s;", sref(v, "", "j"), sval());
    }
    break;
  }
  }
}

static int pick_kind(void) {
  for (;;) {
    int k = rnd(NKINDS);
    if (k == K_VEC && !(P.has_b && P.b.vec)) continue;
    return k;
  }
}

/* the matrix a nest reads: A, or B when there is a second matrix */
static const Sp *pick_matrix(void) { return P.has_b && !P.b.vec && chance(35) ? &P.b : &P.a; }

/* ------------------------------------------------------------------ */
/* element reads and writes between the nests                           */

static void element_op(int d) {
  Sp *s = P.has_b && chance(30) ? &P.b : &P.a;
  char r[8], c[8];
  snprintf(r, sizeof r, "%d", rnd(P.n));
  snprintf(c, sizeof c, "%d", rnd(P.m));
  switch (rnd(8)) {
  case 0: L(d, "%s = %s;", sref(s, r, c), wval()); break;
  case 1: L(d, "%s += %s;", sref(s, r, c), wval()); break;
  case 2: L(d, "%s *= %s;", sref(s, r, c), sval()); break;
  case 3: L(d, "t += %s;", sref(s, r, c)); break;
  case 4: L(d, "s = %s * %s + s;", sref(s, r, c), lit("2.0", 2)); break;
  case 5:
    L(d, "if (%s != 0)", sref(s, r, c));
    L(d + 1, "%s = %s;", sref(s, r, c), chance(50) ? wval() : lit("0.0", 0));
    break;
  case 6:
    if (s->vec) {
      L(d, "for (int j = 0; j < M; j++)");
      L(d + 1, "t += %s;", sref(s, "", "j"));
    } else {
      int nm = P.n < P.m ? P.n : P.m;
      L(d, "for (int i = 0; i < %d; i++)", nm);
      L(d + 1, "t += %s;", sref(s, "i", "i"));
    }
    break;
  default:
    if (s->vec) {
      L(d, "%s = %s;", sref(s, "", c), lit("0.0", 0));
    } else {
      L(d, "for (int j = 0; j < M; j++)");
      L(d + 1, "%s = %s;", sref(s, r, "j"), lit("0.0", 0));
    }
    break;
  }
}

/* ------------------------------------------------------------------ */
/* a nest in a function taking the matrix as a parameter               */

static void function_nest(int d) {
  static const int kinds[] = {K_SPMV, K_SPMVT, K_ROWSUM, K_TOTAL, K_SCALE, K_IF, K_COUNT};
  const Sp *s = pick_matrix();
  int kind = kinds[rnd(7)];
  int id = ++P.nfunc;
  Sp prm = *s;
  snprintf(prm.name, sizeof prm.name, "m");
  const char *T = tyname();
  char *ptype;
  if (s->decl == S_FLAT || s->decl == S_MALLOC) {
    prm.decl = S_FLAT;
    ptype = fmt_str("%s *m", T);
  } else {
    int v = s->decl == S_ROWPTR ? 1 + rnd(2) : rnd(3);
    prm.decl = v == 0 ? S_GLOBAL : S_ROWPTR;
    ptype = v == 0 ? fmt_str("%s m[N][M]", T) : v == 1 ? fmt_str("%s (*m)[M]", T)
                                                         : fmt_str("%s m[][M]", T);
  }
  Str *f = &cur->file;
  if (chance(75)) {
    char *enc = chance(60) ? s->enc : matrix_encoding();
    line(f, 0, "#pragma sparse encoding(m%s : %s)", shape(&prm), enc);
  }
  line(f, 0, "static void f%d(%s) {", id, ptype);
  /* the nest's text goes into the function, then main calls it */
  Str save = cur->body;
  cur->body = (Str){0};
  nest(kind, &prm, 1);
  sadd(f, "%s}\n\n", cur->body.s);
  cur->body = save;
  L(d, "f%d(%s);", id, s->name);
  cur->label = fmt_str("f:%s(%s)", kind_name[kind], s->name);
}

/* a nest under a loop pragma (case 3): the dense D, or the sparse matrix
 * named in another encoding (a conversion at the nest's entry) */
static void case3_nest(int d) {
  static const int kinds[] = {K_SPMV, K_SPMVT, K_ROWSUM, K_TOTAL, K_COLSUM};
  int kind = kinds[rnd(5)];
  if (chance(60)) {
    Sp dd = {"D", 0, S_GLOBAL, NULL, 0, 0};
    use_dense(DD);
    L(d, "#pragma sparse encoding(D : %s)", matrix_encoding());
    nest(kind, &dd, d);
    cur->label = fmt_str("case3:%s(D)", kind_name[kind]);
  } else {
    const Sp *s = pick_matrix();
    L(d, "#pragma sparse encoding(%s%s : %s)", s->name, shape(s), matrix_encoding());
    nest(kind, s, d);
    cur->label = fmt_str("case3:%s(%s)", kind_name[kind], s->name);
  }
}

/* one item at indentation d (not a repetition) */
static void simple_item(int d, int allow_func) {
  int r = rnd(100);
  if (r < 30) {
    element_op(d);
    cur->label = xstrdup("element");
  } else if (r < 42 && allow_func) {
    function_nest(d);
  } else if (r < 50) {
    case3_nest(d);
  } else {
    int kind = pick_kind();
    const Sp *s = pick_matrix();
    nest(kind, s, d);
    cur->label = fmt_str("%s(%s)", kind_name[kind], kind == K_VEC ? "sv" : s->name);
  }
}

static void gen_item(void) {
  Group *g = &P.groups[P.ngroups++];
  g->first = P.nitems;
  if (chance(22)) {
    /* a repetition loop around one to three items */
    g->rep = 1;
    g->n = range(1, MAXREP);
    P.in_rep = 1;
    for (int q = 0; q < g->n; q++) {
      cur = &P.items[P.nitems++];
      simple_item(2, 1);
    }
    P.in_rep = 0;
  } else {
    g->n = 1;
    cur = &P.items[P.nitems++];
    simple_item(1, 1);
  }
}

/* ------------------------------------------------------------------ */
/* building                                                             */

static void choose_sparse(Sp *s, const char *name, int vec) {
  snprintf(s->name, sizeof s->name, "%s", name);
  s->vec = vec;
  int r = rnd(100);
  if (vec)
    s->decl = r < 70 ? S_GLOBAL : S_LOCAL;
  else
    s->decl = r < 40 ? S_GLOBAL : r < 60 ? S_LOCAL : r < 75 ? S_FLAT : r < 90 ? S_MALLOC : S_ROWPTR;
  if (vec)
    s->enc = chance(60) ? xstrdup("SparseVector") : gen_encoding(1, P.m, 0);
  else
    s->enc = matrix_encoding();
  static const int dens[] = {0, 100, 200, 300, 500, 800, 1000};
  s->density = dens[rnd(7)];
  r = rnd(100);
  s->fill = r < 65 ? 0 : r < 90 || s->decl != S_GLOBAL ? 1 : 2;
}

static void build(void) {
  int r = rnd(100);
  P.ty = r < 70 ? TY_DOUBLE : r < 85 ? TY_FLOAT : TY_INT;
  int maxe = P.soak ? 24 : 10;
  P.n = range(1, maxe);
  P.m = chance(50) ? P.n : range(1, maxe);
  P.k = range(1, 4);
  P.reps = range(2, 3);
  choose_sparse(&P.a, "A", 0);
  P.has_b = chance(45);
  if (P.has_b) {
    int vec = chance(40);
    choose_sparse(&P.b, vec ? "sv" : "B", vec);
  }
  int n = P.soak ? range(3, MAXITEMS) : range(3, 8);
  for (int i = 0; i < n; i++) gen_item();
}

/* ------------------------------------------------------------------ */
/* emission                                                             */

static Str out_;
#define E(...) sadd(&out_, __VA_ARGS__)

static void emit_decl(const Sp *s, int file_scope) {
  const char *T = tyname();
  int global = s->decl == S_GLOBAL || s->decl == S_FLAT;
  if (global != file_scope) return;
  const char *ind = file_scope ? "" : "  ";
  E("%s#pragma sparse encoding(%s%s : %s)\n", ind, s->name, shape(s), s->enc);
  if (s->vec) {
    E("%s%s%s %s[M];\n", ind, file_scope ? "static " : "", T, s->name);
    return;
  }
  switch (s->decl) {
  case S_GLOBAL: E("static %s %s[N][M];\n", T, s->name); break;
  case S_FLAT: E("static %s %s[N * M];\n", T, s->name); break;
  case S_LOCAL: E("  %s %s[N][M];\n", T, s->name); break;
  case S_MALLOC:
    E("  %s *%s = malloc(sizeof(%s) * N * M);\n", T, s->name, T);
    E("  if (!%s) return 1;\n", s->name);
    break;
  default:
    E("  %s (*%s)[M] = malloc(N * sizeof *%s);\n", T, s->name, s->name);
    E("  if (!%s) return 1;\n", s->name);
    break;
  }
}

static const char *val_fn(void) {
  return P.ty == TY_INT ? "ival()" : P.ty == TY_FLOAT ? "fval()" : "dval()";
}

/* does the fill of s call the value function */
static int fills_values(const Sp *s) { return s->fill == 0 && s->density > 0; }

static void emit_fill(const Sp *s) {
  Str *b = &out_;
  if (s->fill == 2) return;
  int zero = s->fill == 1 || s->density == 0;
  char *rhs = zero ? lit("0.0", 0)
              : s->density >= 1000 ? xstrdup(val_fn())
                                   : fmt_str("rnd(1000) < %d ? %s : 0", s->density, val_fn());
  if (s->vec) {
    line(b, 1, "for (int j = 0; j < M; j++)");
    line(b, 2, "%s = %s;", sref(s, "", "j"), rhs);
  } else {
    line(b, 1, "for (int i = 0; i < N; i++)");
    line(b, 2, "for (int j = 0; j < M; j++)");
    line(b, 3, "%s = %s;", sref(s, "i", "j"), rhs);
  }
}

/* element inserts after a zero fill (fill 1, 2): a few entries, as an
 * assembly loop of legacy code would */
static void emit_inserts(const Sp *s) {
  if (s->fill == 0) return;
  int n = s->density / 100 + 1;
  for (int q = 0; q < n; q++) {
    char r[8], c[8];
    snprintf(r, sizeof r, "%d", rnd(P.n));
    snprintf(c, sizeof c, "%d", rnd(P.m));
    line(&out_, 1, "%s %s %s;", sref(s, r, c), chance(70) ? "=" : "+=", wval());
  }
}

static const char *pfmt(void) {
  return P.ty == TY_INT ? "%lld" : P.ty == TY_FLOAT ? "%.6g" : "%.12g";
}
static const char *pcast(void) {
  return P.ty == TY_INT ? "(long long)" : P.ty == TY_FLOAT ? "(double)" : "";
}

static void emit_print_sp(const Sp *s) {
  E("  printf(\"%s\\n\");\n", s->name);
  if (s->vec) {
    line(&out_, 1, "for (int j = 0; j < M; j++)");
    line(&out_, 2, "printf(\"%s\\n\", %s%s);", pfmt(), pcast(), sref(s, "", "j"));
  } else {
    line(&out_, 1, "for (int i = 0; i < N; i++)");
    line(&out_, 2, "for (int j = 0; j < M; j++)");
    line(&out_, 3, "printf(\"%s\\n\", %s%s);", pfmt(), pcast(), sref(s, "i", "j"));
  }
}

static void emit(void) {
  const char *T = tyname();
  E("// seed %lu: %s%s, N=%d M=%d K=%d R=%d | A%s : %s (%s)", P.seed,
    T, P.soak ? " (soak)" : "", P.n, P.m, P.k, P.reps, shape(&P.a), P.a.enc,
    (const char *[]){"global", "local", "flat", "malloc", "rowptr"}[P.a.decl]);
  if (P.has_b)
    E("; %s%s : %s (%s)", P.b.name, shape(&P.b), P.b.enc,
      (const char *[]){"global", "local", "flat", "malloc", "rowptr"}[P.b.decl]);
  /* the items, then the names --drop takes: whole items, then the
   * items of each repetition */
  E("\n// items %d:", P.ngroups);
  for (int i = 0; i < P.ngroups; i++) {
    const Group *g = &P.groups[i];
    if (!g->rep) {
      const Item *it = &P.items[g->first];
      E(" %d=%s%s", i, it->label, it->drop ? "(dropped)" : "");
      continue;
    }
    E(" %d=rep[", i);
    for (int q = 0; q < g->n; q++) {
      const Item *it = &P.items[g->first + q];
      E("%s%d.%d=%s%s", q ? " " : "", i, q, it->label, it->drop ? "(dropped)" : "");
    }
    E("]");
  }
  E("\n// units:");
  for (int i = 0; i < P.ngroups; i++) E(" %d", i);
  for (int i = 0; i < P.ngroups; i++)
    for (int q = 0; P.groups[i].rep && q < P.groups[i].n; q++) E(" %d.%d", i, q);
  E("\n#include <stdio.h>\n#include <stdlib.h>\n\n");
  E("#define N %d\n#define M %d\n#define K %d\n#define R %d\n", P.n, P.m, P.k, P.reps);
  unsigned used = 0;
  for (int i = 0; i < P.nitems; i++)
    if (!P.items[i].drop) used |= P.items[i].dense_used;
  int need_val = fills_values(&P.a) || (P.has_b && fills_values(&P.b));
  for (int d = 0; d < NDENSE; d++) need_val |= (used & (1u << d)) && dense[d].input;
  gen_value_functions(&out_, P.ty, P.seed, need_val, 0);
  E("\n");
  for (int d = 0; d < NDENSE; d++)
    if (used & (1u << d)) {
      if (dense[d].cols[0])
        E("static %s %s[%s][%s];\n", T, dense[d].name, dense[d].rows, dense[d].cols);
      else
        E("static %s %s[%s];\n", T, dense[d].name, dense[d].rows);
    }
  E("static %s t, s, mx;\nstatic int nnz;\n", T);
  emit_decl(&P.a, 1);
  if (P.has_b) emit_decl(&P.b, 1);
  E("\n");
  for (int i = 0; i < P.nitems; i++)
    if (!P.items[i].drop && P.items[i].file.s) E("%s", P.items[i].file.s);
  E("int main(void) {\n");
  emit_decl(&P.a, 0);
  if (P.has_b) emit_decl(&P.b, 0);
  /* dense inputs: full or mostly zero (D is a case-3 candidate) */
  for (int d = 0; d < NDENSE; d++) {
    if (!(used & (1u << d)) || !dense[d].input) continue;
    const char *rhs = d == DD ? fmt_str("rnd(1000) < 300 ? %s : 0", val_fn()) : val_fn();
    if (dense[d].cols[0]) {
      line(&out_, 1, "for (int i = 0; i < %s; i++)", dense[d].rows);
      line(&out_, 2, "for (int j = 0; j < %s; j++)", dense[d].cols);
      line(&out_, 3, "%s[i][j] = %s;", dense[d].name, rhs);
    } else {
      line(&out_, 1, "for (int i = 0; i < %s; i++)", dense[d].rows);
      line(&out_, 2, "%s[i] = %s;", dense[d].name, rhs);
    }
  }
  emit_fill(&P.a);
  emit_inserts(&P.a);
  if (P.has_b) {
    emit_fill(&P.b);
    emit_inserts(&P.b);
  }
  for (int i = 0; i < P.ngroups; i++) {
    const Group *g = &P.groups[i];
    int kept = 0;
    for (int q = 0; q < g->n; q++) kept += !P.items[g->first + q].drop;
    if (!kept) continue;
    if (g->rep) E("  for (int it = 0; it < R; it++) {\n");
    for (int q = 0; q < g->n; q++)
      if (!P.items[g->first + q].drop) E("%s", P.items[g->first + q].body.s);
    if (g->rep) E("  }\n");
  }
  /* everything the program computed */
  E("  printf(\"t %s s %s mx %s nnz %%d\\n\", %st, %ss, %smx, nnz);\n", pfmt(), pfmt(), pfmt(),
    pcast(), pcast(), pcast());
  for (int d = 0; d < NDENSE; d++) {
    if (!(used & (1u << d)) || dense[d].input) continue;
    E("  printf(\"%s\\n\");\n", dense[d].name);
    if (dense[d].cols[0]) {
      line(&out_, 1, "for (int i = 0; i < %s; i++)", dense[d].rows);
      line(&out_, 2, "for (int j = 0; j < %s; j++)", dense[d].cols);
      line(&out_, 3, "printf(\"%s\\n\", %s%s[i][j]);", pfmt(), pcast(), dense[d].name);
    } else {
      line(&out_, 1, "for (int i = 0; i < %s; i++)", dense[d].rows);
      line(&out_, 2, "printf(\"%s\\n\", %s%s[i]);", pfmt(), pcast(), dense[d].name);
    }
  }
  emit_print_sp(&P.a);
  if (P.has_b) emit_print_sp(&P.b);
  if (P.a.decl == S_MALLOC || P.a.decl == S_ROWPTR) E("  free(A);\n");
  if (P.has_b && (P.b.decl == S_MALLOC || P.b.decl == S_ROWPTR)) E("  free(%s);\n", P.b.name);
  E("  return 0;\n}\n");
}

static int usage(void) {
  fprintf(stderr, "usage: gen_program SEED [--soak] [--drop I,J.K,...]\n");
  return 2;
}

int main(int argc, char **argv) {
  atexit(gk_release);
  const char *seed_arg = NULL, *drop = NULL;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--soak"))
      P.soak = 1;
    else if (!strcmp(argv[i], "--drop") && i + 1 < argc)
      drop = argv[++i];
    else if (!seed_arg && argv[i][0] >= '0' && argv[i][0] <= '9')
      seed_arg = argv[i];
    else
      return usage();
  }
  if (!seed_arg) return usage();
  char *end;
  P.seed = strtoul(seed_arg, &end, 10);
  if (*end) {
    fprintf(stderr, "gen_program: bad seed '%s'\n", seed_arg);
    return 2;
  }
  g_state = (unsigned long long)P.seed * 0xD1342543DE82EF95ULL + (P.soak ? 0xA11CEULL : 0xB0BULL);
  build();
  /* --drop I,J.K: item I, item K of the repetition J */
  for (const char *p = drop; p && *p;) {
    long k = strtol(p, &end, 10), q = -1;
    int ok = end != p && k >= 0 && k < P.ngroups;
    if (ok && *end == '.') {
      p = end + 1;
      q = strtol(p, &end, 10);
      ok = end != p && q >= 0 && q < P.groups[k].n && P.groups[k].rep;
    }
    if (!ok || (*end && *end != ',')) {
      fprintf(stderr, "gen_program: bad --drop '%s'\n", drop);
      return 2;
    }
    for (int u = 0; u < P.groups[k].n; u++)
      if (q < 0 || u == q) P.items[P.groups[k].first + u].drop = 1;
    p = *end == ',' ? end + 1 : end;
  }
  emit();
  fputs(out_.s, stdout);
  return 0;
}
