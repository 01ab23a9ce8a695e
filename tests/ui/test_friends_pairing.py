"""Inviting without a broker through the page's Python (ui/friends/pairing.py, pair_guest.py):
the codes read and bounded, every bad one refused with a sentence that changes nothing, the
host's sheet with a seat's link and answer field, a guest's page opened with
`?friends=pair:<code>`, and the paired channel then treated as any guest's. The transport is
a stand-in relay (as in test_friends_page.py) that makes codes as ui/web/pairing.js does:
compact text, deflate-raw, base64url."""

from __future__ import annotations

import asyncio
import base64
import json
import zlib
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from bench.fake_page import asks, one_move, run, until
from tests.ui.friends_pages import (
    Relay,
    RelayPage,
    app,
    guest_can_move,
    guest_move,
    guest_session,
    host_session,
    start,
)
from ui.common.render import esc
from ui.friends import pairing as PG
from ui.friends import setup as V
from ui.friends.pair_guest import PairGuest, answer_html
from ui.shell.env import NAME_KEY

MDNS = "3495459c-e8e6-4506-8322-91385c21f521.local"
FIELDS = {"game": "batak", "opts": {}, "seed": "5", "speed": "0", "level": "easy"}


def make_code(
    kind: str,
    ufrag: str,
    reply: str = "-",
    cands: tuple[str, ...] = (f"host {MDNS} 49232",),
    text: str | None = None,
) -> str:
    """A code as ui/web/pairing.js makes it (`text`: any text instead of the fields')."""
    if text is None:
        lines = [f"TT1 {kind}", ufrag, "nMfW9gjqmvimEit7wy6Asnfx", "a8" * 32, "actpass", reply]
        text = "\n".join(lines + list(cands))
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = c.compress(text.encode()) + c.flush()
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


OFFER = make_code("o", "NdU6")
ANSWER = make_code("a", "ODxr", reply="NdU6")


# ------------------------------------------------------------------------------- the codes
def test_a_code_is_read_as_its_kind() -> None:
    got = PG.read_code(OFFER, "o")
    assert (got.kind, got.ufrag, got.reply, got.candidates) == ("o", "NdU6", "-", 1)
    got = PG.read_code(" " + ANSWER + "\n", "a")  # (pasted with spaces around it)
    assert (got.kind, got.ufrag, got.reply) == ("a", "ODxr", "NdU6")
    relayed = make_code("o", "abcd", cands=("srflx 203.0.113.5 40000 192.168.1.2 5000",))
    assert PG.read_code(relayed, "o").candidates == 1


BOMB = make_code("o", "x", text="TT1 o\n" + "a" * 100_000)  # small, unpacks past the bound
BAD: list[tuple[object, str, str]] = [
    ("", "o", "There is no code here"),
    ("   ", "a", "There is no code here"),
    (None, "a", "There is no code here"),
    ("A" * (PG.MAX_CODE + 1), "a", "too long"),
    (BOMB, "o", "too long"),
    ("hello world!", "o", "not a code this game made"),
    ("Zm9v<b>", "a", "not a code this game made"),
    (OFFER[: 4 * (len(OFFER) // 8) + 1], "o", "cut short"),  # (a lone last character)
    ("____", "o", "not a code this game made"),  # base64, not deflate-raw
    (OFFER[: len(OFFER) // 2], "o", "cut short"),
    (OFFER + "AAAA", "o", "not a code this game made"),  # something after the end
    (make_code("o", "x", text="TT1 o\nonly"), "o", "not a code this game made"),
    (make_code("o", "a b!"), "o", "not a code this game made"),
    (make_code("o", "NdU6", cands=("host 1.2.3.4 0",)), "o", "not a code this game made"),
    (make_code("o", "NdU6", cands=("host <b>.local 5",)), "o", "not a code this game made"),
    (make_code("o", "NdU6", cands=()), "o", "not a code this game made"),
    (make_code("o", "NdU6", cands=(f"host {MDNS} 49232 2113937151",)), "o", "not a code"),
    (make_code("a", "ODxr", reply="-"), "a", "not a code this game made"),
    (OFFER, "a", "invite link's code, not your friend's answer"),
    (ANSWER, "o", "This is an answer code"),
]


@pytest.mark.parametrize(("code", "expect", "says"), BAD, ids=range(len(BAD)))
def test_a_bad_code_is_refused_with_a_sentence(code: object, expect: str, says: str) -> None:
    with pytest.raises(PG.PairError) as err:
        PG.read_code(code, expect)
    assert says in str(err.value)
    assert str(err.value).endswith(".")


def test_the_bound_on_what_a_code_unpacks_to_is_checked() -> None:
    fits = make_code("o", "x", text="x" * PG.MAX_TEXT)
    assert len(PG.unpack(fits)) == PG.MAX_TEXT
    with pytest.raises(PG.PairError, match="too long"):
        PG.unpack(make_code("o", "x", text="x" * (PG.MAX_TEXT + 1)))


def test_the_transports_reasons_are_sentences() -> None:
    for reason in ("no-webrtc", "garbage", "no-candidates", "refused", "other", "<b>"):
        text = PG.reason_text(reason)
        assert text.endswith(".") and "<" not in text
    assert PG.reason_text("no-webrtc") == V.error_text("no-webrtc")


# ------------------------------------------------------------------------------- the pages
class PairRelay(Relay):
    """The stand-in transport: no broker (the host's start is an error), a pairing offer and
    answer made as codes, and a pasted answer opening a channel under the offer's label."""

    def __init__(self) -> None:
        super().__init__()
        self.offers: dict[str, str] = {}  # label -> ufrag
        self.answers: dict[str, RelayPage] = {}  # offer ufrag -> the guest's page
        self.made = 0

    def op(self, page: RelayPage, name: str, *args: Any) -> None:
        if name == "friends-host":
            self.host = page
            self.deliver(page, what="error", reason="broker")
        elif name == "friends-pair-offer":
            self.made += 1
            ufrag = f"off{self.made}"
            self.offers[args[0]] = ufrag
            self.deliver(page, what="offer", peer=args[0], text=make_code("o", ufrag))
        elif name == "friends-pair-join":
            offer = PG.read_code(args[0], "o")
            self.answers[offer.ufrag] = page
            code = make_code("a", f"ans{len(self.answers)}", reply=offer.ufrag)
            self.deliver(page, what="answer", peer="host", text=code)
        elif name == "friends-pair-accept":
            label, code = args
            reply = PG.read_code(code, "a").reply
            assert self.offers[label] == reply and self.host is page
            guest = self.answers[reply]
            self.guests[label] = guest
            self.deliver(page, what="peer", peer=label)
            self.deliver(guest, what="peer", peer="host")
        else:
            super().op(page, name, *args)


async def pair_host(relay: PairRelay, friends: int = 1) -> RelayPage:
    host = await start(relay, "?speed=0&level=easy", {NAME_KEY: "Hostess"})
    host.send({"type": "click", "attrs": {"data-game-choice": "batak"}, "lobby": FIELDS})
    host.send({"type": "click", "attrs": {"data-action": "friends"}, "lobby": FIELDS})
    await until(host, lambda: 'data-friends="plan"' in host.parts.get("lobby", ""))
    for seat in range(2, friends + 1):
        host.click({"data-action": "friends-seat", "data-seat": str(seat)})
    host.click({"data-action": "friends-invite"})
    await until(host, lambda: "data-friends-error" in host.parts.get("lobby", ""))
    return host


def link_of(host: RelayPage, seat: int) -> str:
    link = host_session(host).pairing.link(seat)
    assert link is not None
    return link


async def make_link(host: RelayPage, seat: int) -> str:
    host.click({"data-action": "friends-pair", "data-seat": str(seat)})
    await until(host, lambda: f'data-friends-pair-link="{seat}"' in host.parts.get("lobby", ""))
    return link_of(host, seat)


def paste(host: RelayPage, seat: int, code: object) -> None:
    attrs = {"data-action": "friends-pair-answer", "data-seat": str(seat)}
    if code is not None:
        attrs["data-field-value"] = str(code)
    host.click(attrs)


def search_of(link: str) -> str:
    return "?" + urlsplit(link).query


def test_the_host_without_a_broker_makes_a_seats_link_and_its_guest_plays() -> None:
    async def go() -> None:
        relay = PairRelay()
        host = await pair_host(relay)
        sheet = host.parts["lobby"]
        assert esc(V.error_text("broker")) in sheet  # (the broker is said to be unreachable)
        assert 'data-action="friends-pair" data-seat="1"' in sheet
        link = await make_link(host, 1)
        q = parse_qs(urlsplit(link).query)
        table = host_session(host).table
        assert table is not None
        assert q["seat"] == ["1"] and q["token"] == [table.token(1)]
        assert q["friends"][0].startswith(PG.PREFIX)
        assert PG.read_code(q["friends"][0][len(PG.PREFIX) :], "o").ufrag == "off1"
        sheet = host.parts["lobby"]
        assert 'data-action="friends-pair-copy" data-seat="1"' in sheet
        assert 'data-action="friends-pair-answer" data-seat="1"' in sheet
        assert 'data-field="friends-pair-answer-1"' in sheet

        guest = await start(relay, search_of(link), {NAME_KEY: "Ayla"})
        g = guest_session(guest)
        assert isinstance(g, PairGuest) and g.want == 1 and g.token == table.token(1)
        await until(guest, lambda: "data-friends-answer-code" in guest.parts.get("lobby", ""))
        assert g.answer is not None and esc(g.answer) in guest.parts["lobby"]
        assert not [w for w in guest.written if w[0] in ("friends-join", "friends-send")]

        host.click({"data-action": "friends-pair-copy", "data-seat": "1"})
        guest.click({"data-action": "friends-answer-copy"})
        await until(host, lambda: any(w[0] == "copy" for w in host.written))
        await until(guest, lambda: any(w[0] == "copy" for w in guest.written))
        copied = [w[2:] for w in host.written + guest.written if w[0] == "copy"]
        assert copied == [
            [link, '[data-friends-pair-link="1"]'],
            [g.answer, "[data-friends-answer-code]"],
        ]

        paste(host, 1, g.answer)
        await until(guest, lambda: guest_session(guest).seat == 1)
        await until(host, lambda: "Ayla" in host.parts.get("lobby", ""))
        assert "Connected without a broker." in host.parts["lobby"]
        host.click({"data-action": "friends-start"})
        await until(guest, lambda: guest_can_move(guest) or (g.state or {}).get("started"))
        m = app(host).t.match
        for _ in range(500):  # (the host and the computers move until it is Ayla's turn)
            if guest_can_move(guest):
                break
            if asks(host):
                await one_move(host)
            await asyncio.sleep(0.001)
        assert guest_can_move(guest) and m.deal.to_move == 1
        k = len(m.deal.moves)
        guest_move(guest)
        sent = [json.loads(w[2]) for w in guest.written if w[0] == "friends-send"]
        move = [d["move"] for d in sent if d.get("type") == "move"][-1]
        await until(host, lambda: len(m.deal.moves) > k)
        assert m.deal.moves[k] == move  # (Ayla's move, in the host's record)

    run(go)


def test_a_paired_guest_whose_host_goes_is_told_a_new_link_is_needed() -> None:
    async def go() -> None:
        relay = PairRelay()
        host = await pair_host(relay)
        guest = await start(relay, search_of(await make_link(host, 1)), {NAME_KEY: "Ayla"})
        await until(guest, lambda: guest_session(guest).answer is not None)
        paste(host, 1, guest_session(guest).answer)
        await until(guest, lambda: guest_session(guest).seat == 1)
        joins = len(guest.written)
        host.click({"data-action": "friends-cancel"})  # (every channel dropped)
        await until(guest, lambda: "new link from the host" in guest.parts.get("status", ""))
        assert guest_session(guest).paused
        for _ in range(10):
            await asyncio.sleep(0)
        assert not [
            w for w in guest.written[joins:] if w[0] in ("friends-join", "friends-pair-join")
        ]

    run(go)


def test_every_bad_answer_is_refused_in_a_sentence_and_changes_nothing() -> None:
    async def go() -> None:
        relay = PairRelay()
        host = await pair_host(relay, friends=2)
        first = await make_link(host, 1)
        second = await make_link(host, 2)
        g2 = await start(relay, search_of(second), {NAME_KEY: "Boris"})
        await until(g2, lambda: guest_session(g2).answer is not None)
        other_seat = guest_session(g2).answer
        g1 = await start(relay, search_of(first), {NAME_KEY: "Ayla"})
        await until(g1, lambda: guest_session(g1).answer is not None)
        right = guest_session(g1).answer
        offer = parse_qs(urlsplit(first).query)["friends"][0][len(PG.PREFIX) :]
        cases: list[tuple[object, str]] = [
            (None, "There is no code here"),
            ("", "There is no code here"),
            ("garbage!!", "not a code this game made"),
            (str(right)[:40], "cut short"),
            ("A" * 2001, "too long"),
            (offer, "invite link's code"),
            (other_seat, "another seat's link"),
            (make_code("a", "zzzz", reply="nope"), "not for this seat's newest link"),
        ]
        for code, says in cases:
            ops = len(host.written)
            paste(host, 1, code)
            await until(host, lambda: 'data-friends-pair-error="1"' in host.parts.get("lobby", ""))
            sheet = host.parts["lobby"]
            assert esc(says) in sheet, (code, says)
            assert not [w for w in host.written[ops:] if w[0].startswith("friends-")]
            assert host_session(host).pairing.seats[1].answered is False
        paste(host, 1, right)
        await until(g1, lambda: guest_session(g1).seat == 1)
        # the same answer again, for a new link of the seat: used already
        await make_link(host, 1)
        paste(host, 1, right)
        await until(host, lambda: "used already" in host.parts.get("lobby", ""))
        assert guest_session(g1).seat == 1

    run(go)


def test_a_guests_page_refuses_a_link_that_is_not_an_invitation() -> None:
    async def go() -> None:
        relay = PairRelay()
        for search, says in [
            (f"?friends=pair:{ANSWER}", "This is an answer code"),
            ("?friends=pair:", "There is no code here"),
            ("?friends=pair:%3Cb%3Ex", "not a code this game made"),
            (f"?friends=pair:{OFFER[:30]}", "cut short"),
            (f"?friends=pair:{'A' * 3000}", "too long"),
        ]:
            guest = await start(relay, search, {NAME_KEY: "Ayla"})
            g = guest_session(guest)
            assert isinstance(g, PairGuest)
            await until(
                guest, lambda p=guest: "data-friends-pair-refused" in p.parts.get("lobby", "")
            )
            assert says in guest.parts["lobby"] and "<b>" not in guest.parts["lobby"]
            assert not [w for w in guest.written if w[0].startswith("friends-")]
            assert 'data-action="friends-leave"' in guest.parts["lobby"]
            guest.click({"data-action": "friends-leave"})
            await until(guest, lambda p=guest: app(p).friends.guest is None)

    run(go)


def test_the_answer_screen_escapes_and_says_each_state() -> None:
    made = answer_html(None, None)
    assert "Making your answer code" in made and "friends-answer-code" not in made
    shown = answer_html("abc<def", None)
    assert "abc&lt;def" in shown and 'data-action="friends-answer-copy"' in shown
    refused = answer_html(None, "No <b>")
    assert "No &lt;b&gt;" in refused and "data-friends-pair-refused" in refused


def test_the_seat_html_says_each_state() -> None:
    assert 'data-action="friends-pair"' in PG.seat_html(1, None, None)
    making = PG.seat_html(1, PG.PairSeat("pair1-1"), None)
    assert "Making the link" in making and "friends-pair-answer" not in making
    link = 'https://x/?friends=pair%3Aab"<'
    ready = PG.seat_html(1, PG.PairSeat("pair1-1", code="ab", ufrag="abcd"), link)
    assert esc(link) in ready and link not in ready
    assert 'data-friends-pair-answer="1"' in ready
    connecting = PG.seat_html(1, PG.PairSeat("pair1-1", "ab", "abcd", answered=True), link)
    assert "Connecting" in connecting and "friends-pair-answer" not in connecting
    opened = PG.seat_html(1, PG.PairSeat("pair1-1", "ab", "abcd", True, True), link)
    assert "Connected without a broker." in opened and 'data-action="friends-pair"' in opened
