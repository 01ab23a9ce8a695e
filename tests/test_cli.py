"""The command line: terminal play, simulation, the speed and strength benchmarks."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, input=stdin, check=False,
                          capture_output=True, text=True, timeout=120)


def test_play_rejects_a_bad_move_with_the_reason() -> None:
    """`python -m engine play` shows the hand and legal moves and rejects a bad move with why."""
    p = run("engine", "play", "koz-maca", "--seed", "3", "--level", "easy",
            stdin="ZZ\n9H\nquit\n")
    assert p.returncode == 0, p.stderr
    assert "your hand:" in p.stdout and "legal:" in p.stdout
    assert "not allowed: 'ZZ' is not a move" in p.stdout


def test_play_reports_a_bad_option() -> None:
    """A bad table option on the command line is reported, not a crash."""
    p = run("engine", "play", "batak", "-o", "hands=7")
    assert p.returncode == 2 and "'hands' cannot be '7'" in p.stderr


def test_simulate_prints_totals() -> None:
    """`python -m engine simulate` plays whole matches between computer players."""
    p = run("engine", "simulate", "koz-maca", "--matches", "2", "--seed", "1",
            "-o", "hands=5")
    assert p.returncode == 0, p.stderr
    assert "2 matches, 10 deals" in p.stdout


def test_bench_prints_deals_per_second() -> None:
    """`python -m engine bench` prints random-playout deals per second for every game."""
    p = run("engine", "bench", "--seconds", "0.2")
    assert p.returncode == 0, p.stderr
    import engine
    for g in engine.available_games():
        assert g in p.stdout
    assert "deals/s" in p.stdout


def test_bench_strength_smoke() -> None:
    """`python -m engine.bench strength` on one Koz Maça deal (no Kozel matches, no extra timing
    deals, no page) exits 0 and prints the strong-vs-baseline line with its 95% CI, the
    perfect-information line, the share of the gap closed, and the decision-time lines."""
    p = run("engine.bench", "strength", "--deals", "1", "--games", "koz-maca", "--matches", "0",
            "--timing-deals", "0", "--page", "no")
    assert p.returncode == 0, p.stderr
    out = p.stdout
    assert "koz-maca: tricks per deal, 1 deals in duplicate" in out
    assert any(" - baseline " in ln and "95% CI" in ln and "perfect" not in ln
               for ln in out.splitlines()), out
    assert "perfect-info - baseline" in out
    assert "share of the baseline->perfect-info gap closed:" in out
    assert "decision time per level (CPython" in out
    import engine.ai
    assert f"  {engine.ai.DEFAULT_LEVEL:<7} median " in out and "  easy    median " in out
    assert " p95 " in out
    assert "in the page" not in out  # --page no: silently skipped


def test_bench_strength_rejects_an_unknown_game() -> None:
    """An unknown game is an error naming it, not a crash."""
    p = run("engine.bench", "strength", "--games", "nosuch", "--page", "no")
    assert p.returncode != 0
    assert "'nosuch'" in p.stderr and "Traceback" not in p.stderr


def test_bench_strength_rejects_no_deals() -> None:
    """--deals must be at least 1: zero or a negative number is refused with a clear message."""
    for n in ("0", "-3"):
        p = run("engine.bench", "strength", "--deals", n, "--page", "no")
        assert p.returncode != 0
        assert f"--deals must be at least 1, not {n}" in p.stderr, p.stderr


def test_bench_strength_page_failure_is_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """When `build.py bench-ai` fails, the page step returns why and its last lines are shown."""
    from engine.bench import strength as bench_strength

    (tmp_path / "build.py").write_text(
        "import sys\nprint('[build] dist/ ready')\nsys.exit('bench-ai: no move')\n")
    monkeypatch.setattr(bench_strength, "ROOT", tmp_path)
    why = bench_strength.page_times(1, dict(os.environ), sys.stdout)
    assert why is not None and "status 1" in why
    out = capsys.readouterr().out
    assert "[build] dist/ ready" in out and "bench-ai: no move" in out
