#!/usr/bin/env bash
# Runs every test from a fresh machine: installs what is missing (idempotent), builds dist/,
# then runs the unit, rule, conformance and end-to-end tests.
set -euo pipefail
cd "$(dirname "$0")/.."

SUDO=""
if [ "$(id -u)" != "0" ] && command -v sudo >/dev/null; then SUDO="sudo"; fi

missing=""
command -v chromium >/dev/null 2>&1 || missing="$missing chromium fonts-dejavu-core"
# the cross-engine suite (tests/xengine/): WebKitGTK's WebDriver with a browser on WebKit's Python
# bindings (bench/webkit_browser.py) under Xvfb, and Firefox ESR
[ -x /usr/bin/WebKitWebDriver ] || missing="$missing webkit2gtk-driver"
ls /usr/lib/*/girepository-1.0/WebKit2-4.1.typelib >/dev/null 2>&1 && [ -x /usr/bin/python3 ] \
  && /usr/bin/python3 -c "import gi" 2>/dev/null || missing="$missing gir1.2-webkit2-4.1 python3-gi"
command -v Xvfb >/dev/null 2>&1 || missing="$missing xvfb"
[ -x /usr/bin/firefox-esr ] || missing="$missing firefox-esr"
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

# puppeteer-core for the Firefox tests, from tools/xengine's lockfile into .cache/ (npm ci,
# once per lockfile); it never downloads a browser: the tests drive Debian's firefox-esr
echo "== installing the cross-engine driver (puppeteer-core)"
PUPPETEER_SKIP_DOWNLOAD=1 python3 -c "from bench.xengine import driver_modules; driver_modules()"

if [ -f build.py ]; then
  echo "== building dist/"
  python3 build.py
fi

# the checks pyproject.toml configures (lint, format, types), on the whole tree; a failure
# fails the run, after the tests have run too
checks=0
if [ "$#" = "0" ]; then
  echo "== checks: ruff check, ruff format --check, mypy"
  python3 -m ruff check . || checks=1
  python3 -m ruff format --check . || checks=1
  python3 -m mypy || checks=1
fi

echo "== running tests"
# With no arguments: the tests without a browser on both cores (pytest-xdist), then the Chromium
# tests in one process (they share one browser and page) and, beside them in a second process,
# the cross-engine tests (WebKitGTK and Firefox ESR, mostly waiting on those browsers); the
# second one's report follows the first's. Arguments go to one pytest run as given.
set +e
if [ "$#" = "0" ]; then
  python3 -m pytest -q -n 2 -m "not browser and not xengine" --durations=15
  rc=$?
  xlog="$(mktemp)"
  python3 -m pytest -q -m "xengine" --durations=10 >"$xlog" 2>&1 &
  xpid=$!
  python3 -m pytest -q -m "browser and not xengine" --durations=30
  rc2=$?
  wait "$xpid"
  rc3=$?
  echo "== the cross-engine tests (run beside the Chromium tests)"
  cat "$xlog"
  rm -f "$xlog"
  for r in "$rc2" "$rc3"; do
    if [ "$rc" = "0" ]; then rc=$r; fi
  done
  if [ "$rc2" = "5" ] || [ "$rc3" = "5" ]; then rc=5; fi
else
  python3 -m pytest -q "$@"
  rc=$?
fi
set -e
if [ "$rc" = "5" ]; then
  echo "pytest collected no tests: the test setup is broken" >&2
  exit 1
fi
if [ "$rc" = "0" ] && [ "$checks" != "0" ]; then
  echo "the checks failed (above): ruff check, ruff format --check or mypy" >&2
  exit 1
fi
exit "$rc"
