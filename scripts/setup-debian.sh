#!/bin/bash
# setup-debian.sh — installs what building and testing sparsecc needs on a
# Debian (12 "bookworm" or later) machine. Installs only what is missing, so
# running it again is quick. Uses sudo when not run as root.
#
#   build:  cmake, make, gcc, pkg-config, libclang-19-dev (C API of clang),
#           libtree-sitter-dev, npm (fetches the tree-sitter C grammar from
#           the npm registry at configure time)
#   tests:  libcmocka-dev, clang-19 (the e2e tests also compile with clang),
#           gcc-aarch64-linux-gnu, libc6-dev-arm64-cross and qemu-user (the
#           SVE output is cross-compiled and run under emulation)
#   optional: libclang-rt-19-dev (libFuzzer and the sanitizer runtimes of
#           clang, for the fuzz targets of tests/fuzz in a clang build),
#           installed when the package archive has it, left out quietly
#           otherwise (tests/fuzz then replays its corpus without libFuzzer)
#   extra:  SC_SETUP_VALGRIND=1 also installs valgrind
set -euo pipefail

packages=(cmake make gcc pkg-config libc6-dev libclang-19-dev clang-19
  libtree-sitter-dev libcmocka-dev
  gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user)
[ "${SC_SETUP_VALGRIND:-0}" = 1 ] && packages+=(valgrind)

missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
command -v npm >/dev/null 2>&1 || missing+=(npm)
# optional: wanted only when the package archive knows it (apt-cache show
# fails quietly for an unknown name; after an apt-get update below, a name
# the old lists lacked is looked for again)
optional=(libclang-rt-19-dev)
want_optional() {
  local p
  for p in "${optional[@]}"; do
    dpkg -s "$p" >/dev/null 2>&1 && continue
    apt-cache show "$p" >/dev/null 2>&1 && echo "$p"
  done
  return 0
}
while IFS= read -r p; do missing+=("$p"); done < <(want_optional)

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup-debian: everything is installed"
  exit 0
fi

sudo=""
if [ "$(id -u)" != 0 ]; then
  command -v sudo >/dev/null 2>&1 || {
    echo "setup-debian: need root (or sudo) to install: ${missing[*]}" >&2
    exit 1
  }
  sudo=sudo
fi
echo "setup-debian: installing ${missing[*]}"
$sudo apt-get update
# an optional package the fresh lists offer, and the old ones did not
while IFS= read -r p; do
  [[ " ${missing[*]} " == *" $p "* ]] || missing+=("$p")
done < <(want_optional)
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
