"""What a 1st & Roll table shows: the score pad as a `Scoreboard` (score, the clock marker on its
track, the ball, the timeout magnets) and the dice (`sheet`)."""

from __future__ import annotations

from typing import Any

from scrimmage.core.field import Side
from scrimmage.core.scoreboard import Scoreboard, table_phase
from scrimmage.rules.roll.game import SCRIMMAGE, TRY, RollGame


def scoreboard(g: RollGame) -> Scoreboard:
    s = g.s
    snap = g.next == SCRIMMAGE
    period = ("1st half", "2nd half")[s.period - 1] if s.period <= 2 else f"OT{s.overtime}"
    return Scoreboard(
        names=dict(s.names), score=dict(s.score), period=period, qtr=s.qtr, clock=s.clock_text,
        possession=s.possession, down=s.down if snap else None,
        ydstogo=s.ydstogo if snap else None,
        yardline=s.yardline if snap or g.next == TRY else None,
        timeouts=dict(s.timeouts), over=s.over, phase=table_phase(g.playing, g.next), kicker=g.kicker)


def sheet(g: RollGame, seat: Side) -> list[str]:
    """The dice on the table (FR-2): the faces of each coloured die, offense and defense, and
    the timeouts left. A circled face rolls again (FR-16); FLAG is a penalty (FR-21)."""
    s = g.s
    lines = [f"{s.names[seat]}: timeouts left {s.timeouts[seat]}"]
    for unit, dice in (("offense", g.d.offense), ("defense", g.d.defense)):
        for colour, die in dice.items():
            lines.append(f"  {unit} {colour}: " + " ".join(f.label for f in die.faces))
    return lines


def board(g: RollGame) -> dict[str, Any]:
    """The table for a web page: every die's faces and the clock track with the marker."""
    s = g.s
    return {"kind": "roll",
            "dice": {unit: {colour: [f.label for f in die.faces] for colour, die in dice.items()}
                     for unit, dice in (("offense", g.d.offense), ("defense", g.d.defense))},
            "clock": {"track": list(s.track), "space": s.space, "two_minute": g.d.two_minute},
            "kick": list(g.d.kick), "penalty": list(g.d.penalty), "clock_die": list(g.d.clock)}
