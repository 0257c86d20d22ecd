// Arguments given on a SPARSECC-ARGS line reach sparsecc: here macros and
// options, on a file without pragmas (copied through unchanged).
// SPARSECC-ARGS: -DN=16 -std=c99 --simd=none --vl=8 --no-line
// EXPECT-SPARSIFIED: 0
// EXPECT-STDERR-EMPTY
#include <stdio.h>

#ifndef N
#define N 16
#endif

int main(void) {
  long v[N], total = 0;
  for (int i = 0; i < N; i++) v[i] = (long)i * i - 3;
  for (int i = 0; i < N; i++) total += v[i] % 5;
  printf("N=%d total=%ld\n", N, total);
  return 0;
}
