/* foreign_pragmas.c — other tools' pragma lines before a loop (OpenMP,
 * OpenACC, compiler loop hints): which of them apply to the loop after
 * them, and what replaces an `omp for` when sparsecc rewrites that loop. */
#include "frontend/foreign_pragmas.h"

#include <ctype.h>
#include <string.h>

static int idchar(char c) { return c == '_' || isalnum((unsigned char)c); }

/* The k-th word of a pragma line (k = 0: `pragma` after the '#'), or NULL. */
static const char *pragma_word(const char *t, int k) {
  const char *p = t;
  if (*p == '#') p++;
  for (int i = 0;; i++) {
    while (*p == ' ' || *p == '\t') p++;
    if (!*p) return NULL;
    if (i == k) return p;
    if (idchar(*p))
      while (idchar(*p)) p++;
    else
      p++;
  }
}

/* Whether the word at w is x. */
static int word_is(const char *w, const char *x) {
  size_t n = strlen(x);
  return w && !strncmp(w, x, n) && !idchar(w[n]);
}

/* Whether a pragma line of another tool (`one`, from its '#') applies to
 * the loop after it: an OpenMP or OpenACC loop construct (`omp for`, `omp
 * parallel for`, `omp simd`, `acc parallel loop`: a directive word before
 * the first clause's parenthesis), or a compiler's loop hint. A region
 * (`omp parallel`, `omp critical`), a standalone directive (`omp barrier`),
 * `#pragma GCC diagnostic` or `#pragma pack` is not. */
int foreign_loop_pragma(const char *one) {
  static const char *const hints[] = {
      "ivdep", "unroll", "nounroll", "unroll_and_jam", "nounroll_and_jam",
      "vector", "novector", "simd", "loop_count"};
  static const char *const constructs[] = {"for", "simd", "loop", "taskloop",
                                           "distribute"};
  const char *w1 = pragma_word(one, 1), *w2 = pragma_word(one, 2);
  if (*one != '#' || !word_is(pragma_word(one, 0), "pragma") || !w1) return 0;
  if (word_is(w1, "GCC"))
    return word_is(w2, "ivdep") || word_is(w2, "unroll") || word_is(w2, "novector");
  if (word_is(w1, "clang")) return word_is(w2, "loop");
  for (size_t i = 0; i < sizeof hints / sizeof *hints; i++)
    if (word_is(w1, hints[i])) return 1;
  if (!word_is(w1, "omp") && !word_is(w1, "acc")) return 0;
  for (int k = 2; pragma_word(one, k) && *pragma_word(one, k) != '('; k++)
    for (size_t i = 0; i < sizeof constructs / sizeof *constructs; i++)
      if (word_is(pragma_word(one, k), constructs[i])) return 1;
  return 0;
}

int foreign_omp_is(const char *one, const char *word) {
  return *one == '#' && word_is(pragma_word(one, 0), "pragma") &&
         word_is(pragma_word(one, 1), "omp") && word_is(pragma_word(one, 2), word);
}

int foreign_parallel_pragma(const char *one) {
  static const char *const omp[] = {"parallel", "for", "taskloop", "distribute",
                                    "teams", "task", "target", "loop"};
  static const char *const acc[] = {"parallel", "kernels", "serial", "loop"};
  const char *w1 = pragma_word(one, 1);
  if (*one != '#' || !word_is(pragma_word(one, 0), "pragma")) return 0;
  int is_omp = word_is(w1, "omp");
  if (!is_omp && !word_is(w1, "acc")) return 0;
  const char *const *words = is_omp ? omp : acc;
  size_t nw = is_omp ? sizeof omp / sizeof *omp : sizeof acc / sizeof *acc;
  int any = 0;
  for (int k = 2; pragma_word(one, k) && *pragma_word(one, k) != '('; k++) {
    if (word_is(pragma_word(one, k), "sections")) return 0;
    for (size_t i = 0; i < nw; i++) any |= word_is(pragma_word(one, k), words[i]);
  }
  return any;
}

/* `#pragma omp for` shares the loop among the threads of an enclosing
 * parallel region: dropped, every thread would run the whole nest; the
 * nest runs on one of them instead. Returns the pragma that does (`single`,
 * with the barrier at its end unless the loop had `nowait`) for the pragma
 * line `one`, or NULL when it is no `omp for`. */
const char *foreign_omp_single(const char *one) {
  if (!word_is(pragma_word(one, 1), "omp") || !word_is(pragma_word(one, 2), "for"))
    return NULL;
  for (int k = 3; pragma_word(one, k); k++)
    if (word_is(pragma_word(one, k), "nowait")) return "#pragma omp single nowait";
  return "#pragma omp single";
}

