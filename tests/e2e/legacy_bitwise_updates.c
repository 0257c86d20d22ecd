// Compound bitwise updates on integer elements, in kernels and as element
// writes outside them. In a kernel, `a[i] &= A[i][j]` is `a[i] = a[i] &
// A[i][j]` (an absent entry clears a[i], so every j is visited), a guarded
// `&=` walks the stored entries only, `<<=` by a value read from A visits
// every j, `F[i][j] &= mask` updates the entries of F in place (a result
// of 0 reads as 0), `M[i][j] &= A[i][j]` into M stored sparse and `D[i][j]
// >>= ...` over a dense D under a loop pragma are kernels too; `|=` and
// `^=` reductions stay kernels. Outside kernels,
// `|=`, `^=` and `&=` on an element of an array stored sparse are buffered
// updates like `+=` (an absent entry is 0: 0 | v and 0 ^ v are v, 0 & v
// is 0), also with the value used (`used = (F[0][0] |= 3)`).
// EXPECT-SPARSIFIED: 9
// EXPECT-ABSENT: a[i] &= A[i][j];
// EXPECT-ABSENT: if (A[i][j] != 0) b[i] &= A[i][j] | 0x30u;
// EXPECT-ABSENT: sh[i] <<= A[i][j] & 1u;
// EXPECT-ABSENT: F[i][j] &= 0x1f3;
// EXPECT-ABSENT: flags[i] |= A[i][j];
// EXPECT-ABSENT: M[i][j] &= A[i][j];
// EXPECT-ABSENT: D[i][j] >>= A[i][j] & 1u;
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) a(i) = a(i) & A(i,j)
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) F(i,j) = F(i,j) & 0x1f3
// EXPECT-REPORT: 'F' stored as a sparse tensor (CSR)
// EXPECT-REPORT: 'G' stored as a sparse tensor (DCSR)
// EXPECT-NOT-REPORT: keeps its dense storage
#include <stdio.h>

#define N 10

#pragma sparse encoding(A : CSR)
static unsigned A[N][N];
#pragma sparse encoding(F : CSR)
static unsigned short F[N][N];
#pragma sparse encoding(G : DCSR)
static int G[N][N];
#pragma sparse encoding(M : CSR)
static unsigned M[N][N];
static unsigned D[N][N];

int main(void) {
  unsigned flags[N] = {0}, m[N] = {0}, a[N], sh[N], b[N];
  for (int i = 0; i < N; i++) {
    A[i][(i * 3 + 1) % N] = 1u << i;
    A[i][(i + 5) % N] = 3;
    if (i % 4) A[i][i] = 5u + i;
    a[i] = ~0u;
    sh[i] = 1u + i;
    b[i] = 0xff0u;
  }
  /* element updates outside kernels: buffered */
  int k = 0;
  for (int i = 0; i < N; i++) {
    F[i][(i * 3 + 1) % N] |= (unsigned short)(1u << (i % 5));
    F[i][(i * 3 + 1) % N] |= 0x100;
    F[i][(i + 4) % N] ^= 0x7;
    F[i][(i + 4) % N] ^= (i % 2) ? 0x7 : 0x1;
    F[(i + 1) % N][i] &= 0xff;
    G[i][(i * 7) % N] = i + 1;
    G[i][(i * 7) % N] &= 6;
    G[i][(i + 2) % N] |= -8 + i;
    G[i][(i + 2) % N] ^= ((long)(i + 1) << 33) | 5; /* a long: its low bits count */
    k += F[i][(i * 3 + 1) % N] | 1;
    M[i][(i * 3 + 1) % N] = 12u;
    M[i][i] = 5;
    D[i][(i + 5) % N] = 6;
    D[i][i] = 9;
  }
  int used = (F[0][0] |= 3);

  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      flags[i] |= A[i][j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      m[i] ^= A[i][j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      a[i] &= A[i][j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (A[i][j] != 0) b[i] &= A[i][j] | 0x30u;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      sh[i] <<= A[i][j] & 1u;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      F[i][j] &= 0x1f3;

  /* a sparse output updated from its own entries: the intersection */
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      M[i][j] &= A[i][j];
#pragma sparse encoding(D : DCSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      D[i][j] >>= A[i][j] & 1u;

  long s = 0;
  int nz = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      s = s * 7 + F[i][j] + 3 * G[i][j] + 5 * M[i][j] + 11 * D[i][j];
      nz += F[i][j] != 0;
    }
  for (int i = 0; i < N; i++)
    printf("%u %u %u %u %u\n", flags[i], m[i], a[i], b[i], sh[i]);
  printf("%ld %d %d %d\n", s, nz, k, used);
  return 0;
}
