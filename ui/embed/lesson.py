"""The lesson's box beside the table, as a tree of elements with text (pure).

Lesson text is an author's, through engine.content.markup's safe Markdown subset; it becomes elements
whose text is set as text, never HTML (ui/embed/page.py builds them with `textContent`). A link
keeps its address only when engine.content.markup says it is safe.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engine.content import markup
from ui.common.i18n import _, pgettext

if TYPE_CHECKING:
    from engine.content.lessons import LessonRun


@dataclass
class Node:
    """An element: its tag, text (None: none), class, attributes and children."""

    tag: str
    text: str | None = None
    cls: str = ""
    attrs: dict[str, str] = field(default_factory=dict)
    children: list[Node] = field(default_factory=list)


def inline(items: Sequence[markup.Inline]) -> list[Node]:
    out: list[Node] = []
    for it in items:
        kind = it[0]
        if kind == "text":
            out.append(Node("#text", it[1]))
        elif kind in ("b", "i"):
            out.append(Node("strong" if kind == "b" else "em", children=inline(it[1])))
        elif kind == "code":
            out.append(Node("code", it[1]))
        elif kind == "a":
            attrs = (
                {"href": it[1], "target": "_blank", "rel": "noopener noreferrer"}
                if markup.safe_url(it[1])
                else {}
            )
            out.append(Node("a", attrs=attrs, children=inline(it[2])))
        elif kind == "card":
            red = it[1][-1:] in ("H", "D")
            out.append(
                Node(
                    "span", it[2], "card-token" + (" red" if red else ""), {"data-card": str(it[1])}
                )
            )
    return out


def blocks(text: str) -> list[Node]:
    """Lesson text through the safe Markdown subset."""
    out = []
    for block in markup.parse(text):
        if block[0] == "ul":
            out.append(
                Node("ul", children=[Node("li", children=inline(item)) for item in block[1]])
            )
        else:
            out.append(Node("p", children=inline(block[1])))
    return out


def only_move(run: LessonRun) -> bool:
    """Whether the step's answer is the only move the rules allow (the step cannot be failed:
    the box says so)."""
    if run.done or run.step is None or run.step.expect == "any":
        return False
    return len(run.deal.legal_moves()) == 1


def said_already(label: str, text: str) -> bool:
    """Whether the lesson's own feedback `text` begins with the word of the verdict's `label`
    ("Right." before "Right: {8H} beats..."): then the label is not said again."""
    word = label.strip().rstrip(".!:").strip().casefold()
    return bool(word) and text.lstrip().casefold().startswith(word)


def lesson_box(
    run: LessonRun, feedback: tuple[str, str] | None, hint: str | None, busy: bool = False
) -> list[Node]:
    """What the lesson's box holds: the title and step, the answer to the last move, the
    step's text (or the lesson's end) and the hint asked for. `busy`: the right answer's
    replies are still being played (the step answered stays, the next one comes after)."""
    lesson = run.lesson
    n = run.step_index + (0 if busy else 1)
    step = (
        pgettext("lesson", "Done")
        if run.done and not busy
        else _("Step {n} of {total}").format(n=n, total=len(lesson.steps))
    )
    out = [
        Node(
            "div",
            cls="lesson-head",
            children=[Node("b", lesson.title, "lesson-title"), Node("small", step)],
        )
    ]
    if feedback is not None:
        kind, text = feedback
        label = {
            "right": _("Right."),
            "wrong": _("Not this one."),
            "illegal": _("Not allowed."),
        }.get(kind, "")
        if said_already(label, text):
            label = ""  # ("Right. Right: ..." says it twice)
        out.append(
            Node(
                "div",
                cls=f"lesson-feedback {kind}",
                attrs={"data-lesson-feedback": kind, "role": "status"},
                children=[Node("strong", label + " " if label else ""), *blocks(text)],
            )
        )
    body = Node("div", cls="lesson-text", attrs={"data-lesson-text": "1"})
    if busy:
        out.append(body)
        return out
    if run.done:
        body.attrs["data-lesson-done"] = "1"
        body.children = blocks(lesson.end or _("Lesson complete."))
    else:
        if run.step_index == 0 and lesson.intro and feedback is None:
            body.children += blocks(lesson.intro)
        if run.step is not None:
            body.children += blocks(run.step.text)
        if only_move(run):
            body.children.append(
                Node(
                    "p",
                    _("Here the rules allow only one move: find it."),
                    "lesson-only",
                    {"data-lesson-only": "1"},
                )
            )
    out.append(body)
    if hint and not run.done:
        out.append(
            Node("div", cls="lesson-hint", attrs={"data-lesson-hint": "1"}, children=blocks(hint))
        )
    return out
