// SpMM with a dense left operand and B `(j : compressed, k : dense)`:
// with a SIMD backend the loop over i pairs its rows, the blocks of
// C[i][k] and C[i + 1][k] held in registers across one walk of B's
// stored rows (the same for every i), an odd last row alone. Column
// counts 0, 1, 3, 4, 5, 7, 8, 9, 11, 19 and 67 (around the 4 and 8 lanes,
// blocks of 32 and 64 and their masked rest), row counts 0, 1, 2, 3 and 5
// (no pair, one pair, a pair and the odd row), B with empty rows, all
// rows empty, and float. Each element must be the loop's bit for bit:
// the outputs print C's bits. A kernel whose rows write the same
// elements (C0[k], no i) keeps its rows one by one.
// EXPECT-SPARSIFIED: 3
// EXPECT-VECTORIZED: 3
// EXPECT-VECTOR-REPORT: loop i: rows paired: rows i and i + 1 at once
// EXPECT-VECTOR-REPORT: loop r: rows paired: rows r and r + 1 at once
// EXPECT-NOT-REPORT: loop t: rows paired
// EXPECT-VECTOR-REPORT: lanes of C0[k] held in registers across the entries
// EXPECT-ABSENT: C[i][k] += D[i][j] * B[j][k];
// EXPECT-ABSENT: Cf[r][k] += Df[r][j] * Bf[j][k];
// EXPECT-ABSENT: C0[k] += D[t][j] * B[j][k];
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define MI 5
#define MJ 9
#define MK 67

static double D[MI][MJ], B[MJ][MK], C[MI][MK], C0[MK];
static float Df[MI][MJ], Bf[MJ][MK], Cf[MI][MK];

static void spmm(int ni, int nk) {
#pragma sparse encoding(B : (j, k) -> (j : compressed, k : dense))
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < MJ; j++)
      for (int k = 0; k < nk; k++)
        C[i][k] += D[i][j] * B[j][k];
}

static void spmm_float(int ni, int nk) {
#pragma sparse encoding(Bf : (j, k) -> (j : compressed, k : dense))
  for (int r = 0; r < ni; r++)
    for (int j = 0; j < MJ; j++)
      for (int k = 0; k < nk; k++)
        Cf[r][k] += Df[r][j] * Bf[j][k];
}

static void spmm_one_row(int ni, int nk) {
#pragma sparse encoding(B : (j, k) -> (j : compressed, k : dense))
  for (int t = 0; t < ni; t++)
    for (int j = 0; j < MJ; j++)
      for (int k = 0; k < nk; k++)
        C0[k] += D[t][j] * B[j][k];
}

/* A digest of the bits of n doubles (or floats). */
static uint64_t bits(const void *p, size_t n, size_t size) {
  uint64_t h = 1469598103934665603u;
  const unsigned char *b = p;
  for (size_t i = 0; i < n * size; i++) h = (h ^ b[i]) * 1099511628211u;
  return h;
}

static void fill(int empty) {
  for (int j = 0; j < MJ; j++)
    for (int k = 0; k < MK; k++) {
      /* rows 1, 4 and 7 of B empty; all of them when `empty` */
      B[j][k] = empty || j % 3 == 1 ? 0.0 : (j + 1) * 0.3 - (k % 7) * 0.11;
      Bf[j][k] = (float)B[j][k];
    }
  for (int i = 0; i < MI; i++)
    for (int j = 0; j < MJ; j++) {
      D[i][j] = 0.7 + i * 0.13 - j * 0.29;
      Df[i][j] = (float)D[i][j];
    }
  for (int i = 0; i < MI; i++)
    for (int k = 0; k < MK; k++) {
      C[i][k] = 0.1 * (i + 1) + k * 0.01;
      Cf[i][k] = (float)C[i][k];
      C0[k] = -0.5 + k * 0.03;
    }
}

int main(void) {
  static const int nks[] = {0, 1, 3, 4, 5, 7, 8, 9, 11, 19, 67};
  static const int nis[] = {0, 1, 2, 3, 5};
  for (int empty = 0; empty < 2; empty++)
    for (size_t a = 0; a < sizeof nis / sizeof *nis; a++)
      for (size_t b = 0; b < sizeof nks / sizeof *nks; b++) {
        fill(empty);
        spmm(nis[a], nks[b]);
        spmm_float(nis[a], nks[b]);
        spmm_one_row(nis[a], nks[b]);
        printf("empty %d rows %d cols %d: %.17g %.9g %.17g bits %llx %llx "
               "%llx\n", empty, nis[a], nks[b], C[MI - 1][MK / 2],
               (double)Cf[0][1], C0[2],
               (unsigned long long)bits(C, (size_t)MI * MK, sizeof(double)),
               (unsigned long long)bits(Cf, (size_t)MI * MK, sizeof(float)),
               (unsigned long long)bits(C0, MK, sizeof(double)));
      }
  return 0;
}
