/* test_pragma_errors.c — every diagnostic of the pragma language at its
 * exact line:column, with its range, message and fix-it, rendered as the
 * user sees it. The expected texts were reviewed one by one. */
#include "pragma_test.h"

static void unknown_level_format(void **state) {
  t_err("#pragma sparse encoding(A : (i, j) -> (i : dense, j : compresed))\n",
        "t.c:1:55: error: unknown level format 'compresed'; did you mean 'compressed'?\n"
        "  #pragma sparse encoding(A : (i, j) -> (i : dense, j : compresed))\n"
        "                                                        ^~~~~~~~~\n"
        "                                                        compressed\n"
        "1 error generated.\n");
}

static void unknown_level_format_continued_line(void **state) {
  t_err("#pragma sparse encoding(A : (i, j) -> \\\n"
        "    (i : dense, j : compresed))\n",
        "t.c:2:21: error: unknown level format 'compresed'; did you mean 'compressed'?\n"
        "      (i : dense, j : compresed))\n"
        "                      ^~~~~~~~~\n"
        "                      compressed\n"
        "1 error generated.\n");
}

static void unknown_named_format_transposed(void **state) {
  t_err("#pragma sparse encoding(A : CRS)\n",
        "t.c:1:29: error: unknown format 'CRS'; did you mean 'CSR'?\n"
        "  #pragma sparse encoding(A : CRS)\n"
        "                              ^~~\n"
        "                              CSR\n"
        "1 error generated.\n");
}

/* A level format where an encoding goes: no format name is near, so a
 * note says where level formats go. */
static void level_format_as_named_format(void **state) {
  t_err("#pragma sparse encoding(A : compresed)\n",
        "t.c:1:29: error: unknown format 'compresed'\n"
        "  #pragma sparse encoding(A : compresed)\n"
        "                              ^~~~~~~~~\n"
        "t.c:1:29: note: a level format such as 'compressed' goes inside a "
        "map, e.g. '(i, j) -> (i : dense, j : compressed)'; an encoding is a "
        "named format (CSR, CSC, COO, ...) or such a map\n"
        "  #pragma sparse encoding(A : compresed)\n"
        "                              ^~~~~~~~~\n"
        "1 error generated.\n");
}

static void unknown_named_format_case(void **state) {
  t_err("#pragma sparse encoding(A : Csr)\n",
        "t.c:1:29: error: unknown format 'Csr'; did you mean 'CSR'?\n"
        "  #pragma sparse encoding(A : Csr)\n"
        "                              ^~~\n"
        "                              CSR\n"
        "1 error generated.\n");
}

static void unknown_named_format_user_candidate(void **state) {
  t_err("#pragma sparse format Blocked = BSR(4, 4)\n"
        "#pragma sparse encoding(A : Blocekd)\n",
        "t.c:2:29: error: unknown format 'Blocekd'; did you mean 'Blocked'?\n"
        "  #pragma sparse encoding(A : Blocekd)\n"
        "                              ^~~~~~~\n"
        "                              Blocked\n"
        "1 error generated.\n");
}

static void binding_names_struct_member(void **state) {
  t_err("#pragma sparse encoding(m.a[N][N] : CSR)\n",
        "t.c:1:25: error: 'm.a' names a member of a struct, and a pragma binds a "
        "variable: copy the member into a local pointer ('*a = m.a') and name "
        "that, with its shape\n"
        "  #pragma sparse encoding(m.a[N][N] : CSR)\n"
        "                          ^~~\n"
        "1 error generated.\n");
  t_err("#pragma sparse encoding(B : CSR, s->vals : CSR)\n",
        "t.c:1:34: error: 's->vals' names a member of a struct, and a pragma binds "
        "a variable: copy the member into a local pointer ('*vals = s->vals') and "
        "name that, with its shape\n"
        "  #pragma sparse encoding(B : CSR, s->vals : CSR)\n"
        "                                   ^~~~~~~\n"
        "1 error generated.\n");
}

static void unknown_named_format_no_guess(void **state) {
  t_err("#pragma sparse encoding(A : Banded)\n",
        "t.c:1:29: error: unknown format 'Banded'\n"
        "  #pragma sparse encoding(A : Banded)\n"
        "                              ^~~~~~\n"
        "1 error generated.\n");
}

static void unknown_property(void **state) {
  t_err("#pragma sparse encoding(A : (i, j) -> (i : dense, j : compressed(nonuniqe)))\n",
        "t.c:1:66: error: unknown level property 'nonuniqe'; did you mean 'nonunique'?\n"
        "  #pragma sparse encoding(A : (i, j) -> (i : dense, j : compressed(nonuniqe)))\n"
        "                                                                   ^~~~~~~~\n"
        "                                                                   nonunique\n"
        "1 error generated.\n");
}

static void duplicate_property(void **state) {
  t_err("#pragma sparse encoding(A : (i, j) -> (i : dense, j : compressed(nonunique, nonunique)))\n",
        "t.c:1:77: error: duplicate level property 'nonunique'\n"
        "  #pragma sparse encoding(A : (i, j) -> (i : dense, j : compressed(nonunique, nonunique)))\n"
        "                                                                              ^~~~~~~~~\n"
        "1 error generated.\n");
}

static void property_on_dense_and_conflict(void **state) {
  t_err("#pragma sparse encoding(A : (i, j) -> (i : dense(nonunique), j : compressed(padded, unpadded)))\n",
        "t.c:1:50: error: property 'nonunique' does not apply to a dense level\n"
        "  #pragma sparse encoding(A : (i, j) -> (i : dense(nonunique), j : compressed(padded, unpadded)))\n"
        "                                                   ^~~~~~~~~\n"
        "t.c:1:85: error: level properties 'padded' and 'unpadded' conflict\n"
        "  #pragma sparse encoding(A : (i, j) -> (i : dense(nonunique), j : compressed(padded, unpadded)))\n"
        "                                                                                      ^~~~~~~~\n"
        "2 errors generated.\n");
}

/* A singleton level stores one coordinate per entry of the level before
 * it: the first level has none (MLIR refuses it too; the runtime's
 * assembly failed at run time before). */
static void singleton_first_level(void **state) {
  t_err("#pragma sparse encoding(A : (i, j) -> (i : singleton, j : compressed))\n",
        "t.c:1:44: error: the first level cannot be 'singleton': a singleton level stores one coordinate per entry of the level before it (as in COO: 'i : compressed(nonunique), j : singleton')\n"
        "  #pragma sparse encoding(A : (i, j) -> (i : singleton, j : compressed))\n"
        "                                             ^~~~~~~~~\n"
        "1 error generated.\n");
}

/* Every dimension must come back from the level coordinates (the runtime
 * inverts `i + c`, c >= 0, and floordiv/mod pairs): no tensor of such an
 * encoding can be built, so the generated program stopped at run time. */
static void dimension_not_recoverable(void **state) {
  t_err("#pragma sparse encoding(A : (i, j) -> (i - 1 : dense, j : compressed))\n",
        "t.c:1:30: error: dimension 'i' cannot be recovered from the levels: it needs a level that is 'i' alone (plus a constant >= 0: level coordinates start at 0) or the pair 'i floordiv K', 'i mod K'\n"
        "  #pragma sparse encoding(A : (i, j) -> (i - 1 : dense, j : compressed))\n"
        "                               ^\n"
        "1 error generated.\n");
  t_err("#pragma sparse encoding(A : (i, j) -> (i + j : dense, i floordiv 2 : compressed))\n",
        "t.c:1:30: error: dimension 'i' cannot be recovered from the levels: it needs a level that is 'i' alone (plus a constant >= 0: level coordinates start at 0) or the pair 'i floordiv K', 'i mod K'\n"
        "  #pragma sparse encoding(A : (i, j) -> (i + j : dense, i floordiv 2 : compressed))\n"
        "                               ^\n"
        "t.c:1:33: error: dimension 'j' cannot be recovered from the levels: it needs a level that is 'j' alone (plus a constant >= 0: level coordinates start at 0) or the pair 'j floordiv K', 'j mod K'\n"
        "  #pragma sparse encoding(A : (i, j) -> (i + j : dense, i floordiv 2 : compressed))\n"
        "                                  ^\n"
        "2 errors generated.\n");
  T *t = t_new();
  t_ok(t, "#pragma sparse encoding(A : (i, j) -> (i + 2 : dense, j : compressed))\n");
  t_free(t);
}

static void bad_pos_width(void **state) {
  t_err("#pragma sparse encoding(A : (i, j) -> (i : dense, j : compressed), posWidth = 7)\n",
        "t.c:1:79: error: invalid posWidth 7; expected 0, 8, 16, 32 or 64\n"
        "  #pragma sparse encoding(A : (i, j) -> (i : dense, j : compressed), posWidth = 7)\n"
        "                                                                                ^\n"
        "1 error generated.\n");
}

static void bad_crd_width(void **state) {
  t_err("#pragma sparse encoding(A : (i, j) -> (i : dense, j : compressed), crdWidth = 3)\n",
        "t.c:1:79: error: invalid crdWidth 3; expected 0, 2, 4, 8, 16, 32 or 64\n"
        "  #pragma sparse encoding(A : (i, j) -> (i : dense, j : compressed), crdWidth = 3)\n"
        "                                                                                ^\n"
        "1 error generated.\n");
}

static void packed_crd_width_on_compressed(void **state) {
  t_err("#pragma sparse encoding(A : (i, j) -> (i : dense, j : compressed), crdWidth = 2)\n",
        "t.c:1:79: error: crdWidth = 2 does not fit the coordinates of level 1 ('j : compressed'); bit-packed widths need every level that stores coordinates to be n_out_of_m with m <= 4\n"
        "  #pragma sparse encoding(A : (i, j) -> (i : dense, j : compressed), crdWidth = 2)\n"
        "                                                                                ^\n"
        "1 error generated.\n");
}

static void packed_crd_width_too_narrow(void **state) {
  t_err("#pragma sparse encoding(A : (i, j) -> (i : dense, j floordiv 8 : dense, j mod 8 : n_out_of_m[2, 8]), crdWidth = 2)\n",
        "t.c:1:113: error: crdWidth = 2 does not fit the coordinates of level 2 ('j mod 8 : n_out_of_m[2, 8]'); bit-packed widths need every level that stores coordinates to be n_out_of_m with m <= 4\n"
        "  #pragma sparse encoding(A : (i, j) -> (i : dense, j floordiv 8 : dense, j mod 8 : n_out_of_m[2, 8]), crdWidth = 2)\n"
        "                                                                                                                  ^\n"
        "1 error generated.\n");
}

static void unknown_field(void **state) {
  t_err("#pragma sparse encoding(A : (i, j) -> (i : dense, j : compressed), posWidht = 32)\n",
        "t.c:1:68: error: unknown encoding field 'posWidht'; did you mean 'posWidth'?\n"
        "  #pragma sparse encoding(A : (i, j) -> (i : dense, j : compressed), posWidht = 32)\n"
        "                                                                     ^~~~~~~~\n"
        "                                                                     posWidth\n"
        "1 error generated.\n");
}

static void duplicate_field(void **state) {
  t_err("#pragma sparse encoding(A : (i, j) -> (i : dense, j : compressed), posWidth = 8, posWidth = 16)\n",
        "t.c:1:82: error: duplicate field 'posWidth'\n"
        "  #pragma sparse encoding(A : (i, j) -> (i : dense, j : compressed), posWidth = 8, posWidth = 16)\n"
        "                                                                                   ^~~~~~~~\n"
        "t.c:1:68: note: first given here\n"
        "  #pragma sparse encoding(A : (i, j) -> (i : dense, j : compressed), posWidth = 8, posWidth = 16)\n"
        "                                                                     ^~~~~~~~\n"
        "1 error generated.\n");
}

static void missing_map(void **state) {
  t_err("#pragma sparse encoding(A : { posWidth = 8 })\n",
        "t.c:1:44: error: missing 'map = ...' in encoding\n"
        "  #pragma sparse encoding(A : { posWidth = 8 })\n"
        "                                             ^\n"
        "1 error generated.\n");
}

static void dimension_not_covered(void **state) {
  t_err("#pragma sparse encoding(A : (i, j) -> (i : dense))\n",
        "t.c:1:33: error: dimension 'j' is not stored by any level\n"
        "  #pragma sparse encoding(A : (i, j) -> (i : dense))\n"
        "                                  ^\n"
        "1 error generated.\n");
}

static void unknown_variable(void **state) {
  t_err("#pragma sparse encoding(A : (i, j) -> (i : dense, k : compressed))\n",
        "t.c:1:51: error: unknown variable 'k' in level expression; did you mean 'i'?\n"
        "  #pragma sparse encoding(A : (i, j) -> (i : dense, k : compressed))\n"
        "                                                    ^\n"
        "                                                    i\n"
        "1 error generated.\n");
}

static void duplicate_dimension(void **state) {
  t_err("#pragma sparse encoding(A : (i, i) -> (i : dense))\n",
        "t.c:1:33: error: duplicate dimension variable 'i'\n"
        "  #pragma sparse encoding(A : (i, i) -> (i : dense))\n"
        "                                  ^\n"
        "t.c:1:30: note: first declared here\n"
        "  #pragma sparse encoding(A : (i, i) -> (i : dense))\n"
        "                               ^\n"
        "1 error generated.\n");
}

static void floordiv_by_variable(void **state) {
  t_err("#pragma sparse encoding(A : (i, j) -> (i floordiv j : dense, j : compressed))\n",
        "t.c:1:51: error: right operand of 'floordiv' must be a constant\n"
        "  #pragma sparse encoding(A : (i, j) -> (i floordiv j : dense, j : compressed))\n"
        "                                                    ^\n"
        "1 error generated.\n");
}

static void floordiv_and_mod_by_zero(void **state) {
  t_err("#pragma sparse encoding(A : (i, j) -> (i floordiv 0 : dense, j mod 0 : compressed, i : dense))\n",
        "t.c:1:51: error: 'floordiv' by zero\n"
        "  #pragma sparse encoding(A : (i, j) -> (i floordiv 0 : dense, j mod 0 : compressed, i : dense))\n"
        "                                                    ^\n"
        "t.c:1:68: error: 'mod' by zero\n"
        "  #pragma sparse encoding(A : (i, j) -> (i floordiv 0 : dense, j mod 0 : compressed, i : dense))\n"
        "                                                                     ^\n"
        "2 errors generated.\n");
}

static void mod_by_negative(void **state) {
  t_err("#pragma sparse encoding(A : (i, j) -> (i : dense, j mod -(2) : compressed))\n",
        "t.c:1:57: error: right operand of 'mod' must be positive, not -2\n"
        "  #pragma sparse encoding(A : (i, j) -> (i : dense, j mod -(2) : compressed))\n"
        "                                                          ^~~~\n"
        "1 error generated.\n");
}

static void non_affine_product(void **state) {
  t_err("#pragma sparse encoding(A : (i, j) -> (i * j : dense, j : compressed))\n",
        "t.c:1:40: error: level expression is not affine: product of two variable terms\n"
        "  #pragma sparse encoding(A : (i, j) -> (i * j : dense, j : compressed))\n"
        "                                         ^~~~~\n"
        "1 error generated.\n");
}

static void nested_floordiv(void **state) {
  t_err("#pragma sparse encoding(A : (i, j) -> ((i floordiv 2) floordiv 2 : dense, j : compressed))\n",
        "t.c:1:40: error: unsupported level expression: nested floordiv or mod\n"
        "  #pragma sparse encoding(A : (i, j) -> ((i floordiv 2) floordiv 2 : dense, j : compressed))\n"
        "                                         ^~~~~~~~~~~~~~~~~~~~~~~~~\n"
        "1 error generated.\n");
}

static void constant_under_mod(void **state) {
  t_err("#pragma sparse encoding(A : (i, j) -> (i + 1 : dense, (j + 1) mod 2 : compressed, j : dense))\n",
        "t.c:1:55: error: unsupported level expression: a constant term under floordiv or mod\n"
        "  #pragma sparse encoding(A : (i, j) -> (i + 1 : dense, (j + 1) mod 2 : compressed, j : dense))\n"
        "                                                        ^~~~~~~~~~~~~\n"
        "1 error generated.\n");
}

static void constant_level(void **state) {
  t_err("#pragma sparse encoding(A : (i, j) -> (i : dense, 3 : compressed, j : dense))\n",
        "t.c:1:51: error: level expression does not depend on any dimension\n"
        "  #pragma sparse encoding(A : (i, j) -> (i : dense, 3 : compressed, j : dense))\n"
        "                                                    ^\n"
        "1 error generated.\n");
}

static void counting_level_without_dimension(void **state) {
  t_err("#pragma sparse encoding(A : [c](i, j) -> (c * 3 : dense, i : dense, j : compressed))\n",
        "t.c:1:43: error: counting level must name the counted dimension, as in 'c * K * i'\n"
        "  #pragma sparse encoding(A : [c](i, j) -> (c * 3 : dense, i : dense, j : compressed))\n"
        "                                            ^~~~~\n"
        "1 error generated.\n");
}

static void inverse_for_some_dimensions(void **state) {
  t_err("#pragma sparse encoding(A : {a, b} (i = a, j) -> (a = i : dense, b = j : compressed))\n",
        "t.c:1:44: error: dimension 'j' has no '= ...' expression but other dimensions do; give one for every dimension or none\n"
        "  #pragma sparse encoding(A : {a, b} (i = a, j) -> (a = i : dense, b = j : compressed))\n"
        "                                             ^\n"
        "1 error generated.\n");
}

static void slice_for_some_dimensions(void **state) {
  t_err("#pragma sparse encoding(A : (i : slice(0, 4, 1), j) -> (i : dense, j : compressed))\n",
        "t.c:1:50: error: dimension 'j' has no slice but other dimensions do; give a slice for every dimension or none\n"
        "  #pragma sparse encoding(A : (i : slice(0, 4, 1), j) -> (i : dense, j : compressed))\n"
        "                                                   ^\n"
        "1 error generated.\n");
}

static void slice_value_not_an_expression(void **state) {
  t_err("#pragma sparse encoding(A : (i : slice(0, N[2], 1)) -> (i : dense))\n",
        "t.c:1:43: error: expected a slice size (an integer expression or '?')\n"
        "  #pragma sparse encoding(A : (i : slice(0, N[2], 1)) -> (i : dense))\n"
        "                                            ^\n"
        "1 error generated.\n");
}

static void zero_slice_size(void **state) {
  t_err("#pragma sparse encoding(A : (i : slice(0, 0, 1)) -> (i : dense))\n",
        "t.c:1:43: error: slice size must be positive\n"
        "  #pragma sparse encoding(A : (i : slice(0, 0, 1)) -> (i : dense))\n"
        "                                            ^\n"
        "1 error generated.\n");
}

static void unknown_level_variable(void **state) {
  t_err("#pragma sparse encoding(A : {a, b} (i, j) -> (a = i : dense, c = j : compressed))\n",
        "t.c:1:62: error: unknown level variable 'c'; did you mean 'a'?\n"
        "  #pragma sparse encoding(A : {a, b} (i, j) -> (a = i : dense, c = j : compressed))\n"
        "                                                               ^\n"
        "                                                               a\n"
        "1 error generated.\n");
}

static void undeclared_level_variable(void **state) {
  t_err("#pragma sparse encoding(A : (i, j) -> (a = i : dense, j : compressed))\n",
        "t.c:1:40: error: level variable 'a' is not declared; declare level variables as '{l0, l1, ...}' before the dimension list\n"
        "  #pragma sparse encoding(A : (i, j) -> (a = i : dense, j : compressed))\n"
        "                                         ^\n"
        "1 error generated.\n");
}

static void level_variable_count(void **state) {
  t_err("#pragma sparse encoding(A : {a, b, x} (i, j) -> (a = i : dense, b = j : compressed))\n",
        "t.c:1:29: error: 3 level variables declared but the map has 2 levels\n"
        "  #pragma sparse encoding(A : {a, b, x} (i, j) -> (a = i : dense, b = j : compressed))\n"
        "                              ^~~~~~~~~\n"
        "1 error generated.\n");
}

static void inverse_unknown_level_variable(void **state) {
  t_err("#pragma sparse encoding(A : {ib, jb} (i = ib * 2 + ii, j = jb) -> (ib = i floordiv 2 : dense, jb = j : compressed, i mod 2 : dense))\n",
/* rendered in source order */
        "t.c:1:29: error: 2 level variables declared but the map has 3 levels\n"
        "  #pragma sparse encoding(A : {ib, jb} (i = ib * 2 + ii, j = jb) -> (ib = i floordiv 2 : dense, jb = j : compressed, i mod 2 : dense))\n"
        "                              ^~~~~~~~\n"
        "t.c:1:52: error: unknown variable 'ii' in dimension expression; did you mean 'ib'?\n"
        "  #pragma sparse encoding(A : {ib, jb} (i = ib * 2 + ii, j = jb) -> (ib = i floordiv 2 : dense, jb = j : compressed, i mod 2 : dense))\n"
        "                                                     ^~\n"
        "                                                     ib\n"
        "2 errors generated.\n");
}

static void duplicate_binding(void **state) {
  t_err("#pragma sparse encoding(A : CSR, A : CSC)\n",
        "t.c:1:34: error: 'A' is bound twice in this pragma\n"
        "  #pragma sparse encoding(A : CSR, A : CSC)\n"
        "                                   ^\n"
        "t.c:1:25: note: first bound here\n"
        "  #pragma sparse encoding(A : CSR, A : CSC)\n"
        "                          ^\n"
        "1 error generated.\n");
}

static void shape_rank_mismatch(void **state) {
  t_err("#pragma sparse encoding(A[n][m][k] : CSR)\n",
        "t.c:1:26: error: shape of 'A' has 3 dimensions but its encoding has 2\n"
        "  #pragma sparse encoding(A[n][m][k] : CSR)\n"
        "                           ^~~~~~~~~\n"
        "1 error generated.\n");
}

static void unknown_directive(void **state) {
  t_err("#pragma sparse encodng(A : CSR)\n",
        "t.c:1:16: error: unknown sparse directive 'encodng'; did you mean 'encoding'?\n"
        "  #pragma sparse encodng(A : CSR)\n"
        "                 ^~~~~~~\n"
        "                 encoding\n"
        "1 error generated.\n");
}

static void missing_sparse(void **state) {
  t_err("#pragma encoding(A : CSR)\n",
        "t.c:1:9: error: expected 'sparse'\n"
        "  #pragma encoding(A : CSR)\n"
        "          ^~~~~~~~\n"
        "1 error generated.\n");
}

static void missing_directive(void **state) {
  t_err("#pragma sparse\n",
        "t.c:1:15: error: expected a sparse directive (encoding, format, vectorize, novectorize) at end of pragma\n"
        "  #pragma sparse\n"
        "                ^\n"
        "1 error generated.\n");
}

static void unclosed_paren_at_end(void **state) {
  t_err("#pragma sparse encoding(A : (i, j) -> (i : dense, j : compressed)\n",
        "t.c:1:24: error: unbalanced '(': missing ')' after the bindings\n"
        "  #pragma sparse encoding(A : (i, j) -> (i : dense, j : compressed)\n"
        "                         ^\n"
        "1 error generated.\n");
}

/* a `//` comment before a backslash-newline runs on to the end of the
 * pragma, as in C: the closing brackets after it are comment */
static void line_comment_continued(void **state) {
  t_err("#pragma sparse encoding(A : { map = (i, j) -> (i : dense, j : compressed), \\\n"
        "    crdWidth = 8 // 8-bit coordinates \\\n"
        "  })\n",
        "t.c:1:29: error: unbalanced '{': missing '}' after the encoding fields\n"
        "  #pragma sparse encoding(A : { map = (i, j) -> (i : dense, j : compressed), \\\n"
        "                              ^\n"
        "t.c:2:18: note: this '//' comment continues over the backslash-newline to the "
        "end of the pragma, as in C; put it last or write /* ... */\n"
        "      crdWidth = 8 // 8-bit coordinates \\\n"
        "                   ^~\n"
        "1 error generated.\n");
}

/* the same comment last (no continuation after it) is fine: no note */
static void line_comment_last_no_note(void **state) {
  t_err("#pragma sparse encoding(A : { map = (i, j) -> (i : dense, j : compressed) // CSR\n",
        "t.c:1:29: error: unbalanced '{': missing '}' after the encoding fields\n"
        "  #pragma sparse encoding(A : { map = (i, j) -> (i : dense, j : compressed) // CSR\n"
        "                              ^\n"
        "1 error generated.\n");
}

static void unclosed_paren_before_token(void **state) {
  t_err("#pragma sparse encoding(A : (i, j -> (i : dense, j : compressed))\n",
        "t.c:1:35: error: expected ')' after the dimension list\n"
        "  #pragma sparse encoding(A : (i, j -> (i : dense, j : compressed))\n"
        "                                    ^~\n"
        "t.c:1:29: note: to match this '('\n"
        "  #pragma sparse encoding(A : (i, j -> (i : dense, j : compressed))\n"
        "                              ^\n"
        "1 error generated.\n");
}

static void unclosed_shape_bracket(void **state) {
  t_err("#pragma sparse encoding(A[n : CSR)\n",
        "t.c:1:26: error: unbalanced '[': missing ']'\n"
        "  #pragma sparse encoding(A[n : CSR)\n"
        "                           ^\n"
        "1 error generated.\n");
}

static void unclosed_paren_in_shape(void **state) {
  t_err("#pragma sparse encoding(A[(n] : CSR)\n",
        "t.c:1:27: error: unbalanced '(': missing ')'\n"
        "  #pragma sparse encoding(A[(n] : CSR)\n"
        "                            ^\n"
        "1 error generated.\n");
}

static void trailing_paren(void **state) {
  t_err("#pragma sparse encoding(A : (i, j) -> (i : dense, j : compressed)))\n",
        "t.c:1:67: error: extra tokens at end of '#pragma sparse encoding'\n"
        "  #pragma sparse encoding(A : (i, j) -> (i : dense, j : compressed)))\n"
        "                                                                    ^\n"
        "1 error generated.\n");
}

static void trailing_garbage(void **state) {
  t_err("#pragma sparse encoding(A : (i, j) -> (i : dense, j : compressed)) extra\n",
        "t.c:1:68: error: extra tokens at end of '#pragma sparse encoding'\n"
        "  #pragma sparse encoding(A : (i, j) -> (i : dense, j : compressed)) extra\n"
        "                                                                     ^~~~~\n"
        "1 error generated.\n");
}

static void two_directives_on_one_line(void **state) {
  t_err("#pragma sparse encoding(A : CSR) vectorize(vl = 8)\n",
        "t.c:1:34: error: extra tokens at end of '#pragma sparse encoding': "
        "one directive a pragma; write '#pragma sparse vectorize' on a line "
        "of its own\n"
        "  #pragma sparse encoding(A : CSR) vectorize(vl = 8)\n"
        "                                   ^~~~~~~~~\n"
        "1 error generated.\n");
}

static void missing_arrow(void **state) {
  t_err("#pragma sparse encoding(A : (i, j) (i : dense, j : compressed))\n",
        "t.c:1:36: error: expected '->' after the dimension list\n"
        "  #pragma sparse encoding(A : (i, j) (i : dense, j : compressed))\n"
        "                                     ^\n"
        "1 error generated.\n");
}

static void missing_colon(void **state) {
  t_err("#pragma sparse encoding(A CSR)\n",
        "t.c:1:27: error: expected ':' and an encoding after the array name\n"
        "  #pragma sparse encoding(A CSR)\n"
        "                            ^~~\n"
        "1 error generated.\n");
}

static void format_parameter_count(void **state) {
  t_err("#pragma sparse encoding(A : BSR(2))\n",
        "t.c:1:29: error: format 'BSR' takes 2 parameters (r, c), 1 given\n"
        "  #pragma sparse encoding(A : BSR(2))\n"
        "                              ^~~~~~\n"
        "1 error generated.\n");
}

static void format_parameter_count_ell(void **state) {
  t_err("#pragma sparse format F = ELL(2, 3)\n",
        "t.c:1:27: error: format 'ELL' takes 1 parameter (k), 2 given\n"
        "  #pragma sparse format F = ELL(2, 3)\n"
        "                            ^~~~~~~~~\n"
        "1 error generated.\n");
}

static void format_takes_no_parameters(void **state) {
  t_err("#pragma sparse encoding(A : CSR(2))\n",
        "t.c:1:29: error: format 'CSR' takes no parameters\n"
        "  #pragma sparse encoding(A : CSR(2))\n"
        "                              ^~~~~~\n"
        "1 error generated.\n");
}

static void user_format_takes_no_parameters(void **state) {
  t_err("#pragma sparse format F = CSR\n"
        "#pragma sparse encoding(A : F(2))\n",
        "t.c:2:29: error: format 'F' takes no parameters\n"
        "  #pragma sparse encoding(A : F(2))\n"
        "                              ^~~~\n"
        "1 error generated.\n");
}

static void non_positive_parameters(void **state) {
  t_err("#pragma sparse encoding(A : BSR(0, -3))\n",
        "t.c:1:33: error: parameter 1 of format 'BSR' must be positive, not 0\n"
        "  #pragma sparse encoding(A : BSR(0, -3))\n"
        "                                  ^\n"
        "t.c:1:36: error: parameter 2 of format 'BSR' must be positive, not -3\n"
        "  #pragma sparse encoding(A : BSR(0, -3))\n"
        "                                     ^~\n"
        "2 errors generated.\n");
}

static void redefine_builtin(void **state) {
  t_err("#pragma sparse format CSR = (i, j) -> (i : dense, j : compressed)\n",
        "t.c:1:23: error: cannot redefine built-in format 'CSR'\n"
        "  #pragma sparse format CSR = (i, j) -> (i : dense, j : compressed)\n"
        "                        ^~~\n"
        "sparsecc: note: 'CSR' is built in: (i, j) -> (i : dense, j : compressed)\n"
        "1 error generated.\n");
}

static void redefine_user_format(void **state) {
  t_err("#pragma sparse format Mine = (i, j) -> (i : dense, j : compressed)\n"
        "#pragma sparse format Mine = (i, j) -> (j : dense, i : compressed)\n",
        "t.c:2:23: error: redefinition of format 'Mine'\n"
        "  #pragma sparse format Mine = (i, j) -> (j : dense, i : compressed)\n"
        "                        ^~~~\n"
        "t.c:1:23: note: previous definition is here\n"
        "  #pragma sparse format Mine = (i, j) -> (i : dense, j : compressed)\n"
        "                        ^~~~\n"
        "1 error generated.\n");
}

/* a format whose definition failed: one error, at the definition; its
 * uses (in a binding, in another format) draw no "unknown format" */
static void failed_format_reported_once(void **state) {
  t_err("#pragma sparse format Mine = (i, j) -> (i : dense, j : compresed)\n"
        "#pragma sparse format Bad = (i, j) -> (i : dense j : compressed)\n"
        "#pragma sparse encoding(A : Mine, B : Bad)\n"
        "#pragma sparse encoding(C : Mine)\n",
        "t.c:1:56: error: unknown level format 'compresed'; did you mean 'compressed'?\n"
        "  #pragma sparse format Mine = (i, j) -> (i : dense, j : compresed)\n"
        "                                                         ^~~~~~~~~\n"
        "                                                         compressed\n"
        "t.c:2:50: error: expected ')' after the level list\n"
        "  #pragma sparse format Bad = (i, j) -> (i : dense j : compressed)\n"
        "                                                   ^\n"
        "t.c:2:39: note: to match this '('\n"
        "  #pragma sparse format Bad = (i, j) -> (i : dense j : compressed)\n"
        "                                        ^\n"
        "2 errors generated.\n");
}

static void n_out_of_m_without_sizes(void **state) {
  t_err("#pragma sparse encoding(A : (i, j) -> (i : dense, j : n_out_of_m))\n",
        "t.c:1:55: error: 'n_out_of_m' needs '[n, m]': n stored out of every m\n"
        "  #pragma sparse encoding(A : (i, j) -> (i : dense, j : n_out_of_m))\n"
        "                                                        ^~~~~~~~~~\n"
        "1 error generated.\n");
}

static void sizes_on_dense(void **state) {
  t_err("#pragma sparse encoding(A : (i, j) -> (i : dense, j : dense[2, 4]))\n",
        "t.c:1:60: error: 'dense' takes no '[n, m]' (only n_out_of_m does)\n"
        "  #pragma sparse encoding(A : (i, j) -> (i : dense, j : dense[2, 4]))\n"
        "                                                             ^~~~~~\n"
        "1 error generated.\n");
}

static void bad_n_out_of_m(void **state) {
  t_err("#pragma sparse encoding(A : (i, j) -> (i : dense, j : n_out_of_m[4, 2]))\n",
        "t.c:1:65: error: invalid n_out_of_m[4, 2]: need 1 <= n <= m <= 64\n"
        "  #pragma sparse encoding(A : (i, j) -> (i : dense, j : n_out_of_m[4, 2]))\n"
        "                                                                  ^~~~~~\n"
        "1 error generated.\n");
}

static void vectorize_options(void **state) {
  t_err("#pragma sparse vectorize(vl = 8, vlaa, simd = avx3)\n",
        "t.c:1:34: error: unknown vectorize option 'vlaa'; did you mean 'vla'?\n"
        "  #pragma sparse vectorize(vl = 8, vlaa, simd = avx3)\n"
        "                                   ^~~~\n"
        "                                   vla\n"
        "t.c:1:47: error: unknown SIMD backend 'avx3'; did you mean 'avx2'?\n"
        "  #pragma sparse vectorize(vl = 8, vlaa, simd = avx3)\n"
        "                                                ^~~~\n"
        "                                                avx2\n"
        "2 errors generated.\n");
}

static void vectorize_duplicate_and_zero(void **state) {
  t_err("#pragma sparse vectorize(vl = 0, vl = 4)\n",
        "t.c:1:31: error: vector length must be between 1 and 64, not 0\n"
        "  #pragma sparse vectorize(vl = 0, vl = 4)\n"
        "                                ^\n"
        "t.c:1:34: error: duplicate vectorize option 'vl'\n"
        "  #pragma sparse vectorize(vl = 0, vl = 4)\n"
        "                                   ^~\n"
        "t.c:1:26: note: first given here\n"
        "  #pragma sparse vectorize(vl = 0, vl = 4)\n"
        "                           ^~\n"
        "2 errors generated.\n");
}

/* one limit with --vl (SC_VL_MAX): vl = 4096 on avx512 meant 512 vector
 * accumulators; 64 is accepted, 65 is not */
static void vectorize_vl_limit(void **state) {
  t_err("#pragma sparse vectorize(vl = 64)\n"
        "#pragma sparse vectorize(vl = 65)\n"
        "#pragma sparse vectorize(simd = avx512, vl = 4096)\n",
        "t.c:2:31: error: vector length must be between 1 and 64, not 65\n"
        "  #pragma sparse vectorize(vl = 65)\n"
        "                                ^~\n"
        "t.c:3:46: error: vector length must be between 1 and 64, not 4096\n"
        "  #pragma sparse vectorize(simd = avx512, vl = 4096)\n"
        "                                               ^~~~\n"
        "2 errors generated.\n");
}

static void invalid_character(void **state) {
  t_err("#pragma sparse encoding(A : $)\n",
        "t.c:1:29: error: invalid character in pragma\n"
        "  #pragma sparse encoding(A : $)\n"
        "                              ^\n"
        "1 error generated.\n");
}

static void unterminated_comment(void **state) {
  t_err("#pragma sparse encoding(A : CSR) /* unterminated\n",
        "t.c:1:34: error: unterminated comment\n"
        "  #pragma sparse encoding(A : CSR) /* unterminated\n"
        "                                   ^~\n"
        "1 error generated.\n");
}

static void too_many_level_variables(void **state) {
  t_err("#pragma sparse encoding(A : {a,b,c,d,e,f,g,h,k,l,m,n} (i = n, j = m) -> (i : dense, j : compressed))\n",
        "t.c:1:29: error: too many level variables (12; at most 8)\n"
        "  #pragma sparse encoding(A : {a,b,c,d,e,f,g,h,k,l,m,n} (i = n, j = m) -> (i : dense, j : compressed))\n"
        "                              ^~~~~~~~~~~~~~~~~~~~~~~~~\n"
        "1 error generated.\n");
}

static void symbol_and_dimension(void **state) {
  t_err("#pragma sparse encoding(A : [c](c) -> (c : dense))\n",
        "t.c:1:33: error: 'c' is both a symbol and a dimension variable\n"
        "  #pragma sparse encoding(A : [c](c) -> (c : dense))\n"
        "                                  ^\n"
        "1 error generated.\n");
}

static void too_many_dimensions(void **state) {
  t_err("#pragma sparse encoding(A : (i,j,k,l,m,n,o,p,q) -> (i : dense))\n",
        "t.c:1:29: error: too many dimensions (9; at most 8)\n"
        "  #pragma sparse encoding(A : (i,j,k,l,m,n,o,p,q) -> (i : dense))\n"
        "                              ^~~~~~~~~~~~~~~~~~~\n"
        "1 error generated.\n");
}

static void several_errors_in_one_pragma(void **state) {
  t_err("#pragma sparse encoding(A : (i, j) -> (i : dens, j : compressed(nonunique, hgh)), crdWidth = 7)\n",
        "t.c:1:44: error: unknown level format 'dens'; did you mean 'dense'?\n"
        "  #pragma sparse encoding(A : (i, j) -> (i : dens, j : compressed(nonunique, hgh)), crdWidth = 7)\n"
        "                                             ^~~~\n"
        "                                             dense\n"
        "t.c:1:76: error: unknown level property 'hgh'; did you mean 'high'?\n"
        "  #pragma sparse encoding(A : (i, j) -> (i : dens, j : compressed(nonunique, hgh)), crdWidth = 7)\n"
        "                                                                             ^~~\n"
        "                                                                             high\n"
        "t.c:1:94: error: invalid crdWidth 7; expected 0, 2, 4, 8, 16, 32 or 64\n"
        "  #pragma sparse encoding(A : (i, j) -> (i : dens, j : compressed(nonunique, hgh)), crdWidth = 7)\n"
        "                                                                                               ^\n"
        "3 errors generated.\n");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(unknown_level_format),
      cmocka_unit_test(unknown_level_format_continued_line),
      cmocka_unit_test(line_comment_continued),
      cmocka_unit_test(line_comment_last_no_note),
      cmocka_unit_test(unknown_named_format_transposed),
      cmocka_unit_test(unknown_named_format_case),
      cmocka_unit_test(unknown_named_format_user_candidate),
      cmocka_unit_test(unknown_named_format_no_guess),
      cmocka_unit_test(binding_names_struct_member),
      cmocka_unit_test(unknown_property),
      cmocka_unit_test(duplicate_property),
      cmocka_unit_test(property_on_dense_and_conflict),
      cmocka_unit_test(singleton_first_level),
      cmocka_unit_test(dimension_not_recoverable),
      cmocka_unit_test(bad_pos_width),
      cmocka_unit_test(bad_crd_width),
      cmocka_unit_test(packed_crd_width_on_compressed),
      cmocka_unit_test(packed_crd_width_too_narrow),
      cmocka_unit_test(unknown_field),
      cmocka_unit_test(duplicate_field),
      cmocka_unit_test(missing_map),
      cmocka_unit_test(dimension_not_covered),
      cmocka_unit_test(unknown_variable),
      cmocka_unit_test(duplicate_dimension),
      cmocka_unit_test(floordiv_by_variable),
      cmocka_unit_test(floordiv_and_mod_by_zero),
      cmocka_unit_test(mod_by_negative),
      cmocka_unit_test(non_affine_product),
      cmocka_unit_test(nested_floordiv),
      cmocka_unit_test(constant_under_mod),
      cmocka_unit_test(constant_level),
      cmocka_unit_test(counting_level_without_dimension),
      cmocka_unit_test(inverse_for_some_dimensions),
      cmocka_unit_test(slice_for_some_dimensions),
      cmocka_unit_test(slice_value_not_an_expression),
      cmocka_unit_test(zero_slice_size),
      cmocka_unit_test(unknown_level_variable),
      cmocka_unit_test(undeclared_level_variable),
      cmocka_unit_test(level_variable_count),
      cmocka_unit_test(inverse_unknown_level_variable),
      cmocka_unit_test(duplicate_binding),
      cmocka_unit_test(shape_rank_mismatch),
      cmocka_unit_test(unknown_directive),
      cmocka_unit_test(missing_sparse),
      cmocka_unit_test(missing_directive),
      cmocka_unit_test(level_format_as_named_format),
      cmocka_unit_test(unclosed_paren_at_end),
      cmocka_unit_test(unclosed_paren_before_token),
      cmocka_unit_test(unclosed_shape_bracket),
      cmocka_unit_test(unclosed_paren_in_shape),
      cmocka_unit_test(trailing_paren),
      cmocka_unit_test(trailing_garbage),
      cmocka_unit_test(two_directives_on_one_line),
      cmocka_unit_test(missing_arrow),
      cmocka_unit_test(missing_colon),
      cmocka_unit_test(format_parameter_count),
      cmocka_unit_test(format_parameter_count_ell),
      cmocka_unit_test(format_takes_no_parameters),
      cmocka_unit_test(user_format_takes_no_parameters),
      cmocka_unit_test(non_positive_parameters),
      cmocka_unit_test(redefine_builtin),
      cmocka_unit_test(redefine_user_format),
      cmocka_unit_test(failed_format_reported_once),
      cmocka_unit_test(n_out_of_m_without_sizes),
      cmocka_unit_test(sizes_on_dense),
      cmocka_unit_test(bad_n_out_of_m),
      cmocka_unit_test(vectorize_options),
      cmocka_unit_test(vectorize_duplicate_and_zero),
      cmocka_unit_test(vectorize_vl_limit),
      cmocka_unit_test(invalid_character),
      cmocka_unit_test(unterminated_comment),
      cmocka_unit_test(too_many_level_variables),
      cmocka_unit_test(symbol_and_dimension),
      cmocka_unit_test(too_many_dimensions),
      cmocka_unit_test(several_errors_in_one_pragma),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
