"""Looking back at the match: the deal's summary and the match's result, and the last trick,
the score sheet, the hand replay and the deal's review, as sheets over the table or over the
deal summary and the match result, where they return on close (a part of the table's
controller, ui/table/table.py, held as `Table.looking`; pure).

The deal's review is worked out in the computer players' worker (`Evaluate` of kind "review")
and kept, so that it opens again at once.
"""

from __future__ import annotations

from typing import Any

from engine import untrusted as U
from ui.common import effects as F
from ui.common import render as R
from ui.common.i18n import YOU, _, catalog
from ui.sheets import view as SH
from ui.sheets.overlay import REVIEW, Overlay
from ui.stats import view as RW
from ui.table.core import TableCore
from ui.teach import review as RV


def no_review() -> str:
    """Why a deal is not reviewed during a match with friends."""
    return _("At a table with friends the deals are reviewed once the match is over.")


class Looking:
    """The sheets that look back, the deal's summary and the match's result among them (held as
    `Table.looking`)."""

    def __init__(self, t: TableCore) -> None:
        self.t = t
        self.review_under: Any = None  # what a sheet looking back was opened over
        self.replay: RV.DealReplay | None = None  # the hand replay on show
        self.replay_step = 0
        # The replay opened from a deal's review shows its verdicts and goes back to the
        # review on close; the last review worked out is kept as (state id, deal, review).
        self.replay_verdicts: dict[int, list[Any]] | None = None
        self.reviewed: tuple[int, int, dict[str, Any]] | None = None

    # ------------------------------------------------------------------------------ the ends
    def summary(self) -> None:
        """The deal's summary (its result explained)."""
        t = self.t
        m, d = t.match, t.deal
        names = t.names()
        lines = [x.render(names, catalog(), YOU) for x in m.rules.explain(d.result or {})]
        end = SH.match_end_line(m, t.cur, names)  # a lusya, a match decided in one deal
        if end:
            lines.append(end)
        html = SH.summary_html(m, t.cur, t.gi(), names, lines, review=self.may_review())
        t.open(Overlay.SUMMARY, html, say_head=True)
        if lines:
            t.emit(F.Say(" ".join(lines)))
        t.emit(F.Save())

    def match_over(self) -> None:
        """The match's result."""
        t = self.t
        t.open(Overlay.OVER, SH.match_over_html(t.match, t.gi(), t.names()))
        t.emit(F.Save())

    # ------------------------------------------------------------------------------ looking back
    def look(self, what: str, deal: str = "", step: str = "") -> None:
        """`what`: "last-trick", "score-sheet", "review", "replay" (of deal `deal`, at `step`),
        "replay-next", "replay-prev"."""
        m = self.t.match
        if m is None:
            return
        if what == "review" and not self.may_review():
            self.t.emit(F.Toast(no_review()))  # (nothing changes: the sheet under stays)
            return
        if self.t.overlay not in REVIEW:
            if self.t.overlay not in (None, Overlay.SUMMARY, Overlay.OVER):
                return  # a dialog (rules, leave, restore) is open
            self.review_under = self.t.overlay
        if what == "last-trick":
            tricks = self.t.view().get("tricks") or []
            if not tricks:
                self.t.emit(F.Toast(_("No trick has been played yet in this deal.")))
                return
            self.t.open(
                Overlay.LAST_TRICK,
                RV.last_trick_html(tricks[-1], self.positions(), self.t.names(), len(tricks)),
            )
        elif what == "score-sheet":
            names = self.t.names()
            sheet = RW.with_chart(
                RV.score_sheet_html(m, names), RW.match_chart_html(m, RV.score_columns(m, names))
            )
            self.t.open(Overlay.SCORES, SH.practice_note(sheet, m.practice))
        elif what == "review":
            self.deal_review()
        elif what == "replay":
            self.open_replay(U.whole_or(deal, 0, 10_000, -1), step)
        elif what in ("replay-next", "replay-prev") and self.replay is not None:
            last = max(0, self.replay.steps - 1)
            at = self.replay_step + (1 if what == "replay-next" else -1)
            self.replay_step = min(max(at, 0), last)
            self.show_replay()
        self.t.emit(F.Save())

    def positions(self) -> list[str]:
        return R.positions(self.t.match.players, self.t.gi().get("direction", "right"))

    def may_review(self) -> bool:
        """Whether the deal's review is offered: not at a table with friends until its match
        is over (the host would look back through a deal while the guests wait)."""
        return not self.t.at_friends or self.t.match.is_over

    def deal_review(self) -> None:
        index, m = self.t.cur, self.t.match
        if not 0 <= index < len(m.deals) or m.deals[index].phase != "over":
            self.t.emit(F.Toast(_("A deal can be reviewed when it is over.")))
            return
        done = self.reviewed
        if done is not None and done[0] == self.t.sid and done[1] == index:
            self.t.open(
                Overlay.DEAL_REVIEW,
                RV.deal_review_html(done[2], SH.hint_label, self.t.gi()["title"]),
            )
            return
        self.t.open(
            Overlay.DEAL_REVIEW, RV.deal_review_html(None, SH.hint_label, self.t.gi()["title"])
        )
        self.t.emit(F.Evaluate("review", self.t.sid, self.t.record_json(), index))

    def reviewed_deal(self, sid: int, index: int, raw: Any, error: str | None) -> None:
        """The deal's review has arrived (shown if its sheet is still open)."""
        review = raw if error is None else None
        if review is not None and (
            not isinstance(review, dict) or not isinstance(review.get("decisions"), list)
        ):
            review, error = None, "the review is not readable"
        if review is not None:
            self.reviewed = (sid, index, review)
        if sid != self.t.sid or self.t.overlay is not Overlay.DEAL_REVIEW:
            return
        text = (
            _("The review is not available ({reason}).").format(reason=error)
            if error is not None
            else None
        )
        self.t.open(
            Overlay.DEAL_REVIEW,
            RV.deal_review_html(review, SH.hint_label, self.t.gi()["title"], text),
        )

    def open_replay(self, index: int, step: str) -> None:
        m = self.t.match
        if not 0 <= index < len(m.deals) or m.deals[index].phase != "over":
            self.t.emit(F.Toast(_("That deal cannot be replayed.")))
            return
        done = self.reviewed
        self.replay_verdicts = (
            RV.replay_verdicts(done[2])
            if self.t.overlay is Overlay.DEAL_REVIEW
            and done is not None
            and done[0] == self.t.sid
            and done[1] == index
            else None
        )
        self.replay = RV.deal_replay(m, index)
        last = max(0, self.replay.steps - 1)
        self.replay_step = min(U.whole_or(step, 0, 100_000, 0), last)
        self.show_replay()

    def show_replay(self) -> None:
        """The replay's current trick (with the review's verdicts when opened from it)."""
        if self.replay is not None:
            self.t.open(
                Overlay.REPLAY,
                RV.replay_html(
                    self.replay,
                    self.replay_step,
                    self.positions(),
                    self.t.names(),
                    self.replay_verdicts,
                    SH.hint_label,
                ),
            )

    def close_review(self) -> None:
        """Back from a sheet looking back: a replay to the score sheet (or to the review it was
        opened from), else to what was under it."""
        if self.t.overlay == Overlay.REPLAY:  # (the page may have set it as its value)
            self.replay = None
            if self.replay_verdicts is not None:
                self.replay_verdicts = None
                self.look("review")
            else:
                self.look("score-sheet")
            return
        under, self.review_under = self.review_under, None
        self.t.close(go_on=False)
        self.back_to(under)

    def back_to(self, under: Any) -> None:
        """Shows again the sheet a dialog covered (the deal summary, the match result), or
        the table, where play goes on."""
        if under == "summary":
            self.summary()
        elif under == "over":
            self.match_over()
        else:
            self.t.emit(F.Render())
            self.t.advance()
