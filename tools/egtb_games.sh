#!/usr/bin/env bash
# What the tablebases are worth in play (docs/tablebases.md, "In play"): Shuai with tables against Shuai
# without. First the source games: Shuai against itself at 2+0.02 from the endgame positions of engine games
# (majors buckets 0-3, 4-6 and 7-8 of positions/phases-public.tsv and positions/phases-selfplay.tsv), each played
# twice with colours swapped. `shuai egtb approaches` takes from each source game that reaches an endgame of
# SETS the position PLIES plies before; those are the openings of the measure, each played twice at TC. Then
# the same two engines from the ordinary openings (positions/openings.fen), where the tables are rarely
# reached and must cost nothing.
#   usage: tools/egtb_games.sh FOLDER [SETS] [PLIES] [ORDINARY_GAMES] [TC]
# FOLDER holds the tables (folders joined by ';' as in `egtbpaths`); SETS defaults to one,two-sided, PLIES to 8,
# ORDINARY_GAMES to 100 (0 skips that match), TC to 5+0.05. Games and positions go to matches/egtb-*.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if [ $# -lt 1 ] || [ "$1" = "-h" ] || [ "$1" = "--help" ]; then
  sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi
folder=$1
sets=${2:-one,two-sided}
plies=${3:-8}
ordinary_games=${4:-100}
tc=${5:-5+0.05}
"$root/tools/build.sh" build -DCMAKE_BUILD_TYPE=Release >/dev/null
out="$root/matches"
mkdir -p "$out"
# The engine copied aside, so that a rebuild while the games run changes nothing.
shuai="$out/egtb-shuai"
cp "$root/build/bin/shuai" "$shuai"
match="$root/build/bin/shuai-match"
with_tables="name=Tables,cmd=$shuai,proto=ucci,egtbpaths=$folder"
without_tables="name=No-tables,cmd=$shuai,proto=ucci"

seeds="$out/egtb-seeds.fen"
for file in phases-public.tsv phases-selfplay.tsv; do
  awk -F'\t' '$1 == "0-3" || $1 == "4-6" || $1 == "7-8" { print $3 }' "$root/positions/$file"
done > "$seeds"
rm -f "$out/egtb-source.pgn"
echo "== source games: $(wc -l < "$seeds") endgame positions of engine games, twice each, at 2+0.02"
"$match" --engine "name=A,cmd=$shuai,proto=ucci" --engine "name=B,cmd=$shuai,proto=ucci" --tc 2+0.02 \
  --games "$((2 * $(wc -l < "$seeds")))" --concurrency 2 --openings "$seeds" --pgn "$out/egtb-source.pgn" |
  tail -n 3

# One line per position (the two source games of a seed can reach the same one).
"$shuai" egtb approaches --set "$sets" --plies "$plies" "$out/egtb-source.pgn" |
  awk -F' ; ' '!seen[$1]++' > "$out/egtb-approaches.fen"
positions=$(wc -l < "$out/egtb-approaches.fen")
echo "== tables against none: $positions positions $plies plies before a table ($sets), twice each, at $tc"
rm -f "$out/egtb-approaches.pgn"
"$match" --engine "$with_tables" --engine "$without_tables" --tc "$tc" --games "$((2 * positions))" \
  --concurrency 2 --openings "$out/egtb-approaches.fen" --pgn "$out/egtb-approaches.pgn"

if [ "$ordinary_games" -gt 0 ]; then
  echo "== tables against none: $ordinary_games games from the ordinary openings at $tc"
  rm -f "$out/egtb-ordinary.pgn"
  "$match" --engine "$with_tables" --engine "$without_tables" --tc "$tc" --games "$ordinary_games" \
    --concurrency 2 --openings "$root/positions/openings.fen" --seed 1 --pgn "$out/egtb-ordinary.pgn"
fi
