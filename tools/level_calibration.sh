#!/usr/bin/env bash
# The playing levels' calibration (docs/levels.md): every Skill Level plays games against at least three
# other engines near its strength, then `shuai-tune ratings` fits every player's Elo rating on the scale the
# anchor fixes (MaxQi at 2+0.02 = 1500) and writes the levels' table and chart.
#   usage: tools/level_calibration.sh [--games N] [--first-game N] [--levels LOW-HIGH] [--elephanteye PROGRAM]
#            [--pikafish PROGRAM] [--out DIR] [--fit-only] [--docs]
# The opponents are Debian's packages (Fairy-Stockfish at five strengths, MaxQi from fairymax, HoiXiangqi
# from hoichess, Sjaak II at two), installed if missing, and ElephantEye built from its public source outside the
# repository (github.com/xqbase/eleeye: `bash makefile.sh` in its eleeye/ folder), given with --elephanteye, and
# Pikafish-HCE, Stockfish's search with a hand-made evaluation (`make build ARCH=x86-64-sse41-popcnt` in its
# src/), given with --pikafish; their pairings are left out without them. Each pairing plays N games (default 16, over positions/openings.fen,
# colours swapped in pairs, a seed per pairing); --first-game plays only the schedule's games from that one
# on, so a calibration can be extended or split across runs; --levels plays only those levels (default 0-20).
# The levels search by nodes and have a 10+0.1
# clock that never limits them; the opponents play on their own clocks, part of their names. PGN goes to
# DIR/games.pgn (default matches/levels); --fit-only fits the games already there; --docs also writes the
# tables into docs/levels.md and the chart docs/levels.svg.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

usage() {
  sed -n 's/^#   usage: /usage: /p; s/^#            /         /p' "$0" >&2
  exit "${1:-2}"
}

games=16 first_game=0 low=0 high=20 elephanteye="" pikafish="" out="$root/matches/levels" fit_only=0 docs=0
while [ $# -gt 0 ]; do
  case "$1" in
    --games | --first-game | --levels | --elephanteye | --pikafish | --out)
      [ $# -ge 2 ] || usage
      case "$1" in
        --games) games=$2 ;;
        --levels)
          [[ "$2" =~ ^([0-9]+)-([0-9]+)$ ]] || usage
          low=${BASH_REMATCH[1]} high=${BASH_REMATCH[2]} ;;
        --first-game) first_game=$2 ;;
        --elephanteye) elephanteye=$2 ;;
        --pikafish) pikafish=$2 ;;
        --out) out=$2 ;;
      esac
      shift 2 ;;
    --fit-only) fit_only=1; shift ;;
    --docs) docs=1; shift ;;
    -h | --help) usage 0 ;;
    *) echo "unknown argument '$1'" >&2; usage ;;
  esac
done
[[ "$games" =~ ^[1-9][0-9]*$ && "$first_game" =~ ^[0-9]+$ ]] || usage
for program in "$elephanteye" "$pikafish"; do
  [ -z "$program" ] || [ -x "$program" ] || { echo "'$program' is not a program" >&2; exit 2; }
done

"$root/tools/setup.sh"
"$root/tools/build.sh" build -DCMAKE_BUILD_TYPE=Release -- shuai shuai-match shuai-tune
"$root/tools/setup.sh" fairy-stockfish fairymax hoichess sjaakii
shuai="$root/build/bin/shuai"
mkdir -p "$out"
pgn="$out/games.pgn"

# The opponents: a name (the engine and its clock, as the table shows it) and a shuai-match engine spec.
fairy=/usr/games/fairy-stockfish
declare -A opponent=(
  [FS-skill-20]="cmd=$fairy,proto=uci,Skill Level=-20,tc=2+0.02"
  [SjaakII-static]="cmd=/usr/games/sjaakii,proto=cecp,Level=Static,tc=2+0.02"
  [FS-skill-10]="cmd=$fairy,proto=uci,Skill Level=-10,tc=2+0.02"
  [HoiXiangqi]="cmd=/usr/games/hoixiangqi,proto=cecp,tc=2+0.02"
  [FS-skill0]="cmd=$fairy,proto=uci,Skill Level=0,tc=2+0.02"
  [MaxQi]="cmd=/usr/games/maxqi,proto=cecp,tc=2+0.02"
  [FS-skill10]="cmd=$fairy,proto=uci,Skill Level=10,tc=2+0.02"
  [SjaakII]="cmd=/usr/games/sjaakii,proto=cecp,tc=2+0.02"
  [FS]="cmd=$fairy,proto=uci,tc=2+0.02"
  [FS-8s]="cmd=$fairy,proto=uci,tc=8+0.08"
  [ElephantEye]="cmd=$elephanteye,proto=ucci,tc=2+0.02"
  [ElephantEye-8s]="cmd=$elephanteye,proto=ucci,tc=8+0.08"
  [Pikafish-HCE]="cmd=$pikafish,proto=uci,tc=2+0.02"
)
# Each level's opponents: at least three engines near its strength (found in short trial matches), so that
# its games are neither all won nor all lost.
schedule=(
  "0:FS-skill-20 SjaakII-static HoiXiangqi"
  "1:FS-skill-20 SjaakII-static HoiXiangqi FS-skill-10"
  "2:FS-skill-20 SjaakII-static HoiXiangqi FS-skill-10"
  "3:SjaakII-static HoiXiangqi FS-skill-10 FS-skill0"
  "4:HoiXiangqi FS-skill-10 FS-skill0 MaxQi"
  "5:HoiXiangqi FS-skill0 MaxQi FS-skill10"
  "6:FS-skill0 MaxQi FS-skill10 SjaakII"
  "7:FS-skill0 MaxQi FS-skill10 SjaakII"
  "8:MaxQi FS-skill10 SjaakII"
  "9:MaxQi FS-skill10 SjaakII"
  "10:MaxQi FS-skill10 SjaakII ElephantEye"
  "11:FS-skill10 SjaakII ElephantEye FS"
  "12:FS-skill10 SjaakII ElephantEye FS"
  "13:SjaakII ElephantEye FS"
  "14:SjaakII ElephantEye FS"
  "15:SjaakII ElephantEye FS FS-8s"
  "16:SjaakII ElephantEye FS FS-8s"
  "17:ElephantEye FS-8s ElephantEye-8s Pikafish-HCE"
  "18:FS FS-8s ElephantEye-8s Pikafish-HCE"
  "19:FS-8s ElephantEye-8s Pikafish-HCE"
  "20:FS-8s ElephantEye-8s Pikafish-HCE"
)

if [ "$fit_only" -eq 0 ]; then
  for entry in "${schedule[@]}"; do
    level=${entry%%:*}
    [ "$level" -ge "$low" ] && [ "$level" -le "$high" ] || continue
    # Every level has a 10+0.1 clock: below full strength it never binds (a level searches by nodes); level
    # 20, full strength, uses it all.
    level_spec="name=Shuai-level-$level,cmd=$shuai,proto=ucci,skilllevel=$level,tc=10+0.1"
    for name in ${entry#*:}; do
      [[ "$name" == ElephantEye* && -z "$elephanteye" ]] && continue
      [[ "$name" == Pikafish* && -z "$pikafish" ]] && continue
      echo "== level $level against $name"
      "$root/build/bin/shuai-match" --engine "$level_spec" --engine "name=$name,${opponent[$name]}" \
        --tc 2+0.02 --games "$games" --first-game "$first_game" --concurrency 2 \
        --openings "$root/positions/openings.fen" --seed "$((1000 + 37 * level + ${#name}))" --pgn "$pgn" |
        grep -E '^(Shuai-level|  endings|.*(time losses|crashes) [1-9])' || true
    done
  done
fi

fit=(--anchor MaxQi=1500)
table="$out/levels-table.md"
[ "$docs" -eq 1 ] && fit+=(--table "$table" --plot "$root/docs/levels.svg")
"$root/build/bin/shuai-tune" ratings "${fit[@]}" --save "$out/results.txt" "$pgn"
# The tables go into docs/levels.md between its two markers, in place of the last run's.
if [ "$docs" -eq 1 ]; then
  page="$root/docs/levels.md"
  awk -v table="$table" '
    /^<!-- end of the calibration tables -->/ { skipping = 0 }
    !skipping { print }
    /^<!-- the calibration tables/ { while ((getline line < table) > 0) print line; skipping = 1 }
  ' "$page" >"$page.new"
  mv "$page.new" "$page"
  echo "docs/levels.md, docs/levels.svg: written"
fi
