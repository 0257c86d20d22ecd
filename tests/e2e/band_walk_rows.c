// Band walks over every kind of row: the walk of a row clamped to the band
// `j = MAX(0, i - bw)` to `MIN(N - 1, i + bw)` tests the row's first
// coordinate before it searches for the band's begin, and the last one a
// band can reach before it searches for its end (docs/lowering.md, "Band
// bounds"). Rows: empty, entirely left or right of the band, exactly the
// band (neither searched), the band with holes, the band with entries next
// to it on both sides, one entry just outside each side, every column (a
// row longer than the short-range test), half the band; half-bandwidths 0,
// 1, 3, 10 (a band of 21 positions: its end searched at once) and 50
// (wider than the matrix); the first and last rows clamp the band at the
// matrix's edges. The same matrix stored with 64-, 32-, 16- and 8-bit
// coordinates (each its own inline search) and loose_compressed (no row
// begin carried), read by the two-sided band and by a lower band (j up to
// i). Values are multiples of 1/16 and x small
// halves: every association of a row's sum prints the same.
// EXPECT-SPARSIFIED: 6
// EXPECT-STDERR-EMPTY
// EXPECT-ABSENT: for (int j = MAX(0, i - bw); j <= MIN(N - 1, i + bw); j++) s += A[i][j] * x[j];
// EXPECT-ABSENT: for (int j = MAX(0, i - bw); j <= MIN(N - 1, i + bw); j++) s += B[i][j] * x[j];
// EXPECT-ABSENT: for (int j = MAX(0, i - bw); j <= MIN(N - 1, i + bw); j++) s += C[i][j] * x[j];
// EXPECT-ABSENT: for (int j = MAX(0, i - bw); j <= MIN(N - 1, i + bw); j++) s += D[i][j] * x[j];
// EXPECT-ABSENT: for (int j = MAX(0, i - bw); j <= MIN(N - 1, i + bw); j++) s += L[i][j] * x[j];
// EXPECT-ABSENT: for (int j = MAX(0, i - bw); j <= i; j++) s += B[i][j] * x[j];
// EXPECT-REPORT: the walk of A clamped to the band [max(i - bw, 0), min(i + bw + 1, 40))
// EXPECT-REPORT: the walk of B clamped to the band [max(i - bw, 0), min(i + bw + 1, 40))
// EXPECT-REPORT: the walk of C clamped to the band [max(i - bw, 0), min(i + bw + 1, 40))
// EXPECT-REPORT: the walk of D clamped to the band [max(i - bw, 0), min(i + bw + 1, 40))
// EXPECT-REPORT: the walk of L clamped to the band [max(i - bw, 0), min(i + bw + 1, 40))
// EXPECT-REPORT: the walk of B clamped to the band [max(i - bw, 0), i + 1)
// EXPECT-REPORT: loop i: the positions of A read once per row
// EXPECT-REPORT: loop i: the positions of D read once per row
// EXPECT-NOT-REPORT: the loop bounds of j are checked on every entry
// OUT-CFLAGS: -O2
#include <stdio.h>
#define N 40
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define MIN(a, b) ((a) < (b) ? (a) : (b))

#pragma sparse encoding(A : CSR)
static double A[N][N];
#pragma sparse encoding(B : (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32)
static double B[N][N];
#pragma sparse encoding(C : (i, j) -> (i : dense, j : compressed), crdWidth = 16)
static double C[N][N];
#pragma sparse encoding(D : (i, j) -> (i : dense, j : compressed), crdWidth = 8)
static double D[N][N];
#pragma sparse encoding(L : (i, j) -> (i : dense, j : loose_compressed))
static double L[N][N];

static double x[N];
static double y[6][N];

static void band_a(int bw) {
  for (int i = 0; i < N; i++) {
    double s = 0;
    for (int j = MAX(0, i - bw); j <= MIN(N - 1, i + bw); j++) s += A[i][j] * x[j];
    y[0][i] = s;
  }
}

static void band_b(int bw) {
  for (int i = 0; i < N; i++) {
    double s = 0;
    for (int j = MAX(0, i - bw); j <= MIN(N - 1, i + bw); j++) s += B[i][j] * x[j];
    y[1][i] = s;
  }
}

static void band_c(int bw) {
  for (int i = 0; i < N; i++) {
    double s = 0;
    for (int j = MAX(0, i - bw); j <= MIN(N - 1, i + bw); j++) s += C[i][j] * x[j];
    y[2][i] = s;
  }
}

static void band_d(int bw) {
  for (int i = 0; i < N; i++) {
    double s = 0;
    for (int j = MAX(0, i - bw); j <= MIN(N - 1, i + bw); j++) s += D[i][j] * x[j];
    y[3][i] = s;
  }
}

static void band_l(int bw) {
  for (int i = 0; i < N; i++) {
    double s = 0;
    for (int j = MAX(0, i - bw); j <= MIN(N - 1, i + bw); j++) s += L[i][j] * x[j];
    y[4][i] = s;
  }
}

static void lower_b(int bw) {
  for (int i = 0; i < N; i++) {
    double s = 0;
    for (int j = MAX(0, i - bw); j <= i; j++) s += B[i][j] * x[j];
    y[5][i] = s;
  }
}

/* Whether row i stores column j, for the half-bandwidth bw the rows are
 * shaped around (the band read may be narrower or wider). */
static int stored(int i, int j, int bw) {
  const int d = j - i, in = d >= -bw && d <= bw;
  switch (i % 9) {
  case 0: return 0;                                 /* empty */
  case 1: return d < -bw - 1;                       /* left of the band */
  case 2: return d > bw + 1;                        /* right of it */
  case 3: return in;                                /* the band alone */
  case 4: return in ? d % 2 == 0 : (j + i) % 3 == 0; /* holes, both sides */
  case 5: return 1;                                 /* every column */
  case 6: return in || d == -bw - 2 || d == bw + 2 || j == 0 || j == N - 1;
  case 7: return d == -bw - 1 || d == bw + 1;       /* just outside */
  default: return in && d <= 0;                     /* half the band */
  }
}

static void fill(int bw) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      const double v = stored(i, j, bw) ? (double)((i * 7 + j * 3) % 31 - 15) / 16.0 + 4.0 : 0.0;
      A[i][j] = v;
      B[i][j] = v;
      C[i][j] = v;
      D[i][j] = v;
      L[i][j] = v;
    }
}

static void run(int bw) {
  band_a(bw);
  band_b(bw);
  band_c(bw);
  band_d(bw);
  band_l(bw);
  lower_b(bw);
  for (int k = 0; k < 6; k++) {
    double cs = 0;
    for (int i = 0; i < N; i++) cs += (i % 5 + 1) * y[k][i];
    printf("bw %d kernel %d: %.6f |", bw, k, cs);
    for (int i = 0; i < N; i += 3) printf(" %.4f", y[k][i]);
    printf("\n");
  }
}

int main(void) {
  for (int j = 0; j < N; j++) x[j] = (double)(j % 7 - 3) / 2.0 + 0.25;
  const int shape[] = {0, 1, 3, 10, 50};
  for (int f = 0; f < 5; f++) {
    fill(shape[f]);
    for (int r = 0; r < 5; r++) run(shape[r]);
  }
  return 0;
}
