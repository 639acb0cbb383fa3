#!/usr/bin/env bash
# Make sure the system tools the build or the tests need are on this machine.
#
#   tools/system_packages.sh build   Python venv support, Node.js and npm (for `make book`)
#   tools/system_packages.sh test    the same, plus Chromium and a Chinese font for the
#                                    browser tests
#
# What is missing is installed with apt-get when this runs as root on a Debian-like
# machine (as on the project's CI); otherwise it stops with one message that names the
# exact command to run, and exits 1. Nothing is done when everything is present.
set -euo pipefail

what=${1:-build}
if [[ $what != build && $what != test ]]; then
  echo "usage: $0 build|test" >&2
  exit 2
fi
PYTHON=${PYTHON:-python3}

missing=()
if ! command -v "$PYTHON" >/dev/null 2>&1; then
  missing+=(python3 python3-venv)
elif ! "$PYTHON" -c "import ensurepip, venv" >/dev/null 2>&1; then
  missing+=(python3-venv)  # Debian splits venv's pip bootstrap into its own package
fi
command -v node >/dev/null 2>&1 || missing+=(nodejs)
command -v npm >/dev/null 2>&1 || missing+=(npm)
if [[ $what == test ]]; then
  command -v "${CHROMIUM:-chromium}" >/dev/null 2>&1 || missing+=(chromium)
  # A font with Chinese glyphs, so that the glossary renders in the browser tests.
  fc-list :lang=zh 2>/dev/null | grep -q . || missing+=(fonts-wqy-zenhei)
fi

if [[ ${#missing[@]} -eq 0 ]]; then
  exit 0
fi

if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing the missing system packages: ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  exit 0
fi

echo "Missing system packages: ${missing[*]}. Install them once, then run make again:" >&2
echo "    sudo apt-get install -y ${missing[*]}" >&2
exit 1
