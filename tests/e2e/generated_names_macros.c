// SPEC §8: "Generated identifiers use a reserved prefix and never collide
// with the user's." The functions the output puts at its top for arrays
// stored sparse (inserts, lookups, updates, memset and memcpy of the
// array, a flat array with a shape) name their parameters and locals with
// the prefix, and the generic vector loops spell their attributes
// __vector_size__ and __unused__: the rewritten file is compiled with -D
// of each short name they used (OUT-CFLAGS, which the input compiled as it
// is does not get: it uses none of them), and the program defines the
// attribute names itself. The names sparsecc_rt.h itself uses (t, e, n,
// where, op, ...) are not among them: a -D of one of those breaks the
// header; nor are v, k, a, u and i, which break gcc's or clang's own
// <immintrin.h>.
// SPARSECC-ARGS: -Dc=1 -Dst=3 -Ddims=4 -Dmust=5 -Dwrite=6 -Dlin=7 -Dd=9 -Dbytes=11 -Desize=12 -Dtotal=13 -Dzero=14
// OUT-CFLAGS: -Dc=1 -Dst=3 -Ddims=4 -Dmust=5 -Dwrite=6 -Dlin=7 -Dd=9 -Dbytes=11 -Desize=12 -Dtotal=13 -Dzero=14
// EXPECT-SPARSIFIED: 3
// EXPECT-ABSENT: sc_tensor *t,
// EXPECT-ABSENT: vector_size(
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define vector_size 1
#define unused __attribute__((unused))

#define NR 12
#define NC 10

static double M[NR][NC];
static float F[NR][NC];

int main(void) {
#pragma sparse encoding(S : CSR)
  static double S[NR][NC];
#pragma sparse encoding(Q[NR][NC] : CSR)
  double *Q = malloc(sizeof(double) * NR * NC);
#pragma sparse encoding(G : CSR)
  static float G[NR][NC];
  if (!Q) return 1;
  memset(Q, 0, sizeof(double) * NR * NC);
  for (int row = 0; row < NR; row++) {
    M[row][(row * 3) % NC] = 1.5 + row;
    F[row][(row * 7) % NC] = 0.5f * (float)row;
  }
  memcpy(S, M, sizeof S);
  S[2][3] += 2.0;
  S[4][4] -= 0.0;
  S[5][1] *= 3.0;
  Q[3 * NC + 4] = 2.5;
  Q[5 * NC + 1] += 1.25;
  double sum = 0;
  for (int row = 0; row < NR; row++)
    for (int col = 0; col < NC; col++)
      sum += S[row][col] * (col + 1);
  memcpy(G, F, sizeof G);
  float fsum = 0;
  for (int row = 0; row < NR; row++)
    for (int col = 0; col < NC; col++)
      fsum += G[row][col] * 2.0f;
  double qsum = 0;
  for (int row = 0; row < NR; row++)
    for (int col = 0; col < NC; col++)
      qsum += Q[row * NC + col] * row;
  memset(S[3], 0, sizeof S[3]);
  double back[NR][NC];
  memcpy(back, S, sizeof back);
  printf("%.17g %.9g %.17g %.17g %.17g\n", sum, (double)fsum, qsum, back[2][3], S[3][0]);
  free(Q);
  return 0;
}
