/* cint.h — C integer literals in text: the one reading of `42`, `0x1F`,
 * `010`, `16u`, `3UL` that the front end's parsers of subscripts, extents,
 * macros and preprocessor conditions share. */
#ifndef SC_CINT_H
#define SC_CINT_H

/* The integer literal at the start of t (what strtoll reads in base 0:
 * decimal, octal, hexadecimal, after blanks and a sign) and the suffix
 * letters after it (u, U, l, L): 1 with its value in *v and the text after
 * the suffix in *rest; 0 when t does not start with a number (*rest is t). */
int c_int_prefix(const char *t, long long *v, const char **rest);

#endif
