"""Benchmarks and the cross-engine harness, outside the shipped packages: `bench.engine` (the
engine's figures in CPython, `python3 -m bench.engine`), `bench.page` (the page's figures in
Chromium, `python3 -m bench.page` or `python3 build.py bench`) and `bench.xengine` (the built
page in WebKitGTK and Firefox ESR, for tests/xengine/)."""
