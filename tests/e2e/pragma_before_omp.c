// A sparse pragma followed by another tool's pragma (`#pragma omp parallel
// for`, common in legacy code): the sparse pragma still applies to the
// loop, and the report says the other pragma line is gone with the loop.
// EXPECT-SPARSIFIED: 1
// EXPECT-REPORT: note: '#pragma omp parallel for' dropped
// EXPECT-ABSENT: for (size_t j = 0; j < N; j++) s += A[i][j] * x[j];
#include <stddef.h>
#include <stdio.h>
#define N 64
static float A[N][N];
static float x[N], y[N];
int main(void) {
  for (size_t i = 0; i < N; i++) {
    A[i][(i * 5) % N] = (float)i + 0.5f;
    A[i][i] = 1.0f;
    x[i] = (float)(i % 3);
  }
#pragma sparse encoding(A : CSR)
#pragma omp parallel for
  for (size_t i = 0; i < N; i++) {
    float s = 0.0f;
    for (size_t j = 0; j < N; j++) s += A[i][j] * x[j];
    y[i] = s;
  }
  for (int i = 0; i < N; i++) printf("%g%c", y[i], i + 1 < N ? ' ' : '\n');
  return 0;
}
