/* arena.h — the compiler's bump allocator. Everything a run builds (IR,
 * strings, edit lists) lives in one Arena, freed at once when the run ends. */
#ifndef SC_ARENA_H
#define SC_ARENA_H

#include <stddef.h>

typedef struct ArenaBlock ArenaBlock;
typedef struct Arena {
  ArenaBlock *head; /* newest block first */
} Arena;

/* Zeroed memory for n bytes, aligned for any type. Aborts the process with
 * a message on allocation failure (the compiler, never the runtime). */
void *arena_alloc(Arena *a, size_t n);
/* Copies of C strings and byte ranges, NUL-terminated. */
char *arena_strdup(Arena *a, const char *s);
char *arena_strndup(Arena *a, const char *s, size_t n);
/* printf into the arena. */
char *arena_printf(Arena *a, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Grows an arena array: returns a block of new_cap elements holding the
 * first old_n elements of old. */
void *arena_grow(Arena *a, void *old, size_t old_n, size_t new_cap,
                 size_t elem_size);
/* Frees every block; the arena is empty and reusable afterwards. */
void arena_free(Arena *a);

/* Typed growable array living in an arena:
 *   ARRAY(int) v = {0}; ARRAY_PUSH(arena, v, 42); v.data[0]; v.len */
#define ARRAY(T) struct { T *data; size_t len, cap; }
#define ARRAY_PUSH(arena, arr, value)                                        \
  do {                                                                       \
    if ((arr).len == (arr).cap) {                                            \
      size_t nc_ = (arr).cap ? (arr).cap * 2 : 8;                            \
      (arr).data = arena_grow((arena), (arr).data, (arr).len, nc_,           \
                              sizeof *(arr).data);                           \
      (arr).cap = nc_;                                                       \
    }                                                                        \
    (arr).data[(arr).len++] = (value);                                       \
  } while (0)

#endif
