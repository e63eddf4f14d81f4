#!/usr/bin/env bash
# Configures (once) and builds one build tree.
# Usage: tools/build.sh DIR [extra cmake -D options...] [-- TARGET...]
# With targets after `--`, only those (and what they need) are built; without, everything.
# Incremental: a second call with nothing changed does no work.
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
if [ ! -f "$root/$dir/build.ninja" ]; then
  cmake -S "$root" -B "$root/$dir" -G Ninja "${options[@]}" >/dev/null
fi
if [ $# -gt 0 ]; then
  cmake --build "$root/$dir" --target "$@" -- --quiet
else
  cmake --build "$root/$dir" -- --quiet
fi
