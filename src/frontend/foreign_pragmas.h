/* foreign_pragmas.h — other tools' pragma lines before a loop (OpenMP,
 * OpenACC, compiler loop hints): which of them apply to the loop after
 * them, and what replaces an `omp for` when sparsecc rewrites that loop. */
#ifndef SC_FOREIGN_PRAGMAS_H
#define SC_FOREIGN_PRAGMAS_H

/* Whether a pragma line of another tool (`one`, from its '#', continued
 * lines joined) applies to the loop after it: an OpenMP or OpenACC loop
 * construct (`omp for`, `omp parallel for`, `omp simd`, `acc parallel
 * loop`), or a compiler's loop hint (`GCC ivdep`, `clang loop`, `unroll`).
 * A region (`omp parallel`), a standalone directive (`omp barrier`), `GCC
 * diagnostic` or `pack` is not. */
int foreign_loop_pragma(const char *one);

/* For an `omp for` line, the pragma that runs the rewritten nest on one
 * thread of the enclosing parallel region (`#pragma omp single`, with
 * `nowait` when the loop had it); NULL for any other line. */
const char *foreign_omp_single(const char *one);

/* Whether a pragma line is the OpenMP directive `word` (`#pragma omp
 * critical(name)` is "critical"). */
int foreign_omp_is(const char *one, const char *word);

/* Whether a pragma line of another tool may run the statement after it on
 * several threads at once (or on a device): an OpenMP construct with
 * `parallel`, `for`, `taskloop`, `distribute`, `teams`, `task`, `target`
 * or `loop` before its clauses (not `sections`, whose `section` lines need
 * it), or an OpenACC `parallel`, `kernels`, `serial` or `loop`. */
int foreign_parallel_pragma(const char *one);

#endif
