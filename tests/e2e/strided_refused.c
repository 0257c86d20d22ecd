// Strided loops that stay dense, each with its reason: a step that is a
// variable (here one the nest writes: every step differs), a step that is
// an invariant variable (not a constant), '!=' as the condition (the step
// may pass over the bound), a bound depending on an enclosing loop (the
// step count would not be affine), a variable whose final value is read
// after the nest. The output is the dense program's.
// EXPECT-SPARSIFIED: 0
// EXPECT-WARNING: loop not sparsified: loop step 's' is not an integer constant
// EXPECT-WARNING: loop not sparsified: loop step 'step' is not an integer constant
// EXPECT-WARNING: loop stepping by 2 with the condition 'j != N - 1'
// EXPECT-WARNING: bound 'r' of the loop stepping by 3 depends on an enclosing loop's variable
// EXPECT-WARNING: loop stepping by 2 over 'i' whose final value is used after the nest
#include <stdio.h>
#define N 29

static double A[N][N], x[N], y[N];

int main(int argc, char **argv) {
  (void)argv;
  int step = argc + 1;
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      A[i][j] = ((i + 3 * j) % 4 == 0) ? 1.0 + 0.5 * ((i + j) % 3) : 0.0;
    x[i] = 2.0 - 0.25 * i;
    y[i] = 0.0;
  }
  int s = 1, i;
#pragma sparse encoding(A : CSR)
  for (int r = 0; r < N; r += s) {
    for (int j = 0; j < N; j++)
      y[r] += A[r][j] * x[j];
    s = s + 1;
  }
#pragma sparse encoding(A : CSR)
  for (int r = 0; r < N; r += step)
    for (int j = 0; j < N; j++)
      y[r] += A[r][j] * x[j];
#pragma sparse encoding(A : CSR)
  for (int r = 0; r < N; r++)
    for (int j = 0; j != N - 1; j += 2)
      y[r] += A[r][j] * x[j];
#pragma sparse encoding(A : CSR)
  for (int r = 0; r < N; r++)
    for (int j = r; j < N; j += 3)
      y[r] += A[r][j] * x[j];
#pragma sparse encoding(A : CSR)
  for (i = 0; i < N; i += 2)
    for (int j = 0; j < N; j++)
      y[i] += A[i][j] * x[j];
  printf("%d\n", i);
  for (int r = 0; r < N; r++)
    printf("%d %.12g\n", r, y[r]);
  return 0;
}
