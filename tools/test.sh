#!/usr/bin/env bash
# Installs what is missing, then builds and runs every test twice: in the Release build and under
# AddressSanitizer + UndefinedBehaviorSanitizer (but for the games in XBoard, which are played on the clock, the
# package's test, which tests the package, not the code, and the generation of a whole set of tablebases, whose
# small tables the unit tests solve there); the multithreaded tests also run under
# ThreadSanitizer; the wasm engine and the browser page are tested under Node and in headless Chromium; the
# Windows engine (shuai.exe, cross-compiled) is tested under Wine against the native one.
# Exits non-zero if anything fails.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/tools/setup.sh"
jobs=$(nproc)
# Each part's time, printed at the end: CI must stay within 40 minutes, and this says where they go.
timings="" part_name="" part_start=$SECONDS
part() {
  [ -z "$part_name" ] || timings+="$part_name $(((SECONDS - part_start) / 60))m$(((SECONDS - part_start) % 60))s, "
  part_name=$1 part_start=$SECONDS
  [ "$1" = "end" ] || echo "== $2"
}

part release "Release build"
"$root/tools/build.sh" build -DCMAKE_BUILD_TYPE=Release
ctest --no-tests=error --test-dir "$root/build" --output-on-failure -j "$jobs"

part web "WebAssembly: the engine under Node and the page in headless Chromium"
bash "$root/tests/web/run.sh"

part windows "Windows: shuai.exe under Wine against the native program"
bash "$root/tools/windows/test.sh"

part sanitizers "ASan+UBSan build"
"$root/tools/build.sh" build-sanitize -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSHUAI_SANITIZERS=address,undefined
ctest --no-tests=error --test-dir "$root/build-sanitize" --output-on-failure -j "$jobs" -LE "xboard|package|tablebase"

part threads "ThreadSanitizer build (the tests of code that runs on several threads)"
# Only the test program (and the programs it runs): the threaded tests need nothing else.
"$root/tools/build.sh" build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSHUAI_SANITIZERS=thread -- shuai_tests
TSAN_OPTIONS=halt_on_error=1 ctest --no-tests=error --test-dir "$root/build-tsan" --output-on-failure -j "$jobs" -L threads

part fuzzing "Fuzzing (libFuzzer, a short run of each target from its seed corpus)"
# Only the fuzz targets and the libraries they link: the tests already ran in the builds above.
fuzz_targets=(fuzz_fen fuzz_commands)
CXX=clang++ "$root/tools/build.sh" build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSHUAI_FUZZ=ON \
  -DSHUAI_SANITIZERS=address,undefined -- "${fuzz_targets[@]}"
for target in "${fuzz_targets[@]}"; do
  corpus=$(mktemp -d)
  cp "$root/tests/fuzz/corpus/${target#fuzz_}/"* "$corpus/"
  "$root/build-fuzz/bin/$target" -max_total_time="${SHUAI_FUZZ_SECONDS:-20}" -timeout=20 -rss_limit_mb=4096 \
    -artifact_prefix="$root/build-fuzz/" \
    "$corpus" 2>&1 | tail -n 1
  rm -rf "$corpus"
done
part end
echo "time by part: ${timings%, } (all: $((SECONDS / 60))m$((SECONDS % 60))s)"
