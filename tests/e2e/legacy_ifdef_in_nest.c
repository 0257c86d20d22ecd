// Preprocessor conditionals inside a loop nest, as legacy code traces and
// counts: the kernel is built from the branch this build compiles, as if
// the other branches' text were not there. An `#ifdef` whose macro is not
// defined (a debug print) is left out; an active `#if` (a counter, a
// nested `#if`/`#elif`/`#else` of which the `#elif` is compiled) is part
// of the body; an `#ifndef` with an `#else` takes its first branch; `#if
// 0` text is never compiled. The output guards each kernel with the same
// conditionals and an `#error` in the branches this build does not take
// (a build of out.c with other -D flags stops there). An active branch
// holding a print keeps its nest as written.
// EXPECT-SPARSIFIED: 4
// EXPECT-WARNING: loop not sparsified: call to function 'printf', which may have side effects
// EXPECT-REPORT: preprocessor conditional at line 45 (#ifdef SPARSE_TRACE_ROWS): not compiled in this build, left out of the kernel
// EXPECT-REPORT: preprocessor conditional at line 53 (#if COUNT_ENTRIES): compiled in this build, in the kernel; its other branches are left out
// EXPECT-REPORT: preprocessor conditional at line 55 (#if SUM_LEVEL > 3): the branch this build compiles (line 57, #elif SUM_LEVEL > 1) is in the kernel, the others are left out
// EXPECT-REPORT: preprocessor conditional at line 67 (#ifndef NO_SCALE): compiled in this build, in the kernel; its other branches are left out
// EXPECT-REPORT: preprocessor conditional at line 77 (#if 0): never compiled, left out of the kernel
// EXPECT-REPORT: the kernel is specific to this build's -D and -U flags
// EXPECT-ABSENT: y[i] += A[i][j] * x[j];
// EXPECT-ABSENT: z[i] += A[i][j] * x[j];
// EXPECT-ABSENT: w[i] += 2.0 * A[i][j] * x[j];
// EXPECT-ABSENT: v[i] += A[i][j] * A[i][j];
// EXPECT-ABSENT: if (A[i][j] != 0) seen++;
#include <stdio.h>

#define N 24
#define COUNT_ENTRIES 1
#define SUM_LEVEL 2
#define ECHO_ROWS

static double A[N][N], x[N], y[N], z[N], w[N], v[N], u[N];

int main(void) {
  long seen = 0, other = 0;
  double s = 0;
  for (int i = 0; i < N; i++) {
    x[i] = 1.0 / (i + 1);
    A[i][(3 * i + 1) % N] = i + 0.5;
    A[i][(7 * i + 2) % N] = (i % 3) - 1.0;
  }
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      y[i] += A[i][j] * x[j];
#ifdef SPARSE_TRACE_ROWS
      printf("row %d col %d: %g\n", i, j, A[i][j]);
#endif
    }
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      z[i] += A[i][j] * x[j];
#if COUNT_ENTRIES
      if (A[i][j] != 0) seen++;
#if SUM_LEVEL > 3
      other++;
#elif SUM_LEVEL > 1
      s += A[i][j];
#else
      other += 2;
#endif
#endif
    }
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
#ifndef NO_SCALE
      w[i] += 2.0 * A[i][j] * x[j];
#else
      w[i] += A[i][j] * x[j];
#endif
    }
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      v[i] += A[i][j] * A[i][j];
#if 0
      other = check_entry(i, j);
#endif
    }
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      u[i] += A[i][j];
#ifdef ECHO_ROWS
      if (i == 3 && A[i][j] != 0) printf("echo %d %d\n", i, j);
#endif
    }
  for (int i = 0; i < N; i++)
    printf("%d %.17g %.17g %.17g %.17g %.17g\n", i, y[i], z[i], w[i], v[i], u[i]);
  printf("seen %ld other %ld s %.17g\n", seen, other, s);
  return 0;
}
