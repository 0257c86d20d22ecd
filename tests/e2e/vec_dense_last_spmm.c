// SpMM whose sparse operand keeps its rows whole, `(j : compressed, k :
// dense)`: C[i][k] += D[i][j] * B[j][k] reads B's row j at position * size
// + k, contiguous in k, and the vector backends vectorize the k loop.
// Three forms: a dense left operand (the loop over B's rows around the k
// loop: register-blocked, blocks of C[i][k] held in vector registers
// across B's rows, as CSR SpMM's), a CSR left operand (the rows of S and B
// co-iterated: the k loop alone, contiguous loads of B's values, loads
// and stores of C, under B's presence flag, checked at run time), and
// float (blocked). 19 columns: full vectors and a masked last chunk on
// every backend; empty rows of B and S.
// EXPECT-SPARSIFIED: 3
// EXPECT-VECTORIZED: 3
// EXPECT-VECTOR-REPORT: lanes of C[i][k] held in registers across the entries
// EXPECT-VECTOR-REPORT: contiguous loads (B's dense last level at position * size + k), contiguous stores
// EXPECT-VECTOR-REPORT: run-time check (sc__B_in0)
// EXPECT-VECTOR-REPORT: lanes of Cf[i][k] held in registers across the entries
// EXPECT-NOT-REPORT: indexed per iteration
// EXPECT-ABSENT: C[i][k] += D[i][j] * B[j][k];
// EXPECT-ABSENT: C2[i][k] += S[i][j] * B[j][k];
// EXPECT-ABSENT: Cf[i][k] += Df[i][j] * Bf[j][k];
#include <stdio.h>

#define NI 6
#define NJ 8
#define NK 19

static double D[NI][NJ], S[NI][NJ], B[NJ][NK], C[NI][NK], C2[NI][NK];
static float Df[NI][NJ], Bf[NJ][NK], Cf[NI][NK];

int main(void) {
  for (int j = 0; j < NJ; j++)
    for (int k = 0; k < NK; k++) {
      /* rows 1, 4 and 7 of B empty */
      B[j][k] = j % 3 == 1 ? 0.0 : (j + 1) * 0.25 - (k % 5) * 0.5;
      Bf[j][k] = (float)B[j][k];
    }
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++) {
      D[i][j] = 0.5 + i - j * 0.25;
      Df[i][j] = (float)D[i][j];
      /* row 2 of S empty */
      S[i][j] = i != 2 && (i + j) % 2 ? 1.0 + j * 0.125 : 0.0;
    }
#pragma sparse encoding(B : (j, k) -> (j : compressed, k : dense))
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      for (int k = 0; k < NK; k++)
        C[i][k] += D[i][j] * B[j][k];
#pragma sparse encoding(S : CSR, B : (j, k) -> (j : compressed, k : dense))
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      for (int k = 0; k < NK; k++)
        C2[i][k] += S[i][j] * B[j][k];
#pragma sparse encoding(Bf : (j, k) -> (j : compressed, k : dense))
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      for (int k = 0; k < NK; k++)
        Cf[i][k] += Df[i][j] * Bf[j][k];
  for (int i = 0; i < NI; i++) {
    printf("%d:", i);
    for (int k = 0; k < NK; k++)
      printf(" %.17g %.17g %.9g", C[i][k], C2[i][k], (double)Cf[i][k]);
    printf("\n");
  }
  return 0;
}
