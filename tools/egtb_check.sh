#!/usr/bin/env bash
# The tablebase check of the test command: generates the tables with one attacking piece ("one" set: each made
# only after its subtables and checked against its children before it is written), reads every file back
# through its checksum, then confirms wins up to five moves with Debian's Fairy-Stockfish: random won
# positions of the endgames where the loser has only its king (so a conversion is a mate), each searched until
# Fairy-Stockfish reports a mate, which must take exactly the table's plies.
#   usage: tools/egtb_check.sh SHUAI FOLDER [POSITIONS] [ENDGAMES]
# ENDGAMES (default KRvK,KNvK,KPvK) are the endgames sampled (with their subtables), whose tables must be in
# FOLDER. With one attacking piece a capture by the lone king draws, so every win converts by mate and the mate
# must take exactly the table's plies. With two (e.g. KRNvK,KNNvK,KCPvK, once `egtb generate --set one-sided` has
# made them) the king may take one piece and still lose, a conversion before the mate, and Fairy-Stockfish's
# search does not always find the shortest mate: there the mate must come at or after the table's plies.
# Exits 77 (skipped) when Fairy-Stockfish cannot be installed.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
shuai=$1
folder=$2
positions=${3:-10}
endgames=${4:-KRvK,KNvK,KPvK}
exact_only=$([ $# -lt 4 ] && echo 1 || echo 0)

"$shuai" egtb generate --set one --folder "$folder" | tail -n 1
"$shuai" egtb stats --set one --folder "$folder" | tail -n +2 | wc -l | xargs -I{} echo "{} table files read back"

"$root/tools/setup.sh" fairy-stockfish || exit 77
fairy=$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)
[ -x "$fairy" ] || exit 77

samples=$(mktemp)
trap 'rm -f "$samples"' EXIT
endgame_options=()
for endgame in ${endgames//,/ }; do endgame_options+=(--endgame "$endgame"); done
"$shuai" egtb sample "${endgame_options[@]}" --count "$positions" --longest 9 --seed 77 --folder "$folder" > "$samples"

coproc FAIRY { "$fairy" 2>&1; }
send() { echo "$1" >&"${FAIRY[1]}"; }
send "uci"
send "setoption name UCI_Variant value xiangqi"
checked=0
wrong=0
later=0
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
  mate_plies=$([[ $mate =~ ^[0-9]+$ ]] && [ "$mate" -gt 0 ] && echo $((2 * mate - 1)) || echo 0)
  if [ "$mate_plies" -gt "$plies" ] && [ "$exact_only" = 0 ]; then
    later=$((later + 1))
  elif [ "$mate_plies" != "$plies" ]; then
    wrong=$((wrong + 1))
    echo "mismatch: $fen: table wins in $plies plies, Fairy-Stockfish says mate ${mate:-none}"
  fi
done < "$samples"
send "quit"
echo "Fairy-Stockfish confirmed $((checked - wrong)) of $checked tablebase wins (up to 9 plies)$(
  [ "$exact_only" = 1 ] || echo ": $((checked - wrong - later)) mated in the table's plies, $later later")"
[ "$checked" -gt 0 ] && [ "$wrong" -eq 0 ]
