// Adjacency matrices of bool (<stdbool.h>) and _Bool elements, stored as
// uint8_t values 0 and 1: a graph read from Matrix Market pattern text
// into an array stored sparse, element writes that C converts to 0 or 1
// (`= 2`, `+=`, `-=` which flips, `*=`, `++`, `--`), degree counts and
// reachability in kernels, a bool sparse output (`&&` of two matrices),
// a loop pragma over a dense _Bool array, and a function definition
// taking a bool parameter stored sparse.
// EXPECT-SPARSIFIED: 7
// EXPECT-ABSENT: if (adj[i][j]) deg[i]++;
// EXPECT-ABSENT: reach[i] = reach[i] || (adj[i][j] && front[j]);
// EXPECT-ABSENT: both[i][j] = adj[i][j] && sym[i][j];
// EXPECT-ABSENT: if (sym[i][j]) sdeg[j]++;
// EXPECT-ABSENT: c += G[i][j] * (i + 1);
// EXPECT-ABSENT: ub += U[i][j] + U[i][j];
// EXPECT-ABSENT: nboth += both[i][j];
// EXPECT-REPORT: 'adj' stored as a sparse tensor (CSR)
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) deg(i) += adj(i,j) ? 1 : 0
// EXPECT-NOT-REPORT: is not supported
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#define N 12

#pragma sparse encoding(adj : CSR)
static bool adj[N][N];
#pragma sparse encoding(sym : DCSR)
static _Bool sym[N][N];
#pragma sparse encoding(both : CSR)
static bool both[N][N];

/* a pattern graph as a file holds it (1-based, symmetric) */
static const char *const graph =
    "%%MatrixMarket matrix coordinate pattern symmetric\n"
    "% a ring with chords\n"
    "12 12 15\n"
    "2 1\n3 2\n4 3\n5 4\n6 5\n7 6\n8 7\n9 8\n10 9\n11 10\n12 11\n"
    "7 1\n10 4\n12 6\n9 3\n";

static int read_pattern(const char *text) {
  const char *p = strchr(text, '\n');
  while (p && p[1] == '%') p = strchr(p + 1, '\n');
  int m, n, nz, used;
  if (!p || sscanf(p + 1, "%d %d %d%n", &m, &n, &nz, &used) != 3 || m != N || n != N)
    return -1;
  p += 1 + used;
  for (int e = 0; e < nz; e++) {
    int r, c;
    if (sscanf(p, "%d %d%n", &r, &c, &used) != 2) return -1;
    p += used;
    adj[r - 1][c - 1] = true;
    adj[c - 1][r - 1] = 1;
  }
  return nz;
}

#pragma sparse encoding(G : CSR)
static int weight(bool G[N][N]) {
  int c = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      c += G[i][j] * (i + 1);
  return c;
}

int main(void) {
  if (read_pattern(graph) < 0) return 1;
  /* stores C converts: 2 is true, += saturates, -= and -- flip */
  for (int i = 0; i < N; i++) {
    sym[i][(i * 5 + 2) % N] = 2;
    sym[i][(i * 7 + 1) % N] += 3;
    sym[i][(i * 5 + 2) % N] -= 1;
    sym[i][(i + 3) % N]++;
    sym[i][(i + 3) % N]++;
    if (i % 3 == 0) sym[i][(i + 4) % N]--;
    if (i % 4 == 1) sym[i][(i + 3) % N] *= 2; /* 1 * 2 stays true */
    if (i % 4 == 2) sym[i][(i + 3) % N] *= 0.25; /* 0.25 is true too */
  }
  int deg[N] = {0};
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (adj[i][j]) deg[i]++;

  bool reach[N] = {0}, front[N] = {0};
  front[0] = true;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      reach[i] = reach[i] || (adj[i][j] && front[j]);

  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      both[i][j] = adj[i][j] && sym[i][j];

  int sdeg[N] = {0};
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (sym[i][j]) sdeg[j]++;

  _Bool U[N][N] = {{0}};
  for (int i = 0; i < N; i++) U[i][(i * 3) % N] = i % 2;
  int ub = 0;
#pragma sparse encoding(U : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      ub += U[i][j] + U[i][j];

  int nboth = 0, nsym = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      nboth += both[i][j];
      nsym += sym[i][j] == 1;
    }
  for (int i = 0; i < N; i++)
    printf("%d deg %d sdeg %d reach %d\n", i, deg[i], sdeg[i], (int)reach[i]);
  printf("both %d sym %d ub %d weight %d %d\n", nboth, nsym, ub, weight(adj), weight(sym));
  printf("sym %d %d %d\n", (int)sym[0][2], (int)sym[3][7], (int)sym[1][7]);
  return 0;
}
