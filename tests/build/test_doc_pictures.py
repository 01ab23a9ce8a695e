"""The pictures kept in git are the few the docs show: each one linked from README.md, docs/ or
learn/, named by what it shows, small; scripts/screenshots.py writes into screens/, which git
ignores, unless TT_SCREENS names another folder."""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCREENS = ROOT / "docs" / "screens"
PICTURES = (".png", ".jpg", ".jpeg", ".gif", ".webp", ".svg")
MOST_BYTES = 150_000  # one picture
MOST_TOTAL = 1_000_000  # all of docs/screens/


def doc_texts() -> dict[Path, str]:
    docs = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    docs += sorted(p for p in (ROOT / "learn").rglob("*") if p.suffix in (".md", ".html"))
    return {p: p.read_text(encoding="utf-8") for p in docs if p.is_file()}


def linked_screens() -> dict[Path, Path]:
    """Each picture under docs/screens/ a doc links to (a relative link or a path from the
    repository's root), with the doc that links it."""
    found: dict[Path, Path] = {}
    for doc, text in doc_texts().items():
        for ref in re.findall(r"[\w./-]*screens/[\w.-]+\.(?:png|jpe?g|gif|webp|svg)", text):
            for base in (doc.parent, ROOT):
                target = (base / ref).resolve()
                if target.parent == SCREENS.resolve():
                    found[target] = doc
    return found


def kept() -> list[Path]:
    return sorted(p.resolve() for p in SCREENS.iterdir() if p.suffix.lower() in PICTURES)


def test_every_kept_picture_is_shown_by_a_doc() -> None:
    shown = linked_screens()
    unshown = [p.name for p in kept() if p not in shown]
    assert not unshown, f"docs/screens/ holds pictures no doc shows: {unshown}"


def test_every_picture_a_doc_shows_is_there() -> None:
    missing = [
        f"{doc.relative_to(ROOT)} -> {p.name}"
        for p, doc in linked_screens().items()
        if not p.is_file()
    ]
    assert not missing, f"docs link pictures that are not in docs/screens/: {missing}"


def test_pictures_are_named_by_what_they_show_and_small() -> None:
    pictures = kept()
    assert pictures, "docs/screens/ holds no picture"
    numbered = [p.name for p in pictures if re.match(r"\d", p.name)]
    assert not numbered, f"named by number rather than by what they show: {numbered}"
    big = {p.name: p.stat().st_size for p in pictures if p.stat().st_size > MOST_BYTES}
    assert not big, f"pictures over {MOST_BYTES} bytes: {big}"
    assert sum(p.stat().st_size for p in pictures) <= MOST_TOTAL


def test_screenshots_go_to_an_ignored_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("playwright")
    monkeypatch.delenv("TT_SCREENS", raising=False)
    spec = importlib.util.spec_from_file_location(
        "screenshots", ROOT / "scripts" / "screenshots.py"
    )
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    out = Path(mod.OUT).resolve()
    assert out == ROOT / "screens"
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    shot = out / "lobby-360x640.png"
    ignored = subprocess.run(["git", "check-ignore", "-q", str(shot)], cwd=ROOT, check=False)
    assert ignored.returncode == 0, "screens/ is not ignored by git"
