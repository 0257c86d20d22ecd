/* rtpaths.h — where the runtime's header and library are, for --cflags,
 * --libs and --check: the build tree's when this executable is the one the
 * build produced, else the install prefix the executable lives under. */
#ifndef SC_RTPATHS_H
#define SC_RTPATHS_H

#include <stddef.h>

typedef struct RtPaths {
  char includedir[4096]; /* holds sparsecc_rt.h */
  char libdir[4096];     /* holds libsparsecc_rt */
  const char *extra;     /* flags the runtime's build needs (sanitizers) */
  int in_build_tree;
} RtPaths;

void rtpaths_get(RtPaths *p);

/* "-I<includedir>" and "-L<libdir> -Wl,-rpath,<libdir> -lsparsecc_rt -lm",
 * each preceded by p->extra when set; a directory holding blanks or other
 * shell characters has them escaped with a backslash (as pkg-config). */
void rtpaths_cflags(const RtPaths *p, char *buf, size_t n);
void rtpaths_libs(const RtPaths *p, char *buf, size_t n);

#endif
