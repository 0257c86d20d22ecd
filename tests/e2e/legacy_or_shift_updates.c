// Updates that leave their target as it is where the sparse element is
// absent, written as legacy code writes them: `r[i] = r[i] || (adj[i][j]
// && f[j])` on a bool output is the OR reduction `r[i] |= (... != 0)`
// (also with the element on the left, `e || r[i]`), and `flags[i] <<=
// deg[i][j]` / `g[i] = g[i] >> deg[i][j]` shift by 0 where deg is absent.
// Each walks the stored entries only. An int output of `||` stays a visit
// of every position (`||` turns a 2 into 1 wherever the loops pass), and
// so does a `||` whose other operand may trap where `||` would not
// evaluate it (an integer division).
// EXPECT-SPARSIFIED: 6
// EXPECT-ABSENT: r[i] = r[i] || (adj[i][j] && f[j]);
// EXPECT-ABSENT: any[i] = (adj[i][j] && w[j] > 0.5) || any[i];
// EXPECT-ABSENT: flags[i] <<= deg[i][j];
// EXPECT-ABSENT: g[i] = g[i] >> deg[i][j];
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) r(i) |= (adj(i,j) && f(j)) != 0
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) flags(i) = deg(i,j) ? flags(i) << deg(i,j) : flags(i)
// EXPECT-REPORT: every j visited ('cnt[i] = cnt[i] || adj[i][j]' has an effect where adj is absent)
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) r(i) = r(i) || (adj(i,j) && 6 / q(j) > 2)
#include <stdbool.h>
#include <stdio.h>

#define N 60

#pragma sparse encoding(adj : CSR)
static bool adj[N][N];
#pragma sparse encoding(deg : CSR)
static int deg[N][N];

int main(void) {
  static bool r[N], any[N], f[N];
  static double w[N];
  static int cnt[N], q[N];
  static unsigned flags[N], g[N];
  for (int i = 0; i < N; i++) {
    adj[i][(i * 7 + 1) % N] = true;
    if (i % 3 == 0) adj[i][(i + 5) % N] = true;
    if (i % 4 == 1) deg[i][(i * 3) % N] = 1 + i % 3;
    if (i % 5 == 2) deg[i][(i + 11) % N] = 2;
    f[i] = i % 4 == 0;
    w[i] = (i % 10) * 0.1;
    r[i] = i % 9 == 0;
    any[i] = false;
    cnt[i] = i % 7 == 0 ? 2 : 0;
    q[i] = 1 + i % 3;
    flags[i] = 1u + (unsigned)(i % 5);
    g[i] = 0xF000u + (unsigned)i;
  }

  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      r[i] = r[i] || (adj[i][j] && f[j]);

  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      any[i] = (adj[i][j] && w[j] > 0.5) || any[i];

  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      flags[i] <<= deg[i][j];

  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      g[i] = g[i] >> deg[i][j];

  /* an int target: 2 becomes 1 at every position, absent or not */
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      cnt[i] = cnt[i] || adj[i][j];

  /* the division is evaluated only where r[i] is still false */
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      r[i] = r[i] || (adj[i][j] && 6 / q[j] > 2);

  int nr = 0, na = 0, nc = 0;
  unsigned long sf = 0, sg = 0;
  for (int i = 0; i < N; i++) {
    nr += r[i] * (i + 1);
    na += any[i] * (i + 1);
    nc += cnt[i] * (i + 1);
    sf += flags[i] * (unsigned long)(i + 1);
    sg += g[i] * (unsigned long)(i + 1);
  }
  printf("%d %d %d %lu %lu\n", nr, na, nc, sf, sg);
  return 0;
}
