"""A host in Chromium inviting without a broker, in a process of its own (the browser tests'
Playwright may be running in the test's): `python3 -m tests.xengine.pair_host URL`. It opens a
table of auction Batak with seat 1 a friend's and seats 2 and 3 the computer's, makes seat 1's
link without a broker and prints {"link": ...}; given a line {"answer": CODE} on its standard
input it pastes it in seat 1's field, prints {"refused": ...} (the sentence, or "") and, once
the guest has taken the seat, starts and plays its own moves; a line {"record": true} prints
{"record": ...} (the match record). Each page error is printed as {"error": ...}; it ends when
its standard input closes.
"""

from __future__ import annotations

import json
import queue
import sys
import threading
import time

from bench.page import friends_play as FP
from bench.page.browser import CHROMIUM_ARGS, launch
from tests.xengine.friends_host import say


def commands() -> queue.Queue[dict[str, object] | None]:
    """The lines of the standard input, as they come (None: it closed)."""
    q: queue.Queue[dict[str, object] | None] = queue.Queue()

    def read() -> None:
        for line in sys.stdin:
            q.put(json.loads(line))
        q.put(None)

    threading.Thread(target=read, daemon=True).start()
    return q


def play_own(page: object) -> None:
    """The host's one move, when its page asks for one (a tap, a move or a card)."""
    FP.act(FP.OnPage(page))


def main(url: str) -> None:
    from playwright.sync_api import sync_playwright

    todo = commands()
    with sync_playwright() as pw:
        browser = launch(pw, CHROMIUM_ARGS)
        page = browser.new_context(service_workers="block").new_page()
        page.on("pageerror", lambda e: say({"error": str(e)}))
        page.set_default_timeout(60_000)
        FP.invite(page, url, friends=(1,))
        page.click('[data-action="friends-pair"][data-seat="1"]')
        page.wait_for_selector('[data-friends-pair-link="1"]')
        say({"link": page.get_attribute('[data-friends-pair-link="1"]', "value")})
        started = False
        while True:
            try:
                cmd = todo.get(timeout=0.05)
            except queue.Empty:
                cmd = {}
            if cmd is None:
                break
            if "answer" in cmd:
                page.fill('[data-friends-pair-answer="1"]', str(cmd["answer"]))
                page.click('[data-action="friends-pair-answer"][data-seat="1"]')
                page.wait_for_selector("html:not([data-busy])", state="attached")
                node = page.query_selector('[data-friends-pair-error="1"]')
                say({"refused": str(node.text_content()) if node else ""})
            if cmd.get("record"):
                say({"record": json.loads(page.evaluate("window.__tt_record()"))})
            taken = page.evaluate(
                "() => { const n = document.querySelector('[data-friends-seat=\"1\"]');"
                " return !!n && !n.textContent.includes('waiting'); }"
            )
            if not started and taken:
                page.click('[data-action="friends-start"]')
                page.wait_for_selector("#table:not([hidden])")
                started = True
            if started:
                play_own(page)
            time.sleep(0.02)
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1])
