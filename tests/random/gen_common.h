/* gen_common.h — what the random program generators share (gen_kernel.c,
 * gen_program.c): the generator's random numbers, strings, encodings and
 * the value functions of the generated programs. */
#ifndef GEN_COMMON_H
#define GEN_COMMON_H

#include <stddef.h>

/* element types of a generated program */
enum { TY_DOUBLE, TY_FLOAT, TY_INT };

/* the generator's own random numbers (splitmix64); seed by setting g_state */
extern unsigned long long g_state;
int rnd(int n);              /* uniform in [0, n) */
int chance(int pct);         /* true with probability pct percent */
int range(int lo, int hi);   /* uniform in [lo, hi] */

/* strings: every block comes from gk_alloc and is released by gk_release */
typedef struct Str {
  char *s;
  size_t n, cap;
} Str;
void *gk_alloc(size_t n);
void gk_release(void);
void sadd(Str *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
char *xstrdup(const char *s);
char *fmt_str(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* an encoding of a rank-1..3 array holding `total` elements: a named format
 * of the SPEC's table or a random legal map in one of the three spellings;
 * nv24_ok: the data have at most 2 non-zeros per aligned group of 4 */
char *gen_encoding(int rank, int total, int nv24_ok);

/* the generated program's LCG `rnd(n)` and its value functions
 * (dval/fval/ival: a non-zero dyadic value; dnz/fnz/inz: never 0) */
void gen_value_functions(Str *b, int ty, unsigned long seed, int need_val, int need_div);

#endif
