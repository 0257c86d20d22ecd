// A streaming update of a dense level under a sparse vector (`Y[i][k] +=
// xs[i] * Z[i][k]`: contiguous loads and stores, no reduction) is left to
// the C compiler when it runs at least 128 iterations: the compiler
// vectorizes the scalar loop the same way and the loop is bound by memory
// (docs/performance.md, "Vectorization"). With literal bounds (`k < 256`)
// the loop is not vectorized and the report says why; with a macro bound
// (`k < L`) the output decides by the trip count at run time (folded by
// the C compiler), so rows of 12 (`k < S`) keep the vector code, whose
// masked last chunk replaces the compiler's scalar epilogue. A
// `vectorize(vl = 8)` pragma, which gives vl, vectorizes the long rows.
// EXPECT-SPARSIFIED: 4
// EXPECT-VECTORIZED: 3
// EXPECT-VECTOR-REPORT: not vectorized: a streaming loop of 256 iterations (contiguous loads and stores only, no reduction): left to the C compiler
// EXPECT-VECTOR-REPORT: run-time check ((long long)((L)) - (long long)(0) < 128)
// EXPECT-VECTOR-REPORT: 128 iterations or more run the scalar loop, which the C compiler vectorizes as well
// EXPECT-VECTOR-REPORT: run-time check ((long long)((S)) - (long long)(0) < 128)
#include <stdio.h>

#define N 37
#define L 256
#define S 12

static unsigned long long lcg_state = 5;
static int lcg(int n) {
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (int)((lcg_state >> 33) % (unsigned)n);
}

static double xs[N], Z[N][L], Y[N][L], Y2[N][L], Y3[N][256], Zs[N][S],
    Ys[N][S];

int main(void) {
  for (int i = 0; i < N; i++) {
    if (lcg(3) == 0) xs[i] = (double)(lcg(17) - 8) / 4.0;
    for (int k = 0; k < L; k++) Z[i][k] = (double)(lcg(101) - 50) / 8.0;
    for (int k = 0; k < S; k++) Zs[i][k] = (double)(lcg(101) - 50) / 8.0;
  }

#pragma sparse encoding(xs : (i) -> (i : compressed))
  for (int i = 0; i < N; i++)
    for (int k = 0; k < L; k++)
      Y[i][k] += xs[i] * Z[i][k];

#pragma sparse encoding(xs : (i) -> (i : compressed))
  for (int i = 0; i < N; i++)
    for (int k = 0; k < 256; k++)
      Y3[i][k] += xs[i] * Z[i][k] * 0.5;

#pragma sparse encoding(xs : (i) -> (i : compressed))
  for (int i = 0; i < N; i++)
    for (int k = 0; k < S; k++)
      Ys[i][k] += xs[i] * Zs[i][k];

#pragma sparse encoding(xs : (i) -> (i : compressed))
#pragma sparse vectorize(vl = 8)
  for (int i = 0; i < N; i++)
    for (int k = 0; k < L; k++)
      Y2[i][k] -= xs[i] * Z[i][k];

  double s = 0, s2 = 0, ss = 0;
  for (int i = 0; i < N; i++) {
    for (int k = 0; k < L; k++) s += Y[i][k] * (k % 7 + 1), s2 += Y2[i][k] * (k % 5 + 1);
    for (int k = 0; k < S; k++) ss += Ys[i][k] * (k + 1);
    printf("%d %.17g %.17g %.17g %.17g\n", i, Y[i][i % L], Y2[i][(3 * i) % L],
           Y3[i][(5 * i) % 256], Ys[i][i % S]);
  }
  printf("%.17g %.17g %.17g\n", s, s2, ss);
  return 0;
}
