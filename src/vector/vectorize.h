/* vectorize.h — the vectorization pass (SPEC §6): the loop emitter
 * (src/lower/coiter.c) hands every innermost loop it emits — a dense loop
 * over a variable, or a position loop over one compressed segment — to
 * vec_emit() together with the scalar text it produced. vec_emit() either
 * appends a strip-mined vector loop (full chunks of vl elements, then the
 * last partial chunk under the mask min(lanes, hi - iv); no scalar
 * remainder loop) with the scalar loop as the fallback for compilers
 * without the backend's ISA, or appends the scalar loop unchanged and
 * says why in --report. */
#ifndef SC_VECTORIZE_H
#define SC_VECTORIZE_H

#include "lower/lower_int.h"

typedef enum VecShape {
  VEC_DENSE,     /* for (v = lo; v < hi; v++) */
  VEC_POSITIONS  /* for (p = begin; p < end; p++) { v = crd[p]; ... } */
} VecShape;

typedef struct VecLoop {
  VecShape shape;
  const IrNode *n;        /* the loop node */
  int depth;              /* indentation depth of the loop */
  unsigned zero;          /* sparse operands read as absent (fill loops) */
  /* VEC_POSITIONS */
  int st;                 /* the iterated sparse operand (index into L->st) */
  int lvl;                /* its level */
  const char *p;          /* the position variable's name */
  const char *begin, *end;/* the position range (C expressions) */
  const char *counter;    /* an entry counter the body advances, or NULL */
  int checks_bounds;      /* the scalar loop tests v against its bounds */
  int ordered;            /* coordinates ascend in a segment (overlap checks
                             bound v by the first and last coordinate) */
  int *seg_min_out;       /* VEC_POSITIONS: when not NULL and shorter
                             segments run the short loop, receives the least
                             length that runs the vector code (seg_min;
                             lower/short_rows.c) */
  int *mean_min_out;      /* with seg_min_out: receives the least mean
                             segment length at which the kernel keeps its
                             vector nest (the backend's mean_min, at least
                             seg_min; lower/short_rows.c) */
  int contig;             /* VEC_DENSE inside a block (vec_emit_blocks): the
                             values of operand st are contiguous in the
                             loop, at position p + offset */
  /* VEC_POSITIONS whose coordinate is not the one the level stores (the
   * groups of an n_out_of_m level: group * m + crd[q], positions
   * contiguous over a row's groups): the coordinate at position q (a C
   * expression) as C text, and what it is for the report; NULL: the
   * level's own coordinates. Gathers and scatters then index through a
   * small array of the chunk's coordinates. */
  const char *(*coord)(void *user, const char *q);
  const char *coord_desc;
  /* VEC_DENSE over the dense last level of sparse operands outside
   * blocks (`(i : compressed, j : dense)`, the fibres stored whole;
   * `(..., k : dense)` tails): per operand (index into L->st), the
   * position of the level above (C text) when the last level's coordinate
   * is the loop variable itself, so that its values lie at that level's
   * locate_expr(parent, v), contiguous in v; NULL for the others. With
   * last_in[s] (C text, or NULL), the operand is present only where that
   * holds (a co-iteration's flag, constant in the loop): the vector loop
   * runs under it, the scalar loop otherwise. */
  const char *last_parent[LW_MAX_SPARSE];
  const char *last_in[LW_MAX_SPARSE];
  /* Prints access `a` as scalar C when it does not vary in the loop
   * (dense accesses are the vectorizer's business): returns 1, or 0 when
   * the access varies (a sparse operand located per iteration). */
  int (*invariant)(void *user, StrBuf *out, int a);
  void *user;
} VecLoop;

/* A position loop over a unique compressed level around exactly one
 * innermost dense loop (SpMM: j over the entries of row i, around k), for
 * register blocking: the vectorizer may swap the pair at the vector level
 * (blocks of the inner loop's range outside, the entries inside) and keep
 * the written block in vector registers across the entries. */
typedef struct VecNest {
  VecLoop inner;          /* the inner dense loop (its printer sees the
                             outer loop's variable bound) */
  const IrNode *outer;    /* the position loop node */
  int depth;              /* indentation depth of the position loop */
  const char *p;          /* the position variable's name */
  const char *begin, *end;/* the position range (C expressions) */
  const char *crd;        /* the coordinate at position p (C expression) */
  int ordered;            /* the level's coordinates ascend in a segment
                             (the first and last entry bound j: overlap
                             checks of pointer arrays) */
  size_t notes_mark;      /* report length before the scalar text was made:
                             its vectorization lines are replaced */
  int st, lvl;            /* the iterated sparse operand (index into L->st)
                             and its level */
  const char *parent;     /* the position of the level above (its segment's
                             successor is the next row), or NULL: not a
                             plain unique parent */
  struct VecPair *pair;   /* rows to pair (NULL: none; see VecPair) */
} VecNest;

/* Two rows of a register-blocked nest at once (SpMM `C[i][k] += D[i][j] *
 * B[j][k]` with B `(j : compressed, k : dense)`: the same entries of B for
 * every i): vec_emit_nest also makes `text`, the nest for rows var and var
 * + 1 (blocks of both rows held across one walk of the entries), when
 * every left side's row subscript is var alone and the rows' elements are
 * apart (declared arrays, no run-time check). The caller steps var by 2
 * around it under `#if defined(__GNUC__) && guard`. */
typedef struct VecPair {
  int var;                /* the row variable */
  int depth;              /* indentation depth of text (the body of the
                             caller's loop over var) */
  StrBuf text;            /* the paired nest, or empty: not paired */
  const char *guard;      /* the backend's preprocessor condition */
  int nv;                 /* vector values a row in one block */
} VecPair;

/* A position loop over a block level (`v floordiv c`: BSR's block
 * columns) around the dense `v mod c` level inside each block, the pair
 * being one source loop over v whose body is innermost (BSR SpMV: for
 * each block of row i's block row, the c entries of its row i mod r). The
 * vectorizer strip-mines the c entries of a block and keeps its
 * accumulators across the blocks of the segment. */
typedef struct VecBlocks {
  VecLoop inner;          /* VEC_DENSE over v, contig, st: the operand; its
                             p is set by the vectorizer */
  int depth;              /* indentation depth of the position loop */
  const char *p;          /* the block position variable's name */
  const char *begin, *end;/* the block positions (C expressions) */
  const char *head;       /* statements at depth + 3 binding the block's
                             coordinate and locating the levels between */
  const char *first;      /* v at the block's first entry (C expression) */
  const char *base;       /* the position of that entry's value */
  const char *extent;     /* v's extent: entries at or past it are padding */
  int64_t width;          /* entries of a block along v (c) */
  int ordered;            /* block coordinates ascend in a segment */
  const char *span_first, *span_last; /* v at the first entry of the first
                             block and at the last entry of the last block
                             before the extent (overlap checks, ordered) */
} VecBlocks;

/* The j loop of BSR's level-order walk (block_walk.c) whose body is one
 * `+=` / `-=` into an element that does not move with j (SpMV's y[i]),
 * held in a local array per row of the block row (`acc`). The vectorizer
 * keeps the r rows' sums in vector accumulators across the block row's
 * whole blocks (a row of a row-major block: c contiguous values, against
 * the same vector of x for the block's r rows) and adds them into the
 * local array once per block row (vblocks.c, "Block rows in level
 * order"). */
typedef struct VecBlockRows {
  VecLoop inner;          /* VEC_DENSE over j, contig, st: the operand */
  const IrLoopVar *iv;    /* the row variable (bound per row) */
  int64_t rows, width;    /* r, c */
  const char *acc;        /* the local array of the rows' elements */
  const char *row0;       /* i at the block row's first row (C expression) */
  const char *col0;       /* j at the block's first column */
  const char *p;          /* the block's position (its values start at
                             p * r * c, row by row) */
  const char *ext_i, *ext_j; /* the extents (C expressions): entries of a
                             block at or past them are padding */
  void *state;            /* the vectorizer's, from plan to done */
  const char *note;       /* the report line for the j loop (set by plan
                             when it returns 0, else by done), or NULL */
} VecBlockRows;

/* Whether vectorization is on and the walk is to be vectorized (1: the
 * caller then emits the walk with the three parts below, under
 * vec_block_rows_guard, the scalar walk as the alternative); 0: the walk
 * stays scalar (a report line says why). */
int vec_block_rows_plan(Lower *L, VecBlockRows *vr);
/* The accumulators, before the block row's blocks; one block (edge: it
 * may reach past an extent); the rows' sums added into acc, after the
 * blocks. */
void vec_block_rows_init(Lower *L, VecBlockRows *vr, StrBuf *sb, int depth);
void vec_block_rows_block(Lower *L, VecBlockRows *vr, StrBuf *sb, int edge,
                          int depth);
void vec_block_rows_reduce(Lower *L, VecBlockRows *vr, StrBuf *sb,
                           int depth);
/* The preprocessor condition of the vector walk; the report line into
 * vr->note (after the walk is emitted; frees the state). */
const char *vec_block_rows_guard(const VecBlockRows *vr);
void vec_block_rows_done(Lower *L, VecBlockRows *vr);

/* Whether a SIMD backend is on for the kernel being lowered (its
 * vectorize pragma, else the command line). */
int vec_simd_on(Lower *L);

/* Whether loop node n contains statements only (an innermost loop). */
int vec_innermost(const IrNode *n);

/* Appends the loop (vectorized or `scalar`, which is the complete scalar
 * loop statement as coiter emitted it) to out; adds a report line for
 * innermost loops when vectorization is on. */
void vec_emit(Lower *L, const VecLoop *v, const char *scalar, StrBuf *out);

/* Appends the register-blocked vector nest and returns 1, or returns 0 and
 * appends nothing (the caller emits `scalar`, the nest as coiter made it,
 * whose inner loop went through vec_emit). */
int vec_emit_nest(Lower *L, const VecNest *vn, const char *scalar,
                  StrBuf *out);

/* The entry prefetch of a nest whose inner loop is a vector reduction
 * into a dense element at the entry's coordinate (SDDMM's D[i][j]): the
 * statements the position loop runs first in each entry, hinting the
 * element VEC_ENTRY_PREFETCH entries ahead while p + that < end (end: the
 * C name of the segment's end); under a dense row level, min(that, the
 * row's length) ahead, past end in the next row (vn->parent). NULL when
 * the rule does not apply (or vectorization is off). vn->notes_mark and the printer's scope are as for
 * vec_emit_nest. */
const char *vec_nest_prefetch(Lower *L, const VecNest *vn, const char *end);
/* Appends the vectorized block nest (or, with a report line saying why
 * not, `scalar`) and returns 1; returns 0 and appends nothing when
 * vectorization is off. */
int vec_emit_blocks(Lower *L, const VecBlocks *vk, const char *scalar,
                    StrBuf *out);

/* When a SIMD backend is on for the kernel: a report line saying that
 * innermost loop n, emitted without being offered to the vectorizer,
 * stays scalar, and why (fmt: the reason). Nothing otherwise. */
void vec_note_scalar(Lower *L, const IrNode *n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* After the kernel's loops are emitted, with a SIMD backend on: a line
 * `not vectorized: unaccounted ...` for each innermost loop of the IR
 * that got no vectorization line (vaccount.c). */
void vec_account(Lower *L);

#endif
