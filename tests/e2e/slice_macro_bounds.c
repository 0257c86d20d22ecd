// Slice values written with macros, const variables and integer
// arithmetic (SPEC §3 slices, both spellings): `slice(0, N / 2, 1)`,
// `slice(H, H, 1)` with `static const int H`, `#sparse_tensor<slice(2,
// (10 - 2) / 2 * 2, 1)>` in a named format. Literal arithmetic is folded
// and checked against what the accesses read (a folded size too small is
// refused with its reason); a value naming a macro or a variable is
// dynamic, as '?': the accesses supply it, the loops read what the dense
// program reads.
// EXPECT-SPARSIFIED: 3
// EXPECT-ABSENT: y[i] += A[i][j] * x[j];
// EXPECT-ABSENT: z[i] += A[i + H][j] * x[j];
// EXPECT-ABSENT: w[i] += 2.0 * A[i][j + 2];
// EXPECT-REPORT: walked as a slice view: A[i][j] of slice(0, ?, 1), slice(0, ?, 1)
// EXPECT-REPORT: slice(2, 8, 1)
// EXPECT-WARNING: does not match slice(0, 4, 1) of 'A' (it reads up to coordinate 5)
#include <stdio.h>

#define N 12
#define M 10

static double A[N][M], x[M], y[N], z[N], w[N], v[N];
static const int H = N / 2;

#pragma sparse format MID = { map = (i : #sparse_tensor<slice(0, ?, 1)>, \
    j : #sparse_tensor<slice(2, (10 - 2) / 2 * 2, 1)>) -> (i : dense, j : compressed) }

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      A[i][j] = (i + 2 * j) % 3 == 0 ? i - j + 0.5 : 0.0;
  for (int j = 0; j < M; j++) A[7][j] = 0.0; /* an empty row */
  for (int j = 0; j < M; j++) x[j] = j + 1;

#pragma sparse encoding(A : (i : slice(0, N / 2, 1), j : slice(0, M, 1)) -> (i : dense, j : compressed))
  for (int i = 0; i < N / 2; i++)
    for (int j = 0; j < M; j++)
      y[i] += A[i][j] * x[j];

#pragma sparse encoding(A : (i : slice(H, H, 1), j : slice(0, ?, 1)) -> (i : dense, j : compressed))
  for (int i = 0; i < H; i++)
    for (int j = 0; j < M; j++)
      z[i] += A[i + H][j] * x[j];

#pragma sparse encoding(A : MID)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M - 2; j++)
      w[i] += 2.0 * A[i][j + 2];

  /* folded to slice(0, 4, 1): the loop reads rows 0 to 5, refused */
#pragma sparse encoding(A : (i : slice(0, 8 / 2, 1), j : slice(0, ?, 1)) -> (i : dense, j : compressed))
  for (int i = 0; i < 6; i++)
    for (int j = 0; j < M; j++)
      v[i] += A[i][j];

  for (int i = 0; i < N; i++) printf("%g %g %g %g\n", y[i], z[i], w[i], v[i]);
  return 0;
}
