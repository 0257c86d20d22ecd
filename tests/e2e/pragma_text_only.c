// The text of a sparse pragma where no pragma is: in comments, in a string
// and in statically false #if branches. None of it counts, so the file is
// copied through unchanged (see the `#if 0` rule in docs/user-guide.md).
// EXPECT-SPARSIFIED: 0
// EXPECT-STDERR-EMPTY
#include <stdio.h>
#include <string.h>

/* #pragma sparse encoding(A : CSR) */
// #pragma sparse encoding(A : CSR)
static const char *text = "#pragma sparse encoding(A : CSR)";

int main(void) {
  double A[4][4] = {{1, 0, 0, 2}, {0, 0, 3, 0}, {0, 0, 0, 0}, {4, 0, 0, 5}};
  double x[4] = {1, 2, 3, 4}, y[4];
#if 0
#pragma sparse encoding(A : CSR)
#endif
#if 1
  int scale = 1;
#else
#pragma sparse encoding(A : CSR)
  int scale = 2;
#endif
  for (int i = 0; i < 4; i++) {
    y[i] = 0;
    for (int j = 0; j < 4; j++) y[i] += A[i][j] * x[j];
  }
  for (int i = 0; i < 4; i++) printf("%g\n", scale * y[i]);
  printf("%zu\n", strlen(text));
  return 0;
}
