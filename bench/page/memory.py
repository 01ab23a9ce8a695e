"""The page's memory and main thread (`page-memory`): renderer RSS and PSS at the table and the
long tasks over one deal, with the search's worker (a second Pyodide) and without it; and the
renderer's memory as page-goals reads it."""

from __future__ import annotations

import json
import os
import re
import statistics
from pathlib import Path
from typing import Any

from sitebuild.files import DIST

from .browser import (
    BENCH_AI_TIMEOUT,
    CHROMIUM_ARGS,
    HERE,
    launch,
    percentile,
    serve_in_background,
    think_to_summary,
)


def processes() -> list[dict[str, Any]]:
    """The Chromium processes this benchmark started (descendants of this process): pid, type
    (browser, renderer, gpu-process, utility ...; renderer-ui for Chromium's own pages) and
    RSS and PSS in MB (/proc/PID/smaps_rollup)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(ppid, []).append(int(entry.name))
    out, todo = [], list(children.get(os.getpid(), []))
    while todo:
        pid = todo.pop()
        todo += children.get(pid, [])
        try:
            argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
            rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
        except OSError:
            continue
        line = b" ".join(argv).decode(errors="replace")  # a zygote's child: one string
        if "chrom" not in Path(line.split(" ", 1)[0]).name:
            continue
        found = re.search(r"--type=(\S+)", line)
        kind = found.group(1) if found else "browser"
        if kind == "renderer" and re.search(r"--(top-chrome-webui|extension-process)\b", line):
            kind = "renderer-ui"  # Chromium's own pages, not the tab's
        mb = {
            k: float(v.split()[0]) / 1024
            for k, _, v in (row.partition(":") for row in rollup.splitlines())
            if k in ("Rss", "Pss")
        }
        out.append({"pid": pid, "type": kind, "rss": mb.get("Rss", 0.0), "pss": mb.get("Pss", 0.0)})
    return out


def renderer_memory(browser: Any = None) -> dict[str, Any]:
    """The page's renderer processes' memory (MB): resident (RSS) and proportional (PSS, shared
    pages split among the processes that share them), from /proc: the tab's page, its dedicated
    workers and its service worker when they share its process; how many renderers, each one's
    PSS, and all of Chromium's PSS (browser, GPU and utility processes too). Chromium's own
    pages (a headless browser has one) are not the page's. `browser` is not needed: every
    Chromium this process started is looked at, so one browser at a time."""
    procs = processes()
    renderers = [p for p in procs if p["type"] == "renderer"]
    return {
        "rss": sum(p["rss"] for p in renderers),
        "pss": sum(p["pss"] for p in renderers),
        "renderer": sum(p["pss"] for p in renderers),
        "renderers": len(renderers),
        "each": [round(p["pss"]) for p in renderers],
        "chromium": sum(p["pss"] for p in procs),
    }


def page_memory(seed: int) -> None:
    """The page's memory at the table and its main thread's long tasks over one Koz Maça deal,
    with the computer players' search in its worker (a second Pyodide) and with the level that
    needs no worker, each in a fresh browser; and how long the search's decisions take, which
    is how long the page would freeze if the search ran on the main thread."""
    from playwright.sync_api import sync_playwright

    server, base = serve_in_background(DIST)
    rows: dict[str, dict[str, Any]] = {}
    with sync_playwright() as p:
        for label, level in (("with the worker", ""), ("no worker (easy)", "easy")):
            # no spare renderer kept for a next tab: every renderer counted is the page's
            browser = launch(
                p,
                [
                    *CHROMIUM_ARGS,
                    "--disable-dev-shm-usage",
                    "--disable-features=SpareRendererForSitePerProcess",
                ],
            )
            page = browser.new_page()
            page.add_init_script(path=HERE / "long-tasks.js")
            page.set_default_timeout(BENCH_AI_TIMEOUT)
            query = f"?game=koz-maca&seed={seed}&speed=0" + (f"&level={level}" if level else "")
            page.goto(f"{base}/{query}")
            page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
            ready = float(page.evaluate("window.__tt_ready_at"))
            moves = think_to_summary(page)
            page.wait_for_timeout(500)
            state = json.loads(page.evaluate("window.__tt_state()"))
            every = page.evaluate("window.__long")
            long_tasks = [d for t, d in every if t > ready]
            times = [float(e["ms"]) for e in json.loads(page.evaluate("window.__tt_ai_times()"))]
            rows[label] = {
                "mem": renderer_memory(browser),
                "long": long_tasks,
                "start": [d for t, d in every if t <= ready],
                "ready": ready,
                "times": times,
                "worker": state["ai"]["worker"],
                "moves": moves,
            }
            browser.close()
    server.shutdown()
    print(
        f"Koz Maça, seed {seed}, one deal at Instant, the player's seat played by the page's "
        f"computer too (__tt_think)"
    )
    print(
        "long tasks: the main thread's tasks over 50 ms (Long Tasks API) during the deal, "
        "after the page was ready; at start: before it was ready (loading the runtime)"
    )
    print(
        f"{'':<18} {'RSS MB':>8} {'PSS MB':>8} {'long tasks':>10} {'> 100 ms':>8} "
        f"{'longest':>8} {'at start':>9}"
    )
    for label, r in rows.items():
        longs = r["long"]
        print(
            f"{label:<18} {r['mem']['rss']:>8.0f} {r['mem']['pss']:>8.0f} {len(longs):>10} "
            f"{sum(d > 100 for d in longs):>8} {max(longs, default=0):>8.0f} "
            f"{len(r['start']):>4} ({max(r['start'], default=0):.0f} ms longest)"
        )
    w, e = rows["with the worker"], rows["no worker (easy)"]
    print(
        f"the worker's Pyodide costs {w['mem']['pss'] - e['mem']['pss']:.0f} MB PSS "
        f"({w['mem']['pss'] / max(e['mem']['pss'], 1):.2f} x the page without it)"
    )
    if w["times"]:
        over = sum(t > 100 for t in w["times"])
        print(
            f"the search's decisions in the worker: {len(w['times'])}, median "
            f"{statistics.median(w['times']):.0f} ms, p95 {percentile(w['times'], 95):.0f} ms; "
            f"{over} of them over 100 ms, each a long task (a frozen page) if the search ran "
            f"on the main thread"
        )
