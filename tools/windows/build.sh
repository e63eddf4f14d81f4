#!/usr/bin/env bash
# Cross-compiles the engine for 64-bit Windows (docs/windows.md): a static shuai.exe that needs no DLL but the
# system's, made with Debian's MinGW-w64 (installed with apt-get when missing). Only the `shuai` target: the
# tools and the tests are not part of this build. Incremental, through tools/build.sh.
#   usage: tools/windows/build.sh [BUILD_DIR] [extra cmake options]
# BUILD_DIR is relative to the checkout (default build-windows); the program is BUILD_DIR/bin/shuai.exe. Portable
# x86-64 by default; -DSHUAI_NATIVE=ON optimises for the building machine's processor, as on Linux.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
dir=build-windows
if [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then
  dir=$1
  shift
fi
"$root/tools/setup.sh" g++-mingw-w64-x86-64-posix libfmt-dev cmake ninja-build
"$root/tools/build.sh" "$dir" -DCMAKE_TOOLCHAIN_FILE="$root/tools/windows/mingw-toolchain.cmake" \
  -DCMAKE_BUILD_TYPE=Release "$@" -- shuai
echo "$root/$dir/bin/shuai.exe"
