/* vaccount.c — the vectorizer's account of a kernel's innermost loops
 * (vectorize.h): with a SIMD backend on, every innermost loop of the
 * kernel gets a report line, `vectorized: ...` or `not vectorized:
 * <reason>`. The loop emitter (src/lower/coiter.c) says why at each place
 * it emits an innermost loop without offering it to the vectorizer
 * (vec_note_scalar); vec_account() checks the kernel's IR against the
 * report afterwards, independently of the emission paths, and adds a line
 * for a loop that got none (a shape nobody accounted for: tests/vector/
 * run_account.sh fails on it); a kernel whose pragma turns the command
 * line's backend off says so, and one whose pragma names no backend
 * under --simd=none says that none stands. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "vector/vconfig.h"
#include "vector/vectorize.h"

/* Whether a SIMD backend is on for the kernel being lowered (pragma: its
 * vectorize pragma counts; else the command line alone). */
static int simd_on_by(Lower *L, int pragma) {
  VecConfig cfg;
  const SparsifyCtx *ctx = L->ctx;
  vec_config(L->arena, ctx->opts, pragma ? L->k->vec_pragma : NULL,
             ctx->clang_args, ctx->nclang_args, &cfg);
  return cfg.ops != NULL;
}

static int simd_on(Lower *L) { return simd_on_by(L, 1); }

int vec_simd_on(Lower *L) { return simd_on(L); }

void vec_note_scalar(Lower *L, const IrNode *n, const char *fmt, ...) {
  if (!vec_innermost(n) || !simd_on(L)) return;
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  lower_note(L, "loop %s: not vectorized: %s", L->k->vars[n->var].name, buf);
}

/* Report lines about loop `name`'s vectorization. */
static int notes_of(const Lower *L, const char *name) {
  const char *s = L->notes.data;
  if (!s) return 0;
  int k = 0;
  size_t nl = strlen(name);
  for (const char *p = s; *p;) {
    const char *e = strchr(p, '\n');
    if (!strncmp(p, "  loop ", 7) && !strncmp(p + 7, name, nl) &&
        (!strncmp(p + 7 + nl, ": vectorized:", 13) ||
         !strncmp(p + 7 + nl, ": not vectorized:", 17)))
      k++;
    if (!e) break;
    p = e + 1;
  }
  return k;
}

/* The innermost loops of the tree at n, counted per loop variable. */
static void count_innermost(const IrNode *n, int *count) {
  if (n->kind != IR_NODE_LOOP) return;
  if (vec_innermost(n)) {
    count[n->var]++;
    return;
  }
  for (int i = 0; i < n->nbody; i++) count_innermost(n->body[i], count);
}

void vec_account(Lower *L) {
  if (!L->k->root) return;
  if (!simd_on(L)) {
    const Pragma *vp = L->k->vec_pragma;
    const Options *o = L->ctx->opts;
    if (vp && simd_on_by(L, 0))
      lower_note(L, "vectorization: off for this kernel (its pragma)");
    else if (vp && vp->kind == PRAGMA_VECTORIZE && !vp->vec.simd && o &&
             o->simd_given && o->simd == SIMD_NONE)
      /* the pragma asks for vectorization but names no backend: the
       * command line's none stands (its fields override only what they
       * name) */
      lower_note(L, "vectorization: scalar: --simd=none applies to this "
                 "kernel, whose vectorize pragma names no backend (%s'simd "
                 "= B' in the pragma picks one)",
                 vp->vec.vla ? "vla ignored; " : "");
    return;
  }
  int count[IR_MAX_VARS] = {0};
  count_innermost(L->k->root, count);
  for (int v = 0; v < L->k->nvars && v < IR_MAX_VARS; v++) {
    if (!count[v]) continue;
    const char *name = L->k->vars[v].name;
    for (int k = notes_of(L, name); k < count[v]; k++)
      lower_note(L, "loop %s: not vectorized: unaccounted (a loop shape the "
                 "vectorizer was not told about)", name);
  }
}
