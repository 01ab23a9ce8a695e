"""The page's frames while cards move (`page-frames`): frames over 50 ms over whole deals with
every motion on (Fast) beside the same deals at Instant (no motion)."""

from __future__ import annotations

from typing import Any

from sitebuild.files import DIST

from .browser import (
    BENCH_AI_TIMEOUT,
    CHROMIUM_ARGS,
    HERE,
    launch,
    serve_in_background,
    think_to_summary,
)

FRAME_GAMES = ("koz-maca", "kozel-miner", "bidding-kozel")


def watch_deal(page: Any) -> dict[str, Any]:
    """The deal on show played to its summary, the player's seat by the page's computer
    (__tt_think), with frames counted from the table's look at the deal's start."""
    t0 = page.evaluate(
        "window.__frames = {...window.__frames, loaf: [], gaps: [], count: 0, "
        "on: true, t0: performance.now()}; window.__frames.t0"
    )
    think_to_summary(page)
    page.wait_for_timeout(400)
    f = page.evaluate(
        "window.__frames.on = false; "
        "({...window.__frames, ms: performance.now() - window.__frames.t0})"
    )
    # A frame that began before the table's first look is the page's start (its figures are
    # build.py bench's), not a trick's, even when it ends with the table on show.
    return {
        "loaf": [d for d, _at, _t in f["loaf"]],
        "trick": [d for d, at, t in f["loaf"] if at == "trick" and t >= t0],
        "gaps": f["gaps"],
        "frames": f["count"],
        "ms": f["ms"],
        "no_loaf": bool(f.get("noLoaf")),
    }


def play_watched(page: Any, base: str, query: str, deals: int) -> list[dict[str, Any]]:
    """`deals` deals in a row from `query` on one page load, as a player plays a match: the
    first deal shares the machine with the page's start (the computer players' worker, the
    offline copy, the card faces read ahead), the later ones do not."""
    if page.url.startswith(base):
        page.evaluate("localStorage.clear()")  # no saved match to offer back
    page.goto(f"{base}/{query}")
    page.wait_for_selector("#table:not([hidden])", state="attached", timeout=120_000)
    out = []
    for k in range(deals):
        if k:
            page.click('[data-summary] [data-action="next"]')
            page.wait_for_selector("[data-summary]", state="detached")
            page.wait_for_selector("#table:not([hidden])", state="attached")
        out.append(watch_deal(page))
        if page.query_selector('[data-summary] [data-action="next"]') is None:
            break  # the match is over
    return out


def page_frames(seed: int, deals: int) -> None:
    """Long frames over whole deals with every motion on (Fast) against Instant (no motion),
    one game of each family, in the same browser: `deals` deals in a row on one page load,
    twice per game and speed (two seeds)."""
    from playwright.sync_api import sync_playwright

    server, base = serve_in_background(DIST)
    rows: list[tuple[str, str, int, dict[str, Any]]] = []
    with sync_playwright() as p:
        browser = launch(p, [*CHROMIUM_ARGS, "--disable-dev-shm-usage"])
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.add_init_script(path=HERE / "frames.js")
        page.set_default_timeout(BENCH_AI_TIMEOUT)
        for game in FRAME_GAMES:
            for k in range(2):
                for label, speed in (("Fast (motion)", "1"), ("Instant (none)", "0")):
                    q = f"?game={game}&seed={seed + k}&speed={speed}"
                    for i, r in enumerate(play_watched(page, base, q, deals)):
                        rows.append((game, label, i, r))
        browser.close()
    server.shutdown()
    print(
        "frames over 50 ms while whole deals are played (the player's seat by the page's "
        f"computer), at 1280x800, {deals} deal(s) in a row on each of two page loads per "
        "game and speed: Long Animation Frames (LoAF) and gaps between animation frames (rAF)"
    )
    print(
        "LoAF>50: all of them; in a trick: those that began with the deal's table on show and "
        "ended while a trick was being played (not the page's start, nor while the cards were "
        "dealt or the deal's summary came up); 1st: the page's first deal, later: the others"
    )
    print(
        f"{'game':<14} {'speed':<15} {'deals':>5} {'seconds':>8} {'frames':>7} {'fps':>5} "
        f"{'LoAF>50':>8} {'trick 1st':>9} {'later':>6} {'rAF gaps>50':>11} {'longest ms':>10}"
        "  in a trick, per deal"
    )
    for game in FRAME_GAMES:
        for label in ("Fast (motion)", "Instant (none)"):
            rs = [(i, r) for g, lab, i, r in rows if g == game and lab == label]
            secs = sum(r["ms"] for _i, r in rs) / 1000
            frames = sum(r["frames"] for _i, r in rs)
            loaf = [d for _i, r in rs for d in r["loaf"]]
            first = [d for i, r in rs if i == 0 for d in r["trick"]]
            later = [d for i, r in rs if i > 0 for d in r["trick"]]
            gaps = [d for _i, r in rs for d in r["gaps"]]
            print(
                f"{game:<14} {label:<15} {len(rs):>5} {secs:>8.1f} {frames:>7} "
                f"{frames / max(secs, 1e-9):>5.0f} {len(loaf):>8} {len(first):>9} "
                f"{len(later) if deals > 1 else '-':>6} {len(gaps):>11} "
                f"{max(loaf + gaps, default=0):>10}  "
                + " ".join(str(len(r["trick"])) for _i, r in rs)
            )
    if any(r["no_loaf"] for _g, _l, _i, r in rows):
        print("(this Chromium has no Long Animation Frames API: only rAF gaps are counted)")
