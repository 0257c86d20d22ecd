/* compdb.c — reading compile_commands.json through libclang; see
 * compdb.h. libclang's CXString results are copied into the arena and
 * disposed at once. */
#include "frontend/compdb.h"

#include <clang-c/CXCompilationDatabase.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Options whose value is a path, relative to the command's directory. */
static const char *const path_opts[] = {"-I", "-isystem", "-iquote",
                                        "-idirafter", "-include"};

static void push(Arena *a, const char ***args, int *nargs, const char *s) {
  const char **n = arena_grow(a, (void *)*args, (size_t)*nargs,
                              (size_t)*nargs + 1, sizeof *n);
  n[(*nargs)++] = s;
  *args = n;
}

static char *absolute(Arena *a, const char *dir, const char *path) {
  if (path[0] == '/' || !dir[0]) return arena_strdup(a, path);
  return arena_printf(a, "%s/%s", dir, path);
}

/* Is arg (relative to dir) the source file itself? */
static int is_the_file(const char *dir, const char *arg, const char *real) {
  char buf[PATH_MAX], joined[PATH_MAX * 2];
  if (arg[0] == '/')
    snprintf(joined, sizeof joined, "%s", arg);
  else
    snprintf(joined, sizeof joined, "%s/%s", dir, arg);
  return realpath(joined, buf) && strcmp(buf, real) == 0;
}

/* libclang looks entries up by "directory" + "file" as written, so an
 * entry whose "directory" is relative ("." or "..", as hand-written or
 * relocated databases have) is never found. Such a directory is taken
 * relative to the database's own directory: the entry whose file is `real`
 * is searched among all commands. Returns all commands (to dispose) with
 * *which the matching one and *absdir its directory made absolute, or
 * NULL when none matches. */
static CXCompileCommands find_relative(CXCompilationDatabase db,
                                       const char *dbdir, const char *real,
                                       Arena *a, unsigned *which,
                                       const char **absdir) {
  char base[PATH_MAX];
  if (!realpath(dbdir, base)) return NULL;
  CXCompileCommands all = clang_CompilationDatabase_getAllCompileCommands(db);
  unsigned n = all ? clang_CompileCommands_getSize(all) : 0;
  for (unsigned i = 0; i < n; i++) {
    CXCompileCommand cmd = clang_CompileCommands_getCommand(all, i);
    CXString cxdir = clang_CompileCommand_getDirectory(cmd);
    CXString cxfile = clang_CompileCommand_getFilename(cmd);
    const char *d = clang_getCString(cxdir), *f = clang_getCString(cxfile);
    int found = 0;
    char joined[PATH_MAX];
    if (d && f && d[0] && d[0] != '/' &&
        snprintf(joined, sizeof joined, "%s/%s", base, d) <
            (int)sizeof joined) {
      char resolved[PATH_MAX];
      /* the file as libclang gives it: relative to the directory, or
       * already joined to the (relative) directory */
      found = is_the_file(joined, f, real);
      if (!found && f[0] != '/' &&
          snprintf(resolved, sizeof resolved, "%s/%s", base, f) <
              (int)sizeof resolved)
        found = is_the_file("", resolved, real);
      if (found && realpath(joined, resolved))
        *absdir = arena_strdup(a, resolved);
      else if (found)
        *absdir = arena_strdup(a, joined);
    }
    clang_disposeString(cxdir);
    clang_disposeString(cxfile);
    if (found) {
      *which = i;
      return all;
    }
  }
  if (all) clang_CompileCommands_dispose(all);
  return NULL;
}

int compdb_flags(const char *dir, const char *file, Arena *a,
                 const char ***args, int *nargs, Diags *diags) {
  /* `-p build/compile_commands.json`, the file rather than its directory
   * (as a user copying the path may write it): its directory */
  static const char dbname[] = "compile_commands.json";
  size_t dl = strlen(dir), bl = sizeof dbname - 1;
  struct stat st;
  if (dl >= bl && !strcmp(dir + dl - bl, dbname) && (dl == bl || dir[dl - bl - 1] == '/') &&
      stat(dir, &st) == 0 && S_ISREG(st.st_mode))
    dir = dl == bl ? "." : dl == bl + 1 ? "/" : arena_strndup(a, dir, dl - bl - 1);
  /* a missing or unreadable file: say why, before libclang tries it */
  char *path = arena_printf(a, "%s/compile_commands.json", dir);
  FILE *probe = fopen(path, "r");
  if (!probe) {
    diag_error(diags, NULL, span_make(0, 0), "cannot read '%s' (-p %s): %s", path,
               dir, strerror(errno));
    return -1;
  }
  fclose(probe);
  /* libclang prints its own parse errors on stderr; sparsecc reports one
   * diagnostic of its own instead */
  fflush(stderr);
  int saved = dup(STDERR_FILENO), null = open("/dev/null", O_WRONLY);
  if (saved >= 0 && null >= 0) dup2(null, STDERR_FILENO);
  if (null >= 0) close(null);
  CXCompilationDatabase_Error err;
  CXCompilationDatabase db = clang_CompilationDatabase_fromDirectory(dir, &err);
  if (saved >= 0) {
    dup2(saved, STDERR_FILENO);
    close(saved);
  }
  if (err != CXCompilationDatabase_NoError || !db) {
    diag_error(diags, NULL, span_make(0, 0),
               "cannot read '%s' (-p %s): not a valid compilation database", path,
               dir);
    if (db) clang_CompilationDatabase_dispose(db);
    return -1;
  }
  char real[PATH_MAX];
  if (!realpath(file, real)) snprintf(real, sizeof real, "%s", file);
  CXCompileCommands cmds = clang_CompilationDatabase_getCompileCommands(db, real);
  unsigned ncmds = cmds ? clang_CompileCommands_getSize(cmds) : 0;
  unsigned which = 0;
  const char *reldir = NULL; /* a relative "directory", made absolute */
  if (ncmds == 0) {
    if (cmds) clang_CompileCommands_dispose(cmds);
    cmds = find_relative(db, dir, real, a, &which, &reldir);
    ncmds = cmds ? clang_CompileCommands_getSize(cmds) : 0;
  }
  if (ncmds == 0) {
    diag_warning(diags, NULL, span_make(0, 0),
                 "'%s/compile_commands.json' has no entry for '%s'; parsing "
                 "it with the command-line flags only",
                 dir, file);
    if (cmds) clang_CompileCommands_dispose(cmds);
    clang_CompilationDatabase_dispose(db);
    return 1;
  }
  CXCompileCommand cmd = clang_CompileCommands_getCommand(cmds, which);
  char *cdir;
  if (reldir) {
    cdir = arena_strdup(a, reldir);
  } else {
    CXString cxdir = clang_CompileCommand_getDirectory(cmd);
    cdir = arena_strdup(a, clang_getCString(cxdir));
    clang_disposeString(cxdir);
    char base[PATH_MAX];
    if (cdir[0] && cdir[0] != '/' && realpath(dir, base)) {
      /* found through an absolute "file": the relative directory is still
       * the database's */
      char *joined = arena_printf(a, "%s/%s", base, cdir);
      cdir = realpath(joined, base) ? arena_strdup(a, base) : joined;
    }
  }
  unsigned n = clang_CompileCommand_getNumArgs(cmd);
  int expect_path = 0;
  for (unsigned i = 1; i < n; i++) { /* argument 0 is the compiler */
    CXString cx = clang_CompileCommand_getArg(cmd, i);
    char *s = arena_strdup(a, clang_getCString(cx));
    clang_disposeString(cx);
    if (expect_path) {
      push(a, args, nargs, absolute(a, cdir, s));
      expect_path = 0;
      continue;
    }
    if (strcmp(s, "-o") == 0 || strcmp(s, "-MF") == 0 ||
        strcmp(s, "-MT") == 0 || strcmp(s, "-MQ") == 0) {
      i++; /* drop the option and its value */
      continue;
    }
    if (strcmp(s, "-c") == 0 || strncmp(s, "-M", 2) == 0 ||
        strncmp(s, "-W", 2) == 0 || strcmp(s, "--") == 0)
      continue;
    if (s[0] != '-') {
      if (!is_the_file(cdir, s, real)) push(a, args, nargs, s);
      continue;
    }
    int handled = 0;
    for (size_t k = 0; k < sizeof path_opts / sizeof *path_opts; k++) {
      size_t len = strlen(path_opts[k]);
      if (strncmp(s, path_opts[k], len) != 0) continue;
      if (s[len] == '\0') {
        push(a, args, nargs, s);
        expect_path = 1;
      } else if (strcmp(path_opts[k], "-include") != 0) {
        push(a, args, nargs,
             arena_printf(a, "%s%s", path_opts[k],
                          absolute(a, cdir, s + len)));
      } else {
        push(a, args, nargs, s);
      }
      handled = 1;
      break;
    }
    if (!handled) push(a, args, nargs, s);
  }
  clang_CompileCommands_dispose(cmds);
  clang_CompilationDatabase_dispose(db);
  return 0;
}
