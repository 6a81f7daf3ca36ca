#!/usr/bin/env bash
# System packages a development machine needs beside the Python ones (Debian / Raspberry Pi OS).
# As root it installs them; otherwise it prints the exact command and stops.
set -euo pipefail
cd "$(dirname "$0")"

if ! python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
    echo "Crypt Companion needs Python 3.11 or newer; this python3 is $(python3 --version 2>&1)." >&2
    exit 1
fi

mapfile -t wanted < <(grep -v '^\s*#' dev-packages.txt | grep -v '^\s*$')
missing=()
for pkg in "${wanted[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
    echo "Installing system packages: ${missing[*]}"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
    echo "Missing system packages. Run this once, then run make again:" >&2
    echo "    sudo apt-get install -y ${missing[*]}" >&2
    exit 1
fi
