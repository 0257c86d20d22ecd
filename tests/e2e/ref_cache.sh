# shellcheck shell=bash
# ref_cache.sh — sourced by run_case.sh and tests/vector/run_{trips,sve}.sh:
# the reference (a program compiled as it is) built and run once per build
# tree, not once per backend or option set that compares against it.
#
#   ref_run CC SRC FLAGS...
#     in the current directory: `CC FLAGS SRC -o ref -lm` (compiler messages
#     in ref.cc.txt), then `timeout 120 ./ref` with stdout in ref.out and
#     stderr in ref.err; REF_STATUS is the run's exit status. Returns 1 when
#     SRC does not compile, 0 otherwise.
#
# With SC_REF_CACHE set (ctest sets it to a directory of the build tree),
# the result is kept there under a hash of everything that determines it:
# the compiler's name and version line, FLAGS, SRC's name as given (for
# __FILE__) and its text (the cases include system headers only). A later
# call with the same key copies ref.out, ref.err and REF_STATUS from the
# cache instead of compiling and running again. A run cut short by the timeout or a signal (status 124 and
# above) is not kept. Entries appear atomically (a directory renamed into
# place), so tests running in parallel may share the cache; two of them
# missing the same key at once both compile, and one entry survives.
ref_run() {
  local cc=$1 src=$2 key="" dir="" tmp
  shift 2
  if [ -n "${SC_REF_CACHE:-}" ]; then
    key=$({ printf '%s\n' "$cc" "$("$cc" --version 2>/dev/null | head -1)" "$@" "$src"; cat "$src"; } |
          sha256sum | cut -c1-40)
    dir=$SC_REF_CACHE/$key
    if [ -f "$dir/status" ]; then
      cp "$dir/out" ref.out && cp "$dir/err" ref.err && : >ref.cc.txt &&
        REF_STATUS=$(cat "$dir/status") && return 0
    fi
  fi
  "$cc" "$@" "$src" -o ref -lm 2>ref.cc.txt || return 1
  timeout 120 ./ref >ref.out 2>ref.err
  REF_STATUS=$?
  if [ -n "$key" ] && [ "$REF_STATUS" -lt 124 ] && mkdir -p "$SC_REF_CACHE" &&
     tmp=$(mktemp -d "$SC_REF_CACHE/.new.XXXXXX"); then
    cp ref.out "$tmp/out" && cp ref.err "$tmp/err" && echo "$REF_STATUS" >"$tmp/status" &&
      mv -T "$tmp" "$dir" 2>/dev/null
    rm -rf "$tmp"
  fi
  return 0
}
