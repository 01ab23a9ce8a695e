"""Texts the page shows before Python runs (the splash, a load failure, the title and the
description): build.py puts them into index.html in every language, translated with the same
catalogs as the page (`window.__tt_i18n`); the page takes its title from there too."""

from __future__ import annotations


def N_(text: str) -> str:
    return text


BEFORE_PYTHON: dict[str, str] = {
    "title": N_("Trick Table — Batak, Koz Maça, Kozel"),
    "description": N_(
        "Koz Maça, Batak, Kozel and Bidding Kozel against the computer, free in your browser."
    ),
    "loading": N_("Shuffling the cards…"),
    "slow": N_("Still loading… this takes longer on a slow connection."),
    "failed": N_(
        "The game could not start: {reason} Reload the page to try again; a recent "
        "Chrome, Edge, Firefox or Safari is needed."
    ),
    "noscript": N_("This game needs JavaScript."),
    "update": N_("A new version is ready."),
    "reload": N_("Reload"),
    "stopped": N_(
        "The game stopped answering. Reload the page to go on: your match comes back where it was."
    ),
    "starting": N_("Loading the game: the cards are dealt as soon as it is ready…"),
}
