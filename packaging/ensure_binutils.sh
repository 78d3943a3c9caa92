#!/bin/sh
# PyInstaller needs objdump on Linux, and the build strips binaries with strip (both: binutils).
# Install binutils only when one of them is missing; elsewhere (macOS, Windows) do nothing.
set -eu
[ "$(uname -s)" = Linux ] || exit 0
if command -v objdump >/dev/null 2>&1 && command -v strip >/dev/null 2>&1; then
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "objdump/strip missing: install binutils with your package manager, then rerun." >&2
    exit 1
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then SUDO=sudo; else
        echo "objdump/strip missing and not root: run 'apt-get install binutils' as root." >&2
        exit 1
    fi
fi
echo "Installing binutils (objdump, strip) for the PyInstaller build..."
$SUDO apt-get update -qq
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq binutils >/dev/null
