"""Play with friends in dist/: PeerJS vendored as one ES module
(`runtime/peerjs-<version>/peerjs.mjs`, bundled by esbuild from tools/friends' lockfile with its
`webrtc-adapter` dependency replaced by a small stub), loaded by ui/web/friends.js only when a
table with friends is opened, and the site's transport settings (`friends.json`, copied from the
repository root). The invite link's QR code is drawn by qrcode-generator, vendored the same way
(`runtime/qrcode-generator-<version>/qrcode.mjs`, minified), loaded by ui/web/invite.js only when
the host's set-up sheet shows a link. The broker `peer` of the same lockfile serves the tests and
the benchmark."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

from .files import CACHE, ROOT, log
from .npm import npm_tools

PEERJS_VERSION = "1.5.5"
TOOLS = ROOT / "tools" / "friends"
PEERJS = Path("runtime") / f"peerjs-{PEERJS_VERSION}" / "peerjs.mjs"
# Never precached at the service worker's install (sitebuild/offline.py): only a table with
# friends loads it, and it works only online. Globs relative to dist/.
NOT_PRECACHED = ("runtime/peerjs-*/*", "runtime/qrcode-generator-*/*")
QRCODE_VERSION = "2.0.4"
QRCODE = Path("runtime") / f"qrcode-generator-{QRCODE_VERSION}" / "qrcode.mjs"
# qrcode-generator's licence (MIT), kept at the head of the minified module
QRCODE_BANNER = (
    f"// qrcode-generator {QRCODE_VERSION}, Copyright (c) 2009 Kazuhiko Arase, MIT license"
    " (https://github.com/kazuhikoarase/qrcode-generator)"
)


def friends_modules() -> Path:
    """node_modules with peerjs, the broker `peer` and esbuild (npm ci once into .cache/)."""
    return npm_tools(TOOLS, "friends", "peerjs") / "node_modules"


def bundle(entry: str, keyed: tuple[str, ...], out_name: str, what: str, *flags: str) -> Path:
    """`entry` of tools/friends as one minified ES module (esbuild with `flags`), made once per
    content of the files `keyed` (and the flags) into .cache/friends-bundle/<hash>/`out_name`."""
    modules = friends_modules()
    key = hashlib.sha256()
    for name in keyed:
        key.update((TOOLS / name).read_bytes())
    for flag in flags:
        key.update(flag.encode())
    out = CACHE / "friends-bundle" / key.hexdigest()[:12] / out_name
    if out.exists():
        return out
    log(f"esbuild {what}")
    tmp = out.with_suffix(".tmp.mjs")
    tmp.parent.mkdir(parents=True, exist_ok=True)
    proc = subprocess.run(
        [
            str(modules / ".bin" / "esbuild"),
            entry,
            "--bundle",
            "--format=esm",
            "--minify",
            "--target=es2020",
            "--legal-comments=none",
            *flags,
            f"--outfile={tmp}",
            "--log-level=warning",
        ],
        cwd=TOOLS,
        env={**os.environ, "NODE_PATH": str(modules)},
        capture_output=True,
        text=True,
        check=False,
    )
    if proc.returncode or not tmp.exists():
        sys.exit(f"build.py: bundling {what} failed:\n{proc.stderr[-2000:]}")
    tmp.rename(out)
    return out


def peerjs_module() -> Path:
    """PeerJS as one minified ES module exporting `Peer`, made once per lockfile and stub."""
    return bundle(
        "entry.js",
        ("package-lock.json", "entry.js", "webrtc-adapter.js"),
        "peerjs.mjs",
        f"peerjs {PEERJS_VERSION}",
        "--alias:webrtc-adapter=./webrtc-adapter.js",
    )


def qrcode_module() -> Path:
    """qrcode-generator as one minified ES module exporting `qrcode`, made once per lockfile."""
    return bundle(
        "qrcode-entry.js",
        ("package-lock.json", "qrcode-entry.js"),
        "qrcode.mjs",
        f"qrcode-generator {QRCODE_VERSION}",
        f"--banner:js={QRCODE_BANNER}",
    )


def broker_script() -> Path:
    """The PeerJS broker's command line (`peer --host H --port P --path /p`)."""
    return friends_modules() / "peer" / "dist" / "bin" / "peerjs.js"


def friends_files() -> dict[Path, bytes | Path]:
    """dist/'s files for play with friends."""
    return {
        PEERJS: peerjs_module(),
        QRCODE: qrcode_module(),
        Path("friends.json"): ROOT / "friends.json",
    }


def not_precached(dist: Path) -> list[str]:
    """The files of dist/ that the service worker leaves to the network (or to a page's
    request for its on-demand files), so that the game's first visit does not download them."""
    return sorted({p.relative_to(dist).as_posix() for g in NOT_PRECACHED for p in dist.glob(g)})
