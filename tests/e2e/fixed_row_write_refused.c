// EXPECT-SPARSIFIED: 1
// EXPECT-WARNING: loop not sparsified: 'A' is both read and written in the nest
// EXPECT-REPORT: walk: A's stored entries in the loops' order, levels (r : dense (fixed), j : compressed)
// EXPECT-WARNING: loop not sparsified: 'P' cannot be co-iterated: it is read at a fixed row (P[r][j])
// Fixed rows that must stay as they are: a loop that reads a row of A
// and writes A in the same loop (a running prefix along the row, each
// element reading the one before it), and a
// pragma on a nest over one row of a dense array, which would assemble
// the whole matrix at every call. Each is left correct, with the reason.
// An append to a list that the loop also reads is no kernel either, but
// its whole body is guarded by the row's element: it runs at the row's
// stored entries (a guarded body with effects).
#include <stdio.h>
#define N 8
#pragma sparse encoding(A : CSR)
double A[N][N];
double P[N][N];
int list[N + 1];

static int nonzeros(int r) {
  int cnt = 1;
  for (int j = 0; j < N; j++)
    if (A[r][j] != 0) {
      list[cnt++] = j;
      list[0] = cnt;
    }
  return cnt;
}

static void prefix_row(int r) {
  for (int j = 1; j < N; j++) A[r][j] += A[r][j - 1];
}

static double dense_row(int r) {
  double s = 0;
#pragma sparse encoding(P : CSR)
  for (int j = 0; j < N; j++) s += P[r][j];
  return s;
}

int main(void) {
  for (int i = 0; i < N; i++) {
    A[i][(3 * i) % N] = 1.0 + i;
    A[i][(5 * i + 1) % N] = 2.0;
    P[i][(i + 3) % N] = 0.5 * i;
  }
  prefix_row(2);
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++) printf("%g ", A[i][j]);
    printf("%g %d %d\n", dense_row(i), nonzeros(i), list[0]);
  }
  return 0;
}
