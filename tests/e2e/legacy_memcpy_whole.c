// EXPECT-SPARSIFIED: 3
// EXPECT-STDERR-EMPTY
// EXPECT-ABSENT: memcpy(A, D, sizeof A);
// EXPECT-ABSENT: memcpy(E, A, sizeof E);
// EXPECT-ABSENT: memmove(A, D, 3 * N * sizeof(double));
// EXPECT-ABSENT: memcpy(part, A, 5 * sizeof A[0][0]);
// EXPECT-ABSENT: memcpy(F, G, (size_t)N * N * sizeof *F);
// EXPECT-ABSENT: memcpy(cnt, C, sizeof cnt);
// memcpy and memmove to and from arrays stored sparse: the whole array
// assembled from a dense block (its pending inserts dropped, as the copy
// overwrites them), the first rows overwritten (zeros included), the whole
// array or its first elements copied out, a flat block with a shape, and
// an integer array.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define N 12

#pragma sparse encoding(A : CSR)
static double A[N][N];
#pragma sparse encoding(C : DCSR)
static int C[N][N];

static double D[N][N], E[N][N];
static int cnt[N][N];

static double rowsum(int i) {
  double s = 0;
  for (int j = 0; j < N; j++) s += A[i][j] * (j + 1);
  return s;
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      D[i][j] = (i * 7 + j * 3) % 5 == 0 ? i - j + 0.25 : 0.0;
  A[1][1] = 99; /* pending, overwritten by the copy */
  memcpy(A, D, sizeof A);
  double t = 0;
  for (int i = 0; i < N; i++) t += rowsum(i);
  printf("after copy in: %.4f\n", t);
  /* the first three rows from a block of other values (zeros included) */
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) D[i][j] = (i + j) % 3 == 0 ? 2.5 : 0.0;
  A[0][(N - 1)] = 7; /* pending */
  memmove(A, D, 3 * N * sizeof(double));
  t = 0;
  for (int i = 0; i < N; i++) t += rowsum(i);
  printf("after first rows: %.4f\n", t);
  memcpy(E, A, sizeof E);
  double part[5];
  memcpy(part, A, 5 * sizeof A[0][0]);
  for (int i = 0; i < N; i += 3) printf("E[%d]: %.2f %.2f %.2f\n", i, E[i][0], E[i][1], E[i][N - 1]);
  printf("part: %.2f %.2f %.2f %.2f %.2f\n", part[0], part[1], part[2], part[3], part[4]);

  /* a flat block with a shape */
  double *G = malloc((size_t)N * N * sizeof *G);
#pragma sparse encoding(F[N][N] : CSR)
  double *F = malloc((size_t)N * N * sizeof *F);
  if (!G || !F) return 1;
  for (int k = 0; k < N * N; k++) G[k] = k % 7 == 0 ? k * 0.5 : 0.0;
  memcpy(F, G, (size_t)N * N * sizeof *F);
  double u = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) u += F[i * N + j] * (i - j);
  printf("flat: %.3f\n", u);
  free(F);
  free(G);

  /* integers */
  for (int i = 0; i < N; i++) C[i][(i * 5) % N] = i + 1;
  long total = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) total += C[i][j] * j;
  memcpy(cnt, C, sizeof cnt);
  printf("ints: %ld %d %d\n", total, cnt[2][10], cnt[3][3]);
  return 0;
}
