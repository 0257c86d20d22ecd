// Members of an array of structs in kernels under a vector backend: each
// loop stays scalar, and the report's reason names the struct member for
// what it is instead of an index array's scatter or gather (which the
// vectorizer's reasons said before): a sum into one member for the whole
// loop (`stats[i].sum += A[i][j]`), a member updated at each entry
// (`node[j].deg += B[i][j]`), a member read as a factor (`A[i][j] *
// p[j].x`) and an element of a member array (`out[i].v[k] += ...`). An
// update through an index array keeps the scatter wording.
// EXPECT-SPARSIFIED: 5
// EXPECT-VECTOR-REPORT: not vectorized: stats[].sum: a member of an array of structs, the same element for the whole loop (every lane would update it; such a sum is not kept in a vector accumulator), scalar
// EXPECT-VECTOR-REPORT: not vectorized: node[].deg: a member of an array of structs, updated element by element (no vector store or scatter into a struct member), scalar
// EXPECT-VECTOR-REPORT: not vectorized: p[].x, a member of an array of structs, is read element by element (no vector load or gather of a struct member)
// EXPECT-VECTOR-REPORT: not vectorized: out[].v: a member of an array of structs, updated element by element (no vector store or scatter into a struct member), scalar
// EXPECT-VECTOR-REPORT: not vectorized: y: scatter through an index array: conflicts possible
// EXPECT-NOT-REPORT: stats[].sum: scatter through an index array
// EXPECT-NOT-REPORT: node[].deg: scatter through an index array
// EXPECT-NOT-REPORT: p is read at a computed position
// EXPECT-ABSENT: stats[i].sum += A[i][j];
// EXPECT-ABSENT: node[j].deg += B[i][j];
// EXPECT-ABSENT: w[i] += A[i][j] * p[j].x;
// EXPECT-ABSENT: out[i].v[k] += A[i][j] * 0.5;
// EXPECT-ABSENT: y[perm[j]] += A[i][j];
#include <stdio.h>

#define N 40
#define K 3

struct rowstat {
  double sum;
  int count;
};

typedef struct {
  int deg;
  double w;
} node_t;

struct pt {
  double x, y;
};

struct vec3 {
  double v[K];
};

#pragma sparse encoding(A : CSR)
static double A[N][N];
#pragma sparse encoding(B : CSR)
static int B[N][N];

int main(void) {
  static struct rowstat stats[N];
  static node_t node[N];
  static struct pt p[N];
  static struct vec3 out[N];
  static double w[N], y[N];
  static int perm[N];
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      if ((i * 7 + j * 3) % 5 == 0) {
        A[i][j] = 0.5 + (i + j) % 4;
        B[i][j] = 1 + (i * j) % 3;
      }
    p[i].x = 0.25 * (i % 7) - 0.5;
    perm[i] = (i * 13) % N;
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      stats[i].sum += A[i][j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      node[j].deg += B[i][j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      w[i] += A[i][j] * p[j].x;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < K; k++)
        out[i].v[k] += A[i][j] * 0.5;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      y[perm[j]] += A[i][j];
  for (int i = 0; i < N; i++)
    printf("%d %g %d %g %g %g %g\n", i, stats[i].sum, node[i].deg, w[i],
           out[i].v[0], out[i].v[2], y[i]);
  return 0;
}
