"""The command line: terminal play, simulation and the speed benchmark."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

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
