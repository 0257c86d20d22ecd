// EXPECT-SPARSIFIED: 2
// EXPECT-VECTORIZED: 2
// EXPECT-ABSENT: s += T[k][i][j] * w[j];
// EXPECT-ABSENT: O[i][j] += 2.0 * T[k][i][j];
// EXPECT-REPORT: T: T[k][i][j] reads a fixed slab: dimension 0 at 'k'
// EXPECT-REPORT: level 0 (compressed) located by binary search once at entry
// EXPECT-REPORT: loop i: positions of T
// EXPECT-REPORT: loop j: positions of T
// A 3-D tensor stored sparse as CSF read one slab at a time, T[k][i][j]
// with k fixed by the caller: the slab's position is found by one binary
// search, then its stored fibers are walked. An absent slab reads nothing.
#include <stdio.h>
#define K 6
#define N 9
#define M 11
#pragma sparse encoding(T : CSF)
double T[K][N][M];
double w[M], Mx[N][M];

static double slab_sum(int k) {
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) s += T[k][i][j] * w[j];
  return s;
}

static void slab_add(int k, double O[N][M]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) O[i][j] += 2.0 * T[k][i][j];
}

int main(void) {
  for (int j = 0; j < M; j++) w[j] = 1.0 + j % 4;
  for (int k = 0; k < K; k++) {
    if (k == 2) continue; /* an empty slab */
    for (int i = 0; i < N; i++) {
      if ((i + k) % 3 == 0) continue;
      T[k][i][(i + 2 * k) % M] = 1.0 + k + i;
      T[k][i][(3 * i + k) % M] = 0.5 * k - i;
    }
  }
  for (int k = 0; k < K; k++) printf("%d %.17g\n", k, slab_sum(k));
  slab_add(4, Mx);
  slab_add(2, Mx);
  slab_add(0, Mx);
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < M; j++) printf("%g ", Mx[i][j]);
    printf("\n");
  }
  return 0;
}
