// EXPECT-SPARSIFIED: 9
// EXPECT-ABSENT: if (rs[i] > 0) P[i][j] /= rs[i];
// EXPECT-ABSENT: if (Q[i][j] > 0.1) Q[i][j] = sqrt(Q[i][j]);
// EXPECT-ABSENT: if (fabs(P[i][j]) < 0.3) P[i][j] = 0;
// EXPECT-ABSENT: for (j = 0; j < N; j++) if (mask[j]) C[i][j] *= 2;
// EXPECT-ABSENT: if (C[i][j] < 0) C[i][j] = -C[i][j] / 2;
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) P(i,j) = rs(i) > 0 ? P(i,j) / rs(i) : P(i,j)
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) Q(i,j) = Q(i,j) > 0.1 ? sqrt(Q(i,j)) : Q(i,j)
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) { C(i,j) = mask(i) > 0 ? C(i,j) * 3 : C(i,j); C(i,j) = !(mask(i) > 0) ? -C(i,j) : C(i,j) }
// EXPECT-REPORT: P: updated in place
// EXPECT-REPORT: kernel not sparsified: an update of sparse array 'Q' may make an absent element non-zero
// EXPECT-WARNING: loop not sparsified: an update of sparse array 'Q' may make an absent element non-zero
// EXPECT-WARNING: loop not sparsified: call to function 'printf', which may have side effects
// Guarded updates in place of arrays stored sparse, as data-cleaning and
// normalisation code writes them: a row normalised where its sum is
// positive (0 / a positive sum stays 0, so the absent entries are
// skipped), a threshold applied to the stored values, small values
// zeroed, an if/else scaling a COO matrix, a triangular guarded update.
// A division by a value only known to be non-zero (`d[i] != 0` lets a
// NaN through, and 0 / NaN is NaN) keeps its loop as written.
#include <math.h>
#include <stdio.h>
#define N 9

int main(void) {
#pragma sparse encoding(P : CSR)
  static double P[N][N];
#pragma sparse encoding(Q : DCSR)
  static double Q[N][N];
#pragma sparse encoding(C : COO)
  static double C[N][N];
  double rs[N], d[N], mask[N], s = 0;
  int i, j, nz = 0;
  for (i = 0; i < N; i++) {
    if (i != 4) {
      P[i][(i * 2) % N] = i + 1;
      P[i][(i + 3) % N] = -2;
    }
    Q[i][(i * 5) % N] = 0.25 * i - 1;
    C[i][(i * 3) % N] = i + 1;
    C[i][(i + 5) % N] = -2 + i;
    mask[i] = i % 2;
    d[i] = i % 3 - 1.0;
  }
  for (i = 0; i < N; i++) {
    rs[i] = 0;
    for (j = 0; j < N; j++) rs[i] += P[i][j];
  }
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      if (rs[i] > 0) P[i][j] /= rs[i];
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      if (d[i] != 0) Q[i][j] = Q[i][j] / d[i];
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      if (Q[i][j] > 0.1) Q[i][j] = sqrt(Q[i][j]);
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      if (fabs(P[i][j]) < 0.3) P[i][j] = 0;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) if (mask[j]) C[i][j] *= 2;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      if (mask[i] > 0)
        C[i][j] = C[i][j] * 3;
      else
        C[i][j] = -C[i][j];
    }
  for (i = 0; i < N; i++)
    for (j = 0; j <= i; j++)
      if (C[i][j] < 0) C[i][j] = -C[i][j] / 2;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) s += P[i][j] * (i + 1) + Q[i][j] * (j + 2) + C[i][j] * (i + 2 * j);
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) nz += P[i][j] != 0;
  printf("%.10g %d\n", s, nz);
  for (i = 0; i < N; i++) printf("%g %g %g\n", P[i][(i * 2) % N], Q[i][(i * 5) % N], C[i][(i * 3) % N]);
  return 0;
}
