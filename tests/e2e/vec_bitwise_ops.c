// Bitwise operators inside integer loops through the vectorizer: `&`, `|`
// and `^` of values that vary in the loop (a mask of the low bits, flags
// tested with `&`, a hash mixing two arrays, a popcount-like count of odd
// entries) computed lane by lane in int and 64-bit int lanes, with every
// backend. Before, those loops stayed scalar with "not vectorized: an
// operation on values that vary in the loop"; a shift still does, and its
// report line now names it. Rows of 0 to 300 entries (0, 1, vl - 1, vl,
// vl + 1, 2 vl + 3 for 4, 8 and 16 lanes), negative values (the sign bits
// are kept), results printed exactly.
// EXPECT-SPARSIFIED: 5
// EXPECT-VECTORIZED: 5
// EXPECT-VECTOR-REPORT: , int, vl
// EXPECT-VECTOR-REPORT: , 64-bit int, vl
// EXPECT-VECTOR-REPORT: reduction into lo8[i] (sum)
// EXPECT-VECTOR-REPORT: reduction into mix[i] (xor)
// EXPECT-VECTOR-REPORT: compares and selects, reduction into odd[i] (sum)
// EXPECT-VECTOR-REPORT: reduction into lm[i] (or)
// EXPECT-VECTOR-REPORT: not vectorized: a shift (>>) of values that vary in the loop (no vector shift)
// EXPECT-NOT-REPORT: an operation on values that vary in the loop
#include <stdio.h>

#define N 52
#define M 311

static const int lens[] = {0, 1, 3, 4, 5, 7, 8, 9, 11, 15, 16, 17, 19, 31,
                           32, 33, 35, 67, 130, 200, 250, 0, 2, 64, 65, 300};
#define NL ((int)(sizeof lens / sizeof lens[0]))

/* row i holds exactly lens[i % NL] entries (the columns j whose
 * (7 j + 13 i) mod M falls below it) */
static int stored(int i, int j) { return (j * 7 + i * 13) % M < lens[i % NL]; }

static int A[N][M], B[M], lo8[N], mix[N], odd[N], hs[N];
static long L[N][M], LB[M], lm[N], lx[N];

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if (stored(i, j)) {
        A[i][j] = ((i * 31 + j * 17) % 4001) - 2000;
        L[i][j] = ((long)((i * 7 + j * 3) % 901) - 450) * 2147483659L;
      }
  for (int j = 0; j < M; j++) {
    B[j] = (j * 2654435761u) >> 7;
    LB[j] = (long)j * 0x1000000011L - 12345;
  }
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++) {
    lo8[i] = 0;
    mix[i] = 0;
    for (int j = 0; j < M; j++)
      lo8[i] += A[i][j] & 0xff;
    for (int j = 0; j < M; j++)
      mix[i] ^= (A[i][j] & B[j]) | (A[i][j] & 0x3c);
  }
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++) {
    odd[i] = 0;
    for (int j = 0; j < M; j++)
      if (A[i][j] & 1) odd[i] += 1;
  }
  int total = 0;
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      total += (A[i][j] ^ 0x155) & A[i][j] & B[j];
#pragma sparse encoding(L : CSR)
  for (int i = 0; i < N; i++) {
    lm[i] = 0;
    for (int j = 0; j < M; j++)
      lm[i] |= L[i][j] & LB[j];
  }
#pragma sparse encoding(L : CSR)
  for (int i = 0; i < N; i++) {
    lx[i] = 0;
    for (int j = 0; j < M; j++)
      lx[i] ^= L[i][j] >> 3;
  }
  for (int i = 0; i < N; i++) hs[i] = lo8[i] ^ mix[i];
  printf("%d\n", total);
  for (int i = 0; i < N; i++)
    printf("%d %d %d %d %d %ld %ld\n", i, lo8[i], mix[i], odd[i], hs[i], lm[i],
           lx[i]);
  return 0;
}
