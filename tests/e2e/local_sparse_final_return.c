// A function whose array stored sparse is local and whose body ends in a
// return: each return frees the tensor before it leaves, so nothing may
// follow the last one (a free after it is unreachable, and gcc -O0 with
// AddressSanitizer then warns that control reaches the end of a non-void
// function, an error under -Werror). Also a block ending in a return inside
// a loop, and a void function ending in `return;`.
// EXPECT-SPARSIFIED: 3
// EXPECT-ABSENT: for (int j = 0; j < N; j++) s += L[i][j];
// OUT-CFLAGS: -O0 -fsanitize=address
#include <stdio.h>
#define N 50

static int work(int k) {
#pragma sparse encoding(L : CSR)
  double L[N][N] = {{0}};
  for (int i = 0; i < N; i++) L[i][(i * k) % N] = i + 1;
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) s += L[i][j];
  if (s < 0) return -1;
  return (int)s;
}

static double first_big(int k) {
  for (int r = 1; r < 4; r++) {
#pragma sparse encoding(B : CSR)
    double B[N][N] = {{0}};
    for (int i = 0; i < N; i += r) B[i][(i * k + r) % N] = r * 0.5;
    double t = 0;
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++) t += B[i][j];
    if (t > 10) return t;
  }
  return 0;
}

static double out;
static void fill(int k) {
#pragma sparse encoding(C : CSR)
  double C[N][N] = {{0}};
  for (int i = 0; i < N; i++) C[i][(i + k) % N] = 2.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) out += C[i][j] * j;
  return;
}

int main(void) {
  fill(3);
  printf("%d %d %g %g\n", work(3), work(7), first_big(5), out);
  return 0;
}
