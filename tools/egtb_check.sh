#!/usr/bin/env bash
# The tablebase check of the test command: generates the tables with one attacking piece ("one" set: each made
# only after its subtables and checked against its children before it is written), reads every file back
# through its checksum, then confirms wins up to five moves with Debian's Fairy-Stockfish: random won
# positions of the endgames where the loser has only its king (so a conversion is a mate), each searched until
# Fairy-Stockfish reports a mate, which must take exactly the table's plies.
#   usage: tools/egtb_check.sh SHUAI FOLDER [POSITIONS]
# Exits 77 (skipped) when Fairy-Stockfish cannot be installed.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
shuai=$1
folder=$2
positions=${3:-10}

"$shuai" egtb generate --set one --folder "$folder" | tail -n 1
"$shuai" egtb stats --set one --folder "$folder" | tail -n +2 | wc -l | xargs -I{} echo "{} table files read back"

"$root/tools/setup.sh" fairy-stockfish || exit 77
fairy=$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)
[ -x "$fairy" ] || exit 77

samples=$(mktemp)
trap 'rm -f "$samples"' EXIT
"$shuai" egtb sample --endgame KRvK --endgame KNvK --endgame KPvK --count "$positions" --longest 9 --seed 77 \
  --folder "$folder" > "$samples"

coproc FAIRY { "$fairy" 2>&1; }
send() { echo "$1" >&"${FAIRY[1]}"; }
send "uci"
send "setoption name UCI_Variant value xiangqi"
checked=0
wrong=0
while IFS=';' read -r fen plies; do
  send "position fen $fen"
  # Deep enough for a stalemate found late, which also loses.
  send "go depth $((2 * plies + 16))"
  mate=""
  while IFS= read -r line <&"${FAIRY[0]}"; do
    [[ $line =~ score\ mate\ (-?[0-9]+) ]] && mate=${BASH_REMATCH[1]}
    [[ $line == bestmove* ]] && break
  done
  checked=$((checked + 1))
  if [ "$mate" != "$(((plies + 1) / 2))" ]; then
    wrong=$((wrong + 1))
    echo "mismatch: $fen: table wins in $plies plies, Fairy-Stockfish says mate ${mate:-none}"
  fi
done < "$samples"
send "quit"
echo "Fairy-Stockfish confirmed $((checked - wrong)) of $checked tablebase wins (up to 9 plies)"
[ "$checked" -gt 0 ] && [ "$wrong" -eq 0 ]
