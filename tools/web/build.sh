#!/usr/bin/env bash
# Builds the wasm engine twice (installing emscripten and fmt's headers with apt-get when missing):
# build-wasm/bin/shuai.{js,wasm,worker.js} with threads, for a cross-origin isolated page, and
# build-wasm-single/bin/shuai-single.{js,wasm}, one thread, for any other page. Incremental.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
"$root/tools/setup.sh" emscripten libfmt-dev ninja-build cmake
# Debian's emscripten finds its JavaScript helpers (acorn) in Debian's Node.js folder; a Node.js from
# elsewhere (NodeSource's) is told where they are.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
for flavour in "build-wasm ON" "build-wasm-single OFF"; do
  set -- $flavour
  if [ ! -f "$root/$1/build.ninja" ]; then
    # emcmake prints the command it runs; only a failure's output is shown.
    if ! output=$(emcmake cmake -S "$root" -B "$root/$1" -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DSHUAI_WEB_THREADS="$2" 2>&1); then
      echo "$output" >&2
      exit 1
    fi
  fi
  cmake --build "$root/$1" -- --quiet
done
