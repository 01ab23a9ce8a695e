"""The site builder: `python3 build.py` turns the page's sources into the static site in dist/.

One module per job: `files` (folders, logging, writes that touch only what changed), `npm` (the
pinned runtimes and tools from npm), `node` (running the scripts of `node/` under Node),
`sources` (which engine and ui modules the page and its worker load), `stdlib` (the pruned,
precompiled standard library), `pyc` (the page's and PyScript's Python compiled to .pyc),
`snapshot` (what goes into the memory snapshot a repeat visit starts from, made in the
browser), `i18n` (the gettext catalogs),
`lobby` (the lobby rendered at build time), `offline` (the service worker and the web-app
manifest), `dist` (dist/ itself: its files, pyscript.json and index.html), `serve` (a local
static server) and `cli` (the command line of build.py). The page's benchmarks in Chromium are
in the top-level `bench.page`.
"""
