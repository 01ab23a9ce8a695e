"""A host in Chromium at the game page, in a process of its own (the browser tests' Playwright
may be running in the test's): `python3 -m tests.xengine.friends_host URL`. It opens a table of
auction Batak with seat 1 a friend's and seats 2 and 3 the computer's, prints {"link": ...},
starts once a guest has taken seat 1, plays its own moves until the first deal is over, then
prints {"record": ...} (the match record) and each page error as {"error": ...}; it ends when its
standard input closes.
"""

from __future__ import annotations

import contextlib
import json
import sys
import threading

from bench.page import friends_play as FP
from bench.page.browser import CHROMIUM_ARGS, launch


def say(data: dict[str, object]) -> None:
    print(json.dumps(data), flush=True)


def main(url: str) -> None:
    from playwright.sync_api import sync_playwright

    done = threading.Event()

    def until_closed() -> None:
        sys.stdin.read()
        done.set()

    threading.Thread(target=until_closed, daemon=True).start()
    with sync_playwright() as pw:
        browser = launch(pw, CHROMIUM_ARGS)
        page = browser.new_context(service_workers="block").new_page()
        page.on("pageerror", lambda e: say({"error": str(e)}))
        page.set_default_timeout(60_000)
        FP.invite(page, url, friends=(1,))
        page.wait_for_selector("[data-friends-link]")
        say({"link": page.get_attribute("[data-friends-link]", "value")})
        page.wait_for_function(
            "() => [...document.querySelectorAll('[data-friends-seat][data-kind=friend]')]"
            ".every(n => !n.textContent.includes('waiting'))",
            timeout=120_000,
        )
        page.click('[data-action="friends-start"]')
        page.wait_for_selector("#table:not([hidden])")
        host = FP.OnPage(page)
        with contextlib.suppress(AssertionError):  # (too slow: the record says how far it got)
            FP.play_until({0: host}, lambda: bool(host.run(FP.OVER)) or done.is_set(), timeout=120)
        say({"record": json.loads(page.evaluate("window.__tt_record()"))})
        done.wait()
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1])
