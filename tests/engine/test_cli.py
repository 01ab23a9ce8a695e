"""The command line: terminal play, simulation, the speed and strength benchmarks."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args],
        cwd=ROOT,
        input=stdin,
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_play_rejects_a_bad_move_with_the_reason() -> None:
    """`python -m engine play` shows the hand and legal moves and rejects a bad move with why."""
    p = run("engine", "play", "koz-maca", "--seed", "3", "--level", "easy", stdin="ZZ\n9H\nquit\n")
    assert p.returncode == 0, p.stderr
    assert "your hand:" in p.stdout and "legal:" in p.stdout
    assert "not allowed: 'ZZ' is not a move" in p.stdout


def test_play_reports_a_bad_option() -> None:
    """A bad table option on the command line is reported, not a crash."""
    p = run("engine", "play", "batak", "-o", "hands=7")
    assert p.returncode == 2 and "'hands' cannot be '7'" in p.stderr


def test_simulate_prints_totals() -> None:
    """`python -m engine simulate` plays whole matches between computer players."""
    p = run("engine", "simulate", "koz-maca", "--matches", "2", "--seed", "1", "-o", "hands=5")
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


@pytest.mark.slow
def test_bench_strength_smoke() -> None:
    """`python -m bench.engine strength` on one Koz Maça deal (no Kozel matches, no extra timing
    deals) exits 0 and prints the strong-vs-baseline line with its 95% CI, the
    perfect-information line, the share of the gap closed, and the decision-time lines."""
    p = run(
        "bench.engine",
        "strength",
        "--deals",
        "1",
        "--games",
        "koz-maca",
        "--matches",
        "0",
        "--timing-deals",
        "0",
    )
    assert p.returncode == 0, p.stderr
    out = p.stdout
    assert "koz-maca: tricks per deal, 1 deals in duplicate" in out
    assert any(
        " - baseline " in ln and "95% CI" in ln and "perfect" not in ln for ln in out.splitlines()
    ), out
    assert "perfect-info - baseline" in out
    assert "share of the baseline->perfect-info gap closed:" in out
    assert "decision time per level (CPython" in out
    import engine.ai

    assert f"  {engine.ai.DEFAULT_LEVEL:<7} median " in out and "  easy    median " in out
    assert " p95 " in out
    # the engine measures no page: it says where the page's own times come from
    assert "python3 build.py bench page-ai" in out
    assert "in the page (Chromium" not in out


def test_bench_strength_rejects_an_unknown_game() -> None:
    """An unknown game is an error naming it, not a crash."""
    p = run("bench.engine", "strength", "--games", "nosuch")
    assert p.returncode != 0
    assert "'nosuch'" in p.stderr and "Traceback" not in p.stderr


def test_bench_strength_rejects_no_deals() -> None:
    """--deals must be at least 1: zero or a negative number is refused with a clear message."""
    for n in ("0", "-3"):
        p = run("bench.engine", "strength", "--deals", n)
        assert p.returncode != 0
        assert f"--deals must be at least 1, not {n}" in p.stderr, p.stderr


def test_engine_bench_sends_page_benchmarks_to_the_site_builder() -> None:
    """`python -m bench.engine page-ai` (or any page benchmark) drives no browser: it exits 2
    naming the site builder's command that measures the page."""
    for cmd in ("page-goals", "page-ai", "page-load", "page-start", "page-memory", "page-frames"):
        p = run("bench.engine", cmd, "--deals", "1")
        assert p.returncode == 2, (cmd, p.returncode, p.stderr)
        assert f"python3 build.py bench {cmd} --deals 1" in p.stderr, p.stderr


def test_simulate_refuses_fewer_than_one_match() -> None:
    """`simulate --matches 0` or a negative count is refused the argparse way: a message for a
    person on stderr and exit status 2, never a traceback (0 once divided by zero)."""
    for n in ("0", "-3"):
        p = run("engine", "simulate", "batak", "--matches", n)
        assert p.returncode == 2, (n, p.returncode, p.stderr)
        assert f"--matches must be a whole number of at least 1, not {n}" in p.stderr, p.stderr
        assert "Traceback" not in p.stderr
        assert "matches," not in p.stdout  # no summary line was printed


def test_bad_numbers_are_errors_not_crashes() -> None:
    """A bad --players (0, negative, too many, not a number) or --seed for `play` or `simulate`
    ends with exit status 2 and a message on stderr, never a traceback."""
    cases = [
        ("simulate", "batak", "--players", "0"),
        ("simulate", "bidding-kozel", "--players", "-2"),
        ("play", "koz-maca", "--players", "7"),
        ("play", "batak", "--players", "x"),
        ("simulate", "batak", "--seed", "x"),
        ("simulate", "batak", "--matches", "1.5"),
    ]
    for args in cases:
        p = run("engine", *args)
        assert p.returncode == 2, (args, p.returncode, p.stderr)
        assert p.stderr.strip() and "Traceback" not in p.stderr, (args, p.stderr)


def test_simulate_accepts_any_whole_seed() -> None:
    """Seeds are any whole numbers, negative too: `simulate --seed -5` plays its match."""
    p = run("engine", "simulate", "koz-maca", "--matches", "1", "--seed", "-5", "-o", "hands=5")
    assert p.returncode == 0, p.stderr
    assert "match    1 (seed -5)" in p.stdout and "1 matches, 5 deals" in p.stdout


def test_play_and_simulate_help_list_the_levels() -> None:
    """`play --help` and `simulate --help` list --level with every level of engine.ai.LEVELS and
    its line of help; play defaults to engine.ai.DEFAULT_LEVEL, simulate to easy."""
    import engine.ai

    for cmd, default in (("play", engine.ai.DEFAULT_LEVEL), ("simulate", "easy")):
        p = run("engine", cmd, "--help")
        assert p.returncode == 0, p.stderr
        assert "--level" in p.stdout
        for name, spec in engine.ai.LEVELS.items():
            text = str(spec["help"]).removesuffix(" (the default)")
            assert any(ln.split()[:1] == [name] and text in ln for ln in p.stdout.splitlines()), (
                cmd,
                name,
                p.stdout,
            )
        assert f"(default {default}" in " ".join(p.stdout.split()), (cmd, p.stdout)


def test_top_level_help_lists_every_command() -> None:
    """`python -m engine`, `-h` and `--help` print a usage naming play, simulate, bench (speed),
    bench strength (with `python3 -m bench.engine strength --deals N`), games and the levels."""
    import engine.ai

    for args in ((), ("-h",), ("--help",)):
        p = run("engine", *args)
        assert p.returncode == 0, (args, p.stderr)
        out = p.stdout
        assert out.startswith("usage: python3 -m engine <command>"), out
        for cmd in (
            "  play GAME",
            "  simulate GAME",
            "  bench [speed]",
            "  bench strength",
            "  games",
        ):
            assert cmd in out, (cmd, out)
        assert "python3 -m bench.engine strength --deals N" in out
        assert "--level" in out
        for name in engine.ai.LEVELS:
            assert f"  {name} " in out, (name, out)


def test_unknown_command_shows_the_usage() -> None:
    """An unknown command prints the usage and names the command on stderr, exit status 2."""
    p = run("engine", "simulte", "batak")
    assert p.returncode == 2
    assert "usage: python3 -m engine" in p.stderr and "'simulte'" in p.stderr


@pytest.mark.slow
def test_engine_bench_strength_runs_the_strength_benchmark() -> None:
    """`python -m engine bench strength ...` is the strength benchmark, as `python -m
    bench.engine strength ...` is (here one auction-Batak deal)."""
    p = run(
        "engine",
        "bench",
        "strength",
        "--deals",
        "1",
        "--games",
        "batak",
        "--matches",
        "0",
        "--timing-deals",
        "0",
    )
    assert p.returncode == 0, p.stderr
    assert "batak: points per deal, 1 deals in duplicate" in p.stdout, p.stdout
    assert "decision time per level (CPython" in p.stdout


def test_bench_with_an_unknown_game_is_an_error() -> None:
    """`python -m engine bench --games nosuch` is an error naming the game, not a traceback."""
    p = run("engine", "bench", "--games", "nosuch", "--seconds", "0.1")
    assert p.returncode == 2
    assert "nosuch" in p.stderr and "Traceback" not in p.stderr
