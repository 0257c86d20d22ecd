// EXPECT-SPARSIFIED: 1
// EXPECT-REPORT: conversion: G (i, j) -> (j : dense, i : compressed) assembled as (i, j) -> (i : dense, j : compressed) to follow the loop order (the loops are kept)
// EXPECT-REPORT: G: levels (dense padded, compressed unpadded), posWidth 0, crdWidth 0; its sparse storage read in place (converted order)
// EXPECT-NOT-REPORT: G's storage converted to the kernel's encoding
// EXPECT-ABSENT: sc_tensor_convert(&sc__G,
// A nodal-analysis solver sparsified in two steps. First a pragma on
// the Gauss-Seidel sweep named the conductance matrix G as CSC; then a
// pragma on G's declaration stored it CSR, and the sweep's pragma stayed.
// The sweep walks rows, so the kernel reads G in the loops' order, which
// is CSR: the order G is stored in. The tensor is read in place, not
// converted at every call of the sweep into a copy of the same encoding.
#include <stdio.h>
#include <math.h>

#define N 30

#pragma sparse encoding(G : CSR)
double G[N][N];
double volt[N], cur[N];

static void stamp(int a, int b, double g) {
  G[a][a] += g;
  G[b][b] += g;
  G[a][b] -= g;
  G[b][a] -= g;
}

static double sweep(int sweeps) {
  int s, i, j;
  double sigma, change = 0.0, old;
#pragma sparse encoding(G : CSC)
  for (s = 0; s < sweeps; s++) {
    change = 0.0;
    for (i = 0; i < N; i++) {
      sigma = 0.0;
      for (j = 0; j < N; j++)
        if (j != i)
          sigma += G[i][j] * volt[j];
      old = volt[i];
      volt[i] = (cur[i] - sigma) / G[i][i];
      change += fabs(volt[i] - old);
    }
  }
  return change;
}

int main(void) {
  int k, t;
  for (k = 0; k + 1 < N; k++) stamp(k, k + 1, 1.0 + 0.25 * (k % 3));
  for (k = 0; k + 5 < N; k += 5) stamp(k, k + 5, 0.5);
  for (k = 0; k < N; k++) G[k][k] += 0.1;
  for (t = 0; t < 6; t++) {
    for (k = 0; k < N; k++) cur[k] = (k == 0) ? 1.0 : (k == N - 1 ? -1.0 : 0.01 * t);
    printf("t %d change %.17g\n", t, sweep(8));
  }
  for (k = 0; k < N; k += 4) printf("v[%d] = %.17g\n", k, volt[k]);
  return 0;
}
