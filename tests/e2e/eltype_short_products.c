// short quantized weights (a short ** of rows) times a short vector: each
// product is an int (C's integer promotions), summed into an int vector
// and into a short vector (truncated at every step, exact under any order
// since the wrap is modular); and a signed char matrix (a pointer to rows)
// scaled into a dense signed char matrix (truncated) and squared into an
// int.
// EXPECT-SPARSIFIED: 3
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) { y(i) += W(i,j) * x(j); z(i) += W(i,j) * x(j) }
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) q(i,j) = Q(i,j) * 3
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) s += Q(i,j) * Q(i,j)
// EXPECT-ABSENT: y[i] += W[i][j] * x[j];
// EXPECT-ABSENT: for (int j = 0; j < n; j++) q[i][j] = Q[i][j] * 3;
#include <stdio.h>
#include <stdlib.h>

#define N 48

#pragma sparse encoding(W[n][n] : CSR)
static void matvec(int n, short **W, const short *x, int *y, short *z) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      y[i] += W[i][j] * x[j];
      z[i] += W[i][j] * x[j];
    }
}

#pragma sparse encoding(Q[n][N] : CSR)
static int scale(int n, signed char (*Q)[N], signed char q[][N]) {
  int s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) q[i][j] = Q[i][j] * 3;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) s += Q[i][j] * Q[i][j];
  return s;
}

int main(void) {
  short **W = malloc(N * sizeof *W);
  if (!W) return 1;
  for (int i = 0; i < N; i++) {
    W[i] = calloc(N, sizeof **W);
    if (!W[i]) return 1;
    for (int j = 0; j < N; j++)
      if ((i * 5 + j * 3) % 7 == 0) W[i][j] = (short)(-32000 + 1361 * ((i + j) % 48));
  }
  short x[N];
  for (int j = 0; j < N; j++) x[j] = (short)(3000 - 125 * j); /* no int overflow */
  int y[N] = {0};
  short z[N] = {0};
  matvec(N, W, x, y, z);
  for (int i = 0; i < N; i++) printf("#%x/%d ", (unsigned)y[i], z[i]);
  printf("\n");
  static signed char Q[N][N], q[N][N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      Q[i][j] = (i + 2 * j) % 5 == 0 ? (signed char)(-128 + 11 * ((i * j) % 23)) : 0;
  int s = scale(N, Q, q);
  unsigned long h = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) h = h * 7 + (unsigned long)q[i][j];
  printf("%d #%lx\n", s, h);
  for (int i = 0; i < N; i++) free(W[i]);
  free(W);
  return 0;
}
