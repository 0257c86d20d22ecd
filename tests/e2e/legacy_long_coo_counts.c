// EXPECT-SPARSIFIED: 4
// EXPECT-ABSENT: for (c = 0; c < NC; c++) rowt[r] += cnt[r][c];
// EXPECT-ABSENT: for (c = 0; c < NC; c++) colt[c] += cnt[r][c];
// EXPECT-ABSENT: for (c = 0; c < NC; c++) grand += cnt[r][c];
// EXPECT-REPORT: kernel sparsified: forall(r) { rowt(r) = 0; forall(c) rowt(r) += cnt(r,c) }
// EXPECT-REPORT: kernel sparsified: forall(r) forall(c) colt(c) += cnt(r,c)
// EXPECT-STDERR-EMPTY
/* Event counts (long) in COO: row totals, column totals, weighted sums. */
#include <stdio.h>
#define NR 20
#define NC 25

#pragma sparse encoding(cnt : COO)
long cnt[NR][NC];

int main(void) {
  long rowt[NR], colt[NC], grand = 0, weighted = 0;
  unsigned r, c;
  for (r = 0; r < NR; r++)
    for (c = 0; c < NC; c++)
      if ((r * 3 + c) % 8 == 1) cnt[r][c] = 1000000000L * (long)(r % 3 + 1) + c;
  for (r = 0; r < NR; r++) {
    rowt[r] = 0;
    for (c = 0; c < NC; c++) rowt[r] += cnt[r][c];
  }
  for (c = 0; c < NC; c++) colt[c] = 0;
  for (r = 0; r < NR; r++)
    for (c = 0; c < NC; c++) colt[c] += cnt[r][c];
  for (r = 0; r < NR; r++)
    for (c = 0; c < NC; c++) grand += cnt[r][c];
  for (r = 0; r < NR; r++)
    for (c = 0; c < NC; c++) weighted += (long)(c + 1) * cnt[r][c];
  printf("%ld %ld\n", grand, weighted);
  for (r = 0; r < NR; r += 4) printf("%ld ", rowt[r]);
  printf("\n");
  for (c = 0; c < NC; c += 5) printf("%ld ", colt[c]);
  printf("\n");
  return 0;
}
