// Tensor-times-vector over a 3-D tensor stored as a CSR of dense fibres,
// `(i : dense, j : compressed, k : dense)`: Y[i][j] += A[i][j][k] * v[k]
// reads the fibre (i, j) at position * size + k, contiguous in k, and the
// vector backends sum it in vector accumulators reduced once per fibre.
// Also the fibre's sum into a local stored after it, a scaled copy of the
// fibres into a dense 3-D array (contiguous stores), and the same TTV in
// float. 23 entries a fibre: full vectors and a masked last chunk on
// every backend; empty (i, j) fibres and an empty slice i. Every value is
// a small dyadic rational, so any order of the additions gives the same
// sum.
// EXPECT-SPARSIFIED: 4
// EXPECT-VECTORIZED: 4
// EXPECT-VECTOR-REPORT: contiguous loads (A's dense last level at position * size + k), reduction into Y[i][j] (sum)
// EXPECT-VECTOR-REPORT: contiguous loads (A's dense last level at position * size + k), reduction into s (sum)
// EXPECT-VECTOR-REPORT: contiguous loads (A's dense last level at position * size + k), contiguous stores
// EXPECT-VECTOR-REPORT: contiguous loads (Af's dense last level at position * size + k), reduction into Yf[i][j] (sum)
// EXPECT-NOT-REPORT: indexed per iteration
// EXPECT-ABSENT: Y[i][j] += A[i][j][k] * v[k];
// EXPECT-ABSENT: W[i][j][k] += 2.0 * A[i][j][k];
// EXPECT-ABSENT: Yf[i][j] += Af[i][j][k] * vf[k];
#include <stdio.h>

#define NI 4
#define NJ 6
#define NK 23

static double A[NI][NJ][NK], v[NK], Y[NI][NJ], Z[NI][NJ], W[NI][NJ][NK];
static float Af[NI][NJ][NK], vf[NK], Yf[NI][NJ];

int main(void) {
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      for (int k = 0; k < NK; k++) {
        /* slice 2 empty; fibres with (i + j) % 3 == 1 empty */
        int on = i != 2 && (i + j) % 3 != 1;
        A[i][j][k] = on ? ((i * 3 + j * 5 + k) % 11 - 5) / 8.0 : 0.0;
        Af[i][j][k] = (float)A[i][j][k];
      }
  for (int k = 0; k < NK; k++) {
    v[k] = (k % 7 - 3) / 2.0;
    vf[k] = (float)v[k];
  }
#pragma sparse encoding(A : (i, j, k) -> (i : dense, j : compressed, k : dense))
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      for (int k = 0; k < NK; k++)
        Y[i][j] += A[i][j][k] * v[k];
#pragma sparse encoding(A : (i, j, k) -> (i : dense, j : compressed, k : dense))
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++) {
      double s = 1.0;
      for (int k = 0; k < NK; k++)
        s += A[i][j][k] * A[i][j][k];
      Z[i][j] = s;
    }
#pragma sparse encoding(A : (i, j, k) -> (i : dense, j : compressed, k : dense))
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      for (int k = 0; k < NK; k++)
        W[i][j][k] += 2.0 * A[i][j][k];
#pragma sparse encoding(Af : (i, j, k) -> (i : dense, j : compressed, k : dense))
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      for (int k = 0; k < NK; k++)
        Yf[i][j] += Af[i][j][k] * vf[k];
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++) {
      printf("%d %d: %.17g %.17g %.9g", i, j, Y[i][j], Z[i][j],
             (double)Yf[i][j]);
      for (int k = 0; k < NK; k++) printf(" %.17g", W[i][j][k]);
      printf("\n");
    }
  return 0;
}
