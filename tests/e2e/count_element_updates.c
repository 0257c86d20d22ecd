// Counting idioms on array elements: `deg[i]++`, `++indeg[j]`, `left[i]--`
// under a test of the sparse entry are the updates `+= 1` / `-= 1` and walk
// only the stored entries; counting the zeros (`== 0`) or every element
// stays dense (each position has an effect). A subscript `j % 5` is not
// affine, so no update of the kernel model: the guarded statement runs
// as written at the stored entries.
// EXPECT-SPARSIFIED: 5
// EXPECT-REPORT: kernel sparsified: guarded body with effects, run at the stored entries in source order
// EXPECT-ABSENT: if (A[i][j] != 0) deg[i]++;
// EXPECT-ABSENT: if (A[i][j]) ++indeg[j];
// EXPECT-ABSENT: if (B[i][j] < 0.0f) left[i]--;
// EXPECT-ABSENT: if (C[k][i][j] > 0) --pos[j];
// EXPECT-WARNING: no loop can skip absent entries
// EXPECT-WARNING: '++' on '(*out)', which is neither a variable nor an array element
#include <stdio.h>

#define N 9
#define M 11

/* a counter behind a pointer: not a variable of the nest, stays dense */
static void count_into(const double (*A)[M], long *out) {
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if (A[i][j] != 0) (*out)++;
}

int main(void) {
  static double A[N][M];
  static float B[N][M];
  static int C[4][N][M];
  int deg[N] = {0}, indeg[M] = {0}, left[N], zeros[N] = {0}, hist[5] = {0};
  long pos[M] = {0};
  for (int i = 0; i < N; i++) {
    left[i] = M;
    A[i][(i * 4) % M] = i + 1;
    A[i][(i * 7 + 2) % M] = -0.5 * i; /* 0 in row 0: a stored zero is not counted */
    B[i][(i + 3) % M] = i % 2 ? -1.0f : 2.0f;
  }
  A[0][0] = 0;
  for (int k = 0; k < 4; k++)
    for (int i = 0; i < N; i++) C[k][i][(i * k + 1) % M] = k - 1;
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if (A[i][j] != 0) deg[i]++;
#pragma sparse encoding(A : DCSC)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if (A[i][j]) ++indeg[j];
#pragma sparse encoding(B : COO)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if (B[i][j] < 0.0f) left[i]--;
#pragma sparse encoding(C : CSF)
  for (int k = 0; k < 4; k++)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < M; j++)
        if (C[k][i][j] > 0) --pos[j];
  /* every zero counts: dense */
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if (A[i][j] == 0) zeros[i]++;
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if (A[i][j] > 0) hist[j % 5]++;
  for (int i = 0; i < N; i++) printf("%d %d %d\n", deg[i], left[i], zeros[i]);
  for (int j = 0; j < M; j++) printf("%d %ld\n", indeg[j], pos[j]);
  long total = 0;
  count_into((const double (*)[M])A, &total);
  printf("%ld\n", total);
  for (int h = 0; h < 5; h++) printf("%d ", hist[h]);
  printf("\n");
  return 0;
}
