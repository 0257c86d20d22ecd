// A switch on a sparse element in a kernel body is the if/else chain of
// its groups of labels: `case 4: pts += 10; break;` walks the stored
// entries only; `case 0:` and `default:` hold where the entry is absent,
// so those loops visit every position (an absent entry read as 0); labels
// sharing one group (`case 'x': case 'y':`), several statements in a
// case, a last case holding only its break and a switch
// under an if are accepted. A case that falls through to the next keeps
// its nest as written, with a warning.
// EXPECT-SPARSIFIED: 4
// EXPECT-WARNING: loop not sparsified: switch case that falls through to the next
// EXPECT-ABSENT: switch (grade[s][q]) {
// EXPECT-ABSENT: switch (code[s][q]) {
// EXPECT-ABSENT: switch (grade[s][q] % 3) {
// EXPECT-REPORT: pts(s) += grade(s,q) == 4 ? 10 : 0
// EXPECT-REPORT: loop q: positions of grade
// EXPECT-REPORT: every q visited ('blank++' runs where 'case 0' holds
#include <stdio.h>

#define NS 300
#define NQ 60

static unsigned gs = 7u;
static unsigned gr(void) {
  gs = gs * 1103515245u + 12345u;
  return (gs >> 16) & 0x7fffu;
}

#pragma sparse encoding(grade : CSR)
static int grade[NS][NQ];
#pragma sparse encoding(code : CSR)
static char code[NS][NQ];

int main(void) {
  for (int s = 0; s < NS; s++)
    for (int q = 0; q < NQ; q++) {
      if (gr() % 4 == 0) grade[s][q] = 1 + (int)(gr() % 5);
      if (gr() % 9 == 0) code[s][q] = "xyzw"[gr() % 4];
    }

  /* only stored grades score */
  static int pts[NS];
  for (int s = 0; s < NS; s++) {
    pts[s] = 0;
    for (int q = 0; q < NQ; q++) {
      switch (grade[s][q]) {
      case 4: pts[s] += 10; break;
      case 3: pts[s] += 7; break;
      case 2: pts[s] += 4; break;
      case 1: pts[s] += 1; break;
      default: break;
      }
    }
  }

  /* case 0 and default see the absent entries */
  long blank = 0, other = 0, top = 0, wsum = 0;
  for (int s = 0; s < NS; s++)
    for (int q = 0; q < NQ; q++) {
      switch (grade[s][q]) {
      case 0:
        blank++;
        break;
      case 5:
        top++;
        wsum += q;
        break;
      default:
        other += grade[s][q];
      }
    }

  /* grouped char labels; a final label without statements */
  int xy[NS], zc = 0;
  for (int s = 0; s < NS; s++) {
    xy[s] = 0;
    for (int q = 0; q < NQ; q++)
      switch (code[s][q]) {
      case 'x':
      case 'y':
        xy[s]++;
        break;
      case 'z':
        zc += 1 + s % 2;
        break;
      case 'w':
        break;
      }
  }

  /* under an if, on an expression of the element */
  long mod1 = 0, mod2 = 0;
  for (int s = 0; s < NS; s++)
    for (int q = 0; q < NQ; q++)
      if (s % 3 != 1) {
        switch (grade[s][q] % 3) {
        case 1: mod1 += q; break;
        case 2: mod2 -= s; break;
        }
      }

  /* falls through: left as written */
  long ft = 0;
  for (int s = 0; s < NS; s++)
    for (int q = 0; q < NQ; q++)
      switch (grade[s][q]) {
      case 5:
        ft += 100;
        /* fall through */
      case 4:
        ft += 1;
        break;
      }

  long tp = 0, txy = 0;
  for (int s = 0; s < NS; s++) {
    tp += pts[s] * (s + 1);
    txy += xy[s];
  }
  printf("points %ld blank %ld other %ld top %ld at %ld\n", tp, blank, other, top, wsum);
  printf("xy %ld z %d mod %ld %ld fall %ld\n", txy, zc, mod1, mod2, ft);
  return 0;
}
