// The padded/unpadded model's own example (seed 003): `a(i) = b(i)` with a
// compressed and b dense. No loop can skip (every b[i] is visited), but the
// output is stored sparse for its whole lifetime, so the nest is still a
// kernel: b's values are appended to a behind a zero filter (b's dense
// level is padded: it may hold zeros), without one when b's level is
// unpadded (its assembly drops the zeros), or when the output's own level
// is padded (it may store them). Before, such a nest stayed a loop of
// buffered inserts, one per element, with a warning. Also a 2-D shift
// (`C = 4 + A`, every value non-zero but filtered all the same: a sum), an
// accumulation into the stored C, and a nest whose output is dense outside
// (still refused: its dense loop is the faster way to visit every element).
// EXPECT-SPARSIFIED: 8
// EXPECT-ABSENT: for (int i = 0; i < N; i++) a[i] = b[i];
// EXPECT-ABSENT: for (int i = 0; i < N; i++) a[i] = -b[i];
// EXPECT-ABSENT: for (int i = 0; i < N; i++) p[i] = b[i];
// EXPECT-ABSENT: for (int j = 0; j < M; j++) C[i][j] = 4 + A[i][j];
// EXPECT-ABSENT: for (int j = 0; j < M; j++) C[i][j] += 0.5 * A[i][j];
// EXPECT-REPORT: zero filter: values appended to a tested != 0 (unpadded level)
// EXPECT-REPORT: no zero filter for a: every operand is unpadded and the operation preserves non-zeros
// EXPECT-REPORT: no zero filter for p: its level is padded (it may store explicit zeros)
// EXPECT-REPORT: zero filter: values appended to C tested != 0 (unpadded level; an operand may hold zeros
// EXPECT-WARNING: loop not sparsified: no loop can skip absent entries
#include <stdio.h>

#define N 12
#define M 7

#pragma sparse encoding(a : SparseVector)
static double a[N];
#pragma sparse encoding(p : (i) -> (i : compressed(padded)))
static double p[N];
#pragma sparse encoding(C : CSR)
static double C[N][M];
static double b[N], A[N][M], D[N][M];

static void show(const char *what) {
  double s = 0, t = 0, u = 0;
  int na = 0, nc = 0;
  for (int i = 0; i < N; i++) {
    s += a[i] * (i + 1);
    na += a[i] != 0;
  }
  for (int i = 0; i < N; i++) t += p[i] * (2 * i + 1);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      u += C[i][j] * (i + 3 * j + 1) + D[i][j];
      nc += C[i][j] != 0;
    }
  printf("%s %.17g %d %.17g %.17g %d\n", what, s, na, t, u, nc);
}

int main(void) {
  for (int i = 0; i < N; i++) b[i] = i % 4 == 1 ? 0.0 : 1.5 * i - 7;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      A[i][j] = (i + 2 * j) % 3 == 0 ? 0.25 * (i - j) - 4 : 0.0;
#pragma sparse encoding(b : (i) -> (i : dense))
  for (int i = 0; i < N; i++) a[i] = b[i];
  show("padded b");
#pragma sparse encoding(b : (i) -> (i : dense(unpadded)))
  for (int i = 0; i < N; i++) a[i] = -b[i];
  show("unpadded b");
#pragma sparse encoding(b : (i) -> (i : dense))
  for (int i = 0; i < N; i++) p[i] = b[i];
  show("padded p");
#pragma sparse encoding(A : (i, j) -> (i : dense, j : dense))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) C[i][j] = 4 + A[i][j];
  show("shift");
#pragma sparse encoding(A : (i, j) -> (i : dense, j : dense))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) C[i][j] += 0.5 * A[i][j];
  show("accumulate");
  /* D is dense outside the nest: this one stays as written */
#pragma sparse encoding(D : CSR, A : (i, j) -> (i : dense, j : dense))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) D[i][j] = 1 + A[i][j];
  show("dense outside");
  return 0;
}
