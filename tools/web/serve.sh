#!/usr/bin/env bash
# Builds what is missing (the wasm engine with threads and without) and serves the page on 127.0.0.1 with the
# headers that give it the engine's threads. Open the address it prints in a browser.
#   usage: bash tools/web/serve.sh [PORT]     (default 8080)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
port=${1:-8080}
if ! [[ $port =~ ^[0-9]+$ ]] || [ "$port" -lt 1 ] || [ "$port" -gt 65535 ]; then
  echo "serve.sh: the port is a number from 1 to 65535, not '$port'" >&2
  exit 2
fi
bash "$root/tools/web/build.sh"
exec python3 "$root/tools/web/server.py" "$port" "$root"
