/* level_ops.h — the level format model: one LevelOps table per storage
 * level format (TACO's ModeFormatImpl, MLIR's SparseTensorLevel). The
 * lowerer asks properties and capabilities and calls the level functions,
 * which return C text over the generated arrays of one tensor level; it
 * never tests which format a level has. The only switch on the format is
 * in level_factory.c.
 *
 * Level functions, for level k of tensor A (parent position segment
 * [plo, phi): phi is plo + 1 unless the parent level is nonunique):
 *   pos_bounds(plo, phi) -> begin_k, end_k   child positions to iterate
 *   coord_at(p)          -> coordinate stored at position p (uint64_t)
 *   locate(p_{k-1}, c)   -> p_k and a found flag (statements)
 * Names of the generated arrays: sc__A_pos<k>, sc__A_crd<k>, sc__A_size<k>.
 */
#ifndef SC_LEVEL_OPS_H
#define SC_LEVEL_OPS_H

#include "base/arena.h"
#include "base/strbuf.h"
#include "../runtime/include/sparsecc_rt.h"

/* One level of one tensor in generated code. */
typedef struct LevelRef {
  Arena *arena;
  const char *tensor;          /* C name of the tensor ("A") */
  int lvl;                     /* level index (in the assembled encoding) */
  sc_level_type type;
  const char *pos_type;        /* "uint32_t"... element type of pos arrays */
  const char *crd_type;        /* element type of crd arrays */
} LevelRef;

typedef struct LevelOps {
  const char *name;            /* MLIR spelling of the format */
  /* Properties */
  int full;                    /* every coordinate of the level is stored */
  int default_padded;          /* may hold explicit zeros without props */
  /* Capabilities */
  int has_pos_array, has_crd_array, has_size;
  int coord_pos_iter;          /* can drive a loop by walking positions */
  int locate_o1;               /* locate is O(1) arithmetic (no search) */
  int has_append;              /* sparse outputs can append in order */
  /* Level functions (arena strings; see the file comment) */
  void (*pos_bounds)(const LevelRef *l, const char *plo, const char *phi,
                     const char **begin, const char **end);
  const char *(*coord_at)(const LevelRef *l, const char *p);
  /* Emits statements at indentation `ind` setting size_t `out_p` and int
   * `out_in` (already declared) from parent position `pp` and coordinate
   * `c` (an unsigned 64-bit C expression), when `guard` (a C condition or
   * NULL for always) holds; otherwise out_in stays 0. */
  void (*locate)(const LevelRef *l, StrBuf *sb, const char *ind,
                 const char *guard, const char *pp, const char *c,
                 const char *out_p, const char *out_in);
  /* O(1) locate as an expression (full levels), or NULL: the child
   * position from parent position pp and coordinate c. */
  const char *(*locate_expr)(const LevelRef *l, const char *pp,
                             const char *c);
  /* Whether this level may sit below a nonunique level (as a segment). */
  int segment_child;
} LevelOps;

/* The table for a level type (never NULL for a valid format). */
const LevelOps *level_ops_for(const sc_level_type *t);

/* Property predicates with defaults applied (the padded model of SPEC §3). */
int level_is_unique(const sc_level_type *t);
int level_is_ordered(const sc_level_type *t);
int level_is_padded(const sc_level_type *t);
int level_is_full(const sc_level_type *t);

/* The dimension whose coordinate level l of e stores as it is (the level
 * expression is that one dimension, coefficient 1, no constant), or -1. */
int level_plain_dim(const sc_encoding *e, int l);

/* Names of the generated arrays of a level (arena strings). */
const char *level_pos_name(const LevelRef *l);
const char *level_crd_name(const LevelRef *l);
const char *level_size_name(const LevelRef *l);

/* C element type for a width: 0 and 64 -> uint64_t, 2/4/8 -> uint8_t... */
const char *level_width_ctype(int width);

/* Shared search emitter: binary (ordered) or linear search of coordinate c
 * among crd[lo, hi); for nonunique levels finds the first match. */
void level_emit_search(const LevelRef *l, StrBuf *sb, const char *ind,
                       const char *guard, const char *lo, const char *hi,
                       const char *c, const char *out_p, const char *out_in);

#endif
