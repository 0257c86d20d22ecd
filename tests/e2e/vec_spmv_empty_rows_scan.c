// SpMV over a hypersparse matrix whose rows also read an unordered sparse
// vector b (b[i], located in each row by a linear scan, whose `break`
// stays in the scan's own loop): in the scalar output's loops that a
// fixed-lane backend runs on short rows, the row loop skips runs of empty
// rows 16 at a time as it does without b, each skipped row running its
// statements (the scan, `s = b[i]`, `y[i] = s`) without its walk.
// Rows empty at the start and the end, runs of 1 to 40 empty rows (C's
// the other way round); b stored at every 7th row (inside and outside the
// runs); an `=` output through a local sum and a `-=` / `+=` one.
// Values are multiples of 1/16 and x of 1/4: every association prints the
// same.
// EXPECT-SPARSIFIED: 2
// EXPECT-VECTOR-REPORT: loop i: short rows: the scalar output's loops skip empty rows of A
// EXPECT-VECTOR-REPORT: loop i: short rows: the scalar output's loops skip empty rows of C
// EXPECT-REPORT: loop i: dense (locate b)
// EXPECT-NOT-REPORT: unaccounted
// EXPECT-ABSENT: s += A[i][j] * x[j];
// EXPECT-ABSENT: z[i] += C[i][j] * x[j];
#include <stdio.h>

#define N 640
#define M 29

static double A[N][M], C[N][M], x[M], y[N], z[N], b[N];

int main(void) {
  int i = 17, run = 1;
  while (run <= 40 && i + 2 + run <= N) {
    for (int c = 0; c < 1 + i % 3; c++)
      A[i][(i + 4 * c) % M] = C[N - 1 - i][(i + 6 * c) % M] =
          (double)((i * 5 + c * 3) % 23 - 11) / 16.0;
    i += 1 + run++;
  }
  for (int j = 0; j < M; j++) x[j] = (double)(j % 7 - 3) / 4.0;
  for (int r = 0; r < N; r++) {
    b[r] = r % 7 ? 0.0 : (double)(r % 5 + 1) / 16.0;
    y[r] = -1.0;
    z[r] = (double)(r % 3) / 2.0;
  }

#pragma sparse encoding(A : CSR)
#pragma sparse encoding(b : (i) -> (i : compressed(nonordered)))
  for (int i = 0; i < N; i++) {
    double s = b[i];
    for (int j = 0; j < M; j++)
      s += A[i][j] * x[j];
    y[i] = s;
  }

#pragma sparse encoding(C : CSR)
#pragma sparse encoding(b : (i) -> (i : compressed(nonordered)))
  for (int i = 0; i < N; i++) {
    z[i] -= b[i];
    for (int j = 0; j < M; j++)
      z[i] += C[i][j] * x[j];
  }

  double sy = 0.0, sz = 0.0;
  for (int r = 0; r < N; r++) {
    sy += y[r] * (double)(r % 11 + 1);
    sz += z[r] * (double)(r % 13 + 1);
  }
  printf("y: %.17g\nz: %.17g\n", sy, sz);
  for (int r = 0; r < N; r += 37) printf("%d %.17g %.17g\n", r, y[r], z[r]);
  return 0;
}
