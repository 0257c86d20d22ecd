/* fixed_row_bfs.c — graph and row loops over a fixed row, as legacy dense
 * C with a pragma on the adjacency matrix's declaration: breadth-first
 * search (the neighbour loop of the vertex taken from the queue, with an
 * append `queue[tail++] = v`) from 5 sources, and row_dot(r) called for
 * every row, 5 times. N = 4000 vertices, about 16 stored entries a row.
 *
 *   sparsecc bench/fixed_row_bfs.c -o fixed_row_bfs_sparse.c
 *   cc -O2 fixed_row_bfs_sparse.c $(sparsecc --cflags) $(sparsecc --libs) -lm
 *
 * Compiled as it is, it is the dense reference. Prints a checksum (equal
 * in both builds) and, on stderr, the two times. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <time.h>
#define N 4000
#pragma sparse encoding(G : CSR)
static double G[N][N];
static int seen[N], queue[N], dist[N];
static double x[N];
static double row_dot(int r) {
  double s = 0;
  for (int j = 0; j < N; j++) s += G[r][j] * x[j];
  return s;
}
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(void) {
  unsigned s = 1;
  for (int i = 0; i < N; i++) {
    x[i] = 1 + i % 7;
    for (int e = 0; e < 8; e++) { s = s * 1103515245u + 12345u; int j = (int)((s >> 8) % N); G[i][j] = 1 + e; G[j][i] = 1 + e; }
  }
  double t0 = now();
  long reach = 0;
  for (int rep = 0; rep < 5; rep++) {
    int head = 0, tail = 0;
    for (int i = 0; i < N; i++) { seen[i] = 0; dist[i] = -1; }
    queue[tail++] = rep; seen[rep] = 1; dist[rep] = 0;
    while (head < tail) {
      int u = queue[head++];
      for (int v = 0; v < N; v++)
        if (G[u][v] != 0 && !seen[v]) { seen[v] = 1; dist[v] = dist[u] + 1; queue[tail++] = v; }
    }
    reach += tail;
  }
  double t1 = now();
  double tot = 0;
  for (int rep = 0; rep < 5; rep++)
    for (int i = 0; i < N; i++) tot += row_dot(i);
  double t2 = now();
  printf("%ld %g %d\n", reach, tot, dist[N - 1]);
  fprintf(stderr, "bfs x5 %.4f s, row_dot x5 %.4f s\n", t1 - t0, t2 - t1);
  return 0;
}
