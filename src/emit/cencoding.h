/* cencoding.h — an encoding (sc_encoding of the runtime header) written as
 * a C initializer in the output. The initializer is positional, every
 * member given in order: a member designator (`.n = 0`) would be expanded
 * by a user's macro of that name (`#define n 12` above a kernel), where a
 * positional initializer names no member. */
#ifndef SC_CENCODING_H
#define SC_CENCODING_H

#include "base/strbuf.h"
#include "../../runtime/include/sparsecc_rt.h"

/* Appends the brace-enclosed initializer of *e on one line:
 * `{2, 2, {{SC_LVL_DENSE, 0u, 0, 0}, ...}, {{SC_LEXPR_AFFINE, {1, 0}, 0, 0},
 * ...}, 0, 0, 0, {{0, 0, 0}}}`. */
void cenc_init(StrBuf *sb, const sc_encoding *e);

/* The parts of that initializer, for a layout over several lines: the
 * level types `{{...}, ...}` and the level expressions `{{...}, ...}`. */
void cenc_level_types(StrBuf *sb, const sc_encoding *e);
void cenc_level_exprs(StrBuf *sb, const sc_encoding *e);

#endif
