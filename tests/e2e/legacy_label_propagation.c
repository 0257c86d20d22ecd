// EXPECT-SPARSIFIED: 1
// EXPECT-ABSENT: if (G[i][j] != 0.0 && label[j] < newlab[i]) newlab[i] = label[j];
// EXPECT-REPORT: kernel sparsified: forall(i) { newlab(i) = label(i); forall(j) newlab(i) = G(i,j) != 0.0 && label(j) < newlab(i) ? label(j) : newlab(i) }
// EXPECT-STDERR-EMPTY
/* Connected components by label propagation (min label over neighbours). */
#include <stdio.h>
#define NV 40

int main(void) {
#pragma sparse encoding(G : CSR)
  double G[NV][NV] = {{0}};
  int label[NV], newlab[NV];
  int i, j, changed, rounds = 0;
  for (i = 0; i < NV; i++) {
    int c = i % 4;
    int nb = i + 4;
    if (nb < NV && (i / 4) % 3 != 2) { G[i][nb] = 1.0; G[nb][i] = 1.0; }
    (void)c;
  }
  for (i = 0; i < NV; i++) label[i] = i;
  do {
    changed = 0;
    for (i = 0; i < NV; i++) {
      newlab[i] = label[i];
      for (j = 0; j < NV; j++)
        if (G[i][j] != 0.0 && label[j] < newlab[i]) newlab[i] = label[j];
    }
    for (i = 0; i < NV; i++) {
      if (newlab[i] != label[i]) changed = 1;
      label[i] = newlab[i];
    }
    rounds++;
  } while (changed);
  printf("rounds %d\n", rounds);
  for (i = 0; i < NV; i++) printf("%d ", label[i]);
  printf("\n");
  return 0;
}
