"""The play-by-play as a table reads it: each play's situation, what happened, the dice and the
chart cells read, timeouts, and a line at the end of each quarter, at halftime and at the end.

`Narrator` turns the game's play records into lines of rich markup; it remembers what it has
shown, so a terminal prints only what is new before each question.
"""

from __future__ import annotations

from typing import Any

from rich.markup import escape

from scrimmage.core.field import Side
from scrimmage.core.scoreboard import ORDINAL, Scoreboard


def period_word(qtr: int, periods: int) -> str:
    """"the 1st quarter", "the 2nd half", "overtime 1"."""
    if qtr > periods:
        return f"overtime {qtr - periods}" if qtr - periods > 1 else "overtime"
    unit = "quarter" if periods == 4 else "half"
    return f"the {ORDINAL.get(qtr, str(qtr))} {unit}"


def clock_of(play: dict[str, Any]) -> str:
    secs = play.get("quarter_seconds_remaining")
    if not isinstance(secs, int):
        return ""
    mm, ss = divmod(secs, 60)
    return f"{mm:02d}:{ss:02d}"


class Narrator:
    def __init__(self, names: dict[Side, str], periods: int = 4) -> None:
        self.names = names
        self.periods = periods
        self.shown = 0
        self.qtr = 1
        self.score = self._score(0, 0)

    def _score(self, home: object, away: object) -> str:
        return f"{self.names[Side.AWAY]} {away} at {self.names[Side.HOME]} {home}"

    def skip_to(self, plays: list[dict[str, Any]]) -> None:
        """Mark every play so far as shown (after an undo the person has seen them)."""
        self.shown = len(plays)
        if plays:
            self.qtr = int(plays[-1]["qtr"])
            self.score = self._score(plays[-1]["total_home_score"],
                                     plays[-1]["total_away_score"])

    def lines(self, plays: list[dict[str, Any]], board: Scoreboard | None = None) -> list[str]:
        """The lines for the plays not shown yet, then (given the `board`) any period that
        has ended since."""
        out: list[str] = []
        while self.shown < len(plays):
            play = plays[self.shown]
            self.shown += 1
            qtr = int(play.get("qtr") or self.qtr)
            if qtr != self.qtr:
                out.extend(self._period_change(self.qtr, qtr))
                self.qtr = qtr
            out.extend(self.play_lines(play))
            score = self._score(play.get("total_home_score"), play.get("total_away_score"))
            if score != self.score:
                out.append(f"   [yellow]{score}[/]")
                self.score = score
        if board is None:
            return out
        period_now = board.qtr
        if board.over:
            out.append(f"[bold]Final: {board.score_text()}[/]")
        elif period_now != self.qtr:
            out.extend(self._period_change(self.qtr, period_now))
            self.qtr = period_now
        return out

    def _period_change(self, old: int, new: int) -> list[str]:
        if new < old:
            return []
        score = self.score
        half = self.periods // 2
        if old == half:
            text = f"Halftime. {score}"
        elif old == self.periods:
            text = f"End of regulation. {score}. Overtime"
        else:
            text = f"End of {period_word(old, self.periods)}. {score}"
        return [f"[bold magenta]── {text} ──[/]"]

    @staticmethod
    def play_lines(play: dict[str, Any]) -> list[str]:
        situation = play.get("situation") or ""
        head = situation if situation else " ".join(
            p for p in (f"Q{play.get('qtr')}" if play.get("qtr") else "", clock_of(play)) if p)
        # Words from the records may hold brackets ("[8 / incomplete]"): never markup.
        lines = [f"[bold]{escape(head)}[/] {escape(str(play.get('desc') or ''))}".strip()]
        read = play.get("dice_read")
        if read:
            lines.append("   [dim]" + escape(" · ".join(str(r) for r in read)) + "[/]")
        elif play.get("dice"):
            dice = " ".join(f"d{s}:{v}" for s, v in play["dice"])
            lines.append(f"   [dim]dice {dice}[/]")
        if play.get("timeout"):
            left = play.get("timeouts_left")
            more = f" ({left} left)" if isinstance(left, int) else ""
            lines.append(f"   [cyan]Timeout, {play.get('timeout_team')}{more}[/]")
        return lines
