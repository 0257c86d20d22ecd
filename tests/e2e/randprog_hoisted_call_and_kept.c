// Found by the random program tester (gen_program, seed 56, minimized):
// one repetition loop both passes B (DCSR) to a function whose parameter
// is CSC, the conversion hoisted out of the loop, and holds a kernel that
// reads A (CSC) in the kernel's order, its converted copy kept across the
// repetitions. The two blocks opened at the loop's first byte closed in the
// wrong order at its last byte: out.c did not compile ('sc__A_kept0'
// undeclared). The kept copy's block now opens outside the other one.
// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: m[i][j] *= -2.0;
// EXPECT-ABSENT: if (A[i][j] < mx) mx = A[i][j];
// EXPECT-REPORT: A's storage converted to the kernel's encoding once, before the loop at line
// EXPECT-REPORT: is converted to the encoding of its parameter 'm' (CSC) once, before the loop at line
#include <stdio.h>
#include <stdlib.h>

#define N 9
#define M 9
#define R 3

static unsigned long long lcg_state = 148648414961ULL;
/* deterministic pseudo-random integer in [0, n) */
static int rnd(int n) {
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (int)((lcg_state >> 33) % (unsigned long long)n);
}
/* a non-zero multiple of 1/4 in [-4, 4] */
static double dval(void) {
  int k = rnd(32) - 16;
  return (k >= 0 ? k + 1 : k) / 4.0;
}

static double mx;

#pragma sparse encoding(m : CSC)
static void f1(double m[N][M]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      m[i][j] *= -2.0;
}

int main(void) {
  #pragma sparse encoding(A : CSC)
  double A[N][M];
  #pragma sparse encoding(B : DCSR)
  double B[N][M];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      A[i][j] = rnd(1000) < 300 ? dval() : 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      B[i][j] = 0.0;
  B[0][4] += 2.0;
  B[5][8] = 1.5;
  B[3][1] = 2.0;
  for (int it = 0; it < R; it++) {
    f1(B);
    for (int i = 0; i < N; i++)
      for (int j = 0; j < M; j++)
        if (A[i][j] < mx) mx = A[i][j];
  }
  printf("mx %.12g\n", mx);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      printf("%.12g %.12g\n", A[i][j], B[i][j]);
  return 0;
}
