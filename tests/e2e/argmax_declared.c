// Argmax and argmin with positions over arrays whose pragma is on the
// declaration (the storage is the sparse tensor, filled by element
// writes): a DCSR matrix, whose absent rows are walked as one more
// range, and a SparseVector. Negative data, so an absent zero wins the
// maximum; the minimum is a stored entry.
// EXPECT-SPARSIFIED: 3
// EXPECT-REPORT: loop i: positions of A (a running extreme and its position: the stored entries and the first absent one)
// EXPECT-REPORT: loop j: positions of A (a running extreme and its position: the stored entries and the last absent one)
// EXPECT-REPORT: loop k: positions of v (a running extreme and its position: the stored entries and the first absent one)
// EXPECT-ABSENT: if (A[i][j] > am) { am = A[i][j]; ai = i; aj = j; }
// EXPECT-ABSENT: if (A[i][j] <= bm) { bm = A[i][j]; bi = i; bj = j; }
// EXPECT-ABSENT: if (v[k] < vm) { vm = v[k]; vk = k; }
#include <stdio.h>

#define N 40
#define M 30

#pragma sparse encoding(A : DCSR)
static double A[N][M];
#pragma sparse encoding(v : SparseVector)
static double v[M];

static unsigned long long state = 3;
static int next_int(int n) {
  state = state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (int)((state >> 33) % (unsigned)n);
}

static void extremes(void) {
  double am = -100, bm = 100, vm = 0;
  int ai = -1, aj = -1, bi = -1, bj = -1, vk = -1;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if (A[i][j] > am) { am = A[i][j]; ai = i; aj = j; }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if (A[i][j] <= bm) { bm = A[i][j]; bi = i; bj = j; }
  for (int k = 0; k < M; k++)
    if (v[k] < vm) { vm = v[k]; vk = k; }
  printf("%g %d %d  %g %d %d  %g %d\n", am, ai, aj, bm, bi, bj, vm, vk);
}

int main(void) {
  for (int round = 0; round < 3; round++) {
    for (int t = 0; t < 60; t++) {
      int i = 2 + next_int(N - 2), j = next_int(M);
      A[i][j] = -1 - next_int(4);
    }
    if (round == 2)
      for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++) A[i][j] = -(double)(1 + (i + j) % 3);
    v[next_int(M)] = -2 - next_int(3);
    extremes();
  }
  return 0;
}
