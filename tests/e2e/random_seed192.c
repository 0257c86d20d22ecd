// seed 192: double, loops i<16: y[i] = x[i] * u[i] [size_t loop variables] | y : SparseVector; stored x : SparseVector;
// Regression (random tester under --simd=avx2): the strip-mined dense loop
// over an unsigned (size_t) loop variable, `for (; N - i >= 4; i += 4)`
// after the 8-wide loop, made GCC warn "iteration ... invokes undefined
// behavior" (-Waggressive-loop-optimizations): it read the condition as
// true again once i wraps past N. The vector loops now test `i < N` first.
// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: y[i] = x[i] * u[i];
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N 16

static unsigned long long lcg_state = 509651678457ULL;
/* deterministic pseudo-random integer in [0, n) */
static int rnd(int n) {
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (int)((lcg_state >> 33) % (unsigned long long)n);
}
/* a non-zero multiple of 1/4 in [-4, 4] */
static double dval(void) {
  int k = rnd(32) - 16;
  return (k >= 0 ? k + 1 : k) / 4.0;
}

#pragma sparse encoding(x : SparseVector)
static double x[N];
static double u[N];
static double y[N];

int main(void) {
  for (int p0 = 0; p0 < N; p0++)
    x[p0] = rnd(1000) < 150 ? dval() : 0;
  for (int p0 = 0; p0 < N; p0++)
    if (p0 == 0) x[p0] = 0;
  for (int p0 = 0; p0 < N; p0++)
    u[p0] = rnd(1000) < 400 ? dval() : 0;
  for (int p0 = 0; p0 < N; p0++)
    y[p0] = rnd(1000) < 300 ? dval() : 0;
  #pragma sparse encoding(y : SparseVector)
  for (size_t i = 0; i < N; i++)
    y[i] = x[i] * u[i];
  printf("y\n");
  for (int p0 = 0; p0 < N; p0++)
    printf("%.12g\n", y[p0]);
  {
    double cs = 0.0;
    for (int p0 = 0; p0 < N; p0++)
      cs += (double)x[p0] * (p0 + 1);
    printf("x %.12g\n", cs);
  }
  return 0;
}
