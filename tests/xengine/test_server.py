"""The cross-engine suite's static server (bench/xengine.py), without a browser: it
serves a folder under /games/trick-table/ with GitHub Pages' caching and no COOP/COEP headers,
logs every request, and stops and starts again on the same port with its log kept."""

from __future__ import annotations

import urllib.error
import urllib.request
from pathlib import Path

import pytest

from bench import xengine as X


def get(url: str) -> tuple[int, dict[str, str], bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), b""


def test_the_server_logs_each_request_and_restarts_on_its_port(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<p>hi</p>", encoding="utf-8")
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "b.js").write_text("1;", encoding="utf-8")
    site = X.Site(tmp_path).start()
    try:
        status, headers, body = get(site.base)
        assert status == 200 and body == b"<p>hi</p>"
        assert headers["Cache-Control"] == "max-age=600"
        assert not {"Cross-Origin-Opener-Policy", "Cross-Origin-Embedder-Policy"} & set(headers)
        assert get(site.base + "a/b.js?v=1")[0] == 200
        assert get(site.base + "a/b.js")[2] == b"1;"
        assert get(f"http://127.0.0.1:{site.port}/a/b.js")[0] == 404  # outside the sub-path
        paths = [h.path for h in site.hits()]
        assert paths == [X.SUB, X.SUB + "a/b.js", X.SUB + "a/b.js", "/a/b.js"]
        assert X.repeated(site.hits()) == {X.SUB + "a/b.js": 2}
        assert [h.size for h in site.hits()][:2] == [9, 2]

        site.stop()
        with pytest.raises(urllib.error.URLError):
            urllib.request.urlopen(site.base, timeout=5)
        site.start()
        assert get(site.base)[0] == 200  # the same port, the log kept
        assert len(site.hits()) == 5 and site.hits()[-1].path == X.SUB
    finally:
        site.stop()
