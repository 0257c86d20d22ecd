/* ident.h — C identifiers found in text: whether a name occurs as a whole
 * token (not inside a longer identifier), for the passes that look at
 * printed code or expression texts (src/ir/fission.c, src/lower). */
#ifndef SC_IDENT_H
#define SC_IDENT_H

/* Whether c can be part of a C identifier: a letter, a digit or '_'
 * (ASCII; the locale is not consulted). */
int ident_is_char(char c);

/* Whether `name` occurs in `text` with no identifier character just before
 * or just after it: `y` occurs in "y[i] += 1" but not in "yy + y_0". */
int ident_occurs(const char *text, const char *name);

#endif
