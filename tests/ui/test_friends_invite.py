"""The host's invite sheet beside its link: the empty box the QR code is drawn into by
ui/web/invite.js (the link goes to it as an operation's argument, never as HTML), the Share
button (drawn hidden, shown by ui/web/invite.js where the browser can share; missing without a
link), the phone's "Show the QR code" toggle, and the share sheet's answers: shared or
cancelled says nothing, a failure copies the link instead and says so."""

from __future__ import annotations

import asyncio
from html.parser import HTMLParser
from typing import Any, TypeVar

from bench.fake_page import FACTS, run, until
from ui.friends import page as FP
from ui.friends import protocol as M
from ui.friends import setup as V
from ui.shell import host as H
from ui.shell.env import NAME_KEY

from .friends_pages import FIELDS, HOST_ID, Relay, RelayPage, host_session, seat_guest

SEATS = [
    M.SeatInfo(0, "host", "Hostess", False, False),
    M.SeatInfo(1, "friend", "", True, False),
    M.SeatInfo(2, "computer", "Kemal", False, False),
]
LINK = "https://site.test/tt/?friends=abc-123"
P = TypeVar("P", bound=RelayPage)
NASTY = 'https://site.test/a"><img src=x onerror=alert(1)>&amp;<script>x</script>?friends=q'


class Tags(HTMLParser):
    """Every start tag with its attributes, and the text, of a piece of HTML."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []
        self.feed(html)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data: str) -> None:
        self.text.append(data)

    def find(self, **attrs: str | None) -> list[dict[str, str | None]]:
        return [a for _t, a in self.tags if all(k in a and a[k] == v for k, v in attrs.items())]

    def actions(self) -> list[str | None]:
        return [a.get("data-action") for _t, a in self.tags if "data-action" in a]


def test_the_sheet_with_a_link_has_the_qr_box_the_share_button_and_the_toggle() -> None:
    t = Tags(V.invite_html("Batak", LINK, SEATS, None))
    box = t.find(**{"data-friends-qr": None})
    assert len(box) == 1 and box[0]["data-open"] == "0" and box[0]["role"] == "img"
    assert box[0]["aria-label"] == "The invite link as a QR code"
    assert "href" not in box[0] and "data-link" not in box[0]  # the JS draws; no link in it
    share = t.find(**{"data-action": "friends-share"})
    assert len(share) == 1 and "hidden" in share[0]  # until invite.js finds navigator.share
    toggle = t.find(**{"data-action": "friends-qr"})
    assert len(toggle) == 1 and toggle[0]["aria-expanded"] == "false"
    assert toggle[0]["aria-controls"] == box[0]["id"] == "friends-qr"
    assert "Show the QR code" in t.text and "Share the link" in t.text
    assert t.actions() == [
        "friends-copy",
        "friends-share",
        "friends-qr",
        "friends-start",
        "friends-cancel",
    ]
    opened = Tags(V.invite_html("Batak", LINK, SEATS, None, qr_open=True))
    assert opened.find(**{"data-friends-qr": None})[0]["data-open"] == "1"
    assert opened.find(**{"data-action": "friends-qr"})[0]["aria-expanded"] == "true"
    assert "Hide the QR code" in opened.text and "Show the QR code" not in opened.text


def test_without_a_link_there_is_nothing_to_share_or_draw() -> None:
    for link, error in ((None, None), (LINK, "The server cannot be reached.")):
        html = V.invite_html("Batak", link, SEATS, error)
        t = Tags(html)
        assert not t.find(**{"data-friends-qr": None}), (link, error)
        assert "friends-share" not in t.actions() and "friends-qr" not in t.actions()
        assert "friends-start" in t.actions()  # the sheet itself is still there
        assert link is None or link not in html


def test_a_link_cannot_break_out_of_its_attribute() -> None:
    html = V.invite_html("Batak", NASTY, SEATS, None)
    t = Tags(html)
    assert [tag for tag, _a in t.tags if tag in ("img", "script")] == []
    inputs = [a for tag, a in t.tags if tag == "input"]
    assert len(inputs) == 1 and inputs[0]["value"] == NASTY  # read back exactly
    assert NASTY not in html and "<img" not in html and "<script" not in html
    assert html.count("&quot;&gt;&lt;img") == 1  # escaped once, in the input's value only
    assert len(t.find(**{"data-friends-qr": None})) == 1


class SharePage(RelayPage):
    """A relay page that answers the share sheet and the clipboard as told."""

    def __init__(self, relay: Relay, share: str, copy: str) -> None:
        super().__init__(relay)
        self.answers = {"friends-share": share, "copy": copy}

    def carry_out(self, name: str, *args: Any) -> None:
        if name in self.answers:
            self.written.append([name, *args])
            self.send({"type": "answer", "n": args[0], "value": self.answers[name]}, later=True)
        else:
            super().carry_out(name, *args)


async def invited(relay: Relay, page: P) -> P:
    """`page` booted as a host's page in the lobby, "Play with friends", one friend's seat,
    invited (its link shown)."""
    page.host = H.boot(page)
    page.send({"type": "start", "facts": dict(FACTS, storage={NAME_KEY: "Hostess"})})
    await asyncio.sleep(0)
    page.send({"type": "click", "attrs": {"data-game-choice": "batak"}, "lobby": FIELDS})
    page.send({"type": "click", "attrs": {"data-action": "friends"}, "lobby": FIELDS})
    await until(page, lambda: 'data-friends="plan"' in page.parts.get("lobby", ""))
    page.click({"data-action": "friends-invite"})
    await until(page, lambda: f"?friends={HOST_ID}" in page.parts.get("lobby", ""))
    return page


def links_drawn(page: RelayPage) -> list[str]:
    return [op[1] for op in page.written if op[0] == "friends-link"]


def test_the_link_goes_to_the_qr_code_as_an_argument_each_time_the_sheet_is_drawn() -> None:
    async def go() -> None:
        relay = Relay()
        host = await invited(relay, RelayPage(relay))
        link = host_session(host).link()
        assert link == f"https://site.test/tt/?friends={HOST_ID}"
        names = [op[0] for op in host.written]
        assert links_drawn(host) == [link]
        # the sheet's HTML first, then its QR code; none while the link was not there yet
        at = names.index("friends-link")
        assert host.written[at - 1][:2] == ["html", "lobby"]
        assert 'value="' + link + '"' in host.written[at - 1][2]
        assert "data-friends-qr" not in "".join(
            op[2]
            for op in host.written[:at]
            if op[:2] == ["html", "lobby"] and "?friends" not in op[2]
        )
        await seat_guest(relay, host, "Ayla", 1)  # the sheet drawn again: the code again
        assert len(links_drawn(host)) >= 2 and set(links_drawn(host)) == {link}
        assert all(len(op) == 2 for op in host.written if op[0] == "friends-link")
        host.click({"data-action": "friends-qr"})
        await until(host, lambda: 'data-open="1"' in host.parts["lobby"])
        assert "Hide the QR code" in host.parts["lobby"]
        assert host.written[-1] == ["focus", '[data-action="friends-qr"]']
        assert host.written[-2] == ["friends-link", link, True]  # shown: scrolled into view
        host.click({"data-action": "friends-qr"})
        await until(host, lambda: 'data-open="0"' in host.parts["lobby"])
        assert host.written[-2] == ["friends-link", link]  # hidden: nothing to scroll to
        host.click({"data-action": "friends-start"})
        await until(host, lambda: host.state.get("screen") == "table")
        count = len(links_drawn(host))
        host.click({"data-action": "friends-qr"})  # a stale tap once the match has started
        await asyncio.sleep(0)
        assert len(links_drawn(host)) == count and host.errors == []

    run(go)


def shared(share: str, copy: str) -> tuple[SharePage, list[str]]:
    """A host's page whose share sheet answers `share` and clipboard `copy`, after a tap on
    Share: the page, and the operations asked after the tap."""
    out: list[tuple[SharePage, list[str]]] = []

    async def go() -> None:
        relay = Relay()
        host = await invited(relay, SharePage(relay, share, copy))
        before = len(host.written)
        host.click({"data-action": "friends-share"})
        for _ in range(50):
            await asyncio.sleep(0)
        out.append((host, [op[0] for op in host.written[before:]]))

    run(go)
    return out[0]


def test_shared_or_cancelled_says_nothing() -> None:
    for how in ("shared", "cancelled"):
        page, asked = shared(how, "clipboard")
        op = next(op for op in page.written if op[0] == "friends-share")
        link = f"https://site.test/tt/?friends={HOST_ID}"
        assert op[2:] == [
            "Play Batak (auction) with friends",
            "Join my table of Batak (auction): open the link to take a seat.",
            link,
        ]
        assert asked == ["friends-share"] and page.toasts == [], (how, asked, page.toasts)


def test_a_failed_share_copies_the_link_and_says_so() -> None:
    page, asked = shared("failed", "clipboard")
    assert asked == ["friends-share", "copy", "toast"]
    copy = next(op for op in page.written if op[0] == "copy")
    assert copy[2:] == [f"https://site.test/tt/?friends={HOST_ID}", "[data-friends-link]"]
    assert page.toasts == ["The link could not be shared, so it was copied instead."]
    page, asked = shared("none", "none")  # no share sheet after all, and no clipboard
    assert asked == ["friends-share", "copy", "toast"]
    assert page.toasts == ["The link could not be shared: select it and copy it."]


def test_the_controls_are_the_friends_part_s() -> None:
    assert {"friends-share", "friends-qr"} <= set(FP.ACTIONS)
