"""The scoreboard: what the score pad, the down markers and the coaches' resources show.

Everything on it is public at the table, so one `Scoreboard` serves both seats, a spectator
and the web page (`to_json`). `line(seat)` is the one-line status a person's prompt carries:
score, period and clock, down and distance, field position, timeouts, and the seat's own
resources (coaching points, play speed...).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from scrimmage.core.field import Side

ORDINAL = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}

_YEAR = re.compile(r"^\d{4}\s+")
SHORT = 14
"""Longest team name used as it is in a column head."""


def short_names(away: str, home: str) -> tuple[str, str]:
    """Column heads for the two teams: "2016 Atlanta Falcons" -> "Falcons" (both teams alike:
    "Bills", not "Buffalo Bills"), "Brazil" stays; the first form that tells the two teams
    apart ("Arizona State" and "Appalachian State" keep their whole names, not the year)."""

    def nickname(name: str) -> str:
        rest = _YEAR.sub("", name)
        return rest if long_ok else rest.split()[-1]

    long_ok = all(len(_YEAR.sub("", n)) <= SHORT for n in (away, home))

    def dated(name: str) -> str:
        year = _YEAR.match(name)
        return (year.group(0) if year else "") + name.split()[-1]

    def undated(name: str) -> str:
        return _YEAR.sub("", name)

    for form in (nickname, dated, undated):
        a, h = form(away), form(home)
        if a != h:
            return a, h
    return away, home


@dataclass(frozen=True)
class Scoreboard:
    names: dict[Side, str]
    score: dict[Side, int]
    period: str
    """"Q2", "OT1", "1st half"..."""
    clock: str
    """"04:12", or a card count where the clock is a deck."""
    qtr: int = 1
    """The period as the play records number it (`qtr`)."""
    possession: Side | None = None
    down: int | None = None
    ydstogo: int | None = None
    yardline: int | None = None
    """Yards from the goal line the offense attacks (nflverse `yardline_100`)."""
    field_length: int = 100
    timeouts: dict[Side, int] = field(default_factory=dict)
    resources: dict[Side, tuple[str, ...]] = field(default_factory=dict)
    """Each side's other resources, in words ("coaching points 9")."""
    warnings: dict[Side, tuple[str, ...]] = field(default_factory=dict)
    """What a side is about to be penalised for, in words."""
    extra: tuple[str, ...] = ()
    """Ruleset facts for both sides (the momentum meter...)."""
    over: bool = False
    phase: str = "snap"
    """What the table is doing: "snap" (a down: the ball, the down and distance), "kickoff"
    (a kick is coming: who kicks), "try" (after a touchdown) or "break" (the toss, halftime,
    the question of overtime: no ball in play)."""
    kicker: Side | None = None
    """The team that kicks, in the "kickoff" phase."""

    def score_text(self) -> str:
        """Visitor first, as a scoreboard reads."""
        a, h = Side.AWAY, Side.HOME
        return f"{self.names[a]} {self.score[a]} at {self.names[h]} {self.score[h]}"

    def down_text(self) -> str:
        """"3rd & 7", "1st & goal"; empty when no down is being played."""
        if self.down is None or self.ydstogo is None:
            return ""
        togo = "goal" if self.yardline is not None and self.ydstogo >= self.yardline else \
            str(self.ydstogo)
        return f"{ORDINAL.get(self.down, str(self.down))} & {togo}"

    def spot_text(self, seat: Side | None = None) -> str:
        """Where the ball is, seen from `seat` ("your 25", "their 34") or by team name."""
        if self.yardline is None or self.possession is None:
            return ""
        half = self.field_length // 2
        y = self.yardline
        if y == half and self.field_length % 2 == 0:
            return "midfield"
        own_half = y > half
        line = self.field_length - y if own_half else y
        owner = self.possession if own_half else self.possession.other
        if seat is None:
            return f"the {self.names[owner]} {line}"
        return f"{'your' if owner is seat else 'their'} {line}"

    def line(self, seat: Side | None = None) -> str:
        """The status a prompt carries, in one line (plain text)."""
        return " · ".join(p for p in (self.situation_line(seat), self.resources_line(seat)) if p)

    def situation_line(self, seat: Side | None = None) -> str:
        """Score (short names), period and clock, the ball, down and distance, the spot."""
        away, home = short_names(self.names[Side.AWAY], self.names[Side.HOME])
        score = f"{away} {self.score[Side.AWAY]} at {home} {self.score[Side.HOME]}"
        parts = [score, f"{self.period} {self.clock}".strip(), self.ball_text(seat)]
        return " · ".join(p for p in parts if p)

    def ball_text(self, seat: Side | None = None) -> str:
        """What happens next with the ball, seen from `seat`: "your ball, 3rd & 7 on their
        34", "try from their 3", "they kick off to you"; empty between plays (a toss)."""
        if self.over or self.phase == "break":
            return ""
        if self.phase == "kickoff" and self.kicker is not None:
            return self.kick_text(seat)
        if self.possession is None:
            return ""
        ball = ("your ball" if self.possession is seat else
                f"{self.names[self.possession]} ball" if seat is None else "their ball")
        where = self.spot_text(seat)
        downs = self.down_text()
        on = "at" if where == "midfield" else "on"
        if self.phase == "try":
            spot = f"try from {where}" if where else "try"
        else:
            spot = f"{downs} {on} {where}" if downs and where else where
        return ", ".join(p for p in (ball, spot) if p)

    def kick_text(self, seat: Side | None = None) -> str:
        """"you kick off", "they kick off to you", "Forgers kick off"."""
        assert self.kicker is not None
        if seat is None:
            return f"{self.names[self.kicker]} kick off"
        return "you kick off" if self.kicker is seat else "they kick off to you"

    def resources_line(self, seat: Side | None = None) -> str:
        """Timeouts, the seat's own resources, and what both sides share (momentum)."""
        parts: list[str] = []
        if self.timeouts:
            if seat is None:
                parts.append("timeouts " + " / ".join(
                    f"{self.names[s]} {self.timeouts[s]}" for s in (Side.AWAY, Side.HOME)))
            else:
                parts.append(f"timeouts: you {self.timeouts[seat]}, "
                             f"they {self.timeouts[seat.other]}")
        if seat is not None:
            parts.extend(self.resources.get(seat, ()))
        parts.extend(self.extra)
        return " · ".join(p for p in parts if p)

    def to_json(self) -> dict[str, Any]:
        def by_side(d: dict[Side, Any]) -> dict[str, Any]:
            return {s.value: (list(v) if isinstance(v, tuple) else v) for s, v in d.items()}

        return {
            "names": by_side(self.names), "score": by_side(self.score), "period": self.period,
            "qtr": self.qtr, "clock": self.clock, "possession": None if self.possession is None else
            self.possession.value, "down": self.down, "ydstogo": self.ydstogo,
            "yardline_100": self.yardline, "down_text": self.down_text(),
            "spot_text": self.spot_text(), "field_length": self.field_length,
            "timeouts": by_side(self.timeouts), "resources": by_side(self.resources),
            "warnings": by_side(self.warnings), "extra": list(self.extra), "over": self.over,
            "phase": self.phase, "kicker": None if self.kicker is None else self.kicker.value,
        }


NEXT_PHASE = {"scrimmage": "snap", "kickoff": "kickoff", "free_kick": "kickoff",
              "safety_punt": "kickoff", "try": "try"}
"""The phase of each ruleset's next step, by its name (a toss or a break is "break")."""


def table_phase(playing: str | None, next_step: str) -> str:
    """The status line's phase: the step being played, else the one that comes next."""
    return playing if playing is not None else NEXT_PHASE.get(next_step, "break")


def period_name(quarter: int, regulation: int = 4) -> str:
    return f"Q{quarter}" if quarter <= regulation else f"OT{quarter - regulation}"


def clock_text(seconds: int) -> str:
    mm, ss = divmod(max(0, seconds), 60)
    return f"{mm:02d}:{ss:02d}"
