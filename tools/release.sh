#!/usr/bin/env bash
# Makes the release archives in dist/: the Linux .deb and tarball (CPack over the Release build, as
# `cmake --install` lays them out) and shuai-VERSION-windows-x86_64.zip (the static shuai.exe with its built-in
# book, a short readme and the licence). Installs what is missing with apt-get.
#   usage: bash tools/release.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
version=$(sed -n 's/^project(shuai VERSION \([0-9.]*\).*/\1/p' "$root/CMakeLists.txt")
dist="$root/dist"
mkdir -p "$dist"
"$root/tools/setup.sh"
"$root/tools/setup.sh" dpkg-dev zip

echo "release.sh: the Linux build and its packages" >&2
"$root/tools/build.sh" build -DCMAKE_BUILD_TYPE=Release
(cd "$root/build" && cpack -G "DEB;TGZ" -B "$dist" >/dev/null)
rm -rf "$dist/_CPack_Packages"

echo "release.sh: the Windows build" >&2
exe=$(bash "$root/tools/windows/build.sh" build-windows | tail -n 1)
staging=$(mktemp -d)
trap 'rm -rf "$staging"' EXIT
folder="$staging/shuai-$version-windows-x86_64"
mkdir "$folder"
cp "$exe" "$folder/shuai.exe"
sed "s/@VERSION@/$version/" "$root/tools/package/windows-readme.txt" | sed 's/$/\r/' >"$folder/README.txt"
sed 's/$/\r/' "$root/LICENSE" >"$folder/LICENSE.txt"
rm -f "$dist/shuai-$version-windows-x86_64.zip"
(cd "$staging" && zip -q -r "$dist/shuai-$version-windows-x86_64.zip" "shuai-$version-windows-x86_64")
ls -l "$dist"
