/* arena.c — bump allocation in 64 KiB blocks (larger requests get their own
 * block); see arena.h. */
#include "arena.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ArenaBlock {
  ArenaBlock *next;
  size_t used, cap;
  max_align_t data[]; /* cap bytes */
};

enum { ARENA_BLOCK = 64 * 1024 };

static void arena_oom(void) {
  fputs("sparsecc: fatal error: out of memory\n", stderr);
  exit(2);
}

void *arena_alloc(Arena *a, size_t n) {
  size_t align = sizeof(max_align_t);
  n = (n + align - 1) / align * align;
  if (n == 0) n = align;
  ArenaBlock *b = a->head;
  if (!b || b->cap - b->used < n) {
    size_t cap = n > ARENA_BLOCK ? n : ARENA_BLOCK;
    b = malloc(sizeof(ArenaBlock) + cap);
    if (!b) arena_oom();
    b->used = 0;
    b->cap = cap;
    b->next = a->head;
    a->head = b;
  }
  void *p = (char *)b->data + b->used;
  b->used += n;
  memset(p, 0, n);
  return p;
}

char *arena_strndup(Arena *a, const char *s, size_t n) {
  char *p = arena_alloc(a, n + 1);
  memcpy(p, s, n);
  p[n] = '\0';
  return p;
}

char *arena_strdup(Arena *a, const char *s) {
  return arena_strndup(a, s, strlen(s));
}

char *arena_printf(Arena *a, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n < 0) n = 0;
  char *p = arena_alloc(a, (size_t)n + 1);
  va_start(ap, fmt);
  vsnprintf(p, (size_t)n + 1, fmt, ap);
  va_end(ap);
  return p;
}

void *arena_grow(Arena *a, void *old, size_t old_n, size_t new_cap,
                 size_t elem_size) {
  if (new_cap && elem_size > SIZE_MAX / new_cap) arena_oom();
  void *p = arena_alloc(a, new_cap * elem_size);
  if (old_n) memcpy(p, old, old_n * elem_size);
  return p;
}

void arena_free(Arena *a) {
  ArenaBlock *b = a->head;
  while (b) {
    ArenaBlock *next = b->next;
    free(b);
    b = next;
  }
  a->head = NULL;
}
