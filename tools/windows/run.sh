#!/usr/bin/env bash
# Builds shuai.exe when needed (tools/windows/build.sh) and starts it under Wine, as tools/run.sh starts the
# native engine; installs MinGW-w64 and Wine when missing (docs/windows.md).
#   usage: tools/windows/run.sh [shuai arguments...]
# What it is doing goes to standard error, so that standard output stays the engine's. The Wine prefix is
# build-windows/wine-prefix unless WINEPREFIX names another; its first start takes a few seconds.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
"$root/tools/setup.sh" wine64
echo "windows/run.sh: building build-windows/bin/shuai.exe (the first build takes a few minutes)" >&2
bash "$root/tools/windows/build.sh" build-windows >/dev/null
export WINEPREFIX=${WINEPREFIX:-$root/build-windows/wine-prefix} WINEDEBUG=${WINEDEBUG:--all}
wine=/usr/lib/wine/wine64  # Debian's wine64 keeps its program in wine's library folder, off PATH
[ -x "$wine" ] || wine=$(command -v wine64)
exec "$wine" "$root/build-windows/bin/shuai.exe" "$@"
