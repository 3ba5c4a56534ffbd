"""The one-line situation: `Q2 04:12 HOME 3&7 OPP34` parses and prints.

Like a chess FEN it names everything a coach needs to pick a play: period, clock, the team
with the ball, down and distance, and the spot. Overtime periods print as `OT1`, `OT2`...
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from scrimmage.core.field import Side
from scrimmage.core.sides import AWAY, HOME
from scrimmage.core.spot import STANDARD_FIELD, Field

_PATTERN: Final = re.compile(
    r"^(?:Q(?P<q>[1-4])|OT(?P<ot>\d+))\s+(?P<mm>\d{1,2}):(?P<ss>\d{2})\s+(?P<side>HOME|AWAY)\s+"
    r"(?P<down>[1-4])&(?P<togo>\d+|G)\s+(?P<spot>OWN\d+|OPP\d+|\d+)$"
)


@dataclass(frozen=True, slots=True)
class Situation:
    quarter: int
    """1-4 in regulation; 5, 6, ... for overtime periods."""
    seconds_left: int
    """Seconds left in the period."""
    possession: Side
    down: int
    ydstogo: int
    yardline_100: int

    def __str__(self) -> str:
        return self.format()

    def format(self, field: Field = STANDARD_FIELD) -> str:
        return situation_text(self.quarter, self.seconds_left, self.possession, self.down,
                              self.ydstogo, self.yardline_100, field)

    @classmethod
    def parse(cls, text: str, field: Field = STANDARD_FIELD) -> Situation:
        m = _PATTERN.match(text.strip().upper())
        if m is None:
            raise ValueError(f"not a situation: {text!r} (expected like 'Q2 04:12 HOME 3&7 OPP34')")
        quarter = int(m["q"]) if m["q"] else 4 + int(m["ot"])
        yardline = field.parse_spot(m["spot"])
        togo = yardline if m["togo"] == "G" else int(m["togo"])
        if togo < 1 or togo > yardline:
            raise ValueError(f"{text!r}: {togo} to go does not fit at {m['spot']}")
        seconds = int(m["mm"]) * 60 + int(m["ss"])
        return cls(quarter, seconds, Side(m["side"]), int(m["down"]), togo, yardline)


def _period_text(quarter: int) -> str:
    return f"Q{quarter}" if quarter <= 4 else f"OT{quarter - 4}"


def _clock_text(seconds: int) -> str:
    mm, ss = divmod(seconds, 60)
    return f"{mm:02d}:{ss:02d}"


def _minutes_text(seconds: int) -> str:
    return f"{seconds // 60}:{seconds % 60:02d}"


_PERIODS: Final = tuple(_period_text(q) for q in range(40))      # Q1..Q4, OT1..OT35
_CLOCKS: Final = tuple(_clock_text(t) for t in range(3601))
_MINUTES: Final = tuple(_minutes_text(t) for t in range(3601))
_STANDARD_SPOTS: Final = tuple(STANDARD_FIELD.spot_text(y) for y in range(STANDARD_FIELD.length + 1))
"""The pieces of a situation line made once (every play record carries a line): 40 periods,
`mm:ss` for every second of an hour, and the standard field's spots. A value past a table
is made as before; the text is the same either way."""


def clock_text(seconds: int) -> str:
    """`04:12`: a period's clock."""
    return _CLOCKS[seconds] if 0 <= seconds <= 3600 else _clock_text(seconds)


def minutes_text(seconds: int) -> str:
    """`4:12`: a clock without the leading zero (1st & Roll's half clock)."""
    return _MINUTES[seconds] if 0 <= seconds <= 3600 else _minutes_text(seconds)


def period_clock(quarter: int, seconds_left: int) -> str:
    """`Q2 04:12`, `OT1 10:00`: the clock part of a quarter-timed game's situation."""
    period = _PERIODS[quarter] if 0 <= quarter < 40 else _period_text(quarter)
    return f"{period} {clock_text(seconds_left)}"


def side_word(side: Side) -> str:
    """`HOME` / `AWAY` (a str enum formats as its value, but slowly)."""
    return "HOME" if side is HOME else "AWAY" if side is AWAY else str(side)


def situation_text(quarter: int, seconds_left: int, possession: Side, down: int, ydstogo: int,
                   yardline_100: int, field: Field = STANDARD_FIELD) -> str:
    """`Q2 04:12 HOME 3&7 OPP34`: a situation's line, without building a `Situation` (every
    play record carries one)."""
    togo = "G" if ydstogo >= yardline_100 else str(ydstogo)
    spot = (_STANDARD_SPOTS[yardline_100] if field is STANDARD_FIELD and 0 <= yardline_100 <= 100
            else field.spot_text(yardline_100))
    return f"{period_clock(quarter, seconds_left)} {side_word(possession)} {down}&{togo} {spot}"
