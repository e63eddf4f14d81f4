#!/usr/bin/env bash
# The win/draw/loss model's fit (docs/win-draw-loss.md): Shuai plays itself GAMES games at TC from the
# ordinary openings (positions/openings.fen, one thread and 16 MB each, two games at a time), and
# `shuai-tune wdl` fits the model to the scores and results of those games and of any earlier match records
# given (shuai-match PGN), holding every fourth game out for the check. It writes the positions read to
# positions/wdl-games.txt (the fit's data: `shuai-tune wdl positions/wdl-games.txt` fits it again) and the
# calibration plot to docs/wdl-calibration.svg, and prints the parameters for search/win_draw_loss.cpp.
#   usage: tools/wdl_fit.sh [GAMES] [TC] [PGN...]
# GAMES defaults to 400 (0 plays none), TC to 5+0.05.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if [ "${1:-}" = "-h" ] || [ "${1:-}" = "--help" ]; then
  sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi
games=${1:-400}
tc=${2:-5+0.05}
shift $(($# < 2 ? $# : 2))
[[ "$games" =~ ^[0-9]+$ ]] || { echo "wdl_fit.sh: GAMES is a count, not '$games'" >&2; exit 2; }
"$root/tools/build.sh" build -DCMAKE_BUILD_TYPE=Release >/dev/null
out="$root/matches"
mkdir -p "$out"
records=("$@")
if [ "$games" -gt 0 ]; then
  shuai="$out/wdl-shuai"
  cp "$root/build/bin/shuai" "$shuai"
  rm -f "$out/wdl-selfplay.pgn"
  echo "== $games games of Shuai against itself at $tc"
  "$root/build/bin/shuai-match" --engine "name=A,cmd=$shuai,proto=ucci,hashsize=16" \
    --engine "name=B,cmd=$shuai,proto=ucci,hashsize=16" --tc "$tc" --games "$games" --concurrency 2 \
    --openings "$root/positions/openings.fen" --seed 7 --pgn "$out/wdl-selfplay.pgn" | tail -n 3
  records+=("$out/wdl-selfplay.pgn")
fi
[ ${#records[@]} -gt 0 ] || { echo "wdl_fit.sh: no games to fit (GAMES is 0 and no PGN given)" >&2; exit 2; }
"$root/build/bin/shuai-tune" wdl --save "$root/positions/wdl-games.txt" --plot "$root/docs/wdl-calibration.svg" \
  "${records[@]}"
