// The encoding chosen per build: each branch of an #ifdef ends with a
// pragma for the loop that follows the #endif. Only the branch the compiler
// sees counts (here DCSR, through -DUSE_DCSR); the other is ignored.
// SPARSECC-ARGS: -DUSE_DCSR
// EXPECT-SPARSIFIED: 1
// EXPECT-ABSENT: y[i] += A[i][j] * x[j];
#include <stdio.h>

#define N 40
#define M 30

static double A[N][M], x[M], y[N];

int main(void) {
  unsigned s = 12345u;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      s = s * 1103515245u + 12345u;
      A[i][j] = (i % 4 == 1) ? 0.0 : ((s >> 16) % 9 == 0 ? (double)((s >> 8) % 17) - 8.0 : 0.0);
    }
  for (int j = 0; j < M; j++) x[j] = 0.5 * j - 3.0;
#ifdef USE_DCSR
  #pragma sparse encoding(A : DCSR)
#else
  #pragma sparse encoding(A : CSC)
#endif
  for (int i = 0; i < N; i++) {
    y[i] = 0;
    for (int j = 0; j < M; j++)
      y[i] += A[i][j] * x[j];
  }
  for (int i = 0; i < N; i++) printf("%.10g\n", y[i]);
  return 0;
}
