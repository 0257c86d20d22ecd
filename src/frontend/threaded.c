/* threaded.c — other tools' parallel pragmas over rewritten code (see
 * threaded.h): the pragma lines and the statements they govern, the
 * functions of the file that run rewritten code (directly or through
 * calls), and the pragmas to take out. */
#include "frontend/threaded.h"

#include <string.h>

#include "frontend/foreign_pragmas.h"
#include "frontend/tsnode.h"

/* A pragma line of another tool and the statement after it. */
typedef struct PragmaStmt {
  size_t start, end;           /* the pragma's lines, without the last newline */
  const char *one;             /* joined on one line */
  TSNode stmt;                 /* the statement after it (null: none) */
  size_t stmt_start, stmt_end; /* its bytes (0, 0: none) */
} PragmaStmt;

typedef struct Func {
  const char *name;
  TSNode body;
  int runs;                    /* runs rewritten code, itself or by a call */
} Func;

typedef struct T {
  const SourceFile *f;
  const Edit *edits;
  size_t nedits;
  Arena *a;
  ARRAY(PragmaStmt) prags;
  ARRAY(Func) funcs;
  ARRAY(Span) guarded;         /* statements one thread runs at a time */
  const PragmaStmt *self;      /* the pragma being decided: its own guard
                                  (an `omp single` it becomes) not counted */
} T;

/* The pragma at [s, e) on one line: each backslash-newline (and the blanks
 * around it) one space. */
static const char *join_lines(Arena *a, const char *t, size_t s, size_t e) {
  char *one = arena_alloc(a, e - s + 1);
  size_t w = 0;
  for (size_t p = s; p < e; p++) {
    if (t[p] == '\\' && p + 1 < e && (t[p + 1] == '\n' || t[p + 1] == '\r')) {
      while (w > 0 && (one[w - 1] == ' ' || one[w - 1] == '\t')) w--;
      while (p + 1 < e && strchr("\r\n \t", t[p + 1])) p++;
      one[w++] = ' ';
      continue;
    }
    one[w++] = t[p] == '\r' || t[p] == '\n' ? ' ' : t[p];
  }
  one[w] = 0;
  return one;
}

static int is_pragma_line(const T *t, TSNode n) {
  if (!node_is(n, "preproc_call")) return 0;
  TSNode d = node_field(n, "directive");
  return !ts_node_is_null(d) && ts_node_end_byte(d) - ts_node_start_byte(d) == 7 &&
         !memcmp(t->f->text + ts_node_start_byte(d), "#pragma", 7);
}

/* The statement a pragma line at n governs: the next named sibling that is
 * neither a comment nor another pragma line. */
static TSNode governed(const T *t, TSNode n) {
  TSNode s = ts_node_next_named_sibling(n);
  while (node_is(s, "comment") || is_pragma_line(t, s)) s = ts_node_next_named_sibling(s);
  return s;
}

static const char *func_name(const T *t, TSNode def) {
  TSNode d = node_field(def, "declarator");
  while (!ts_node_is_null(d) && !node_is(d, "function_declarator"))
    d = node_field(d, "declarator");
  TSNode id = node_field(d, "declarator");
  if (!node_is(id, "identifier")) return NULL;
  return arena_strndup(t->a, t->f->text + ts_node_start_byte(id),
                       ts_node_end_byte(id) - ts_node_start_byte(id));
}

static void collect(T *t, TSNode n) {
  if (is_pragma_line(t, n)) {
    const char *txt = t->f->text;
    size_t s = ts_node_start_byte(n), e = ts_node_end_byte(n);
    while (e > s && (txt[e - 1] == '\n' || txt[e - 1] == '\r')) e--;
    TSNode st = governed(t, n);
    PragmaStmt p = {s, e, join_lines(t->a, txt, s, e), st, 0, 0};
    if (!ts_node_is_null(st)) {
      p.stmt_start = ts_node_start_byte(st);
      p.stmt_end = ts_node_end_byte(st);
    }
    ARRAY_PUSH(t->a, t->prags, p);
    return;
  }
  if (node_is(n, "function_definition")) {
    Func fn = {func_name(t, n), node_field(n, "body"), 0};
    if (fn.name) ARRAY_PUSH(t->a, t->funcs, fn);
  }
  uint32_t nc = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < nc; i++) collect(t, ts_node_named_child(n, i));
}

/* The edit covering the pragma's lines, or NULL. */
static const Edit *covering(const T *t, const PragmaStmt *p) {
  for (size_t i = 0; i < t->nedits; i++)
    if (t->edits[i].start <= p->start && t->edits[i].end >= p->end &&
        t->edits[i].end > t->edits[i].start)
      return &t->edits[i];
  return NULL;
}

static int in_guarded(const T *t, size_t a, size_t b) {
  for (size_t i = 0; i < t->guarded.len; i++) {
    const Span g = t->guarded.data[i];
    if (t->self && g.start == t->self->end && g.end == t->self->stmt_end) continue;
    if (a >= g.start && b <= g.end) return 1;
  }
  return 0;
}

/* Whether an edit's text runs under `#pragma omp single` (a kernel that
 * replaced an `omp for` with the pragma lines it consumed). */
static int single_text(const char *text) {
  if (!text) return 0;
  while (*text == ' ' || *text == '\t' || *text == '\n' || *text == '\r') text++;
  return !strncmp(text, "#pragma omp single", 18);
}

/* Whether bytes [a, b) hold an edit that threads would run at once. */
static int edited(const T *t, size_t a, size_t b) {
  for (size_t i = 0; i < t->nedits; i++) {
    const Edit *e = &t->edits[i];
    if (e->start >= a && e->end <= b && e->end > a && !single_text(e->text) &&
        !in_guarded(t, e->start, e->end))
      return 1;
  }
  return 0;
}

static const Func *func_named(const T *t, const char *name, size_t len) {
  for (size_t i = 0; i < t->funcs.len; i++)
    if (strlen(t->funcs.data[i].name) == len && !memcmp(t->funcs.data[i].name, name, len))
      return &t->funcs.data[i];
  return NULL;
}

/* Whether n calls, outside the guarded statements, a function of the file
 * that runs rewritten code. */
static int calls_runner(const T *t, TSNode n) {
  if (in_guarded(t, ts_node_start_byte(n), ts_node_end_byte(n))) return 0;
  if (node_is(n, "call_expression")) {
    TSNode fn = node_field(n, "function");
    if (node_is(fn, "identifier")) {
      const Func *f = func_named(t, t->f->text + ts_node_start_byte(fn),
                                 ts_node_end_byte(fn) - ts_node_start_byte(fn));
      if (f && f->runs) return 1;
    }
  }
  uint32_t nc = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < nc; i++)
    if (calls_runner(t, ts_node_named_child(n, i))) return 1;
  return 0;
}

size_t threaded_pragmas(const SourceFile *f, TSNode root, const Edit *edits,
                        size_t nedits, Arena *a, SerialPragma **out) {
  T t;
  memset(&t, 0, sizeof t);
  t.f = f;
  t.edits = edits;
  t.nedits = nedits;
  t.a = a;
  collect(&t, root);
  for (size_t i = 0; i < t.prags.len; i++) {
    const PragmaStmt *p = &t.prags.data[i];
    const Edit *cov = covering(&t, p);
    /* from the pragma's end: a rewritten statement's edit takes the
     * indentation before it */
    if (p->stmt_end > p->stmt_start &&
        ((cov && single_text(cov->text)) || foreign_omp_is(p->one, "single") ||
         foreign_omp_is(p->one, "master") || foreign_omp_is(p->one, "masked") ||
         foreign_omp_is(p->one, "critical")))
      ARRAY_PUSH(a, t.guarded, span_make(p->end, p->stmt_end));
  }
  /* functions running rewritten code, then those calling them, until none
   * is added */
  for (size_t i = 0; i < t.funcs.len; i++) {
    Func *fn = &t.funcs.data[i];
    fn->runs = !ts_node_is_null(fn->body) &&
               edited(&t, ts_node_start_byte(fn->body), ts_node_end_byte(fn->body));
  }
  for (int added = 1; added;) {
    added = 0;
    for (size_t i = 0; i < t.funcs.len; i++) {
      Func *fn = &t.funcs.data[i];
      if (!fn->runs && !ts_node_is_null(fn->body) && calls_runner(&t, fn->body))
        fn->runs = added = 1;
    }
  }
  /* which pragmas go; an `omp for` that becomes `omp single` guards its
   * loop, which may keep the region around it: decided again until no
   * guard is added */
  char *out_ = arena_alloc(a, t.prags.len + 1);
  for (int added = 1; added;) {
    added = 0;
    for (size_t i = 0; i < t.prags.len; i++) {
      const PragmaStmt *p = &t.prags.data[i];
      t.self = p;
      out_[i] = foreign_parallel_pragma(p->one) && p->stmt_end > p->stmt_start &&
                !covering(&t, p) &&
                (edited(&t, p->stmt_start, p->stmt_end) || calls_runner(&t, p->stmt));
      t.self = NULL;
      if (out_[i] && foreign_omp_single(p->one) &&
          !in_guarded(&t, p->end, p->stmt_end)) {
        ARRAY_PUSH(a, t.guarded, span_make(p->end, p->stmt_end));
        added = 1;
      }
    }
  }
  ARRAY(SerialPragma) res = {0};
  for (size_t i = 0; i < t.prags.len; i++) {
    const PragmaStmt *p = &t.prags.data[i];
    if (!out_[i]) continue;
    const char *single = foreign_omp_single(p->one);
    SerialPragma sp = {p->start, p->end, p->one, single ? single : ""};
    ARRAY_PUSH(a, res, sp);
  }
  *out = res.data;
  return res.len;
}
