// A fill, a guarded write and reductions in one loop body, as legacy code
// writes them: `y[i] = 0;` then, per entry, `if (A[i][j] > 0) { y[i] +=
// A[i][j]; cnt++; }` beside `s += A[i][j];` (CSR, DCSR, CSC converted,
// COO; double and int), a dense element filled and overwritten under a
// guard beside a sum (`B[i][j] = 0;`, then `B[i][j] = A[i][j]` where
// `A[i][j] > 0.5`, and `s += A[i][j];`), a threshold known only at run time (checked once at
// entry: a negative one holds where A is absent, and the loops then visit
// every element), and locals counting and summing the non-zeros of a row.
// The count under a guard false on absent entries is exact over the
// stored entries only: a stored explicit zero (padded level) fails `!= 0`
// as in the source; a stored NaN fails `> 0`. `if (c) continue;` skips the
// rest of the body as an if around it would.
// EXPECT-SPARSIFIED: 9
// EXPECT-WARNING: the condition of 'continue' reads 'y', which the rest of the body writes
// EXPECT-ABSENT: if (D[i][j] == 0.0) continue;
// EXPECT-ABSENT: if (A[i][j] > 0) { y[i] += A[i][j]; cnt++; }
// EXPECT-ABSENT: if (D[i][j] > 0) { y[i] += D[i][j]; cnt++; }
// EXPECT-ABSENT: if (S[i][j] > 0) { y[i] += S[i][j]; cnt++; }
// EXPECT-ABSENT: if (O[i][j] > 0) { y[i] += O[i][j]; cnt++; }
// EXPECT-ABSENT: if (K[i][j] > 0) { k[i] += K[i][j]; kc++; }
// EXPECT-ABSENT: if (A[i][j] > 0.5) B[i][j] = A[i][j];
// EXPECT-ABSENT: if (A[i][j] > t) { y[i] += A[i][j]; cnt++; }
// EXPECT-ABSENT: if (P[i][j] != 0.0) { rs += P[i][j]; rc++; }
// EXPECT-REPORT: guard: the loops skip absent entries when !(((double)0) > t)
#include <math.h>
#include <stdio.h>

static unsigned long long lcg_state = 2024;
static double lcg(void) {
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)((lcg_state >> 33) % 1000) / 100.0 - 5.0;
}

#define N 12
#define M 10

static double A[N][M], D[N][M], S[N][M], O[N][M], P[N][M], B[N][M], y[N];
static long K[N][M], k[N];

static void show(const char *what, int cnt, double s) {
  printf("%s: cnt %d s %.12g y", what, cnt, s);
  for (int i = 0; i < N; i++) printf(" %.10g", y[i]);
  printf("\n");
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      A[i][j] = (i * 3 + j * 7) % 4 == 0 ? lcg() : 0.0;
      D[i][j] = (i % 3 == 0 && j % 2 == 0) ? lcg() : 0.0;
      S[i][j] = (i + j) % 3 == 0 ? lcg() : 0.0;
      O[i][j] = (i * j) % 5 == 2 ? lcg() : 0.0;
      P[i][j] = (i + 2 * j) % 3 == 0 ? lcg() : 0.0;
      K[i][j] = (2 * i + j) % 3 == 0 ? (long)(lcg() * 4) : 0;
      B[i][j] = 9.0; /* overwritten by the fill */
    }
  for (int j = 0; j < M; j++) { A[4][j] = 0; S[4][j] = 0; O[4][j] = 0; }
  A[7][3] = NAN;
  for (int j = 0; j < M; j++) P[5][j] = 0.0; /* stored zeros (padded) */
  int cnt = 0, kc = 0;
  double s = 0;

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++) {
    y[i] = 0;
    for (int j = 0; j < M; j++) {
      if (A[i][j] > 0) { y[i] += A[i][j]; cnt++; }
      s += A[i][j];
    }
  }
  show("csr", cnt, s);

  cnt = 0; s = 0;
#pragma sparse encoding(D : DCSR)
  for (int i = 0; i < N; i++) {
    y[i] = 0;
    for (int j = 0; j < M; j++) {
      if (D[i][j] > 0) { y[i] += D[i][j]; cnt++; }
      s += D[i][j];
    }
  }
  show("dcsr", cnt, s);

  cnt = 0; s = 0;
#pragma sparse encoding(S : CSC)
  for (int i = 0; i < N; i++) {
    y[i] = 0;
    for (int j = 0; j < M; j++) {
      if (S[i][j] > 0) { y[i] += S[i][j]; cnt++; }
      s += S[i][j];
    }
  }
  show("csc", cnt, s);

  cnt = 0; s = 0;
#pragma sparse encoding(O : COO)
  for (int i = 0; i < N; i++) {
    y[i] = 0;
    for (int j = 0; j < M; j++) {
      if (O[i][j] > 0) { y[i] += O[i][j]; cnt++; }
      s += O[i][j];
    }
  }
  show("coo", cnt, s);

  long ks = 0;
#pragma sparse encoding(K : CSR)
  for (int i = 0; i < N; i++) {
    k[i] = 0;
    for (int j = 0; j < M; j++) {
      if (K[i][j] > 0) { k[i] += K[i][j]; kc++; }
      ks += K[i][j];
    }
  }
  printf("int: kc %d ks %ld k", kc, ks);
  for (int i = 0; i < N; i++) printf(" %ld", k[i]);
  printf("\n");

  /* a dense element filled, then overwritten under a guard, beside a sum */
  s = 0;
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      B[i][j] = 0;
      if (A[i][j] > 0.5) B[i][j] = A[i][j];
      s += A[i][j];
    }
  {
    double b = 0;
    int nb = 0;
    for (int i = 0; i < N; i++)
      for (int j = 0; j < M; j++) {
        b += B[i][j] * (i + 1) * (j + 2);
        nb += B[i][j] != 0;
      }
    printf("fill then guard: nb %d b %.12g s %.12g\n", nb, b, s);
  }

  /* a threshold known at run time */
  for (int rep = 0; rep < 2; rep++) {
    double t = rep ? -0.25 : 0.75;
    cnt = 0; s = 0;
#pragma sparse encoding(A : CSR)
    for (int i = 0; i < N; i++) {
      y[i] = 0;
      for (int j = 0; j < M; j++) {
        if (A[i][j] > t) { y[i] += A[i][j]; cnt++; }
        s += A[i][j];
      }
    }
    show(rep ? "threshold -0.25" : "threshold 0.75", cnt, s);
  }

  /* the mean of each row's non-zeros, stored zeros not counted */
#pragma sparse encoding(P : (i, j) -> (i : dense, j : compressed(padded)))
  for (int i = 0; i < N; i++) {
    double rs = 0;
    int rc = 0;
    for (int j = 0; j < M; j++)
      if (P[i][j] != 0.0) { rs += P[i][j]; rc++; }
    y[i] = rc ? rs / rc : 0.0;
  }
  show("row means", 0, 0.0);

  /* the skip idiom: `if (A[i][j] == 0) continue;` is `if (A[i][j] != 0)
   * { rest of the body }` */
  cnt = 0;
#pragma sparse encoding(D : DCSR)
  for (int i = 0; i < N; i++) {
    y[i] = 0;
    for (int j = 0; j < M; j++) {
      if (D[i][j] == 0.0) continue;
      y[i] += D[i][j] * (j + 1);
      cnt++;
    }
  }
  show("continue", cnt, 0.0);

  /* a condition that reads what the rest writes stays dense */
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      if (y[i] > 4.0) continue;
      y[i] += A[i][j] * A[i][j];
    }
  show("continue refused", 0, 0.0);
  return 0;
}
