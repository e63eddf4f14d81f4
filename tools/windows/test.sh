#!/usr/bin/env bash
# The Windows engine under Wine against the native one (docs/windows.md), after the native Release build:
# builds build-windows/bin/shuai.exe (tools/windows/build.sh), checks that it needs no DLL but the system's,
# and compares it with build/bin/shuai: the bench signature, perft 4, UCCI and UCI sessions sent with CRLF line
# endings (bestmoves at depth 8), then checks two threads, the built-in book, tablebases made and mapped, a move
# on the clock, quit during go infinite, and a short match between the two. Installs MinGW-w64 and Wine when
# missing; everything runs at low priority. Prints a line per check and exits non-zero on any mismatch.
#   usage: tools/windows/test.sh [NATIVE_BUILD_DIR]   (the native build to compare with; default build)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
native_dir=${1:-build}
[[ $native_dir == /* ]] || native_dir=$root/$native_dir
native=$native_dir/bin/shuai
match=$native_dir/bin/shuai-match
if [ ! -x "$native" ] || [ ! -x "$match" ]; then
  echo "windows: build the native Release build first ($native_dir)" >&2
  exit 1
fi
"$root/tools/setup.sh" wine64
wine=/usr/lib/wine/wine64  # Debian's wine64 keeps its program in wine's library folder, off PATH
[ -x "$wine" ] || wine=$(command -v wine64)
low=(nice -n 19)  # the machine's two cores are shared with whatever else runs

failures=0
fail() {
  echo "windows: FAILED: $*" >&2
  failures=$((failures + 1))
}

# Wine's prefix is made once (a few seconds at the first start), before anything is timed; a persistent
# wineserver, stopped on exit, spares each start of the program the server's own start.
export WINEPREFIX=$root/build-windows/wine-prefix WINEDEBUG=-all
mkdir -p "$root/build-windows"
wineserver=$(dirname "$wine")/wineserver
[ -x "$wineserver" ] || wineserver=$(command -v wineserver)
if [ ! -f "$WINEPREFIX/system.reg" ]; then
  "$wine" wineboot --init </dev/null >/dev/null 2>&1
  timeout 120 "$wineserver" -w || true  # the prefix's first start finishes its work before the clock starts
fi
"$wineserver" -p || true  # exits non-zero when a server already runs for the prefix
scratch=$(mktemp -d)
trap '"$wineserver" -k 2>/dev/null || true; rm -rf "$scratch"' EXIT
start=$(date +%s)

echo "-- building shuai.exe"
"${low[@]}" bash "$root/tools/windows/build.sh" build-windows >/dev/null
exe=$root/build-windows/bin/shuai.exe
dlls=$(x86_64-w64-mingw32-objdump -p "$exe" | sed -n 's/^\s*DLL Name: //p' | tr '\n' ' ')
echo "DLLs: $dlls"
for dll in $dlls; do
  case ${dll^^} in
    KERNEL32.DLL | MSVCRT.DLL | ADVAPI32.DLL | USER32.DLL | WS2_32.DLL) ;;
    *) fail "shuai.exe needs $dll (not a system DLL: the build is not static)" ;;
  esac
done
# Every run is bounded: a hung program fails the test instead of stalling CI.
windows=(timeout 120 "${low[@]}" "$wine" "$exe")
native=(timeout 120 "${low[@]}" "$native")

# Lines of the Windows program without their '\r' (its C runtime writes text with CRLF).
uncr() { tr -d '\r'; }

same() {  # LABEL NATIVE WINDOWS: one line saying both, and a failure when they differ
  echo "$1: native $2 | windows $3"
  [ "$2" = "$3" ] && [ -n "$2" ] || fail "$1 differs"
}

signature() { grep '^Nodes searched' | uncr | sed 's/.*: *//'; }
same "bench signature" "$("${native[@]}" bench </dev/null | signature)" \
  "$("${windows[@]}" bench </dev/null | signature)"

"${native[@]}" perft 4 </dev/null >"$scratch/perft-native" 2>/dev/null
"${windows[@]}" perft 4 </dev/null 2>/dev/null | uncr >"$scratch/perft-windows"
cmp -s "$scratch/perft-native" "$scratch/perft-windows" || fail "perft 4 output differs"
same "perft 4 ($(wc -l <"$scratch/perft-native") lines)" "$(tail -n 1 "$scratch/perft-native")" \
  "$(tail -n 1 "$scratch/perft-windows")"

# Waits up to SECONDS for FILE to hold COUNT lines starting with WORD.
wait_for() {
  local file=$1 word=$2 count=$3 deadline=$((SECONDS + $4))
  while [ "$(grep -c "^$word" "$file" 2>/dev/null | head -n 1)" -lt "$count" ]; do
    [ $SECONDS -lt $deadline ] || return 1
    sleep 0.05
  done
}

# session EOL OUTPUT COMMANDS PROGRAM...: the commands (one a line) sent one at a time with line ending EOL;
# after each `go`, the next waits (up to 60 s) for its bestmove. End of input is the engine's quit.
session() {
  local eol=$1 out=$2 commands=$3 count=0
  shift 3
  : >"$out"
  while IFS= read -r command; do
    printf '%s%b' "$command" "$eol"
    if [[ $command == go* ]]; then
      count=$((count + 1))
      wait_for "$out" bestmove $count 60 || break
    fi
  done <<<"$commands" | "$@" >"$out"
}

middlegame="r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 4 3"
endgame="3k5/4a4/4b4/9/2p6/9/9/4B4/4A4/3AK1R2 w - - 0 1"
ucci_session="ucci
position startpos
go depth 8
position startpos moves h2e2 h9g7 h0g2
go depth 8
position fen $middlegame
go depth 8"
uci_session="uci
position startpos moves b2e2
go depth 8
position fen $endgame
go depth 8
position fen $middlegame moves a3a4 a6a5
go depth 8"
# The physical memory (GlobalMemoryStatusEx on Windows) bounds the table: a size past three quarters of it is
# refused in one line that says the bound, on both. Only where the option's maximum, 64 GB, is past it.
memory_megabytes=$(($(sed -n 's/^MemTotal: *\([0-9]*\) kB/\1/p' /proc/meminfo) / 1024))
if [ $((memory_megabytes * 3 / 4)) -lt 65536 ]; then
  uci_session="$uci_session
setoption name Hash value 65536
isready"
fi
for protocol in ucci uci; do
  commands=${protocol}_session
  session '\n' "$scratch/$protocol-native" "${!commands}" "${native[@]}"
  session '\r\n' "$scratch/$protocol-windows" "${!commands}" "${windows[@]}"
  # Every line but the search's progress (whose times differ) must be the same: names, options, messages
  # (a refused command among them), bestmoves.
  # The memory bound is each system's own reading of the machine (Wine's and Linux's may differ by a few MB):
  # compared apart, within 1%.
  answers() {
    uncr <"$1" | awk '!/^info / || /^info (string|message) /' | sed 's/(at most [0-9]* MB)/(at most the bound)/'
  }
  answers "$scratch/$protocol-native" >"$scratch/$protocol-native.answers"
  answers "$scratch/$protocol-windows" >"$scratch/$protocol-windows.answers"
  diff "$scratch/$protocol-native.answers" "$scratch/$protocol-windows.answers" >&2 ||
    fail "the $protocol sessions answer differently"
  bound() { uncr <"$1" | sed -n 's/.*(at most \([0-9]*\) MB).*/\1/p' | head -1; }
  bound_native=$(bound "$scratch/$protocol-native") bound_windows=$(bound "$scratch/$protocol-windows")
  if [ -n "$bound_native$bound_windows" ]; then
    if [ -n "$bound_native" ] && [ -n "$bound_windows" ] &&
      [ $(((bound_native - bound_windows) * 100)) -le "$bound_native" ] &&
      [ $(((bound_windows - bound_native) * 100)) -le "$bound_native" ]; then
      echo "$protocol memory bound: native $bound_native MB | windows $bound_windows MB"
    else
      fail "the $protocol memory bounds differ by more than 1%: native '$bound_native' windows '$bound_windows'"
    fi
  fi
  moves_native=$(grep '^bestmove' "$scratch/$protocol-native.answers" | cut -d' ' -f2 | tr '\n' ' ')
  moves_windows=$(grep '^bestmove' "$scratch/$protocol-windows.answers" | cut -d' ' -f2 | tr '\n' ' ')
  [ "$(wc -w <<<"$moves_native")" -eq 3 ] || fail "the native $protocol session did not give 3 bestmoves"
  same "$protocol session (CRLF to windows), bestmoves at depth 8" "${moves_native% }" "${moves_windows% }"
  grep -E '^info (string|message) ' <(uncr <"$scratch/$protocol-windows") | sed "s/^/$protocol windows: /" || true
done

session '\r\n' "$scratch/threads" "uci
setoption name Threads value 2
position fen $middlegame
go depth 10" "${windows[@]}"
threads_move=$(uncr <"$scratch/threads" | sed -n 's/^bestmove \([^ ]*\).*/\1/p')
echo "two threads, go depth 10: bestmove ${threads_move:-none}"
[ -n "$threads_move" ] || fail "two threads gave no bestmove"

# The default book is in the program: run from a folder with no book in it, it answers from the book with one
# of the moves the book file has for the position.
book_moves=$("${native[@]}" book probe "$root/positions/opening-book.bin" startpos </dev/null |
  cut -d' ' -f1 | tr '\n' ' ')
(cd "$scratch" && session '\r\n' "$scratch/book" "ucci
setoption usebook true
position startpos
go depth 8" "${windows[@]}")
book_line=$(uncr <"$scratch/book" | grep '^info message' || true)
book_move=$(uncr <"$scratch/book" | sed -n 's/^bestmove \([^ ]*\).*/\1/p')
echo "built-in book at the start: ${book_line:-no book line} (the file's moves: ${book_moves% })"
[[ -n $book_move && " $book_moves" == *" $book_move "* && $book_line == *"book move $book_move"* ]] ||
  fail "the built-in book did not answer with one of its moves"
[[ $book_line == *"one of $(wc -w <<<"$book_moves"):"* ]] ||
  fail "the built-in book has another number of moves than the file"

# Tablebases: the Windows program makes KRvK's files byte for byte as the native one does, and, mapped into
# memory (a file mapping view on Windows), they answer a go in their reach.
"${native[@]}" egtb generate --endgame KRvK --folder "$scratch/tables-native" >/dev/null
"${windows[@]}" egtb generate --endgame KRvK --folder "Z:$scratch/tables-windows" >/dev/null 2>&1 || true
for file in KvK.red.egtb KvK.black.egtb KRvK.red.egtb KRvK.black.egtb; do
  cmp -s "$scratch/tables-native/$file" "$scratch/tables-windows/$file" || fail "$file differs from the native one"
done
echo "tablebases: $(ls "$scratch/tables-windows" | wc -l) files made by shuai.exe, the same as the native ones"
session '\r\n' "$scratch/tables" "ucci
setoption egtbpaths Z:$scratch/tables-windows
position fen 5k3/9/9/9/9/9/9/9/4R4/3K5 w - - 0 1
go depth 5" "${windows[@]}"
tables_said=$(uncr <"$scratch/tables" | grep -E '^info message tablebase|^bestmove' | tr '\n' ';' || true)
echo "tablebases in a session: $tables_said"
[[ $tables_said == *"tablebases: 2 endgames loaded"*"tablebase win in 1 plies"*"bestmove e1e8"* ]] ||
  fail "the mapped tables did not answer"

# A program fed through a named pipe, one command at a time, for the checks that time an answer.
started=0
start_program() {  # OUTPUT
  started=$((started + 1))
  mkfifo "$scratch/input$started"
  : >"$1"
  "${windows[@]}" <"$scratch/input$started" >"$1" &
  program=$!
  exec 3>"$scratch/input$started"
}
send() { printf '%s\r\n' "$@" >&3; }
milliseconds() { echo $(($(date +%s%N) / 1000000)); }

# On the clock, 3 s each and no increment: the answer comes well before the flag falls.
start_program "$scratch/clock"
send ucci "setoption usemillisec true" "position fen $middlegame"
wait_for "$scratch/clock" ucciok 1 30 || fail "no ucciok"
clock_start=$(milliseconds)
send "go time 3000 opptime 3000"
wait_for "$scratch/clock" bestmove 1 10 || true
clock_ms=$(($(milliseconds) - clock_start))
send quit
exec 3>&-
wait $program || true
clock_move=$(uncr <"$scratch/clock" | sed -n 's/^bestmove \([^ ]*\).*/\1/p')
echo "ucci go time 3000: bestmove ${clock_move:-none} after $clock_ms ms"
[ -n "$clock_move" ] && [ $clock_ms -lt 3000 ] || fail "no bestmove within the 3 s on the clock"

# quit while `go infinite` runs: the program must be gone within 2 s.
start_program "$scratch/quit"
send ucci "position startpos" "go infinite"
wait_for "$scratch/quit" "info depth 6" 1 30 || fail "go infinite did not reach depth 6"
quit_start=$(milliseconds)
send quit
for _ in $(seq 100); do
  kill -0 $program 2>/dev/null || break
  sleep 0.02
done
quit_ms=$(($(milliseconds) - quit_start))
exec 3>&-
if kill -0 $program 2>/dev/null; then
  fail "quit during go infinite: still running after $quit_ms ms"
else
  echo "quit during go infinite: exited after $quit_ms ms"
fi
wait $program || true

echo "-- a match: native (UCCI) against windows (UCI, under Wine), depth 6, 2 games"
"${low[@]}" "$match" --engine "name=native,cmd=$native_dir/bin/shuai,proto=ucci" \
  --engine "name=windows,cmd=$wine $exe,proto=uci" --depth 6 --games 2 --maxplies 200 --seed 7 \
  --openings "$root/positions/openings.fen" </dev/null >"$scratch/match" 2>&1 || fail "the match runner failed"
sed -n '/ games, W /p; /time losses/p' "$scratch/match"
[ "$(grep -c 'time losses 0, illegal moves 0, crashes 0' "$scratch/match")" -eq 2 ] ||
  fail "the match shows a fault: $(grep 'time losses' "$scratch/match" | tr '\n' ' ')"

echo "windows tests: $(($(date +%s) - start)) s (the build included, Wine's first start not)"
[ $failures -eq 0 ] || { echo "windows: $failures check(s) failed" >&2; exit 1; }
