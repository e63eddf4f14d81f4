#!/usr/bin/env bash
# Configures (once) and builds one build tree. Usage: tools/build.sh DIR [extra cmake -D options...]
# Incremental: a second call with nothing changed does no work.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=$1
shift
if [ ! -f "$root/$dir/build.ninja" ]; then
  cmake -S "$root" -B "$root/$dir" -G Ninja "$@" >/dev/null
fi
cmake --build "$root/$dir" -- --quiet
