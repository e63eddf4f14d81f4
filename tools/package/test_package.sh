#!/usr/bin/env bash
# The installable package, tried as a user would: CPack makes the .deb from a built tree, it is unpacked into a
# scratch root, and from another directory its engine plays a book move with `usebook true` and answers `bench`
# with the build's own signature, and a tool finds its data in the package, not in the checkout.
#   usage: tools/package/test_package.sh BUILD_DIR
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "$1" && pwd)
"$root/tools/setup.sh" dpkg-dev  # dpkg-shlibdeps: the .deb's library dependencies
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
fail() {
  echo "not ok - $*" >&2
  exit 1
}

(cd "$build" && cpack -G DEB -B "$scratch/packages" >/dev/null) || fail "cpack -G DEB failed"
package=$(ls "$scratch"/packages/*.deb)
echo "ok - cpack made $(basename "$package")"
dpkg-deb --field "$package" Package Depends Section | sed 's/^/  /'
contents=$(dpkg-deb --contents "$package")
grep -q ' ./usr/games/shuai$' <<<"$contents" || fail "the engine is not in /usr/games"
grep -q 'man6/shuai.6' <<<"$contents" || fail "no manual page"
dpkg -x "$package" "$scratch/root"

# Elsewhere than the checkout, with nothing of it on the way.
mkdir "$scratch/elsewhere"
cd "$scratch/elsewhere"
engine="$scratch/root/usr/games/shuai"
answer=$(printf 'ucci\nsetoption usebook true\nposition startpos\ngo depth 6\nquit\n' | "$engine")
grep -q '^info message book move ' <<<"$answer" || fail "no book move from the installed engine: $answer"
move=$(grep '^bestmove' <<<"$answer")
echo "ok - the installed engine played a book move from the start: $move"

signature() { "$1" bench 2>&1 | grep 'Nodes searched'; }
installed=$(signature "$engine")
built=$(signature "$build/bin/shuai")
[ "$installed" = "$built" ] || fail "bench: installed '$installed', built '$built'"
echo "ok - bench of the installed engine: $installed (the build's too)"

tune="$scratch/root/usr/games/shuai-tune"
data="$scratch/root/usr/share/games/shuai/positions"
"$tune" generate --help | grep -qF "(default $data/openings.fen)" || fail "shuai-tune does not name the package's data"
"$tune" generate --out training.txt --games 1 --nodes 200 --threads 1 --max-plies 40 >/dev/null 2>&1 ||
  fail "shuai-tune generate failed from the package"
grep -q '^# game 0' training.txt || fail "shuai-tune generate wrote no game"
echo "ok - the installed shuai-tune read its openings from $data and played a game"
