#!/usr/bin/env bash
# The browser's engine and page (README, "Shuai in the browser"), after the native Release build: builds the
# wasm engine with threads and without, compares both with the native program under Node (bench signature,
# UCCI and UCI sessions), then serves the page on a free port of 127.0.0.1 and drives it in headless Chromium
# (tests/web/page_test.mjs; screenshot in build-wasm/page.png). Installs emscripten, chromium and the
# driver (puppeteer-core, from npm, which downloads no browser) when missing. Exits non-zero on any failure.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
command -v python3 >/dev/null || "$root/tools/setup.sh" python3
command -v npm >/dev/null || "$root/tools/setup.sh" nodejs npm  # NodeSource's Node.js brings its own npm
bash "$root/tools/web/build.sh"

echo "-- the wasm engine under Node against the native program"
node "$root/tests/web/wasm_engine_test.mjs" "$root/build/bin/shuai" "$root/build-wasm/bin/shuai.js" \
  "$root/build-wasm-single/bin/shuai-single.js"

echo "-- the page in headless Chromium"
"$root/tools/setup.sh" chromium
(cd "$root/tests/web" && npm ci --no-audit --no-fund --silent)
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 "$root/tools/web/server.py" "$port" "$root" >/dev/null &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 50); do
  python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/')" 2>/dev/null && break
  sleep 0.2
done
node "$root/tests/web/page_test.mjs" "http://127.0.0.1:$port/" "$root/build-wasm/page.png"
