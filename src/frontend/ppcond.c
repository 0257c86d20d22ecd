/* ppcond.c — preprocessor conditionals inside a loop nest: the branch this
 * build compiles and the guard that keeps a rewritten kernel to this
 * configuration (ppcond.h).
 *
 * A branch holding statements is compiled when its first statement is
 * outside every range the C parser skipped: a skipped range runs from the
 * `#` of the directive that starts skipping to the end of the directive
 * line that ends it, so the directive lines themselves do not tell, but
 * the statements after them do. An empty branch (comments only) compiles
 * nothing either way, and needs no answer. */
#include "frontend/ppcond.h"

#include <string.h>

#include "frontend/tsnode.h"

int ppcond_is(TSNode n) {
  return node_is(n, "preproc_if") || node_is(n, "preproc_ifdef");
}

/* Whether child i of b is a statement of the branch. */
static int body_child(TSNode b, uint32_t i) {
  TSNode c = ts_node_child(b, i);
  if (!ts_node_is_named(c)) return 0;
  const char *fld = ts_node_field_name_for_child(b, i);
  return !fld || (strcmp(fld, "condition") && strcmp(fld, "name") &&
                  strcmp(fld, "alternative"));
}

TSNode ppcond_next(TSNode b, uint32_t *i) {
  uint32_t k = ts_node_child_count(b);
  while (*i < k) {
    uint32_t at = (*i)++;
    if (body_child(b, at)) return ts_node_child(b, at);
  }
  return (TSNode){0};
}

/* The first statement of branch b that is not a comment; a null node when
 * the branch holds none. */
static TSNode first_stmt(TSNode b) {
  uint32_t i = 0;
  for (TSNode c = ppcond_next(b, &i); !ts_node_is_null(c); c = ppcond_next(b, &i))
    if (!node_is(c, "comment")) return c;
  return (TSNode){0};
}

/* The branches of conditional n in order; their number, or -1 when more
 * than PPCOND_MAX_BRANCHES. */
static int branches(TSNode n, TSNode *out) {
  int nb = 0;
  for (TSNode b = n; !ts_node_is_null(b); b = node_field(b, "alternative")) {
    if (nb == PPCOND_MAX_BRANCHES) return -1;
    out[nb++] = b;
  }
  return nb;
}

int ppcond_active(const CTypes *ct, TSNode n, TSNode *branch) {
  TSNode br[PPCOND_MAX_BRANCHES];
  int nb = branches(n, br);
  if (!ct || nb < 0) return -1;
  int found = 0;
  for (int i = 0; i < nb; i++) {
    TSNode s = first_stmt(br[i]);
    if (ts_node_is_null(s) || ct_inactive(ct, ts_node_start_byte(s))) continue;
    if (found++) return -1;
    *branch = br[i];
  }
  return found;
}

/* ---- the guard ---- */

#define AGAIN "run sparsecc again with this build's -D and -U flags"

static const char *str(const StrBuf *b) { return b->data ? b->data : ""; }

typedef struct G {
  const CTypes *ct;
  const SourceFile *f;
  const char *where;   /* "file.c:12", escaped for a string literal */
  StrBuf *notes;
  int count;
} G;

static void put_text(StrBuf *sb, const SourceFile *f, TSNode n) {
  sb_append(sb, f->text + ts_node_start_byte(n),
            ts_node_end_byte(n) - ts_node_start_byte(n));
}

/* `#ifdef DEBUG`, `#elif VERBOSE > 1`, `#else`: branch b's directive as
 * written (its continuation lines kept). */
static void directive(StrBuf *sb, const SourceFile *f, TSNode b) {
  put_text(sb, f, ts_node_child(b, 0));
  TSNode c = node_field(b, "condition");
  if (ts_node_is_null(c)) c = node_field(b, "name");
  if (!ts_node_is_null(c)) {
    sb_puts(sb, " ");
    put_text(sb, f, c);
  }
}

static void walk(G *g, TSNode n, StrBuf *out);

static void one(G *g, TSNode n, StrBuf *out) {
  TSNode br[PPCOND_MAX_BRANCHES], act = {0};
  int nb = branches(n, br);
  int found = ppcond_active(g->ct, n, &act);
  if (nb < 0 || found < 0) return; /* the nest was refused (extract) */
  g->count++;
  unsigned line, col;
  source_presumed(g->f, ts_node_start_byte(n), &line, &col);
  StrBuf head = {0};
  directive(&head, g->f, n);
  TSNode cond = node_field(n, "condition");
  if (nb == 1 && node_is(cond, "number_literal") && !strcmp(str(&head), "#if 0")) {
    /* never compiled in any build: nothing to guard */
    sb_printf(g->notes, "  preprocessor conditional at line %u (%s): never "
              "compiled, left out of the kernel\n", line, str(&head));
    sb_free(&head);
    return;
  }
  if (found && ts_node_start_byte(act) == ts_node_start_byte(n)) {
    sb_printf(g->notes, "  preprocessor conditional at line %u (%s): compiled "
              "in this build, in the kernel; its other branches are left "
              "out\n", line, str(&head));
  } else if (found) {
    unsigned al, ac;
    source_presumed(g->f, ts_node_start_byte(act), &al, &ac);
    StrBuf ad = {0};
    directive(&ad, g->f, act);
    sb_printf(g->notes, "  preprocessor conditional at line %u (%s): the "
              "branch this build compiles (line %u, %s) is in the kernel, "
              "the others are left out\n", line, str(&head), al, str(&ad));
    sb_free(&ad);
  } else {
    sb_printf(g->notes, "  preprocessor conditional at line %u (%s): not "
              "compiled in this build, left out of the kernel\n", line,
              str(&head));
  }
  sb_free(&head);
  int act_full = found && !ts_node_is_null(first_stmt(act));
  StrBuf t = {0};
  int errors = 0, has_else = 0;
  for (int i = 0; i < nb; i++) {
    directive(&t, g->f, br[i]);
    sb_puts(&t, "\n");
    has_else |= node_is(br[i], "preproc_else");
    int is_act = found && ts_node_start_byte(br[i]) == ts_node_start_byte(act);
    if (is_act) {
      size_t before = t.len;
      uint32_t k = 0;
      for (TSNode c = ppcond_next(act, &k); !ts_node_is_null(c); c = ppcond_next(act, &k))
        walk(g, c, &t);
      errors += t.len > before;
    } else if (act_full || !ts_node_is_null(first_stmt(br[i]))) {
      unsigned bl, bc;
      source_presumed(g->f, ts_node_start_byte(br[i]), &bl, &bc);
      sb_printf(&t, "#error \"sparsecc: the kernel of the loop nest at %s "
                "was rewritten without the branch at line %u, which this "
                "build compiles: %s\"\n", g->where, bl, AGAIN);
      errors++;
    }
  }
  if (!has_else && act_full) {
    unsigned al, ac;
    source_presumed(g->f, ts_node_start_byte(act), &al, &ac);
    sb_printf(&t, "#else\n#error \"sparsecc: the kernel of the loop nest at "
              "%s was rewritten with the branch at line %u, which this build "
              "does not compile: %s\"\n", g->where, al, AGAIN);
    errors++;
  }
  sb_puts(&t, "#endif\n");
  if (errors) sb_append(out, t.data, t.len);
  sb_free(&t);
}

static void walk(G *g, TSNode n, StrBuf *out) {
  if (ppcond_is(n)) {
    one(g, n, out);
    return;
  }
  uint32_t k = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < k; i++) walk(g, ts_node_named_child(n, i), out);
}

int ppcond_guard(const CTypes *ct, const SourceFile *f, TSNode nest,
                 const char *where, StrBuf *guard, StrBuf *notes) {
  StrBuf w = {0};
  for (const char *p = where; *p; p++) {
    if (*p == '"' || *p == '\\') sb_puts(&w, "\\");
    sb_append(&w, p, 1);
  }
  G g = {ct, f, str(&w), notes, 0};
  walk(&g, nest, guard);
  sb_free(&w);
  return g.count;
}
