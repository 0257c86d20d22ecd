# shellcheck shell=bash
# obj_cache.sh — sourced by run_case.sh and tests/vector/run_{trips,sve}.sh:
# a generated program compiled once per text and flags, not once per test
# that checks the same text (the case without --simd and with --simd=none
# often write the same out.c; the sanitizer build compiles most outputs
# without the sanitizers, as the plain build already did).
#
#   obj_compile CC SRC OBJ FLAGS...
#     `CC FLAGS -c SRC -o OBJ`, the compiler's messages on stderr; returns
#     the compiler's status.
#
# With SC_OBJ_CACHE set (ctest sets it to a directory; .ci/run gives both
# build trees the same one), a successful compile is kept there under a
# hash of everything that determines it: the compiler's name and the size
# and time of its file, FLAGS, SRC's name as given and its text, and the
# text of every header beside SRC and in the directories FLAGS name with
# -I (the runtime's; the programs include system headers otherwise). A
# later call with the same key copies the object and prints the same
# messages instead of compiling again: object and messages are the
# compiler's, byte for byte. A failed compile is never kept, so it fails
# again in every test that makes it. Entries appear atomically (a
# directory renamed into place), as in ref_cache.sh.
#
# A compile for x86 vector extensions (-mavx2, -mavx512f) also takes
# <immintrin.h> precompiled (obj_pch): the output includes it, and parsing
# it is about a third of such a compile (0.57 s of CPU against 0.38 for an
# out.c of tests/vector/types.c by clang, similar by gcc). The precompiled
# header is made once per compiler and flags (less -D and -I, which it
# does not depend on) under SC_OBJ_CACHE/pch-KEY and given with -include;
# the compiler finds it beside the header (gcc's .gch, clang's .pch),
# checks that it fits the compile (gcc reads the header itself otherwise;
# a compile that fails with it is made again without it). The object is
# the same byte for byte.
obj_pch() {
  local cc=$1 f flags=() key dir tmp vec=0 ext=gch
  shift
  case $(basename "$cc") in *clang*) ext=pch ;; esac
  for f in "$@"; do
    case $f in
      -mavx2 | -mavx512f) vec=1; flags+=("$f") ;;
      -D* | -I*) ;;
      *) flags+=("$f") ;;
    esac
  done
  [ $vec = 1 ] && [ -n "${SC_OBJ_CACHE:-}" ] || return 1
  key=$(printf '%s\n' "$cc" "$(stat -L -c '%s %Y' "$(command -v "$cc")" 2>/dev/null)" "${flags[@]}" |
        sha256sum | cut -c1-40)
  dir=$SC_OBJ_CACHE/pch-$key
  # (in place: clang's records the header's path and time, so the header
  # is written once, never replaced, and the precompiled file is renamed
  # into place beside it)
  if [ ! -f "$dir/sc_pch.h.$ext" ]; then
    mkdir -p "$dir" && tmp=$(mktemp "$dir/.new.XXXXXX") || return 1
    if [ ! -f "$dir/sc_pch.h" ]; then
      printf '#include <immintrin.h>\n' > "$tmp" && mv -n "$tmp" "$dir/sc_pch.h"
    fi
    "$cc" "${flags[@]}" -x c-header "$dir/sc_pch.h" -o "$tmp" 2>/dev/null &&
      mv -f "$tmp" "$dir/sc_pch.h.$ext"
    rm -f "$tmp"
    [ -f "$dir/sc_pch.h.$ext" ] || return 1
  fi
  printf '%s\n' "$dir/sc_pch.h"
}

obj_compile() {
  local cc=$1 src=$2 obj=$3 key="" dir="" tmp f st incs=()
  shift 3
  if [ -n "${SC_OBJ_CACHE:-}" ]; then
    incs=("$(dirname "$src")")
    for f in "$@"; do case $f in -I?*) incs+=("${f#-I}") ;; esac; done
    # (the compiler's file, not its --version: clang takes 30 ms to say it)
    key=$({ printf '%s\n' "$cc" "$(stat -L -c '%s %Y' "$(command -v "$cc")" 2>/dev/null)" "$@" -- "$src"; cat "$src"
            find "${incs[@]}" -maxdepth 1 -name '*.h' -type f 2>/dev/null | LC_ALL=C sort |
              while IFS= read -r f; do printf '%s\n' "$f"; cat "$f"; done; } |
          sha256sum | cut -c1-40)
    dir=$SC_OBJ_CACHE/$key
    if [ -f "$dir/obj" ] && cp "$dir/obj" "$obj"; then
      cat "$dir/msgs" >&2
      return 0
    fi
  fi
  # (a compile that fails with the precompiled header is made again
  # without it: its messages are then the compiler's on the text alone)
  local pch
  if ! pch=$(obj_pch "$cc" "$@") ||
     ! "$cc" -include "$pch" "$@" -c "$src" -o "$obj" 2>"$obj.msgs"; then
    "$cc" "$@" -c "$src" -o "$obj" 2>"$obj.msgs"
  fi
  st=$?
  cat "$obj.msgs" >&2
  if [ $st -eq 0 ] && [ -n "$key" ] && mkdir -p "$SC_OBJ_CACHE" &&
     tmp=$(mktemp -d "$SC_OBJ_CACHE/.new.XXXXXX"); then
    cp "$obj" "$tmp/obj" && cp "$obj.msgs" "$tmp/msgs" && mv -T "$tmp" "$dir" 2>/dev/null
    rm -rf "$tmp"
  fi
  rm -f "$obj.msgs"
  return $st
}
