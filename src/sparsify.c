/* sparsify.c — entry of the sparsifier (see sparsify.h): attaches pragma
 * groups to their targets (frontend/attach.c), resolves bindings and models
 * each kernel (frontend/extract.h), dumps it (--dump=ir), lowers it
 * (lower/) and turns the result into an edit.
 *
 *  case 3  pragma on a loop nest: one kernel, its span starts at the
 *          pragma's line so the pragma is consumed.
 *  case 1  pragma on a declaration, case 2 on a function definition: every
 *          loop nest of the scope that uses a bound array becomes a kernel
 *          of its own (the array, or parameter, is a sparse tensor: see
 *          storage.h; when it cannot be replaced, each kernel assembles it
 *          at entry). A nest that cannot be modelled is split
 *          into its inner nests before giving up. */
#include "sparsify.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/attach.h"
#include "frontend/foreign_pragmas.h"
#include "frontend/ctypes.h"
#include "frontend/extract.h"
#include "frontend/guarded.h"
#include "frontend/hoist.h"
#include "frontend/param_shape.h"
#include "frontend/ppcond.h"
#include "frontend/storage.h"
#include "frontend/threaded.h"
#include "frontend/tsnode.h"
#include "ir/fission.h"
#include "ir/ir_dump.h"
#include "lower/guarded_walk.h"
#include "lower/lower.h"

/* The resolved bindings of one declaration/function group. */
typedef struct Group {
  const Attachment *g;
  BoundArray *bound;
  int nbound;
  int ok;
} Group;

/* Kernel entry assemblies kept across the repetitions of one enclosing
 * loop (frontend/hoist.h): the loop is wrapped in a block declaring the
 * caches (NULL) and freeing them after it. */
typedef struct HoistCache {
  const char *var;    /* the `sc_tensor *` variable */
  int used;           /* lowering filled it (lower.c): bit 0 for var,
                         bit n for `<var>_n`, the array's nth copy in
                         another loop order (IrTensor.entry_cache_used) */
  /* the array it holds, for the element writes in the loop it takes
   * (hoist_writes): its kernel's nest and span, name, extents, rank and
   * value type */
  TSNode nest;
  Span kernel;
  const char *name;
  const char *const *extent;
  int rank;
  const char *ctype;
  ARRAY(unsigned) dropped; /* lines of the loop's kernels that write the
                              array (each drops the tensor kept) */
} HoistCache;

typedef struct HoistLoop {
  size_t start, end;  /* the loop statement's bytes */
  TSNode loop;
  ARRAY(HoistCache *) caches;
} HoistLoop;

typedef struct S {
  SparsifyCtx *ctx;
  CTypes *ct;
  ARRAY(Edit) edits;
  Attachment *groups;
  size_t ngroups;
  int rc;
  ARRAY(Group) scopes;      /* case 1/2 groups, bound */
  StoredArray stored;       /* cases 1 and 2: arrays (parameters) whose
                               storage is replaced */
  FuncSigArray funcs;       /* case 2: functions taking tensors */
  ARRAY(BoundArray) handles;/* the non-dropped ones, for every kernel */
  Uses *uses;
  ARRAY(size_t) refused;    /* nests already reported as not sparsified */
  ARRAY(Span) refused_nest; /* those nests, and why (for the error of a */
  ARRAY(const char *) refused_why; /* row alias left in one) */
  ARRAY(size_t) loop_refused; /* loops whose own pragma was refused (or
                               split): a declaration's pragma does not try
                               them again, their decision is said once */
  ARRAY(HoistLoop *) hoists;
  int nhoist;               /* for unique cache names */
  Span annotated;           /* while the nests of a split case-3 loop are
                               scanned: that loop (frontend/hoist.h) */
  Span avoid;               /* the construct that refused it: a nest
                               holding it is not tried on its own */
} S;

void sparsify_note_split(SparsifyCtx *ctx) {
  if (ctx->split_why && ctx->diags)
    diag_note(ctx->diags, ctx->file, ctx->split_where,
              "inside this loop nest, not sparsified whole: %s", ctx->split_why);
}

static void report(S *s, size_t off, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void report(S *s, size_t off, const char *fmt, ...) {
  if (!s->ctx->opts || !s->ctx->opts->report || !s->ctx->report)
    return;
  unsigned line, col;
  const char *fname = source_presumed(s->ctx->file, off, &line, &col);
  char buf[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  sb_printf(s->ctx->report, "%s:%u:%u: %s\n", fname, line, col, buf);
}

static Span trim_nl(const SourceFile *f, Span sp) {
  while (sp.end > sp.start &&
         (f->text[sp.end - 1] == '\n' || f->text[sp.end - 1] == '\r'))
    sp.end--;
  return sp;
}

static int overlaps(const S *s, size_t a, size_t b) {
  for (size_t i = 0; i < s->edits.len; i++)
    if (a < s->edits.data[i].end && s->edits.data[i].start < b)
      return 1;
  return 0;
}

/* The vectorize pragma of a vectorize-only group right before `f`. */
static const Pragma *vec_for(const S *s, TSNode f) {
  for (size_t i = 0; i < s->ngroups; i++)
    if (s->groups[i].kind == ATTACH_LOOP && !s->groups[i].nenc &&
        ts_node_start_byte(s->groups[i].target) == ts_node_start_byte(f))
      return s->groups[i].vec;
  return NULL;
}

/* The vectorize/novectorize line of the pragma group on the function
 * definition holding loop f (it applies to every kernel of the function),
 * or NULL. */
static const Pragma *func_vec(const S *s, TSNode f) {
  size_t a = ts_node_start_byte(f);
  for (size_t i = 0; i < s->ngroups; i++)
    if (s->groups[i].kind == ATTACH_FUNC && s->groups[i].vec &&
        ts_node_start_byte(s->groups[i].target) <= a &&
        a < ts_node_end_byte(s->groups[i].target))
      return s->groups[i].vec;
  return NULL;
}

/* Offers each sparse operand the kernel only reads a cache declared before
 * the outermost enclosing loop that cannot change it (frontend/hoist.h);
 * lowering uses it when it assembles or converts that operand. */
static void plan_hoists(S *s, IrKernel *k, TSNode nest) {
  SparsifyCtx *ctx = s->ctx;
  for (int ti = 0; ti < k->ntensors; ti++) {
    IrTensor *t = &k->tensors[ti];
    if (!t->binding || t->is_written || !t->is_read) continue;
    TSNode loop = hoist_target(ctx->file, s->ct, nest, k->span, t->name,
                               t->extent, t->rank,
                               t->handle ? span_make(0, 0) : s->annotated,
                               !t->extent_from_loops);
    if (ts_node_is_null(loop)) continue;
    size_t ls = ts_node_start_byte(loop), le = ts_node_end_byte(loop);
    HoistLoop *hl = NULL;
    for (size_t i = 0; i < s->hoists.len; i++)
      if (s->hoists.data[i]->start == ls && s->hoists.data[i]->end == le)
        hl = s->hoists.data[i];
    if (!hl) {
      hl = arena_alloc(ctx->arena, sizeof *hl);
      memset(hl, 0, sizeof *hl);
      hl->start = ls;
      hl->end = le;
      hl->loop = loop;
      ARRAY_PUSH(ctx->arena, s->hoists, hl);
    }
    HoistCache *c = arena_alloc(ctx->arena, sizeof *c);
    memset(c, 0, sizeof *c);
    c->var = arena_printf(ctx->arena, "sc__%s_kept%d", t->name, s->nhoist++);
    c->nest = nest;
    c->kernel = k->span;
    c->name = t->name;
    c->extent = (const char *const *)t->extent;
    c->rank = t->rank;
    c->ctype = ir_elem_ctype(t->elem);
    ARRAY_PUSH(ctx->arena, hl->caches, c);
    unsigned line, col;
    source_presumed(ctx->file, ls, &line, &col);
    t->entry_cache = c->var;
    t->entry_cache_line = line;
    t->entry_cache_used = &c->used;
  }
}

/* The variable of cache c's bit n (HoistCache.used): var itself, or
 * `<var>_n` for the array's nth copy in another loop order. */
static const char *cache_bit_var(Arena *a, const HoistCache *c, int n) {
  return n ? arena_printf(a, "%s_%d", c->var, n) : c->var;
}

/* The outermost edit [start, end) holding the span sp (a rewritten
 * kernel), or NULL. */
static const Edit *edit_around(const S *s, Span sp) {
  const Edit *best = NULL;
  for (size_t i = 0; i < s->edits.len; i++) {
    const Edit *e = &s->edits.data[i];
    if (e->start < e->end && e->start <= sp.start && sp.end <= e->end &&
        (!best || e->end - e->start > best->end - best->start))
      best = e;
  }
  return best;
}

/* An insertion at byte `at`; `first`: before the other insertions there. */
static void insert_at(S *s, size_t at, const char *text, int first) {
  Edit e = {at, at, text, 0};
  ARRAY_PUSH(s->ctx->arena, s->edits, e);
  size_t last = s->edits.len - 1;
  for (size_t j = 0; first && j < last; j++)
    if (s->edits.data[j].start == at && s->edits.data[j].end == at) {
      memmove(&s->edits.data[j + 1], &s->edits.data[j], (last - j) * sizeof e);
      s->edits.data[j] = e;
      break;
    }
}

/* The element writes of an array in a loop whose kernels keep its tensor
 * (hoist.h, SPEC §4.3: pay the assembly once): a write the program makes
 * in the dense array is followed by a buffered insert of the element's
 * new value into each used kept tensor; a write inside a rewritten kernel
 * (a kernel writing the array scatters it back) is followed by dropping
 * the kept tensors, assembled again by the next kernel. */
static void emit_kept_writes(S *s) {
  SparsifyCtx *ctx = s->ctx;
  HoistWrite w[HOIST_MAX_WRITES];
  for (size_t i = 0; i < s->hoists.len; i++) {
    HoistLoop *hl = s->hoists.data[i];
    /* per write statement (or kernel around it): the text after it */
    ARRAY(size_t) at = {0};
    ARRAY(size_t) from = {0};
    ARRAY(StrBuf *) after = {0};
    for (size_t c = 0; c < hl->caches.len; c++) {
      HoistCache *hc = hl->caches.data[c];
      if (!hc->used) continue;
      size_t n = hoist_writes(ctx->file, s->ct, hl->loop, hc->nest, hc->kernel,
                              hc->name, hc->extent, hc->rank, w, HOIST_MAX_WRITES);
      for (size_t k = 0; k < n; k++) {
        const Edit *e = edit_around(s, w[k].stmt);
        size_t a = e ? e->start : w[k].stmt.start, b = e ? e->end : w[k].stmt.end;
        size_t slot = at.len;
        for (size_t q = 0; q < at.len; q++)
          if (at.data[q] == b && from.data[q] == a) slot = q;
        if (slot == at.len) {
          StrBuf *sb = arena_alloc(ctx->arena, sizeof *sb);
          memset(sb, 0, sizeof *sb);
          ARRAY_PUSH(ctx->arena, at, b);
          ARRAY_PUSH(ctx->arena, from, a);
          ARRAY_PUSH(ctx->arena, after, sb);
        }
        StrBuf *sb = after.data[slot];
        unsigned line, col;
        const char *fname = source_presumed(ctx->file, w[k].stmt.start, &line, &col);
        unsigned lline, lcol;
        source_presumed(ctx->file, hl->start, &lline, &lcol);
        if (e) {
          int added = 0;
          for (int cb = 0; cb < 31; cb++) {
            if (!(hc->used & (1 << cb))) continue;
            const char *v = cache_bit_var(ctx->arena, hc, cb);
            char probe[160];
            snprintf(probe, sizeof probe, "sc_tensor_free(%s);", v);
            if (sb->data && strstr(sb->data, probe)) continue;
            sb_printf(sb, " if (%s) { sc_tensor_free(%s); %s = NULL; }", v, v, v);
            added = 1;
          }
          unsigned kline, kcol;
          source_presumed(ctx->file, a, &kline, &kcol);
          int known = 0;
          for (size_t q = 0; q < hc->dropped.len; q++)
            known |= hc->dropped.data[q] == kline;
          if (!known) ARRAY_PUSH(ctx->arena, hc->dropped, kline);
          if (!added) continue;
          report(s, a, "%s: written by this kernel: the tensor kept since the loop "
                 "at line %u is dropped after it and assembled again by the "
                 "next kernel reading it", hc->name, lline);
          continue;
        }
        for (int cb = 0; cb < 31; cb++) {
          if (!(hc->used & (1 << cb))) continue;
          const char *v = cache_bit_var(ctx->arena, hc, cb);
          sb_printf(sb, " if (%s) { const %s sc__w = ", v, hc->ctype);
          sb_append(sb, ctx->file->text + w[k].elem.start,
                    w[k].elem.end - w[k].elem.start);
          sb_printf(sb, "; sc_status sc__ws = sc_tensor_insert(%s, (const int64_t[]){",
                    v);
          for (int d = 0; d < w[k].rank; d++) {
            sb_puts(sb, d ? ", (int64_t)(" : "(int64_t)(");
            sb_append(sb, ctx->file->text + w[k].sub[d].start,
                      w[k].sub[d].end - w[k].sub[d].start);
            sb_puts(sb, ")");
          }
          sb_printf(sb, "}, &sc__w); if (sc__ws != SC_OK) sc_fail(sc__ws, \"%s:%u\"); }",
                    fname, line);
        }
        report(s, w[k].stmt.start, "%s: this write also updates the tensor kept "
               "since the loop at line %u (a buffered insert of the new value), "
               "so the kernels in the loop do not assemble %s again", hc->name,
               lline, hc->name);
      }
    }
    for (size_t q = 0; q < at.len; q++) {
      if (!after.data[q]->len) continue;
      insert_at(s, from.data[q], "{ ", 1);
      sb_puts(after.data[q], " }");
      insert_at(s, at.data[q], arena_strdup(ctx->arena, after.data[q]->data), 0);
      sb_free(after.data[q]);
    }
  }
}

/* The edits that declare and free the used caches around their loops;
 * closing edits of loops ending at the same byte go innermost first. A
 * block opened at the loop's first byte by an earlier edit (a conversion
 * at a call hoisted out of the loop, frontend/uses.c) closes at its last
 * byte before these closes: the cache's block opens before it, outside. */
static void emit_hoists(S *s) {
  SparsifyCtx *ctx = s->ctx;
  emit_kept_writes(s);
  for (size_t i = 0; i < s->hoists.len; i++) {
    HoistLoop *hl = s->hoists.data[i];
    StrBuf open = {0};
    for (size_t c = 0; c < hl->caches.len; c++)
      for (int b = 0; b < 31; b++)
        if (hl->caches.data[c]->used & (1 << b))
          sb_printf(&open, "%ssc_tensor *%s = NULL;", open.len ? " " : "{ ",
                    cache_bit_var(ctx->arena, hl->caches.data[c], b));
    if (!open.len) continue;
    sb_puts(&open, " ");
    Edit e = {hl->start, hl->start, arena_strdup(ctx->arena, open.data), 0};
    ARRAY_PUSH(ctx->arena, s->edits, e);
    /* first among the insertions at that byte (the sort is stable) */
    size_t at = s->edits.len - 1;
    for (size_t j = 0; j < at; j++)
      if (s->edits.data[j].start == hl->start && s->edits.data[j].end == hl->start) {
        memmove(&s->edits.data[j + 1], &s->edits.data[j], (at - j) * sizeof e);
        s->edits.data[j] = e;
        break;
      }
    sb_free(&open);
  }
  /* closes: larger start (inner loop) first among equal ends */
  for (;;) {
    HoistLoop *next = NULL;
    for (size_t i = 0; i < s->hoists.len; i++) {
      HoistLoop *hl = s->hoists.data[i];
      if (hl->end == (size_t)-1) continue;
      if (!next || hl->start > next->start) next = hl;
    }
    if (!next) break;
    StrBuf close = {0};
    for (size_t c = 0; c < next->caches.len; c++)
      for (int b = 0; b < 31; b++)
        if (next->caches.data[c]->used & (1 << b))
          sb_printf(&close, " sc_tensor_free(%s);",
                    cache_bit_var(ctx->arena, next->caches.data[c], b));
    if (close.len) {
      sb_puts(&close, " }");
      Edit e = {next->end, next->end, arena_strdup(ctx->arena, close.data), 0};
      ARRAY_PUSH(ctx->arena, s->edits, e);
    }
    sb_free(&close);
    next->end = (size_t)-1;
  }
}

/* The report lines of the operands assembled into entry caches
 * (lower.h LOWER_KEPT_MARK), written once every kernel of their loops is
 * known: the tensor is assembled once and kept, or, when a kernel in the
 * loop writes the array, dropped after each run of that kernel and
 * assembled again. */
static void kept_notes(S *s) {
  StrBuf *r = s->ctx->report;
  if (!r || !r->data || !memchr(r->data, LOWER_KEPT_MARK[0], r->len)) return;
  StrBuf t = {0}, out = {0};
  for (const char *p = r->data; *p;) {
    const char *m = strchr(p, LOWER_KEPT_MARK[0]);
    const char *e = m ? strchr(m + 1, LOWER_KEPT_MARK[0]) : NULL;
    if (!e) {
      sb_puts(&out, p);
      break;
    }
    sb_append(&out, p, (size_t)(m - p));
    p = e + 1;
    const HoistCache *hc = NULL;
    unsigned lline = 0, lcol;
    for (size_t i = 0; i < s->hoists.len && !hc; i++)
      for (size_t c = 0; c < s->hoists.data[i]->caches.len && !hc; c++) {
        const HoistCache *x = s->hoists.data[i]->caches.data[c];
        if (strlen(x->var) == (size_t)(e - m - 1) &&
            !memcmp(x->var, m + 1, (size_t)(e - m - 1))) {
          hc = x;
          source_presumed(s->ctx->file, s->hoists.data[i]->start, &lline, &lcol);
        }
      }
    if (!hc) { /* not planned here: said without the loop */
      sb_puts(&out, "assembled once, before an enclosing loop, and reused "
                    "while unchanged");
      continue;
    }
    if (!hc->dropped.len) {
      sb_printf(&out, "assembled once, before the loop at line %u, and "
                "reused while %s is unchanged", lline, hc->name);
      continue;
    }
    t.len = 0;
    for (size_t q = 0; q < hc->dropped.len; q++)
      sb_printf(&t, "%s%u", q ? ", " : "", hc->dropped.data[q]);
    sb_printf(&out, "kept across the loop at line %u, but the %s at %s %s "
              "%s %s: the tensor is dropped after each run of %s and assembled "
              "again here", lline, hc->dropped.len > 1 ? "kernels" : "kernel",
              hc->dropped.len > 1 ? "lines" : "line", t.data,
              hc->dropped.len > 1 ? "write" : "writes", hc->name,
              hc->dropped.len > 1 ? "one" : "it");
  }
  r->len = 0;
  sb_puts(r, out.data ? out.data : "");
  sb_free(&out);
  sb_free(&t);
}

static int fill_nest(S *s, TSNode n, const ExtractEnv *env, int *kept);
static void drop_loop_pragmas_before(S *s, size_t at);

/* GuardedText over the file: the uses of arrays stored sparse rewritten. */
static void guarded_text(void *user, size_t start, size_t end, StrBuf *out) {
  S *s = user;
  if (s->uses) sb_puts(out, uses_subst(s->uses, start, end));
  else sb_append(out, s->ctx->file->text + start, end - start);
}

/* A nest the kernel model refused whose whole body is a guarded statement
 * with effects (frontend/guarded.h): walked at the guarded array's stored
 * entries (lower/guarded_walk.h). 0 when an edit was made; 1 when the nest
 * has another shape; 2 when it has that shape but stays refused (*why
 * replaced by that reason). */

static int run_guarded(S *s, const ExtractEnv *env, TSNode f, ExtractRefusal *why) {
  SparsifyCtx *ctx = s->ctx;
  GuardedNest g;
  ExtractRefusal gwhy;
  int m = guarded_match(env, f, &g, &gwhy);
  if (m == 2) *why = gwhy;
  if (m) return m;
  const char *text = ctx->file->text;
  size_t ls = attach_line_start(ctx->file, ts_node_start_byte(f)), le = ls;
  while (text[le] == ' ' || text[le] == '\t') le++;
  const char *indent = arena_strndup(ctx->arena, text + ls, le - ls);
  StrBuf out = {0}, notes = {0};
  const char *lwhy = NULL;
  if (lower_guarded(ctx, &g, indent, guarded_text, s, &out, &notes, &lwhy)) {
    why->reason = lwhy;
    sb_free(&out);
    sb_free(&notes);
    return 2;
  }
  unsigned line, col;
  size_t end = ts_node_end_byte(f);
  source_line_col(ctx->file, end ? end - 1 : 0, &line, &col);
  Edit e = {env->span_start, end, arena_strdup(ctx->arena, out.data), line + 1};
  ARRAY_PUSH(ctx->arena, s->edits, e);
  report(s, ts_node_start_byte(f), "kernel sparsified: guarded body with effects, "
         "run at the stored entries in source order");
  if (ctx->opts && ctx->opts->report && ctx->report && notes.len)
    sb_puts(ctx->report, notes.data);
  sb_free(&out);
  sb_free(&notes);
  return 0;
}

/* The kernel text replacing the bytes from `start` (nest f), with the
 * guard of the preprocessor conditionals inside f before it
 * (frontend/ppcond.h); their lines go to the report. */
static const char *guard_conditionals(S *s, TSNode f, size_t start,
                                      const char *text) {
  SparsifyCtx *ctx = s->ctx;
  StrBuf g = {0}, notes = {0};
  unsigned line, col;
  const char *fname = source_presumed(ctx->file, ts_node_start_byte(f), &line, &col);
  const char *where = arena_printf(ctx->arena, "%s:%u", fname, line);
  if (ppcond_guard(s->ct, ctx->file, f, where, &g, &notes) && g.len) {
    if (ctx->opts && ctx->opts->report && ctx->report) {
      sb_puts(ctx->report, notes.data);
      sb_puts(ctx->report, "  the kernel is specific to this build's -D and -U "
              "flags: an #error guard before it stops a build of the output "
              "that compiles another branch\n");
    }
    StrBuf t = {0};
    if (start && ctx->file->text[start - 1] != '\n') sb_puts(&t, "\n");
    sb_puts(&t, "/* sparsecc: the kernel below is built from the branches of "
            "its preprocessor conditionals that this build compiles; the "
            "guard stops a build with other -D and -U flags */\n");
    sb_append(&t, g.data, g.len);
    sb_puts(&t, text);
    text = arena_strdup(ctx->arena, t.data);
    sb_free(&t);
  } else if (notes.len && ctx->opts && ctx->opts->report && ctx->report) {
    sb_puts(ctx->report, notes.data);
  }
  sb_free(&g);
  sb_free(&notes);
  return text;
}

/* A nest whose statements write two sparse outputs, refused whole (one
 * kernel assembles one output), as the kernels of its fission
 * (ir/fission.h), lowered quietly one after the other into out: 0; -1
 * when one of them is refused, with the report, dumps and entry caches as
 * they were. */
static int lower_parts(S *s, TSNode f, const IrKernel *k,
                       IrKernel *const *parts, int np, StrBuf *out) {
  SparsifyCtx *ctx = s->ctx;
  size_t rep = ctx->report ? ctx->report->len : 0;
  size_t dump = ctx->dump ? ctx->dump->len : 0;
  int need = ctx->need_runtime_include;
  /* the hoisted entry caches the parts share with k (plan_hoists) */
  int *used = arena_alloc(ctx->arena, sizeof *used * (size_t)(k->ntensors + 1));
  for (int t = 0; t < k->ntensors; t++)
    used[t] = k->tensors[t].entry_cache_used ? *k->tensors[t].entry_cache_used : 0;
  int dense = 0;
  for (int i = 0; i < np; i++)
    dense += parts[i]->dense_part;
  report(s, ts_node_start_byte(f), "loop nest split into %d kernels over the "
         "same loops, one per sparse output%s, in source order (no statement "
         "uses what another writes)", np,
         dense ? " and the statements reading no sparse array kept dense" : "");
  ctx->quiet_lowering = 1;
  int rc = 0;
  for (int i = 0; i < np && !rc; i++) {
    ctx->quiet_refusal = NULL;
    if (i) sb_puts(out, "\n");
    rc = lower_kernel(ctx, parts[i], out);
  }
  ctx->quiet_refusal = NULL;
  if (rc) {
    sb_free(out);
    ctx->need_runtime_include = need;
    for (int t = 0; t < k->ntensors; t++)
      if (k->tensors[t].entry_cache_used)
        *k->tensors[t].entry_cache_used = used[t];
    if (ctx->report) {
      ctx->report->len = rep;
      if (ctx->report->data) ctx->report->data[rep] = 0;
    }
    if (ctx->dump) {
      ctx->dump->len = dump;
      if (ctx->dump->data) ctx->dump->data[dump] = 0;
    }
  }
  return rc;
}

/* Models, dumps and lowers one nest. Returns 0 when an edit was made, 1 on
 * a refusal (warned unless quiet, *why set), -1 when lowering declined. */
static int run_kernel(S *s, const ExtractEnv *env, TSNode f, int quiet,
                      int splittable, ExtractRefusal *why) {
  SparsifyCtx *ctx = s->ctx;
  IrKernel *k;
  if (extract_kernel(env, f, &k, why)) {
    int gr = run_guarded(s, env, f, why);
    if (gr == 0) return 0;
    if (!quiet) {
      diag_warning(ctx->diags, ctx->file, why->where, "loop not sparsified: %s",
                   why->reason);
      sparsify_note_split(ctx);
      report(s, ts_node_start_byte(f), "kernel not sparsified: %s", why->reason);
    }
    return 1;
  }
  if (ctx->opts && (ctx->opts->dump & DUMP_IR) && ctx->dump)
    ir_dump(k, ctx->file, ctx->dump);
  plan_hoists(s, k, f);
  StrBuf out = {0};
  ctx->quiet_lowering = 0;
  ctx->quiet_refusal = NULL;
  int kept = 0;
  if (quiet && (splittable || fill_nest(s, f, env, &kept))) {
    /* a refusal here is retried on the inner nests, or (a nest that only
     * writes arrays stored sparse, or kept dense) reported without a
     * warning */
    ctx->quiet_lowering = 1;
  }
  IrKernel *parts[IR_FISSION_MAX];
  const char *fwhy = NULL;
  int np = ir_fission(ctx->arena, k, parts, &fwhy);
  int rc;
  if (np >= 2) {
    /* whole if it can be, else one kernel per sparse output, else the
     * whole nest's refusal as usual */
    int q = ctx->quiet_lowering;
    ctx->quiet_lowering = 1;
    rc = lower_kernel(ctx, k, &out);
    if (rc != 0) {
      sb_free(&out);
      rc = lower_parts(s, f, k, parts, np, &out);
    }
    ctx->quiet_lowering = q;
    ctx->quiet_refusal = NULL;
    if (rc != 0) {
      sb_free(&out);
      rc = lower_kernel(ctx, k, &out);
    }
  } else {
    size_t nd = ctx->diags ? ctx->diags->len : 0;
    rc = lower_kernel(ctx, k, &out);
    /* why the nest is not split: after the warning of its refusal */
    if (rc != 0 && np < 0 && ctx->diags && ctx->diags->len > nd)
      diag_note(ctx->diags, ctx->file, k->root->span, "not split into one "
                "loop nest per sparse output: %s", fwhy);
    if (rc != 0 && np < 0 && !ctx->quiet_refusal)
      report(s, ts_node_start_byte(f), "loop nest not split into one kernel "
             "per sparse output: %s", fwhy);
  }
  ctx->quiet_lowering = 0;
  if (rc != 0 && ctx->quiet_refusal) {
    why->where = k->root ? k->root->span : k->span;
    why->reason = ctx->quiet_refusal;
    sb_free(&out);
    return 1;
  }
  if (rc == 0) {
    unsigned line, col;
    source_line_col(ctx->file, k->span.end ? k->span.end - 1 : 0, &line, &col);
    const char *text = guard_conditionals(s, f, k->span.start,
                                          out.data ? out.data : "");
    Edit e = {k->span.start, k->span.end, arena_strdup(ctx->arena, text),
              line + 1};
    ARRAY_PUSH(ctx->arena, s->edits, e);
    drop_loop_pragmas_before(s, k->span.start);
  }
  sb_free(&out);
  return rc == 0 ? 0 : -1;
}

/* ---- case 3 ------------------------------------------------------------ */

/* The report line for another tool's pragma `one` at q that the rewritten
 * nest drops, or replaces by `single`. */
static void note_pragma(S *s, size_t q, const char *one, const char *single) {
  if (single)
    report(s, q, "note: '%.200s' replaced by '%s': the sparsified nest replaces "
           "the loop it applied to and runs on one thread of the parallel region",
           one, single);
  else
    report(s, q, "note: '%.200s' dropped: the sparsified nest replaces the "
           "loop it applied to", one);
}

/* Other pragma lines between a sparse pragma and its nest (`#pragma omp
 * parallel for`) are part of the rewritten region: the report says they
 * are gone (the generated loops are sequential). Returns the `single`
 * that replaces an `omp for` among them (omp_single_for), or NULL. */
static const char *note_dropped_pragmas(S *s, size_t from, size_t to) {
  const char *t = s->ctx->file->text;
  const char *single = NULL;
  for (size_t p = from; p < to;) {
    size_t e = p;
    while (e < to && t[e] != '\n') e++;
    size_t q = p;
    while (q < e && (t[q] == ' ' || t[q] == '\t')) q++;
    size_t n = e > q && t[e - 1] == '\r' ? e - 1 - q : e - q;
    const char *one = n >= 7 && !memcmp(t + q, "#pragma", 7)
                          ? arena_strndup(s->ctx->arena, t + q, n) : NULL;
    const char *sg = one ? foreign_omp_single(one) : NULL;
    if (one) note_pragma(s, q, one, sg);
    single = single ? single : sg;
    p = e + 1;
  }
  return single;
}

/* Loop pragmas of other tools on the lines just before a rewritten nest
 * (`#pragma omp parallel for` or `#pragma GCC ivdep` above a loop whose
 * array is stored sparse) would apply to the generated block: a compiler
 * error (`for statement expected`) or, under OpenMP, sequential generated
 * loops shared by the threads. They are removed, as those between a
 * sparse pragma and its nest are (their lines kept empty, so that the
 * line numbers stay), and the report says so. */
static void drop_loop_pragmas_before(S *s, size_t at) {
  const SourceFile *f = s->ctx->file;
  const char *t = f->text;
  size_t ls = attach_line_start(f, at);
  if (ls != at && (ls == 0 || t[ls - 1] != '\n'))
    return; /* code before the nest on its line */
  while (ls > 0 && t[ls - 1] == '\n') {
    size_t e = ls - 1, b = e;
    while (b > 0 && t[b - 1] != '\n') b--;
    /* a pragma continued with backslashes: from its first line */
    int nl = 0;
    while (b >= 2 && (t[b - 2] == '\\' || (b >= 3 && t[b - 2] == '\r' && t[b - 3] == '\\'))) {
      b--;
      nl++;
      while (b > 0 && t[b - 1] != '\n') b--;
    }
    size_t q = b;
    while (q < e && (t[q] == ' ' || t[q] == '\t')) q++;
    size_t end = e > q && t[e - 1] == '\r' ? e - 1 : e;
    /* the pragma on one line: each backslash-newline and the blanks around
     * it read as one space */
    char *one = arena_alloc(s->ctx->arena, end - q + 1);
    size_t w = 0;
    for (size_t p = q; p < end; p++) {
      if ((t[p] == '\\' && p + 1 < end && (t[p + 1] == '\r' || t[p + 1] == '\n')) ||
          t[p] == '\r' || t[p] == '\n') {
        while (w > 0 && (one[w - 1] == ' ' || one[w - 1] == '\t')) w--;
        while (p + 1 < end && (t[p + 1] == '\r' || t[p + 1] == '\n' ||
                               t[p + 1] == ' ' || t[p + 1] == '\t'))
          p++;
        one[w++] = ' ';
        continue;
      }
      one[w++] = t[p];
    }
    one[w] = 0;
    if (!foreign_loop_pragma(one))
      return;
    /* the lines of the pragma kept, empty (or the single), so that the
     * lines after it keep their numbers */
    const char *single = foreign_omp_single(one);
    const char *repl = single ? single : "";
    char *text = arena_alloc(s->ctx->arena, strlen(repl) + (size_t)nl + 1);
    strcpy(text, repl);
    memset(text + strlen(repl), '\n', (size_t)nl);
    text[strlen(repl) + (size_t)nl] = 0;
    Edit ed = {q, end, text, 0};
    ARRAY_PUSH(s->ctx->arena, s->edits, ed);
    note_pragma(s, q, one, single);
    ls = b;
  }
}

static int has_for_using(S *s, TSNode n, const ExtractEnv *env);
static void scan(S *s, ExtractEnv *env, TSNode n);
static void one_warning_per_nest(S *s, size_t mark, Span where, const char *why);
static int refers(S *s, TSNode n, const BoundArray *b, int nb);

/* A function defined in the file that n passes one of the arrays to
 * (`f(A, ...)`), or NULL. */
static const char *passed_to_defined(S *s, TSNode n, const BoundArray *b, int nb) {
  if (ts_node_is_null(n))
    return NULL;
  if (node_is(n, "call_expression") && node_is(node_field(n, "function"), "identifier")) {
    TSNode args = node_field(n, "arguments");
    uint32_t na = ts_node_named_child_count(args);
    int passes = 0;
    for (uint32_t i = 0; i < na && !passes; i++) {
      TSNode a = ts_node_named_child(args, i);
      passes = node_is(a, "identifier") && refers(s, a, b, nb);
    }
    TSNode fn = node_field(n, "function");
    const char *name = arena_strndup(s->ctx->arena, s->ctx->file->text + ts_node_start_byte(fn),
                                     ts_node_end_byte(fn) - ts_node_start_byte(fn));
    if (passes && !ts_node_is_null(node_function_definition(
                      ts_tree_root_node(s->ctx->tree), s->ctx->file->text, name)))
      return name;
  }
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++) {
    const char *r = passed_to_defined(s, ts_node_named_child(n, i), b, nb);
    if (r)
      return r;
  }
  return NULL;
}

/* Whether the definition of function `name` has a pragma of its own. */
static int func_has_pragma(const S *s, const char *name) {
  TSNode nm = node_function_definition(ts_tree_root_node(s->ctx->tree),
                                       s->ctx->file->text, name);
  if (ts_node_is_null(nm))
    return 0;
  size_t at = ts_node_start_byte(nm);
  for (size_t i = 0; i < s->ngroups; i++)
    if (s->groups[i].kind == ATTACH_FUNC && s->groups[i].nenc &&
        ts_node_start_byte(s->groups[i].target) <= at &&
        at < ts_node_end_byte(s->groups[i].target))
      return 1;
  return 0;
}

/* Whether n subscripts one of the bound arrays (`A[i][j]`; `f(A)` does
 * not). */
static int subscripts(S *s, TSNode n, const BoundArray *b, int nb) {
  if (node_is(n, "subscript_expression")) {
    TSNode base = n;
    while (node_is(base, "subscript_expression") || node_is(base, "parenthesized_expression"))
      base = node_is(base, "subscript_expression") ? node_field(base, "argument")
                                              : ts_node_named_child(base, 0);
    if (refers(s, base, b, nb))
      return 1;
  }
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++)
    if (subscripts(s, ts_node_named_child(n, i), b, nb))
      return 1;
  return 0;
}

/* The outermost while or do loop inside n (n itself excluded) that
 * subscripts one of the arrays b: a loop the user wrote as a while loop,
 * which is never a kernel; a null node when there is none. */
static TSNode while_using(S *s, TSNode n, const BoundArray *b, int nb) {
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++) {
    TSNode k = ts_node_named_child(n, i);
    if ((node_is(k, "while_statement") || node_is(k, "do_statement")) &&
        subscripts(s, k, b, nb))
      return k;
    TSNode w = while_using(s, k, b, nb);
    if (!ts_node_is_null(w))
      return w;
  }
  TSNode none = {0};
  return none;
}

/* The first for statement inside n (n excluded) that uses one of the
 * arrays of env, outside the span `avoid`; a null node when there is none. */
static TSNode for_using(S *s, TSNode n, const ExtractEnv *env, Span avoid) {
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++) {
    TSNode k = ts_node_named_child(n, i);
    if (node_is(k, "for_statement") && refers(s, k, env->bound, env->nbound) &&
        (ts_node_end_byte(k) <= avoid.start || avoid.end <= ts_node_start_byte(k)))
      return k;
    TSNode f = for_using(s, k, env, avoid);
    if (!ts_node_is_null(f))
      return f;
  }
  TSNode none = {0};
  return none;
}

static void do_loop(S *s, const Attachment *g) {
  SparsifyCtx *ctx = s->ctx;
  size_t fstart = ts_node_start_byte(g->target);
  /* the rewritten region: from the pragma lines, or only the loop when the
   * pragma sits in an #if branch before it */
  size_t start = g->detached ? attach_line_start(ctx->file, fstart)
                             : g->line_start;
  if (overlaps(s, start, ts_node_end_byte(g->target))) {
    diag_warning(ctx->diags, ctx->file, trim_nl(ctx->file, g->pragma_span),
                 "pragma sparse ignored: inside a loop nest sparsified by an "
                 "earlier pragma");
    return;
  }
  ARRAY(BoundArray) bound = {0};
  int bad = 0, unsupported = 0;
  for (int i = 0; i < g->nenc; i++)
    for (int b = 0; b < g->enc[i]->pragma.nbindings; b++) {
      const PragmaBinding *pb = &g->enc[i]->pragma.bindings[b];
      /* an array of an element type the runtime does not store (long
       * double, a struct): the nest stays as written, with a
       * warning; the program is valid C and must still build */
      CtDecl d;
      if (ct_lookup(s->ct, pb->name, fstart, &d) && d.kind == CT_ARRAY && !d.elem_ok) {
        diag_warning(ctx->diags, ctx->file, pb->name_span,
                     "loop not sparsified: element type '%s' of '%s' is not "
                     "supported (float, double, _Bool and the other integer types)",
                     d.elem_ctype, pb->name);
        if (d.in_main_file && d.decl_span.end > d.decl_span.start)
          diag_note(ctx->diags, ctx->file,
                    span_make(d.name_offset, d.name_offset + strlen(pb->name)),
                    "'%s' is declared here", pb->name);
        report(s, fstart, "kernel not sparsified: element type '%s' of '%s' is not "
               "supported", d.elem_ctype, pb->name);
        unsupported = 1;
        continue;
      }
      BoundArray ba;
      if (extract_bind(ctx, s->ct, pb, fstart, 1, &ba)) {
        bad = 1;
        continue;
      }
      ARRAY_PUSH(ctx->arena, bound, ba);
    }
  if (bad) {
    s->rc = -1;
    return;
  }
  if (unsupported)
    return;
  /* the loop's own vectorize line, else the one before its function */
  const Pragma *vec = g->vec ? g->vec : func_vec(s, g->target);
  ExtractEnv env = {ctx,      s->ct,         bound.data, (int)bound.len,
                    vec,      g->pragma_span, 1,          start,
                    s->handles.data, (int)s->handles.len};
  ExtractRefusal why;
  TSNode body = node_field(g->target, "body");
  s->annotated = span_make(fstart, ts_node_end_byte(g->target));
  int splittable = !ts_node_is_null(body) && has_for_using(s, body, &env);
  s->annotated = span_make(0, 0);
  int rc = 1;
  /* a for loop that only passes the arrays to functions of the file (CG's
   * iteration loop calling matvec) is told like a while loop: where the
   * pragma belongs, not why its header or body is no kernel */
  int kernel = node_is(g->target, "for_statement") &&
               (splittable || subscripts(s, g->target, bound.data, (int)bound.len) ||
                !passed_to_defined(s, g->target, bound.data, (int)bound.len));
  if (kernel) {
    rc = run_kernel(s, &env, g->target, splittable, splittable, &why);
    /* refused whole, and its inner nests are no kernels of their own: they
     * index the array with a variable of the annotated loop (a row i), so
     * each would assemble the whole array at every iteration. Say so, and
     * what makes them kernels (SPEC §4: the array stored sparse, walked in
     * place) */
    TSNode inner = {0};
    if (rc == 1 && !splittable && !ts_node_is_null(body))
      inner = for_using(s, body, &env, why.where);
    const char *name = NULL;
    for (size_t i = 0; !ts_node_is_null(inner) && !name && i < bound.len; i++)
      if (!bound.data[i].handle && refers(s, inner, &bound.data[i], 1))
        name = bound.data[i].b->name;
    if (name)
      diag_note(ctx->diags, ctx->file,
                span_make(ts_node_start_byte(inner), ts_node_start_byte(inner) + 3),
                "this inner loop is no kernel of its own: it reads '%s' at a "
                "subscript fixed by the annotated loop, so it would assemble the "
                "whole array at every iteration; stored sparse (a pragma on its "
                "declaration, or on the function for a parameter), '%s' is "
                "walked in place and such loops are kernels", name, name);
  } else {
    /* an iteration loop written with while/do, or a for loop that only
     * passes the arrays on: never a kernel itself */
    why.reason = node_is(g->target, "for_statement")     ? "for loop"
                 : node_is(g->target, "while_statement") ? "while loop"
                                                         : "do-while loop";
    why.where = span_make(fstart, fstart + (node_is(g->target, "do_statement") ? 2
                                            : node_is(g->target, "for_statement") ? 3 : 5));
  }
  if (rc != 0 && node_is(g->target, "for_statement"))
    ARRAY_PUSH(ctx->arena, s->loop_refused, fstart);
  if (rc == 0) {
    const char *single = note_dropped_pragmas(s, g->pragma_span.end, fstart);
    for (size_t i = 0; single && i < s->edits.len; i++)
      if (s->edits.data[i].start == start && s->edits.data[i].end > start) {
        s->edits.data[i].text = arena_printf(ctx->arena, "%s\n%s", single,
                                             s->edits.data[i].text);
        single = NULL;
      }
  } else if (rc == 1 && splittable) {
    /* "a call to an unknown function splits it": the whole nests inside
     * (has_for_using) that do not hold the refused construct are kernels
     * of their own, their entry assemblies hoisted out of this loop when
     * it cannot change the arrays */
    s->annotated = span_make(fstart, ts_node_end_byte(g->target));
    s->avoid = why.where;
    splittable = has_for_using(s, body, &env);
    s->avoid = span_make(0, 0);
    if (splittable) {
      report(s, fstart, "loop nest split: %s", why.reason);
      ExtractEnv inner = env;
      inner.pragma_on_nest = 0;
      size_t mark = ctx->diags ? ctx->diags->len : 0;
      scan(s, &inner, body);
      one_warning_per_nest(s, mark, why.where, NULL);
    } else {
      diag_warning(ctx->diags, ctx->file, why.where, "loop not sparsified: %s",
                   why.reason);
      report(s, fstart, "kernel not sparsified: %s", why.reason);
    }
    s->annotated = span_make(0, 0);
  } else if (rc == 1 && !kernel) {
    /* an iteration loop with no nest using the arrays: say so, and where
     * a kernel in a called function needs its pragma */
    const char *callee = passed_to_defined(s, body, bound.data, (int)bound.len);
    const char *hint = "";
    if (callee && func_has_pragma(s, callee))
      hint = arena_printf(ctx->arena, " (it is passed to '%s', whose pragma makes "
                          "its loops kernels: each call assembles '%s'; this "
                          "pragma has no effect)", callee, bound.data[0].b->name);
    else if (callee)
      hint = arena_printf(ctx->arena, " (it is passed to '%s': a pragma on the "
                          "definition of '%s' makes its loops kernels)", callee,
                          callee);
    /* its nests over the arrays written as while or do loops: say that
     * only for loops are kernels, rather than that there is no nest */
    TSNode w = ts_node_is_null(body) ? body : while_using(s, body, bound.data,
                                                          (int)bound.len);
    if (!callee && !ts_node_is_null(w)) {
      unsigned wl, wc;
      source_presumed(ctx->file, ts_node_start_byte(w), &wl, &wc);
      hint = arena_printf(ctx->arena, " (the %s loop at line %u reads '%s', but only "
                          "for loops become kernels: write it as a for loop)",
                          node_is(w, "do_statement") ? "do-while" : "while", wl,
                          bound.data[0].b->name);
    }
    diag_warning(ctx->diags, ctx->file, why.where,
                 "loop not sparsified: the %s holds no loop nest using '%s'%s",
                 why.reason, bound.data[0].b->name, hint);
    report(s, fstart, "kernel not sparsified: the %s holds no loop nest using '%s'",
           why.reason, bound.data[0].b->name);
  }
}

/* The name of the variable for statement f steps, into buf ("" if none):
 * the one its header initializes, else (`for (; it < n; it++)`) the one
 * its update steps. */
static void for_var(S *s, TSNode f, char *buf, size_t cap) {
  buf[0] = 0;
  TSNode init = node_field(f, "initializer");
  if (ts_node_is_null(init)) {
    init = node_field(f, "update");
    if (node_is(init, "update_expression")) init = node_field(init, "argument");
  }
  if (node_is(init, "declaration")) init = node_field(init, "declarator");
  if (node_is(init, "init_declarator")) init = node_field(init, "declarator");
  else if (node_is(init, "assignment_expression")) init = node_field(init, "left");
  if (!node_is(init, "identifier")) return;
  size_t a = ts_node_start_byte(init), b = ts_node_end_byte(init);
  if (b - a >= cap) return;
  memcpy(buf, s->ctx->file->text + a, b - a);
  buf[b - a] = 0;
}

/* Whether a subscript of a bound array under n names one of vars. */
static int subscript_uses(S *s, TSNode n, const ExtractEnv *env,
                          char (*vars)[64], int nvars, int in_index) {
  if (in_index && node_is(n, "identifier")) {
    size_t a = ts_node_start_byte(n), b = ts_node_end_byte(n);
    for (int i = 0; i < nvars; i++)
      if (strlen(vars[i]) == b - a && !memcmp(s->ctx->file->text + a, vars[i], b - a))
        return 1;
    return 0;
  }
  if (node_is(n, "subscript_expression")) {
    TSNode base = n;
    while (node_is(base, "subscript_expression") || node_is(base, "parenthesized_expression"))
      base = node_is(base, "subscript_expression") ? node_field(base, "argument")
                                              : ts_node_named_child(base, 0);
    int sparse = in_index || refers(s, base, env->bound, env->nbound);
    if (subscript_uses(s, node_field(n, "argument"), env, vars, nvars, in_index) ||
        subscript_uses(s, node_field(n, "index"), env, vars, nvars, sparse))
      return 1;
    return 0;
  }
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++)
    if (subscript_uses(s, ts_node_named_child(n, i), env, vars, nvars, in_index))
      return 1;
  return 0;
}

/* Inside a split case-3 loop (s->annotated), a nest is a kernel of its own
 * only when it is whole: no subscript of a sparse array names the variable
 * of a loop around it (up to the annotated loop). A nest over one row of
 * the matrix would assemble the whole matrix once per row. */
static int whole_nest(S *s, TSNode f, const ExtractEnv *env) {
  if (s->annotated.end <= s->annotated.start) return 1;
  char vars[16][64];
  int nvars = 0;
  for (TSNode p = ts_node_parent(f); !ts_node_is_null(p); p = ts_node_parent(p)) {
    size_t ps = ts_node_start_byte(p);
    if (ps < s->annotated.start) break;
    if (!node_is(p, "for_statement")) continue;
    if (nvars == 16) return 0;
    for_var(s, p, vars[nvars], sizeof vars[nvars]);
    if (!vars[nvars][0] && ts_node_is_null(node_field(p, "initializer")) &&
        ts_node_is_null(node_field(p, "update")))
      continue; /* `for (;;)`, `for (; c;)`: it steps no variable */
    if (!vars[nvars][0]) return 0;
    nvars++;
  }
  return !subscript_uses(s, f, env, vars, nvars, 0);
}

/* ---- cases 1 and 2 ----------------------------------------------------- */

/* Whether n refers (scope-correctly) to one of the bound arrays. */
static int refers(S *s, TSNode n, const BoundArray *b, int nb) {
  if (node_is(n, "identifier")) {
    size_t st = ts_node_start_byte(n), en = ts_node_end_byte(n);
    for (int i = 0; i < nb; i++) {
      const char *nm = b[i].b->name;
      if (en - st == strlen(nm) && !memcmp(s->ctx->file->text + st, nm, en - st)) {
        CtDecl d;
        if (ct_lookup(s->ct, nm, st, &d) && d.canon_offset == b[i].decl.canon_offset)
          return 1;
      }
    }
    return 0;
  }
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++)
    if (refers(s, ts_node_named_child(n, i), b, nb))
      return 1;
  return 0;
}

static void try_nest(S *s, ExtractEnv *env, TSNode f);

/* Whether loop n sits in a preprocessor branch the compiler does not see
 * (`#if 0`, `#ifdef` of an undefined macro): no kernel, left as written. */
static int inactive(const S *s, TSNode n) {
  return ct_inactive(s->ct, ts_node_start_byte(n));
}

static int has_for_using(S *s, TSNode n, const ExtractEnv *env) {
  if (node_is(n, "for_statement")) {
    if (!refers(s, n, env->bound, env->nbound) || inactive(s, n)) return 0;
    int holds_avoid = s->avoid.end > s->avoid.start &&
                      ts_node_start_byte(n) <= s->avoid.start &&
                      s->avoid.end <= ts_node_end_byte(n);
    if (!holds_avoid && whole_nest(s, n, env)) return 1;
    TSNode body = node_field(n, "body");
    return !ts_node_is_null(body) && has_for_using(s, body, env);
  }
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++)
    if (has_for_using(s, ts_node_named_child(n, i), env))
      return 1;
  return 0;
}

/* Every outermost for statement under n that uses a bound array. */
static void scan(S *s, ExtractEnv *env, TSNode n) {
  if (node_is(n, "for_statement")) {
    if (!refers(s, n, env->bound, env->nbound) || inactive(s, n)) return;
    if (whole_nest(s, n, env)) {
      try_nest(s, env, n);
      return;
    }
    TSNode body = node_field(n, "body");
    if (!ts_node_is_null(body)) scan(s, env, body);
    return;
  }
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++)
    scan(s, env, ts_node_named_child(n, i));
}

/* The binding among b[0..nb) that identifier n names (scope-correctly). */
static const BoundArray *named(S *s, TSNode n, const BoundArray *b, int nb) {
  size_t st = ts_node_start_byte(n), en = ts_node_end_byte(n);
  for (int i = 0; i < nb; i++) {
    const char *nm = b[i].b->name;
    if (en - st == strlen(nm) && !memcmp(s->ctx->file->text + st, nm, en - st)) {
      CtDecl d;
      if (ct_lookup(s->ct, nm, st, &d) && d.canon_offset == b[i].decl.canon_offset)
        return &b[i];
    }
  }
  return NULL;
}

/* Whether the nest n reads no element of a sparse array: it only writes
 * elements of arrays whose storage is replaced (a fill loop), or uses them
 * whole or by rows (allocations, frees, null tests, memsets), all of which
 * uses.c rewrites. Refusing such a nest loses nothing (its writes become
 * buffered inserts): it is reported, not warned. The same holds for the
 * arrays of a declaration or function pragma that keep their dense storage
 * (warned once, at the declaration), written element by element: the loop
 * writes its dense array as the program does. `seen` gets FILL_KEPT when
 * the nest writes such an array, FILL_STORED when it uses a stored one,
 * FILL_ELEM when it writes an element of a stored one. `others`: the
 * arrays stored by other pragmas than env's are left to their own scan
 * (fill_nest). */
enum { FILL_KEPT = 1, FILL_STORED = 2, FILL_ELEM = 4 };
static int fills_only(S *s, TSNode n, const ExtractEnv *env, int *seen, int others) {
  if (node_is(n, "identifier")) {
    const BoundArray *b = named(s, n, env->stored, env->nstored);
    int kept = 0;
    /* an array stored sparse by another declaration or function pragma:
     * the scan of its own scope says what becomes of its uses (a kernel of
     * its own inside this nest, lookups), not this one */
    if (others && b && !env->pragma_on_nest && !named(s, n, env->bound, env->nbound))
      return 1;
    if (!b) {
      b = named(s, n, env->bound, env->nbound);
      if (!b || b->handle) return 1;
      if (env->pragma_on_nest) return 0;
      kept = 1;
    }
    *seen |= kept ? FILL_KEPT : FILL_STORED;
    TSNode e = n, top = n, p;
    int k = 0;
    for (;;) {
      top = e;
      p = ts_node_parent(e);
      while (node_is(p, "parenthesized_expression")) {
        top = p;
        p = ts_node_parent(p);
      }
      if (!node_is(p, "subscript_expression") ||
          ts_node_start_byte(node_field(p, "argument")) != ts_node_start_byte(e))
        break;
      k++;
      e = p;
    }
    if (k < b->decl.rank)
      return !kept; /* a whole use of a dense array is no fill */
    int w = node_is(p, "assignment_expression")
                ? ts_node_start_byte(node_field(p, "left")) == ts_node_start_byte(top) &&
                      ts_node_end_byte(node_field(p, "left")) == ts_node_end_byte(top)
                : node_is(p, "update_expression");
    if (w && !kept)
      *seen |= FILL_ELEM;
    return w;
  }
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++)
    if (!fills_only(s, ts_node_named_child(n, i), env, seen, others))
      return 0;
  return 1;
}

/* Whether nest n is refused without a warning (fills_only): it writes
 * arrays stored sparse, or arrays kept dense, not both (a nest writing
 * both is warned, for the stored arrays' sake). *kept: 1 for the latter,
 * 0 when it writes elements of stored ones, -1 when it uses those only
 * whole (a call passing the tensor). */
static int fill_nest(S *s, TSNode n, const ExtractEnv *env, int *kept) {
  int seen = 0;
  if (!fills_only(s, n, env, &seen, 0) || (seen & FILL_KEPT && seen & FILL_STORED)) {
    /* env's arrays used only whole (passed to functions taking the
     * tensor) beside element uses of arrays other pragmas store: those
     * are theirs to tell (a kernel of their own inside, lookups) */
    seen = 0;
    if (!fills_only(s, n, env, &seen, 1) || seen != FILL_STORED)
      return 0;
  }
  *kept = seen & FILL_KEPT ? 1 : seen & FILL_ELEM ? 0 : -1;
  return 1;
}

/* Whether every use in n of an array a pragma binds is an element read
 * of an array stored sparse (which becomes a lookup, frontend/uses.c);
 * *nreads counts them. */
static int reads_only(S *s, TSNode n, const ExtractEnv *env, int *nreads) {
  if (node_is(n, "identifier")) {
    const BoundArray *b = named(s, n, env->stored, env->nstored);
    if (!b) {
      b = named(s, n, env->bound, env->nbound);
      return !b || b->handle;
    }
    TSNode e = n, p = ts_node_parent(n);
    int k = 0;
    for (;;) {
      while (node_is(p, "parenthesized_expression")) p = ts_node_parent(p);
      if (!node_is(p, "subscript_expression") ||
          ts_node_start_byte(node_field(p, "argument")) != ts_node_start_byte(e))
        break;
      k++;
      e = p;
      p = ts_node_parent(e);
    }
    int seen = 0; /* b is stored */
    if (k != b->decl.rank || fills_only(s, n, env, &seen, 0))
      return 0;
    (*nreads)++;
    return 1;
  }
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++)
    if (!reads_only(s, ts_node_named_child(n, i), env, nreads))
      return 0;
  return 1;
}

static int is_refusal(const Diag *d) {
  return d->severity == DIAG_WARNING &&
         !strncmp(d->message, "loop not sparsified: ", 21);
}

static int is_split_note(const Diag *d) {
  return d->severity == DIAG_NOTE &&
         !strncmp(d->message, "inside this loop nest, not sparsified whole: ", 45);
}

/* The inner nests of a nest refused whole (split at `where` because of
 * `why`) warned from diagnostic `mark` on: one warning for the nest, at
 * its first refused construct, each other reason said once after it
 * ("; also at line N: ..."), and the note naming why the nest was split
 * (`why` not NULL) right after it, only when no warning says that
 * already. Other diagnostics stay. */
static void one_warning_per_nest(S *s, size_t mark, Span where, const char *why) {
  Diags *d = s->ctx->diags;
  if (!d) return;
  size_t first = (size_t)-1, out = mark, after = 0;
  int told = 0;
  StrBuf msg = {0};
  for (size_t i = mark; i < d->len; i++) {
    Diag *g = &d->items[i];
    if (is_split_note(g)) {
      free(g->message);
      free(g->fixit);
      continue;
    }
    if (is_refusal(g)) {
      const char *reason = g->message + 21;
      if (!why || strstr(reason, why) == reason) told = 1;
      if (first == (size_t)-1) {
        first = out;
        sb_puts(&msg, g->message);
      } else if (!strstr(msg.data, reason)) {
        unsigned line, col;
        source_presumed(s->ctx->file, g->span.start, &line, &col);
        sb_printf(&msg, "; also at line %u: %s", line, reason);
      }
      if (first != out) {
        free(g->message);
        free(g->fixit);
        /* its notes (a declaration) go with it */
        while (i + 1 < d->len && d->items[i + 1].severity == DIAG_NOTE &&
               !is_split_note(&d->items[i + 1])) {
          i++;
          free(d->items[i].message);
          free(d->items[i].fixit);
        }
        continue;
      }
    }
    d->items[out++] = *g;
    if (first != (size_t)-1 && (out - 1 == first || (after == out - 1 &&
                                                    g->severity == DIAG_NOTE)))
      after = out; /* past the first warning and its notes */
  }
  d->len = out;
  if (first != (size_t)-1) {
    free(d->items[first].message);
    d->items[first].message = strdup(msg.data);
    if (!told) {
      diag_note(d, s->ctx->file, where, "inside this loop nest, not sparsified "
                "whole: %s", why);
      if (d->len == out + 1) { /* added (not dropped under -w): move it up */
        Diag note = d->items[out];
        memmove(&d->items[after + 1], &d->items[after], (out - after) * sizeof note);
        d->items[after] = note;
      }
    }
  }
  sb_free(&msg);
}

static void try_nest(S *s, ExtractEnv *env, TSNode f) {
  size_t start = ts_node_start_byte(f);
  for (size_t i = 0; i < s->loop_refused.len; i++)
    if (s->loop_refused.data[i] == start) return;
  if (overlaps(s, start, ts_node_end_byte(f))) {
    /* part of it is rewritten already (a clear, another kernel): the
     * nests inside that are not may still be kernels */
    TSNode body = node_field(f, "body");
    if (!ts_node_is_null(body)) scan(s, env, body);
    return;
  }
  ExtractEnv e = *env;
  e.span_start = attach_line_start(s->ctx->file, start);
  e.vec_pragma = vec_for(s, f);
  if (!e.vec_pragma)
    e.vec_pragma = env->vec_pragma; /* a split nest's own vectorize pragma */
  if (!e.vec_pragma)
    e.vec_pragma = func_vec(s, f);
  ExtractRefusal why;
  TSNode body = node_field(f, "body");
  int splittable = !ts_node_is_null(body) && has_for_using(s, body, env);
  if (run_kernel(s, &e, f, 1, splittable, &why) != 1)
    return;
  /* split: try the nests inside; each warns for itself, and a vectorize
   * pragma on this loop applies to them */
  if (splittable) {
    report(s, start, "loop nest split: %s", why.reason);
    ExtractEnv inner = *env;
    inner.vec_pragma = e.vec_pragma;
    const char *outer_why = s->ctx->split_why;
    Span outer_where = s->ctx->split_where;
    s->ctx->split_why = why.reason;
    s->ctx->split_where = span_make(start, start + 3); /* `for` */
    size_t mark = s->ctx->diags ? s->ctx->diags->len : 0;
    scan(s, &inner, body);
    s->ctx->split_why = outer_why;
    s->ctx->split_where = outer_where;
    if (!outer_why)
      one_warning_per_nest(s, mark, span_make(start, start + 3), why.reason);
    return;
  }
  /* a nest using arrays of two declaration groups is tried by each: say
   * why it stays dense once */
  for (size_t i = 0; i < s->refused.len; i++)
    if (s->refused.data[i] == start) return;
  ARRAY_PUSH(s->ctx->arena, s->refused, start);
  ARRAY_PUSH(s->ctx->arena, s->refused_nest, span_make(start, ts_node_end_byte(f)));
  ARRAY_PUSH(s->ctx->arena, s->refused_why, why.reason);
  int kept = 0;
  if (fill_nest(s, f, env, &kept)) {
    /* inside a split loop under a loop pragma (s->annotated), the arrays
     * it writes are dense outside the kernels: no warning speaks of them */
    report(s, start, "kernel not sparsified: %s; %s", why.reason,
           kept > 0 && s->annotated.end > s->annotated.start
               ? "it only writes arrays of the annotated loop's pragma, in their "
                 "dense arrays as the program does (a tensor the loop's kernels "
                 "keep takes its element writes as buffered inserts; else a "
                 "kernel after it assembles them again)"
           : kept > 0  ? "it only writes arrays that keep their dense storage (see "
                         "the warning about their storage)"
           : kept == 0 ? "its element writes become buffered inserts"
                       : "it uses the arrays stored sparse only whole (calls, "
                         "allocations, frees), which are rewritten");
    return;
  }
  int nreads = 0;
  const char *then = reads_only(s, f, env, &nreads) && nreads
                         ? "; its element reads become lookups" : "";
  diag_warning(s->ctx->diags, s->ctx->file, why.where, "loop not sparsified: %s%s",
               why.reason, then);
  sparsify_note_split(s->ctx);
  report(s, start, "kernel not sparsified: %s%s", why.reason, then);
}

/* Whether declaration d is a function prototype with a parameter `name`. */
static int prototype_names(SparsifyCtx *ctx, TSNode d, const char *name) {
  uint32_t c = ts_node_named_child_count(d);
  for (uint32_t i = 0; i < c; i++) {
    TSNode f = ts_node_named_child(d, i);
    while (node_is(f, "pointer_declarator")) f = node_field(f, "declarator");
    if (!node_is(f, "function_declarator")) continue;
    TSNode ps = node_field(f, "parameters");
    uint32_t n = ts_node_named_child_count(ps);
    for (uint32_t k = 0; k < n; k++) {
      TSNode p = ts_node_named_child(ps, k);
      if (!node_is(p, "parameter_declaration")) continue;
      TSNode nm = storage_declared_name(p);
      if (!ts_node_is_null(nm) && ts_node_end_byte(nm) - ts_node_start_byte(nm) == strlen(name) &&
          !memcmp(ctx->file->text + ts_node_start_byte(nm), name, strlen(name)))
        return 1;
    }
  }
  return 0;
}

/* Whether two encoding pragmas of one group bind the same array (`A : CSR`
 * on one line, `A : CSC` on the next, before one loop): an error at the
 * second binding, with a note at the first (one pragma binding a name
 * twice is the parser's error). */
static int bound_twice(S *s, const Attachment *g) {
  int bad = 0;
  for (int i = 1; i < g->nenc; i++)
    for (int b = 0; b < g->enc[i]->pragma.nbindings; b++) {
      const PragmaBinding *pb = &g->enc[i]->pragma.bindings[b];
      const PragmaBinding *first = NULL;
      for (int k = 0; k < i && !first; k++)
        for (int c = 0; c < g->enc[k]->pragma.nbindings && !first; c++)
          if (!strcmp(g->enc[k]->pragma.bindings[c].name, pb->name))
            first = &g->enc[k]->pragma.bindings[c];
      if (!first)
        continue;
      diag_error(s->ctx->diags, s->ctx->file, pb->name_span,
                 "'%s' is bound twice: by this pragma and by an earlier one "
                 "before the same %s",
                 pb->name, g->kind == ATTACH_LOOP   ? "loop"
                           : g->kind == ATTACH_DECL ? "declaration"
                                                    : "function definition");
      diag_note(s->ctx->diags, s->ctx->file, first->name_span, "first bound here");
      bad = 1;
    }
  return bad;
}

/* Resolves the bindings of a declaration/function group; errors make the
 * run fail (s->rc). */
static void bind_scope(S *s, const Attachment *g) {
  SparsifyCtx *ctx = s->ctx;
  TSNode t = g->target;
  size_t tstart = ts_node_start_byte(t), tend = ts_node_end_byte(t);
  int is_func = g->kind == ATTACH_FUNC;
  TSNode body = is_func ? node_field(t, "body") : t;
  size_t at = is_func ? (ts_node_is_null(body) ? tend : ts_node_start_byte(body) + 1)
                      : tend;
  ARRAY(BoundArray) bound = {0};
  int bad = 0;
  for (int i = 0; i < g->nenc; i++)
    for (int b = 0; b < g->enc[i]->pragma.nbindings; b++) {
      const PragmaBinding *pb = &g->enc[i]->pragma.bindings[b];
      CtDecl d;
      int found = ct_lookup(s->ct, pb->name, at, &d);
      if (!found || d.name_offset < tstart || d.name_offset >= tend ||
          (is_func && !d.is_param)) {
        if (!is_func && prototype_names(ctx, t, pb->name)) {
          diag_error(ctx->diags, ctx->file, pb->name_span,
                     "'%s' is a parameter of a function prototype; a pragma "
                     "binding parameters goes before the function's definition",
                     pb->name);
          bad = 1;
          continue;
        }
        /* a near name the function or declaration does give */
        const char *near = extract_suggest_name(s->ct, pb->name, at, tstart, tend);
        diag_error(ctx->diags, ctx->file, pb->name_span,
                   is_func ? "'%s' is not a parameter of the function that "
                             "follows the pragma%s%s%s"
                           : "'%s' is not declared by the declaration that "
                             "follows the pragma%s%s%s",
                   pb->name, near ? "; did you mean '" : "", near ? near : "",
                   near ? "'?" : "");
        if (near)
          diag_set_fixit(ctx->diags, near);
        if (found && (d.name_offset < tstart || d.name_offset >= tend))
          diag_note(ctx->diags, ctx->file,
                    span_make(d.name_offset, d.name_offset + strlen(pb->name)),
                    "'%s' is declared here; a pragma before this declaration "
                    "stores it sparse, one before a loop makes that loop a kernel",
                    pb->name);
        bad = 1;
        continue;
      }
      if (d.kind == CT_ARRAY && !d.elem_ok) {
        /* an element type the runtime does not store (long double, a
         * struct): the array stays as declared, as every loop using it;
         * the program is valid C and must still build */
        diag_warning(ctx->diags, ctx->file, pb->name_span,
                     "'%s' keeps its dense storage: element type '%s' is not "
                     "supported (float, double, _Bool and the other integer "
                     "types); the loops using it stay as written",
                     pb->name, d.elem_ctype);
        report(s, g->pragma_span.start, "storage of '%s' not replaced: element "
               "type '%s' is not supported", pb->name, d.elem_ctype);
        continue;
      }
      /* a parameter's missing extents read off the function's loops, as if
       * the pragma gave the shape (frontend/param_shape.h) */
      const char *no_shape = NULL;
      if (is_func && d.kind == CT_ARRAY && pb->nshape == 0 &&
          pb->enc.ndims == d.rank && d.rank <= SC_MAX_RANK) {
        const char *ext[SC_MAX_RANK] = {0};
        int missing = 0;
        for (int k = 0; k < d.rank; k++) missing |= !(ext[k] = d.extent[k]);
        if (missing && !param_shape_from_loops(ctx->file, s->ct, t, pb->name, d.rank, ext,
                                               ctx->arena, &no_shape)) {
          PragmaBinding *sh = arena_alloc(ctx->arena, sizeof *sh);
          *sh = *pb;
          sh->nshape = d.rank;
          sh->shape_text = arena_alloc(ctx->arena, (size_t)d.rank * sizeof *sh->shape_text);
          sh->shape_spans = arena_alloc(ctx->arena, (size_t)d.rank * sizeof *sh->shape_spans);
          const char *shape = "";
          for (int k = 0; k < d.rank; k++) {
            sh->shape_text[k] = (char *)ext[k];
            sh->shape_spans[k] = pb->name_span;
            shape = arena_printf(ctx->arena, "%s[%s]", shape, ext[k]);
          }
          report(s, g->pragma_span.start, "shape of '%s' read off the function's loops: "
                 "%s%s", pb->name, pb->name, shape);
          pb = sh;
        }
      }
      BoundArray ba;
      if (extract_bind(ctx, s->ct, pb, at, 0, &ba)) {
        if (no_shape)
          diag_note(ctx->diags, ctx->file, pb->name_span,
                    "the function's loops do not give it: %s", no_shape);
        bad = 1;
        continue;
      }
      ARRAY_PUSH(ctx->arena, bound, ba);
    }
  if (!bad && !bound.len)
    return; /* every array keeps its dense storage (warned above) */
  Group gr = {g, bound.data, (int)bound.len, !bad};
  if (bad)
    s->rc = -1;
  ARRAY_PUSH(ctx->arena, s->scopes, gr);
}

/* Case 1: which declared arrays get sparse storage (decl.c decides the
 * declaration, uses.c every use). */
static void plan_storage(S *s) {
  SparsifyCtx *ctx = s->ctx;
  for (size_t i = 0; i < s->scopes.len; i++) {
    Group *gr = &s->scopes.data[i];
    if (!gr->ok || gr->g->kind != ATTACH_FUNC || !gr->nbound)
      continue;
    const char *why = NULL;
    if (params_plan(ctx, gr->g, gr->bound, gr->nbound, &s->stored, &s->funcs, &why)) {
      report(s, gr->g->pragma_span.start,
             "parameters not replaced: %s; each loop nest using them assembles "
             "them at entry", why);
      diag_warning(ctx->diags, ctx->file, trim_nl(ctx->file, gr->g->pragma_span),
                   "parameters not replaced: %s; each loop nest using them "
                   "assembles them at entry", why);
    }
  }
  for (size_t i = 0; i < s->scopes.len; i++) {
    Group *gr = &s->scopes.data[i];
    if (!gr->ok || gr->g->kind != ATTACH_DECL)
      continue;
    for (int b = 0; b < gr->nbound; b++) {
      Stored st;
      const char *why = NULL;
      if (storage_plan(ctx, gr->g, &gr->bound[b], &st, &why)) {
        const BoundArray *ba = &gr->bound[b];
        diag_warning(ctx->diags, ctx->file, ba->b->name_span,
                     "'%s' keeps its dense storage: %s; each loop nest using "
                     "it assembles it at entry",
                     ba->b->name, why);
        report(s, gr->g->pragma_span.start, "storage of '%s' not replaced: %s",
               ba->b->name, why);
        continue;
      }
      ARRAY_PUSH(ctx->arena, s->stored, st);
    }
  }
  if (!s->stored.len)
    return;
  if (uses_collect(ctx, s->ct, s->stored.data, (int)s->stored.len, s->funcs.data,
                   (int)s->funcs.len, s->groups, s->ngroups, &s->uses) < 0) {
    s->rc = -1;
    return;
  }
  for (size_t i = 0; i < s->stored.len; i++) {
    Stored *st = &s->stored.data[i];
    if (st->dropped && st->reshaped) {
      /* its shape is the pragma's no longer: no kernel over it */
      report(s, st->g->pragma_span.start,
             "storage of '%s' not replaced (see the warning); the loop nests "
             "using it stay as written", st->ba.b->name);
      for (size_t g = 0; g < s->scopes.len; g++) {
        Group *gr = &s->scopes.data[g];
        int w = 0;
        for (int b = 0; b < gr->nbound; b++)
          if (!(gr->bound[b].decl.name_offset == st->ba.decl.name_offset &&
                gr->bound[b].b == st->ba.b))
            gr->bound[w++] = gr->bound[b];
        gr->nbound = w;
      }
      continue;
    }
    if (st->dropped) {
      report(s, st->g->pragma_span.start,
             "storage of '%s' not replaced (see the warning); each loop nest "
             "using it assembles it at entry", st->ba.b->name);
      continue;
    }
    ARRAY_PUSH(ctx->arena, s->handles, st->ba);
    for (size_t g = 0; g < s->scopes.len; g++)
      for (int b = 0; b < s->scopes.data[g].nbound; b++)
        if (s->scopes.data[g].bound[b].decl.name_offset == st->ba.decl.name_offset &&
            s->scopes.data[g].bound[b].b == st->ba.b)
          s->scopes.data[g].bound[b].handle = st->ba.handle;
  }
  /* nests that assign every element are rewritten here, not as kernels:
   * reserve them (text filled in by emit_storage) */
  for (size_t i = 0; i < uses_count(s->uses); i++) {
    size_t a, b;
    int nest;
    uses_region(s->uses, i, &a, &b, &nest);
    if (!nest)
      continue;
    const char *name;
    int zero;
    uses_nest_info(s->uses, i, &name, &zero);
    if (zero)
      report(s, a, "fill loop: zeroes every element of '%s': rewritten as a "
             "clear of its tensor (the loop runs, clearing element by "
             "element, only when its bounds are not the array's extents)",
             name);
    else
      report(s, a, "fill loop: assigns every element of '%s' with '=': "
             "rewritten as a clear of its tensor and an insert of each "
             "non-zero value (when its bounds are the array's extents; else "
             "an insert of every value)", name);
    unsigned line, col;
    source_line_col(ctx->file, b, &line, &col);
    Edit e = {a, b, NULL, line};
    ARRAY_PUSH(ctx->arena, s->edits, e);
  }
}

static void scan_scope(S *s, const Group *gr, const char *what) {
  SparsifyCtx *ctx = s->ctx;
  const Attachment *g = gr->g;
  TSNode t = g->target;
  int is_func = g->kind == ATTACH_FUNC;
  TSNode body = is_func ? node_field(t, "body") : t;
  int replaced = 0;
  if (!gr->nbound) /* its arrays were reshaped (plan_storage) */
    return;
  for (int b = 0; b < gr->nbound; b++)
    replaced += gr->bound[b].handle != NULL;
  if (!replaced)
    report(s, g->pragma_span.start,
           "pragma on a %s: storage not replaced; each loop nest using %s%s "
           "is a kernel that assembles it at entry",
           what, gr->nbound > 1 ? "the arrays, e.g. " : "", gr->bound[0].b->name);
  ExtractEnv env = {ctx,  s->ct, gr->bound,      gr->nbound,
                    NULL, g->pragma_span, 0, 0,
                    s->handles.data, (int)s->handles.len};
  if (is_func) {
    if (!ts_node_is_null(body))
      scan(s, &env, body);
    return;
  }
  /* the declaration's scope: what follows it in its block (or file) */
  TSNode cur = t;
  for (;;) {
    for (TSNode n = ts_node_next_named_sibling(cur); !ts_node_is_null(n);
         n = ts_node_next_named_sibling(n))
      scan(s, &env, n);
    TSNode p = ts_node_parent(cur);
    if (ts_node_is_null(p) || strncmp(ts_node_type(p), "preproc_", 8))
      break;
    cur = p;
  }
}

static void add_edit(void *arg, size_t start, size_t end, const char *text) {
  S *s = arg;
  unsigned line = 0, col;
  if (strchr(text, '\n'))
    source_line_col(s->ctx->file, end, &line, &col);
  Edit e = {start, end, text, line};
  ARRAY_PUSH(s->ctx->arena, s->edits, e);
}

typedef struct LoopCallNote {
  S *s;
  const char *fn;
} LoopCallNote;

static void note_loop_call(void *arg, TSNode call, TSNode a, TSNode loop, int kept) {
  LoopCallNote *n = arg;
  const SourceFile *f = n->s->ctx->file;
  int an = (int)(ts_node_end_byte(a) - ts_node_start_byte(a));
  const char *at = f->text + ts_node_start_byte(a);
  unsigned line, col;
  source_presumed(f, ts_node_start_byte(loop), &line, &col);
  if (kept)
    report(n->s, ts_node_start_byte(call), "note: the call of '%s' passes the "
           "dense array '%.*s' from inside the loop at line %u: '%s' assembles it "
           "at each call; the pragma on the declaration of '%.*s' keeps its dense "
           "storage (see the warning there)", n->fn, an, at, line, n->fn, an, at);
  else
    report(n->s, ts_node_start_byte(call), "note: the call of '%s' passes the "
           "dense array '%.*s' from inside the loop at line %u: '%s' assembles it "
           "at each call; a pragma on the declaration of '%.*s' stores it sparse "
           "and the call passes it through", n->fn, an, at, line, n->fn, an, at);
}

/* Case 2 edits: each converted function's parameters, prototypes and
 * wrappers; the report shows the new prototype, and the calls that
 * assemble a dense argument in a loop. */
static void emit_params(S *s) {
  for (size_t f = 0; f < s->funcs.len; f++) {
    FuncSig *fs = &s->funcs.data[f];
    fs->full = 0;
    for (int p = 0; p < fs->nparams; p++)
      if (fs->st[p] >= 0 && !s->stored.data[fs->st[p]].dropped)
        fs->full |= 1u << p;
    if (!fs->full)
      continue;
    const char *proto = params_edits(s->ctx, fs, s->stored.data, add_edit, s);
    const Stored *first = NULL;
    for (int p = 0; p < fs->nparams && !first; p++)
      if (fs->st[p] >= 0 && !s->stored.data[fs->st[p]].dropped)
        first = &s->stored.data[fs->st[p]];
    report(s, first->g->pragma_span.start, "function '%s' takes sparse tensors: "
           "new prototype %s; '%s' keeps its prototype and assembles its array "
           "arguments (calls passing dense arrays)", fs->name, proto, fs->name);
    for (int m = 0; m < fs->nmasks; m++)
      if (fs->masks[m])
        report(s, first->g->pragma_span.start, "calls of '%s' with dense arrays go "
               "through %s (assembled at the call, scattered back)", fs->name,
               params_wrapper_name(s->ctx, fs, fs->masks[m], fs->cmasks[m]));
    for (size_t c = 0; c < fs->conv.len; c++)
      report(s, fs->conv.data[c].off, "%s", fs->conv.data[c].text);
    LoopCallNote ln = {s, fs->name};
    params_loop_calls(s->ctx, s->ct, fs, s->stored.data, s->stored.len,
                      note_loop_call, &ln);
  }
}

/* Case 1 edits: the rewritten uses outside kernels, the declarations (and
 * their pragma lines), and the helpers at the top of the file. */
static void emit_storage(S *s) {
  SparsifyCtx *ctx = s->ctx;
  if (!s->handles.len)
    return;
  size_t nedits = s->edits.len;
  size_t nuses = 0;
  for (size_t i = 0; i < uses_count(s->uses); i++) {
    size_t a, b;
    int nest;
    uses_region(s->uses, i, &a, &b, &nest);
    if (nest) {
      for (size_t e = 0; e < nedits; e++)
        if (s->edits.data[e].start == a && s->edits.data[e].end == b &&
            !s->edits.data[e].text)
          s->edits.data[e].text = uses_text(s->uses, i);
      drop_loop_pragmas_before(s, a);
      nuses++;
      continue;
    }
    if ((a < b && overlaps(s, a, b)) || (a == b && overlaps(s, a, a + 1)))
      continue; /* inside a kernel: lowered through the handle */
    const char *why = "the loop nest around it is not a kernel as a whole";
    for (size_t r = 0; r < s->refused_nest.len; r++)
      if (s->refused_nest.data[r].start <= a && b <= s->refused_nest.data[r].end)
        why = s->refused_why.data[r];
    if (uses_alias_error(s->uses, i, why)) {
      s->rc = -1;
      continue;
    }
    const char *txt = uses_text(s->uses, i);
    unsigned line = 0, col;
    if (strchr(txt, '\n'))
      source_line_col(ctx->file, b, &line, &col);
    Edit e = {a, b, txt, line};
    ARRAY_PUSH(ctx->arena, s->edits, e);
    nuses++;
  }
  for (size_t i = 0; i < s->scopes.len; i++) {
    const Group *gr = &s->scopes.data[i];
    const Attachment *g = gr->g;
    if (g->kind != ATTACH_DECL)
      continue;
    int any = 0;
    for (size_t k = 0; k < s->stored.len; k++)
      if (s->stored.data[k].g == g && !s->stored.data[k].dropped) {
        any = 1;
        const Stored *st = &s->stored.data[k];
        report(s, g->pragma_span.start,
               "'%s' stored as a sparse tensor (%s): the dense block is never "
               "allocated; element reads are lookups, writes buffered inserts",
               st->ba.b->name,
               st->ba.b->enc.format_name ? st->ba.b->enc.format_name : "custom encoding");
      }
    if (!any)
      continue;
    unsigned line, col;
    source_line_col(ctx->file, g->pragma_span.end, &line, &col);
    Edit pe = {g->line_start, g->pragma_span.end, "", line};
    ARRAY_PUSH(ctx->arena, s->edits, pe);
    size_t ds = ts_node_start_byte(g->target), de = ts_node_end_byte(g->target);
    source_line_col(ctx->file, de, &line, &col);
    Edit de_ = {ds, de,
                storage_decl_text(ctx, s->stored.data, (int)s->stored.len, g), line};
    ARRAY_PUSH(ctx->arena, s->edits, de_);
  }
  emit_params(s);
  ARRAY(const char *) texts = {0};
  for (size_t i = 0; i < s->edits.len; i++)
    ARRAY_PUSH(ctx->arena, texts, s->edits.data[i].text);
  Edit pre = {0, 0, storage_prelude(ctx->arena, texts.data, texts.len), 1};
  ARRAY_PUSH(ctx->arena, s->edits, pre);
  ctx->need_runtime_include |= 1;
  (void)nuses;
}

/* Other tools' parallel pragmas over rewritten code (frontend/threaded.h)
 * are taken out, their lines kept empty (or an `omp single`) so that the
 * lines after them keep their numbers; each with a warning, the sequential
 * run costing the user the threads. */
static void serialize_parallel(S *s) {
  SparsifyCtx *ctx = s->ctx;
  SerialPragma *sp;
  size_t n = threaded_pragmas(ctx->file, ts_tree_root_node(ctx->tree), s->edits.data,
                              s->edits.len, ctx->arena, &sp);
  for (size_t i = 0; i < n; i++) {
    size_t nl = 0;
    for (size_t p = sp[i].start; p < sp[i].end; p++) nl += ctx->file->text[p] == '\n';
    char *text = arena_alloc(ctx->arena, strlen(sp[i].repl) + nl + 1);
    strcpy(text, sp[i].repl);
    memset(text + strlen(sp[i].repl), '\n', nl);
    text[strlen(sp[i].repl) + nl] = 0;
    Edit e = {sp[i].start, sp[i].end, text, 0};
    ARRAY_PUSH(ctx->arena, s->edits, e);
    const char *why = "the statement it applies to reads or writes an array stored "
                      "sparse through the runtime (lookups, buffered inserts), which "
                      "threads cannot share";
    if (*sp[i].repl) {
      diag_warning(ctx->diags, ctx->file, span_make(sp[i].start, sp[i].end),
                   "'%.200s' replaced by '%s': %s; one thread runs it", sp[i].one,
                   sp[i].repl, why);
      report(s, sp[i].start, "note: '%.200s' replaced by '%s': %s; one thread runs it",
             sp[i].one, sp[i].repl, why);
    } else {
      diag_warning(ctx->diags, ctx->file, span_make(sp[i].start, sp[i].end),
                   "'%.200s' dropped: %s; it runs on one thread", sp[i].one, why);
      report(s, sp[i].start, "note: '%.200s' dropped: %s; it runs on one thread",
             sp[i].one, why);
    }
  }
}

/* ---- entry ------------------------------------------------------------- */

/* The deepest syntax tree the passes take: they recurse once or more per
 * level, and a 10,000-term sum overflowed an 8 MB stack (6,000 terms
 * under ASan); 1000 leaves a wide margin and any real statement. */
#define SPARSIFY_MAX_DEPTH 1000

/* by start; at one offset an insertion (empty range) comes first, so the
 * helpers inserted at byte 0 precede a rewrite of a pragma on line 1 */
static int edit_cmp_less(const Edit *a, const Edit *b) {
  return a->start < b->start ||
         (a->start == b->start && a->start == a->end && b->end > b->start);
}

static int sparsify_groups(SparsifyCtx *ctx, Edits *edits) {
  S s;
  memset(&s, 0, sizeof s);
  s.ctx = ctx;
  s.ngroups = attach_pragmas(ctx, &s.groups);
  int need_ct = 0;
  for (size_t i = 0; i < s.ngroups; i++) {
    const Attachment *g = &s.groups[i];
    if (g->kind == ATTACH_NONE) {
      const char *as = attach_assigned_name(ctx, g);
      if (as)
        diag_warning(ctx->diags, ctx->file, trim_nl(ctx->file, g->pragma_span),
                     "pragma sparse ignored: not followed by a declaration, "
                     "function definition or loop; the statement after it "
                     "assigns '%s': put the pragma before the declaration of "
                     "'%s'", as, as);
      else
        diag_warning(ctx->diags, ctx->file, trim_nl(ctx->file, g->pragma_span),
                     "pragma sparse ignored: not followed by a declaration, "
                     "function definition or loop");
      continue;
    }
    if (g->kind == ATTACH_DECL && g->vec)
      diag_warning(ctx->diags, ctx->file, trim_nl(ctx->file, g->vec->span),
                   "pragma sparse %s ignored: it applies to a loop or a "
                   "function definition, not a declaration",
                   g->vec->kind == PRAGMA_NOVECTORIZE ? "novectorize" : "vectorize");
    if (g->nenc)
      need_ct = 1;
  }
  if (!need_ct)
    return 0;
  const char *why = NULL;
  /* the passes walk expressions recursively: a deeper file (a sum of
   * thousands of terms on one line) is left as it is */
  uint32_t depth = node_depth(ts_tree_root_node(ctx->tree), SPARSIFY_MAX_DEPTH);
  if (depth > SPARSIFY_MAX_DEPTH)
    why = arena_printf(ctx->arena,
                       "the file nests more than %d levels deep (a statement "
                       "or expression too long to model)",
                       SPARSIFY_MAX_DEPTH);
  else
    s.ct = ct_open(ctx->file, ctx->tree, ctx->clang_args, ctx->nclang_args,
                   ctx->arena, &why);
  if (!s.ct) {
    for (size_t i = 0; i < s.ngroups; i++)
      if (s.groups[i].kind != ATTACH_NONE && s.groups[i].nenc) {
        diag_warning(ctx->diags, ctx->file, trim_nl(ctx->file, s.groups[i].pragma_span),
                     "pragma sparse not applied: %s", why);
        report(&s, s.groups[i].pragma_span.start, "kernel not sparsified: %s", why);
      }
    return 0;
  }
  /* a pragma in a branch the compiler does not see binds nothing */
  for (size_t i = 0; i < s.ngroups; i++)
    if (s.groups[i].nenc && ct_inactive(s.ct, s.groups[i].pragma_span.start)) {
      report(&s, s.groups[i].pragma_span.start,
             "pragma ignored: in a preprocessor branch that is not compiled");
      s.groups[i].nenc = 0;
    }
  for (size_t i = 0; i < s.ngroups; i++)
    if (s.groups[i].nenc > 1 && bound_twice(&s, &s.groups[i])) {
      s.rc = -1;
      s.groups[i].nenc = 0;
    }
  for (size_t i = 0; i < s.ngroups; i++)
    if (s.groups[i].nenc &&
        (s.groups[i].kind == ATTACH_DECL || s.groups[i].kind == ATTACH_FUNC))
      bind_scope(&s, &s.groups[i]);
  plan_storage(&s);
  if (s.rc) {
    ct_close(s.ct);
    return s.rc;
  }
  for (size_t i = 0; i < s.ngroups; i++)
    if (s.groups[i].kind == ATTACH_LOOP && s.groups[i].nenc)
      do_loop(&s, &s.groups[i]);
  for (size_t i = 0; i < s.scopes.len; i++)
    scan_scope(&s, &s.scopes.data[i],
               s.scopes.data[i].g->kind == ATTACH_DECL ? "declaration"
                                                       : "function definition");
  emit_storage(&s);
  emit_hoists(&s);
  kept_notes(&s);
  serialize_parallel(&s);
  ct_close(s.ct);
  /* edits against the original, in order */
  for (size_t i = 1; i < s.edits.len; i++)
    for (size_t j = i; j > 0 && edit_cmp_less(&s.edits.data[j], &s.edits.data[j - 1]); j--) {
      Edit t = s.edits.data[j];
      s.edits.data[j] = s.edits.data[j - 1];
      s.edits.data[j - 1] = t;
    }
  for (size_t i = 0; i < s.edits.len; i++)
    ARRAY_PUSH(ctx->arena, *edits, s.edits.data[i]);
  return s.rc;
}

/* The length of the report entry at p (text up to end): its head line
 * and the indented lines under it. */
static size_t entry_len(const char *p, const char *end) {
  const char *q = p;
  do {
    const char *e = memchr(q, '\n', (size_t)(end - q));
    q = e ? e + 1 : end;
  } while (q < end && *q == ' ');
  return (size_t)(q - p);
}

/* Drops each report entry after `from` equal to an earlier one: a nest
 * using arrays of two declaration groups is tried by each, and its
 * decision (a split, a refusal) is said once, as its warning is
 * (diag_add). */
static void drop_repeated_entries(StrBuf *r, size_t from) {
  if (!r || !r->data || r->len <= from) return;
  size_t w = from;
  for (size_t p = from; p < r->len;) {
    size_t n = entry_len(r->data + p, r->data + r->len);
    int seen = 0;
    for (size_t q = from; q < w && !seen;) {
      size_t m = entry_len(r->data + q, r->data + w);
      seen = m == n && !memcmp(r->data + q, r->data + p, n);
      q += m;
    }
    if (!seen) {
      memmove(r->data + w, r->data + p, n);
      w += n;
    }
    p += n;
  }
  r->len = w;
  r->data[w] = 0;
}

int sparsify_file(SparsifyCtx *ctx, Edits *edits) {
  size_t mark = ctx->report ? ctx->report->len : 0;
  int rc = sparsify_groups(ctx, edits);
  drop_repeated_entries(ctx->report, mark);
  return rc;
}
