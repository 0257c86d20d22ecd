#!/bin/bash
# iteration_writes_run.sh — the "Iteration loops that write the matrix"
# figure of docs/performance.md: iteration_writes.c (N = 2000, 40 power
# iterations, the diagonal shifted at every step) rewritten by BEFORE (the
# assembly at each kernel's entry) and SPARSECC (the writes given to the
# kept tensor), and the input compiled as it is (before_after_run.sh).
exec "$(dirname "$0")/before_after_run.sh" iteration_writes
