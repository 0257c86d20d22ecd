// A sparse operand divided by a dense value that may be zero is not zero
// where the operand is absent (0 / 0 is NaN), and exp of an absent entry
// is 1: both loops stay dense, correct, with a warning naming the cause.
// Here d holds a zero where a is absent, so the dense sum is NaN.
// EXPECT-SPARSIFIED: 0
// EXPECT-WARNING: a sparse operand divided by a value that may be zero
// EXPECT-WARNING: 'exp' of an absent entry is not zero
#include <math.h>
#include <stdio.h>

#define LEN 12

int main(void) {
  double a[LEN], d[LEN];
  double s = 0.25, e = 0;
  for (int i = 0; i < LEN; i++) {
    a[i] = (i % 3 == 0) ? 0.5 * i : 0.0;
    d[i] = (double)(i % 4);
  }
  d[0] = 1; /* a[0] = 0 over 1; d[4] = 0 under an absent a[4]: 0 / 0 */
  a[4] = 0;
#pragma sparse encoding(a : SparseVector)
  for (int i = 0; i < LEN; i++)
    s = s + a[i] / d[i];
#pragma sparse encoding(a : SparseVector)
  for (int i = 0; i < LEN; i++)
    e += exp(a[i]);
  printf("%s %.10g\n", isnan(s) ? "nan" : "number", e);
  return 0;
}
