#!/usr/bin/env bash
# Plays two engines against each other in XBoard, the Xiangqi GUI Debian users have, run unattended under Xvfb,
# then reads the PGN and the debug log XBoard wrote and fails unless every game ended cleanly: with a result, and
# not by an illegal move, a false claim, a time forfeit or a lost engine. It is how Shuai is tested with the real
# XBoard (issue 38); with no engine given, Debian's Fairy-Stockfish plays itself.
#   usage: tools/xboard_match.sh [--first COMMAND] [--second COMMAND] [--games N] [--tc MINUTES:SECONDS]
#            [--inc SECONDS] [--fen FILE] [--fen-index N] [--max-moves N] [--out DIR] [--skip-unless-cecp]
#            [--screenshot PNG]
# Each COMMAND is an engine's command line (default: Debian's fairy-stockfish), started by XBoard in DIR (default
# matches/xboard) and spoken to in CECP (WinBoard protocol 2). Defaults: 2 games at 0:10 + 0.1 s a move. Games
# start from the start position, or with --fen from the positions of FILE from the Nth on (default the first),
# each played twice with colours swapped. FILE holds a FEN a line, with Shuai's letters (N, B) or XBoard's (H, E)
# for horse and elephant; '#' lines and a " ; comment" after the FEN are skipped (positions/openings.fen is one).
# XBoard adjudicates mates, stalemates, repetitions and dead draws itself and tests the engines' claims; a game
# still going after --max-moves moves (default 120) is adjudicated a draw, to keep the run short.
# --screenshot shows the board (XBoard's Xiangqi theme) instead of running XBoard with -noGUI, and saves a picture of
# the screen 15 s after XBoard starts, in mid-game (with xwd and netpbm, installed if missing).
# Writes DIR/games.pgn and DIR/xboard.log (XBoard's debug log: every line to and from the engines); prints a line
# per game and a summary. Exits 0 when every game ended cleanly, 1 when one did not or XBoard failed, 2 on bad
# usage, and 77 with --skip-unless-cecp when an engine does not answer `xboard` and `protover 2` with
# `feature ... done=1` within 5 s (the CTest test's skip while Shuai has no CECP front-end; 77 is its
# SKIP_RETURN_CODE). Without that option such an engine fails the run.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

usage() {
  sed -n 's/^#   usage: /usage: /p; s/^#            /         /p' "$0" >&2
  exit "${1:-2}"
}

first="" second="" games=2 base=0:10 increment=0.1 fen_file="" fen_index=1 max_moves=120 out="$root/matches/xboard"
skip_unless_cecp=0 screenshot=""
while [ $# -gt 0 ]; do
  case "$1" in
    --first | --second | --games | --tc | --inc | --fen | --fen-index | --max-moves | --out | --screenshot)
      [ $# -ge 2 ] || usage
      case "$1" in
        --first) first=$2 ;;
        --second) second=$2 ;;
        --games) games=$2 ;;
        --tc) base=$2 ;;
        --inc) increment=$2 ;;
        --fen) fen_file=$2 ;;
        --fen-index) fen_index=$2 ;;
        --max-moves) max_moves=$2 ;;
        --out) out=$2 ;;
        --screenshot) screenshot=$2 ;;
      esac
      shift 2 ;;
    --skip-unless-cecp) skip_unless_cecp=1; shift ;;
    -h | --help) usage 0 ;;
    *) echo "unknown argument '$1'" >&2; usage ;;
  esac
done
[[ "$games" =~ ^[1-9][0-9]*$ && "$fen_index" =~ ^[1-9][0-9]*$ && "$max_moves" =~ ^[1-9][0-9]*$ ]] || usage
[[ "$base" =~ ^[0-9]+(:[0-5][0-9])?$ && "$increment" =~ ^[0-9]+(\.[0-9]+)?$ ]] || usage

packages=(xboard xvfb fairy-stockfish)
[ -n "$screenshot" ] && packages+=(x11-apps netpbm)
"$root/tools/setup.sh" "${packages[@]}"
fairy_stockfish=$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)
xboard=$(command -v xboard || echo /usr/games/xboard)
# XBoard starts the engines in DIR, so a program named by a relative path is made absolute.
absolute() {
  local program rest
  read -r program rest <<<"$1"
  [[ "$program" == */* && "$program" != /* ]] && program="$PWD/$program"
  echo "$program${rest:+ $rest}"
}
first=$(absolute "${first:-$fairy_stockfish}")
second=$(absolute "${second:-$fairy_stockfish}")
[ -n "$screenshot" ] && screenshot=$(absolute "$screenshot")
mkdir -p "$out"
out=$(cd "$out" && pwd)
rm -f "$out/games.pgn" "$out/xboard.log" "$out/xboard.out" "$out/positions.fen"

# Returns 0 when the engine answers CECP's opening (`xboard`, `protover 2`) with `feature ... done=1` within 5 s;
# fails the run when it does but does not offer variant xiangqi, which XBoard would refuse to play with it.
speaks_cecp() {
  local command=$1 line answered=1 xiangqi=0 deadline=$((SECONDS + 5)) pid input output
  coproc ENGINE { cd "$out" && exec bash -c "exec $command" 2>/dev/null; }
  # Bash forgets a coprocess's variables once it has ended, as an engine that rejects `xboard` may have.
  pid=$ENGINE_PID input=${ENGINE[1]} output=${ENGINE[0]}
  printf 'xboard\nprotover 2\n' 2>/dev/null 1>&"$input" || true
  while [ $SECONDS -lt $deadline ] && IFS= read -r -t $((deadline - SECONDS)) line <&"$output"; do
    [[ "$line" == feature* && "$line" =~ variants=\"([^\"]*,)?xiangqi[,\"] ]] && xiangqi=1
    if [[ "$line" == feature* && "$line" =~ (^|[[:space:]])done=1($|[[:space:]]) ]]; then
      answered=0
      break
    fi
  done
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  if [ $answered -eq 0 ] && [ $xiangqi -eq 0 ]; then
    echo "engine '$command' speaks CECP but does not offer variants=\"...xiangqi...\"" >&2
    exit 1
  fi
  return $answered
}
for engine in "$first" "$second"; do
  speaks_cecp "$engine" && continue
  echo "engine '$engine' did not answer 'xboard' and 'protover 2' with 'feature ... done=1' within 5 s" >&2
  [ $skip_unless_cecp -eq 1 ] && exit 77
  exit 1
done

xboard_arguments=(-variant xiangqi -fcp "$first" -fd "$out" -scp "$second" -sd "$out"
  -tc "$base" -inc "$increment" -mg "$games" -matchPause 100 -sgf "$out/games.pgn"
  -debug -nameOfDebugFile "$out/xboard.log" -popupExitMessage false -saveSettingsOnExit false -soundProgram ""
  -autoCallFlag true -testClaims true -checkMates true -materialDraws true -adjudicateDrawMoves "$max_moves"
  -ponderNextMove false -smpCores 1 -defaultHashSize 16)
if [ -n "$fen_file" ]; then
  # XBoard reads FEN files with its own letters for horse and elephant (H, E), and takes the Nth line as position
  # N; -lpi -2 plays each position twice, as XBoard swaps colours every game of a match.
  awk -v first="$fen_index" '
    /^#/ || NF == 0 { next }
    {
      sub(/ ;.*/, "")
      if (++number < first) next
      board = $1; gsub(/N/, "H", board); gsub(/n/, "h", board); gsub(/B/, "E", board); gsub(/b/, "e", board)
      $1 = board; print
    }' "$fen_file" >"$out/positions.fen"
  needed=$(((games + 1) / 2))
  if [ "$(wc -l <"$out/positions.fen")" -lt $needed ]; then
    echo "$fen_file has fewer than $needed positions from position $fen_index on" >&2
    exit 1
  fi
  xboard_arguments+=(-lpf "$out/positions.fen" -lpi -2)
fi

run=(xvfb-run -a "$xboard" -noGUI)
if [ -n "$screenshot" ]; then
  # The options of the "xiangqi" theme of Debian's xboard.conf (-theme xiangqi alone leaves the chess board; ~~ is
  # XBoard's data folder). With no window manager the board sits in the screen's top left corner, and pnmcrop cuts
  # away the black screen around it.
  xboard_arguments+=(-ubt true -lbtf "~~/themes/textures/xqboard-9x10.png" -dbtf "~~/themes/textures/xqboard-9x10.png"
    -pid "~~/themes/xiangqi" -trueColors true -overrideLineGap 0 -showCoords true)
  rm -f "$screenshot"
  # shellcheck disable=SC2016 # the inner shell expands its own "$@" and $SCREENSHOT
  run=(xvfb-run -a -s "-screen 0 1280x1024x24" bash -c '"$@" & xboard=$!; sleep 15
    xwd -root | xwdtopnm | pnmcrop -black | pnmtopng >"$SCREENSHOT"; wait $xboard' xboard_with_screenshot "$xboard")
fi

# The longest a game can take: both clocks run down with every move's increment, plus a margin for starting the
# engines. XBoard flags a side whose time is out, so only a hung XBoard reaches this limit.
limit=$(awk -v base="$base" -v increment="$increment" -v moves="$max_moves" -v games="$games" 'BEGIN {
  split(base, part, ":"); seconds = part[1] * 60 + part[2]
  printf "%d", games * (2 * (seconds + increment * moves) + 30) + 30 }')
echo "== XBoard: $games game(s) of '$first' against '$second' at $base + $increment${fen_file:+ from $fen_file}"
echo "  $(printf ' %q' "${run[@]}" "${xboard_arguments[@]}")"
status=0
# A home of its own, so that no user's ~/.xboardrc changes the run and XBoard writes none.
mkdir -p "$out/home"
HOME="$out/home" SCREENSHOT="$screenshot" timeout "$limit" "${run[@]}" "${xboard_arguments[@]}" >"$out/xboard.out" 2>&1 ||
  status=$?

# One line per game: "number|white|black|result|termination", the termination being the comment XBoard writes
# just before the result at the end of the moves (its lines joined, as XBoard wraps long comments).
games_table=$(awk '
  function finish() {
    if (number == 0) return
    termination = ""
    if (match(moves, /\{[^{}]*\} *(1-0|0-1|1\/2-1\/2|\*) *$/)) {
      termination = substr(moves, RSTART + 1)
      sub(/\}.*/, "", termination)
    }
    print number "|" white "|" black "|" result "|" termination
  }
  /^\[Event / { finish(); number++; white = black = moves = ""; result = "*"; next }
  /^\[White / { white = $0; sub(/^\[White "/, "", white); sub(/"\]$/, "", white); next }
  /^\[Black / { black = $0; sub(/^\[Black "/, "", black); sub(/"\]$/, "", black); next }
  /^\[Result / { result = $0; sub(/^\[Result "/, "", result); sub(/"\]$/, "", result); next }
  /^\[/ { next }
  { moves = moves " " $0 }
  END { finish() }' "$out/games.pgn" 2>/dev/null || true)

failures=0
fail() {
  echo "FAIL: $1"
  failures=$((failures + 1))
}
played=0 red_wins=0 black_wins=0 draws=0
while IFS='|' read -r number white black result termination; do
  [ -n "$number" ] || continue
  played=$((played + 1))
  echo "game $number: $white - $black $result {$termination}"
  case "$result" in
    1-0) red_wins=$((red_wins + 1)) ;;
    0-1) black_wins=$((black_wins + 1)) ;;
    1/2-1/2) draws=$((draws + 1)) ;;
    *) fail "game $number has no result" ;;
  esac
  # The phrases of XBoard 4.9's backend.c for each way a game can end badly.
  shopt -s nocasematch
  case "$termination" in
    *"illegal move"* | *"invalid move"*) fail "game $number ended by an illegal move: $termination" ;;
    *"false "*"claim"*) fail "game $number ended by a false claim: $termination" ;;
    *"on time"* | *"out of time"*) fail "game $number ended by a time forfeit: $termination" ;;
    *"exited unexpectedly"* | *"program exits"* | *"error writing"* | *"error reading"* | *"xboard exit"* | \
      *"aborts game"* | *"game aborted"* | *"too long"*)
      fail "game $number ended by a lost engine or an aborted game: $termination" ;;
  esac
  shopt -u nocasematch
done <<<"$games_table"

[ $status -eq 0 ] || fail "XBoard exited with status $status$([ $status -eq 124 ] && echo " (still running after $limit s)")"
[ $played -eq "$games" ] || fail "$out/games.pgn holds $played game(s), not $games"
[ -z "$screenshot" ] || [ -s "$screenshot" ] || fail "no screenshot in $screenshot"
if [ -f "$out/xboard.log" ]; then
  # An engine that rejects a move XBoard sent it, or one XBoard lost touch with.
  # (The lines that only repeat a game's end are left out: the PGN said it.)
  while IFS= read -r line; do fail "XBoard's log: $line"; done < <(grep -E \
    '<(first |second): *Illegal move|exited unexpectedly|Error (writing to|reading from)|program exits' \
    "$out/xboard.log" | grep -vE '^(GameEnds|GE)\(|>(first |second): result ' | head -n 5)
  # Commands an engine did not understand are not fatal (Fairy-Stockfish answers `post`, `random` and `computer`
  # so), but worth seeing.
  grep -E '<(first |second): *Error' "$out/xboard.log" | sed -E 's/^[0-9]+ <//' | sort | uniq -c |
    sed 's/^ */note: /' || true
else
  fail "XBoard wrote no debug log $out/xboard.log"
fi
echo "== $played game(s): $red_wins Red wins, $black_wins Black wins, $draws draws; PGN $out/games.pgn," \
  "log $out/xboard.log"
if [ $failures -gt 0 ]; then
  echo "== $failures failure(s); XBoard's output is in $out/xboard.out"
  exit 1
fi
echo "== every game ended cleanly"
