// Legacy flag tables: bitwise operators (&, |, ^, <<, >>) on integer
// elements inside kernels. `A & mask` and `A >> k` are zero where A is
// absent (the loop walks A's stored entries only); `A | 1` and `A ^ B`
// are not, so those loops visit every position (or the union of A and
// B); a bitwise result stored into a sparse output is filtered (4 & 3 is
// 0); a shift count read from a dense array and comparisons of masked
// values keep C's precedence in the output (which -Wparentheses checks),
// and a bitwise condition of a ternary its parentheses (clang's
// -Wbitwise-conditional-parentheses).
// EXPECT-SPARSIFIED: 9
// EXPECT-ABSENT: if (perm[u][r] & WRITE)
// EXPECT-ABSENT: bits += (v & READ) + ((v & WRITE) >> 1)
// EXPECT-ABSENT: odd += (perm[u][r] | 1u) ^ (u & 3u);
// EXPECT-ABSENT: C[u][r] = perm[u][r] & mask[u][r];
// EXPECT-ABSENT: x += perm[u][r] ^ mask[u][r];
// EXPECT-ABSENT: sh += (long)(delta[u][r] >> 1) + (long)(perm[u][r] << (k[r] + 1));
// EXPECT-ABSENT: low += (perm[u][r] & 0xfu) == 3u || (mask[u][r] & (perm[u][r] | 2u)) != 0;
// EXPECT-REPORT: perm(u,r) & WRITE
// EXPECT-ABSENT: sel += (perm[u][r] & EXEC) ? 3 : ((mask[u][r] >> 1) ? 1 : 0);
#include <stdio.h>

#define NU 60
#define NR 90
#define READ 1u
#define WRITE 2u
#define EXEC 4u
#define ADMIN 8u

static unsigned ss = 5150u;
static unsigned rn(void) {
  ss = ss * 1664525u + 1013904223u;
  return ss >> 12;
}

#pragma sparse encoding(perm : CSR)
static unsigned perm[NU][NR];
#pragma sparse encoding(mask : CSR)
static unsigned mask[NU][NR];
#pragma sparse encoding(C : CSR)
static unsigned C[NU][NR];
#pragma sparse encoding(delta : DCSR)
static int delta[NU][NR];
static int k[NR];

int main(void) {
  for (int u = 0; u < NU; u++)
    for (int r = 0; r < NR; r++) {
      if (rn() % 8 == 0) perm[u][r] = 1u + rn() % 15u;
      if (rn() % 6 == 0) mask[u][r] = rn() % 16u;
      if (rn() % 7 == 0) delta[u][r] = (int)(rn() % 41) - 20;
    }
  for (int r = 0; r < NR; r++) k[r] = (int)(rn() % 4);

  int writers = 0;
  for (int u = 0; u < NU; u++)
    for (int r = 0; r < NR; r++)
      if (perm[u][r] & WRITE) writers++;

  unsigned long bits = 0;
  for (int u = 0; u < NU; u++)
    for (int r = 0; r < NR; r++) {
      unsigned v = perm[u][r];
      bits += (v & READ) + ((v & WRITE) >> 1) + ((v & EXEC) >> 2) + ((v & ADMIN) >> 3);
    }

  /* not zero where perm is absent: every position counts */
  unsigned long odd = 0;
  for (int u = 0; u < NU; u++)
    for (int r = 0; r < NR; r++)
      odd += (perm[u][r] | 1u) ^ (u & 3u);

  /* the common flags: 4 & 3 is 0 and is not stored */
  for (int u = 0; u < NU; u++)
    for (int r = 0; r < NR; r++)
      C[u][r] = perm[u][r] & mask[u][r];

  unsigned long x = 0;
  for (int u = 0; u < NU; u++)
    for (int r = 0; r < NR; r++)
      x += perm[u][r] ^ mask[u][r];

  long sh = 0;
  for (int u = 0; u < NU; u++)
    for (int r = 0; r < NR; r++)
      sh += (long)(delta[u][r] >> 1) + (long)(perm[u][r] << (k[r] + 1));

  int low = 0;
  for (int u = 0; u < NU; u++)
    for (int r = 0; r < NR; r++)
      low += (perm[u][r] & 0xfu) == 3u || (mask[u][r] & (perm[u][r] | 2u)) != 0;

  int sel = 0;
  for (int u = 0; u < NU; u++)
    for (int r = 0; r < NR; r++)
      sel += (perm[u][r] & EXEC) ? 3 : ((mask[u][r] >> 1) ? 1 : 0);

  int stored = 0;
  unsigned long csum = 0;
  for (int u = 0; u < NU; u++)
    for (int r = 0; r < NR; r++) {
      csum += C[u][r] * (unsigned)(r + 1);
      stored += C[u][r] != 0;
    }
  printf("writers %d bits %lu odd %lu x %lu\n", writers, bits, odd, x);
  printf("shifts %ld low %d sel %d common %lu in %d entries\n", sh, low, sel, csum, stored);
  return 0;
}
