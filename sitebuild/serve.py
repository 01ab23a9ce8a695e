"""A local static server for dist/ (`python3 build.py serve`, and the page benchmarks): no
caching, JavaScript modules and WebAssembly with their types, no log lines, and no traceback
when a browser drops a connection mid-answer."""

from __future__ import annotations

import contextlib
import functools
import http.server
import sys
from pathlib import Path
from typing import Any

from .files import DIST


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".zip": "application/zip",
        ".py": "text/plain",
    }

    def log_message(self, format: str, *args: object) -> None:
        pass

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()


class QuietServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        # A page closed or a browser quit while a file was on its way (the service worker's
        # precache often is): nothing went wrong here.
        if isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            return
        super().handle_error(request, client_address)


def make_server(
    directory: Path, port: int, handler: type[QuietHandler] = QuietHandler
) -> QuietServer:
    return QuietServer(("127.0.0.1", port), functools.partial(handler, directory=str(directory)))


def serve(port: int, directory: Path = DIST) -> None:
    server = make_server(directory, port)
    print(
        f"Serving {directory} at http://127.0.0.1:{server.server_address[1]}/  (Ctrl+C stops)",
        flush=True,
    )
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()
