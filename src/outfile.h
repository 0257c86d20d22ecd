/* outfile.h — the files a run writes (-o FILE, --report=FILE), replaced
 * whole or not at all. Each is staged first (its bytes in a temporary file
 * beside it), and only when every one was staged are they committed
 * (renamed over their targets): an error while writing any of them leaves
 * all of them as they were. */
#ifndef SC_OUTFILE_H
#define SC_OUTFILE_H

#include <stddef.h>

typedef struct OutFile {
  const char *path;  /* as given */
  char *tmp;         /* the staged temporary file (malloc'ed), or NULL */
  char *target;      /* what it replaces: path, or a symlink's target */
  const char *data;  /* an existing non-regular file (/dev/null, a FIFO):
                        written in place at commit, never replaced */
  size_t len;
} OutFile;

/* Stages n bytes at p for path: written into a temporary file in the
 * directory of path (or of the file a symlink at path names), with the
 * permissions of the existing file, or 0666 less the umask. The bytes
 * must stay alive until outfile_commit. Returns 0, or an errno value
 * (nothing left behind). */
int outfile_stage(OutFile *f, const char *path, const char *p, size_t n);

/* Puts a staged file in place (rename, or the write in place). Returns 0
 * or an errno value; f is released either way. */
int outfile_commit(OutFile *f);

/* Removes a staged file that is not to be committed. */
void outfile_discard(OutFile *f);

#endif
