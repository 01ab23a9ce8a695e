"""The translations: every catalog complete, nothing fuzzy, placeholders kept, the template up
to date with the source, and the engine English with no setup."""

from __future__ import annotations

import re
import string
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from sitebuild import i18n as catalogs  # noqa: E402 (after the path above)
from ui.common import i18n  # noqa: E402 (after the path above)

babel = pytest.importorskip("babel", reason="Babel is installed by scripts/test.sh")
from babel.messages.pofile import read_po  # noqa: E402 (after the path above)

LANGS = [code for code in i18n.LANGS if code != "en"]


def fields(text: str) -> set[str]:
    out = set()
    for _, name, spec, _ in string.Formatter().parse(text):
        if name is not None:
            out.add(f"{name}:{spec}" if spec else name)
    return out


def catalog(lang: str):
    path = ROOT / "i18n" / f"{lang}.po"
    assert path.exists(), f"i18n/{lang}.po is missing: run python3 build.py i18n"
    with path.open("rb") as f:
        return read_po(f, locale=lang)


def test_every_language_has_a_catalog() -> None:
    for lang in LANGS:
        assert (ROOT / "i18n" / f"{lang}.po").exists()


def test_template_is_up_to_date() -> None:
    """Every string of the source is in i18n/trick-table.pot (python3 build.py i18n)."""
    with (ROOT / "i18n" / "trick-table.pot").open("rb") as f:
        pot = read_po(f)
    have = {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in pot if m.id}
    fresh = catalogs.template()
    want = {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in fresh if m.id}
    missing = sorted(map(str, want - have))
    assert not missing, f"not in the template (run python3 build.py i18n): {missing[:10]}"
    stale = sorted(map(str, have - want))
    assert not stale, f"in the template but no longer in the source: {stale[:10]}"


@pytest.mark.parametrize("lang", LANGS)
def test_catalog_is_complete_and_keeps_placeholders(lang: str) -> None:
    cat = catalog(lang)
    with (ROOT / "i18n" / "trick-table.pot").open("rb") as f:
        pot = read_po(f)
    ids = {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in cat if m.id}
    problems = []
    for m in pot:
        if m.id and (m.context, m.id if isinstance(m.id, str) else tuple(m.id)) not in ids:
            problems.append(f"missing: {m.context} {m.id!r}")
    for m in cat:
        if not m.id:
            continue
        where = f"{m.context or ''} {m.id!r}"
        if m.fuzzy:
            problems.append(f"fuzzy: {where}")
        if isinstance(m.id, str):
            pairs = [(m.id, m.string)]
        else:
            pairs = [(m.id[1] if i else m.id[0], s) for i, s in enumerate(m.string)]
            if len(m.string) != cat.num_plurals:
                problems.append(f"{cat.num_plurals} plural forms needed: {where}")
        for src, out in pairs:
            if not out:
                problems.append(f"untranslated: {where}")
            elif fields(src) != fields(out) and not (
                isinstance(m.id, tuple) and fields(out) <= fields(src)
            ):
                problems.append(
                    f"placeholders {sorted(fields(src))} became {sorted(fields(out))}: {where}"
                )
        if (
            m.context == "seat names"
            and isinstance(m.string, str)
            and m.string
            and m.string.count("|") != m.id.count("|")
        ):
            problems.append(f"seat names must stay {m.id.count('|') + 1} names: {where}")
    assert not problems, f"{lang}.po: {len(problems)} problems, e.g.\n" + "\n".join(problems[:25])


def test_engine_speaks_english_with_no_setup() -> None:
    import engine

    m = engine.new_match("batak", seed=1)
    with pytest.raises(engine.IllegalMove) as err:
        m.play("bid 99")
    text = str(err.value)
    assert re.fullmatch(r"[\x20-\x7e♠♥♦♣’“”—…]+", text), text


def test_pseudo_language_is_longer_and_keeps_fields() -> None:
    for text in ("Deal over.", "{name} takes the trick.", "Your turn: play a raised card."):
        out = catalogs.pseudo(text)
        assert len(out) >= 1.4 * len(text) - 1
        assert fields(out) == fields(text)


def test_language_choice() -> None:
    assert i18n.choose("ru", "tr", ["pt-BR"]) == "ru"
    assert i18n.choose(None, "tr", ["pt-BR"]) == "tr"
    assert i18n.choose("klingon", None, ["pt-BR", "en"]) == "pt"
    assert i18n.choose(None, None, ["de-DE"]) == "en"


# The functions that mark a string for translation, and where their literal arguments are:
# (index of the context or None, indices of the message and its plural).
MARKERS: dict[str, tuple[int | None, tuple[int, ...]]] = {
    "_": (None, (0,)),
    "N_": (None, (0,)),
    "gettext": (None, (0,)),
    "ngettext": (None, (0, 1)),
    "pgettext": (0, (1,)),
    "npgettext": (0, (1, 2)),
}


def marked_strings(root: Path) -> list[tuple[str, str | None, str | tuple[str, ...]]]:
    """(where, context, message) of every call of _ / N_ / ngettext / pgettext ... with literal
    arguments in the .py files under `root`, read with `ast` (so also those inside
    f-strings), independently of the catalog's extraction."""
    import ast

    out = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            f = node.func
            name = (
                f.id
                if isinstance(f, ast.Name)
                else f.attr
                if isinstance(f, ast.Attribute)
                else None
            )
            if name not in MARKERS:
                continue
            ctx_at, msg_at = MARKERS[name]
            wanted = ([ctx_at] if ctx_at is not None else []) + list(msg_at)
            if len(node.args) <= max(wanted):
                continue
            lits = [
                a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None
                for a in node.args
            ]
            if any(lits[i] is None for i in wanted):
                continue
            msg = lits[msg_at[0]] if len(msg_at) == 1 else tuple(lits[i] for i in msg_at)
            ctx = lits[ctx_at] if ctx_at is not None else None
            where = f"{path.relative_to(root.parent)}:{node.lineno}"
            out.append((where, ctx, msg))  # type: ignore[arg-type]
    return out


def test_the_scan_sees_calls_inside_f_strings(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text('x = f"<p>{esc(_(\'Inside\'))}</p>"\ny = _("Outside")\n')
    assert sorted(m for _w, _c, m in marked_strings(tmp_path)) == ["Inside", "Outside"]


def test_the_extraction_reads_inside_f_strings(tmp_path: Path) -> None:
    import io

    src = b'# TRANSLATORS: a note\nx = f"<p>{esc(_(\'Inside\'))}</p>"\ny = _("Outside")\n'
    got = list(catalogs.extract_python(io.BytesIO(src), catalogs.KEYWORDS, ("TRANSLATORS:",), {}))
    by_msg = {m: (line, notes) for line, _f, m, notes in got}
    assert set(by_msg) == {"Inside", "Outside"}
    assert by_msg["Inside"] == (2, ["TRANSLATORS: a note"])


@pytest.mark.parametrize("lang", LANGS)
def test_every_marked_string_of_ui_and_engine_is_translated(lang: str) -> None:
    """Every string of ui/ and engine/ in _(), N_(), ngettext(), pgettext() (found by reading
    the source, f-strings included) is in the template and translated in each catalog."""
    with (ROOT / "i18n" / "trick-table.pot").open("rb") as f:
        pot = read_po(f)
    in_pot = {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in pot if m.id}
    cat = catalog(lang)
    done = {
        (m.context, m.id if isinstance(m.id, str) else tuple(m.id))
        for m in cat
        if m.id and not m.fuzzy and (all(m.string) if isinstance(m.string, tuple) else m.string)
    }
    found = marked_strings(ROOT / "ui") + marked_strings(ROOT / "engine")
    assert len(found) > 300  # the scan reads the source
    problems = [
        f"{where}: {msg!r} not in the template"
        for where, ctx, msg in found
        if (ctx, msg) not in in_pot
    ]
    problems += [
        f"{where}: {msg!r} not translated in {lang}.po"
        for where, ctx, msg in found
        if (ctx, msg) in in_pot and (ctx, msg) not in done
    ]
    assert not problems, "\n".join(problems[:20])
