"""The page's words as GNU gettext catalogs: `python3 build.py i18n` extracts every string of
ui/ and every engine text into i18n/trick-table.pot with Babel and updates each i18n/<lang>.po;
the build compiles them to .mo (with a pseudo-language for layout tests) and renders the texts
shown before Python runs."""

from __future__ import annotations

import ast
import datetime
import gettext
import io
import json
import re
import subprocess
import sys
import tokenize
from typing import Any

from .files import I18N, ROOT, importable, log

BABEL = "Babel==2.19.0"  # extraction and compilation of the gettext catalogs (pinned)
POT = I18N / "trick-table.pot"
FIXED_DATE = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)  # the same files every build
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}


def babel() -> None:
    """Imports Babel, installing the pinned version first when it is missing."""
    try:
        import babel  # noqa: F401
    except ImportError:
        log(f"installing {BABEL}")
        subprocess.run(
            [sys.executable, "-m", "pip", "install", "-q", "--disable-pip-version-check", BABEL],
            check=True,
        )


def _call_name(node: ast.Call) -> str | None:
    """The called function's name: `_` for `_(...)` and for `i18n._(...)`."""
    f = node.func
    if isinstance(f, ast.Name):
        return f.id
    if isinstance(f, ast.Attribute):
        return f.attr
    return None


def _translator_comments(source: bytes, tags: tuple[str, ...]) -> dict[int, str]:
    """Each line's comment that starts with one of `tags` ("TRANSLATORS: ..."), by line."""
    out: dict[int, str] = {}
    try:
        for tok in tokenize.tokenize(io.BytesIO(source).readline):
            if tok.type == tokenize.COMMENT:
                text = tok.string.lstrip("#").strip()
                if any(text.startswith(t) for t in tags):
                    out[tok.start[0]] = text
    except (tokenize.TokenError, SyntaxError):
        pass
    return out


def extract_python(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Any:
    """Babel's Python extractor, and then every call of a keyword that it does not see, found
    by parsing the file with `ast` (under Python 3.11 an f-string is one token, so a `_()`
    inside `f"{_('...')}"` is invisible to the tokenizer). Yields Babel's extraction tuples
    (line, function, messages, comments); a call's arguments that are not literal strings are
    None, as Babel gives them."""
    from babel.messages.extract import extract_python as babel_python

    source = fileobj.read()
    seen: set[tuple[Any, Any]] = set()
    for found in babel_python(io.BytesIO(source), keywords, comment_tags, options):
        seen.add((found[1], found[2]))
        yield found
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return
    notes = _translator_comments(source, tuple(comment_tags or ()))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        funcname = _call_name(node)
        if funcname not in keywords or not node.args:
            continue
        args = [
            a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None
            for a in node.args
        ]
        if all(a is None for a in args):
            continue
        messages: Any = args[0] if len(args) == 1 else tuple(args)
        if (funcname, messages) in seen:
            continue
        seen.add((funcname, messages))
        near = [notes[n] for n in (node.lineno - 1, node.lineno) if n in notes]
        yield node.lineno, funcname, messages, near


# The engine modules with messages that `import engine` leaves out, in the catalog's order.
MESSAGE_MODULES = ("engine.address", "engine.content.lessons", "engine.content.puzzle_messages")


def page_engine_modules() -> None:
    """Imports every engine module the page or its worker ships (sitebuild.sources), so that
    every message it can show is in `engine.messages.ENGLISH`: MESSAGE_MODULES first (the order
    the catalog has always had), then the rest."""
    import importlib

    from .sources import page_sources, worker_sources

    names = list(MESSAGE_MODULES)
    for path in sorted(set(page_sources()) | set(worker_sources())):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if parts[0] == "engine":
            names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    for name in names:
        importlib.import_module(name)


def template() -> Any:
    """The catalog template: every string of ui/ in _(), N_(), ngettext() and pgettext()
    (also inside f-strings: `extract_python`), and every engine text the page shows (message
    templates by key, the games' texts)."""
    babel()
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    importable()
    import engine
    from ui.common.i18n import DOMAIN, engine_texts

    page_engine_modules()  # their messages register as they load

    cat = Catalog(
        project="Trick Table",
        version="1",
        domain=DOMAIN,
        charset="utf-8",
        header_comment="# The page's strings, extracted by `python3 build.py i18n`.",
        fuzzy=False,
        creation_date=FIXED_DATE,
        revision_date=FIXED_DATE,
    )
    methods: Any = [("ui/**.py", extract_python), ("i18n/**.py", extract_python)]
    for fn, line, message, comments, context in extract_from_dir(
        str(ROOT), methods, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)
    ):
        cat.add(
            message,
            locations=[(fn, line)],
            auto_comments=comments,
            context=context,
            flags=("python-brace-format",) if "{" in str(message) else (),
        )
    for ctx, text, where in engine_texts(engine.GAME_INFO):
        cat.add(
            text,
            locations=[(where, 0)],
            context=ctx,
            flags=("python-brace-format",) if "{" in text else (),
        )
    return cat


def update_catalogs() -> None:
    """`python3 build.py i18n`: writes the template and brings every .po up to date with it
    (new strings empty, changed ones fuzzy, gone ones dropped)."""
    from babel.messages.pofile import read_po, write_po

    cat = template()
    I18N.mkdir(exist_ok=True)
    with POT.open("wb") as f:
        write_po(f, cat, width=100, omit_header=False, sort_output=True)
    from ui.common.i18n import LANGS

    for code in LANGS:
        po = I18N / f"{code}.po"
        if code != "en" and not po.exists():  # a new language starts from the template
            with POT.open("rb") as f:
                fresh = read_po(f, locale=code)
            with po.open("wb") as f:
                write_po(f, fresh, width=100, sort_output=True)
    for po in sorted(I18N.glob("*.po")):
        with po.open("rb") as f:
            lang = read_po(f, locale=po.stem)
        lang.update(cat, no_fuzzy_matching=True)
        lang.obsolete.clear()
        with po.open("wb") as f:
            write_po(f, lang, width=100, sort_output=True, include_previous=False)
    log(
        f"{POT.relative_to(ROOT)}: {len(cat)} strings; updated "
        + ", ".join(p.stem for p in sorted(I18N.glob("*.po")))
    )


def pseudo(text: str) -> str:
    """The pseudo-language: every string 40 % longer, its {fields} kept (layout tests)."""
    parts = re.split(r"(\{[^{}]*\})", text)
    out = []
    for part in parts:
        if part.startswith("{") and part.endswith("}"):
            out.append(part)
        else:
            out.append(part.translate(str.maketrans("aeiouAEIOU", "àéîõüÅÉÎÕÜ")))
    body = "".join(out)
    pad = max(1, round(len(text) * 0.4))
    return f"[{body}{'~' * (pad - 2) if pad > 2 else ''}]" if text.strip() else text


def compiled_catalogs() -> dict[str, bytes]:
    """Each language's .mo (compiled by Babel from i18n/<lang>.po), and the pseudo-language."""
    babel()
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    out: dict[str, bytes] = {}
    for po in sorted(I18N.glob("*.po")):
        with po.open("rb") as f:
            cat = read_po(f, locale=po.stem)
        buf = io.BytesIO()
        write_mo(buf, cat, use_fuzzy=False)
        out[po.stem] = buf.getvalue()
    src = template()
    fake = Catalog(locale="en", domain=src.domain, charset="utf-8", creation_date=FIXED_DATE)
    for m in src:
        if not m.id:
            continue
        if isinstance(m.id, tuple):
            fake.add(m.id, tuple(pseudo(x) for x in m.id), context=m.context)
        else:
            fake.add(m.id, pseudo(m.id), context=m.context)
    buf = io.BytesIO()
    write_mo(buf, fake)
    out["xx"] = buf.getvalue()
    return out


def before_python_texts(catalogs: dict[str, bytes]) -> str:
    """The splash, failure, title and description texts in every language, as a script for
    index.html (they show before Python runs), from the same catalogs as the page."""
    importable()
    from before_python import BEFORE_PYTHON  # type: ignore[import-not-found]  # i18n/

    from ui.common.i18n import LANGS, SAVED_KEY

    texts: dict[str, dict[str, str]] = {}
    for lang in LANGS:
        tr = (
            gettext.GNUTranslations(io.BytesIO(catalogs[lang]))
            if lang in catalogs
            else gettext.NullTranslations()
        )
        texts[lang] = {k: tr.gettext(v) for k, v in BEFORE_PYTHON.items()}
    data = json.dumps({"texts": texts, "saved": SAVED_KEY}, ensure_ascii=False)
    return "<script>window.__tt_i18n = " + data.replace("</", "<\\/") + ";</script>"
