// ELL(k) with rows holding more than k entries: the slices are sized from
// the data, so the program does not fail (a nest's temporary assembly) or
// crash (an array stored as ELL) when the pragma's k is too small.
// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: y[i] += (long)A[i][j] * x[j];
// EXPECT-ABSENT: z[i] += E[i][j] * w[j];
#include <stdio.h>

#define NR 11
#define NC 10

static unsigned long long state = 99;
static int next_int(int keep_pct) {
  state = state * 6364136223846793005ULL + 1442695040888963407ULL;
  int r = (int)((state >> 33) % 100);
  return r < keep_pct ? (int)((state >> 40) % 9) - 4 : 0;
}

int main(void) {
  int A[NR][NC];
  int x[NC];
  long y[NR];
  for (unsigned i = 0; i < NR; i++)
    for (unsigned j = 0; j < NC; j++) A[i][j] = next_int(45);
  for (unsigned j = 0; j < NC; j++) A[2][j] = (int)j + 1; /* a full row */
  for (unsigned j = 0; j < NC; j++) A[5][j] = 0;          /* an empty row */
  for (unsigned j = 0; j < NC; j++) x[j] = (int)j - 4;

#pragma sparse encoding(A : ELL(3))
  for (unsigned i = 0; i < NR; i++) {
    y[i] = 0;
    for (unsigned j = 0; j < NC; j++)
      y[i] += (long)A[i][j] * x[j];
  }
  for (unsigned i = 0; i < NR; i++) printf("%ld\n", y[i]);

#pragma sparse encoding(E : ELL(2))
  static double E[NR][NC];
  double w[NC], z[NR];
  for (int i = 0; i < NR; i++)
    for (int j = 0; j < NC; j++) E[i][j] = next_int(60) * 0.5;
  for (int j = 0; j < NC; j++) w[j] = 0.25 * j - 1.0;
  for (int i = 0; i < NR; i++) {
    z[i] = 0;
    for (int j = 0; j < NC; j++) z[i] += E[i][j] * w[j];
  }
  for (int i = 0; i < NR; i++) printf("%.10g\n", z[i]);
  return 0;
}
