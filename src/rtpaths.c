/* rtpaths.c — locating the runtime for --cflags/--libs/--check; see
 * rtpaths.h. The paths of both layouts are compiled in (sc_config.h); the
 * running executable's own path (/proc/self/exe) chooses between them. */
#include "rtpaths.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sc_config.h"

static void join(char *out, size_t n, const char *prefix, const char *dir) {
  int k = dir[0] == '/' ? snprintf(out, n, "%s", dir)
                        : snprintf(out, n, "%s/%s", prefix, dir);
  if (k < 0 || (size_t)k >= n) out[0] = '\0'; /* too long: no path */
}

void rtpaths_get(RtPaths *p) {
  memset(p, 0, sizeof *p);
  p->extra = SC_BUILD_RT_FLAGS; /* the installed runtime is the same build */
  char self[4096], built[PATH_MAX], prefix[4096];
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n > 0) self[n] = '\0';
  if (n > 0 && realpath(SC_BUILD_TOOL, built) &&
      strcmp(self, built) == 0) {
    p->in_build_tree = 1;
    snprintf(p->includedir, sizeof p->includedir, "%s", SC_BUILD_RT_INCLUDEDIR);
    snprintf(p->libdir, sizeof p->libdir, "%s", SC_BUILD_RT_LIBDIR);
    return;
  }
  /* installed: <prefix>/<bindir>/sparsecc, bindir normally "bin" */
  snprintf(prefix, sizeof prefix, "%s", SC_INSTALL_PREFIX);
  if (n > 0) {
    char *slash = strrchr(self, '/');
    if (slash) {
      *slash = '\0'; /* self = the executable's directory */
      const char *bindir = SC_INSTALL_BINDIR;
      size_t bl = strlen(bindir), sl = strlen(self);
      if (bindir[0] != '/' && sl > bl && self[sl - bl - 1] == '/' &&
          strcmp(self + sl - bl, bindir) == 0) {
        self[sl - bl - 1] = '\0';
        snprintf(prefix, sizeof prefix, "%s", self[0] ? self : "/");
      }
    }
  }
  join(p->includedir, sizeof p->includedir, prefix, SC_INSTALL_INCLUDEDIR);
  join(p->libdir, sizeof p->libdir, prefix, SC_INSTALL_LIBDIR);
}

/* A path as one word for a shell or make: characters they would split or
 * expand at get a backslash, as pkg-config does (`$(shell sparsecc
 * --libs)` in a Makefile, `eval`). Plain paths come out unchanged. */
static const char *word(const char *path, char *out, size_t n) {
  size_t k = 0;
  for (const char *c = path; *c && k + 2 < n; c++) {
    if (strchr(" \t'\"\\$`&;|<>()*?[]#~!{}", *c)) out[k++] = '\\';
    out[k++] = *c;
  }
  out[k] = '\0';
  return out;
}

void rtpaths_cflags(const RtPaths *p, char *buf, size_t n) {
  char inc[8200];
  snprintf(buf, n, "%s%s-I%s", p->extra, *p->extra ? " " : "",
           word(p->includedir, inc, sizeof inc));
}

void rtpaths_libs(const RtPaths *p, char *buf, size_t n) {
  char lib[8200];
  word(p->libdir, lib, sizeof lib);
  snprintf(buf, n, "%s%s-L%s -Wl,-rpath,%s -lsparsecc_rt -lm", p->extra,
           *p->extra ? " " : "", lib, lib);
}
