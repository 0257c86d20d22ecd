// Loop bounds computed with sizeof from arrays stored sparse, as legacy C
// writes them: `sizeof A / sizeof A[0]` in a kernel's headers (the lowered
// loops spell the dense type, `sizeof(double[8][6])`, since the array's
// declaration is gone), and the array-size macro `NR(array)` with
// `#define NR(a) (sizeof(a) / sizeof((a)[0]))`: an invocation taking an
// array a pragma binds is expanded, so its sizeof uses are rewritten like
// any other (it was an error: "passed to 'NR'").
// EXPECT-SPARSIFIED: 3
// EXPECT-ABSENT: y[i] += A[i][j] * x[j];
// EXPECT-ABSENT: z[j] += A[i][j] * y[i];
// EXPECT-ABSENT: s += B[i][k] * B[i][k];
// EXPECT-ABSENT: NR(A)
// EXPECT-ABSENT: NR(B)
#include <stdio.h>

#define NR(a) (sizeof(a) / sizeof((a)[0]))

#pragma sparse encoding(A : CSR)
static double A[8][6];
static double x[6], y[8], z[6];

int main(void) {
  for (size_t i = 0; i < NR(A); i++) {
    A[i][i % 6] = 1.0 + (double)i;
    if (i % 3 == 1) A[i][5] -= 0.5;
  }
  for (size_t j = 0; j < NR(x); j++) x[j] = (double)j - 2.0;
  for (size_t i = 0; i < sizeof A / sizeof A[0]; i++)
    for (size_t j = 0; j < sizeof A[0] / sizeof A[0][0]; j++) y[i] += A[i][j] * x[j];
  for (int i = 0; i < (int)NR(A); i++)
    for (int j = 0; j < (int)NR(A[0]); j++) z[j] += A[i][j] * y[i];
  for (size_t i = 0; i < NR(y); i++) printf("%g ", y[i]);
  printf("\n");
  for (size_t j = 0; j < NR(z); j++) printf("%g ", z[j]);
  printf("\n%zu %zu %zu\n", sizeof A, sizeof A[0], NR(A));
  {
#pragma sparse encoding(B : DCSR)
    float B[5][7];
    for (int i = 0; i < 5; i++)
      for (int k = 0; k < 7; k++) B[i][k] = (i + k) % 3 == 0 ? (float)(i - k) : 0.0f;
    float s = 0;
    for (size_t i = 0; i < NR(B); i++)
      for (size_t k = 0; k < NR(B[0]); k++) s += B[i][k] * B[i][k];
    printf("%g %zu\n", s, sizeof B);
  }
  return 0;
}
