/* extract_while.c — a `while` loop written as a counting loop in a nest:
 * `j = lo; while (j < hi) { body; j++; }` is `for (j = lo; j < hi; j++) {
 * body }` exactly (the same values of j in the body, the same value
 * after), when the body assigns j nowhere else and cannot leave an
 * iteration early (no break, continue, return or goto, which would skip
 * the step or the loop's end). Any other while loop stays refused. */
#include "frontend/extract_walk.h"

#include <string.h>

/* The next named child of `parent` after index i that is not a comment,
 * its index in *j; a null node when none. */
static TSNode next_stmt(TSNode parent, uint32_t i, uint32_t *j) {
  uint32_t k = ts_node_named_child_count(parent);
  for (*j = i + 1; *j < k; (*j)++) {
    TSNode c = ts_node_named_child(parent, *j);
    if (!node_is(c, "comment"))
      return c;
  }
  return (TSNode){0};
}

/* The last named child of a compound statement that is not a comment. */
static TSNode last_stmt(TSNode body) {
  for (uint32_t k = ts_node_named_child_count(body); k > 0; k--) {
    TSNode c = ts_node_named_child(body, k - 1);
    if (!node_is(c, "comment"))
      return c;
  }
  return (TSNode){0};
}

/* The identifier `v = e;` assigns, or NULL (*a: the assignment). */
static const char *assigned(X *x, TSNode stmt, TSNode *a_out) {
  if (!node_is(stmt, "expression_statement") || ts_node_named_child_count(stmt) != 1)
    return NULL;
  TSNode a = ts_node_named_child(stmt, 0);
  if (!node_is(a, "assignment_expression") || strcmp(op_of(x, a), "="))
    return NULL;
  TSNode l = strip_parens(node_field(a, "left"));
  *a_out = a;
  return node_is(l, "identifier") ? ntext(x, l) : NULL;
}

/* What in n (other than the node `skip`) writes v or leaves the body
 * early; a null node when nothing. */
static TSNode blocker(X *x, TSNode n, const char *v, TSNode skip) {
  if (ts_node_eq(n, skip))
    return (TSNode){0};
  if (node_is(n, "break_statement") || node_is(n, "continue_statement") ||
      node_is(n, "return_statement") || node_is(n, "goto_statement"))
    return n;
  TSNode t = {0};
  if (node_is(n, "assignment_expression"))
    t = node_field(n, "left");
  else if (node_is(n, "update_expression"))
    t = node_field(n, "argument");
  else if (node_is(n, "pointer_expression") && !strcmp(op_of(x, n), "&"))
    t = node_field(n, "argument");
  if (!ts_node_is_null(t) && is_name(x, strip_parens(t), v))
    return n;
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++) {
    TSNode b = blocker(x, ts_node_named_child(n, i), v, skip);
    if (!ts_node_is_null(b))
      return b;
  }
  return (TSNode){0};
}

int extract_counting_while(X *x, TSNode parent, uint32_t i, NodeList *list,
                           uint32_t *last) {
  TSNode init;
  uint32_t wi;
  const char *v = assigned(x, ts_node_named_child(parent, i), &init);
  TSNode wh = next_stmt(parent, i, &wi);
  if (!v || ts_node_is_null(wh) || !node_is(wh, "while_statement"))
    return 0;
  TSNode cond = strip_parens(node_field(wh, "condition"));
  TSNode body = node_field(wh, "body");
  TSNode step = node_is(body, "compound_statement") ? last_stmt(body) : (TSNode){0};
  if (ts_node_is_null(step) || !node_is(step, "expression_statement") ||
      ts_node_named_child_count(step) != 1)
    return 0;
  TSNode upd = ts_node_named_child(step, 0);
  TSNode target = node_is(upd, "update_expression") ? node_field(upd, "argument")
                  : node_is(upd, "assignment_expression") ? node_field(upd, "left")
                                                         : (TSNode){0};
  if (ts_node_is_null(target) || !is_name(x, strip_parens(target), v) ||
      !node_is(cond, "binary_expression") ||
      (!is_name(x, strip_parens(node_field(cond, "left")), v) &&
       !is_name(x, strip_parens(node_field(cond, "right")), v)))
    return 0; /* not a counting loop over v: the while stays refused */
  TSNode b = blocker(x, body, v, step);
  if (!ts_node_is_null(b))
    return refuse(x, b, "'%s' in the body of the counting while loop over '%s' "
                  "(only 'v = lo; while (v < hi) { ...; v++; }' whose body neither "
                  "assigns v nor leaves early is read as a for loop)",
                  excerpt(x, b), v);
  TSNode stop = x->seq_stop;
  x->seq_stop = step;
  IrNode *loop;
  int rc = build_loop(x, wh, init, cond, upd, body, &loop);
  x->seq_stop = stop;
  if (rc)
    return -1;
  ARRAY_PUSH(x->a, *list, loop);
  *last = wi;
  return 1;
}
