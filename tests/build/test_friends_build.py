"""Play with friends in the built site: PeerJS vendored as one self-contained ES module of about
11 KB gzip (its `webrtc-adapter` replaced by the stub), left out of the service worker's
install, the site's friends.json shipped as it is, and the transport reached only through a
dynamic import (never on the game's start path)."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
PEERJS = DIST / "runtime" / "peerjs-1.5.5" / "peerjs.mjs"

needs_dist = pytest.mark.skipif(not PEERJS.is_file(), reason="run build.py")


@needs_dist
def test_peerjs_is_one_small_module() -> None:
    text = PEERJS.read_text(encoding="utf-8")
    assert not re.search(r"(^|[;}\s])import\s*[\w{*\"']", text), "PeerJS imports another module"
    assert re.search(r"export\s*\{[^}]*\bas Peer\b|export\s*\{[^}]*\bPeer\b", text)
    assert "webrtc-adapter" not in text and "browserDetails" in text  # the stub, not the shims
    size = len(gzip.compress(PEERJS.read_bytes(), 9))
    assert 8_000 < size < 16_000, size


@needs_dist
def test_peerjs_is_not_in_the_install_precache() -> None:
    sw = (DIST / "sw.js").read_text(encoding="utf-8")
    install = set(re.findall(r'"url":"([^"]+)"', sw))
    assert "runtime/peerjs-1.5.5/peerjs.mjs" not in install
    assert "ui/web/friends.js" in install and "friends.json" in install
    assert '"runtime/peerjs-1.5.5/peerjs.mjs"' in sw  # left to the network (or asked for)


@needs_dist
def test_friends_json_is_shipped_with_the_defaults() -> None:
    shipped = json.loads((DIST / "friends.json").read_text(encoding="utf-8"))
    assert shipped == json.loads((ROOT / "friends.json").read_text(encoding="utf-8"))
    assert shipped["broker"] == {"host": "0.peerjs.com", "port": 443, "path": "/", "secure": True}
    assert shipped["iceServers"] == [{"urls": "stun:stun.l.google.com:19302"}]


def test_the_transport_is_imported_only_dynamically() -> None:
    web = ROOT / "ui" / "web"
    static = re.compile(r"^\s*import\b[^(]*from\s*[\"']([^\"']+)[\"']", re.M)
    for p in [*web.glob("*.js"), *(ROOT / "ui").glob("*.js"), ROOT / "index.html"]:
        text = p.read_text(encoding="utf-8")
        names = static.findall(text)
        if p.name == "pairing.js":  # (itself imported only dynamically: the transport's part)
            assert names == ["./friends.js"], names
            continue
        assert not [n for n in names if any(w in n for w in ("friends", "peerjs", "pairing"))], (
            p.name
        )
    ops = (web / "ops.js").read_text(encoding="utf-8")
    assert 'import("./friends.js")' in ops and 'import("./pairing.js")' in ops
    friends = (web / "friends.js").read_text(encoding="utf-8")
    assert "import(PEERJS)" in friends and "peerjs-1.5.5/peerjs.mjs" in friends
