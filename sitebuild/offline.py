"""What makes the site work offline and installable: dist/sw.js, Workbox's precache of the files
of dist/ themselves (sitebuild/node/sw.js, bundled with its manifest by
sitebuild/node/service-worker.mjs), and the web-app manifest."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from .files import ROOT
from .friends import not_precached
from .node import script
from .npm import npm_tools

TOOLS = ROOT / "tools" / "sw"  # package.json + package-lock.json: workbox-build, pinned
THEME = "#0d5132"


def tools_dir() -> Path:
    """workbox-build and its dependencies, installed once from tools/sw's lockfile."""
    return npm_tools(TOOLS, "tools", "workbox-build")


# The tutorial's Python page's runtime (PyScript and the micropip Pyodide, sitebuild/learn.py):
# precached when that page asks for it, not at the install, so that the game's first visit does
# not download what only that page loads. Globs relative to dist/.
ON_DEMAND = ("runtime/pyscript-*/*", "runtime/pyodide-*-micropip-*/*")


def on_demand(dist: Path) -> list[str]:
    """The files of dist/ that the service worker precaches only when a page asks for them."""
    return sorted({p.relative_to(dist).as_posix() for g in ON_DEMAND for p in dist.glob(g)})


def service_worker(dist: Path) -> dict[str, int]:
    """dist/sw.js: Workbox precaches every file of dist/ by content hash (generated from the
    files themselves: nothing is listed by hand), reusing the page's downloads, and keeps this
    version's browser-made snapshot (named in dist/snapshot.json); the files of ON_DEMAND are
    precached when the Python page asks (sitebuild/node/sw.js). Returns the file count and bytes
    of the install's precache."""
    tools = tools_dir()
    snapshot = json.loads((dist / "snapshot.json").read_text(encoding="utf-8"))["url"]
    later = json.dumps(on_demand(dist) + not_precached(dist))  # PeerJS: when loaded, online
    proc = subprocess.run(
        ["node", str(script("service-worker.mjs")), str(tools), str(dist), snapshot, later],
        capture_output=True,
        text=True,
        check=False,
    )
    if proc.returncode:
        sys.exit(f"build.py: generating the service worker failed:\n{proc.stderr[-2000:]}")
    return dict(json.loads(proc.stdout.strip().splitlines()[-1]))


def web_manifest() -> bytes:
    """The web-app manifest: relative start_url and scope, so it works under any sub-path."""
    icons = []
    for name, size, purpose in (
        ("icon-192.png", 192, "any"),
        ("icon-512.png", 512, "any"),
        ("icon-maskable-512.png", 512, "maskable"),
    ):
        if (ROOT / "assets" / "icons" / name).exists():
            icons.append(
                {
                    "src": f"./assets/icons/{name}",
                    "sizes": f"{size}x{size}",
                    "type": "image/png",
                    "purpose": purpose,
                }
            )
    data = {
        "name": "Trick Table",
        "short_name": "Trick Table",
        "description": "Koz Maça, Batak, Kozel and Bidding Kozel against the computer.",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "orientation": "any",
        "theme_color": THEME,
        "background_color": "#093d27",
        "icons": icons,
    }
    return (json.dumps(data, indent=1, ensure_ascii=False) + "\n").encode()
