"""The builder's static server (`python3 build.py serve`, the page benchmarks): what it answers
with, and a dropped connection passed over without a traceback."""

from __future__ import annotations

import threading
import urllib.request
from pathlib import Path

import pytest

from sitebuild.serve import make_server


def test_the_server_answers_with_types_and_no_caching(tmp_path: Path) -> None:
    """A module script is JavaScript, WebAssembly is application/wasm, and nothing is cached
    (every answer says no-cache)."""
    (tmp_path / "a.mjs").write_text("export {};\n")
    (tmp_path / "b.wasm").write_bytes(b"\0asm")
    server = make_server(tmp_path, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}"
        for name, kind in (("a.mjs", "text/javascript"), ("b.wasm", "application/wasm")):
            with urllib.request.urlopen(f"{base}/{name}", timeout=10) as r:
                assert r.headers["Content-Type"] == kind
                assert r.headers["Cache-Control"] == "no-cache"
    finally:
        server.shutdown()
        server.server_close()


def test_a_dropped_connection_is_no_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A browser that drops a connection mid-answer (a page closed while a file was on its
    way) prints nothing; any other error in a request still prints its traceback."""
    server = make_server(tmp_path, 0)
    try:
        for exc in (ConnectionResetError(104, "reset"), BrokenPipeError(32, "broken pipe")):
            try:
                raise exc
            except OSError:
                server.handle_error(None, ("127.0.0.1", 1))
        assert capsys.readouterr().err == ""
        try:
            raise ValueError("a bad request")
        except ValueError:
            server.handle_error(None, ("127.0.0.1", 1))
        assert "ValueError: a bad request" in capsys.readouterr().err
    finally:
        server.server_close()
