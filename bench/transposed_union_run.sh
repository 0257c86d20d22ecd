#!/bin/bash
# transposed_union_run.sh — the "A transposed read in a timing loop"
# figure of docs/performance.md: transposed_union.c (N = 2000, 20
# repetitions of y += (A + A^T) x) rewritten by BEFORE (A_1 assembled at
# each entry of the nest) and SPARSECC (A_1 kept across the loop as A is),
# and the input compiled as it is (before_after_run.sh).
exec "$(dirname "$0")/before_after_run.sh" transposed_union
