"""Texts of the tutorial's Python page (learn/python.html): build.py puts them into the page in
every language, translated with the same catalogs as the game page."""

from __future__ import annotations


def N_(text: str) -> str:
    return text


LEARN_PYTHON: dict[str, str] = {
    "title": N_("Python with the engine · Trick Table tutorial"),
    "heading": N_("Python with the engine"),
    "lead": N_(
        "Edit a short Python program and run it against the rules engine of Trick Table: deal "
        "a hand, list the legal cards and why the others are not, ask the computer for its "
        "card, solve an ending. Python runs in your browser, in a worker beside the page."
    ),
    "language": N_("Language"),
    "example": N_("Example"),
    "ex_deal": N_("Deal a hand"),
    "ex_legal": N_("Legal cards, and why the others are not"),
    "ex_computer": N_("The computer's card and its figures"),
    "ex_solve": N_("Solve an ending"),
    "editor": N_("Your Python"),
    "run": N_("Run"),
    "stop": N_("Stop"),
    "output": N_("Output"),
    "loading": N_("Starting Python and installing the engine…"),
    "ready": N_("Ready: Python {python}, engine {engine}."),
    "running": N_("Running…"),
    "finished": N_("Finished in {seconds} s."),
    "failed": N_("The program ended with an error (above)."),
    "stopped": N_("Stopped by you. Python starts again, fresh."),
    "timeout": N_(
        "Stopped after {seconds} s: the program took too long. Python starts again, fresh."
    ),
    "no_start": N_("Python could not start: {reason}"),
    "no_wheel": N_("The engine's wheel could not be downloaded from {url} ({status})."),
    "retry": N_("Press Run to try again."),
    "truncated": N_("(output cut here: too long)"),
    "empty": N_("(no output)"),
    "howto": N_(
        "The page installs the engine's wheel with micropip, as any PyScript page can: see "
        "docs/embed.md in the project for the script tag."
    ),
    "back": N_("All games"),
    "site": N_("Trick Table tutorial"),
    "play": N_("Play Trick Table"),
}
