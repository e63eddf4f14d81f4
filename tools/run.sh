#!/usr/bin/env bash
# Installs what is missing, builds the Release engine and starts it: bash tools/run.sh [shuai arguments...]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/tools/setup.sh"
"$root/tools/build.sh" build -DCMAKE_BUILD_TYPE=Release
exec "$root/build/bin/shuai" "$@"
