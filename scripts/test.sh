#!/usr/bin/env bash
# Runs every test from a fresh machine: installs what is missing (idempotent), builds dist/,
# then runs the unit, rule, conformance and end-to-end tests.
set -euo pipefail
cd "$(dirname "$0")/.."

SUDO=""
if [ "$(id -u)" != "0" ] && command -v sudo >/dev/null; then SUDO="sudo"; fi

missing=""
command -v chromium >/dev/null 2>&1 || missing="$missing chromium fonts-dejavu-core"
command -v node >/dev/null 2>&1 || missing="$missing nodejs"
command -v npm >/dev/null 2>&1 || missing="$missing npm"
if [ -n "$missing" ]; then
  echo "== installing Debian packages:$missing"
  $SUDO apt-get update -qq
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >/dev/null
fi

echo "== installing Python test dependencies"
python3 -m pip install -q --disable-pip-version-check -r requirements-dev.txt

if [ -f build.py ]; then
  echo "== building dist/"
  python3 build.py
fi

echo "== running tests"
set +e
python3 -m pytest -q "$@"
rc=$?
set -e
if [ "$rc" = "5" ]; then
  echo "pytest collected no tests: the test setup is broken" >&2
  exit 1
fi
exit "$rc"
