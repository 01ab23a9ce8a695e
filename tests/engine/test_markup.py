"""The safe Markdown subset of lesson texts (engine.content.markup): the output is plain data, links
only to http(s) addresses, cards as tokens, and nothing written as HTML ever becomes markup."""

from __future__ import annotations

from typing import Any

import pytest

from engine.content.markup import parse, plain_text, safe_url

NODE_KINDS = {"text", "b", "i", "code", "a", "card"}


def walk(blocks: list[Any]) -> list[tuple[Any, ...]]:
    """Every inline node, checking the shape on the way (block and node kinds, field types)."""
    out: list[tuple[Any, ...]] = []

    def inl(nodes: list[Any]) -> None:
        assert isinstance(nodes, list)
        for n in nodes:
            assert isinstance(n, tuple) and n[0] in NODE_KINDS, n
            out.append(n)
            if n[0] in ("text", "code"):
                assert len(n) == 2 and isinstance(n[1], str)
            elif n[0] == "card":
                assert len(n) == 3 and isinstance(n[1], str) and isinstance(n[2], str)
            elif n[0] == "a":
                assert len(n) == 3 and safe_url(n[1])
                inl(n[2])
            else:
                assert len(n) == 2
                inl(n[1])

    for b in blocks:
        assert isinstance(b, tuple) and b[0] in ("p", "ul")
        if b[0] == "p":
            inl(b[1])
        else:
            for item in b[1]:
                inl(item)
    return out


def test_the_documented_example() -> None:
    assert parse("Play {QS}, **not** [this](javascript:x)") == [
        (
            "p",
            [
                ("text", "Play "),
                ("card", "QS", "Q♠"),
                ("text", ", "),
                ("b", [("text", "not")]),
                ("text", " [this](javascript:x)"),
            ],
        )
    ]


def test_paragraphs_and_lists() -> None:
    blocks = parse("First line\nsame paragraph.\n\n- one\n- two\n  continued\n\nLast.")
    assert blocks == [
        ("p", [("text", "First line same paragraph.")]),
        ("ul", [[("text", "one")], [("text", "two continued")]]),
        ("p", [("text", "Last.")]),
    ]
    assert parse("") == [] and parse("\n\n  \n") == []


def test_inline_styles_and_links() -> None:
    [(_, nodes)] = parse("a **b *c*** *d* `e *f*` [g **h**](https://example.org/x_(y)?q=1)")
    assert ("b", [("text", "b "), ("i", [("text", "c")])]) in nodes
    assert ("i", [("text", "d")]) in nodes
    assert ("code", "e *f*") in nodes
    assert ("a", "https://example.org/x_(y)?q=1", [("text", "g "), ("b", [("text", "h")])]) in nodes
    walk(parse("x"))


def test_cards() -> None:
    [(_, nodes)] = parse("{10H} {TH} {qs} {6C} {ZZ} {Q S} {}")
    cards = [n for n in nodes if n[0] == "card"]
    assert cards == [
        ("card", "10H", "10♥"),
        ("card", "10H", "10♥"),
        ("card", "QS", "Q♠"),
        ("card", "6C", "6♣"),
    ]
    assert plain_text(parse("{10H} {ZZ} {Q S} {}")) == "10♥ {ZZ} {Q S} {}"


def test_unclosed_marks_stay_text() -> None:
    assert (
        plain_text(parse("2 * 3 and ** and ` and [x] and [y]( and {AS"))
        == "2 * 3 and ** and ` and [x] and [y]( and {AS"
    )


def test_escapes() -> None:
    assert (
        plain_text(parse(r"\*not italic\* \{QS\} \[a\](https://x.org)"))
        == "*not italic* {QS} [a](https://x.org)"
    )
    assert all(n[0] == "text" for n in walk(parse(r"\*not italic\* \{QS\}")))


@pytest.mark.parametrize(
    "url",
    [
        "javascript:alert(1)",
        "JavaScript:alert(1)",
        " javascript:alert(1)",
        "data:text/html,<b>",
        "vbscript:x",
        "/relative",
        "//evil.example",
        "ftp://x.org",
        "https://",
        "https:///x",
        'https://x.org/"onmouseover="alert(1)',
        "https://x.org/<script>",
        "http://a b",
        "https://x.org/\\y",
        "java\tscript:alert(1)",
    ],
)
def test_unsafe_links_are_plain_text(url: str) -> None:
    text = f"see [click]({url}) here"
    nodes = walk(parse(text))
    assert not [n for n in nodes if n[0] == "a"]
    assert "[click](" in plain_text(parse(text))


@pytest.mark.parametrize(
    "attack",
    [
        "<script>alert(1)</script>",
        "<img src=x onerror=alert(1)>",
        '<a href="javascript:alert(1)">x</a>',
        "**<script>alert(1)</script>**",
        "[<img src=x onerror=alert(1)>](https://example.org)",
        "{<script>} `<script>alert(1)</script>`",
        "- <iframe src=javascript:alert(1)>",
        "&lt;script&gt; &#60;script&#62;",
    ],
)
def test_html_stays_literal_text(attack: str) -> None:
    """Whatever HTML a text holds comes out as plain text nodes, character for character: a
    renderer that only sets textContent can never create an element from it."""
    blocks = parse(attack)
    nodes = walk(blocks)
    literal = "".join(n[1] for n in nodes if n[0] in ("text", "code"))
    for dangerous in ("<script>", "<img", "onerror", "<iframe", "&lt;"):
        if dangerous in attack:
            assert dangerous in literal
    for n in nodes:
        if n[0] == "a":
            assert n[1].startswith("https://")


def test_safe_url() -> None:
    assert safe_url("https://example.org") and safe_url("HTTP://example.org/a?b=c#d")
    assert not safe_url("https://example.org/a b")


def test_long_text_is_fast() -> None:
    text = ("**a** *b* `c` {QS} [d](https://e.org) " * 400 + "\n\n") * 5 + "[" * 3000 + "*" * 3000
    walk(parse(text))


def test_not_text() -> None:
    with pytest.raises(TypeError):
        parse(None)  # type: ignore[arg-type]
