#!/usr/bin/env bash
# The strength measurements quoted in the README: Shuai against itself, against Debian's Fairy-Stockfish, MHT on
# against off, evaluation knowledge large against small, and 2 search threads against 1 (one game at a time, so
# the 2-thread engine has both cores). Each is 200 games over positions/openings.fen. `rules` (not in the
# default set) is the Asian-rules check: 100 games at 5+0.05 against Fairy-Stockfish, which applies its own
# chase rules, refereed by Shuai's judge; its terminations table shows every game lost by a rule. `fairy-fast`
# (not in the default set) is 200 games at 5+0.05 against Fairy-Stockfish with 64 MB, issue 16's measure.
#   usage: tools/strength_matches.sh [self|fairy|fairy-fast|mht|knowledge|threads|rules]...   (default: the first five)
# Each match prints a progress line per game, then its report; PGN goes to matches/<name>.pgn.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/tools/setup.sh"
"$root/tools/build.sh" build -DCMAKE_BUILD_TYPE=Release
shuai="$root/build/bin/shuai"
match="$root/build/bin/shuai-match"
mkdir -p "$root/matches"
common=(--games 200 --concurrency 2 --openings "$root/positions/openings.fen" --seed 1)

run() {
  local name=$1
  shift
  rm -f "$root/matches/$name.pgn"
  echo "== $name: shuai-match $*"
  "$match" "${common[@]}" "$@" --pgn "$root/matches/$name.pgn"
}

fairy_stockfish() {
  "$root/tools/setup.sh" fairy-stockfish
  command -v fairy-stockfish || echo /usr/games/fairy-stockfish
}

for which in "${@:-self fairy mht knowledge threads}"; do
  for name in $which; do
    case "$name" in
      self) run self --engine "name=Shuai-A,cmd=$shuai,proto=ucci" --engine "name=Shuai-B,cmd=$shuai,proto=ucci" \
        --tc 2+0.02 ;;
      rules) run rules --games 100 --engine "name=Shuai,cmd=$shuai,proto=ucci" \
        --engine "name=Fairy-Stockfish,cmd=$(fairy_stockfish),proto=uci,Threads=1,Hash=64" --tc 5+0.05 ;;
      fairy-fast) run fairy-fast --engine "name=Shuai,cmd=$shuai,proto=ucci" \
        --engine "name=Fairy-Stockfish,cmd=$(fairy_stockfish),proto=uci,Threads=1,Hash=64" --tc 5+0.05 ;;
      fairy) run fairy --engine "name=Shuai,cmd=$shuai,proto=ucci" \
        --engine "name=Fairy-Stockfish,cmd=$(fairy_stockfish),proto=uci,Threads=1" --tc 10+0.1 ;;
      mht) run mht --engine "name=MHT-on,cmd=$shuai,proto=ucci" \
        --engine "name=MHT-off,cmd=$shuai,proto=ucci,minorshashsize=0" --tc 2+0.02 ;;
      threads) run threads --engine "name=Threads-2,cmd=$shuai,proto=ucci,threads=2" \
        --engine "name=Threads-1,cmd=$shuai,proto=ucci,threads=1" --tc 2+0.02 --concurrency 1 ;;
      knowledge) run knowledge --engine "name=Knowledge-large,cmd=$shuai,proto=ucci,knowledge=large" \
        --engine "name=Knowledge-small,cmd=$shuai,proto=ucci,knowledge=small" --tc 2+0.02 ;;
      *) echo "unknown match '$name': self, fairy, fairy-fast, mht, knowledge, threads or rules" >&2; exit 2 ;;
    esac
  done
done
