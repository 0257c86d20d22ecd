// Guards that mix signed and unsigned operands compare as C says: `U - 3`
// with U unsigned is unsigned, so an absent U (0) gives a huge value and
// `U - 3 > 10` holds there (every position counts); the same guard on an
// unsigned char or unsigned short operand is computed in int (promotion),
// false on absent entries; and `U > lim` with a long long lim = -1 converts
// U to long long (true everywhere, also where U is absent).
// EXPECT-SPARSIFIED: 4
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) a += U(i,j) - 3 > 10 ? 1 : 0
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) b += C(i,j) - 3 > 10 ? 1 : 0
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) c += S(i,j) - 3 > 10 ? S(i,j) : 0
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) d += U(i,j) > lim ? 1 : 0
// EXPECT-ABSENT: if (C[i][j] - 3 > 10) b++;
// EXPECT-ABSENT: if (S[i][j] - 3 > 10) c += S[i][j];
#include <stdio.h>

#define N 50

#pragma sparse encoding(U : CSR)
static unsigned U[N][N];
#pragma sparse encoding(C : CSR)
static unsigned char C[N][N];
#pragma sparse encoding(S : CSR)
static unsigned short S[N][N];

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if ((i * 7 + j * 3) % 13 == 0) {
        U[i][j] = (unsigned)(i + j) % 20;
        C[i][j] = (unsigned char)((i * j) % 30);
        S[i][j] = (unsigned short)(65530 - i * j);
      }
  int a = 0, b = 0, d = 0;
  long c = 0;
  long long lim = -1;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (U[i][j] - 3 > 10) a++;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (C[i][j] - 3 > 10) b++;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (S[i][j] - 3 > 10) c += S[i][j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (U[i][j] > lim) d++;
  printf("%d %d %ld %d\n", a, b, c, d);
  return 0;
}
