// EXPECT-SPARSIFIED: 3
// EXPECT-STDERR-EMPTY
// EXPECT-ABSENT: for (int j = i > bw ? i - bw : 0; j < (i + bw + 1 < N ? i + bw + 1 : N); j++)
// EXPECT-ABSENT: for (j = i - bw < 0 ? 0 : i - bw; j <= (N - 1 < i + bw ? N - 1 : i + bw); j++)
// EXPECT-ABSENT: if (j >= i - bw && j < i + bw + 1) r += M[i][j] * (j - 3);
// EXPECT-REPORT: the walk of M clamped to the band [max(i - bw, 0), min(i + bw + 1, 29))
// EXPECT-REPORT: the walk of D clamped to the band [max(i - bw, 0), min(i + bw + 1, 29))
// Band bounds spelled out as ternaries (no macro), on integer elements:
// an int CSR and a long DCSR matrix, each filled in its band and read by
// a band product; and the band test written inside the body instead of
// in the loop header. Widths 0, 3 and wider than the matrix.
#include <stdio.h>
#define N 29

#pragma sparse encoding(M : CSR)
static int M[N][N];
#pragma sparse encoding(D : DCSR)
static long D[N][N];

static void run(int bw) {
  long y[N], v[N], g[N];
  int j;
  for (int i = 0; i < N; i++) {
    if (i % 4 == 2) continue; /* empty rows */
    for (j = i > bw ? i - bw : 0; j < (i + bw + 1 < N ? i + bw + 1 : N); j++) {
      M[i][j] = 3 * i - j + 1;
      D[i][j] = (long)(i + 1) * (j % 5 - 2);
    }
  }
  for (int i = 0; i < N; i++) {
    long s = 0;
    for (int j = i > bw ? i - bw : 0; j < (i + bw + 1 < N ? i + bw + 1 : N); j++)
      s += M[i][j] * (j + 2);
    y[i] = s;
  }
  for (int i = 0; i < N; i++) {
    v[i] = 0;
    for (j = i - bw < 0 ? 0 : i - bw; j <= (N - 1 < i + bw ? N - 1 : i + bw); j++)
      v[i] += D[i][j] * (long)(j - 7);
  }
  for (int i = 0; i < N; i++) {
    long r = 0;
    for (int j = 0; j < N; j++)
      if (j >= i - bw && j < i + bw + 1) r += M[i][j] * (j - 3);
    g[i] = r;
  }
  long cs = 0;
  for (int i = 0; i < N; i++) cs += (i + 1) * (y[i] - 2 * v[i] + 3 * g[i]);
  printf("bw %d: y[1] %ld v[%d] %ld g[%d] %ld sum %ld\n", bw, y[1], N / 3, v[N / 3],
         N - 1, g[N - 1], cs);
  for (int i = 0; i < N; i++)
    for (int k = 0; k < N; k++) {
      M[i][k] = 0;
      D[i][k] = 0;
    }
}

int main(void) {
  run(0);
  run(3);
  run(N + 1);
  return 0;
}
