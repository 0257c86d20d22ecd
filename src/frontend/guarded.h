/* guarded.h — the model of a nest whose whole body is a guarded statement
 * with effects (SPEC §4-§5, the print loop of an ordinary program):
 *
 *   for (i = lo0; i < hi0; i++) for (j = lo1; j < hi1; j++)
 *     if (A[i][j] != 0) printf("%d %d %g\n", i, j, A[i][j]);
 *
 * The guard is false wherever A's element is zero, so the body runs at
 * A's nonzero entries only: lowering (lower/guarded_walk.h) walks A's
 * stored entries in the loops' order, binds the loop variables to their
 * coordinates and runs the guard and body as written (A[i][j] reads the
 * entry's value). guarded_match() recognizes the nest; it models nothing
 * of the body beyond what that walk needs. */
#ifndef SC_FRONTEND_GUARDED_H
#define SC_FRONTEND_GUARDED_H

#include "frontend/extract.h"

typedef struct GuardedLoop {
  const char *var;      /* the loop variable */
  const char *decl_type;/* `for (int i = ...)`: "int"; NULL: declared
                           outside the nest */
  const char *lo, *hi;  /* [lo, hi) as C text (`i <= n`: hi is "(n) + 1") */
  int rect;             /* lo and hi name no loop variable of the nest */
} GuardedLoop;

typedef struct GuardedNest {
  int depth;                    /* loops, == the array's rank - nfixed */
  GuardedLoop loop[SC_MAX_RANK];/* outermost first */
  const BoundArray *array;      /* the array the guard tests */
  int nfixed;                   /* its leading dimensions subscripted by */
  const char *fixed[SC_MAX_RANK]; /* values the nest does not change (a
                                   row `A[r][j]` of an enclosing loop's r):
                                   their C text */
  int dim_depth[SC_MAX_RANK];   /* the loop subscripting each dimension
                                   (-1 for the fixed ones) */
  Span stmt;                    /* the guarded `if` statement */
  Span access[16];              /* the reads A[i][j] of the statement */
  int naccess;
  Span loops;                   /* the nest */
  const char *exit;             /* "goto" or "return" when the body may
                                   leave the nest (the walk must then hold
                                   nothing to free), else NULL */
  int nbreak;                   /* `break` statements of the body that */
  Span brk[8];                  /* leave the innermost loop (the walk of its
                                   level: the next row, or the end of a
                                   one-loop nest) */
} GuardedNest;

/* 0 and *g when nest f has that shape and its body may run at the stored
 * entries only; 1 when it has another shape (nothing said); 2 when it has
 * the shape but the body cannot be moved (*why: the reason and where). */
int guarded_match(const ExtractEnv *env, TSNode f, GuardedNest *g,
                  ExtractRefusal *why);

#endif
