"""The main thread's modules (ui/web/*.js) pass TypeScript's check of JavaScript (`checkJs`,
strict, their JSDoc types; ui/web/jsconfig.json), with TypeScript pinned by tools/tsc's
lockfile (installed once into .cache/ with `npm ci`, as the build's own npm tools are)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from sitebuild.npm import npm_tools

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "ui" / "web"


def tsc(project: Path) -> subprocess.CompletedProcess[str]:
    tools = npm_tools(ROOT / "tools" / "tsc", "tsc", "typescript")
    cli = tools / "node_modules" / "typescript" / "bin" / "tsc"
    return subprocess.run(
        ["node", str(cli), "--noEmit", "--pretty", "false", "-p", str(project)],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )


def test_the_page_modules_pass_the_type_check():
    sources = sorted(p.name for p in WEB.glob("*.js"))
    assert "main.js" in sources and len(sources) >= 8
    for name in sources:
        text = (WEB / name).read_text(encoding="utf-8")
        assert text.startswith("// @ts-check"), name
        assert len(text.splitlines()) <= 400, f"{name} is over 400 lines"
    proc = tsc(WEB / "jsconfig.json")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_the_check_finds_a_type_error(tmp_path):
    """A wrong type in a module fails the check (the check is not vacuous)."""
    copy = tmp_path / "web"
    shutil.copytree(WEB, copy)
    menu = copy / "menu.js"
    menu.write_text(
        menu.read_text(encoding="utf-8")
        + "\nexport const wrong = /** @type {number} */ (menuOpen()) + setMenu(1);\n",
        encoding="utf-8",
    )
    proc = tsc(copy / "jsconfig.json")
    assert proc.returncode != 0
    assert "menu.js" in proc.stdout and "error TS" in proc.stdout
