/* tsnode.c — the lookup of a function definition by name and the depth of
 * a tree (tsnode.h). */
#include "frontend/tsnode.h"

TSNode node_function_definition(TSNode root, const char *text,
                                const char *name) {
  size_t n = strlen(name);
  uint32_t c = ts_node_named_child_count(root);
  for (uint32_t i = 0; i < c; i++) {
    TSNode d = ts_node_named_child(root, i);
    if (!node_is(d, "function_definition")) continue;
    TSNode fd = node_field(d, "declarator");
    while (!ts_node_is_null(fd) && !node_is(fd, "function_declarator"))
      fd = node_field(fd, "declarator");
    TSNode id = ts_node_is_null(fd) ? fd : node_field(fd, "declarator");
    if (!ts_node_is_null(id) &&
        ts_node_end_byte(id) - ts_node_start_byte(id) == n &&
        !memcmp(text + ts_node_start_byte(id), name, n))
      return id;
  }
  TSNode none = {0};
  return none;
}

uint32_t node_depth(TSNode root, uint32_t limit) {
  TSTreeCursor c = ts_tree_cursor_new(root);
  uint32_t depth = 1, max = 1;
  for (;;) {
    if (ts_tree_cursor_goto_first_child(&c)) {
      if (++depth > max) max = depth;
      if (max > limit) break;
      continue;
    }
    while (!ts_tree_cursor_goto_next_sibling(&c)) {
      if (depth == 1 || !ts_tree_cursor_goto_parent(&c)) {
        ts_tree_cursor_delete(&c);
        return max;
      }
      depth--;
    }
  }
  ts_tree_cursor_delete(&c);
  return max;
}
