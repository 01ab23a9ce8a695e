"""The tutorial's Python page, in its PyScript worker: runs each snippet the page sends and sends
back its output as plain text (stdout, stderr and Python's traceback), by postMessage only (the
page has no SharedArrayBuffer: no COOP/COEP headers on a static host).

Messages are JSON text. From the page: {"id", "code"}. To the page: {"kind": "out", "stream",
"text"} while a snippet runs (at most every 0.1 s), then {"kind": "done", "id", "ok",
"seconds"}; {"kind": "ready", "python", "engine"} in answer to {"hello": true}, which the
page sends once it listens.
"""

import json
import linecache
import sys
import time
import traceback
from importlib import metadata

from polyscript import xworker  # type: ignore[import-not-found]

FLUSH_EVERY = 0.1  # seconds between two messages of output
SNIPPET = "<snippet>"


def send(kind: str, **data: object) -> None:
    xworker.postMessage(json.dumps({"kind": kind, **data}))


class Stream:
    """A text stream that sends what is written to the page, in pieces."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.parts: list[str] = []
        self.last = time.monotonic()

    def write(self, text: str) -> int:
        self.parts.append(str(text))
        if time.monotonic() - self.last > FLUSH_EVERY:
            self.flush()
        return len(text)

    def flush(self) -> None:
        self.last = time.monotonic()
        if self.parts:
            text, self.parts = "".join(self.parts), []
            send("out", stream=self.name, text=text)

    def isatty(self) -> bool:
        return False


def run(code: str, run_id: int) -> None:
    out, err = Stream("stdout"), Stream("stderr")
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err  # type: ignore[assignment]
    linecache.cache[SNIPPET] = (len(code), None, code.splitlines(True), SNIPPET)
    ok = True
    start = time.monotonic()
    try:
        exec(compile(code, SNIPPET, "exec"), {"__name__": "__main__"})
    except BaseException as exc:  # noqa: BLE001 (SystemExit too: the reader's code ended)
        ok = False
        tb = exc.__traceback__.tb_next if exc.__traceback__ else None  # not this function
        err.write("".join(traceback.format_exception(type(exc), exc, tb)))
    finally:
        sys.stdout, sys.stderr = saved
        out.flush()
        err.flush()
    send("done", id=run_id, ok=ok, seconds=round(time.monotonic() - start, 3))


def on_message(event: object) -> None:
    data = json.loads(str(event.data))  # type: ignore[attr-defined]
    if data.get("hello"):  # the page listens from now on
        send("ready", python=sys.version.split()[0], engine=metadata.version("trick-table"))
    else:
        run(str(data["code"]), int(data["id"]))


xworker.onmessage = on_message
