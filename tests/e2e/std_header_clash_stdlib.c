// A program that defines its own `abs` and does not include <stdlib.h>:
// it compiles as it is. Its SpGEMM into an array stored sparse needs a
// workspace, for which the rewritten file would include <stdlib.h>, whose
// `abs` the program's static one contradicts: sparsecc applies no pragma,
// says which declaration clashes and why, and the output is the program
// as written (the pragma line neutralized).
// EXPECT-SPARSIFIED: 0
// EXPECT-WARNING: std_header_clash_stdlib.c:16:12: warning: 'abs' is declared differently by <stdlib.h>
// EXPECT-WARNING: static declaration of 'abs' follows non-static declaration
// EXPECT-REPORT: 'abs' is declared differently by <stdlib.h>; no #pragma sparse applied
#include <stdio.h>

#define N 12

/* the absolute value of a column distance */
static int abs(int v) { return v < 0 ? -v : v; }

#pragma sparse encoding(A : CSR, C : CSR)
static double A[N][N], C[N][N];

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (abs(i - j) <= 1 && (i + j) % 3 != 0) A[i][j] = 1.0 + i - 0.5 * j;
  for (int i = 0; i < N; i++)
    for (int k = 0; k < N; k++)
      for (int j = 0; j < N; j++) C[i][j] += A[i][k] * A[k][j];
  double sum = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) sum += C[i][j] * (i + 1) * (j + 2);
  printf("checksum %.12g\n", sum);
  return 0;
}
