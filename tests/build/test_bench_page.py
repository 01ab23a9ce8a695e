"""The page benchmarks' command line (bench.page, `python3 build.py bench`): its commands,
its refusals, and the strength command's page step."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bench.page import cli, strength

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, check=False, capture_output=True, text=True, timeout=120
    )


def test_an_unknown_page_benchmark_is_refused() -> None:
    """`python3 build.py bench nosuch` names the benchmarks there are and exits 2."""
    p = run("build.py", "bench", "nosuch")
    assert p.returncode == 2, p.stderr
    assert "unknown page benchmark 'nosuch'" in p.stderr
    for cmd in cli.COMMANDS:
        assert cmd in p.stderr


def test_the_help_lists_every_page_benchmark() -> None:
    """`python3 -m bench.page --help` and `python3 build.py --help` list the benchmarks."""
    p = run("-m", "bench.page", "--help")
    assert p.returncode == 0, p.stderr
    for cmd in cli.COMMANDS:
        assert f"    {cmd} " in p.stdout, (cmd, p.stdout)
    q = run("build.py", "--help")
    assert q.returncode == 0, q.stderr
    for cmd in (
        "python3 build.py serve",
        "python3 build.py i18n",
        "python3 build.py bench",
        "page-ai",
    ):
        assert cmd in q.stdout, (cmd, q.stdout)


def test_a_count_below_one_is_refused() -> None:
    """--runs and --deals below 1 are refused the argparse way, before any build."""
    for args in (
        ("page-goals", "--runs", "0"),
        ("page-start", "--runs", "0"),
        ("page-ai", "--deals", "-1"),
    ):
        with pytest.raises(SystemExit) as exc:
            cli.main(list(args))
        assert exc.value.code == 2, args


def test_strength_page_failure_is_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """When `python -m bench.page page-ai` fails, the strength command's page step returns
    why and its last lines are shown (run from ROOT, here a stand-in checkout whose page-ai
    fails)."""
    bench = tmp_path / "bench" / "page"
    bench.mkdir(parents=True)
    (tmp_path / "bench" / "__init__.py").write_text("")
    (bench / "__init__.py").write_text("")
    (bench / "__main__.py").write_text(
        "import sys\nprint('[build] dist/ ready')\nsys.exit('page-ai: no move')\n"
    )
    monkeypatch.setattr(strength, "ROOT", tmp_path)
    why = strength.page_times(1, dict(os.environ), sys.stdout)
    assert why is not None and "page-ai exited with status 1" in why
    out = capsys.readouterr().out
    assert "[build] dist/ ready" in out and "page-ai: no move" in out


def test_strength_page_success_needs_the_goal_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A page-ai that exits 0 without its 'goal:' line printed no decision times: an error."""
    bench = tmp_path / "bench" / "page"
    bench.mkdir(parents=True)
    (tmp_path / "bench" / "__init__.py").write_text("")
    (bench / "__init__.py").write_text("")
    (bench / "__main__.py").write_text("print('nothing measured')\n")
    monkeypatch.setattr(strength, "ROOT", tmp_path)
    why = strength.page_times(1, dict(os.environ), io.StringIO())
    assert why is not None and "no 'goal:' line" in why
    (bench / "__main__.py").write_text("print('goal: p95 <= 1000 ms in the page (met)')\n")
    assert strength.page_times(1, dict(os.environ), io.StringIO()) is None
