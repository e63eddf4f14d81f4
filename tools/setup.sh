#!/usr/bin/env bash
# Installs, with apt-get, whatever the build needs that this Debian machine lacks, or the Debian packages named
# (e.g. `tools/setup.sh fairy-stockfish`, for the scripts that play against it). Does nothing when all is there.
#   usage: tools/setup.sh [PACKAGE]...
set -euo pipefail
packages=("$@")
[ $# -eq 0 ] && packages=(g++ clang cmake ninja-build libfmt-dev doctest-dev)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "installing: ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
