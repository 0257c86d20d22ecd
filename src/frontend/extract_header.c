/* extract_header.c — a loop header that assigns other variables beside
 * its own (`for (i = 0, j = 0; i < n; i++)`): on the nest's outermost
 * loop the other assignments run once, before the loop, so they become
 * statements emitted before the kernel's loops (IrKernel.pre_text) and
 * the header is read as `i = 0`. Refused on an inner loop (they would run
 * once per iteration of the loops around it) and when the order of the
 * header's assignments could matter. */
#include "frontend/extract_walk.h"

#include <string.h>

/* The variable the update `i++`, `++i`, `i += c`, `i = i + c`, `i--`...
 * steps, or NULL. */
static const char *stepped(X *x, TSNode upd) {
  TSNode v = {0};
  if (node_is(upd, "update_expression"))
    v = strip_parens(node_field(upd, "argument"));
  else if (node_is(upd, "assignment_expression"))
    v = strip_parens(node_field(upd, "left"));
  return !ts_node_is_null(v) && node_is(v, "identifier") ? ntext(x, v) : NULL;
}

/* Whether identifier `name` occurs in n's subtree. */
static int mentions(X *x, TSNode n, const char *name) {
  if (node_is(n, "identifier") && !strcmp(ntext(x, n), name))
    return 1;
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++)
    if (mentions(x, ts_node_named_child(n, i), name))
      return 1;
  return 0;
}

static void flatten(TSNode n, TSNode *out, int *k, int max) {
  n = strip_parens(n);
  if (node_is(n, "comma_expression")) {
    flatten(node_field(n, "left"), out, k, max);
    flatten(node_field(n, "right"), out, k, max);
    return;
  }
  if (*k < max)
    out[*k] = n;
  (*k)++;
}

int extract_header_comma(X *x, TSNode for_n, TSNode *init) {
  if (!node_is(*init, "comma_expression"))
    return 0;
  TSNode parts[8];
  int np = 0;
  flatten(*init, parts, &np, 8);
  const char *iv = stepped(x, node_field(for_n, "update"));
  if (np > 8 || !iv)
    return refuse(x, *init, "loop header '%s' assigns several variables and "
                  "its update does not name the loop variable", excerpt(x, *init));
  int own = -1;
  for (int i = 0; i < np; i++)
    if (node_is(parts[i], "assignment_expression") &&
        is_name(x, node_field(parts[i], "left"), iv))
      own = i;
  if (own < 0)
    return refuse(x, *init, "loop header '%s' does not assign the loop variable "
                  "'%s' its update steps", excerpt(x, *init), iv);
  if (x->depth > 0)
    return refuse(x, *init, "the header of an inner loop assigns other variables "
                  "beside '%s' ('%s'), which it does again at every iteration of "
                  "the loops around it; assign them in the loop body before the "
                  "loop", iv, excerpt(x, *init));
  const char *pre = x->pre_text ? x->pre_text : "";
  for (int i = 0; i < np; i++) {
    if (i == own)
      continue;
    TSNode p = parts[i], l = strip_parens(node_field(p, "left"));
    TSNode r = node_field(p, "right");
    if (!node_is(p, "assignment_expression") || strcmp(op_of(x, p), "=") ||
        !node_is(l, "identifier"))
      return refuse(x, p, "loop header assigns '%s', which is not 'variable = value'",
                    excerpt(x, p));
    const char *v = ntext(x, l);
    if (bound_of(x, v))
      return refuse(x, p, "loop header assigns sparse array '%s'", v);
    /* the order of the header's assignments must not matter */
    if (mentions(x, r, iv) || mentions(x, node_field(parts[own], "right"), v))
      return refuse(x, p, "loop header assigns '%s' and '%s' from one another",
                    v, iv);
    for (int j = 0; j < np; j++)
      if (j != i && j != own && mentions(x, parts[j], v))
        return refuse(x, p, "loop header assigns '%s' and reads it in another "
                      "assignment", v);
    if (!invariant(x, r))
      return refuse(x, r, "loop header assigns '%s' a value '%s' that is not "
                    "fixed before the loop (it calls a function or reads what "
                    "the nest writes)", v, excerpt(x, r));
    pre = arena_printf(x->a, "%s%s%s = %s;", pre, *pre ? " " : "", v, inv_text(x, r));
  }
  x->pre_text = pre;
  *init = parts[own];
  return 0;
}
