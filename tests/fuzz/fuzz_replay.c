/* fuzz_replay.c — a plain main() for the fuzz targets when the compiler has
 * no libFuzzer: feeds every file named on the command line (directories:
 * every file inside, sorted) to LLVMFuzzerTestOneInput once. A broken
 * invariant aborts inside the target; the exit status is 0 otherwise. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int replay_file(const char *path) {
  FILE *f = fopen(path, "rb");
  unsigned char *buf = NULL;
  size_t len = 0, cap = 0, got;
  if (!f) {
    fprintf(stderr, "replay: cannot open %s\n", path);
    return 1;
  }
  do {
    if (len == cap) {
      unsigned char *nb = realloc(buf, cap ? 2 * cap : 4096);
      if (!nb) {
        free(buf);
        fclose(f);
        return 1;
      }
      buf = nb;
      cap = cap ? 2 * cap : 4096;
    }
    got = fread(buf + len, 1, cap - len, f);
    len += got;
  } while (got > 0);
  fclose(f);
  LLVMFuzzerTestOneInput(buf, len);
  free(buf);
  return 0;
}

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static int replay_dir(const char *dir, int *files) {
  DIR *d = opendir(dir);
  struct dirent *e;
  char **names = NULL;
  size_t n = 0, cap = 0;
  int bad = 0;
  if (!d) {
    fprintf(stderr, "replay: cannot open %s\n", dir);
    return 1;
  }
  while ((e = readdir(d)) != NULL) {
    size_t len;
    char *path;
    if (e->d_name[0] == '.')
      continue;
    len = strlen(dir) + strlen(e->d_name) + 2;
    path = malloc(len);
    if (!path)
      break;
    snprintf(path, len, "%s/%s", dir, e->d_name);
    if (n == cap) {
      char **nn = realloc(names, (cap ? 2 * cap : 64) * sizeof *names);
      if (!nn) {
        free(path);
        break;
      }
      names = nn;
      cap = cap ? 2 * cap : 64;
    }
    names[n++] = path;
  }
  closedir(d);
  if (n)
    qsort(names, n, sizeof *names, cmp_str);
  for (size_t i = 0; i < n; i++) {
    bad |= replay_file(names[i]);
    (*files)++;
    free(names[i]);
  }
  free(names);
  return bad;
}

int main(int argc, char **argv) {
  int bad = 0, files = 0;
  for (int i = 1; i < argc; i++) {
    struct stat sb;
    if (stat(argv[i], &sb) != 0) {
      fprintf(stderr, "replay: no such file %s\n", argv[i]);
      bad = 1;
    } else if (S_ISDIR(sb.st_mode)) {
      bad |= replay_dir(argv[i], &files);
    } else {
      bad |= replay_file(argv[i]);
      files++;
    }
  }
  printf("replayed %d input(s)\n", files);
  return bad;
}
