// SpMV over a matrix stored with a dense last level, `(i : compressed, j :
// dense)` (the nonzero rows kept whole): the loop over j reads the row's
// values at position * size + j, contiguous in j, and the vector backends
// load them like a dense array's (src/lower/coiter.c dense_last_parents,
// VecLoop.last_parent): sums into y[i] in vector accumulators reduced once
// per row, and a scaled update of a dense array (contiguous stores), over
// rows of 1, 7, 19 and 37 columns (less than one vector, a masked last
// chunk after full vectors, several steps), in double and float, and a
// kernel under `vectorize(vl = 4)` and one under `novectorize`, which
// stay as asked. Before, these loops stayed scalar ("A's last level,
// dense, is indexed per iteration").
// EXPECT-SPARSIFIED: 9
// EXPECT-VECTORIZED: 8
// EXPECT-VECTOR-REPORT: contiguous loads (A19's dense last level at position * size + j), reduction into y19[i] (sum); last partial chunk
// EXPECT-VECTOR-REPORT: contiguous loads (A37's dense last level at position * size + j), contiguous stores
// EXPECT-VECTOR-REPORT: contiguous loads (F19's dense last level at position * size + j), reduction into s (sum)
// EXPECT-VECTOR-REPORT: contiguous loads (B7's dense last level at position * size + j), reduction into yb[i] (sum)
// EXPECT-VECTOR-REPORT: vectorization: off for this kernel (its pragma)
// EXPECT-NOT-REPORT: is indexed per iteration
// EXPECT-ABSENT: y1[i] += A1[i][j] * x[j];
// EXPECT-ABSENT: y19[i] += A19[i][j] * x[j];
// EXPECT-ABSENT: z7[i][j] += 2.0 * A7[i][j] * x[j];
#include <stdio.h>

#define N 9
static double A1[N][1], A7[N][7], A19[N][19], A37[N][37], B7[N][7], x[37];
static double y1[N], y7[N], y19[N], yb[N], yn[N], z7[N][7], z37[N][37];
static float F19[N][19], xf[19], yf[N];

int main(void) {
  for (int i = 0; i < N; i++)
    if (i % 3 != 1)
      for (int j = 0; j < 37; j++) {
        if (j < 1) A1[i][j] = (i + 1) * 0.5 - j;
        if (j < 7) A7[i][j] = B7[i][j] = (i + 1) * 0.25 - (j % 3);
        if (j < 19) A19[i][j] = (i + 1) * 0.125 - (j % 4);
        if (j < 19) F19[i][j] = (float)((i + 1) * 0.125 - (j % 5));
        A37[i][j] = (j % 5 == 2) ? 0.0 : (i + 1) * 0.5 - (j % 6);
      }
  for (int j = 0; j < 37; j++) x[j] = 1.0 + j * 0.25;
  for (int j = 0; j < 19; j++) xf[j] = (float)(0.5 + j * 0.125);
#pragma sparse encoding(A1 : (i, j) -> (i : compressed, j : dense))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < 1; j++)
      y1[i] += A1[i][j] * x[j];
#pragma sparse encoding(A7 : (i, j) -> (i : compressed, j : dense))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < 7; j++)
      y7[i] += A7[i][j] * x[j];
#pragma sparse encoding(A19 : (i, j) -> (i : compressed, j : dense))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < 19; j++)
      y19[i] += A19[i][j] * x[j];
#pragma sparse encoding(F19 : (i, j) -> (i : compressed, j : dense))
  for (int i = 0; i < N; i++) {
    float s = 0.0f;
    for (int j = 0; j < 19; j++)
      s += F19[i][j] * xf[j];
    yf[i] = s;
  }
#pragma sparse encoding(B7 : (i, j) -> (i : compressed, j : dense))
#pragma sparse vectorize(vl = 4)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < 7; j++)
      yb[i] -= B7[i][j] * x[j];
#pragma sparse encoding(B7 : (i, j) -> (i : compressed, j : dense))
#pragma sparse novectorize
  for (int i = 0; i < N; i++)
    for (int j = 0; j < 7; j++)
      yn[i] += B7[i][j] * x[j];
#pragma sparse encoding(A7 : (i, j) -> (i : compressed, j : dense))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < 7; j++)
      z7[i][j] += 2.0 * A7[i][j] * x[j];
#pragma sparse encoding(A37 : (i, j) -> (i : compressed, j : dense))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < 37; j++)
      z37[i][j] += A37[i][j] * x[j] - 0.5 * A37[i][j];
#pragma sparse encoding(A1 : (i, j) -> (i : compressed, j : dense))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < 1; j++)
      y1[i] += 3.0 * A1[i][j];
  for (int i = 0; i < N; i++) {
    printf("%d: %.17g %.17g %.17g %.9g %.17g %.17g", i, y1[i], y7[i], y19[i],
           (double)yf[i], yb[i], yn[i]);
    for (int j = 0; j < 7; j++) printf(" %.17g", z7[i][j]);
    for (int j = 0; j < 37; j++) printf(" %.17g", z37[i][j]);
    printf("\n");
  }
  return 0;
}
