"""Publishing: the GitHub Pages workflow builds the site with the build step of the README's play
command on a clean runner, with pinned actions, and deploys dist/ with the official Pages actions,
only from main; the README says how a fork enables Pages; the app icons are there at their sizes.

Pure Python and fast: the workflow is read with PyYAML when it is importable and checked as text
with regular expressions in any case (no dependency is added for this)."""

from __future__ import annotations

import re
import shlex
import struct
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"
README = ROOT / "README.md"
ICONS = ROOT / "assets" / "icons"

# `owner/repo[/path]@ref` where ref is a full commit SHA or an exact release vX.Y.Z.
PINNED = re.compile(r"^[\w.-]+/[\w.-]+(/[\w./-]+)?@([0-9a-f]{40}|v\d+\.\d+\.\d+)$")


def workflow_text() -> str:
    return WORKFLOW.read_text(encoding="utf-8")


def readme_section(title: str) -> str:
    """The text of README.md's `## title` section, up to the next `## ` heading."""
    text = README.read_text(encoding="utf-8")
    match = re.search(rf"(?ms)^## {re.escape(title)}\n(.*?)(?=^## |\Z)", text)
    assert match, f"README.md has no '## {title}' section"
    return match.group(1)


def play_command() -> str:
    """The one command in the code block of README.md's '## Play' section."""
    blocks = re.findall(r"(?ms)^```[a-z]*\n(.*?)^```", readme_section("Play"))
    assert blocks, "the Play section has no code block"
    lines = [
        line.strip()
        for line in blocks[0].splitlines()
        if line.strip() and not line.strip().startswith("#")
    ]
    assert len(lines) == 1, f"the Play section's code block should hold one command: {lines}"
    return lines[0]


def build_command(play: str) -> str:
    """The build step of the play command: `python3 build.py serve` builds dist/ and then serves
    it, so its build step is the same command without the `serve` sub-command."""
    words = shlex.split(play)
    assert words[-1] == "serve" and any(w.endswith("build.py") for w in words), (
        f"the play command is not `<build command> serve`: {play!r}"
    )
    return shlex.join(words[:-1])


def run_lines(text: str) -> list[str]:
    """Every single-line `run:` command of the workflow."""
    return [
        m.group(1).strip().strip("'\"")
        for m in re.finditer(r"(?m)^\s*(?:-\s+)?run:\s*([^|>\s].*?)\s*$", text)
    ]


def uses_lines(text: str) -> list[tuple[str, str]]:
    """Every `uses:` reference with the comment after it."""
    return [
        (m.group(1).strip("'\""), m.group(2) or "")
        for m in re.finditer(r"(?m)^\s*(?:-\s+)?uses:\s*(\S+)\s*(?:#\s*(.*))?$", text)
    ]


def top_level_block(text: str, key: str) -> str:
    """The lines of a top-level mapping key, up to the next top-level key."""
    match = re.search(rf"(?ms)^{re.escape(key)}:(.*?)(?=^[^\s#]|\Z)", text)
    assert match, f"the workflow has no top-level `{key}:`"
    return match.group(1)


def parsed() -> dict[str, Any] | None:
    """The workflow as PyYAML reads it, or None when PyYAML is not importable."""
    try:
        import yaml
    except ImportError:
        return None
    data = yaml.safe_load(workflow_text())
    assert isinstance(data, dict)
    if True in data:  # YAML 1.1 reads the bare key `on` as the boolean true
        data["on"] = data.pop(True)
    return data


def test_the_play_command_and_its_build_step() -> None:
    """The README's play command is `python3 build.py serve`; its build step `python3 build.py`."""
    assert play_command() == "python3 build.py serve"
    assert build_command(play_command()) == "python3 build.py"
    with pytest.raises(AssertionError):
        build_command("python3 -m http.server")


def test_the_workflow_parses() -> None:
    """The workflow is well-formed YAML (when PyYAML is there) and has the expected shape as
    text: a name, triggers, permissions, concurrency and the build and deploy jobs."""
    text = workflow_text()
    assert "\t" not in text, "YAML forbids tabs for indentation"
    for key in ("name", "on", "permissions", "concurrency", "jobs"):
        top_level_block(text, key)
    data = parsed()
    if data is not None:
        assert set(data["jobs"]) == {"build", "deploy"}
        assert data["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}
        assert data["concurrency"]["group"] == "pages"
        assert data["jobs"]["build"]["runs-on"] == "ubuntu-latest"
        assert data["jobs"]["deploy"]["needs"] == "build"
        env = data["jobs"]["deploy"]["environment"]
        assert (env["name"] if isinstance(env, dict) else env) == "github-pages"


def test_it_triggers_only_on_main() -> None:
    """Only a push to main (or a run by hand) publishes: no pull request, tag or other branch."""
    block = top_level_block(workflow_text(), "on")
    events = set(re.findall(r"(?m)^  ([\w-]+):", block))
    assert events == {"push", "workflow_dispatch"}, events
    branches = re.search(r"branches:\s*\[([^\]]*)\]", block)
    listed = (
        [b.strip().strip("'\"") for b in branches.group(1).split(",")]
        if branches
        else re.findall(r"(?m)^\s+-\s+['\"]?([\w/.*-]+)['\"]?\s*$", block)
    )
    assert listed == ["main"], listed
    assert not re.search(r"tags|paths|branches-ignore", block)
    data = parsed()
    if data is not None:
        assert set(data["on"]) == {"push", "workflow_dispatch"}
        assert data["on"]["push"] == {"branches": ["main"]}


def test_it_deploys_dist_with_the_official_pages_actions() -> None:
    """dist/ is uploaded with actions/upload-pages-artifact and deployed with
    actions/deploy-pages in the github-pages environment."""
    text = workflow_text()
    actions = [ref.split("@")[0] for ref, _ in uses_lines(text)]
    for needed in (
        "actions/checkout",
        "actions/setup-python",
        "actions/setup-node",
        "actions/upload-pages-artifact",
        "actions/deploy-pages",
    ):
        assert needed in actions, f"the workflow does not use {needed}"
    assert re.search(r"(?m)^\s+path:\s*['\"]?dist/?['\"]?\s*$", text)
    assert re.search(r"(?m)^\s+(name:\s*)?github-pages\s*$|environment:\s*github-pages", text)
    assert re.search(
        r"permissions:\s*\n\s+contents:\s*read\s*\n\s+pages:\s*write\s*\n"
        r"\s+id-token:\s*write",
        text,
    )
    assert re.search(r'python-version:\s*["\']?3\.11', text)
    assert re.search(r'node-version:\s*["\']?20', text)
    data = parsed()
    if data is not None:
        steps = data["jobs"]["build"]["steps"]
        upload = [
            s for s in steps if str(s.get("uses", "")).startswith("actions/upload-pages-artifact@")
        ]
        assert len(upload) == 1 and str(upload[0]["with"]["path"]).rstrip("/") == "dist"
        deploy = data["jobs"]["deploy"]["steps"]
        assert any(str(s.get("uses", "")).startswith("actions/deploy-pages@") for s in deploy)


def test_every_action_is_pinned() -> None:
    """Every `uses:` names a full commit SHA (with the release it is, in a comment) or an exact
    release vX.Y.Z: never a moving tag such as @v4 or a branch."""
    refs = uses_lines(workflow_text())
    assert len(refs) >= 5
    for ref, comment in refs:
        assert PINNED.match(ref), f"not pinned: {ref}"
        if re.search(r"@[0-9a-f]{40}$", ref):
            assert re.match(r"v\d+\.\d+\.\d+\b", comment), f"{ref}: say which release it is"


def test_the_workflow_builds_with_the_readme_play_commands_build_step() -> None:
    """The workflow's build command is exactly the build step of the README's play command, and
    nothing else in it runs build.py."""
    expected = build_command(play_command())
    runs = run_lines(workflow_text())
    assert expected in runs, f"no `run: {expected}` in the workflow: {runs}"
    assert [r for r in runs if "build.py" in r] == [expected]
    data = parsed()
    if data is not None:
        commands = [str(s["run"]).strip() for s in data["jobs"]["build"]["steps"] if "run" in s]
        assert commands == [expected]


def test_the_readme_says_how_to_publish_a_fork() -> None:
    """README.md's 'Publish on GitHub Pages' section follows 'Test' and tells a fork how to
    enable Pages, where the site appears, and that it works under the sub-path and offline."""
    text = README.read_text(encoding="utf-8")
    assert text.index("## Test\n") < text.index("## Publish on GitHub Pages\n")
    section = readme_section("Publish on GitHub Pages")
    assert re.search(r"Settings\s*→\s*Pages", section)
    assert "GitHub Actions" in section
    assert "main" in section
    assert "https://<user>.github.io/<repo>/" in section
    assert re.search(r"sub-path", section)
    assert re.search(r"offline", section) and re.search(r"install", section)
    assert re.search(r"service worker", section) and re.search(r"manifest", section)


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", f"{path} is not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_app_icons_are_there_at_their_sizes() -> None:
    """The icons the web-app manifest names: the SVG source and PNGs of exactly 192 and 512 px
    (the maskable one too), as scripts/icons.py renders them."""
    root = ET.parse(ICONS / "icon.svg").getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert png_size(ICONS / "icon-192.png") == (192, 192)
    assert png_size(ICONS / "icon-512.png") == (512, 512)
    assert png_size(ICONS / "icon-maskable-512.png") == (512, 512)
