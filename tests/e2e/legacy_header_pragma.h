/* legacy_header_pragma.h — the model's globals and their annotation, as a
 * user first writes it, next to the extern declaration:
 * #pragma sparse encoding(A : CSR)   (this comment line is no directive)
 */
#ifndef LEGACY_HEADER_PRAGMA_H
#define LEGACY_HEADER_PRAGMA_H
#define N 40
#pragma sparse encoding(A : CSR)
extern double A[N][N];
#endif
