"""Golden Kozel cycles: whole recorded deals with their expected results.

Each record was found by random legal play and is kept here verbatim (hands and moves), so the
scoring of every row of both penalty tables, lusya, eggs and the eggs doubling is pinned down.
Expected rows: [reason, team 0 points, team 1 points, delta of team 0, delta of team 1].
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

import engine


def as_record(short: dict[str, Any]) -> dict[str, Any]:
    """A full record from the compact form (hands and moves written as one string each)."""
    r = copy.deepcopy(short)
    for d in r["deals"]:
        d["hands"] = [h.split() for h in d["hands"]]
        d["moves"] = split_moves(d["moves"])
    return r


def split_moves(text: str) -> list[str]:
    """'trump H 10H 6C' -> ['trump H', '10H', '6C']."""
    out: list[str] = []
    for tok in text.split():
        if out and out[-1] == "trump":
            out[-1] += " " + tok
        else:
            out.append(tok)
    return out


GOLDEN: dict[str, tuple[dict[str, Any], list[list[Any]]]] = {
    "miner_spas_winners_own": (
        {
            "game": "kozel-miner",
            "seed": 0,
            "options": {},
            "deals": [
                {
                    "dealer": 3,
                    "hands": [
                        "JS 8S QH JH KD 10D 9D AC 9C",
                        "AS KS 7S AH 9H 8H AD 7D 8C",
                        "9S KH 6H QD JD 8D KC JC 10C",
                        "QS 10S 6S 10H 7H 6D QC 7C 6C",
                    ],
                    "moves": "JC 6C JH 8C 7H QH 8H KH JD 7C 9C AH 6H 10H 10D 9H QC AC 7D 10C 8S 7S "
                    "9S 6S 8D 6D KD AD KS KC QS 9D QD 10S JS AS",
                }
            ],
        },
        [["normal", 81, 39, 0, 1]],
    ),
    "miner_spas_winners_do_not_own": (
        {
            "game": "kozel-miner",
            "seed": 8,
            "options": {},
            "deals": [
                {
                    "dealer": 3,
                    "hands": [
                        "8S AH KH 10H AD KD 9D 10C 6C",
                        "AS KS QS JS QH 6H QD 8D KC",
                        "6S 8H 7H JD 10D 6D QC JC 8C",
                        "10S 9S 7S JH 9H 7D AC 9C 7C",
                    ],
                    "moves": "7H 9H AH 6H 8S AS 6S 10S QD 10D 7D KD JD 7C 10C JS KS 6D 9S 6C 10H "
                    "QH 8H 9C 7S AD QS JC QC AC KH KC JH 9D 8D 8C",
                }
            ],
        },
        [["normal", 48, 72, 2, 0]],
    ),
    "miner_no_spas_winners_own": (
        {
            "game": "kozel-miner",
            "seed": 3,
            "options": {},
            "deals": [
                {
                    "dealer": 0,
                    "hands": [
                        "AH 9H 7H 6H KD 8D 6D QC 10C",
                        "AS KS 7S 8H AC 9C 8C 7C 6C",
                        "JS 8S KH QH 10H QD 10D 9D KC",
                        "QS 10S 9S 6S JH AD JD 7D JC",
                    ],
                    "moves": "9S KD KS 8S 8C JS JH 10C QH 10S 6H 8H KC JD QC AC 7D 6D 9C 9D 7C KH "
                    "JC 7H QS AH 7S QD AD 8D 6C 10D AS 10H 6S 9H",
                }
            ],
        },
        [["normal", 27, 93, 2, 0]],
    ),
    "miner_no_spas_winners_do_not_own": (
        {
            "game": "kozel-miner",
            "seed": 2,
            "options": {},
            "deals": [
                {
                    "dealer": 3,
                    "hands": [
                        "AS JS JH 7H JD 8D AC 7C 6C",
                        "9S KH 8H QD 10D 7D 6D 10C 8C",
                        "QS 10S 6S QH 9H AD KC QC 9C",
                        "KS 8S 7S AH 10H 6H KD 9D JC",
                    ],
                    "moves": "JC 6C 10C KC AC 8C 9C 7S JD 10D QC 8S JH 8H 9H 9D 7C QD 6S AH AS 9S "
                    "QS KS 7H KH QH 6H 7D AD KD 8D 10S 10H JS 6D",
                }
            ],
        },
        [["normal", 113, 7, 0, 3]],
    ),
    "classic_spas": (
        {
            "game": "kozel-classic",
            "seed": 2,
            "options": {},
            "deals": [
                {
                    "dealer": 0,
                    "hands": [
                        "AS 6H AD QD 10D QC",
                        "KS JD 6D AC KC 6C",
                        "JS 10S 10H KD JC 10C",
                        "QS 6S AH KH QH JH",
                    ],
                    "moves": "trump C 10C QS QD 6C 6D KD AH 10D AD AC JS KH 10H JH 6H KC 6S AS KS "
                    "10S QC JD JC QH",
                }
            ],
        },
        [["normal", 88, 32, 0, 2]],
    ),
    "classic_no_spas": (
        {
            "game": "kozel-classic",
            "seed": 0,
            "options": {},
            "deals": [
                {
                    "dealer": 0,
                    "hands": [
                        "6D AC KC QC JC 6C",
                        "JS 6S AH QH JD 10D",
                        "QS 6H AD KD QD 10C",
                        "AS KS 10S KH JH 10H",
                    ],
                    "moves": "trump C JC QH QS JH KD KH 6D 10D AH 6H 10H KC 6C JD QD 10S QC JS 10C "
                    "AS AC 6S AD KS",
                }
            ],
        },
        [["normal", 102, 18, 0, 4]],
    ),
    "classic_shamok": (
        {
            "game": "kozel-classic",
            "seed": 11,
            "options": {},
            "deals": [
                {
                    "dealer": 1,
                    "hands": [
                        "10S KH JH 6H AD 10D",
                        "AS 6S QH KD KC 6C",
                        "JS 6D AC QC JC 10C",
                        "KS QS AH 10H QD JD",
                    ],
                    "moves": "trump H QC JD JH 6C",
                }
            ],
        },
        [["shamok", 0, 7, 4, 0]],
    ),
    "classic_eggs": (
        {
            "game": "kozel-classic",
            "seed": 21,
            "options": {},
            "deals": [
                {
                    "dealer": 2,
                    "hands": [
                        "AH QH AD KD QD AC",
                        "AS JS 6S 10H 10D 10C",
                        "10S KH JH 6H 6D JC",
                        "KS QS JD KC QC 6C",
                    ],
                    "moves": "trump S 6D KC AD 10D QD 6S JH JD AH 10H KH QC KS QH AS 10S KD 10C JC "
                    "6C QS AC JS 6H",
                }
            ],
        },
        [["eggs", 60, 60, 0, 0]],
    ),
    "classic_lusya": (
        {
            "game": "kozel-classic",
            "seed": 59,
            "options": {},
            "deals": [
                {
                    "dealer": 2,
                    "hands": [
                        "AS 6S QD JD 10D 10C",
                        "QS JS 10S QH QC 6C",
                        "KH JH AD KD 6D AC",
                        "KS AH 10H 6H KC JC",
                    ],
                    "moves": "trump S JC JD QS JH QC 6D KS QD 10S AC 6H 6S 6C AD KC AS QH KD AH "
                    "10C JS KH 10H 10D",
                }
            ],
        },
        [["lusya", 0, 120, 12, 0]],
    ),
    "classic_eggs_then_doubled": (
        {
            "game": "kozel-classic",
            "seed": 113,
            "options": {"trump": "S", "eggs_double": True},
            "deals": [
                {
                    "dealer": 3,
                    "hands": [
                        "AH KH QH QC JC 6C",
                        "KS JH 10H QD JD 10C",
                        "JS 6S 6H KD 6D AC",
                        "AS QS 10S AD 10D KC",
                    ],
                    "moves": "AH 10H 6H AS 10D QH 10C 6D QC QD JS QS JC JH 6S 10S 6C KS KD KC KH "
                    "JD AC AD",
                    "trump": "S",
                },
                {
                    "dealer": 0,
                    "hands": [
                        "QS 10S QH JH 6D KC",
                        "KS KH QD AC JC 10C",
                        "AS JS 6S 10H 6H JD",
                        "AH AD KD 10D QC 6C",
                    ],
                    "moves": "KS JS QC QS 10D 6D KH 6H 6C 10S JC JD AH KC QD 10H AC AS KD JH QH "
                    "10C 6S AD",
                    "trump": "S",
                },
            ],
        },
        [["eggs", 60, 60, 0, 0], ["normal", 52, 68, 4, 0]],
    ),
    "classic_eggs_eggs_then_doubled_once": (
        {
            "game": "kozel-classic",
            "seed": 3514,
            "options": {"trump": "S", "eggs_double": True},
            "deals": [
                {
                    "dealer": 3,
                    "hands": [
                        "KS 6S AH QH 10H QD",
                        "10S KH JD 10D KC 10C",
                        "AS QS JS JH KD JC",
                        "6H AD 6D AC QC 6C",
                    ],
                    "moves": "AS QC KS JD AC 6S KC QS JS 6C QD 10S 6D AH 10D KD KH JC 6H 10H JH AD "
                    "QH 10C",
                    "trump": "S",
                },
                {
                    "dealer": 0,
                    "hands": [
                        "6S 6H AD QD 10D QC",
                        "AS 10S KH JD AC KC",
                        "AH JH 10H KD JC 6C",
                        "KS QS JS QH 6D 10C",
                    ],
                    "moves": "6H KH 10H JS 10C QD AC JH 10D KC KD 6D QC 10S 6C QS JC QH 6S AS KS "
                    "AD JD AH",
                    "trump": "S",
                },
                {
                    "dealer": 1,
                    "hands": [
                        "AS JH 10H 6D KC 6C",
                        "AH AD KD JD 10D AC",
                        "KS QS 6S QH QC JC",
                        "JS 10S KH 6H QD 10C",
                    ],
                    "moves": "10D KS 10S 6D JS 6C JD 6S 10H AH JC 6H QH QD JH AC QS KH AS KD QC "
                    "10C KC AD",
                    "trump": "S",
                },
            ],
        },
        [["eggs", 60, 60, 0, 0], ["eggs", 60, 60, 0, 0], ["normal", 96, 24, 0, 8]],
    ),
    "miner_short_lusya": (
        {
            "game": "kozel-miner",
            "seed": 54,
            "options": {"short": True},
            "deals": [
                {
                    "dealer": 2,
                    "hands": [
                        "6S 9H 8H AD KD 10D 7D 9C 8C",
                        "QS JS 10S KH JH 10H 6D KC 10C",
                        "KS 8S 7S AH QH 7H 6H 9D 8D",
                        "AS 9S QD JD AC QC JC 7C 6C",
                    ],
                    "moves": "6C 9C KC QH 7C 8C JH 7H 10S 7S 9S 6S QS 8S AS KD AC AD 10C AH QD 7D "
                    "6D 9D QC 10D JS KS KH 6H JD 8H JC 9H 10H 8D",
                }
            ],
        },
        [["lusya", 0, 120, 6, 0]],
    ),
    "miner_short_eggs": (
        {
            "game": "kozel-miner",
            "seed": 155,
            "options": {"short": True},
            "deals": [
                {
                    "dealer": 0,
                    "hands": [
                        "6S AH JH 6H JD 9D 7D 6D JC",
                        "AS KS 10H 10D 8D AC KC 8C 7C",
                        "QS QH 8H 7H QD QC 10C 9C 6C",
                        "JS 10S 9S 8S 7S KH 9H AD KD",
                    ],
                    "moves": "9D 8D QD KD 9H AH 10H 7H 7D 10D QH AD JS JH 8C QC 9S 6S KS QS 7C 9C "
                    "8S JC 6H AC 8H KH AS 6C 7S 6D 10C 10S JD KC",
                }
            ],
        },
        [["eggs", 60, 60, 0, 0]],
    ),
}


def _check(name: str) -> engine.Match:
    short, expected = GOLDEN[name]
    m = engine.replay(as_record(short))
    got = []
    for d in m.deals[: len(expected)]:
        r = d.result
        assert r is not None
        got.append([r["reason"], r["points"][0], r["points"][1], r["delta"][0], r["delta"][1]])
        assert r["points"][0] == r["points"][2] and r["delta"][0] == r["delta"][2]
    assert got == expected
    assert engine.replay(m.record()).record() == m.record()
    return m


def _row(name: str) -> dict[str, Any]:
    m = _check(name)
    r = m.deals[0].result
    assert r is not None
    return r


def test_miner_spas_winners_own() -> None:
    """Miner: the losers reached spas (31+) and the winners hold the marker: 1."""
    r = _row("miner_spas_winners_own")
    assert r["spas"] and r["winners_own"] and r["penalty"] == 1


def test_miner_spas_winners_do_not_own() -> None:
    """Miner: the losers reached spas and the winners do not hold the marker: 2."""
    r = _row("miner_spas_winners_do_not_own")
    assert r["spas"] and not r["winners_own"] and r["penalty"] == 2


def test_miner_no_spas_winners_own() -> None:
    """Miner: the losers missed spas and the winners hold the marker: 2."""
    r = _row("miner_no_spas_winners_own")
    assert not r["spas"] and r["winners_own"] and r["penalty"] == 2


def test_miner_no_spas_winners_do_not_own() -> None:
    """Miner: the losers missed spas and the winners do not hold the marker: 3."""
    r = _row("miner_no_spas_winners_do_not_own")
    assert not r["spas"] and not r["winners_own"] and r["penalty"] == 3


def test_classic_spas() -> None:
    """Classic: the losers reached spas (31+): 2, whoever owned the cycle."""
    r = _row("classic_spas")
    assert r["spas"] and r["penalty"] == 2


def test_classic_no_spas() -> None:
    """Classic: the losers missed spas: 4."""
    r = _row("classic_no_spas")
    assert not r["spas"] and r["penalty"] == 4


def test_classic_shamok_golden() -> None:
    """Classic: the shamok took the opponents' Q♣: the cycle ended at once, Q♣'s team took 4."""
    r = _row("classic_shamok")
    assert r["reason"] == "shamok" and r["penalty"] == 4
    assert (r["queen_by"] ^ r["shamok_by"]) & 1


def test_classic_lusya_golden() -> None:
    """Classic lusya: a team with no trick takes a flat 12 and loses the match at once."""
    m = _check("classic_lusya")
    assert m.is_over and m.winners == [1, 3]


def test_miner_short_lusya() -> None:
    """Miner, short table: lusya is 6, which ends the match."""
    m = _check("miner_short_lusya")
    assert m.is_over and m.winners == [1, 3]


@pytest.mark.parametrize("name", ["classic_eggs", "miner_short_eggs"])
def test_eggs(name: str) -> None:
    """Eggs (60:60): no penalty, deal again; nothing carries over without eggs_double."""
    m = _check(name)
    assert m.totals == [0, 0, 0, 0] and len(m.deals) == 2
    assert m.deals[1].doubled is False  # type: ignore[attr-defined]


def test_eggs_double_next_cycle() -> None:
    """Option eggs_double: every penalty of the cycle after eggs is doubled (2 -> 4)."""
    m = _check("classic_eggs_then_doubled")
    r = m.deals[1].result
    assert r is not None and r["doubled"] and r["spas"] and r["penalty"] == 4
    assert m.deals[2].doubled is False  # type: ignore[attr-defined]


def test_eggs_double_does_not_stack() -> None:
    """Two eggs in a row still only double the next penalty once (4 -> 8, not 16)."""
    m = _check("classic_eggs_eggs_then_doubled_once")
    r = m.deals[2].result
    assert r is not None and r["doubled"] and not r["spas"] and r["penalty"] == 8
