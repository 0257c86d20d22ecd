// Chained assignments in kernel bodies, as legacy code initialises several
// counters at once: `a = b = c = 0;` is `c = 0; b = c; a = b;`, each
// target read back after its store, so the conversions of the inner
// assignments apply (`d = k = A[i][j] * 0.5` truncates to int first;
// k, read after the loop, is 0 where the last entry is absent).
// EXPECT-SPARSIFIED: 2
// EXPECT-STDERR-EMPTY
// EXPECT-ABSENT: flights[i] = ferries[i] = roads[i] = 0;
// EXPECT-ABSENT: d = k = A[i][j] * 0.5;
// EXPECT-REPORT: roads(i) = 0; ferries(i) = roads(i); flights(i) = ferries(i); forall(j)
// EXPECT-REPORT: k = A((i),j) * 0.5; d = k; trunc_sum += d
#include <stdio.h>

#define N 180

static unsigned long long g = 424242ULL;
static unsigned pick(unsigned m) {
  g = g * 6364136223846793005ULL + 1ULL;
  return (unsigned)((g >> 33) % m);
}

#pragma sparse encoding(kind : CSR)
static char kind[N][N];
#pragma sparse encoding(A : CSR)
static double A[N][N];

int main(void) {
  static int roads[N], ferries[N], flights[N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      unsigned p = pick(200);
      if (p == 0) kind[i][j] = 'r';
      else if (p == 1) kind[i][j] = 'f';
      else if (p == 2) kind[i][j] = 'a';
      if (pick(30) == 0) A[i][j] = (double)pick(100) / 7.0 - 5.0;
    }
  for (int i = 0; i < N; i++) {
    flights[i] = ferries[i] = roads[i] = 0;
    for (int j = 0; j < N; j++) {
      if (kind[i][j] == 'r') roads[i]++;
      else if (kind[i][j] == 'f') ferries[i]++;
      else if (kind[i][j] == 'a') flights[i]++;
    }
  }
  long tr = 0, tf = 0, ta = 0;
  for (int i = 0; i < N; i++) { tr += roads[i]; tf += ferries[i]; ta += flights[i]; }
  printf("roads %ld ferries %ld flights %ld\n", tr, tf, ta);

  double pos, neg, trunc_sum = 0.0;
  int k;
  for (int i = 0; i < N; i++) {
    double d;
    pos = neg = 0.0;
    for (int j = 0; j < N; j++) {
      d = k = A[i][j] * 0.5;
      trunc_sum += d;
      if (A[i][j] > 0) pos += A[i][j];
      else neg += A[i][j];
    }
    if (i < 5) printf("row %d: +%.6f %.6f last %d\n", i, pos, neg, k);
  }
  printf("truncated halves %.1f\n", trunc_sum);
  return 0;
}
