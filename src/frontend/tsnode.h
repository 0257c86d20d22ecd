/* tsnode.h — small functions over tree-sitter nodes shared by the front end
 * and the driver: a node's type test, a child by field name, a node without
 * its parentheses, the lookup of
 * a function definition of the file by name, and the depth of a tree. */
#ifndef SC_FRONTEND_TSNODE_H
#define SC_FRONTEND_TSNODE_H

#include <stdint.h>
#include <string.h>
#include <tree_sitter/api.h>

/* Whether n is a node (not null) of grammar type `type`. */
static inline int node_is(TSNode n, const char *type) {
  return !ts_node_is_null(n) && !strcmp(ts_node_type(n), type);
}

/* The child of n in field `name` (a null node when none). */
static inline TSNode node_field(TSNode n, const char *name) {
  return ts_node_child_by_field_name(n, name, (uint32_t)strlen(name));
}

/* n without the parentheses around it: `((e))` is e (a parenthesized
 * expression of one named child, so not a comma expression's list). */
static inline TSNode strip_parens(TSNode n) {
  while (node_is(n, "parenthesized_expression") && ts_node_named_child_count(n) == 1)
    n = ts_node_named_child(n, 0);
  return n;
}

/* The name node of the file's definition (not a prototype) of function
 * `name`, `text` the file's text the tree was parsed from; a null node
 * when the file does not define it. */
TSNode node_function_definition(TSNode root, const char *text,
                                const char *name);

/* The depth of the tree under root (root alone: 1), walked without
 * recursion; the walk stops once it passes `limit` (returns limit + 1).
 * The passes walk expressions recursively: a file deeper than they can
 * take on the stack is refused before them. */
uint32_t node_depth(TSNode root, uint32_t limit);

#endif
