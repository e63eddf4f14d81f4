#!/usr/bin/env bash
# Installs what is missing, then builds and runs every test twice: in the Release build and under
# AddressSanitizer + UndefinedBehaviorSanitizer; the multithreaded tests also run under ThreadSanitizer.
# Exits non-zero if anything fails.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/tools/setup.sh"
jobs=$(nproc)

echo "== Release build"
"$root/tools/build.sh" build -DCMAKE_BUILD_TYPE=Release
ctest --no-tests=error --test-dir "$root/build" --output-on-failure -j "$jobs"

echo "== ASan+UBSan build"
"$root/tools/build.sh" build-sanitize -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSHUAI_SANITIZERS=address,undefined
ctest --no-tests=error --test-dir "$root/build-sanitize" --output-on-failure -j "$jobs"

echo "== ThreadSanitizer build (the tests of code that runs on several threads)"
"$root/tools/build.sh" build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSHUAI_SANITIZERS=thread
TSAN_OPTIONS=halt_on_error=1 ctest --no-tests=error --test-dir "$root/build-tsan" --output-on-failure -j "$jobs" -L threads
