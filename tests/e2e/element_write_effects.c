// Element writes to arrays stored sparse whose subscripts and value both
// call a function with a side effect. C leaves the order of the two
// unspecified; gcc and clang both evaluate these values first. The
// rewrite evaluates the value first too (sc__val_T), whatever compiler
// builds it: it was a call whose arguments are the coordinates, then the
// value, which clang evaluates left to right (the subscripts first: other
// entries written, other output). tests/cli/driver.sh (flags) builds this
// case with clang when it is installed. The print loops run at the stored
// entries (guarded bodies with effects).
// EXPECT-SPARSIFIED: 3
// EXPECT-ABSENT: v[next(N)] = -2 - next(3);
// EXPECT-ABSENT: A[next(N)][next(N)] += 0.5 * next(5);
// EXPECT-ABSENT: for (int k = 0; k < N; k++) s += v[k];
#include <stdio.h>

#define N 16

#pragma sparse encoding(v : SparseVector)
static double v[N];
#pragma sparse encoding(A : CSR)
static double A[N][N];

static unsigned long long state = 7;
static int next(int n) {
  state = state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (int)((state >> 33) % (unsigned)n);
}

int main(void) {
  for (int t = 0; t < 20; t++) {
    v[next(N)] = -2 - next(3);
    A[next(N)][next(N)] += 0.5 * next(5);
  }
  double s = 0;
  for (int k = 0; k < N; k++) s += v[k];
  printf("sum %g\n", s);
  for (int k = 0; k < N; k++)
    if (v[k] != 0) printf("v[%d] = %g\n", k, v[k]);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (A[i][j] != 0) printf("A[%d][%d] = %g\n", i, j, A[i][j]);
  return 0;
}
