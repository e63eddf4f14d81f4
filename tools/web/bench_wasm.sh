#!/usr/bin/env bash
# Speed of the wasm engine against the native program on the same positions, as ratios (README, "Shuai in the
# browser"): nodes per second of `shuai bench` (one thread, positions/bench.fen) and of `shuai bench smp`'s
# two-thread search, each native run followed by the same run of the wasm build under Node, ROUNDS times; the
# medians and their ratio. Builds what is missing.
#   usage: bash tools/web/bench_wasm.sh [ROUNDS] [DEPTH]      (defaults 3 and 11)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
rounds=${1:-3}
depth=${2:-11}
"$root/tools/build.sh" build -DCMAKE_BUILD_TYPE=Release
bash "$root/tools/web/build.sh"
native=("$root/build/bin/shuai")
wasm=(node --no-experimental-fetch "$root/tools/web/node_engine.js" "$root/build-wasm/bin/shuai.js")

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
one_thread() { "$@" bench --depth "$depth" | awk '/^Nodes\/second/ { print $3 }'; }
two_threads() { "$@" bench smp --depth "$depth" --threads 2 | sed -n 's/.*nps ratio: .*(\([0-9]*\) vs.*/\1/p'; }

for measure in one_thread two_threads; do
  : >/tmp/shuai-bench-native.$$ && : >/tmp/shuai-bench-wasm.$$
  for ((round = 1; round <= rounds; ++round)); do
    $measure "${native[@]}" >>/tmp/shuai-bench-native.$$
    $measure "${wasm[@]}" >>/tmp/shuai-bench-wasm.$$
  done
  native_nps=$(median </tmp/shuai-bench-native.$$)
  wasm_nps=$(median </tmp/shuai-bench-wasm.$$)
  label=$([ $measure = one_thread ] && echo "1 thread " || echo "2 threads")
  awk -v label="$label" -v n="$native_nps" -v w="$wasm_nps" -v r="$rounds" -v d="$depth" 'BEGIN {
    printf "%s depth %d, median of %d: native %9.0f nodes/s, wasm %9.0f nodes/s, wasm/native %.2f\n", label, d, r, n, w, w / n }'
done
rm -f /tmp/shuai-bench-native.$$ /tmp/shuai-bench-wasm.$$
