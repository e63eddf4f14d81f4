#!/usr/bin/env bash
# Installs what is missing, builds the Release engine alone (the test command builds the rest) and starts it:
#   bash tools/run.sh [shuai arguments...]
# What it is doing goes to standard error, so that standard output stays the engine's.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
echo "run.sh: checking the packages the build needs (apt-get installs any that are missing)" >&2
"$root/tools/setup.sh"
echo "run.sh: building the engine, build/bin/shuai (Release; the first build takes a few minutes)" >&2
SHUAI_BUILD_PROGRESS=1 "$root/tools/build.sh" build -DCMAKE_BUILD_TYPE=Release -- shuai
[ $# -eq 0 ] && echo "run.sh: starting the engine: type ucci, uci or xboard to begin, quit to leave" >&2
exec "$root/build/bin/shuai" "$@"
