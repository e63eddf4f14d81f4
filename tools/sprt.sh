#!/usr/bin/env bash
# Tests the working tree against an earlier revision in games: builds BASE_REVISION into its own folder
# (sprt/<commit>/, kept for the next test against it), builds the working tree, copies both engines aside (so
# a rebuild during the test changes nothing), and runs shuai-match --sprt between them over
# positions/openings.fen, one thread and 16 MB each, two games at a time.
#   usage: tools/sprt.sh BASE_REVISION [shuai-match options...]
# Defaults: --tc 2+0.02 --games 2000 --sprt elo0=0,elo1=10,alpha=0.05,beta=0.05 (a gainer); pass e.g.
# --sprt elo0=-10,elo1=0,alpha=0.05,beta=0.05 for a simplification, or any other shuai-match option (later
# options win; `--sprt off --games N` plays a fixed match instead). PGN goes to sprt/<name>.pgn; the report
# ends with W/D/L, Elo +- (pentanomial) and the LLR.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if [ $# -lt 1 ] || [ "$1" = "-h" ] || [ "$1" = "--help" ]; then
  sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi
base=$(git -C "$root" rev-parse --verify --quiet "$1^{commit}") || { echo "sprt.sh: unknown revision '$1'" >&2; exit 2; }
shift
"$root/tools/setup.sh"

base_dir="$root/sprt/${base:0:12}"
if [ ! -x "$base_dir/build/bin/shuai" ]; then
  echo "== building the base revision ${base:0:12} in $base_dir"
  rm -rf "$base_dir"
  mkdir -p "$base_dir"
  git -C "$root" archive "$base" | tar -x -C "$base_dir"
  cmake -S "$base_dir" -B "$base_dir/build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build "$base_dir/build" --target shuai -- --quiet
fi
echo "== building the working tree"
[ -f "$root/build/build.ninja" ] || cmake -S "$root" -B "$root/build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$root/build" --target shuai shuai-match -- --quiet

run_dir=$(mktemp -d "$root/sprt/run-XXXXXX")
trap 'rm -rf "$run_dir"' EXIT
cp "$root/build/bin/shuai" "$run_dir/new"
cp "$base_dir/build/bin/shuai" "$run_dir/base"
cp "$root/build/bin/shuai-match" "$run_dir/shuai-match"
name="$(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet HEAD || echo '+')-vs-${base:0:7}"
echo "== $name"
"$run_dir/shuai-match" \
  --engine "name=New,cmd=$run_dir/new,proto=ucci,hashsize=16" \
  --engine "name=Base,cmd=$run_dir/base,proto=ucci,hashsize=16" \
  --openings "$root/positions/openings.fen" --concurrency 2 --seed "$RANDOM" \
  --tc 2+0.02 --games 2000 --sprt elo0=0,elo1=10,alpha=0.05,beta=0.05 \
  --pgn "$root/sprt/$name.pgn" "$@"
