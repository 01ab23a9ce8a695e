"""The translations: every catalog complete, nothing fuzzy, placeholders kept, the template up
to date with the source, and the engine English with no setup."""

from __future__ import annotations

import re
import string
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sitebuild import i18n as catalogs
from ui import i18n

babel = pytest.importorskip("babel", reason="Babel is installed by scripts/test.sh")
from babel.messages.pofile import read_po

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
                    isinstance(m.id, tuple) and fields(out) <= fields(src)):
                problems.append(f"placeholders {sorted(fields(src))} became "
                                f"{sorted(fields(out))}: {where}")
        if (m.context == "seat names" and isinstance(m.string, str) and m.string
                and m.string.count("|") != m.id.count("|")):
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
