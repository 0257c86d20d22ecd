/* outfile.c — staging and committing the files a run writes (outfile.h):
 * a temporary file in the target's directory, then rename(2). */
#include "outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int write_all(int fd, const char *p, size_t n) {
  while (n) {
    ssize_t w = write(fd, p, n);
    if (w < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    p += w;
    n -= (size_t)w;
  }
  return 0;
}

int outfile_stage(OutFile *f, const char *path, const char *p, size_t n) {
  memset(f, 0, sizeof *f);
  f->path = path;
  struct stat st;
  int exists = stat(path, &st) == 0;
  if (exists && S_ISDIR(st.st_mode)) return EISDIR;
  if (exists && !S_ISREG(st.st_mode)) { /* renaming over it would replace
                                           the device node itself */
    f->data = p;
    f->len = n;
    return 0;
  }
  /* written through a symlink to its target rather than replacing the link */
  char target[PATH_MAX];
  if (!exists || !realpath(path, target))
    snprintf(target, sizeof target, "%s", path);
  const char *slash = strrchr(target, '/');
  int dirlen = slash ? (int)(slash - target + 1) : 0;
  const char *base = slash ? slash + 1 : target;
  static const char suffix[] = ".sparsecc-XXXXXX";
  size_t baselen = strlen(base);
  char *tmp = malloc((size_t)dirlen + 1 + baselen + sizeof suffix);
  if (!tmp) return ENOMEM;
  memcpy(tmp, target, (size_t)dirlen); /* DIR/.BASE.sparsecc-XXXXXX */
  tmp[dirlen] = '.';
  memcpy(tmp + dirlen + 1, base, baselen);
  memcpy(tmp + dirlen + 1 + baselen, suffix, sizeof suffix);
  int fd = mkstemp(tmp);
  if (fd < 0) {
    int err = errno;
    free(tmp);
    return err;
  }
  mode_t mode;
  if (exists) {
    mode = st.st_mode & 07777;
  } else {
    mode_t mask = umask(0);
    umask(mask);
    mode = 0666 & ~mask;
  }
  int err = fchmod(fd, mode) != 0 ? errno : write_all(fd, p, n);
  if (close(fd) != 0 && !err) err = errno;
  if (err) {
    unlink(tmp);
    free(tmp);
    return err;
  }
  f->target = strdup(target);
  if (!f->target) {
    unlink(tmp);
    free(tmp);
    return ENOMEM;
  }
  f->tmp = tmp;
  return 0;
}

int outfile_commit(OutFile *f) {
  int err = 0;
  if (f->tmp) {
    if (rename(f->tmp, f->target) != 0) {
      err = errno;
      unlink(f->tmp);
    }
    free(f->tmp);
    free(f->target);
    f->tmp = f->target = NULL;
  } else if (f->data) {
    int fd = open(f->path, O_WRONLY | O_NOCTTY);
    if (fd < 0) return errno;
    err = write_all(fd, f->data, f->len);
    if (close(fd) != 0 && !err) err = errno;
    f->data = NULL;
  }
  return err;
}

void outfile_discard(OutFile *f) {
  if (f->tmp) {
    unlink(f->tmp);
    free(f->tmp);
    free(f->target);
  }
  f->tmp = f->target = NULL;
  f->data = NULL;
}
