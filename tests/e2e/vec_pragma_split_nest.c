// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: for (int f = 0; f < NF; f++) z += X[s][f] * wt[f];
// EXPECT-REPORT: loop nest split: call to function 'sigmoid'
// EXPECT-REPORT: loop f: vectorized: generic, vl 8 [pragma]
// EXPECT-VECTORIZED: 1
// EXPECT-STDERR-EMPTY
// A vectorize pragma on a loop that is not a kernel as a whole (it calls
// a function of the file) applies to the kernels it is split into: the
// row loop of the scoring nest is vectorized as the pragma says, while a
// novectorize pragma keeps the second nest's row loop scalar.
#include <math.h>
#include <stdio.h>
#define NS 40
#define NF 64
#pragma sparse encoding(X : CSR)
static double X[NS][NF];
static double wt[NF], pred[NS], grad[NS];
static int calls; /* counts its calls: the nest is split at the call */
static double sigmoid(double z) { calls++; return 1.0 / (1.0 + exp(-z)); }

int main(void) {
  for (int s = 0; s < NS; s++)
    for (int f = 0; f < NF; f++)
      if ((s * 11 + f * 17) % 7 == 0) X[s][f] = 0.5 + (s + f) % 4;
  for (int f = 0; f < NF; f++) wt[f] = f * 0.01 - 0.2;
#pragma sparse vectorize(vl = 8, simd = generic)
  for (int s = 0; s < NS; s++) {
    double z = 0.0;
    for (int f = 0; f < NF; f++) z += X[s][f] * wt[f];
    pred[s] = sigmoid(z);
  }
#pragma sparse novectorize
  for (int s = 0; s < NS; s++) {
    double z = 0.0;
    for (int f = 0; f < NF; f++) z += X[s][f] * (wt[f] - pred[s]);
    grad[s] = tanh(z);
  }
  for (int s = 0; s < NS; s++) printf("%.17g %.17g\n", pred[s], grad[s]);
  return 0;
}
