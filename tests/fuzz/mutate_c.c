/* mutate_c.c — the mutator of the whole-tool fuzzing (run_tool_fuzz.sh):
 * `mutate_c SEED FILE` prints a mutant of the C program FILE, the same
 * bytes for the same seed and file. The file is cut into tokens (comments
 * and preprocessor lines are single tokens, blanks are kept as they are)
 * and 1 to 3 mutations are applied:
 *   token level: delete, duplicate or swap tokens, change an operator, a
 *   number, a subscript or a loop bound, an encoding name or a pragma
 *   argument;
 *   grammar aware: insert a `#pragma sparse` line (an encoding naming an
 *   identifier of the file, a vectorize, a half-written one, a _Pragma or a
 *   continued one) before a random line;
 *   bytes: CRLF line ends, a BOM, a NUL byte, a very long line, deep
 *   nesting, digraphs and trigraphs.
 * The mutations applied are printed on stderr. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum { T_BLANK, T_IDENT, T_NUM, T_STR, T_PUNCT, T_COMMENT, T_PP } TKind;

typedef struct Tok {
  TKind kind;
  char *text; /* owned */
} Tok;

typedef struct Toks {
  Tok *v;
  size_t n, cap;
} Toks;

static uint64_t rng_state;

static uint32_t rnd(void) {
  rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (uint32_t)(rng_state >> 33);
}

static size_t pick(size_t n) { return n ? rnd() % n : 0; }

static void *xmalloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p) {
    fprintf(stderr, "mutate_c: out of memory\n");
    exit(2);
  }
  return p;
}

static char *xstrndup(const char *s, size_t n) {
  char *d = xmalloc(n + 1);
  memcpy(d, s, n);
  d[n] = '\0';
  return d;
}

static void insert_tok(Toks *t, size_t at, TKind k, const char *s, size_t n) {
  if (t->n == t->cap) {
    t->cap = t->cap ? 2 * t->cap : 256;
    t->v = realloc(t->v, t->cap * sizeof *t->v);
    if (!t->v) {
      fprintf(stderr, "mutate_c: out of memory\n");
      exit(2);
    }
  }
  memmove(t->v + at + 1, t->v + at, (t->n - at) * sizeof *t->v);
  t->v[at].kind = k;
  t->v[at].text = xstrndup(s, n);
  t->n++;
}

static void delete_tok(Toks *t, size_t at) {
  free(t->v[at].text);
  memmove(t->v + at, t->v + at + 1, (t->n - at - 1) * sizeof *t->v);
  t->n--;
}

static void set_text(Tok *k, const char *s) {
  free(k->text);
  k->text = xstrndup(s, strlen(s));
}

static int is_id(char c) {
  return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9');
}

static const char *const puncts[] = {
    "<<=", ">>=", "...", "->", "++", "--", "<<", ">>", "<=", ">=", "==",
    "!=", "&&", "||", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "##"};

static void tokenize(Toks *t, const char *s, size_t len) {
  size_t i = 0;
  int line_start = 1;
  while (i < len) {
    size_t j = i;
    TKind k;
    char c = s[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
        c == '\v') {
      while (j < len && (s[j] == ' ' || s[j] == '\t' || s[j] == '\n' ||
                         s[j] == '\r' || s[j] == '\f' || s[j] == '\v')) {
        if (s[j] == '\n')
          line_start = 1;
        j++;
      }
      k = T_BLANK;
    } else if (c == '#' && line_start) { /* a preprocessor line, continued */
      while (j < len && !(s[j] == '\n' && s[j - 1] != '\\'))
        j++;
      k = T_PP;
    } else if (c == '/' && i + 1 < len && s[i + 1] == '/') {
      while (j < len && s[j] != '\n')
        j++;
      k = T_COMMENT;
    } else if (c == '/' && i + 1 < len && s[i + 1] == '*') {
      j = i + 2;
      while (j + 1 < len && !(s[j] == '*' && s[j + 1] == '/'))
        j++;
      j = j + 2 < len ? j + 2 : len;
      k = T_COMMENT;
    } else if (c == '"' || c == '\'') {
      j = i + 1;
      while (j < len && s[j] != c && s[j] != '\n') {
        if (s[j] == '\\' && j + 1 < len)
          j++;
        j++;
      }
      if (j < len)
        j++;
      k = T_STR;
    } else if (c >= '0' && c <= '9') {
      while (j < len && (is_id(s[j]) || s[j] == '.' ||
                         ((s[j] == '+' || s[j] == '-') &&
                          (s[j - 1] == 'e' || s[j - 1] == 'E'))))
        j++;
      k = T_NUM;
    } else if (is_id(c)) {
      while (j < len && is_id(s[j]))
        j++;
      k = T_IDENT;
    } else {
      size_t n = 1;
      for (size_t p = 0; p < sizeof puncts / sizeof *puncts; p++) {
        size_t pl = strlen(puncts[p]);
        if (pl > n && i + pl <= len && memcmp(s + i, puncts[p], pl) == 0)
          n = pl;
      }
      j = i + n;
      k = T_PUNCT;
    }
    if (k != T_BLANK)
      line_start = 0;
    insert_tok(t, t->n, k, s + i, j - i);
    i = j;
  }
}

/* A random token index of kind k (or any non-blank one with k < 0), or
 * (size_t)-1 when there is none. */
static size_t random_tok(const Toks *t, int k) {
  size_t n = 0, r;
  for (size_t i = 0; i < t->n; i++)
    n += k < 0 ? t->v[i].kind != T_BLANK : (int)t->v[i].kind == k;
  if (!n)
    return (size_t)-1;
  r = pick(n);
  for (size_t i = 0; i < t->n; i++)
    if (k < 0 ? t->v[i].kind != T_BLANK : (int)t->v[i].kind == k) {
      if (r-- == 0)
        return i;
    }
  return (size_t)-1;
}

static const char *const ops[] = {"+", "-", "*", "/", "%", "<", "<=", ">",
                                  ">=", "==", "!=", "=", "+=", "-=", "*=",
                                  "/=", "++", "--", "&&", "||", "!", "?",
                                  ":", ",", ";", "[", "]", "(", ")", "{",
                                  "}"};
static const char *const nums[] = {"0", "1", "2", "-1", "3", "7", "8", "16",
                                   "1000", "2147483647", "4294967296",
                                   "0.5", "1e308", "0x10", "010"};
static const char *const encodings[] = {
    "CSR", "CSC", "DCSR", "DCSC", "COO", "CSF", "SparseVector", "NV24",
    "BSR(2, 2)", "BSR(2, 3)", "BSR(0, 1)", "ELL(3)", "ELL(0)", "CSR(2)",
    "CSRR", "(i, j) -> (j : dense, i : compressed)",
    "(i, j) -> (i : compressed(nonunique), j : singleton)",
    "(i, j) -> (i : dense, j : loose_compressed)",
    "(i, j) -> (i floordiv 2 : dense, j : compressed, i mod 2 : dense)",
    "(i) -> (i : compressed)", "(i, j, k) -> (i : dense, j : dense, k : compressed)",
    "{ map = (i, j) -> (i : dense, j : compressed), posWidth = 8, crdWidth = 8 }",
    "(i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : block2_4), crdWidth = 2",
    "(i, j) -> (i : dense, j : compressed(padded))"};
static const char *const enc_names[] = {"CSR", "CSC", "DCSR", "DCSC", "COO",
                                        "CSF", "SparseVector", "NV24", "BSR",
                                        "ELL", "dense", "compressed",
                                        "singleton", "loose_compressed"};

static int in_list(const char *s, const char *const *l, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (strcmp(s, l[i]) == 0)
      return 1;
  return 0;
}

/* Identifiers of the file that look like arrays (followed by '['). */
static const char *random_array(const Toks *t) {
  size_t n = 0, r;
  for (size_t i = 0; i + 1 < t->n; i++)
    n += t->v[i].kind == T_IDENT && t->v[i + 1].text[0] == '[';
  if (!n)
    return "A";
  r = pick(n);
  for (size_t i = 0; i + 1 < t->n; i++)
    if (t->v[i].kind == T_IDENT && t->v[i + 1].text[0] == '[' && r-- == 0)
      return t->v[i].text;
  return "A";
}

/* Mutates one pragma line's text: an encoding name, a number or a
 * punctuation mark replaced, or a part cut off (half-written). */
static char *mutate_pragma_text(const char *s) {
  size_t len = strlen(s), cut;
  char *out = xmalloc(len + 128);
  switch (pick(4)) {
  case 0: /* cut it short */
    cut = len > 16 ? 16 + pick(len - 16) : len;
    memcpy(out, s, cut);
    out[cut] = '\0';
    return out;
  case 1: { /* an encoding word replaced */
    for (size_t tries = 0; tries < 8; tries++) {
      const char *w = enc_names[pick(sizeof enc_names / sizeof *enc_names)];
      const char *at = strstr(s, w);
      if (at) {
        const char *rep = enc_names[pick(sizeof enc_names / sizeof *enc_names)];
        snprintf(out, len + 128, "%.*s%s%s", (int)(at - s), s, rep,
                 at + strlen(w));
        return out;
      }
    }
    break;
  }
  case 2: { /* a digit changed */
    size_t p = pick(len);
    for (size_t k = 0; k < len; k++, p = (p + 1) % len)
      if (s[p] >= '0' && s[p] <= '9') {
        snprintf(out, len + 128, "%.*s%s%s", (int)p, s,
                 nums[pick(sizeof nums / sizeof *nums)], s + p + 1);
        return out;
      }
    break;
  }
  default: { /* a punctuation mark dropped or doubled */
    size_t p = pick(len);
    for (size_t k = 0; k < len; k++, p = (p + 1) % len)
      if (strchr("(),:=[]{}", s[p])) {
        if (pick(2))
          snprintf(out, len + 128, "%.*s%s", (int)p, s, s + p + 1);
        else
          snprintf(out, len + 128, "%.*s%c%s", (int)p + 1, s, s[p], s + p);
        return out;
      }
    break;
  }
  }
  memcpy(out, s, len + 1);
  return out;
}

/* A pragma line to insert (ends with a newline). */
static char *new_pragma(const Toks *t) {
  const char *a = random_array(t);
  const char *e = encodings[pick(sizeof encodings / sizeof *encodings)];
  char *out = xmalloc(strlen(a) + strlen(e) + 128);
  switch (pick(8)) {
  case 0:
    sprintf(out, "#pragma sparse vectorize(vl = %s)\n",
            nums[pick(sizeof nums / sizeof *nums)]);
    break;
  case 1:
    sprintf(out, "#pragma sparse novectorize\n");
    break;
  case 2:
    sprintf(out, "#pragma sparse encoding(%s :\n", a); /* half-written */
    break;
  case 3:
    sprintf(out, "_Pragma(\"sparse encoding(%s : CSR)\")\n", a);
    break;
  case 4:
    sprintf(out, "#pragma sparse encoding(%s : \\\n  %s)\n", a, e);
    break;
  case 5:
    sprintf(out, "#pragma sparse encoding(%s[4][4] : %s)\n", a, e);
    break;
  default:
    sprintf(out, "#pragma sparse encoding(%s : %s)\n", a, e);
    break;
  }
  return out;
}

/* Index of the first token of the line holding token i (after a newline). */
static size_t line_start_tok(const Toks *t, size_t i) {
  while (i > 0) {
    const Tok *p = &t->v[i - 1];
    if (p->kind == T_BLANK && strchr(p->text, '\n'))
      break;
    i--;
  }
  return i;
}

static const char *mutate_once(Toks *t) {
  size_t i, j;
  switch (pick(16)) {
  case 0:
    if ((i = random_tok(t, -1)) == (size_t)-1)
      return "none";
    delete_tok(t, i);
    return "delete a token";
  case 1:
    if ((i = random_tok(t, -1)) == (size_t)-1)
      return "none";
    insert_tok(t, i, t->v[i].kind, t->v[i].text, strlen(t->v[i].text));
    return "duplicate a token";
  case 2: { /* swap with the next non-blank token */
    Tok tmp;
    if ((i = random_tok(t, -1)) == (size_t)-1)
      return "none";
    for (j = i + 1; j < t->n && t->v[j].kind == T_BLANK; j++)
      ;
    if (j >= t->n)
      return "none";
    tmp = t->v[i];
    t->v[i] = t->v[j];
    t->v[j] = tmp;
    return "swap two tokens";
  }
  case 3:
  case 4:
    if ((i = random_tok(t, T_PUNCT)) == (size_t)-1)
      return "none";
    set_text(&t->v[i], ops[pick(sizeof ops / sizeof *ops)]);
    return "change an operator";
  case 5:
    if ((i = random_tok(t, T_NUM)) == (size_t)-1)
      return "none";
    set_text(&t->v[i], nums[pick(sizeof nums / sizeof *nums)]);
    return "change a number (a bound, a size, a constant)";
  case 6: { /* a subscript: the identifier after '[' replaced by another */
    size_t k = random_tok(t, T_IDENT), n = 0;
    for (i = 0; i + 1 < t->n; i++)
      n += t->v[i].text[0] == '[' && t->v[i + 1].kind == T_IDENT;
    if (!n || k == (size_t)-1)
      return "none";
    n = pick(n);
    for (i = 0; i + 1 < t->n; i++)
      if (t->v[i].text[0] == '[' && t->v[i + 1].kind == T_IDENT && n-- == 0) {
        char *s = xstrndup(t->v[k].text, strlen(t->v[k].text));
        set_text(&t->v[i + 1], s);
        free(s);
        break;
      }
    return "change a subscript";
  }
  case 7: { /* a loop bound: the token after '<' or '<=' in a for header */
    size_t n = 0;
    for (i = 0; i + 2 < t->n; i++)
      n += (!strcmp(t->v[i].text, "<") || !strcmp(t->v[i].text, "<=")) &&
           t->v[i + 1].kind == T_BLANK ? 1 : 0;
    if (!n)
      return "none";
    n = pick(n);
    for (i = 0; i + 2 < t->n; i++)
      if ((!strcmp(t->v[i].text, "<") || !strcmp(t->v[i].text, "<=")) &&
          t->v[i + 1].kind == T_BLANK && n-- == 0) {
        const char *b[] = {"<", "<=", ">", "!="};
        set_text(&t->v[i], b[pick(4)]);
        break;
      }
    return "change a loop bound's comparison";
  }
  case 8:
  case 9: { /* a pragma line mutated */
    char *s;
    size_t n = 0;
    for (i = 0; i < t->n; i++)
      n += t->v[i].kind == T_PP && strstr(t->v[i].text, "sparse") != NULL;
    if (!n)
      return "none";
    n = pick(n);
    for (i = 0; i < t->n; i++)
      if (t->v[i].kind == T_PP && strstr(t->v[i].text, "sparse") && n-- == 0)
        break;
    s = mutate_pragma_text(t->v[i].text);
    set_text(&t->v[i], s);
    free(s);
    return "change a pragma's arguments";
  }
  case 10: { /* an encoding name replaced inside a pragma */
    for (i = 0; i < t->n; i++)
      if (t->v[i].kind == T_PP && strstr(t->v[i].text, "encoding(") && !pick(2))
        break;
    if (i == t->n)
      return "none";
    {
      const char *e = encodings[pick(sizeof encodings / sizeof *encodings)];
      const char *col = strrchr(t->v[i].text, ':');
      char *s;
      if (!col || strstr(t->v[i].text, "->"))
        return "none";
      s = xmalloc(strlen(t->v[i].text) + strlen(e) + 4);
      sprintf(s, "%.*s: %s)", (int)(col - t->v[i].text), t->v[i].text, e);
      set_text(&t->v[i], s);
      free(s);
    }
    return "change an encoding";
  }
  case 11:
  case 12: { /* insert a pragma before a random line */
    char *p = new_pragma(t);
    i = random_tok(t, -1);
    i = i == (size_t)-1 ? 0 : line_start_tok(t, i);
    insert_tok(t, i, T_PP, p, strlen(p));
    free(p);
    return "insert a pragma";
  }
  case 13: { /* delete or duplicate a whole line */
    size_t e;
    i = random_tok(t, -1);
    if (i == (size_t)-1)
      return "none";
    i = line_start_tok(t, i);
    for (e = i; e < t->n && !(t->v[e].kind == T_BLANK && strchr(t->v[e].text, '\n')); e++)
      ;
    if (e < t->n)
      e++;
    if (pick(2)) {
      while (e > i)
        delete_tok(t, --e);
      return "delete a line";
    }
    for (size_t k = i, n = e - i; k < i + n; k++)
      insert_tok(t, e + (k - i), t->v[k].kind, t->v[k].text, strlen(t->v[k].text));
    return "duplicate a line";
  }
  case 14: { /* unusual bytes */
    switch (pick(7)) {
    case 0:
      for (i = 0; i < t->n; i++)
        if (t->v[i].kind == T_BLANK && strchr(t->v[i].text, '\n')) {
          size_t n = strlen(t->v[i].text), o = 0;
          char *s = xmalloc(2 * n + 1);
          for (size_t k = 0; k < n; k++) {
            if (t->v[i].text[k] == '\n')
              s[o++] = '\r';
            s[o++] = t->v[i].text[k];
          }
          s[o] = '\0';
          set_text(&t->v[i], s);
          free(s);
        }
      return "CRLF line ends";
    case 1:
      insert_tok(t, 0, T_BLANK, "\xEF\xBB\xBF", 3);
      return "a byte-order mark";
    case 2:
      i = random_tok(t, -1);
      insert_tok(t, i == (size_t)-1 ? 0 : i, T_BLANK, "\0", 1);
      return "a NUL byte";
    case 3: { /* a very long line: 64 KiB of a comment */
      size_t n = 65536;
      char *s = xmalloc(n + 3);
      memcpy(s, "//", 2);
      memset(s + 2, 'x', n);
      s[n + 2] = '\0';
      i = random_tok(t, -1);
      insert_tok(t, i == (size_t)-1 ? 0 : line_start_tok(t, i), T_COMMENT, s, n + 2);
      free(s);
      return "a very long line";
    }
    case 4: { /* deep nesting around an expression token */
      size_t d = 200 + pick(3000);
      if ((i = random_tok(t, T_IDENT)) == (size_t)-1)
        return "none";
      for (size_t k = 0; k < d; k++) {
        insert_tok(t, i + 1 + k, T_PUNCT, ")", 1);
        insert_tok(t, i, T_PUNCT, "(", 1);
        i++;
      }
      return "deep nesting";
    }
    case 5: { /* digraphs */
      for (i = 0; i < t->n; i++)
        if (t->v[i].kind == T_PUNCT && !pick(4)) {
          const char *c = t->v[i].text;
          const char *d = !strcmp(c, "[")   ? "<:"
                          : !strcmp(c, "]") ? ":>"
                          : !strcmp(c, "{") ? "<%"
                          : !strcmp(c, "}") ? "%>"
                                            : NULL;
          if (d)
            set_text(&t->v[i], d);
        }
      return "digraphs";
    }
    default:
      if ((i = random_tok(t, T_PUNCT)) == (size_t)-1)
        return "none";
      if (!strcmp(t->v[i].text, "["))
        set_text(&t->v[i], "?\?(");
      else if (!strcmp(t->v[i].text, "]"))
        set_text(&t->v[i], "?\?)");
      else
        insert_tok(t, i, T_BLANK, "?\?/\n", 4);
      return "a trigraph";
    }
  }
  default: { /* a token's text copied over another token of the same kind */
    size_t k;
    if ((i = random_tok(t, T_IDENT)) == (size_t)-1 ||
        (k = random_tok(t, T_IDENT)) == (size_t)-1)
      return "none";
    if (in_list(t->v[i].text, enc_names, sizeof enc_names / sizeof *enc_names))
      return "none";
    {
      char *s = xstrndup(t->v[k].text, strlen(t->v[k].text));
      set_text(&t->v[i], s);
      free(s);
    }
    return "change an identifier";
  }
  }
}

int main(int argc, char **argv) {
  FILE *f;
  char *buf;
  long len;
  Toks t = {0};
  int n;
  if (argc != 3) {
    fprintf(stderr, "usage: mutate_c SEED FILE\n");
    return 2;
  }
  rng_state = strtoull(argv[1], NULL, 10) * 2654435761ULL + 1;
  rnd();
  f = fopen(argv[2], "rb");
  if (!f || fseek(f, 0, SEEK_END) != 0 || (len = ftell(f)) < 0 ||
      fseek(f, 0, SEEK_SET) != 0) {
    fprintf(stderr, "mutate_c: cannot read %s\n", argv[2]);
    if (f)
      fclose(f);
    return 2;
  }
  buf = xmalloc((size_t)len + 1);
  if (fread(buf, 1, (size_t)len, f) != (size_t)len) {
    fprintf(stderr, "mutate_c: cannot read %s\n", argv[2]);
    fclose(f);
    free(buf);
    return 2;
  }
  fclose(f);
  tokenize(&t, buf, (size_t)len);
  free(buf);
  n = 1 + (int)pick(3);
  for (int m = 0; m < n; m++)
    fprintf(stderr, "mutation: %s\n", mutate_once(&t));
  for (size_t i = 0; i < t.n; i++) {
    fwrite(t.v[i].text, 1, t.v[i].kind == T_BLANK && t.v[i].text[0] == '\0' ? 1
                                                                           : strlen(t.v[i].text),
           stdout);
    free(t.v[i].text);
  }
  free(t.v);
  return 0;
}
