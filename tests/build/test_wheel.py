"""The engine's wheel (sitebuild/wheel.py): it holds every module of engine/ and the
`trick-table` command, installs into a fresh virtual environment without the network, and
from another folder plays a move of every game, lists the games and plays in the terminal.
The built site serves the same file (dist/wheels/)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from sitebuild import wheel as W

ROOT = Path(__file__).resolve().parents[2]

PLAY_EVERY_GAME = """
import json, random, engine
out = {"file": engine.__file__, "version": engine.__version__, "games": {}}
for game in engine.GAMES:
    m = engine.new_match(game, seed=11)
    move = engine.ai.choose(m.deal, level="normal", seed=1)
    assert move in m.deal.legal_moves()
    m.play(move)
    again = engine.replay(json.loads(json.dumps(m.record())))
    out["games"][game] = [move, again.deal.moves == m.deal.moves]
print(json.dumps(out))
"""


@pytest.fixture(scope="module")
def built() -> Path:
    return W.wheel()


def test_the_wheel_holds_every_engine_module_and_the_command(built: Path) -> None:
    assert built.name == W.wheel_name()
    with zipfile.ZipFile(built) as z:
        names = set(z.namelist())
        entry = z.read(f"trick_table-{W.version()}.dist-info/entry_points.txt").decode()
        meta = z.read(f"trick_table-{W.version()}.dist-info/METADATA").decode()
    sources = {
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "engine").rglob("*.py")
        if "__pycache__" not in p.parts
    }
    assert sources and sources <= names, sorted(sources - names)
    assert not [n for n in names if n.endswith(".pyc") or n.startswith(("ui/", "tests/"))]
    assert "trick-table = engine.__main__:main" in entry
    assert "Requires-Python: >=3.11" in meta
    needs = [x for x in meta.splitlines() if x.startswith("Requires-Dist:") and "extra ==" not in x]
    assert not needs, needs  # the standard library only


def test_the_site_serves_the_same_wheel(built: Path) -> None:
    served = ROOT / "dist" / W.WHEELS / W.wheel_name()
    if not served.exists():
        pytest.skip("dist/ is not built")
    assert served.read_bytes() == built.read_bytes()


def test_it_installs_in_a_fresh_environment_and_plays_every_game(
    built: Path, tmp_path: Path
) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    py = venv / "bin" / "python"
    subprocess.run(
        [str(py), "-m", "pip", "install", "-q", "--no-index", "--no-deps", str(built)],
        check=True,
    )
    elsewhere = tmp_path / "elsewhere"  # not the checkout: the installed package is imported
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    run = subprocess.run(
        [str(py), "-c", PLAY_EVERY_GAME],
        cwd=elsewhere,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert str(venv) in out["file"] and out["version"] == W.version()
    import engine

    assert set(out["games"]) == set(engine.GAMES)
    assert all(same for _move, same in out["games"].values()), out
    games = subprocess.run(
        [str(venv / "bin" / "trick-table"), "games"],
        cwd=elsewhere,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert games.returncode == 0, games.stderr
    assert all(g in games.stdout for g in engine.GAMES)
    play = subprocess.run(
        [str(venv / "bin" / "trick-table"), "play", "batak", "--seed", "3"],
        input="bid 5\nquit\n",
        cwd=elsewhere,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert play.returncode == 0, play.stderr
    assert "[0, 5]" in play.stdout  # the player's bid of 5 is in the auction shown
