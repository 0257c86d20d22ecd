/* macros.c — element-access macros expanded before sparsification (see
 * macros.h). */
#include "frontend/macros.h"

#include <string.h>

#include "base/strbuf.h"
#include "frontend/tsnode.h"

typedef struct Macro {
  const char *name;
  const char *params[8];
  int nparams;
  const char *body;
  size_t def_end;
  int bad;             /* redefined, #undef'd, conditional */
  int access;          /* the body subscripts a pragma array: always expanded */
  int dense_access;    /* the body subscripts another array: expanded in a
                          loop nest that names a pragma array */
  int index;           /* the body is an index expression (`(i)*n+(j)`):
                          expanded as the subscript of a pragma array */
  int loop;            /* the body is a for header (`for (int i = 0; i <
                          (n); i++)`): always expanded, so that the loops
                          written through it are seen as loops */
} Macro;

typedef struct M {
  const SourceFile *f;
  Arena *a;
  Macro ms[32];
  int n;
  const char *const *names; /* words of the pragma lines */
  size_t nnames;
  const char *const *arrays; /* the arrays the pragmas bind */
  size_t narrays;
  StrBuf out;
  size_t copied;
  int nexp;
  ARRAY(SourceRepl) repl; /* each invocation replaced (arena) */
} M;

static const char *text(M *m, TSNode n) {
  return arena_strndup(m->a, m->f->text + ts_node_start_byte(n),
                       ts_node_end_byte(n) - ts_node_start_byte(n));
}

static int idc(char c) {
  return c == '_' || (c >= '0' && c <= '9') || ((c | 32) >= 'a' && (c | 32) <= 'z');
}

static int pragma_word(M *m, const char *w, size_t len) {
  for (size_t i = 0; i < m->nnames; i++)
    if (strlen(m->names[i]) == len && !memcmp(m->names[i], w, len))
      return 1;
  return 0;
}

/* Whether the body is NAME[..][..] (or that in parentheses) with NAME a
 * word of a pragma line (any name when `any`). */
static int access_body(M *m, const char *b, int any) {
  while (*b == ' ' || *b == '\t') b++;
  if (*b == '(') { /* (NAME[..]): the parentheses must enclose it all */
    size_t e = strlen(b);
    while (e && (b[e - 1] == ' ' || b[e - 1] == '\t')) e--;
    int depth = 0;
    for (size_t i = 0; i < e; i++) {
      if (b[i] == '(') depth++;
      else if (b[i] == ')' && --depth == 0 && i + 1 != e) return 0;
    }
    if (e < 2 || b[e - 1] != ')') return 0;
    return access_body(m, arena_strndup(m->a, b + 1, e - 2), any);
  }
  const char *s = b;
  if (!idc(*b) || (*b >= '0' && *b <= '9')) return 0;
  while (idc(*b)) b++;
  if (!any && !pragma_word(m, s, (size_t)(b - s))) return 0;
  while (*b == ' ' || *b == '\t') b++;
  if (*b != '[') return 0;
  while (*b == '[') {
    int depth = 0;
    for (; *b; b++) {
      if (*b == '[' || *b == '(') depth++;
      else if (*b == ']' || *b == ')') {
        if (--depth == 0) break;
      }
    }
    if (*b != ']') return 0;
    b++;
    while (*b == ' ' || *b == '\t') b++;
  }
  return *b == 0;
}

/* Whether the body is an index expression: names, integer constants,
 * blanks, parentheses and + - * / %, with at least one name. */
static int index_body(const char *b) {
  int names = 0;
  for (; *b; b++) {
    if (idc(*b)) {
      if (!(*b >= '0' && *b <= '9')) names = 1;
      while (idc(b[1])) b++;
    } else if (!strchr(" \t()+-*/%", *b)) {
      return 0;
    }
  }
  return names;
}

/* Whether the body is a for header and nothing else: `for` and a
 * parenthesized group that ends the body. */
static int loop_body(const char *b) {
  while (*b == ' ' || *b == '\t') b++;
  if (strncmp(b, "for", 3) || idc(b[3])) return 0;
  b += 3;
  while (*b == ' ' || *b == '\t') b++;
  if (*b != '(') return 0;
  int depth = 0;
  for (; *b; b++) {
    if (*b == '(') depth++;
    else if (*b == ')' && --depth == 0) break;
  }
  if (!*b) return 0;
  for (b++; *b == ' ' || *b == '\t'; b++) {}
  return *b == 0;
}

/* Whether the outermost for loop around n (in its function) names an
 * array a pragma binds: a loop nest that may become a kernel, where an
 * element-access macro of a dense operand (`X_(j, k)`) must be seen as
 * the subscript it is. */
static int in_pragma_nest(M *m, TSNode n) {
  TSNode outer = {0};
  for (TSNode p = ts_node_parent(n); !ts_node_is_null(p); p = ts_node_parent(p)) {
    if (node_is(p, "function_definition")) break;
    if (node_is(p, "for_statement")) outer = p;
  }
  if (ts_node_is_null(outer)) return 0;
  const char *t = m->f->text + ts_node_start_byte(outer);
  size_t len = ts_node_end_byte(outer) - ts_node_start_byte(outer);
  for (size_t i = 0; i < len;) {
    if (!idc(t[i])) {
      i++;
      continue;
    }
    size_t j = i;
    while (j < len && idc(t[j])) j++;
    for (size_t k = 0; k < m->narrays && !(t[i] >= '0' && t[i] <= '9'); k++)
      if (strlen(m->arrays[k]) == j - i && !memcmp(m->arrays[k], t + i, j - i))
        return 1;
    i = j;
  }
  return 0;
}

/* Whether the invocation n is the subscript of an array named in a pragma
 * line: `F[IDX(i, j)]`, `G[IDX(i, j)][k]`. */
static int pragma_subscript(M *m, TSNode n) {
  TSNode p = ts_node_parent(n);
  while (!ts_node_is_null(p) && node_is(p, "parenthesized_expression")) {
    n = p;
    p = ts_node_parent(p);
  }
  if (ts_node_is_null(p) || !node_is(p, "subscript_expression") ||
      !ts_node_eq(node_field(p, "index"), n))
    return 0;
  TSNode b = node_field(p, "argument");
  while (node_is(b, "subscript_expression")) b = node_field(b, "argument");
  if (!node_is(b, "identifier")) return 0;
  size_t s = ts_node_start_byte(b), e = ts_node_end_byte(b);
  return pragma_word(m, m->f->text + s, e - s);
}

/* Whether an argument is an array a pragma binds, or a subscript of it
 * (`NR(A)`, `NR(A[0])` with `#define NR(a) (sizeof(a) / sizeof((a)[0]))`):
 * the expansion, not the invocation, shows how the array is used. */
static int names_array(M *m, const char *const *av, int na) {
  for (int i = 0; i < na; i++) {
    const char *t = av[i];
    size_t l = strlen(t);
    for (;;) { /* blanks and enclosing parentheses off */
      while (l && (*t == ' ' || *t == '\t')) t++, l--;
      while (l && (t[l - 1] == ' ' || t[l - 1] == '\t')) l--;
      if (l < 2 || *t != '(' || t[l - 1] != ')') break;
      t++;
      l -= 2;
    }
    for (size_t k = 0; k < m->narrays; k++) {
      size_t n = strlen(m->arrays[k]);
      if (n > l || memcmp(m->arrays[k], t, n)) continue;
      while (n < l && (t[n] == ' ' || t[n] == '\t')) n++;
      if (n == l || t[n] == '[') return 1; /* `A`, `A[0]` */
    }
  }
  return 0;
}

static Macro *find(M *m, const char *name) {
  for (int i = 0; i < m->n; i++)
    if (!strcmp(m->ms[i].name, name)) return &m->ms[i];
  return NULL;
}

/* The definitions (at file level or in #include guards' bodies: only
 * top-level ones are taken; any under a conditional marks the name bad). */
static void defs(M *m, TSNode n, int cond) {
  const char *ty = ts_node_type(n);
  if (!strcmp(ty, "preproc_function_def") || !strcmp(ty, "preproc_def")) {
    TSNode nm = node_field(n, "name");
    if (!node_is(nm, "identifier")) return;
    const char *name = text(m, nm);
    Macro *x = find(m, name);
    if (x) { x->bad = 1; return; }
    if (m->n == 32 || strcmp(ty, "preproc_function_def")) {
      if (m->n < 32) { /* an object-like macro of that name: never expanded */
        Macro *o = &m->ms[m->n++];
        memset(o, 0, sizeof *o);
        o->name = name;
        o->bad = 1;
      }
      return;
    }
    Macro *d = &m->ms[m->n++];
    memset(d, 0, sizeof *d);
    d->name = name;
    d->def_end = ts_node_end_byte(n);
    d->bad = cond;
    TSNode ps = node_field(n, "parameters");
    uint32_t c = ts_node_named_child_count(ps);
    for (uint32_t i = 0; i < c; i++) {
      TSNode p = ts_node_named_child(ps, i);
      if (!node_is(p, "identifier") || d->nparams == 8) { d->bad = 1; break; }
      d->params[d->nparams++] = text(m, p);
    }
    if (ts_node_child_count(ps) > 2 * c + 1) d->bad = 1; /* `...` */
    TSNode v = node_field(n, "value");
    d->body = ts_node_is_null(v) ? "" : text(m, v);
    if (strchr(d->body, '#') || strchr(d->body, '\\') || strchr(d->body, '\n'))
      d->bad = 1;
    else if (access_body(m, d->body, 0))
      d->access = 1;
    else if (access_body(m, d->body, 1))
      d->dense_access = 1;
    else if (loop_body(d->body))
      d->loop = 1;
    else
      d->index = index_body(d->body);
    return;
  }
  if (!strcmp(ty, "preproc_call")) {
    TSNode dir = node_field(n, "directive");
    if (!ts_node_is_null(dir) && !strcmp(text(m, dir), "#undef")) {
      TSNode arg = node_field(n, "argument");
      if (!ts_node_is_null(arg)) {
        const char *t = text(m, arg);
        while (*t == ' ' || *t == '\t') t++;
        size_t l = 0;
        while (idc(t[l])) l++;
        const char *nm = arena_strndup(m->a, t, l);
        Macro *x = find(m, nm);
        if (x) x->bad = 1;
        else if (m->n < 32) {
          Macro *o = &m->ms[m->n++];
          memset(o, 0, sizeof *o);
          o->name = nm;
          o->bad = 1;
        }
      }
    }
    return;
  }
  int c2 = cond || !strncmp(ty, "preproc_if", 10) || !strncmp(ty, "preproc_elif", 12) ||
           !strcmp(ty, "preproc_else");
  if (strcmp(ty, "translation_unit") && strncmp(ty, "preproc_", 8)) return;
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++) defs(m, ts_node_named_child(n, i), c2);
}

/* The body with each parameter token replaced by its argument's text. */
static void substitute(M *m, const Macro *d, const char *const *args) {
  const char *b = d->body;
  while (*b == ' ' || *b == '\t') b++;
  size_t e = strlen(b);
  while (e && (b[e - 1] == ' ' || b[e - 1] == '\t')) e--;
  for (size_t i = 0; i < e;) {
    if (idc(b[i]) && !(b[i] >= '0' && b[i] <= '9')) {
      size_t j = i;
      while (j < e && idc(b[j])) j++;
      int hit = -1;
      for (int p = 0; p < d->nparams; p++)
        if (strlen(d->params[p]) == j - i && !memcmp(d->params[p], b + i, j - i)) hit = p;
      if (hit >= 0) sb_puts(&m->out, args[hit]);
      else sb_append(&m->out, b + i, j - i);
      i = j;
    } else if (b[i] >= '0' && b[i] <= '9') {
      size_t j = i;
      while (j < e && (idc(b[j]) || b[j] == '.')) j++;
      sb_append(&m->out, b + i, j - i);
      i = j;
    } else {
      sb_append(&m->out, b + i, 1);
      i++;
    }
  }
}

static void calls(M *m, TSNode n) {
  const char *ty = ts_node_type(n);
  if (!strncmp(ty, "preproc_", 8) && strcmp(ty, "preproc_if") && strcmp(ty, "preproc_ifdef") &&
      strcmp(ty, "preproc_else") && strcmp(ty, "preproc_elif"))
    return; /* a directive's text */
  if (!strcmp(ty, "call_expression") && node_is(node_field(n, "function"), "identifier")) {
    const char *name = text(m, node_field(n, "function"));
    Macro *d = find(m, name);
    TSNode args = node_field(n, "arguments");
    if (d && !d->bad && ts_node_start_byte(n) > d->def_end &&
        !ts_node_has_error(n)) {
      const char *av[8];
      int na = 0;
      uint32_t c = ts_node_named_child_count(args);
      for (uint32_t i = 0; i < c && na <= d->nparams; i++) {
        TSNode x = ts_node_named_child(args, i);
        if (node_is(x, "comment")) continue;
        if (na == 8) { na = 9; break; }
        av[na++] = text(m, x);
      }
      if (na == d->nparams &&
          (d->access || d->loop || (d->index && pragma_subscript(m, n)) ||
           names_array(m, av, na) || (d->dense_access && in_pragma_nest(m, n)))) {
        size_t s = ts_node_start_byte(n), e = ts_node_end_byte(n);
        sb_append(&m->out, m->f->text + m->copied, s - m->copied);
        size_t at = m->out.len;
        substitute(m, d, av);
        /* the lines an invocation spans stay lines: line numbers (and the
         * #line directives of the output) keep matching the file */
        for (size_t p = s; p < e; p++)
          if (m->f->text[p] == '\n') sb_puts(&m->out, "\n");
        SourceRepl r = {s, e, m->out.len - at};
        ARRAY_PUSH(m->a, m->repl, r);
        m->copied = e;
        m->nexp++;
        return; /* an invocation in an argument: the next round */
      }
    }
  }
  uint32_t c = ts_node_child_count(n);
  for (uint32_t i = 0; i < c; i++) calls(m, ts_node_child(n, i));
}

typedef ARRAY(const char *) Names;

/* The names an `encoding(...)` pragma binds, read off its text (it is
 * parsed later): at the list's top level, the word after `(` or `,` that
 * a `:` or a `[` follows (`A : CSR`, `a[n][m] : CSR`; not a field,
 * `posWidth = 8`). */
static void binding_names(Arena *a, const char *t, size_t len, Names *out) {
  const char *e = t + len, *p = t;
  while (p < e && !(idc(*p) && !strncmp(p, "encoding", 8) && !idc(p[8]))) p++;
  if (p >= e) return;
  p += 8;
  while (p < e && (*p == ' ' || *p == '\t' || *p == '\\' || *p == '\r' || *p == '\n')) p++;
  if (p >= e || *p != '(') return;
  int depth = 0, start = 1;
  for (; p < e; p++) {
    char c = *p;
    if (c == '(' || c == '[' || c == '{') {
      if (depth++ == 0) { start = 1; continue; }
    } else if (c == ')' || c == ']' || c == '}') {
      if (--depth == 0) return;
    } else if (c == ',' && depth == 1) {
      start = 1;
      continue;
    } else if (depth == 1 && start && idc(c) && !(c >= '0' && c <= '9')) {
      const char *w = p;
      while (p < e && idc(*p)) p++;
      const char *q = p;
      while (q < e && (*q == ' ' || *q == '\t' || *q == '\\' || *q == '\r' || *q == '\n')) q++;
      if (q < e && (*q == ':' || *q == '['))
        ARRAY_PUSH(a, *out, arena_strndup(a, w, (size_t)(p - w)));
      p--;
    }
    if (c != ' ' && c != '\t' && c != '\\' && c != '\r' && c != '\n') start = 0;
  }
}

const char *macros_expand(const SourceFile *f, TSTree *tree, const PragmaSite *sites,
                          size_t nsites, Arena *a, size_t *out_len, int *nexp,
                          const SourceRepl **repl, size_t *nrepl) {
  M m;
  memset(&m, 0, sizeof m);
  m.f = f;
  m.a = a;
  *nexp = 0;
  ARRAY(const char *) names = {0};
  for (size_t i = 0; i < nsites; i++) {
    const char *t = f->text + sites[i].span.start;
    size_t len = sites[i].span.end - sites[i].span.start;
    for (size_t p = 0; p < len;) {
      if (idc(t[p]) && !(t[p] >= '0' && t[p] <= '9')) {
        size_t q = p;
        while (q < len && idc(t[q])) q++;
        ARRAY_PUSH(a, names, arena_strndup(a, t + p, q - p));
        p = q;
      } else {
        p++;
      }
    }
  }
  m.names = names.data;
  m.nnames = names.len;
  Names arrays = {0};
  for (size_t i = 0; i < nsites; i++)
    binding_names(a, f->text + sites[i].span.start,
                  sites[i].span.end - sites[i].span.start, &arrays);
  m.arrays = arrays.data;
  m.narrays = arrays.len;
  TSNode root = ts_tree_root_node(tree);
  defs(&m, root, 0);
  int any = 0;
  for (int i = 0; i < m.n; i++) any |= !m.ms[i].bad;
  if (!any) return NULL;
  calls(&m, root);
  if (!m.nexp) {
    sb_free(&m.out);
    return NULL;
  }
  sb_append(&m.out, f->text + m.copied, f->len - m.copied);
  const char *r = arena_strndup(a, m.out.data, m.out.len);
  *out_len = m.out.len;
  *nexp = m.nexp;
  *repl = m.repl.data;
  *nrepl = m.repl.len;
  sb_free(&m.out);
  return r;
}
