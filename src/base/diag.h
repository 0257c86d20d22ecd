/* diag.h — diagnostics as values: collected while the passes run, rendered
 * once at the edge in GCC/Clang format
 *   file:line:col: error: message
 *     source line
 *     ^~~~~
 * followed by a closing count. Passes never print or exit. */
#ifndef SC_DIAG_H
#define SC_DIAG_H

#include <stdio.h>

#include "source.h"

typedef enum DiagSeverity { DIAG_NOTE, DIAG_WARNING, DIAG_ERROR } DiagSeverity;

typedef struct Diag {
  DiagSeverity severity;
  const SourceFile *file; /* NULL: no location (e.g. a command-line error) */
  Span span;              /* caret at span.start, ~ under the rest */
  char *message;          /* owned */
  char *fixit;            /* optional replacement text shown under the caret */
} Diag;

typedef struct Diags {
  Diag *items;
  size_t len, cap;
  int werror;      /* -Werror: warnings count as errors */
  int no_warnings; /* -w: drop warnings (and their notes) */
  int drop_notes;  /* internal: the last warning was dropped */
} Diags;

/* Adds a diagnostic; the message is formatted printf-style and copied. A
 * DIAG_NOTE attaches to the diagnostic before it. A warning equal to an
 * earlier one (same file, span and text) is dropped, with its notes. */
void diag_add(Diags *d, DiagSeverity sev, const SourceFile *f, Span span,
              const char *fmt, ...) __attribute__((format(printf, 5, 6)));
#define diag_error(d, f, span, ...) diag_add((d), DIAG_ERROR, (f), (span), __VA_ARGS__)
#define diag_warning(d, f, span, ...) diag_add((d), DIAG_WARNING, (f), (span), __VA_ARGS__)
#define diag_note(d, f, span, ...) diag_add((d), DIAG_NOTE, (f), (span), __VA_ARGS__)
/* Sets the fix-it text of the most recent diagnostic. */
void diag_set_fixit(Diags *d, const char *replacement);

/* Errors so far (warnings included under -Werror). */
size_t diag_error_count(const Diags *d);
size_t diag_warning_count(const Diags *d);

/* Renders every diagnostic to out, with colour if colour is nonzero, then
 * "N errors and M warnings generated." when there are any. */
void diag_render(const Diags *d, FILE *out, int colour);
void diag_free(Diags *d);

/* The candidate spelled as word in another case (`AVX2` for `avx2`), else
 * the one closest to word by edit distance, if close enough to be a
 * plausible typo (distance <= max(1, len/3)); NULL otherwise. */
const char *diag_did_you_mean(const char *word, const char *const *candidates,
                              size_t n);

#endif
