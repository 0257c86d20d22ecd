// Position loops over a range of columns narrower than the row (`for (j =
// lo; j < hi; j++)`, a triangle's `j < i`, `j = i + 1` to the end) through
// the vectorizer: each row's walk is clamped to the range by a search of
// its coordinates (the band search), and the positions between are
// vectorized without a test of the bounds on every entry. Before, these
// loops stayed scalar ("not vectorized: the loop bounds of j are checked
// on every entry"). Windows of 0, 1, 3, 4, 5, 7, 8, 9, 15, 16, 17, 19,
// 31 to 35 and 67 columns over full rows (0, 1, vl - 1, vl, vl + 1 and
// 2 vl + 3 entries for 4, 8 and 16 lanes), an empty window (lo > hi), one
// ending at the extent; rows with gaps; double, float and int; the lower
// and upper triangles and a forward substitution; 32-bit coordinates.
// EXPECT-SPARSIFIED: 5
// EXPECT-VECTORIZED: 6
// EXPECT-VECTOR-REPORT: loop j: the walk of A clamped to the range [lo, hi) of j
// EXPECT-VECTOR-REPORT: loop j: the walk of A clamped to the range [0, i) of j
// EXPECT-VECTOR-REPORT: loop j: the walk of A clamped to the range [i + 1, M) of j
// EXPECT-VECTOR-REPORT: loop j: the walk of F clamped to the range [lo, hi + 1) of j
// EXPECT-NOT-REPORT: the loop bounds of j are checked on every entry
#include <stdio.h>

#define N 48
#define M 120

static double A[N][M], x[M], yw[N], lo_t[N], up_t[N], sol[N];
static float F[N][M], fx[M], fw[N];
static int I[N][M], ix[M], iw[N];

/* row i holds every column but, in rows i % 3 == 1, those j % 5 == 2 */
static int stored(int i, int j) { return i % 3 != 1 || j % 5 != 2; }

static void window(int lo, int hi) {
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = lo; j < hi; j++)
      yw[i] += A[i][j] * x[j];
}

static void window_float(int lo, int hi) {
#pragma sparse encoding(F : CSR, crdWidth = 32, posWidth = 32)
  for (int i = 0; i < N; i++) {
    float s = 0.0f;
    for (int j = lo; j <= hi; j++)
      s += F[i][j] * fx[j];
    fw[i] = s;
  }
}

static void window_int(int lo, int hi) {
#pragma sparse encoding(I : CSR)
  for (int i = 0; i < N; i++)
    for (int j = lo; j < hi; j++)
      iw[i] += I[i][j] * ix[j];
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if (stored(i, j)) {
        A[i][j] = 0.25 + ((i * 31 + j * 17) % 97) / 64.0;
        F[i][j] = (float)((i * 7 + j * 3) % 17 - 8) / 8;
        I[i][j] = (i * 31 + j * 17) % 41 - 20;
      }
  for (int j = 0; j < M; j++) {
    x[j] = 1.0 + (j % 13) / 8.0;
    fx[j] = (float)(j % 9) - 4;
    ix[j] = j % 11 - 5;
  }
  static const int win[][2] = {{0, 0}, {5, 5}, {7, 6}, {3, 4}, {3, 6},
                               {10, 17}, {2, 10}, {2, 11}, {0, 15},
                               {4, 20}, {9, 26}, {1, 32}, {0, 33},
                               {60, 95}, {50, 117}, {0, 120}, {100, 120},
                               {11, 78}};
  for (int w = 0; w < (int)(sizeof win / sizeof win[0]); w++) {
    int lo = win[w][0], hi = win[w][1];
    window(lo, hi);
    window_float(lo, hi > 0 ? hi - 1 : hi);
    window_int(lo, hi);
    double h = 0;
    long fh = 0, ih = 0;
    for (int i = 0; i < N; i++) {
      h += yw[i] * (i + 1);
      fh = fh * 31 + (long)(fw[i] * 8);
      ih = ih * 31 + iw[i];
    }
    printf("window [%d, %d): %.17g %ld %ld\n", lo, hi, h, fh, ih);
  }
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < i; j++)
      lo_t[i] += A[i][j] * x[j];
    for (int j = i + 1; j < M; j++)
      up_t[i] += A[i][j] * x[j];
  }
  /* forward substitution with the lower triangle, diagonal stored */
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++) {
    double s = x[i];
    for (int j = 0; j < i; j++)
      s -= A[i][j] * sol[j];
    sol[i] = s / A[i][i];
  }
  for (int i = 0; i < N; i++)
    printf("%d %.17g %.17g %.17g %.17g %.9g %d\n", i, yw[i], lo_t[i], up_t[i],
           sol[i], fw[i], iw[i]);
  return 0;
}
