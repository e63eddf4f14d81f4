#!/usr/bin/env bash
# Configures (once) and builds one build tree.
# Usage: tools/build.sh DIR [extra cmake -D options...] [-- TARGET...]
# With targets after `--`, only those (and what they need) are built; without, everything.
# Incremental: a second call with nothing changed does no work. Quiet, unless SHUAI_BUILD_PROGRESS is set: then
# the configuration's and the compiler's progress lines go to standard error.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=$1
shift
options=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
  options+=("$1")
  shift
done
[ $# -gt 0 ] && shift  # the `--`
configure_output=/dev/null
build_flags=(-- --quiet)
if [ -n "${SHUAI_BUILD_PROGRESS:-}" ]; then
  configure_output=/dev/stderr
  build_flags=()
fi
if [ ! -f "$root/$dir/build.ninja" ]; then
  cmake -S "$root" -B "$root/$dir" -G Ninja "${options[@]}" >"$configure_output"
fi
targets=()
[ $# -gt 0 ] && targets=(--target "$@")
cmake --build "$root/$dir" "${targets[@]}" "${build_flags[@]}" >&2
