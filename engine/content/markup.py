"""The small, safe Markdown subset of lesson texts, parsed into plain data (never HTML).

`parse(text)` returns a list of blocks; a renderer makes DOM nodes from them with `textContent`
(and `href` for links) only, so nothing in a lesson's text can ever become markup: `<script>`
or `<img onerror=...>` stays literal text.

What is understood:
- paragraphs, separated by blank lines (the lines of a paragraph are joined with a space);
- bullet lists: consecutive lines starting with "- ";
- inline `**bold**`, `*italic*`, `` `code` ``;
- links `[text](url)` only when the url starts with `https://` or `http://` and has no
  spaces, quotes, angle brackets or backslashes; any other link (`javascript:`, `data:`,
  relative ...) is kept as the plain text of the whole "[text](url)";
- card tokens `{QS}`, `{10H}`, `{TH}` (rank then suit, as the engine writes cards), shown as a
  card: "Q♠", "10♥". A token that is not a card stays literal text;
- a backslash before one of \\ * ` [ ] { } ( ) - makes it literal.

Output shape (tuples for nodes, lists for sequences; every string is plain text):

    blocks  = [block, ...]
    block   = ("p", inlines)                  a paragraph
            | ("ul", [inlines, ...])          a bullet list: one inline list per item
    inlines = [inline, ...]
    inline  = ("text", "plain text")
            | ("b", inlines)                  bold
            | ("i", inlines)                  italic
            | ("code", "plain text")          code, shown as is
            | ("a", "https://...", inlines)   a link (the url is checked as above)
            | ("card", "QS", "Q♠")            a card: its notation and its label

Example: parse("Play {QS}, **not** [this](javascript:x)") ==
    [("p", [("text", "Play "), ("card", "QS", "Q♠"), ("text", ", "),
            ("b", [("text", "not")]), ("text", " [this](javascript:x)")])]
"""

from __future__ import annotations

from typing import Any

from ..cards import CARD_STR, RANK_NAMES, SUIT_SYMBOLS, SUITS, parse_card

Inline = tuple[Any, ...]
Block = tuple[Any, ...]

_ESCAPABLE = frozenset("\\*`[]{}()-")
_URL_BAD = frozenset(" \t\r\n\"'<>\\`")


def parse(text: str) -> list[Block]:
    """The blocks of a lesson text (see the module docstring for the shape)."""
    if not isinstance(text, str):
        raise TypeError("markup.parse takes text")
    blocks: list[Block] = []
    para: list[str] = []
    items: list[str] = []

    def flush() -> None:
        if para:
            blocks.append(("p", _inline(" ".join(para))))
            para.clear()
        if items:
            blocks.append(("ul", [_inline(it) for it in items]))
            items.clear()

    for raw in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        line = raw.strip()
        if not line:
            flush()
        elif line.startswith("- ") or line == "-":
            if para:
                flush()
            items.append(line[2:].strip())
        elif items and raw[:1] in (" ", "\t"):
            items[-1] = f"{items[-1]} {line}"  # an indented line continues the item
        else:
            if items:
                flush()
            para.append(line)
    flush()
    return blocks


def plain_text(blocks: list[Block]) -> str:
    """The blocks as plain text (cards as labels, links as their text): for logs and tests."""
    out: list[str] = []
    for b in blocks:
        if b[0] == "p":
            out.append(_plain(b[1]))
        else:
            out.append("\n".join("- " + _plain(it) for it in b[1]))
    return "\n\n".join(out)


def _plain(nodes: list[Inline]) -> str:
    parts: list[str] = []
    for n in nodes:
        kind = n[0]
        if kind in ("text", "code"):
            parts.append(n[1])
        elif kind == "card":
            parts.append(n[2])
        elif kind == "a":
            parts.append(_plain(n[2]))
        else:
            parts.append(_plain(n[1]))
    return "".join(parts)


def card_label(notation: str) -> str:
    """ "QS" -> "Q♠", "10H" -> "10♥" (notation as the engine writes it)."""
    c = parse_card(notation)
    return RANK_NAMES[c & 15] + SUIT_SYMBOLS[SUITS[c >> 4]]


def safe_url(url: str) -> bool:
    """Whether a link target may be shown as a link: http(s) with a host, nothing odd in it."""
    low = url.lower()
    for scheme in ("https://", "http://"):
        if low.startswith(scheme) and len(url) > len(scheme) and url[len(scheme)] != "/":
            return not any(ch in _URL_BAD or ord(ch) < 32 or ord(ch) == 127 for ch in url)
    return False


def _inline(s: str, bold: bool = True, italic: bool = True, link: bool = True) -> list[Inline]:
    out: list[Inline] = []
    buf: list[str] = []

    def text(t: str) -> None:
        buf.append(t)

    def node(n: Inline) -> None:
        if buf:
            out.append(("text", "".join(buf)))
            buf.clear()
        out.append(n)

    i, n = 0, len(s)
    while i < n:
        ch = s[i]
        if ch == "\\" and i + 1 < n and s[i + 1] in _ESCAPABLE:
            text(s[i + 1])
            i += 2
            continue
        if ch == "`":
            j = s.find("`", i + 1)
            if j > i + 1:
                node(("code", s[i + 1 : j]))
                i = j + 1
                continue
        elif ch == "*":
            run = _run(s, i)
            if run >= 2 and bold and i + 2 < n and not s[i + 2].isspace():
                j = _closer(s, i + 2, 2)
                if j > 0:
                    node(("b", _inline(s[i + 2 : j], False, italic, link)))
                    i = j + 2
                    continue
            if run in (1, 3) and italic and i + 1 < n and not s[i + 1].isspace():
                j = _closer(s, i + 1, 1)
                if j > 0:
                    node(("i", _inline(s[i + 1 : j], bold, False, link)))
                    i = j + 1
                    continue
            text(s[i : i + run])  # a run of stars that opens nothing stays as written
            i += run
            continue
        elif ch == "[" and link:
            got = _link(s, i)
            if got is not None:
                label, url, end = got
                if safe_url(url):
                    node(("a", url, _inline(label, bold, italic, False)))
                else:
                    text(s[i:end])  # an unsafe link stays the plain text it was written as
                i = end
                continue
        elif ch == "{":
            j = s.find("}", i + 1)
            token = s[i + 1 : j] if j > i else ""
            code = _card(token)
            if code is not None:
                node(("card", code, card_label(code)))
                i = j + 1
                continue
        text(ch)
        i += 1
    if buf:
        out.append(("text", "".join(buf)))
    return out


def _run(s: str, i: int) -> int:
    """How many "*" start at s[i]."""
    j = i
    while j < len(s) and s[j] == "*":
        j += 1
    return j - i


def _closer(s: str, start: int, width: int) -> int:
    """Where the closing mark of `width` stars (1: italic, 2: bold) is, after `start`: the
    end of a star run that follows a non-space (the last `width` stars of a run of 1 or 3 for
    italic, of 2 or more for bold); -1 when there is none."""
    j = start
    while j < len(s):
        if s[j] != "*":
            j += 1
            continue
        run = _run(s, j)
        if j > start and not s[j - 1].isspace():
            if width == 1 and run in (1, 3):
                return j + run - 1
            if width == 2 and run >= 2:
                return j + run - 2
        j += run
    return -1


def _link(s: str, i: int) -> tuple[str, str, int] | None:
    """A link `[label](url)` starting at s[i] == "[": (label, url, index after it)."""
    k = s.find("](", i + 1)
    if k < 0:
        return None
    label = s[i + 1 : k]
    if not label or "[" in label or "]" in label:
        return None
    depth = 0
    j = k + 2
    while j < len(s):
        ch = s[j]
        if ch == "(":
            depth += 1
        elif ch == ")":
            if depth == 0:
                return label, s[k + 2 : j], j + 1
            depth -= 1
        j += 1
    return None


def _card(token: str) -> str | None:
    if not 2 <= len(token) <= 3 or token != token.strip():
        return None
    try:
        return CARD_STR[parse_card(token)]
    except (ValueError, KeyError):
        return None


__all__ = ["Block", "Inline", "card_label", "parse", "plain_text", "safe_url"]
