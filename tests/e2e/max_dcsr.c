// Global and row maxima, A DCSR: absent entries are zeros that count
// in the dense max, so each row applies the zero once when it has one.
// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: m = fmax(m, A[i][j]);
// EXPECT-ABSENT: rmax[i] = fmax(A[i][j], rmax[i]);
#include <math.h>
#include <stdio.h>

static unsigned long long lcg_state = 12345;
/* deterministic pseudo-random values in [-5, 5) */
static double lcg(void) {
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)((lcg_state >> 33) % 1000) / 100.0 - 5.0;
}
/* about `keep` of the entries non-zero, the rest exactly 0 */
static double sparse_value(double keep) {
  double r = lcg();
  return (r + 5.0) / 10.0 < keep ? lcg() : 0.0;
}

#define N 23
#define M 19

static double A[N][M];

static void fill_A(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) A[i][j] = sparse_value(0.2);
  for (int j = 0; j < M; j++) A[4][j] = 0.0;       /* an empty row */
  for (int i = 0; i < N; i++) A[i][M - 2] = 0.0;   /* an empty column */
}

int main(void) {
  double m = -100.0, rmax[N];
  fill_A();
  for (int i = 0; i < N; i++) rmax[i] = -100.0;
  for (int j = 0; j < M; j++) A[9][j] = 1.0 + j; /* a full row */

#pragma sparse encoding(A : DCSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      m = fmax(m, A[i][j]);

#pragma sparse encoding(A : DCSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      rmax[i] = fmax(A[i][j], rmax[i]);

  printf("%.10g\n", m);
  for (int i = 0; i < N; i++) printf("%.10g\n", rmax[i]);
  return 0;
}
