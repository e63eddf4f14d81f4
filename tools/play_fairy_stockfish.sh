#!/usr/bin/env bash
# Plays one game between Shuai and Debian's Fairy-Stockfish (UCI, variant xiangqi) and prints Shuai's side of the
# conversation, every line sent and received. Until the match runner exists, this is the end-to-end session check.
#   usage: tools/play_fairy_stockfish.sh [ucci|uci] [movetime-ms] [max-plies]
# Shuai plays Red. The game ends at a move-less position (checkmate or stalemate: the side to move loses) or at
# max-plies; repetition rules are not judged here (the match runner does that).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
protocol=${1:-ucci}
movetime=${2:-200}
max_plies=${3:-60}
case "$protocol" in ucci | uci) ;; *) echo "protocol must be ucci or uci" >&2; exit 2 ;; esac

"$root/tools/setup.sh"
"$root/tools/setup.sh" fairy-stockfish
fairy=$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)
"$root/tools/build.sh" build -DCMAKE_BUILD_TYPE=Release

coproc SHUAI { "$root/build/bin/shuai"; }
coproc FAIRY { "$fairy"; }

to_shuai() { echo ">> $1"; echo "$1" >&"${SHUAI[1]}"; }
# Reads Shuai's lines until one starts with $1, echoing them; the match is left in $line.
from_shuai_until() {
  while IFS= read -r -t 30 line <&"${SHUAI[0]}"; do
    echo "<< $line"
    [[ "$line" == "$1"* ]] && return 0
  done
  echo "no '$1' from Shuai within 30 s" >&2
  exit 1
}
to_fairy() { echo "$1" >&"${FAIRY[1]}"; }
from_fairy_until() {
  while IFS= read -r -t 30 line <&"${FAIRY[0]}"; do [[ "$line" == "$1"* ]] && return 0; done
  echo "no '$1' from Fairy-Stockfish within 30 s" >&2
  exit 1
}
# Fairy-Stockfish numbers xiangqi ranks 1-10; ICCS numbers them 0-9.
fairy_to_iccs() { [[ "$1" =~ ^([a-i])([0-9]+)([a-i])([0-9]+)$ ]] && echo "${BASH_REMATCH[1]}$((BASH_REMATCH[2] - 1))${BASH_REMATCH[3]}$((BASH_REMATCH[4] - 1))"; }
iccs_to_fairy() { [[ "$1" =~ ^([a-i])([0-9])([a-i])([0-9])$ ]] && echo "${BASH_REMATCH[1]}$((BASH_REMATCH[2] + 1))${BASH_REMATCH[3]}$((BASH_REMATCH[4] + 1))"; }

to_fairy "uci"
from_fairy_until "uciok"
to_fairy "setoption name UCI_Variant value xiangqi"
to_fairy "isready"
from_fairy_until "readyok"

to_shuai "$protocol"
from_shuai_until "${protocol}ok"
if [ "$protocol" = ucci ]; then to_shuai "setoption usemillisec true"; fi
to_shuai "isready"
from_shuai_until "readyok"

moves=()       # ICCS
fairy_moves=() # Fairy-Stockfish's spelling
result="unfinished after $max_plies plies"
for ((ply = 0; ply < max_plies; ply++)); do
  if ((ply % 2 == 0)); then
    to_shuai "position startpos${moves:+ moves ${moves[*]}}"
    if [ "$protocol" = ucci ]; then to_shuai "go time $((movetime * 30)) increment 0"; else to_shuai "go movetime $movetime"; fi
    from_shuai_until "$([ "$protocol" = ucci ] && echo "" || echo "bestmove")"
    while [[ "$line" != bestmove* && "$line" != nobestmove* ]]; do from_shuai_until ""; done
    if [[ "$line" == nobestmove* || "$line" == "bestmove (none)"* ]]; then result="0-1 (Red has no legal move)"; break; fi
    move=$(echo "$line" | cut -d' ' -f2)
    moves+=("$move")
    fairy_moves+=("$(iccs_to_fairy "$move")")
  else
    to_fairy "position startpos moves ${fairy_moves[*]}"
    to_fairy "go movetime $movetime"
    from_fairy_until "bestmove"
    reply=$(echo "$line" | cut -d' ' -f2)
    if [ "$reply" = "(none)" ]; then result="1-0 (Black has no legal move)"; break; fi
    fairy_moves+=("$reply")
    moves+=("$(fairy_to_iccs "$reply")")
  fi
done
to_shuai "quit"
[ "$protocol" = ucci ] && from_shuai_until "bye"
to_fairy "quit"
wait "$SHUAI_PID" 2>/dev/null || true
echo "moves: ${moves[*]}"
echo "result: $result"
