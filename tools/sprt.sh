#!/usr/bin/env bash
# Tests the working tree against an earlier revision in games: builds BASE_REVISION into its own folder
# (sprt/<commit>/, kept for the next test against it), builds the working tree, copies both engines aside (so
# a rebuild during the test changes nothing), and runs shuai-match --sprt between them over
# positions/openings.fen, one thread and 16 MB each, two games at a time.
#   usage: tools/sprt.sh BASE_REVISION [--new-parameters FILE] [--base-parameters FILE]
#                        [--new-evaluation FILE] [--base-evaluation FILE] [--hash MB]
#                        [--new-threads N] [--base-time-factor K] [shuai-match options...]
# BASE_REVISION "." plays the working tree's engine on both sides: with search parameter files
# (--new-parameters, --base-parameters: `setoption searchparameterfile`, copied aside too) or evaluation
# parameter files (--new-evaluation, --base-evaluation: `setoption parameterfile`), one build tests a change
# of constants, weights or a switch against the defaults; --hash sets both engines' table (default 16 MB).
# Threads judged by games: --new-threads N gives the new engine N threads (and plays one game at a time, so
# that it has the cores), --base-time-factor K gives the base K times the match's clock, base and increment
# (`tc=` in its spec): e.g. `tools/sprt.sh . --new-threads 2 --base-time-factor 2 --hash 64 --tc 5+0.05
# --games 200 --sprt off` plays two threads against one thread at twice the time.
# Defaults: --tc 2+0.02 --games 2000 --sprt elo0=0,elo1=10,alpha=0.05,beta=0.05 (a gainer); pass e.g.
# --sprt elo0=-10,elo1=0,alpha=0.05,beta=0.05 for a simplification, or any other shuai-match option (later
# options win; `--sprt off --games N` plays a fixed match; --tc 5+0.05 for a confirmation). PGN goes to
# sprt/<name>.pgn; the report ends with W/D/L, Elo +- (pentanomial) and the LLR.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if [ $# -lt 1 ] || [ "$1" = "-h" ] || [ "$1" = "--help" ]; then
  sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi
revision=$1
shift
new_parameters="" base_parameters="" new_evaluation="" base_evaluation="" hash=16 new_threads="" time_factor=""
while [ $# -ge 2 ] && [[ "$1" =~ ^--(new|base)-(parameters|evaluation)$|^--(hash|new-threads|base-time-factor)$ ]]; do
  if [ "$1" = "--hash" ]; then
    [[ "$2" =~ ^[0-9]+$ ]] && [ "$2" -ge 1 ] || { echo "sprt.sh: --hash takes megabytes, not '$2'" >&2; exit 2; }
    hash=$2
  elif [ "$1" = "--new-threads" ]; then
    [[ "$2" =~ ^[0-9]+$ ]] && [ "$2" -ge 1 ] && [ "$2" -le 512 ] ||
      { echo "sprt.sh: --new-threads takes 1 to 512 threads, not '$2'" >&2; exit 2; }
    new_threads=$2
  elif [ "$1" = "--base-time-factor" ]; then
    [[ "$2" =~ ^[0-9]+([.][0-9]+)?$ ]] && awk -v k="$2" 'BEGIN { exit !(k > 0) }' ||
      { echo "sprt.sh: --base-time-factor takes a positive number, not '$2'" >&2; exit 2; }
    time_factor=$2
  else
    [ -r "$2" ] || { echo "sprt.sh: cannot read parameter file '$2'" >&2; exit 2; }
    case "$1" in
      --new-parameters) new_parameters=$(realpath "$2") ;;
      --base-parameters) base_parameters=$(realpath "$2") ;;
      --new-evaluation) new_evaluation=$(realpath "$2") ;;
      --base-evaluation) base_evaluation=$(realpath "$2") ;;
    esac
  fi
  shift 2
done
if [ "$revision" != "." ]; then
  base=$(git -C "$root" rev-parse --verify --quiet "$revision^{commit}") ||
    { echo "sprt.sh: unknown revision '$revision'" >&2; exit 2; }
fi
"$root/tools/setup.sh"

if [ "$revision" != "." ]; then
  base_dir="$root/sprt/${base:0:12}"
  if [ ! -x "$base_dir/build/bin/shuai" ]; then
    echo "== building the base revision ${base:0:12} in $base_dir"
    rm -rf "$base_dir"
    mkdir -p "$base_dir"
    git -C "$root" archive "$base" | tar -x -C "$base_dir"
    cmake -S "$base_dir" -B "$base_dir/build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
    cmake --build "$base_dir/build" --target shuai -- --quiet
  fi
fi
echo "== building the working tree"
[ -f "$root/build/build.ninja" ] || cmake -S "$root" -B "$root/build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$root/build" --target shuai shuai-match -- --quiet

mkdir -p "$root/sprt"
run_dir=$(mktemp -d "$root/sprt/run-XXXXXX")
trap 'rm -rf "$run_dir"' EXIT
cp "$root/build/bin/shuai" "$run_dir/new"
if [ "$revision" = "." ]; then cp "$root/build/bin/shuai" "$run_dir/base"; else cp "$base_dir/build/bin/shuai" "$run_dir/base"; fi
cp "$root/build/bin/shuai-match" "$run_dir/shuai-match"
# engine_option FILE COPY OPTION: copies FILE aside as COPY.txt and prints ",OPTION=<the copy>" (nothing
# without a FILE), for the engine's option list.
engine_option() {
  [ -n "$1" ] || return 0
  cp "$1" "$run_dir/$2.txt"
  printf ',%s=%s' "$3" "$run_dir/$2.txt"
}
new_options="$(engine_option "$new_parameters" new-parameters searchparameterfile)$(engine_option \
  "$new_evaluation" new-evaluation parameterfile)"
base_options="$(engine_option "$base_parameters" base-parameters searchparameterfile)$(engine_option \
  "$base_evaluation" base-evaluation parameterfile)"
# The match's clock is the last --tc given (the default's unless the caller's options name one); the base's own
# clock, with --base-time-factor, is it times K.
time_control=2+0.02
previous=""
for argument in "$@"; do
  [ "$previous" = "--tc" ] && time_control=$argument
  previous=$argument
done
if [ -n "$new_threads" ]; then new_options="$new_options,threads=$new_threads"; fi
if [ -n "$time_factor" ]; then
  [[ "$time_control" =~ ^([0-9.]+)(\+([0-9.]+))?$ ]] ||
    { echo "sprt.sh: --base-time-factor needs --tc BASE+INC, not '$time_control'" >&2; exit 2; }
  base_options="$base_options,tc=$(awk -v k="$time_factor" -v base="${BASH_REMATCH[1]}" \
    -v increment="${BASH_REMATCH[3]:-0}" 'BEGIN { printf "%g+%g", base * k, increment * k }')"
fi
head_name="$(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet HEAD || echo '+')"
new_name="$head_name${new_parameters:+-$(basename "$new_parameters" .txt)}${new_evaluation:+-$(basename "$new_evaluation" .txt)}"
if [ "$revision" = "." ]; then base_name="$head_name"; else base_name="${base:0:7}"; fi
base_name="$base_name${base_parameters:+-$(basename "$base_parameters" .txt)}${base_evaluation:+-$(basename "$base_evaluation" .txt)}"
new_name="$new_name${new_threads:+-${new_threads}threads}"
base_name="$base_name${time_factor:+-${time_factor}xtime}"
name="$new_name-vs-$base_name"
echo "== $name"
"$run_dir/shuai-match" \
  --engine "name=New,cmd=$run_dir/new,proto=ucci,hashsize=$hash$new_options" \
  --engine "name=Base,cmd=$run_dir/base,proto=ucci,hashsize=$hash$base_options" \
  --openings "$root/positions/openings.fen" --concurrency "$([ -n "$new_threads" ] && echo 1 || echo 2)" \
  --seed "$RANDOM" \
  --tc 2+0.02 --games 2000 --sprt elo0=0,elo1=10,alpha=0.05,beta=0.05 \
  --pgn "$root/sprt/$name.pgn" "$@"
