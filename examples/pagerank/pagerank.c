/* pagerank.c — PageRank over the graph of a Matrix Market file (entry
 * (i, j) is a link from page j to page i), written as dense legacy C: the
 * link matrix is a flat malloc'd block G[i * n + j] of 0/1. The one
 * `#pragma sparse` line below makes sparsecc store it as a sparse tensor:
 * the reader's writes become inserts, the out-degree count and the rank
 * iterations walk only the links.
 *
 *   cc -O2 pagerank.c -lm && ./a.out graph.mtx [iterations]
 * prints the convergence history and the ten best-ranked pages. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s graph.mtx [iterations]\n", argv[0]);
    return 2;
  }
  int maxit = argc > 2 ? atoi(argv[2]) : 100;
  const double d = 0.85;
  FILE *f = fopen(argv[1], "r");
  if (!f) {
    perror(argv[1]);
    return 1;
  }
  char line[1024];
  int symmetric = 0, pattern = 0;
  if (!fgets(line, sizeof line, f)) return 1;
  if (strstr(line, "symmetric")) symmetric = 1;
  if (strstr(line, "pattern")) pattern = 1;
  while (fgets(line, sizeof line, f) && line[0] == '%')
    ;
  int n, m, nnz;
  if (sscanf(line, "%d %d %d", &n, &m, &nnz) != 3 || n != m) {
    fprintf(stderr, "%s: not a square coordinate matrix\n", argv[1]);
    return 1;
  }

#pragma sparse encoding(G[n][n] : CSR)
  double *G = calloc((size_t)n * n, sizeof *G);
  double *deg = calloc(n, sizeof *deg), *rank = malloc(n * sizeof *rank);
  double *w = malloc(n * sizeof *w), *next = malloc(n * sizeof *next);
  if (!G || !deg || !rank || !w || !next) {
    fprintf(stderr, "out of memory\n");
    return 1;
  }
  for (int k = 0; k < nnz; k++) {
    int i, j;
    double v;
    if (fscanf(f, "%d %d", &i, &j) != 2 || (!pattern && fscanf(f, "%lf", &v) != 1)) {
      fprintf(stderr, "%s: bad entry %d\n", argv[1], k + 1);
      return 1;
    }
    i--, j--;
    if (i == j) continue; /* no self links */
    G[i * n + j] = 1.0;
    if (symmetric) G[j * n + i] = 1.0;
  }
  fclose(f);

  /* out-degree of each page */
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      deg[j] += G[i * n + j];
  for (int i = 0; i < n; i++) rank[i] = 1.0 / n;
  int it;
  double delta = 1.0;
  for (it = 0; it < maxit && delta > 1e-12; it++) {
    double dangling = 0.0;
    for (int j = 0; j < n; j++) {
      w[j] = deg[j] > 0 ? rank[j] / deg[j] : 0.0;
      if (deg[j] == 0) dangling += rank[j];
    }
    for (int i = 0; i < n; i++) {
      double s = 0.0;
      for (int j = 0; j < n; j++)
        s += G[i * n + j] * w[j];
      next[i] = s;
    }
    delta = 0.0;
    for (int i = 0; i < n; i++) {
      double v = (1.0 - d) / n + d * (next[i] + dangling / n);
      delta += fabs(v - rank[i]);
      rank[i] = v;
    }
    if (it % 10 == 0) printf("iteration %d: change %.6e\n", it, delta);
  }
  printf("n = %d, %d iterations, last change %.6e\n", n, it, delta);
  for (int t = 0; t < 10 && t < n; t++) {
    int best = 0;
    for (int i = 1; i < n; i++)
      if (rank[i] > rank[best]) best = i;
    printf("%2d. page %d: %.10f\n", t + 1, best + 1, rank[best]);
    rank[best] = -1.0;
  }
  free(G);
  free(deg), free(rank), free(w), free(next);
  return 0;
}
