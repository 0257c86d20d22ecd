// A singleton level below a unique level (`i : compressed, j : singleton`,
// MLIR's encoding of a matrix with at most one entry per row, and
// `i : dense, j : singleton`) cannot hold a row with two entries. The
// kernel runs twice: on a permutation-like matrix (one entry per row: the
// sparse code runs) and after a second entry is added to a row (the data
// no longer fit): the nest then runs as written over the dense arrays
// instead of stopping the program, and the results are the dense
// program's either way. A singleton first level is refused at compile
// time (tests/pragmas/test_pragma_errors.c, singleton_first_level).
// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: y[i] += P[i][j] * x[j];
// EXPECT-ABSENT: z[i] += 2.0 * P[i][j];
// EXPECT-REPORT: fallback: when the data do not fit an operand's encoding at run time (an n:m group holding more nonzeros, two entries under one parent of a singleton level
#include <stdio.h>

#define N 10

static double P[N][N], x[N], y[N], z[N];

static void apply(void) {
  for (int i = 0; i < N; i++) y[i] = z[i] = 0.0;
#pragma sparse encoding(P : (i, j) -> (i : compressed, j : singleton))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      y[i] += P[i][j] * x[j];
#pragma sparse encoding(P : (i, j) -> (i : dense, j : singleton))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      z[i] += 2.0 * P[i][j];
}

static void print(const char *what) {
  printf("%s:", what);
  for (int i = 0; i < N; i++) printf(" %g/%g", y[i], z[i]);
  printf("\n");
}

int main(void) {
  for (int i = 0; i < N; i++) x[i] = 1.5 * i - 4;
  for (int i = 0; i < N; i++)
    if (i != 4) P[i][(3 * i + 2) % N] = i + 0.5; /* row 4 empty */
  apply();
  print("one per row");
  P[6][1] = -3.0; /* row 6 now holds two entries */
  apply();
  print("two in row 6");
  return 0;
}
