/* lower.c — lower_kernel(): one kernel of the iteration-space IR to a
 * self-contained C block (SPEC §4 case 3): assemble the sparse operands
 * from their dense arrays at entry (in a loop-compatible level order when
 * needed), fetch the raw arrays, run the co-iteration loops (coiter.c),
 * free the tensors, and leave live loop variables at the values the dense
 * nest leaves. Also the --report lines and the --dump=lattice text. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "emit/cencoding.h"
#include "ir/predicate.h"
#include "lower/lower_int.h"
#include "lower/short_rows.h"
#include "vector/vectorize.h"

const char *lower_fresh(Lower *L, const char *base) {
  return arena_printf(L->arena, "sc__%s%d", base, L->uniq++);
}

void lower_note(Lower *L, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char buf[1024];
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  sb_printf(&L->notes, "  %s\n", buf);
}

static const char *vt_name(IrElemType e) { return ir_elem_vt(e); }

static const char *val_ctype(const IrTensor *t) {
  return t->elem_ctype ? t->elem_ctype : ir_elem_ctype(t->elem);
}

static void line(const Lower *L, StrBuf *sb, int depth, const char *s) {
  sb_puts(sb, L->k->indent ? L->k->indent : "");
  sb_indent(sb, depth);
  sb_puts(sb, s);
  sb_puts(sb, "\n");
}

static void emit_encoding(const Lower *L, StrBuf *sb, const STensor *st) {
  lower_encoding_decl(sb, L->k->indent, st->name, &st->enc);
}

void lower_encoding_decl(StrBuf *sb, const char *indent, const char *name,
                         const sc_encoding *e) {
  Lower l0 = {0};
  IrKernel k0 = {0};
  k0.indent = indent;
  l0.k = &k0;
  const Lower *L = &l0;
  /* positional (emit/cencoding.h): the comments name the members */
  StrBuf t = {0};
  sb_printf(&t, "static const sc_encoding sc__%s_enc = {", name);
  line(L, sb, 1, t.data);
  t.len = 0;
  sb_printf(&t, "  %d, %d, /* dimensions, levels */", e->dim_rank, e->lvl_rank);
  line(L, sb, 1, t.data);
  t.len = 0;
  sb_puts(&t, "  ");
  cenc_level_types(&t, e);
  sb_puts(&t, ", /* level types: format, properties, n, m */");
  line(L, sb, 1, t.data);
  t.len = 0;
  sb_puts(&t, "  ");
  cenc_level_exprs(&t, e);
  sb_puts(&t, ", /* level expressions: kind, coefficients, constant, divisor */");
  line(L, sb, 1, t.data);
  t.len = 0;
  sb_printf(&t, "  %d, %d, 0, {{0, 0, 0}}}; /* posWidth, crdWidth, no slices */",
            e->pos_width, e->crd_width);
  line(L, sb, 1, t.data);
  sb_free(&t);
}

static void c_escape(StrBuf *sb, const char *s) {
  for (; *s; s++) {
    if (*s == '"' || *s == '\\' || *s == '?') /* '?': no trigraph */
      sb_printf(sb, "\\%c", *s);
    else if ((unsigned char)*s < 32) sb_printf(sb, "\\%03o", (unsigned char)*s);
    else sb_append(sb, s, 1);
  }
}

/* Whether the tensor's handle must be converted to the kernel's encoding
 * (the nest's pragma names another one, or the loop order needs it). An
 * order converted for the loops that is the stored one (a loop pragma's
 * CSC over an array its declaration stores CSR, walked by rows) is read
 * in place. */
static int handle_converts(const STensor *st) {
  const sc_encoding *h = st->t->handle_enc, *e = &st->enc;
  if (!h) return 1;
  if (h->dim_rank != e->dim_rank || h->lvl_rank != e->lvl_rank ||
      h->pos_width != e->pos_width || h->crd_width != e->crd_width)
    return 1;
  for (int l = 0; l < e->lvl_rank; l++) {
    const sc_level_type *a = &h->lvl_types[l], *b = &e->lvl_types[l];
    const sc_level_expr *x = &h->lvl_exprs[l], *y = &e->lvl_exprs[l];
    if (a->format != b->format || a->props != b->props || a->n != b->n ||
        a->m != b->m || x->kind != y->kind || x->constant != y->constant ||
        x->divisor != y->divisor)
      return 1;
    for (int d = 0; d < e->dim_rank; d++)
      if (x->coef[d] != y->coef[d]) return 1;
  }
  return 0;
}

/* Whether the tensor's entry assembly (or conversion) goes to a cache
 * hoisted out of an enclosing loop (IrTensor.entry_cache): only for an
 * operand the kernel reads and never writes. */
static int cached(const STensor *st) {
  return st->t->entry_cache && st->t->entry_cache_used && !st->t->is_written &&
         (!st->t->handle || handle_converts(st));
}

/* The cache variable of a cached operand: the array's own, or for a copy
 * in another loop order (STensor.copy n, `A_n`) a cache of its own,
 * `<entry_cache>_n` (sparsify.c declares and frees the ones used). */
static const char *cache_var(const Lower *L, const STensor *st) {
  if (!st->copy) return st->t->entry_cache;
  return arena_printf(L->arena, "%s_%d", st->t->entry_cache, st->copy);
}

/* Records that the cached operand filled its cache (IrTensor
 * entry_cache_used: bit n for copy n). */
static void cache_mark_used(const STensor *st) {
  *st->t->entry_cache_used |= 1 << st->copy;
}

/* A tensor whose storage is a sparse tensor already (IrTensor.handle):
 * read it in place, or convert it once when the kernel needs another
 * encoding (that copy is freed at exit). */
static void handle_prologue(Lower *L, StrBuf *sb, STensor *st,
                            const char *body, const char *where) {
  StrBuf t = {0};
  if (handle_converts(st) && cached(st)) {
    const char *cache = cache_var(L, st);
    emit_encoding(L, sb, st);
    sb_printf(&t, "if (!%s) {", cache);
    line(L, sb, 1, t.data);
    t.len = 0;
    sb_printf(&t, "  sc__st = sc_tensor_convert(&%s, %s, &sc__%s_enc);",
              cache, st->t->handle, st->name);
    line(L, sb, 1, t.data);
    t.len = 0;
    sb_printf(&t, "  if (sc__st != SC_OK) sc_fail(sc__st, \"%s\");", where);
    line(L, sb, 1, t.data);
    line(L, sb, 1, "}");
    t.len = 0;
    sb_printf(&t, "sc_tensor *const sc__%s = %s;", st->name, cache);
    line(L, sb, 1, t.data);
    cache_mark_used(st);
    lower_note(L, "conversion: %s's storage converted to the kernel's "
               "encoding once, before the loop at line %u, and reused while "
               "%s is unchanged", st->name, st->t->entry_cache_line,
               st->t->name);
  } else if (handle_converts(st)) {
    emit_encoding(L, sb, st);
    sb_printf(&t, "sc_tensor *sc__%s = NULL;", st->name);
    line(L, sb, 1, t.data);
    t.len = 0;
    sb_printf(&t, "sc__st = sc_tensor_convert(&sc__%s, %s, &sc__%s_enc);",
              st->name, st->t->handle, st->name);
    line(L, sb, 1, t.data);
    t.len = 0;
    sb_printf(&t, "if (sc__st != SC_OK) sc_fail(sc__st, \"%s\");", where);
    line(L, sb, 1, t.data);
    lower_note(L, "conversion: %s's storage converted to the kernel's "
               "encoding at entry", st->name);
  } else {
    sb_printf(&t, "sc_tensor *const sc__%s = %s;", st->name, st->t->handle);
    line(L, sb, 1, t.data);
    /* pending inserts are applied here, where a failure (data that do not
     * fit the encoding) can be reported, not by the first query */
    t.len = 0;
    sb_printf(&t, "sc__st = sc__%s ? sc_tensor_finalize(sc__%s) : SC_OK;",
              st->name, st->name);
    line(L, sb, 1, t.data);
    t.len = 0;
    sb_printf(&t, "if (sc__st != SC_OK) sc_fail(sc__st, \"%s\");", where);
    line(L, sb, 1, t.data);
  }
  if (lower_uses_ident(body, arena_printf(L->arena, "sc__%s_dims", st->name))) {
    t.len = 0;
    sb_printf(&t, "const int64_t sc__%s_dims[] = {", st->name);
    for (int d = 0; d < st->t->rank; d++)
      sb_printf(&t, "%ssc_tensor_dim_size(sc__%s, %d)", d ? ", " : "",
                st->name, d);
    sb_puts(&t, "};");
    line(L, sb, 1, t.data);
  }
  sb_free(&t);
}

/* Whether every statement writing in-place operand st has no effect
 * where st is absent, whatever the other operands (so stored storage is
 * only ever written at stored positions). */
static int inplace_writes_present(const Lower *L, const IrNode *n, int st) {
  if (n->kind == IR_NODE_STMT) {
    if (graph_inplace_lhs(L, &n->stmt) != st) return 1;
    return lat_no_effect(L, n, 1u << st);
  }
  for (int i = 0; i < n->nbody; i++)
    if (!inplace_writes_present(L, n->body[i], st)) return 0;
  return 1;
}

/* Kernels over replaced storage read it through the handle only: every
 * access must be a sparse (primary) access, and it must not be written
 * (element writes outside kernels become buffered inserts instead). */
static const char *handle_check(Lower *L) {
  const IrKernel *k = L->k;
  for (int ti = 0; ti < k->ntensors; ti++) {
    const IrTensor *t = &k->tensors[ti];
    if (!t->handle || (L->out && ti == asm_tensor(L))) continue;
    int st = L->tensor_st[ti];
    if (st >= 0 && (L->inplace & (1u << st))) {
      if (handle_converts(&L->st[st]))
        return arena_printf(L->arena, "sparse array '%s' is updated in place "
                            "but the loops need another level order (its "
                            "element writes become buffered inserts)", t->name);
      if (!inplace_writes_present(L, L->k->root, st))
        return arena_printf(L->arena, "an update of sparse array '%s' may "
                            "make an absent element non-zero (its element "
                            "writes become buffered inserts)", t->name);
    }
    if (t->is_written && !(st >= 0 && (L->inplace & (1u << st))))
      return arena_printf(L->arena, "the nest writes sparse array '%s' (its "
                          "element writes become buffered inserts)", t->name);
    if (L->tensor_st[ti] < 0)
      return arena_printf(L->arena, "sparse array '%s' cannot be co-iterated "
                          "here (its reads become lookups)", t->name);
    for (int a = 0; a < k->naccesses; a++)
      if (k->accesses[a].tensor == ti && L->access_st[a] < 0)
        return arena_printf(L->arena, "sparse array '%s' is read with two "
                            "different subscripts (its reads become lookups)",
                            t->name);
  }
  return NULL;
}

/* `const int sc__NAME_KINDl = <level l's coordinates> < k * <its
 * positions>;` (k = 1 printed as no factor), a flag of the sizes of
 * tensor NAME's level l read once per run of the kernel. */
static void size_flag(Lower *L, StrBuf *sb, StrBuf *t, const char *name,
                      const char *kind, int l, int k) {
  t->len = 0;
  sb_printf(t, "const int sc__%s_%s%d = sc_tensor_coordinates_size(sc__%s, "
            "%d) < ", name, kind, l, name, l);
  if (k != 1) sb_printf(t, "%d * ", k);
  sb_printf(t, "sc_tensor_positions_size(sc__%s, %d); (void)sc__%s_%s%d;",
            name, l, name, kind, l);
  line(L, sb, 1, t->data);
}

static void emit_prologue(Lower *L, StrBuf *sb, const char *body) {
  const SourceFile *f = L->ctx->file;
  unsigned lno = 0, col = 0;
  const char *fname = f ? source_presumed(f, L->k->root->span.start, &lno, &col) : "<input>";
  StrBuf where = {0};
  c_escape(&where, fname);
  sb_printf(&where, ":%u", lno);
  line(L, sb, 1, "sc_status sc__st = SC_OK;");
  if (L->nst == 0) line(L, sb, 1, "(void)sc__st;");
  StrBuf t = {0};
  for (int s = 0; s < L->nst; s++) {
    STensor *st = &L->st[s];
    const IrTensor *tn = st->t;
    if (tn->handle) {
      handle_prologue(L, sb, st, body, where.data);
      goto arrays;
    }
    if (st->alias >= 0) { /* shares another operand's assembly */
      t.len = 0;
      sb_printf(&t, "sc_tensor *const sc__%s = sc__%s;", st->name,
                L->st[st->alias].name);
      line(L, sb, 1, t.data);
      if (lower_uses_ident(body, arena_printf(L->arena, "sc__%s_dims",
                                              st->name))) {
        t.len = 0;
        sb_printf(&t, "const int64_t sc__%s_dims[] = {", st->name);
        for (int d = 0; d < tn->rank; d++)
          sb_printf(&t, "%s(int64_t)(%s)", d ? ", " : "", tn->extent[d]);
        sb_puts(&t, "};");
        line(L, sb, 1, t.data);
      }
      goto arrays;
    }
    emit_encoding(L, sb, st);
    t.len = 0;
    sb_printf(&t, "const int64_t sc__%s_dims[] = {", st->name);
    for (int d = 0; d < tn->rank; d++)
      sb_printf(&t, "%s(int64_t)(%s)", d ? ", " : "", tn->extent[d]);
    sb_puts(&t, "};");
    line(L, sb, 1, t.data);
    int hoisted = cached(st);
    /* hoisted: assembled into the cache on first use, reused after */
    const char *dst = hoisted ? cache_var(L, st)
                              : arena_printf(L->arena, "sc__%s", st->name);
    const char *pad = hoisted ? "  " : "";
    t.len = 0;
    if (hoisted)
      sb_printf(&t, "if (!%s) {", dst);
    else
      sb_printf(&t, "sc_tensor *sc__%s = NULL;", st->name);
    line(L, sb, 1, t.data);
    t.len = 0;
    /* with a fallback, a failed assembly skips the next ones and the nest
     * runs as written (lower_kernel) */
    if (L->fallback) pad = "if (sc__st == SC_OK) ";
    if (tn->layout == IR_LAYOUT_ROW_PTRS)
      sb_printf(&t, "%ssc__st = sc_tensor_from_dense_rows(&%s, &sc__%s_enc, "
                "%s, sc__%s_dims, (const void *const *)%s);",
                pad, dst, st->name, vt_name(tn->elem), st->name, tn->name);
    else
      sb_printf(&t, "%ssc__st = sc_tensor_from_dense(&%s, &sc__%s_enc, %s, "
                "sc__%s_dims, %s);",
                pad, dst, st->name, vt_name(tn->elem), st->name, tn->name);
    line(L, sb, 1, t.data);
    t.len = 0;
    if (!L->fallback) {
      sb_printf(&t, "%sif (sc__st != SC_OK) sc_fail(sc__st, \"%s\");", pad,
                where.data);
      line(L, sb, 1, t.data);
    }
    if (hoisted) {
      line(L, sb, 1, "}");
      t.len = 0;
      sb_printf(&t, "sc_tensor *const sc__%s = %s;", st->name, dst);
      line(L, sb, 1, t.data);
      cache_mark_used(st);
    }
  arrays:
    for (int l = 0; l < st->nlvl; l++) {
      if (
          lower_uses_ident(body, arena_printf(L->arena, "sc__%s_pos%d", st->name, l))) {
        t.len = 0;
        sb_printf(&t, "const %s *sc__%s_pos%d = (const %s *)sc_tensor_positions(sc__%s, %d);",
                  st->pos_type, st->name, l, st->pos_type, st->name, l);
        line(L, sb, 1, t.data);
      }
      if (
          lower_uses_ident(body, arena_printf(L->arena, "sc__%s_crd%d", st->name, l))) {
        t.len = 0;
        sb_printf(&t, "const %s *sc__%s_crd%d = (const %s *)sc_tensor_coordinates(sc__%s, %d);",
                  st->crd_type, st->name, l, st->crd_type, st->name, l);
        line(L, sb, 1, t.data);
      }
      if (lower_uses_ident(body, arena_printf(L->arena, "sc__%s_short%d",
                                              st->name, l))) {
        /* unroll.c: whether level l's rows hold fewer than UNROLL_BY
         * entries on average (coiter.c unswitches the walk on it) */
        size_flag(L, sb, &t, st->name, "short", l, UNROLL_BY);
      }
      if (lower_uses_ident(body, arena_printf(L->arena, "sc__%s_scalar%d",
                                              st->name, l))) {
        /* short_rows.c: whether the kernel runs the scalar output's nest
         * (level l's rows below its threshold on average) */
        const int min = L->scalar_rows[st - L->st][l];
        if (min) size_flag(L, sb, &t, st->name, "scalar", l, min);
      }
      if (lower_uses_ident(body, arena_printf(L->arena, "sc__%s_empty%d",
                                              st->name, l))) {
        /* empty_rows.c: whether level l's rows hold fewer than one entry
         * on average (the scalar nest skips runs of empty rows) */
        size_flag(L, sb, &t, st->name, "empty", l, 1);
      }
      if (
          lower_uses_ident(body, arena_printf(L->arena, "sc__%s_size%d", st->name, l))) {
        t.len = 0;
        sb_printf(&t, "const size_t sc__%s_size%d = (size_t)sc_tensor_level_size(sc__%s, %d);",
                  st->name, l, st->name, l);
        line(L, sb, 1, t.data);
      }
    }
    if (lower_uses_ident(body, arena_printf(L->arena, "sc__%s_pf", st->name))) {
      /* coiter.c emit_row_prefetch: whether its row loops prefetch (the
       * scalar loop may sit in the #else of a SIMD nest: never unused) */
      t.len = 0;
      sb_printf(&t, "const int sc__%s_pf = sc_tensor_memory(sc__%s) >= "
                "SC_PREFETCH_MIN_BYTES; (void)sc__%s_pf;", st->name, st->name,
                st->name);
      line(L, sb, 1, t.data);
    }
    if (lower_uses_ident(body, arena_printf(L->arena, "sc__%s_val", st->name))) {
      t.len = 0;
      if (st->inplace) /* a handle updated in place */
        sb_printf(&t, "%s *sc__%s_val = (%s *)sc_tensor_values(sc__%s);",
                  val_ctype(tn), st->name, val_ctype(tn), st->name);
      else
        sb_printf(&t, "const %s *sc__%s_val = (const %s *)sc_tensor_values(sc__%s);",
                  val_ctype(tn), st->name, val_ctype(tn), st->name);
      line(L, sb, 1, t.data);
    }
  }
  sb_free(&t);
  sb_free(&where);
}

/* ---- live loop variables ---- */

static void find_parents(const IrNode *n, int parent, int *par) {
  if (n->kind != IR_NODE_LOOP) return;
  if (n->var >= 0 && n->var < IR_MAX_VARS) par[n->var] = parent;
  for (int i = 0; i < n->nbody; i++) find_parents(n->body[i], n->var, par);
}

/* Appends assignments leaving live loop variables as the dense nest would.
 * Returns -1 (with L->refuse) when that cannot be expressed. */
static int emit_live(Lower *L, StrBuf *sb) {
  const IrKernel *k = L->k;
  int par[IR_MAX_VARS];
  for (int v = 0; v < IR_MAX_VARS; v++) par[v] = -1;
  find_parents(k->root, -1, par);
  StrBuf t = {0};
  /* the functions whose calls the bounds lost stay used */
  for (int f = 0; f < k->nfolded_fns; f++) {
    t.len = 0;
    sb_printf(&t, "(void)%s;", k->folded_fns[f]);
    line(L, sb, 1, t.data);
  }
  /* inner variables first: they read the outer variable's last value */
  for (int pass = 1; pass >= 0; pass--)
    for (int v = 0; v < k->nvars; v++) {
      const IrLoopVar *lv = &k->vars[v];
      if (lv->declared_in_header) continue;
      if (!lv->live_after) {
        /* dead after the nest (frontend/liveness.c): no final value, but
         * keep it "used" where the dense loop read it */
        if (pass == 0) {
          t.len = 0;
          sb_printf(&t, "(void)%s;", lv->name);
          line(L, sb, 1, t.data);
        }
        continue;
      }
      int natural = 1, depth = 0;
      for (int u = v; u >= 0; u = par[u], depth++)
        if (L->var_sparse[u]) natural = 0;
      depth--;
      if (natural) continue;
      if (depth > 1 || L->var_nloops[v] != 1 ||
          (depth == 1 && L->var_nloops[par[v]] != 1)) {
        L->refuse = arena_printf(L->arena, "loop variable '%s' is used after "
                                 "the nest", lv->name);
        sb_free(&t);
        return -1;
      }
      if (depth != pass) continue;
      const char *lo = graph_affine_str(L, &lv->lo);
      const char *hi = graph_affine_str(L, &lv->hi);
      t.len = 0;
      if (depth == 0) {
        /* (void): the variable may be only set now, never read */
        sb_printf(&t, "%s = (%s < %s) ? (%s)(%s) : (%s)(%s); (void)%s;",
                  lv->name, lo, hi, lv->ctype, hi, lv->ctype, lo, lv->name);
        line(L, sb, 1, t.data);
      } else {
        const IrLoopVar *pu = &k->vars[par[v]];
        const char *plo = graph_affine_str(L, &pu->lo);
        const char *phi = graph_affine_str(L, &pu->hi);
        sb_printf(&t, "if (%s < %s) {", plo, phi);
        line(L, sb, 1, t.data);
        t.len = 0;
        if (pu->declared_in_header)
          /* (void): the inner bounds need not read it */
          sb_printf(&t, "const %s %s = (%s)((%s) - 1); (void)%s;", pu->ctype,
                    pu->name, pu->ctype, phi, pu->name);
        else
          sb_printf(&t, "const %s sc__save_%s = %s;", pu->ctype, pu->name,
                    pu->name);
        line(L, sb, 2, t.data);
        if (!pu->declared_in_header) {
          t.len = 0;
          sb_printf(&t, "%s = (%s)((%s) - 1);", pu->name, pu->ctype, phi);
          line(L, sb, 2, t.data);
        }
        t.len = 0;
        sb_printf(&t, "%s = (%s < %s) ? (%s)(%s) : (%s)(%s); (void)%s;",
                  lv->name, lo, hi, lv->ctype, hi, lv->ctype, lo, lv->name);
        line(L, sb, 2, t.data);
        if (!pu->declared_in_header) {
          t.len = 0;
          sb_printf(&t, "%s = sc__save_%s;", pu->name, pu->name);
          line(L, sb, 2, t.data);
        }
        line(L, sb, 1, "}");
      }
    }
  sb_free(&t);
  return 0;
}

/* ---- report ---- */

typedef struct SumCtx {
  const Lower *L;
} SumCtx;

static void sum_index(void *user, StrBuf *out, int v);

static void sum_access(void *user, StrBuf *out, int a) {
  SumCtx *c = user;
  const IrAccess *ac = &c->L->k->accesses[a];
  if (ac->scatter) { /* `y[perm(i)]` */
    CPrintHooks h = {sum_access, sum_index, c};
    cprint_expr(out, ac->scatter, &h);
    return;
  }
  sb_printf(out, "%s(", c->L->k->tensors[ac->tensor].name);
  for (int d = 0; d < ac->nsub; d++) {
    if (d) sb_puts(out, ",");
    graph_affine(c->L, out, &ac->sub[d]);
  }
  sb_puts(out, ")");
}

static void sum_index(void *user, StrBuf *out, int v) {
  SumCtx *c = user;
  sb_puts(out, graph_var_name(c->L, v));
}

static void summary(const Lower *L, StrBuf *sb, const IrNode *n) {
  SumCtx c = {L};
  CPrintHooks h = {sum_access, sum_index, &c};
  if (n->kind == IR_NODE_STMT) {
    const IrStmt *s = &n->stmt;
    if (s->lhs_access >= 0) sum_access(&c, sb, s->lhs_access);
    else sb_puts(sb, s->lhs_scalar);
    sb_printf(sb, " %s ", ir_op_text(s->op));
    cprint_expr(sb, s->rhs, &h);
    return;
  }
  sb_printf(sb, "forall(%s) ", graph_var_name(L, n->var));
  if (n->nbody != 1) sb_puts(sb, "{ ");
  for (int i = 0; i < n->nbody; i++) {
    if (i) sb_puts(sb, "; ");
    summary(L, sb, n->body[i]);
  }
  if (n->nbody != 1) sb_puts(sb, " }");
}

static void report_head(Lower *L, const char *verdict, const char *text) {
  SparsifyCtx *ctx = L->ctx;
  if (!ctx->report || !ctx->opts || !ctx->opts->report) return;
  unsigned lno = 0, col = 0;
  const char *fname = ctx->file ? source_presumed(ctx->file, L->k->root->span.start,
                                                  &lno, &col)
                                : "<input>";
  sb_printf(ctx->report, "%s:%u:%u: kernel %s: %s\n", fname, lno, col, verdict, text);
}

/* A nest of a declaration-level kernel that only writes its stored sparse
 * arrays (a fill loop) loses nothing when refused: its element writes
 * become buffered inserts. That is said in the report, not warned. */
static int only_fills_stored(const IrKernel *k) {
  if (k->pragma_on_nest) return 0;
  int writes = 0;
  for (int t = 0; t < k->ntensors; t++) {
    if (!k->tensors[t].binding) continue;
    if (k->tensors[t].is_read) return 0;
    writes |= k->tensors[t].is_written && k->tensors[t].handle != NULL;
  }
  return writes;
}

static int refuse(Lower *L, const char *why) {
  SparsifyCtx *ctx = L->ctx;
  Span sp = L->k->root ? L->k->root->span : L->k->span;
  if (ctx->quiet_lowering) { /* the caller may split the nest */
    ctx->quiet_refusal = why;
    sb_free(&L->notes);
    sb_free(&L->lattice);
    return -1;
  }
  if (only_fills_stored(L->k))
    why = arena_printf(L->arena, "%s; its element writes become buffered "
                       "inserts", why);
  else if (ctx->diags) {
    diag_warning(ctx->diags, ctx->file, sp, "loop not sparsified: %s", why);
    sparsify_note_split(ctx);
  }
  /* the notes describe code planned, not emitted (a zero filter, the
   * loops' walks, vector loops): the nest stays as written, and the report
   * says only why and what its element accesses become */
  report_head(L, "not sparsified", why);
  sb_free(&L->notes);
  sb_free(&L->lattice);
  return -1;
}

static void format_notes(Lower *L, StrBuf *sb) {
  for (int s = 0; s < L->nst; s++) {
    const STensor *st = &L->st[s];
    sb_printf(sb, "  %s: levels (", st->name);
    int unpadded = 0;
    for (int l = 0; l < st->nlvl; l++) {
      const LvlInfo *li = &st->lvl[l];
      sb_printf(sb, "%s%s", l ? ", " : "", li->ops->name);
      if (li->type.format == SC_LVL_N_OUT_OF_M)
        sb_printf(sb, "[%d, %d]", li->type.n, li->type.m);
      if (!level_is_unique(&li->type)) sb_puts(sb, "(nonunique)");
      if (!level_is_ordered(&li->type)) sb_puts(sb, "(nonordered)");
      sb_puts(sb, level_is_padded(&li->type) ? " padded" : " unpadded");
      if (!level_is_padded(&li->type)) unpadded = 1;
    }
    sb_printf(sb, "), posWidth %d, crdWidth %d; %s%s\n", st->enc.pos_width,
              st->enc.crd_width,
              st->alias >= 0 ? "the same assembly as another loop's operand"
              : !st->t->handle ? "assembled from its dense array at entry"
              : handle_converts(st) ? "its sparse storage converted at entry"
                                    : "its sparse storage read in place",
              st->converted ? " (converted order)" : "");
    if (cached(st) && !st->t->handle && st->alias < 0)
      /* the text depends on the loop's later kernels (lower.h) */
      sb_printf(sb, "  %s: " LOWER_KEPT_MARK "%s" LOWER_KEPT_MARK "\n",
                st->name, st->t->entry_cache);
    if (st->t->extent_from_loops && !st->t->handle && st->alias < 0)
      for (int d = 0; d < st->t->rank; d++)
        if (st->t->extent_from_loops & (1u << d))
          sb_printf(sb, "  %s: extent of dimension %d read off the loops: %s\n",
                    st->name, d, st->t->extent[d]);
    if (unpadded && !st->t->handle && st->alias < 0)
      sb_printf(sb, "  zero filter: %s's assembly drops explicit zeros "
                "(unpadded levels, in the runtime)\n", st->name);
  }
}

static const char *span_text(const Lower *L, Span sp);

/* One lowering of the (predicated) kernel with the tensors in `plain`
 * converted to their plain form: the co-iteration loops in *loops and the
 * live variables' final values in *live. 0, or -1 with L->refuse. */
/* Why an expression over sparse operands is not zero where they are
 * absent, for the refusal: the first quotient of a sparse operand by a
 * value that may be zero (0 / 0 is NaN in the dense program) or call of a
 * function with f(0) != 0; NULL when nothing so specific is found. */
static int reads_sparse(const Lower *L, const IrExpr *e) {
  if (!e) return 0;
  if (e->kind == IR_ACCESS && L->access_st[e->access] >= 0) return 1;
  if (reads_sparse(L, e->a) || reads_sparse(L, e->b) || reads_sparse(L, e->c))
    return 1;
  for (int i = 0; i < e->nargs; i++)
    if (reads_sparse(L, e->args[i])) return 1;
  return 0;
}

static const char *nonzero_expr_cause(const Lower *L, const IrExpr *e) {
  if (!e) return NULL;
  if ((e->kind == IR_DIV || e->kind == IR_MOD) && reads_sparse(L, e->a) &&
      !reads_sparse(L, e->b) && e->b->kind != IR_CONST && !lat_zero(L, e, ~0u))
    return e->kind == IR_DIV
               ? "a sparse operand divided by a value that may be zero "
                 "(0 / 0 is NaN in the dense program); divide by a "
                 "non-zero constant, guard the update with 'divisor > 0', "
                 "or multiply by a precomputed inverse"
               : "a sparse operand taken modulo a value that may be zero";
  if (e->kind == IR_ACCESS && L->access_st[e->access] < 0 &&
      L->tensor_st[L->k->accesses[e->access].tensor] >= 0) {
    /* a second access of a walked array that is not walked itself (another
     * loop order: `A[i][j] - A[j][i]`) reads the dense value, which is not
     * absent where the walked access is */
    const char *t = span_text(L, e->span);
    const STensor *w = &L->st[L->tensor_st[L->k->accesses[e->access].tensor]];
    if (t)
      return arena_printf(L->arena, "'%s' is read in another loop order %s, "
                          "not walked, so it is not absent where the walked "
                          "access of '%s' is", t,
                          w->t->handle ? "by element lookups" : "from the dense array",
                          w->t->name);
  }
  if (e->kind == IR_CALL && reads_sparse(L, e) && !lat_zero(L, e, ~0u)) {
    /* the call is the cause only when its sparse arguments are zero there
     * (`exp(A)`, `pow(A, 0)`), not in `fabs(A[i][j] - A[j][i])` */
    int args_zero = 1;
    for (int i = 0; i < e->nargs; i++)
      if (reads_sparse(L, e->args[i]) && !lat_zero(L, e->args[i], ~0u))
        args_zero = 0;
    if (args_zero)
      return arena_printf(L->arena, "'%s' of an absent entry is not zero",
                          e->text);
  }
  const IrExpr *sub[3] = {e->a, e->b, e->c};
  for (int i = 0; i < 3; i++) {
    const char *c = nonzero_expr_cause(L, sub[i]);
    if (c) return c;
  }
  for (int i = 0; i < e->nargs; i++) {
    const char *c = nonzero_expr_cause(L, e->args[i]);
    if (c) return c;
  }
  return NULL;
}

/* Whether e reads the statement's own target. */
static int reads_own_lhs(const Lower *L, const IrExpr *e, const IrStmt *s) {
  if (!e) return 0;
  if (lower_is_lhs(L, e, s)) return 1;
  if (reads_own_lhs(L, e->a, s) || reads_own_lhs(L, e->b, s) || reads_own_lhs(L, e->c, s))
    return 1;
  for (int i = 0; i < e->nargs; i++)
    if (reads_own_lhs(L, e->args[i], s)) return 1;
  return 0;
}

/* Whether the nest declares the scalar `name` (a local temporary). */
static int declares(const IrNode *n, const char *name) {
  if (!n) return 0;
  if (n->kind == IR_NODE_STMT)
    return n->stmt.decl_ctype && n->stmt.lhs_scalar && !strcmp(n->stmt.lhs_scalar, name);
  for (int i = 0; i < n->nbody; i++)
    if (declares(n->body[i], name)) return 1;
  for (int i = 0; i < n->nels; i++)
    if (declares(n->els[i], name)) return 1;
  return 0;
}

/* Whether e reads a local temporary of the nest (which may hold a sparse
 * value). */
static int reads_local(const Lower *L, const IrExpr *e) {
  if (!e) return 0;
  if (e->kind == IR_SCALAR && declares(L->k->root, e->text)) return 1;
  if (reads_local(L, e->a) || reads_local(L, e->b) || reads_local(L, e->c)) return 1;
  for (int i = 0; i < e->nargs; i++)
    if (reads_local(L, e->args[i])) return 1;
  return 0;
}

/* Whether e holds a selection (a ternary, or an if the kernel's guarded
 * form merged into the statement). */
static int has_select(const IrExpr *e) {
  if (!e) return 0;
  if (e->kind == IR_SELECT) return 1;
  if (has_select(e->a) || has_select(e->b) || has_select(e->c)) return 1;
  for (int i = 0; i < e->nargs; i++)
    if (has_select(e->args[i])) return 1;
  return 0;
}

/* The statement's source text, blanks collapsed, shortened. */
static const char *stmt_text(const Lower *L, const IrStmt *s) {
  const SourceFile *f = L->ctx->file;
  if (!f || s->span.end <= s->span.start || s->span.end > f->len) return "the statement";
  StrBuf b = {0};
  int blank = 0;
  for (size_t i = s->span.start; i < s->span.end && b.len < 60; i++) {
    char c = f->text[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      blank = b.len > 0;
      continue;
    }
    if (blank) sb_append(&b, " ", 1);
    blank = 0;
    sb_append(&b, &c, 1);
  }
  while (b.len && b.data[b.len - 1] == ';') b.data[--b.len] = 0;
  const char *r = arena_printf(L->arena, "'%s%s'", b.data ? b.data : "",
                               b.len >= 60 ? "..." : "");
  sb_free(&b);
  return r;
}

/* A statement that has an effect where every sparse operand is absent: an
 * update that reads none of them (`visits[i]++`), or one computed from its
 * own target (`r = r * 0.5 + A[i][j]`). */
static const char *nonzero_stmt_cause(const Lower *L, const IrNode *n, unsigned outer) {
  if (!n) return NULL;
  if (n->kind == IR_NODE_STMT) {
    const IrStmt *s = &n->stmt;
    if (s->decl_ctype) return NULL;
    int sparse_lhs = s->lhs_access >= 0 && L->access_st[s->lhs_access] >= 0;
    /* `last[i] = A[i][j]` inside a loop over j: the last value is kept; so
     * too for a sparse output, `C[i][j] = A[i][k] * B[k][j]` in a loop over
     * k keeps the last k's product, zero where it is absent */
    if (s->op == IR_SET && !has_select(s->rhs) && reads_sparse(L, s->rhs) &&
        (sparse_lhs || !reads_own_lhs(L, s->rhs, s))) {
      unsigned moves = 0;
      if (s->lhs_access >= 0) {
        const IrAccess *ac = &L->k->accesses[s->lhs_access];
        for (int d = 0; d < ac->nsub; d++)
          for (int v = 0; v < IR_MAX_VARS; v++)
            if (ac->sub[d].coef[v]) moves |= 1u << v;
      }
      for (int v = 0; v < L->k->nvars; v++)
        if ((outer & (1u << v)) && !(moves & (1u << v)))
          return arena_printf(L->arena, "%s assigns its target again for every "
                              "%s, so the last value is kept, absent or not",
                              stmt_text(L, s), L->k->vars[v].name);
    }
    if (sparse_lhs) return NULL;
    if (s->op != IR_SET && !has_select(s->rhs) && !reads_sparse(L, s->rhs) &&
        !reads_local(L, s->rhs))
      return arena_printf(L->arena, "%s reads no sparse operand, so it runs "
                          "at every position", stmt_text(L, s));
    if (s->op == IR_SET && !has_select(s->rhs) && reads_sparse(L, s->rhs) &&
        reads_own_lhs(L, s->rhs, s))
      return arena_printf(L->arena, "%s computes its target from its own "
                          "value, which an absent entry changes too",
                          stmt_text(L, s));
    return NULL;
  }
  if (n->kind == IR_NODE_LOOP) outer |= 1u << n->var;
  for (int i = 0; i < n->nbody; i++) {
    const char *c = nonzero_stmt_cause(L, n->body[i], outer);
    if (c) return c;
  }
  return NULL;
}

/* The source text of [sp.start, sp.end), blanks collapsed, or NULL when it
 * is not in the file or longer than 60 characters. */
static const char *span_text(const Lower *L, Span sp) {
  const SourceFile *f = L->ctx->file;
  if (!f || sp.end <= sp.start || sp.end > f->len || sp.end - sp.start > 60) return NULL;
  StrBuf b = {0};
  int blank = 0;
  for (size_t i = sp.start; i < sp.end; i++) {
    char c = f->text[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      blank = b.len > 0;
      continue;
    }
    if (blank) sb_append(&b, " ", 1);
    blank = 0;
    sb_append(&b, &c, 1);
  }
  const char *r = b.data ? arena_strdup(L->arena, b.data) : NULL;
  sb_free(&b);
  return r;
}

/* The first statement that has an effect where the sparse operands in
 * `absent` are absent, said with its guard when it has one (`if (A[i][j] >
 * m) { m = A[i][j]; im = i; }`: a zero may pass the comparison); `where`
 * ends the sentence ("there"); NULL if none. */
const char *lower_effect_cause(const Lower *L, const IrNode *n, unsigned absent,
                               const char *where) {
  if (!n) return NULL;
  if (n->kind != IR_NODE_STMT) {
    for (int i = 0; i < n->nbody; i++) {
      const char *c = lower_effect_cause(L, n->body[i], absent, where);
      if (c) return c;
    }
    return NULL;
  }
  if (lat_no_effect(L, n, absent)) return NULL;
  const IrStmt *s = &n->stmt;
  const char *g = s->rhs && s->rhs->kind == IR_SELECT && reads_sparse(L, s->rhs->a) &&
                          lat_truth(L, s->rhs->a, absent) != 0
                      ? span_text(L, s->rhs->a->span)
                      : NULL;
  if (g && !strncmp(g, "if", 2) && s->rhs->a->kind == IR_NOT) {
    /* an else branch: its guard spans the whole if statement */
    const char *c = span_text(L, s->rhs->a->a->span);
    g = c ? arena_printf(L->arena, "!(%s)", c) : NULL;
  }
  if (g)
    return arena_printf(L->arena, "%s runs where '%s' holds, which an absent "
                        "entry (a zero) may satisfy", stmt_text(L, s), g);
  return arena_printf(L->arena, "%s has an effect %s", stmt_text(L, s), where);
}

static const char *nonzero_cause(const Lower *L, const IrNode *n) {
  if (!n) return NULL;
  if (n->kind == IR_NODE_STMT) return nonzero_expr_cause(L, n->stmt.rhs);
  for (int i = 0; i < n->nbody; i++) {
    const char *c = nonzero_cause(L, n->body[i]);
    if (c) return c;
  }
  return NULL;
}

/* Whether a kernel with no skipping loop still gains from its sparse
 * storage: some operand is read at a fixed coordinate below a level the
 * loops cannot skip over (a column of CSR stored sparse: one search per
 * row), the body has no effect where the operands are absent (else the
 * loop is as dense as the source: `exp(A[r][j])`), and no operand is
 * assembled or converted at entry, which would cost more than the dense
 * loop. */
static int fixed_in_place(const Lower *L) {
  if (!L->fixed_located || !lat_no_effect(L, L->k->root, (1u << L->nst) - 1))
    return 0;
  for (int s = 0; s < L->nst; s++)
    if (!L->st[s].t->handle || handle_converts(&L->st[s])) return 0;
  return 1;
}

/* The loops were built assuming comparisons of the guards false where
 * their operands are absent (L->assume: `A[i][j] > t`): they run when a
 * check at entry confirms it, and loops built without the assumption
 * (visiting every element) run otherwise. */
static int emit_assumed(Lower *L, StrBuf *loops, int depth) {
  StrBuf on = {0}, off = {0}, t = {0};
  int rc = asm_emit_again(L, &on, depth + 1);
  const char *check = lat_assume_check(L);
  Assume *as = L->assume;
  L->assume = NULL;
  if (rc == 0) rc = asm_emit_again(L, &off, depth + 1);
  L->assume = as;
  if (rc != 0) {
    if (!L->refuse) L->refuse = "the loops for a guard that holds where the "
                                "operands are absent could not be built";
    sb_free(&on);
    sb_free(&off);
    return -1;
  }
  if (!strcmp(on.data ? on.data : "", off.data ? off.data : "")) {
    /* the assumption changed no loop: the loops as first emitted */
    sb_free(&on);
    sb_free(&off);
    return 0;
  }
  loops->len = 0;
  sb_printf(&t, "if (%s) {", check);
  line(L, loops, depth, t.data);
  sb_puts(loops, on.data ? on.data : "");
  line(L, loops, depth, "} else {");
  sb_puts(loops, off.data ? off.data : "");
  line(L, loops, depth, "}");
  lower_note(L, "guard: the loops skip absent entries when %s (checked at "
             "entry: an absent entry then fails the guard), else they visit "
             "every element", check);
  sb_free(&on);
  sb_free(&off);
  sb_free(&t);
  return 0;
}

/* Whether a kernel with no skipping loop still gains from its sparse
 * storage because a dense loop walks a level of it with a merge cursor (a
 * union with a dense side, `y[i] += A[i][j] + x[j]`: merge_cursor.c):
 * some operand is stored sparse (a handle), which the nest would otherwise
 * read by element lookups (a search per element; the merged walk was
 * 24-33x faster, docs/performance.md "Unions with a dense side"). Operands with dense arrays only (a loop
 * pragma) keep the nest as written: it visits every position anyway, and
 * the dense arrays read faster than a walk of their assembly, even one
 * kept across the repetitions of an enclosing loop. */
static int dense_union_ok(const Lower *L) {
  if (!L->ncursors) return 0;
  for (int s = 0; s < L->nst; s++)
    if (L->st[s].t->handle) return 1;
  return 0;
}

/* Whether the kernel assembles a sparse output whose array is stored
 * sparse for its lifetime (a declaration or function pragma). Where no
 * loop can skip, such a kernel still runs: it is SPEC §3's `a(i) = b(i)`
 * (a compressed, b dense), every position visited and only the values the
 * output's padding allows appended (the zero filter): faster than the
 * alternative, one buffered insert per element. An output that is dense
 * outside the nest is not: its dense loop as written is faster still. */
static int stored_output(const Lower *L) {
  const int t = asm_tensor(L);
  return t >= 0 && L->k->tensors[t].handle != NULL;
}

static int attempt(Lower *L, SparsifyCtx *ctx, const IrKernel *kernel,
                   unsigned plain, int copies, StrBuf *loops, StrBuf *live) {
  memset(L, 0, sizeof *L);
  L->ctx = ctx;
  L->arena = ctx->arena;
  L->k = kernel;
  L->plain = plain;
  L->copies = copies;
  if (graph_analyze(L) != 0) return -1;
  const char *owhy = NULL; /* a sparse output stored as a handle */
  if (asm_plan(L, &owhy) < 0) {
    L->refuse = owhy;
    return -1;
  }
  const char *hwhy = handle_check(L);
  if (hwhy) {
    L->refuse = hwhy;
    return -1;
  }
  const int depth = asm_pattern_depth(L);
  Assume as;
  memset(&as, 0, sizeof as);
  L->assume = &as;
  if (coiter_emit(L, loops, depth) != 0) return -1;
  if (as.n && emit_assumed(L, loops, depth) != 0) return -1;
  L->assume = NULL;
  vec_account(L);
  if (L->nsparse_loops == 0 && !fixed_in_place(L) && !stored_output(L) &&
      !kernel->dense_part) {
    const char *cause = nonzero_cause(L, kernel->root);
    if (!cause) cause = nonzero_stmt_cause(L, kernel->root, 0);
    if (!cause)
      cause = lower_effect_cause(L, kernel->root, (1u << L->nst) - 1, "there");
    for (int v = 0; v < kernel->nvars && !cause; v++)
      if (kernel->vars[v].descending)
        cause = arena_printf(L->arena, "the loop counting down over '%s' carries "
                             "a dependence (its order matters), so it visits "
                             "every position", kernel->vars[v].name);
    const char *why = arena_printf(L->arena,
                                   "no loop can skip absent entries (every loop "
                                   "body has an effect where the sparse operands "
                                   "are zero%s%s",
                                   cause ? ": " : "", cause ? cause : "");
    if (dense_union_ok(L)) { /* said in the report, not refused */
      lower_note(L, "%s); every position is visited, the stored entries read "
                 "by merge cursors", why);
    } else {
      L->refuse = arena_printf(L->arena, "%s%s)", why,
                               L->ncursors ? "; the nest visits every position, "
                               "and its dense arrays read faster than a merged "
                               "walk of their assembly" : "");
      return -1;
    }
  }
  if (depth == 2 && asm_pattern(L) != 0) {
    loops->len = 0;
    if (loops->data) loops->data[0] = 0;
    if (asm_emit_again(L, loops, 1) != 0) return -1;
  }
  return emit_live(L, live);
}

/* Whether assembling data into st's encoding can fail on the data
 * themselves: an n:m level (a group with more than n nonzeros), a
 * singleton level below a unique one (a parent with two entries, as
 * `i : compressed, j : singleton` meets in a row holding two), or a
 * narrow posWidth/crdWidth (a position or coordinate it cannot hold). */
static int may_reject(const STensor *st) {
  const sc_encoding *e = &st->enc;
  for (int l = 0; l < e->lvl_rank; l++) {
    if (e->lvl_types[l].format == SC_LVL_N_OUT_OF_M) return 1;
    if (l > 0 && e->lvl_types[l].format == SC_LVL_SINGLETON &&
        !(e->lvl_types[l - 1].props & SC_PROP_NONUNIQUE))
      return 1;
  }
  return (e->pos_width && e->pos_width < 64) ||
         (e->crd_width && e->crd_width < 64);
}

/* The nest's source text when it can run as written if an operand's
 * entry assembly fails at run time on data that do not fit the encoding
 * (a 2:4 group holding three nonzeros, a coordinate wider than crdWidth):
 * some operand's encoding may reject data, every operand is assembled
 * from its dense array at entry (no storage replaced by a sparse tensor,
 * no assembly hoisted out of an enclosing loop), and the text holds no
 * preprocessor line (a pragma kept in the output would draw
 * -Wunknown-pragmas). Else NULL. */
static const char *fallback_text(const Lower *L) {
  const SourceFile *f = L->ctx->file;
  const IrNode *r = L->k->root;
  if (!f || !r || r->span.end <= r->span.start || r->span.end > f->len)
    return NULL;
  for (int ti = 0; ti < L->k->ntensors; ti++)
    if (L->k->tensors[ti].handle) return NULL;
  int rejects = 0;
  for (int s = 0; s < L->nst; s++) {
    if (L->st[s].alias >= 0) continue;
    if (cached(&L->st[s])) return NULL;
    rejects |= may_reject(&L->st[s]);
  }
  if (!rejects || memchr(f->text + r->span.start, '#',
                           r->span.end - r->span.start))
    return NULL;
  return arena_strndup(L->arena, f->text + r->span.start,
                       r->span.end - r->span.start);
}

/* Appends text with two spaces before each line, preprocessor lines
 * excepted. */
static void indent_lines(StrBuf *sb, const char *text) {
  for (const char *p = text; *p;) {
    const char *e = strchr(p, '\n');
    size_t n = e ? (size_t)(e - p) + 1 : strlen(p);
    const char *q = p;
    while (q < p + n && (*q == ' ' || *q == '\t')) q++;
    if (*q != '#' && *q != '\n') sb_puts(sb, "  ");
    sb_append(sb, p, n);
    p += n;
  }
}

/* The fallback branch: free what was assembled, say so once, and run the
 * nest as written; the sparse code follows in the else branch. */
static void emit_fallback(Lower *L, StrBuf *sb) {
  const SourceFile *f = L->ctx->file;
  unsigned lno = 0, col = 0;
  unsigned plno = 0;
  source_line_col(f, L->k->root->span.start, &lno, &col);
  const char *fname = source_presumed_line(f, lno, &plno);
  StrBuf t = {0};
  line(L, sb, 1, "if (sc__st != SC_OK) {");
  for (int s = 0; s < L->nst; s++) {
    if (L->st[s].alias >= 0) continue;
    t.len = 0;
    sb_printf(&t, "sc_tensor_free(sc__%s);", L->st[s].name);
    line(L, sb, 2, t.data);
  }
  line(L, sb, 2, "static int sc__fallback_told = 0;");
  t.len = 0;
  sb_puts(&t, "sc_dense_fallback(sc__st, \"");
  c_escape(&t, fname);
  sb_printf(&t, ":%u\", &sc__fallback_told);", plno);
  line(L, sb, 2, t.data);
  if (!(L->ctx->opts && L->ctx->opts->no_line)) {
    t.len = 0;
    sb_printf(&t, "#line %u \"", plno);
    c_escape(&t, fname);
    sb_puts(&t, "\"\n");
    sb_puts(sb, t.data);
  }
  /* the first line keeps its column, the next ones their indentation */
  for (unsigned c = 1; c < col; c++) sb_puts(sb, " ");
  sb_puts(sb, L->fallback);
  sb_puts(sb, "\n");
  line(L, sb, 1, "} else {");
  sb_free(&t);
}

static void attempt_free(Lower *L, StrBuf *loops, StrBuf *live) {
  sb_free(loops);
  sb_free(live);
  sb_free(&L->notes);
  sb_free(&L->lattice);
}

/* Lowers the kernel again (attempt) with `plain` and `copies`, and adopts
 * that lowering in *L, *loops, *live when it succeeds where the first one
 * (rc) failed, or skips more loops; the lowering not kept is freed.
 * Returns the rc of the lowering kept. */
static int retry(Lower *L, StrBuf *loops, StrBuf *live, int rc,
                 unsigned plain, int copies) {
  Lower L2;
  StrBuf loops2 = {0}, live2 = {0};
  int rc2 = attempt(&L2, L->ctx, L->k, plain, copies, &loops2, &live2);
  if (rc2 == 0 && (rc != 0 || L2.nsparse_loops > L->nsparse_loops)) {
    attempt_free(L, loops, live);
    *L = L2;
    *loops = loops2;
    *live = live2;
    return 0;
  }
  attempt_free(&L2, &loops2, &live2);
  return rc;
}

/* Whether the guarded kernel reads tensor ti other than as the element
 * its own guarded `=` keeps, or updates it other than by `=`, `+=`, `-=`. */
static int out_read(const IrKernel *k, const IrNode *n, int ti) {
  if (n->kind != IR_NODE_STMT) {
    for (int i = 0; i < n->nbody; i++)
      if (out_read(k, n->body[i], ti)) return 1;
    return 0;
  }
  const IrStmt *s = &n->stmt;
  const IrExpr *r = s->rhs;
  if (s->lhs_access >= 0 && k->accesses[s->lhs_access].tensor == ti) {
    if (s->op != IR_SET && s->op != IR_ADDTO && s->op != IR_SUBFROM) return 1;
    if (s->op == IR_SET && r->kind == IR_SELECT && r->c->kind == IR_ACCESS &&
        r->c->access == s->lhs_access)
      return graph_expr_reads(k, r->a, ti) || graph_expr_reads(k, r->b, ti);
  }
  return graph_expr_reads(k, r, ti);
}

/* Whether every read of tensor ti in the nest is of the element its own
 * statement writes (`P[i][j] = g ? P[i][j] / d[i] : P[i][j]`, a guarded
 * update in place, ir/predicate.h): an in-place candidate, left to the
 * walk to judge (graph.c inplace_ok, lattice.c lat_no_effect with the
 * guard's facts), not refused as a guarded output. */
static int reads_own_element(const IrKernel *k, const IrNode *n, int ti) {
  if (n->kind != IR_NODE_STMT) {
    for (int i = 0; i < n->nbody; i++)
      if (!reads_own_element(k, n->body[i], ti)) return 0;
    return 1;
  }
  const IrStmt *s = &n->stmt;
  if (!graph_expr_reads(k, s->rhs, ti)) return 1;
  return s->lhs_access >= 0 && k->accesses[s->lhs_access].tensor == ti &&
         lower_expr_same_elem(k, s->rhs, &k->accesses[s->lhs_access]);
}

/* An operand kept dense and updated in place (`A[i][j] *= c` on an array
 * whose pragma'd storage was not replaced) is walked for its pattern only:
 * its values are read and written in the dense array, so the positions of
 * its last levels (a dense level located under a compressed one, the levels
 * inside a block) may be located and never read. Such a declaration is
 * dropped (an unused variable under -Wall), deepest level first, so that a
 * position read only by the next one goes too. */
/* A report line for each function of the file the front end evaluated at
 * +0.0 to a zero (IrExpr.zero_at_zero), once per name: the walk may skip
 * the absent entries of its argument. */
static void note_zero_calls_in(Lower *L, const IrExpr *e, StrBuf *seen) {
  if (!e) return;
  if (e->kind == IR_CALL && e->zero_at_zero) {
    const char *key = arena_printf(L->arena, " %s ", e->text);
    if (!seen->data || !strstr(seen->data, key)) {
      sb_puts(seen, key);
      lower_note(L, "call: %s(+0.0) is a zero (its body evaluated when "
                 "compiling), so %s of an absent entry is zero", e->text, e->text);
    }
  }
  note_zero_calls_in(L, e->a, seen);
  note_zero_calls_in(L, e->b, seen);
  note_zero_calls_in(L, e->c, seen);
  for (int i = 0; i < e->nargs; i++) note_zero_calls_in(L, e->args[i], seen);
}

static void note_zero_calls(Lower *L, IrNode *const *v, int nv, StrBuf *seen) {
  for (int i = 0; i < nv; i++) {
    const IrNode *n = v[i];
    if (n->kind == IR_NODE_STMT) {
      note_zero_calls_in(L, n->stmt.rhs, seen);
      continue;
    }
    if (n->kind == IR_NODE_IF) {
      note_zero_calls_in(L, n->cond, seen);
      note_zero_calls(L, n->els, n->nels, seen);
    }
    note_zero_calls(L, n->body, n->nbody, seen);
  }
}

static void drop_unread_positions(Lower *L, StrBuf *loops) {
  for (int s = 0; s < L->nst && loops->data; s++) {
    const STensor *st = &L->st[s];
    if (!st->inplace || st->t->handle) continue;
    for (int l = st->nlvl - 1; l >= 0; l--) {
      const char *p = arena_printf(L->arena, "sc__%s_p%d", st->name, l);
      const char *decl = arena_printf(L->arena, "const size_t %s = ", p);
      const char *any = arena_printf(L->arena, "size_t %s =", p);
      char *at = loops->data;
      while ((at = strstr(at, decl))) {
        char *end = strchr(at, '\n');
        if (!end) break;
        end++;
        /* its scope ends at the next declaration of the name at the latest */
        char *next = strstr(end, any);
        char save = next ? *next : 0;
        if (next) *next = '\0';
        int read = lower_uses_ident(end, p);
        if (next) *next = save;
        if (read) {
          at = end;
          continue;
        }
        while (at > loops->data && at[-1] == ' ') at--;
        memmove(at, end, strlen(end) + 1);
        loops->len -= (size_t)(end - at);
      }
    }
  }
}

int lower_kernel(SparsifyCtx *ctx, const IrKernel *kernel, StrBuf *out) {
  Lower L;
  memset(&L, 0, sizeof L);
  L.ctx = ctx;
  L.arena = ctx->arena;
  L.k = kernel;
  /* IF nodes become guarded statements (ir/predicate.h) */
  const char *pwhy = NULL;
  IrKernel *pk = ir_predicate(L.arena, kernel, &pwhy);
  if (!pk) return refuse(&L, pwhy);
  if (pk != kernel)
    for (int ti = 0; ti < pk->ntensors; ti++) {
      IrTensor *t = &pk->tensors[ti];
      if (!t->handle || !t->is_written) continue;
      /* a sparse output written under an if with `=`, `+=`, `-=` and
       * read nowhere else: its guarded `=` read only their own element
       * (`C = g ? e : C`), which the output's workspace holds
       * (assemble.c) */
      if (out_read(pk, pk->root, ti)) {
        if (reads_own_element(pk, pk->root, ti)) continue;
        return refuse(&L, arena_printf(L.arena, "a write to sparse array '%s' "
                      "under an if, which the nest also reads", t->name));
      }
      t->is_read = 0;
    }
  kernel = lower_unit_diagonals(L.arena, pk); /* diagonal.c */
  StrBuf loops = {0}, live = {0};
  int rc = attempt(&L, ctx, kernel, 0, 0, &loops, &live);
  if (L.plain_req)
    /* a loop stayed dense over operands it cannot skip over as declared:
     * lower again with them converted to their plain form, and keep the
     * version that skips more loops */
    rc = retry(&L, &loops, &live, rc, L.plain_req, 0);
  if (rc != 0 && L.copies_req)
    /* refused while an access in another loop order read the dense array
     * (`fabs(A[i][j] - A[j][i])`: not absent where A[i][j] is): lower
     * again with that access assembled in its own order */
    rc = retry(&L, &loops, &live, rc, L.plain, 1);
  if (rc != 0) {
    sb_free(&loops);
    sb_free(&live);
    return refuse(&L, L.refuse);
  }
  drop_unread_positions(&L, &loops);
  StrBuf seen = {0};
  note_zero_calls(&L, &kernel->root, 1, &seen);
  sb_free(&seen);
  sb_puts(out, kernel->indent ? kernel->indent : "");
  sb_puts(out, "{\n");
  if (kernel->pre_text) /* `for (i = 0, j = 0; ...)`: `j = 0;` first */
    line(&L, out, 1, kernel->pre_text);
  L.fallback = fallback_text(&L);
  if (L.fallback)
    lower_note(&L, "fallback: when the data do not fit an operand's encoding "
               "at run time (an n:m group holding more nonzeros, two entries "
               "under one parent of a singleton level, a position or "
               "coordinate wider than its width), the nest runs as written "
               "over the dense arrays, and the program says so on stderr once");
  if (asm_pattern_loops(&L)) { /* the pattern copy's loops read too */
    StrBuf both = {0};
    sb_puts(&both, loops.data ? loops.data : "");
    sb_puts(&both, asm_pattern_loops(&L));
    emit_prologue(&L, out, both.data);
    sb_free(&both);
  } else {
    emit_prologue(&L, out, loops.data ? loops.data : "");
  }
  if (L.fallback) emit_fallback(&L, out);
  /* the sparse code; under a fallback, the else branch (indented once) */
  StrBuf sparse = {0};
  asm_prologue(&L, &sparse);
  sb_puts(&sparse, loops.data ? loops.data : "");
  asm_epilogue(&L, &sparse);
  StrBuf t = {0};
  for (int s = 0; s < L.nst; s++) {
    if (L.st[s].t->handle && !handle_converts(&L.st[s])) continue;
    if (cached(&L.st[s])) continue; /* freed after the hoisting loop */
    if (L.st[s].alias >= 0) continue; /* shares another operand's */
    t.len = 0;
    sb_printf(&t, "sc_tensor_free(sc__%s);", L.st[s].name);
    line(&L, &sparse, 1, t.data);
  }
  sb_puts(&sparse, live.data ? live.data : "");
  if (L.fallback) {
    indent_lines(out, sparse.data ? sparse.data : "");
    line(&L, out, 1, "}");
  } else {
    sb_puts(out, sparse.data ? sparse.data : "");
  }
  sb_free(&sparse);
  sb_puts(out, kernel->indent ? kernel->indent : "");
  sb_puts(out, "}");
  ctx->need_runtime_include |= 1;
  /* report */
  StrBuf sum = {0};
  summary(&L, &sum, kernel->root);
  report_head(&L, kernel->dense_part ? "part kept dense (it reads no sparse array)"
                                      : "sparsified", sum.data ? sum.data : "");
  if (ctx->report && ctx->opts && ctx->opts->report) {
    StrBuf order = {0};
    sb_puts(&order, "  loop order:");
    const IrNode *n = kernel->root;
    for (;;) {
      sb_printf(&order, " %s", graph_var_name(&L, n->var));
      const IrNode *next = NULL;
      int nloops = 0;
      for (int i = 0; i < n->nbody; i++)
        if (n->body[i]->kind == IR_NODE_LOOP) {
          nloops++;
          next = n->body[i];
        }
      if (nloops != 1) break;
      n = next;
    }
    sb_puts(&order, " (as in the source)\n");
    for (int v = 0; v < kernel->nvars; v++)
      if (kernel->vars[v].stride > 1)
        sb_printf(&order, "  loop %s: steps of %lld from %s in the source: "
                  "walked over its step count k, %s = %s + %lld * k\n",
                  kernel->vars[v].name, (long long)kernel->vars[v].stride,
                  kernel->vars[v].stride_from, kernel->vars[v].name,
                  kernel->vars[v].stride_from, (long long)kernel->vars[v].stride);
    sb_puts(ctx->report, order.data);
    sb_free(&order);
    format_notes(&L, ctx->report);
    sb_puts(ctx->report, L.notes.data ? L.notes.data : "");
    if (L.ieee_note)
      sb_puts(ctx->report, "  note: a product with an absent entry is taken "
                           "as 0 (0*Inf, 0*NaN)\n");
    if (L.inplace_note)
      sb_puts(ctx->report, "  note: an element updated in place is skipped "
                           "where absent and stays +0.0 (the dense update "
                           "may store -0.0 there: negation, a negative "
                           "factor; or NaN: a NaN factor)\n");
  }
  if (ctx->dump && ctx->opts && (ctx->opts->dump & DUMP_LATTICE)) {
    unsigned lno = 0, col = 0;
    const char *fname = ctx->file ? source_presumed(ctx->file, kernel->root->span.start,
                                                    &lno, &col)
                                  : "<input>";
    sb_printf(ctx->dump, "lattice %s:%u:%u: %s\n", fname, lno, col,
              sum.data ? sum.data : "");
    sb_puts(ctx->dump, L.lattice.data ? L.lattice.data : "");
  }
  sb_free(&sum);
  sb_free(&t);
  sb_free(&loops);
  sb_free(&live);
  sb_free(&L.notes);
  sb_free(&L.lattice);
  return 0;
}
