"""A local static server for dist/ (`python3 build.py serve`, and the page benchmarks): no
caching, JavaScript modules and WebAssembly with their types, no log lines."""

from __future__ import annotations

import functools
import http.server
from pathlib import Path

from .files import DIST


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript", ".js": "text/javascript",
        ".wasm": "application/wasm", ".json": "application/json",
        ".zip": "application/zip", ".py": "text/plain"}

    def log_message(self, format: str, *args: object) -> None:
        pass

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()


def make_server(directory: Path, port: int) -> http.server.ThreadingHTTPServer:
    handler = functools.partial(QuietHandler, directory=str(directory))
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)


def serve(port: int, directory: Path = DIST) -> None:
    server = make_server(directory, port)
    print(f"Serving {directory} at http://127.0.0.1:{server.server_address[1]}/  (Ctrl+C stops)",
          flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
