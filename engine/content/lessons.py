"""Interactive lessons: a JSON document of a starting position and steps, checked against the
engine when it is loaded, and a runner that plays it (docs/lessons.md has the format).

    lesson = load_lesson(json.loads(text))     # LessonError names the step and the problem
    run = lesson.start()
    run.step.text                               # what to show now
    out = run.try_move("QS")                   # Outcome: kind "right" | "wrong" | "illegal" | "done"
    out.message, out.played                    # what to say; [(seat, move), ...] applied
    run.hint(); run.restart(); run.done

A lesson is valid only when every path a reader can take through it works: at each step the
reader's seat is to act, every expected move is legal there, and the scripted replies are legal
after every accepted answer (each member of a set, each legal move for "any"), and the steps that
follow are checked again after each of those answers. A bad lesson is refused as a whole, with a
message such as "Step 3: the expected move 'QS' is not legal there: ...".
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..address import AddressError, decode
from ..core import Deal, Match, RecordError, RulesError, registered_games, replay, rules_class
from ..messages import Message, MessageError, add_english, msg

VERSION = 1
MAX_TEXT = 2000  # characters in each text field (intro, step texts, right, wrong, hint, end)
MAX_TITLE = 200  # characters in the title
MAX_STEPS = 60
MAX_MOVES = 60  # moves in one step's expect set, or in its replies
MAX_POSITIONS = 2000  # positions checked over every path through the lesson

LESSON_FIELDS = frozenset({"v", "game", "title", "intro", "record", "seat", "view", "steps", "end"})
STEP_FIELDS = frozenset({"text", "expect", "right", "wrong", "hint", "replies", "answers"})
VIEWS = ("own", "open")

add_english(
    {
        "lesson.not_object": "A lesson must be a JSON object with v, game, title, record and "
        "steps.",
        "lesson.version": "The lesson's 'v' must be 1, not {value}.",
        "lesson.unknown_fields": "The lesson has unknown field(s): {fields}.",
        "lesson.missing": "The lesson has no '{field}'.",
        "lesson.unknown_game": "The lesson's game {game} is not one of this table's games "
        "({games}).",
        "lesson.not_text": "'{field}' must be text, not {kind}.",
        "lesson.too_long": "'{field}' is {length} characters long; the limit is {limit}.",
        "lesson.empty_title": "'title' must not be empty.",
        "lesson.record_not_object": "The lesson's 'record' must be an engine record (a JSON "
        "object).",
        "lesson.record_one_deal": "The lesson's record must have exactly one deal, and that deal "
        "must list 'hands'.",
        "lesson.record_game": "The lesson is for {game}, but its record is for {record_game}.",
        "lesson.record": "The lesson's record does not replay: {reason}",
        "lesson.seat": "'seat' must be a seat number from 0 to {last}, not {value}.",
        "lesson.view": "'view' must be 'own' or 'open', not {value}.",
        "lesson.steps_list": "'steps' must be a list of steps.",
        "lesson.no_steps": "The lesson has no steps.",
        "lesson.too_many_steps": "The lesson has {count} steps; the limit is {limit}.",
        "lesson.too_many_paths": "The lesson has too many paths to check: more than {limit} "
        "positions follow from its sets and 'any' steps. Use fewer of "
        "them before later steps.",
        "lesson.step": "Step {step}: {reason}",
        "lesson.step_after": "Step {step} (after the answer {path}): {reason}",
        "lesson.step_after_many": "Step {step} (after the answers {path}): {reason}",
        "lesson.answer_at": "'{move}' at step {step}",
        "lesson.step_not_object": "a step must be an object with 'text' and 'expect'.",
        "lesson.step_unknown_fields": "unknown field(s): {fields}.",
        "lesson.step_missing": "the step has no '{field}'.",
        "lesson.expect_type": "'expect' must be a move, a list of moves or \"any\", not {kind}.",
        "lesson.expect_empty": "'expect' lists no moves.",
        "lesson.expect_twice": "'expect' lists the move '{move}' twice.",
        "lesson.too_many_moves": "'{field}' lists {count} moves; the limit is {limit}.",
        "lesson.replies_list": "'replies' must be a list of move texts.",
        "lesson.answers_object": "'answers' must be an object from moves to texts.",
        "lesson.answer_accepted": "'answers' has feedback for '{move}', which the step accepts.",
        "lesson.answer_illegal": "'answers' has feedback for '{move}', which is not legal there: "
        "{reason}",
        "lesson.expect_illegal": "the expected move '{move}' is not legal there: {reason}",
        "lesson.reply_illegal": "after the answer '{answer}', reply {index} '{move}' is not legal: "
        "{reason}",
        "lesson.not_reader": "seat {seat} is to act there, but the reader plays seat {reader}.",
        "lesson.deal_over": "the deal is already over there: the lesson has more steps than the "
        "deal has moves.",
        "lesson.deal_over_at_start": "the deal is over before its first move ({why}).",
        "lesson.no_legal_move": "no move is legal there.",
        "lesson.text": "{text}",
        "lesson.right": "Right.",
        "lesson.wrong": "That move is allowed, but it is not the one this lesson asks for.",
        "lesson.illegal": "{reason}",
        "lesson.illegal_text": "{reason} {text}",
        "lesson.done": "The lesson is over.",
    }
)


class LessonError(MessageError):
    """A lesson that is malformed or does not work; `.message` names the step and the problem."""


@dataclass(frozen=True)
class Step:
    """One step: the text shown when it begins, what is expected, and what follows.

    `expect` is "one" (exactly `moves[0]`), "set" (any of `moves`) or "any" (any legal move;
    `moves` is empty). Moves are the engine's own texts (as `Deal.legal_moves()` writes them).
    `replies` are played after the reader's move, before the next step. `answers` are the
    feedback for particular moves the step does not accept ((move, text) pairs, in the engine's
    notation): a move the text invites but the lesson turns down is answered for itself, and
    any other with `wrong`."""

    text: str
    expect: str
    moves: tuple[str, ...]
    right: str | None = None
    wrong: str | None = None
    hint: str | None = None
    replies: tuple[str, ...] = ()
    answers: tuple[tuple[str, str], ...] = ()

    def answer_for(self, move: str) -> str | None:
        """The feedback written for `move` (the engine's notation), or None."""
        return next((text for mv, text in self.answers if mv == move), None)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"text": self.text}
        out["expect"] = (
            "any"
            if self.expect == "any"
            else self.moves[0]
            if self.expect == "one"
            else list(self.moves)
        )
        for k in ("right", "wrong", "hint"):
            v = getattr(self, k)
            if v is not None:
                out[k] = v
        if self.replies:
            out["replies"] = list(self.replies)
        if self.answers:
            out["answers"] = dict(self.answers)
        return out


@dataclass(frozen=True)
class Lesson:
    """A checked lesson. `record` is the starting position (one deal with its hands); `seat`
    is the reader's seat; `view` is "own" or "open" (all hands shown)."""

    game: str
    title: str
    intro: str | None
    end: str | None
    seat: int
    view: str
    steps: tuple[Step, ...]
    record: Mapping[str, Any] = field(compare=False, hash=False)

    def to_json(self) -> dict[str, Any]:
        """The lesson document (moves in the engine's own notation); `load_lesson` reads it."""
        out: dict[str, Any] = {"v": VERSION, "game": self.game, "title": self.title}
        if self.intro is not None:
            out["intro"] = self.intro
        out["record"] = copy.deepcopy(dict(self.record))
        out["seat"] = self.seat
        out["view"] = self.view
        out["steps"] = [s.to_json() for s in self.steps]
        if self.end is not None:
            out["end"] = self.end
        return out

    def start(self) -> LessonRun:
        """A runner at the lesson's first step."""
        return LessonRun(self)


@dataclass(frozen=True)
class Outcome:
    """What a try at a step did.

    kind: "right" (the move was played, with the replies; the lesson advanced), "wrong" (a
    legal move the step does not accept), "illegal" (a move the rules refuse), "done" (the
    lesson is over; nothing was tried).
    message: what to say, in English for the engine's part (a `Message`; `str()` renders it):
    the lesson's right/wrong text (or a default sentence), for "illegal" the engine's rule
    reason followed by the lesson's wrong text if any.
    text: the lesson's own text in `message` (safe Markdown for `engine.content.markup`), or None.
    reason: for "illegal", the engine's rule reason alone; else None.
    played: the (seat, move) pairs applied, the reader's move first, then the replies; empty
    unless "right"."""

    kind: str
    message: Message
    text: str | None = None
    reason: Message | None = None
    played: list[tuple[int, str]] = field(default_factory=list)


class LessonRun:
    """A lesson being played: the engine match at the current position and the step."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.match: Match = replay(lesson.record)
        self.step_index = 0
        self.history: list[tuple[int, str]] = []  # the (seat, move) pairs played by the lesson

    @property
    def deal(self) -> Deal:
        """The lesson's deal (the match may have started another when it ended)."""
        return self.match.deals[0]

    @property
    def done(self) -> bool:
        return self.step_index >= len(self.lesson.steps)

    @property
    def step(self) -> Step | None:
        return None if self.done else self.lesson.steps[self.step_index]

    def hint(self) -> str | None:
        """The current step's hint (None: no hint, or the lesson is over)."""
        s = self.step
        return None if s is None else s.hint

    def restart(self) -> None:
        """Back to the starting position and the first step."""
        self.match = replay(self.lesson.record)
        self.step_index = 0
        self.history = []

    def try_move(self, text: Any) -> Outcome:
        """Tries the reader's move at the current step. A wrong or illegal move changes nothing;
        a right one is played, then the step's replies, and the lesson moves to the next step."""
        step = self.step
        if step is None:
            return Outcome("done", msg("lesson.done"), self.lesson.end)
        deal = self.deal
        reason = deal.illegal_reason(text)
        if reason is not None:
            if step.wrong:
                return Outcome(
                    "illegal",
                    msg("lesson.illegal_text", reason=reason, text=step.wrong),
                    step.wrong,
                    reason,
                )
            return Outcome("illegal", msg("lesson.illegal", reason=reason), None, reason)
        move = normalise(deal, text)
        if step.expect != "any" and move not in step.moves:
            own = step.answer_for(move)
            if own:
                return Outcome("wrong", msg("lesson.text", text=own), own)
            if step.wrong:
                return Outcome("wrong", msg("lesson.text", text=step.wrong), step.wrong)
            return Outcome("wrong", msg("lesson.wrong"))
        played: list[tuple[int, str]] = []
        for mv in (move, *step.replies):
            seat = deal.to_move
            assert seat is not None
            self.match.play(mv)
            played.append((seat, deal.moves[-1]))
        self.history.extend(played)
        self.step_index += 1
        message = msg("lesson.text", text=step.right) if step.right else msg("lesson.right")
        return Outcome("right", message, step.right, None, played)


def normalise(deal: Deal, text: str) -> str:
    """A move text in the engine's own notation ("qs" -> "QS", "TH" -> "10H"); IllegalMove
    when the text is not a move."""
    return deal.action_str(deal.parse_action(text))


# --------------------------------------------------------------------------------------------
# Loading and checking


def load_lesson(raw: Any) -> Lesson:
    """A checked lesson from its JSON value (or from its text: JSON or the compact "z1." form
    of `engine.address`). LessonError names the problem (and the step, 1-based)."""
    if isinstance(raw, str):
        try:
            raw = decode(raw, what="lesson")
        except AddressError as exc:
            raise LessonError(exc.message) from None
    if not isinstance(raw, Mapping):
        raise LessonError(msg("lesson.not_object"))
    extra = set(raw) - LESSON_FIELDS
    if extra:
        raise LessonError(msg("lesson.unknown_fields", fields=", ".join(sorted(map(str, extra)))))
    for key in ("v", "game", "title", "record", "steps"):
        if key not in raw:
            raise LessonError(msg("lesson.missing", field=key))
    v = raw["v"]
    if isinstance(v, bool) or v != VERSION:
        raise LessonError(msg("lesson.version", value=repr(v)))
    game = raw["game"]
    try:
        rules_class(game)
    except RulesError:
        raise LessonError(
            msg("lesson.unknown_game", game=repr(game), games=", ".join(registered_games()))
        ) from None
    title = _text(raw, "title", MAX_TITLE, required=True)
    assert title is not None
    if not title.strip():
        raise LessonError(msg("lesson.empty_title"))
    intro = _text(raw, "intro", MAX_TEXT)
    end = _text(raw, "end", MAX_TEXT)
    view = raw.get("view", "own")
    if view not in VIEWS:
        raise LessonError(msg("lesson.view", value=_show(view)))
    record = _record(raw["record"], game)
    start = replay(record)
    seat = raw.get("seat")
    players = start.players
    if seat is not None and (
        isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players
    ):
        raise LessonError(msg("lesson.seat", last=players - 1, value=_show(seat)))
    steps_raw = raw["steps"]
    if not isinstance(steps_raw, list):
        raise LessonError(msg("lesson.steps_list"))
    if not steps_raw:
        raise LessonError(msg("lesson.no_steps"))
    if len(steps_raw) > MAX_STEPS:
        raise LessonError(msg("lesson.too_many_steps", count=len(steps_raw), limit=MAX_STEPS))
    shapes = [_step_shape(i, s) for i, s in enumerate(steps_raw)]
    if seat is None:
        seat = start.to_move if start.to_move is not None else 0
    steps = _check_paths(record, shapes, seat)
    return Lesson(
        game=game,
        title=title,
        intro=intro,
        end=end,
        seat=seat,
        view=view,
        steps=tuple(steps),
        record=record,
    )


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _text(
    raw: Mapping[str, Any], key: str, limit: int, required: bool = False, where: int | None = None
) -> str | None:
    if key not in raw or (raw[key] is None and not required):
        return None
    v = raw[key]
    problem: Message | None = None
    if not isinstance(v, str):
        problem = msg("lesson.not_text", field=key, kind=_kind(v))
    elif len(v) > limit:
        problem = msg("lesson.too_long", field=key, length=len(v), limit=limit)
    if problem is not None:
        raise LessonError(
            problem if where is None else msg("lesson.step", step=where + 1, reason=problem)
        )
    return v  # type: ignore[no-any-return]


def _kind(v: Any) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true/false"
    if isinstance(v, (int, float)):
        return "a number"
    if isinstance(v, list):
        return "a list"
    if isinstance(v, Mapping):
        return "an object"
    return type(v).__name__


def _record(raw: Any, game: str) -> dict[str, Any]:
    if not isinstance(raw, Mapping):
        raise LessonError(msg("lesson.record_not_object"))
    rec = copy.deepcopy(dict(raw))
    deals = rec.get("deals")
    if (
        not isinstance(deals, list)
        or len(deals) != 1
        or not isinstance(deals[0], Mapping)
        or "hands" not in deals[0]
    ):
        raise LessonError(msg("lesson.record_one_deal"))
    if rec.get("game") != game:
        raise LessonError(
            msg("lesson.record_game", game=repr(game), record_game=_show(rec.get("game")))
        )
    try:
        replay(rec)
    except RecordError as exc:
        raise LessonError(msg("lesson.record", reason=exc.message)) from None
    except MessageError as exc:  # defensive: replay turns its errors into RecordError
        raise LessonError(msg("lesson.record", reason=exc.message)) from None
    return rec


@dataclass
class _Shape:
    """A step as written: its texts, and its moves before they are checked."""

    text: str
    expect: str
    moves: list[str]
    right: str | None
    wrong: str | None
    hint: str | None
    replies: list[str]
    answers: dict[str, str] = field(default_factory=dict)


def _step_shape(i: int, raw: Any) -> _Shape:
    def fail(problem: Message) -> LessonError:
        return LessonError(msg("lesson.step", step=i + 1, reason=problem))

    if not isinstance(raw, Mapping):
        raise fail(msg("lesson.step_not_object"))
    extra = set(raw) - STEP_FIELDS
    if extra:
        raise fail(msg("lesson.step_unknown_fields", fields=", ".join(sorted(map(str, extra)))))
    for key in ("text", "expect"):
        if key not in raw:
            raise fail(msg("lesson.step_missing", field=key))
    text = _text(raw, "text", MAX_TEXT, required=True, where=i)
    assert text is not None
    right = _text(raw, "right", MAX_TEXT, where=i)
    wrong = _text(raw, "wrong", MAX_TEXT, where=i)
    hint = _text(raw, "hint", MAX_TEXT, where=i)
    exp = raw["expect"]
    moves: list[str]
    if exp == "any":
        kind, moves = "any", []
    elif isinstance(exp, str):
        kind, moves = "one", [exp]
    elif isinstance(exp, list):
        if not exp:
            raise fail(msg("lesson.expect_empty"))
        if not all(isinstance(m, str) for m in exp):
            raise fail(msg("lesson.expect_type", kind="a list with something else than text"))
        if len(exp) > MAX_MOVES:
            raise fail(
                msg("lesson.too_many_moves", field="expect", count=len(exp), limit=MAX_MOVES)
            )
        kind, moves = "set", list(exp)
    else:
        raise fail(msg("lesson.expect_type", kind=_kind(exp)))
    replies = raw.get("replies", [])
    if replies is None:
        replies = []
    if not isinstance(replies, list) or not all(isinstance(m, str) for m in replies):
        raise fail(msg("lesson.replies_list"))
    if len(replies) > MAX_MOVES:
        raise fail(
            msg("lesson.too_many_moves", field="replies", count=len(replies), limit=MAX_MOVES)
        )
    answers = raw.get("answers", {})
    if answers is None:
        answers = {}
    if not isinstance(answers, Mapping) or not all(isinstance(k, str) for k in answers):
        raise fail(msg("lesson.answers_object"))
    if len(answers) > MAX_MOVES:
        raise fail(
            msg("lesson.too_many_moves", field="answers", count=len(answers), limit=MAX_MOVES)
        )
    own: dict[str, str] = {}
    for mv in answers:
        said = _text(answers, mv, MAX_TEXT, required=True, where=i)
        assert said is not None
        own[mv] = said
    return _Shape(text, kind, moves, right, wrong, hint, list(replies), own)


def _at(record: Mapping[str, Any], moves: Sequence[str]) -> Match:
    rec = dict(record)
    deal = dict(rec["deals"][0])
    deal["moves"] = list(deal.get("moves", [])) + list(moves)
    rec["deals"] = [deal]
    return replay(rec)


def _check_paths(record: Mapping[str, Any], shapes: list[_Shape], seat: int) -> list[Step]:
    """Walks every path through the lesson (each accepted answer of each step, then the
    replies) and returns the steps with their moves in the engine's notation, as found on the
    main line (the first answer of each step; for "any" the first legal move)."""
    steps: list[Step] = []
    budget = MAX_POSITIONS  # replays left
    # A node: the step to check, the lesson's moves so far, and the answers that left the main
    # line ((step index, move) pairs, to name the path in a message).
    stack: list[tuple[int, list[str], list[tuple[int, str]]]] = [(0, [], [])]
    while stack:
        index, moves, path = stack.pop()
        if index >= len(shapes):
            continue
        budget -= 1 + len(shapes[index].moves or [""])
        if budget < 0:
            raise LessonError(msg("lesson.too_many_paths", limit=MAX_POSITIONS))
        shape = shapes[index]

        def fail(
            problem: Message, index: int = index, path: list[tuple[int, str]] = path
        ) -> LessonError:
            if not path:
                return LessonError(msg("lesson.step", step=index + 1, reason=problem))
            where = ", ".join(str(msg("lesson.answer_at", move=m, step=i + 1)) for i, m in path)
            key = "lesson.step_after_many" if len(path) > 1 else "lesson.step_after"
            return LessonError(msg(key, step=index + 1, reason=problem, path=where))

        match = _at(record, moves)
        deal = match.deals[0]
        if deal.phase == "over" and not deal.moves:
            why = match.rules.explain(deal.result or {})
            raise fail(
                msg("lesson.deal_over_at_start", why=why[0] if why else msg("lesson.text", text=""))
            )
        if deal.phase == "over" or len(match.deals) > 1:
            raise fail(msg("lesson.deal_over"))
        if deal.to_move != seat:
            raise fail(msg("lesson.not_reader", seat=deal.to_move, reader=seat))
        legal = deal.legal_moves()
        if not legal:
            raise fail(msg("lesson.no_legal_move"))
        answers: list[str] = []
        if shape.expect == "any":
            answers = list(legal)
        else:
            for mv in shape.moves:
                reason = deal.illegal_reason(mv)
                if reason is not None:
                    raise fail(msg("lesson.expect_illegal", move=mv, reason=reason))
                canon = normalise(deal, mv)
                if canon in answers:
                    raise fail(msg("lesson.expect_twice", move=canon))
                answers.append(canon)
        own: list[tuple[str, str]] = []
        for mv, said in shape.answers.items():
            reason = deal.illegal_reason(mv)
            if reason is not None:
                raise fail(msg("lesson.answer_illegal", move=mv, reason=reason))
            canon = normalise(deal, mv)
            if shape.expect == "any" or canon in answers:
                raise fail(msg("lesson.answer_accepted", move=canon))
            own.append((canon, said))
        main = not path  # only the main line reaches a step without leaving it
        if main:
            s = shape
            steps.append(
                Step(
                    s.text,
                    s.expect,
                    tuple(answers) if s.expect != "any" else (),
                    s.right,
                    s.wrong,
                    s.hint,
                    (),
                    tuple(own),
                )
            )
        replies_canon: list[str] | None = None
        children: list[tuple[int, list[str], list[tuple[int, str]]]] = []
        for k, answer in enumerate(answers):
            if k >= len(shape.moves or [""]):  # "any": one replay per legal move
                budget -= 1
                if budget < 0:
                    raise LessonError(msg("lesson.too_many_paths", limit=MAX_POSITIONS))
            d2 = _at(record, moves + [answer]).deals[0]
            done: list[str] = []
            for j, reply in enumerate(shape.replies):
                reason = msg("deal.over") if d2.phase == "over" else d2.illegal_reason(reply)
                if reason is not None:
                    raise fail(
                        msg(
                            "lesson.reply_illegal",
                            answer=answer,
                            index=j + 1,
                            move=reply,
                            reason=reason,
                        )
                    )
                d2.play(reply)
                done.append(d2.moves[-1])
            if replies_canon is None:
                replies_canon = done
            child_path = path if k == 0 else path + [(index, answer)]
            children.append((index + 1, moves + [answer] + done, child_path))
        if main and replies_canon:
            steps[index] = Step(
                steps[index].text,
                steps[index].expect,
                steps[index].moves,
                steps[index].right,
                steps[index].wrong,
                steps[index].hint,
                tuple(replies_canon),
                steps[index].answers,
            )
        stack.extend(reversed(children))  # the main line (first answer) is walked first
    return steps


__all__ = [
    "MAX_MOVES",
    "MAX_POSITIONS",
    "MAX_STEPS",
    "MAX_TEXT",
    "MAX_TITLE",
    "Lesson",
    "LessonError",
    "LessonRun",
    "Outcome",
    "Step",
    "load_lesson",
    "normalise",
]
