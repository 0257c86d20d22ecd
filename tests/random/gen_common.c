/* gen_common.c — the pieces the random program generators share
 * (gen_kernel.c, gen_program.c): the generator's own random numbers, strings
 * allocated on one list and released together, encodings drawn from the
 * SPEC's named formats and random legal maps, and the value functions the
 * generated programs fill their arrays with (gen_common.h). */
#include "gen_common.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* generator's own random numbers (splitmix64)                          */

unsigned long long g_state;

static unsigned long long next64(void) {
  unsigned long long z = (g_state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}
/* uniform in [0, n) */
int rnd(int n) { return n <= 1 ? 0 : (int)(next64() % (unsigned long long)n); }
/* true with probability pct percent */
int chance(int pct) { return rnd(100) < pct; }
/* uniform in [lo, hi] */
int range(int lo, int hi) { return lo + rnd(hi - lo + 1); }

/* ------------------------------------------------------------------ */
/* strings                                                              */


/* Every string of the generator comes from gk_alloc: blocks kept on one
 * list and released together when the program ends (gk_release). */
typedef struct GkBlock { struct GkBlock *next; } GkBlock;
static GkBlock *gk_blocks;

void *gk_alloc(size_t n) {
  GkBlock *b = malloc(sizeof(GkBlock) + n);
  if (!b) abort();
  b->next = gk_blocks;
  gk_blocks = b;
  return b + 1;
}

void gk_release(void) {
  while (gk_blocks) {
    GkBlock *next = gk_blocks->next;
    free(gk_blocks);
    gk_blocks = next;
  }
}

void sadd(Str *b, const char *fmt, ...) {
  va_list ap;
  for (;;) {
    size_t room = b->cap - b->n;
    va_start(ap, fmt);
    int k = vsnprintf(b->s ? b->s + b->n : NULL, b->s ? room : 0, fmt, ap);
    va_end(ap);
    if (k < 0) abort();
    if (b->s && (size_t)k < room) {
      b->n += (size_t)k;
      return;
    }
    size_t ncap = (b->cap + (size_t)k + 64) * 2;
    char *ns = gk_alloc(ncap);
    if (b->s) memcpy(ns, b->s, b->n + 1);
    b->s = ns;
    b->cap = ncap;
  }
}

char *xstrdup(const char *s) {
  size_t n = strlen(s) + 1;
  char *d = gk_alloc(n);
  memcpy(d, s, n);
  return d;
}

char *fmt_str(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char probe[1];
  int k = vsnprintf(probe, sizeof probe, fmt, ap);
  va_end(ap);
  if (k < 0) abort();
  char *d = gk_alloc((size_t)k + 1);
  va_start(ap, fmt);
  vsnprintf(d, (size_t)k + 1, fmt, ap);
  va_end(ap);
  return d;
}

/* ------------------------------------------------------------------ */
/* encodings                                                            */

static const char *mapvars(int set, int d) {
  static const char *names[3][3] = {{"i", "j", "k"}, {"d0", "d1", "d2"}, {"a", "b", "c"}};
  return names[set][d];
}

static const char *widths(int total_elems) {
  static char buf[64];
  buf[0] = 0;
  if (chance(30)) {
    static const int pw[] = {16, 32, 64, 0, 8};
    int w = pw[rnd(total_elems < 250 ? 5 : 4)];
    snprintf(buf, sizeof buf, ", posWidth = %d", w);
  }
  if (chance(30)) {
    static const int cw[] = {8, 16, 32, 64, 0};
    size_t n = strlen(buf);
    snprintf(buf + n, sizeof buf - n, ", crdWidth = %d", cw[rnd(5)]);
  }
  return buf;
}

static const char *lvl_plain(int last) {
  int r = rnd(100);
  if (r < 30) return "dense";
  if (r < 70) return "compressed";
  if (r < 78) return "compressed(nonordered)";
  if (r < 86) return "loose_compressed";
  if (r < 90 && last) return "loose_compressed(nonordered)";
  if (r < 95) return "compressed(padded)";
  return "compressed(unpadded)";
}

/* wrap a map (with its fields) in one of the three spellings */
static char *spell(const char *map, const char *fields) {
  int r = rnd(100);
  if (r < 60) return fmt_str("%s%s", map, fields);
  if (r < 85) return fmt_str("{ map = %s%s }", map, fields);
  return fmt_str("#sparse_tensor.encoding<{ map = %s%s }>", map, fields);
}

/* an encoding for tensor t; nm24: the data have at most 2 non-zeros in
 * every aligned group of 4 along the last dimension */
char *gen_encoding(int rank, int total, int nv24_ok) {
  int vs = rnd(100) < 70 ? 0 : 1 + rnd(2);
  const char *a = mapvars(vs, 0), *b = mapvars(vs, 1), *c = mapvars(vs, 2);
  if (rank == 1) {
    if (chance(45)) return xstrdup("SparseVector");
    static const char *lt[] = {"compressed", "compressed", "dense", "loose_compressed",
                               "compressed(nonordered)", "compressed(padded)"};
    char *map = fmt_str("(%s) -> (%s : %s)", a, a, lt[rnd(6)]);
    return spell(map, widths(total));
  }
  if (rank == 2) {
    int r = rnd(100);
    if (nv24_ok && r < 50) return xstrdup("NV24");
    if (r < 55) {
      static const char *named[] = {"CSR", "CSC", "DCSR", "DCSC", "COO", "BSR(2, 2)"};
      int k = rnd(6);
      if (k == 5 && chance(30)) {
        int br = range(1, 3), bc = range(1, 4);
        return fmt_str("BSR(%d, %d)", br, bc);
      }
      if (chance(8) && k != 5) return fmt_str("%s%s", named[k], widths(total));
      return xstrdup(named[k]);
    }
    int swap = chance(35);
    const char *l0 = swap ? b : a, *l1 = swap ? a : b;
    char *map;
    if (r < 70) {
      /* COO-like */
      map = fmt_str("(%s, %s) -> (%s : compressed(nonunique%s), %s : singleton%s)", a, b, l0,
                    chance(20) ? ", nonordered" : "", l1, chance(15) ? "(nonordered)" : "");
    } else if (r < 80) {
      /* blocked */
      int br = range(1, 4), bc = range(1, 4);
      if (chance(50))
        map = fmt_str("(%s, %s) -> (%s floordiv %d : dense, %s floordiv %d : compressed, "
                      "%s mod %d : dense, %s mod %d : dense)",
                      a, b, a, br, b, bc, a, br, b, bc);
      else
        map = fmt_str("(%s, %s) -> (%s : dense, %s floordiv %d : compressed, %s mod %d : dense)",
                      a, b, l0, l1, bc, l1, bc);
    } else {
      map = fmt_str("(%s, %s) -> (%s : %s, %s : %s)", a, b, l0, lvl_plain(0), l1, lvl_plain(1));
    }
    return spell(map, widths(total));
  }
  /* rank 3 */
  if (chance(40)) return xstrdup("CSF");
  int perm[3] = {0, 1, 2};
  if (chance(40))
    for (int i = 2; i > 0; i--) {
      int j = rnd(i + 1), tmp = perm[i];
      perm[i] = perm[j];
      perm[j] = tmp;
    }
  const char *v[3] = {a, b, c};
  char *map;
  if (chance(20))
    map = fmt_str("(%s, %s, %s) -> (%s : compressed(nonunique), %s : singleton(nonunique), %s : "
                  "singleton)",
                  a, b, c, v[perm[0]], v[perm[1]], v[perm[2]]);
  else
    map = fmt_str("(%s, %s, %s) -> (%s : %s, %s : %s, %s : %s)", a, b, c, v[perm[0]],
                  lvl_plain(0), v[perm[1]], lvl_plain(0), v[perm[2]], lvl_plain(1));
  return spell(map, widths(total));
}

/* ------------------------------------------------------------------ */
/* value functions of the generated programs                              */

void gen_value_functions(Str *b, int ty, unsigned long seed, int need_val, int need_div) {
  if (need_val || need_div) {
    sadd(b, "\nstatic unsigned long long lcg_state = %lluULL;\n",
      (unsigned long long)seed * 2654435761ULL + 12345ULL);
    sadd(b, "/* deterministic pseudo-random integer in [0, n) */\n");
    sadd(b, "static int rnd(int n) {\n"
      "  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;\n"
      "  return (int)((lcg_state >> 33) %% (unsigned long long)n);\n}\n");
  }
  if (ty == TY_DOUBLE) {
    if (need_val) sadd(b, "/* a non-zero multiple of 1/4 in [-4, 4] */\n");
    if (need_val) sadd(b, "static double dval(void) {\n  int k = rnd(32) - 16;\n  return (k >= 0 ? k + 1 : k) / 4.0;\n}\n");
    if (need_div)
      sadd(b, "/* a non-zero power of two, never 0 */\nstatic double dnz(void) {\n"
        "  static const double t[] = {1.0, -1.0, 2.0, -2.0, 0.5, -0.5, 4.0, 0.25};\n"
        "  return t[rnd(8)];\n}\n");
  } else if (ty == TY_FLOAT) {
    if (need_val) sadd(b, "/* a non-zero multiple of 1/2 in [-3, 3] */\n");
    if (need_val) sadd(b, "static float fval(void) {\n  int k = rnd(12) - 6;\n  return (float)(k >= 0 ? k + 1 : k) / 2.0f;\n}\n");
    if (need_div)
      sadd(b, "/* a non-zero power of two, never 0 */\nstatic float fnz(void) {\n"
        "  static const float t[] = {1.0f, -1.0f, 2.0f, -2.0f, 0.5f, -0.5f, 4.0f};\n"
        "  return t[rnd(7)];\n}\n");
  } else {
    if (need_val) sadd(b, "/* a non-zero integer in [-3, 3] */\n");
    if (need_val) sadd(b, "static int ival(void) {\n  int k = rnd(6);\n  return k < 3 ? k - 3 : k - 2;\n}\n");
    if (need_div)
      sadd(b, "/* never 0 */\nstatic int inz(void) {\n  static const int t[] = {1, -1, 2, -2, 3};\n"
        "  return t[rnd(5)];\n}\n");
  }
}
